"""Final scoring, the winner and tie-breaks and their vectors."""

import pytest

from asztal.games.caboose.frames import TURN
from asztal.games.caboose.scoring import city_awards, city_value, final_scoring, trains_around
from tests.caboose.scenario import give, scene, trains


def test_city_vector_four_players():
    """CC-TV-CITY-4P; CC-SCORE-CITY-03 first the value; CC-SCORE-CITY-04 second half of it rounded up;
    CC-SCORE-CITY-05 third half of the second rounded up."""
    assert city_awards(7, [4, 2, 1, 0], 4) == [7, 4, 2, 0]


def test_city_vector_three_players():
    """CC-TV-CITY-3P, CC-SCORE-CITY-06: no third place with 3 players."""
    assert city_awards(7, [4, 2, 1], 3) == [7, 4, 0]


def test_city_tie_vector():
    """CC-TV-CITY-TIE, CC-SCORE-CITY-07, CC-Q-19: tied players share the places they occupy, rounded up;
    the next player takes the following place; no train, no place."""
    assert city_awards(8, [3, 3, 0], 3) == [6, 6, 0]
    assert city_awards(7, [3, 3, 0], 3) == [6, 6, 0]  # 5.5 rounded up
    assert city_awards(8, [3, 3, 1, 0], 4) == [6, 6, 2, 0]  # third after a tie for first
    assert city_awards(8, [5, 2, 2, 0], 4) == [8, 3, 3, 0]  # tie for second: (4 + 2) / 2
    assert city_awards(9, [2, 2, 2, 0], 4) == [6, 6, 6, 0]  # (9 + 5 + 3) / 3 rounded up
    assert city_awards(9, [2, 2, 2], 3) == [5, 5, 5]  # (9 + 5) / 3 rounded up
    assert city_awards(9, [0, 0, 0], 3) == [0, 0, 0]


def test_city_value_and_surrounding_trains():
    """CC-SCORE-CITY-01 prestige + building tiles + pyramid; CC-SCORE-CITY-02, CC-Q-35 trains on the
    routes touching the city."""
    s = scene(4)
    pk = s.pk
    giza = pk.city_idx["giza"]
    t = s.prestige[giza]
    base = pk.prestige_dark[t] if pk.city_dark[giza] else pk.prestige_light[t]
    give(s, 0, buildings=["building-temple-2"], tiles_at="giza")
    s.pyr[giza] = pk.pyr_idx["pyramid-1"]
    assert city_value(s, giza) == base + 2 + 3
    trains(s, "r01", 0, 2)
    trains(s, "r07", 0, 1)
    trains(s, "r07", 1, 3)
    trains(s, "r08", 2, 4)  # faiyum-memphis does not touch Giza
    assert trains_around(s, giza) == [3, 3, 0, 0]


def _end(s):
    """Score the game now."""
    s.stack = (TURN,)  # phase B
    final_scoring(s)
    s.check_invariants()


def test_final_scoring_totals():
    """CC-SCORE-MONEY-01 1 VP per 3 money, money kept; CC-SCORE-BLDG-01 distinct building types;
    CC-SCORE-FRUIT-01 distinct fruits on played fruit cards; CC-SCORE-CITY-08, CC-R-08 each city scored once;
    CC-GOAL-02 most VP wins."""
    s = scene(3)
    for q in range(3):
        give(s, q, fruit=[], buildings=[], auction=[], city=[])
    give(s, 0, buildings=["building-temple-1", "building-temple-3", "building-obelisk-1", "building-sphinx-1"])
    give(s, 1, fruit=["fruit-01", "fruit-06", "fruit-15"])  # dates, figs, pomegranates, melons: 4 kinds
    s.money = [17, 2, 9]
    s.vp = [10, 10, 10]
    trains(s, "r07", 2, 1)  # seat 2 alone around Giza and Faiyum
    pk = s.pk
    giza, faiyum = pk.city_idx["giza"], pk.city_idx["faiyum"]
    _end(s)
    f = s.final
    assert f["money"] == [5, 0, 3] and s.money == [17, 2, 9]
    assert f["buildings"] == [6, 0, 0]  # temple, temple, obelisk, sphinx: 3 types
    assert f["fruit"] == [0, 14, 0]
    assert f["cities"] == [0, 0, city_value(s, giza) + city_value(s, faiyum)]
    assert s.vp == [10 + 5 + 6, 10 + 14, 10 + 3 + f["cities"][2]]
    assert s.scores() == [float(v) for v in s.vp]
    assert s.winners() == [max(range(3), key=lambda q: s.vp[q])]
    assert s.is_over and s.outcome()["final"] is f
    assert [c["vp"][2] for c in f["per_city"] if c["city"] in ("giza", "faiyum")] == [
        city_value(s, giza), city_value(s, faiyum)]
    assert sum(sum(c["vp"]) for c in f["per_city"]) == sum(f["cities"])


def test_set_vectors():
    """CC-TV-SETS, CC-Q-20 (types counted once), CC-Q-21 (every fruit on a card counts)."""
    s = scene(3)
    for q in range(3):
        give(s, q, fruit=[], buildings=[])
    give(s, 0, buildings=["building-temple-1", "building-temple-3", "building-obelisk-1", "building-sphinx-1"])
    give(s, 2, fruit=["fruit-01", "fruit-06", "fruit-02"])  # F1, F1+F2, F2 -> 2 kinds
    give(s, 1, fruit=["fruit-06", "fruit-13", "fruit-05"])  # all five
    _end(s)
    assert s.final["buildings"][0] == 6 and s.final["fruit"] == [0, 20, 5]
    t = scene(3)
    give(t, 0, buildings=["building-temple-1", "building-obelisk-1", "building-sphinx-1", "building-palace-1",
                          "building-granary-1"])
    _end(t)
    assert t.final["buildings"][0] == 15


def test_money_vector():
    """CC-TV-MONEY: 17 money -> 5 VP, 2 money -> 0 VP."""
    s = scene(3)
    for q in range(3):
        give(s, q, fruit=[], buildings=[])
    s.money = [17, 2, 0]
    _end(s)
    assert s.final["money"] == [5, 0, 0]


@pytest.mark.parametrize("hands,gods,winner", [((3, 2), (5, 2), 0), ((2, 2), (5, 2), 1)])
def test_tiebreak_vector(hands, gods, winner):
    """CC-TV-TIEBREAK; CC-WIN-01 most VP; CC-WIN-02 then money; CC-WIN-03 then cards in hand;
    CC-WIN-04, CC-Q-30 then the lower god held in the last round."""
    s = scene(3)
    for q in range(3):
        give(s, q, fruit=[], buildings=[], auction=[], city=[])
    give(s, 0, city=["city-giza-1", "city-giza-2", "city-giza-3"][:hands[0]])
    give(s, 1, city=["city-siwa-1", "city-siwa-2", "city-siwa-3"][:hands[1]])
    s.money = [7, 7, 0]
    s.god = [gods[0], gods[1], 7]
    s.stack = (TURN,)  # phase B
    s.order = (1, 0, 2)
    final_scoring(s)
    s.vp = [40, 40, 10]
    assert s.winners() == [winner]
    s.money = [7, 8, 0]
    assert s.winners() == [1]  # money first
    s.vp = [41, 40, 10]
    assert s.winners() == [0]
