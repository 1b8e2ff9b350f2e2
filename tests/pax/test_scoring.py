"""Determining the winner (Győztes) and final scoring, with the book's example."""

import random

import pytest
from rich.console import Console

from asztal.games.pax.board import scoring
from asztal.games.pax.render import _result as render_result
from asztal.games.pax.scoring import bonus_armies, bonus_fleets, final_result, totals
from tests.pax.scenario import build

# category order: wealth, fleet, army, religion, senator, estate, conspiracy
ROME = [1, 4, 3, 1, 2, 2, 1]
LIVINIA = [3, 3, 1, 3, 0, 3, 0]
DECIMUS = [1, 0, 3, 1, 1, 0, 3]


def cards_of(symbols):
    """One card per symbol is enough for these pure checks (card counts matter only for
    'categories played')."""
    return [1 if x else 0 for x in symbols]


def test_book_scoring_example_numbers():
    """PAX-EX-SCORING: Rome holds Senator, Fleet, Army (3); the players win; Livinia 24, Decimus 22."""
    r = final_result(ROME, [LIVINIA, DECIMUS], [cards_of(LIVINIA), cards_of(DECIMUS)],
                     money=[3, 5], hand_sizes=[1, 0], pc_holder=1)
    assert r["rome_totals"]["fleet"] == 5 and r["rome_totals"]["army"] == 4  # PAX-WIN-02
    assert r["rome_holds"] == ["fleet", "army", "senator"]
    assert not r["rome_won"] and r["points"] == [24, 22] and r["winners"] == [0]
    liv, dec = r["breakdown"]
    assert (liv["categories_played"], liv["fleet_and_army"], liv["stronger_than_rome"]) == (10, 5, 9)
    assert liv["stronger_in"] == ["wealth", "religion", "estate"] and dec["stronger_in"] == ["conspiracy"]
    assert (dec["categories_played"], dec["fleet_and_army"], dec["stronger_than_rome"],
            dec["primus_conspiratus"], dec["most_money"]) == (10, 4, 3, 1, 4)


def test_book_scoring_example_counterfactual_rome_wins():
    """PAX-EX-SCORING (had Rome won, Decimus would win as Primus Conspiratus holder), PAX-WIN-04."""
    rome = [4, 4, 3, 4, 2, 2, 1]  # Rome now also holds Wealth and Religion: 5 categories
    r = final_result(rome, [LIVINIA, DECIMUS], [cards_of(LIVINIA), cards_of(DECIMUS)],
                     money=[3, 5], hand_sizes=[1, 0], pc_holder=1)
    assert r["rome_won"] and r["winners"] == [1]


def test_book_scoring_example_played_through_the_engine():
    """PAX-EX-SCORING, PAX-WIN-01 (Rome's hidden cards revealed and added), PAX-WIN-03: the same
    tableaux as real cards, ending a game by the rules."""
    s = build(2, phase="play", to_move=1, turns_taken=1, deck_ran_out=True, primus_conspiratus=1,
              tableaux=[["wealth*2", "wealth", "fleet*2", "fleet", "army", "religion*2", "religion",
                         "estate*2", "estate"],
                        ["wealth", "army*2", "army", "religion", "senator", "conspiracy*2", "conspiracy"]],
              rome=["senator", "senator", "fleet*2", "fleet*2", "army*2", "army", "estate*2"],
              rome_hidden=["religion", "wealth", "conspiracy"],
              hands=[["senator-10"], []], money=[3, 3], hand_public=[])
    assert s.view(0)["rome"]["symbols"]["religion"] == 0, "the hidden cards count only at the end"
    s.apply("done")  # Decimus plays nothing: base income 2 -> 5 Aureus; the round and the game end
    assert s.is_over and s.money == [3, 5]
    assert s.scores() == [24.0, 22.0] and s.winners() == [0]
    assert s.view(1)["rome"]["hidden"] is not None and s.outcome()["rome_won"] is False


@pytest.mark.parametrize("fleet,armies", [(2, 0), (3, 1), (5, 1), (6, 2)])
def test_bonus_armies_from_fleet(fleet, armies):
    """PAX-FLT-01, PAX-TV-BONUS: Fleet 2 -> 0, 3 -> 1, 5 -> 1, 6 -> 2 bonus Armies."""
    assert bonus_armies(fleet) == armies


def test_bonus_fleets_from_army():
    """PAX-ARM-01, PAX-TV-BONUS: Army 7 -> 2 bonus Fleets."""
    assert bonus_fleets(7) == 2 and bonus_fleets(2) == 0


def test_bonuses_do_not_chain():
    """PAX-Q-15: bonuses come from played symbols only: Fleet 3, Army 2 -> Army 3 but no bonus Fleet."""
    assert totals([0, 3, 2, 0, 0, 0, 0])[1:3] == [3, 3]


def test_rome_needs_four_categories_at_least_equal_to_every_player():
    """PAX-WIN-03, PAX-WIN-04, PAX-TV-WINCHECK: Rome equals the best in Senator and Religion, exceeds
    in Fleet and Army, is beaten in the other 3: Rome wins, with the Primus Conspiratus holder."""
    rome = [0, 3, 3, 2, 2, 0, 0]
    a = [1, 2, 1, 2, 0, 2, 1]
    b = [0, 1, 2, 1, 2, 1, 2]
    r = final_result(rome, [a, b], [cards_of(a), cards_of(b)], [5, 5], [0, 0], pc_holder=1)
    assert r["rome_holds"] == ["fleet", "army", "religion", "senator"] and r["rome_won"] and r["winners"] == [1]
    # the end screens say why the lower score wins (terminal panel, browser table title)
    assert r["points"][1] < r["points"][0]
    view = {"result": r, "tableaux": []}
    for lang, said in (("hu", "ha Róma nyer, a pontok nem számítanak"), ("en", "when Rome wins, points do not count")):
        text = Console(width=200, record=True)
        text.print(render_result(view, r, lang))
        assert said in " ".join(text.export_text().split())
        assert said in scoring(view, lang)["title"]


def test_players_win_with_four_categories():
    """PAX-WIN-05: in 4 categories some player beats Rome: the players win, most points wins."""
    rome = [0, 3, 3, 2, 1, 0, 0]
    a = [1, 2, 1, 2, 2, 2, 1]
    r = final_result(rome, [a, [0] * 7], [cards_of(a), [0] * 7], [5, 5], [0, 0], pc_holder=0)
    assert not r["rome_won"] and r["winners"] == [0]


def test_exactly_one_side_wins():
    """PAX-WIN-06: with 7 categories either Rome holds 4+ or the players take 4+."""
    rnd = random.Random(5)
    for _ in range(300):
        rome = [rnd.randrange(5) for _ in range(7)]
        ps = [[rnd.randrange(5) for _ in range(7)] for _ in range(3)]
        r = final_result(rome, ps, [cards_of(p) for p in ps], [1, 2, 3], [0, 0, 0], pc_holder=None)
        taken = sum(1 for k in range(7) if any(totals(p)[k] > totals(rome)[k] for p in ps))
        assert r["rome_won"] == (len(r["rome_holds"]) >= 4) == (taken < 4)


def test_rome_wins_without_a_conspirator_nobody_wins():
    """PAX-Q-06: Rome wins and nobody holds Primus Conspiratus: no player wins."""
    r = final_result([5] * 7, [[1] * 7, [1] * 7], [[1] * 7] * 2, [5, 5], [0, 0], pc_holder=None)
    assert r["rome_won"] and r["winners"] == []


def test_tied_points_share_the_victory():
    """PAX-Q-07: no tie-break: equal top points all win."""
    p = [2, 0, 0, 2, 2, 2, 0]
    r = final_result([0] * 7, [p, p], [cards_of(p)] * 2, [5, 5], [0, 0], pc_holder=None)
    assert r["points"][0] == r["points"][1] and r["winners"] == [0, 1]


def test_score_parts():
    """PAX-SCORE-01 (2 per category played), PAX-SCORE-02 (3 per category stronger than Rome, several
    players may score it), PAX-SCORE-03 (1 per Army and Fleet incl. bonuses), PAX-SCORE-04 (1 for
    Primus Conspiratus)."""
    rome = [0, 0, 0, 0, 0, 0, 0]
    a = [1, 3, 0, 0, 0, 3, 1]
    b = [1, 0, 0, 0, 0, 0, 0]
    r = final_result(rome, [a, b], [cards_of(a), cards_of(b)], [0, 9], [0, 0], pc_holder=0)
    pa, pb = r["breakdown"]
    assert pa["categories_played"] == 8 and pa["stronger_than_rome"] == 3 * 5
    assert "wealth" in pa["stronger_in"] and "wealth" in pb["stronger_in"]
    assert pa["fleet_and_army"] == 3 + 1 and pa["primus_conspiratus"] == 1 and pb["primus_conspiratus"] == 0
    assert pa["most_money"] == 0 and pb["most_money"] == 4  # PAX-SCORE-05
    assert r["points"] == [8 + 15 + 4 + 1, 2 + 3 + 4], "the points are the sum of the parts"


def test_bonus_only_fleet_is_not_a_played_category():
    """PAX-Q-14: 2 points only for categories with cards; a Fleet that exists only as a bonus is not one."""
    d = [0, 0, 3, 0, 0, 3, 0]
    r = final_result([0] * 7, [d], [cards_of(d)], [0], [0], pc_holder=None)
    assert r["player_totals"][0]["fleet"] == 1 and r["breakdown"][0]["categories_played"] == 4


def test_money_hand_cards_count_one_each_and_ties_all_score():
    """PAX-SCORE-05, PAX-SCORE-06, PAX-Q-02, PAX-TV-MONEYTIE: A 5 Aureus + 0 cards, B 3 Aureus + 2 cards
    (printed 3 and 4, counted 1 each) -> both 5 -> both get 4 points."""
    z = [0] * 7
    r = final_result(z, [z, z, z], [z, z, z], money=[5, 3, 4], hand_sizes=[0, 2, 0], pc_holder=None)
    assert [b["most_money"] for b in r["breakdown"]] == [4, 4, 0]
    assert [b["money"] for b in r["breakdown"]] == [5, 5, 4]


def test_money_tie_through_the_engine():
    """PAX-TV-MONEYTIE, PAX-Q-02: hand cards worth 3 and 4 still count as 1 each at the end."""
    s = build(2, phase="play", to_move=1, turns_taken=1, deck_ran_out=True,
              hands=[[], ["estate$3", "fleet$4"]], money=[5, 1])
    s.apply("done")
    assert s.money == [5, 3]
    assert [b["money"] for b in s.final()["breakdown"]] == [5, 5]
    assert [b["most_money"] for b in s.final()["breakdown"]] == [4, 4]
