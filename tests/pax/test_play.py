"""Playing cards and collecting income (Kártyák kijátszása + bevétel), the Fleet/Army limit
(Birtok, Cselszövés), Senator and Primus Conspiratus."""

import pytest

from asztal.engine import IllegalAction
from asztal.games.pax.frames import Stage
from asztal.games.pax.pack import CARD_IDS
from tests.pax.scenario import build, codes, events


def at_play(players=2, **kw):
    """Seat 0 has drawn and bought; it is deciding what to play (phase "play")."""
    return build(players, phase="play", **kw)


def finish(s, seat=0):
    """End the play step with ``done`` unless the turn already ended by itself (PAX-R-03:
    with nothing playable left the engine collects the income at once)."""
    if s.stage == Stage.PLAY and s.to_move == seat:
        s.apply("done")


def play(s, *cards):
    for c in cards:
        s.apply(f"play:card={c}")


def test_play_cards_from_hand_into_the_tableau():
    """PAX-PLAY-01, PAX-PLAY-03: played cards lie face up by category, symbols public."""
    s = at_play(hands=[["wealth-01", "religion-08"], []])
    play(s, "religion-08")
    assert [CARD_IDS[c] for c in s.hands[0]] == ["wealth-01"], "the card left the hand"
    v = s.view(1)["tableaux"][0]
    assert [c["id"] for c in v["tableau"]] == ["religion-08"] and v["symbols"]["religion"] == 2


@pytest.mark.parametrize("k,total", [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10)])
def test_play_cost_first_free_then_one_two_three(k, total):
    """PAX-PLAY-02, PAX-TV-PLAYCOST: the k-th card costs k-1: 0, 0, 1, 3, 6, 10 in total."""
    hand = ["wealth", "religion", "senator", "estate", "conspiracy"][:k] + ["wealth-10"]
    s = at_play(hands=[hand, []], money=[20, 5])
    bank = s.bank
    for c in s.hands[0][:k]:
        s.apply(f"play:card={CARD_IDS[c]}")
    assert 20 - s.money[0] == total and s.bank - bank == total


def test_cannot_play_what_you_cannot_pay_before_income():
    """PAX-PLAY-06, PAX-Q-20: the play cost is paid from the money held before this turn's income."""
    s = at_play(hands=[["wealth", "religion", "senator"], []], money=[1, 5])
    play(s, "wealth-01")  # free
    assert "play:card=religion-01" in codes(s)  # costs 1: affordable
    play(s, "religion-01")  # pays 1, money 0: the Senator would cost 2
    assert s.to_move == 1, "with nothing affordable left the turn ends at once (PAX-R-03)"
    assert s.money[0] == 0 + 1, "income 1 (new categories) arrives only after playing"


def test_play_example_wealth_and_estate():
    """PAX-EX-PLAY, PAX-INC-01, PAX-INC-02: 2 Wealth + 1 Estate before; play Wealth + Estate:
    cost 1, income 3 from Wealth (3 cards); net +2."""
    s = at_play(tableaux=[["wealth", "wealth", "estate"], []], hands=[["wealth", "estate"], []], money=[5, 5])
    play(s, "wealth-01", "estate-01")  # the hand's cards (patterns pick hands first)
    finish(s)
    assert s.money[0] == 5 - 1 + 3
    assert events(s, "pax.income")[-1]["amount"] == 3


def test_new_category_single_card_income_one():
    """PAX-EX-NEWCAT, PAX-INC-04, PAX-INC-03: one card into a new category: cost 0, income 1."""
    s = at_play(tableaux=[["wealth"] * 4, []], hands=[["fleet-01", "estate"], []], money=[2, 5])
    play(s, "estate-01")
    finish(s)
    assert s.money[0] == 3


def test_income_counts_cards_not_symbols():
    """PAX-INC-03, PAX-SYM-01: two 2-symbol Estates are 2 cards: income 2, though 4 symbols."""
    s = at_play(tableaux=[["estate*2"], []], hands=[["estate*2", "wealth"], []], money=[5, 5])
    play(s, "estate-09")
    finish(s)
    assert s.money[0] == 7


def test_income_only_from_categories_added_this_turn():
    """PAX-INC-02, PAX-Q-01: the strongest category *that got a card now*, not the strongest overall."""
    s = at_play(tableaux=[["wealth"] * 5, []], hands=[["religion", "senator-10"], []], money=[5, 5])
    play(s, "religion-01")
    finish(s)
    assert s.money[0] == 5 + 1


def test_base_income_when_nothing_is_played():
    """PAX-INC-07, PAX-TURN-04, PAX-TV-INCOME (draw, buy, play nothing -> 2)."""
    s = at_play(hands=[["wealth"], []], money=[5, 5])
    finish(s)
    assert s.money[0] == 7 and s.to_move == 1


@pytest.mark.parametrize("tableau,hand,played,cost,income", [
    ([], ["senator"], ["senator-01"], 0, 2),  # first Senator: 1 + 1
    (["religion"] * 4 + ["senator"], ["religion", "senator"], ["religion-01", "senator-01"], 1, 6),
    (["wealth"] * 3, ["conspiracy", "wealth"], ["conspiracy-01", "wealth-01"], 1, 0),
])
def test_income_vectors(tableau, hand, played, cost, income):
    """PAX-TV-INCOME, PAX-INC-05 + PAX-SEN-01 (+1 for a Senator however many), PAX-INC-06 + PAX-CON-02
    (a Conspiracy card: no income at all)."""
    s = at_play(tableaux=[tableau, []], hands=[hand + ["fleet-10"], []], money=[5, 5])
    play(s, *played)
    finish(s)
    assert s.money[0] == 5 - cost + income


def test_senator_bonus_is_cancelled_by_conspiracy():
    """PAX-SEN-02: Senator and Conspiracy in the same turn: no income."""
    s = at_play(hands=[["senator", "conspiracy", "fleet-10"], []], money=[5, 5])
    play(s, "senator-01", "conspiracy-01")
    finish(s)
    assert s.money[0] == 4


def test_senator_bonus_once_however_many_senators():
    """PAX-SEN-01: two Senators played: +1, not +2 (income = 2 Senator cards + 1)."""
    s = at_play(hands=[["senator", "senator", "fleet-10"], []], money=[5, 5])
    play(s, "senator-01", "senator-02")
    finish(s)
    assert s.money[0] == 5 - 1 + 3


def test_fleet_army_limit_from_estate_or_conspiracy():
    """PAX-LIM-01, PAX-PLAY-04, PAX-CON-01: at most L Fleet and L Army symbols, L = max(Estate, Conspiracy)."""
    s = at_play(tableaux=[["estate"], []], hands=[["fleet", "fleet", "army*2", "army"], []], money=[9, 5])
    assert codes(s) == ["play:card=fleet-01", "play:card=fleet-02", "play:card=army-01", "done"]
    play(s, "fleet-01")
    assert "play:card=fleet-02" not in codes(s), "Fleet is at its limit of 1"
    assert "play:card=army-01" in codes(s), "the limit applies to Fleet and Army separately (PAX-LIM-03)"
    s = at_play(tableaux=[["conspiracy*2"], []], hands=[["fleet*2", "army*2", "army"], []], money=[9, 5],
                primus_conspiratus=0)
    assert codes(s) == ["play:card=fleet-08", "play:card=army-08", "play:card=army-01", "done"], \
        "Conspiracy symbols raise the limit too (PAX-CON-01)"


def test_limit_is_the_larger_not_the_sum():
    """PAX-LIM-02, PAX-EX-LIMIT: 3 Estate + 4 Conspiracy symbols: at most 4 Army and 4 Fleet, not 7."""
    s = at_play(tableaux=[["estate*2", "estate", "conspiracy*2", "conspiracy*2", "army*2", "army"], []],
                hands=[["army", "army-09"], []], money=[9, 5], primus_conspiratus=0)
    assert s.view(0)["tableaux"][0]["limit"] == 4
    assert codes(s) == ["play:card=army-01", "done"]
    play(s, "army-01")
    assert s.sym[2] == 4 and s.to_move == 1, "Army at the limit of 4: nothing left to play"
    s = at_play(tableaux=[["estate*2", "estate", "conspiracy*2", "conspiracy*2", "fleet*2", "fleet"], []],
                hands=[["fleet", "fleet*2"], []], money=[9, 5], primus_conspiratus=0)
    assert codes(s) == ["play:card=fleet-01", "done"], "Fleet: 3 + 1 = 4 allowed, 3 + 2 = 5 is not"
    play(s, "fleet-01")
    assert s.sym[1] == 4 and s.to_move == 1, "Fleet at the limit of 4 (not 7)"


def test_limit_counts_symbols_and_this_turns_estates():
    """PAX-LIM-03, PAX-Q-04: symbols count; an Estate played earlier in the same turn raises the limit."""
    s = at_play(hands=[["fleet*2", "estate*2"], []], money=[5, 5])
    assert codes(s) == ["play:card=estate-09", "done"], "a 2-symbol Fleet needs a limit of 2"
    play(s, "estate-09")
    assert codes(s) == ["play:card=fleet-08", "done"]


def test_limit_does_not_cap_bonuses():
    """PAX-LIM-04, PAX-FLT-02, PAX-ARM-02: 3 Fleet symbols with limit 3 still give a bonus Army beyond it."""
    s = at_play(tableaux=[["estate*2", "estate", "fleet*2", "fleet", "army*2", "army"], []],
                hands=[["wealth"], []])
    v = s.view(0)["tableaux"][0]
    assert v["limit"] == 3 and v["bonus_armies"] == 1 and v["bonus_fleets"] == 1
    s.check_invariants()
    totals = s.compute_result()["player_totals"][0]
    assert totals["fleet"] == totals["army"] == 4 > v["limit"], "the bonuses count beyond the limit"


def test_primus_conspiratus_to_the_first_conspirator():
    """PAX-CON-03, PAX-Q-05: the first player with more Conspiracy symbols than everybody takes it."""
    s = at_play(hands=[["conspiracy", "wealth"], []])
    assert s.pc == -1
    play(s, "conspiracy-01")
    assert s.pc == 0 and s.view(1)["primus_conspiratus"] == 0
    assert events(s, "pax.primus_conspiratus")


def test_primus_conspiratus_moves_only_to_strictly_more_symbols():
    """PAX-CON-04, PAX-Q-05: it changes hands at once when another player has *more* Conspiracy
    symbols (a tie keeps it with the holder); it adds no symbol itself."""
    s = at_play(3, to_move=1, tableaux=[["conspiracy*2"], [], []], primus_conspiratus=0,
                hands=[[], ["conspiracy", "conspiracy", "conspiracy*2"], []], money=[5, 9, 5])
    play(s, "conspiracy-01")
    assert s.pc == 0
    play(s, "conspiracy-02")
    assert s.sym[7 + 6] == 2 and s.pc == 0, "2 symbols against 2: a tie keeps it with the holder"
    play(s, "conspiracy-09")
    assert s.sym[7 + 6] == 4 and s.pc == 1, "4 against 2: more, so it moves at once, mid-turn"


def test_primus_conspiratus_holder_starts_next_round():
    """PAX-CON-05, PAX-NEWR-01: the holder becomes start player of the next round."""
    s = at_play(2, to_move=1, turns_taken=1, start_player=0, hands=[[], ["conspiracy", "wealth"]])
    play(s, "conspiracy-01")
    finish(s, seat=1)
    assert s.round_no == 2 and s.primus == 1 and s.to_move == 1
    assert events(s, "pax.start_player")[-1]["seat"] == 1


def test_played_cards_stay():
    """PAX-PLAY-05: nothing removes a card from a tableau; the rest of the game keeps it."""
    s = at_play(hands=[["wealth", "estate"], []])
    play(s, "wealth-01")
    finish(s)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
        assert 0 in s.tableau[0]


def test_refusal_explains_the_limit_and_the_cost():
    """PAX-PLAY-04, PAX-LIM-03, PAX-PLAY-06: the refusal says why, with the rule behind it."""
    s = at_play(hands=[["fleet", "wealth", "religion"], []], money=[0, 5])
    with pytest.raises(IllegalAction) as e:
        s.apply("play:card=fleet-01")
    r = e.value.refusal
    assert r.key == "pax.no.play.fleet_limit" and r.rule == "PAX-LIM-03"
    assert "at most 0 Fleet symbols" in s.game.describe_refusal(r, "en")
    assert "legfeljebb 0 flottajeled" in s.game.describe_refusal(r, "hu")
    play(s, "wealth-01")
    assert s.to_move == 1, "nothing affordable: the turn ends"
    s = at_play(hands=[["religion", "senator"], []], money=[1, 5], turn={"played": 2})
    assert codes(s) == ["done"]
    with pytest.raises(IllegalAction) as e:
        s.apply("play:card=religion-01")
    assert e.value.refusal.rule == "PAX-PLAY-06"
    assert s.game.describe_refusal(e.value.refusal, "en") == \
        "Playing the next card costs 2 Aureus and you have only 1."
