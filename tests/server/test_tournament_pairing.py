"""Tournament pairing and scoring (pure): the properties docs/tournaments.md promises players."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from asztal.server.tournament.pairing import (
    layout,
    met_pairs,
    pairs_of,
    round_robin,
    rounds_bound,
    swiss,
)
from asztal.server.tournament.scoring import (
    Result,
    forfeit_places,
    placement_points,
    places,
    standings,
)

#: (table size, the game's fewest players) of the three games: PAX 2-4, Caboose 3-5, PocketCiv 2-4
SIZES = [(2, 2), (3, 2), (4, 2), (3, 3), (4, 3), (5, 3)]


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def one_table_each(tables) -> bool:
    seated = [p for t in tables for p in t if p is not None]
    return len(seated) == len(set(seated))


# -- layout ----------------------------------------------------------------------------


@given(st.integers(2, 40), st.sampled_from(SIZES))
def test_layout_seats_everyone_at_tables_the_game_allows(n, shape):
    size, low = shape
    tables = layout(n, size, low)
    assert sum(h for h, _ in tables) == n
    assert all(low <= h + b <= size for h, b in tables)
    assert max(h for h, _ in tables) - min(h for h, _ in tables) <= 1
    assert all(b == 0 or h + b == low for h, b in tables)  # bots only up to the game's minimum


def test_odd_fields_give_a_smaller_table_or_a_bot_seat():
    assert layout(7, 2, 2) == [(2, 0), (2, 0), (2, 0), (1, 1)]   # PAX of 2: one plays a bot
    assert layout(7, 3, 2) == [(3, 0), (2, 0), (2, 0)]           # PAX of 3: two smaller tables
    assert layout(7, 3, 3) == [(3, 0), (2, 1), (2, 1)]           # Caboose of 3: two bot seats
    assert layout(8, 4, 3) == [(4, 0), (4, 0)]


# -- Swiss ------------------------------------------------------------------------------


def play_swiss(n: int, size: int, low: int, rounds: int) -> list[list[tuple]]:
    history: list[list[tuple]] = []
    order = names(n)
    for r in range(rounds):
        history.append(swiss(order, history, size, low))
        order = order[r % n:] + order[:r % n]  # a different standing each round
    return history


def repeat_free_seating_exists(players, sizes, met) -> bool:
    """Brute force: can ``players`` sit at tables of ``sizes`` with no pair in ``met``?"""
    if not sizes:
        return True
    head, rest = players[0], players[1:]
    for mates in itertools.combinations(rest, sizes[0] - 1):
        table = (head, *mates)
        if any(pair in met for pair in pairs_of(table)):
            continue
        if repeat_free_seating_exists([p for p in rest if p not in mates], sizes[1:], met):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.sampled_from(SIZES), st.integers(1, 5), st.randoms(use_true_random=False))
def test_swiss_no_player_twice_no_repeat_while_avoidable_deterministic(n, shape, rounds, rnd):
    size, low = shape
    history: list[list[tuple]] = []
    order = names(n)
    for _ in range(rounds):
        tables = swiss(order, history, size, low)
        assert tables == swiss(order, history, size, low)  # the same input, the same tables
        assert one_table_each(tables)
        assert sorted(p for t in tables for p in t if p is not None) == sorted(order)
        met = met_pairs(history)
        repeats = [pair for t in tables for pair in pairs_of(t) if pair in met]
        if repeats and not any(b for _, b in layout(n, size, low)):
            sizes = [h for h, _ in layout(n, size, low)]
            assert not repeat_free_seating_exists(order, sizes, met), (order, history, tables)
        history.append(tables)
        rnd.shuffle(order)


def test_swiss_tables_form_within_score_groups():
    # round 2 of 8 at tables of 2: the winners of round 1 meet winners
    history = [swiss(names(8), [], 2, 2)]
    assert history[0] == [("p00", "p01"), ("p02", "p03"), ("p04", "p05"), ("p06", "p07")]
    order = ["p00", "p02", "p04", "p06", "p01", "p03", "p05", "p07"]
    assert swiss(order, history, 2, 2) == [("p00", "p02"), ("p04", "p06"), ("p01", "p03"), ("p05", "p07")]


def test_bot_seats_go_round_the_lowest_placed():
    history: list[list[tuple]] = []
    had: list[str] = []
    order = names(7)
    for _ in range(7):
        tables = swiss(order, history, 2, 2)
        (alone,) = [t[0] for t in tables if None in t]
        assert alone not in had  # nobody plays the bot twice while someone has not
        had.append(alone)
        history.append(tables)
    assert had[0] == "p06"  # the first bot seat: the lowest in the order


# -- round-robin ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.sampled_from(SIZES))
def test_round_robin_covers_every_pair_one_table_a_round(n, shape):
    size, low = shape
    players = names(n)
    rounds = round_robin(players, size, low)
    assert rounds == round_robin(players, size, low)
    assert met_pairs(rounds) == {frozenset(p) for p in itertools.combinations(players, 2)}
    for tables in rounds:
        assert one_table_each(tables)
        assert sorted(p for t in tables for p in t if p is not None) == players
        assert sorted((sum(p is not None for p in t), sum(p is None for p in t)) for t in tables) == sorted(
            layout(n, size, low))
    assert len(rounds) >= rounds_bound(n, size)


def test_circle_method_is_exact_at_tables_of_two():
    assert len(round_robin(names(8), 2, 2)) == 7
    rounds = round_robin(names(7), 2, 2)
    assert len(rounds) == 7
    # every pair exactly once, and each player plays the bot once
    pairs = [pair for tables in rounds for t in tables for pair in pairs_of(t)]
    assert len(pairs) == len(set(pairs)) == 21
    assert sorted(t[0] for tables in rounds for t in tables if None in t) == names(7)


def test_round_robin_of_six_at_tables_of_three_takes_four_rounds():
    # three rounds cannot do it: after any first round, a round of two triples seats at most
    # four of the nine pairs across its two tables, so two more rounds leave one unmet
    assert len(round_robin(names(6), 3, 3)) == 4


def test_round_robin_rounds_for_club_fields():
    # the measured schedules (docs/tournaments.md quotes them): field, table size -> rounds
    measured = {(n, k): len(round_robin(names(n), k, 2)) for n in (6, 8, 9, 10, 12) for k in (3, 4)}
    for (n, k), r in measured.items():
        assert rounds_bound(n, k) <= r <= 2 * rounds_bound(n, k), (n, k, r)


# -- scoring --------------------------------------------------------------------------------


def test_placement_points_spread_evenly_and_ties_share():
    assert placement_points([1, 2]) == [1, 0]
    assert placement_points([1, 1]) == [Fraction(1, 2)] * 2
    assert placement_points([1, 2, 3, 4]) == [1, Fraction(2, 3), Fraction(1, 3), 0]
    assert placement_points([1, 2, 2, 4]) == [1, Fraction(1, 2), Fraction(1, 2), 0]
    assert placement_points([2, 1, 3]) == [Fraction(1, 2), 1, 0]


@given(st.lists(st.integers(0, 5), min_size=2, max_size=5))
def test_points_of_a_table_always_add_up_to_half_its_size(scores):
    pts = placement_points(places(scores))
    assert sum(pts) == Fraction(len(scores), 2)
    assert all(0 <= p <= 1 for p in pts)


def test_places_put_winners_first_then_scores():
    assert places([10, 12, 12, 3]) == [3, 1, 1, 4]
    assert places([10, 12, 9], winners=[0]) == [1, 2, 3]  # a game may decide its winner by more than score
    assert forfeit_places([30, 10, 20], out=[0]) == [3, 2, 1]


def result(table, scores, winners=()):
    return Result(tuple(table), tuple(places(scores, winners)), tuple(float(s) for s in scores))


def test_swiss_standings_break_ties_by_buchholz_then_head_to_head_then_game_points():
    # a and c both have 1 point; a beat b (who then won), c beat d (who then lost)
    res = [result(("a", "b"), [5, 3]), result(("c", "d"), [5, 3]),
           result(("a", "c"), [1, 4]), result(("b", "d"), [6, 2])]
    s = standings(["a", "b", "c", "d"], res, swiss=True)
    assert [x.player for x in s] == ["c", "a", "b", "d"]
    assert [x.points for x in s] == [2, 1, 1, 0]
    # a and b: 1 point each; a's opponents b (1) and c (2) = 3, b's opponents a (1) and d (0) = 1
    assert s[1].buchholz == 3 and s[2].buchholz == 1


def test_round_robin_standings_use_head_to_head_then_game_points():
    res = [result(("a", "b", "c"), [9, 5, 1]), result(("a", "b", "c"), [2, 7, 6]),
           result(("a", "b", "c"), [4, 4, 8])]
    s = standings(["a", "b", "c"], res, swiss=False)
    # points: a 1 + 0 + 1/4 = 5/4, b 1/2 + 1 + 1/4 = 7/4... c 0 + 1/2 + 1 = 3/2
    assert [(x.player, x.points) for x in s] == [("b", Fraction(7, 4)), ("c", Fraction(3, 2)),
                                                ("a", Fraction(5, 4))]
    tied = [result(("a", "b"), [1, 0]), result(("a", "b"), [0, 2])]
    s = standings(["a", "b"], tied, swiss=False)
    assert [x.player for x in s] == ["b", "a"]  # one win each, head-to-head even: b's 2 game points beat a's 1
    assert [x.rank for x in s] == [1, 2]
    even = [result(("a", "b"), [1, 1])]
    assert [x.rank for x in standings(["a", "b"], even, swiss=False)] == [1, 1]


def test_bots_score_nobody_and_are_nobodys_table_mates():
    res = [result(("a", None), [3, 5]), result(("b", "c"), [4, 1])]
    s = {x.player: x for x in standings(["a", "b", "c"], res, swiss=True)}
    assert s["a"].points == 0 and s["a"].games == 1 and s["a"].buchholz == 0
    assert s["b"].points == 1 and s["c"].buchholz == 1
