"""The engine's own rulings (docs/rules/pax.md, PAX-R-*)."""

import pytest

from asztal import games
from asztal.games.pax.pack import BANK_START, CARD_IDS
from tests.pax.scenario import build, codes

GAME = games.load("pax")


def test_limit_checked_per_card_reaches_every_batch():
    """PAX-R-01: an Estate played first in the turn opens the limit for a Fleet in the same turn,
    and the total cost is the same whatever the order."""
    s = build(2, phase="play", hands=[["fleet", "estate", "wealth"], []], money=[9, 5])
    assert "play:card=fleet-01" not in codes(s)
    s.apply("play:card=estate-01")
    s.apply("play:card=fleet-01")
    assert s.money[0] == 9 - 1 and s.sym[1] == 1


def test_setup_keep_order_and_slid_cards_order():
    """PAX-R-02: keeps go clockwise from the start player; the cards not kept go under the deck in
    the order drawn; the Legions are dealt after the last keep."""
    s = GAME.new_game(2, seed=12, options={"start": 1})
    assert s.to_move == 1 and all(g == () for g in s.legions)
    first = s.hands[1]  # start player: 2 cards
    s.apply(f"keep:card={CARD_IDS[first[0]]}")
    assert s.deck[0] == first[1] and s.to_move == 0
    second = s.hands[0]  # 3 cards
    s.apply(f"keep:card={CARD_IDS[second[2]]}")
    assert s.deck[:3] == [second[1], second[0], first[1]]
    assert all(len(g) == 1 for g in s.legions) and s.to_move == 1


def test_steps_without_a_choice_are_skipped():
    """PAX-R-03: no affordable group: no buy step; nothing playable: the turn ends with income."""
    s = build(2, money=[0, 5], legions=[["wealth$4"], [], []], hands=[["fleet"], []],
              deck_top=["army*2", "fleet*2", "fleet-09"])
    s.apply("draw")
    s.apply("place:card=army-08,to=bottom")
    s.apply("place:card=fleet-08,to=legion-2")
    assert codes(s) == ["place:card=fleet-09,to=hand"], "the last placement is still asked"
    s.apply("place:card=fleet-09,to=hand")
    assert s.to_move == 1 and s.money[0] == 2, "no buy, no play: base income 2 and the turn is over"


def test_two_then_one_any_held_card_anywhere_after_the_third():
    """PAX-R-04: after the third card, both held cards may go to the hand or the remaining place."""
    s = build(2, tableaux=[["religion*2", "religion"], []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    s.apply("place:card=wealth-01,to=legion-1")
    assert codes(s) == ["place:card=fleet-01,to=hand", "place:card=fleet-01,to=bottom",
                        "place:card=army-01,to=hand", "place:card=army-01,to=bottom"]


def test_determinize_keeps_money():
    """PAX-R-05: money is hidden in views but known from public payments; determinize keeps it."""
    s = build(3, money=[1, 8, 13])
    assert s.view(0)["tableaux"][2]["money"] is None
    assert all(s.determinize(0, k).money == [1, 8, 13] for k in range(5))


def test_known_cards_survive_determinize():
    """PAX-R-06: bought cards stay known in the buyer's hand; own slid cards keep their places;
    the drawer's pending cards are hidden from the others."""
    s = build(2, phase="buy", hands=[["senator-10"], ["wealth", "religion"]],
              legions=[["army$4"], [], []], money=[9, 5])
    s.apply("buy:legion=1")
    for k in range(8):
        assert 27 in s.determinize(1, k).hands[0], "army-08 was bought in view of everybody"
    s2 = build(2, deck_top=["army$4"])
    s2.apply("draw")
    assert s2.view(1)["draw"]["cards"] is None
    assert any(s2.determinize(1, k).frame.held != s2.frame.held for k in range(8))


def test_scores_when_rome_wins():
    """PAX-R-07: scores() are the section 13 points even when Rome wins; the winner is the
    Primus Conspiratus holder."""
    s = build(2, phase="play", to_move=1, turns_taken=1, deck_ran_out=True, primus_conspiratus=0,
              tableaux=[["conspiracy"], []], rome=["army*2", "fleet*2", "senator", "religion"],
              hands=[[], []])
    s.apply("done")
    out = s.outcome()
    assert out["rome_won"] and s.winners() == [0]
    assert s.scores() == [float(p) for p in s.final()["points"]]


@pytest.mark.parametrize("level", [3, 4, 5])
def test_solo_start_cards_are_chosen_one_at_a_time(level):
    """PAX-R-08: the start cards are chosen one at a time, then the card to keep."""
    s = GAME.new_game(1, seed=2, options={"level": level})
    for n in range(level - 2):
        assert all(c.startswith("start:") for c in codes(s)) and len(codes(s)) == level - n
        s.apply(s.legal_actions()[-1])
    assert all(c.startswith("keep:") for c in codes(s)) and len(codes(s)) == 2


def test_bank_balance_conserves_aureus():
    """PAX-R-09: the bank starts at 60 and bank + money stays 60; payouts are never capped."""
    s = GAME.new_game(4, seed=3)
    s.log = None
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
        assert s.bank + sum(s.money) == BANK_START


def test_two_then_one_with_two_cards_left():
    """PAX-R-10: with 3+ Religion and 2 cards left, both drawn cards may go anywhere (hand too)."""
    s = build(2, tableaux=[["religion*2", "religion"], []], deck_size=2)
    s.apply("draw")
    assert len(s.frame.held) == 2 and s.frame.left == 0
    assert sum(c.endswith("to=hand") for c in codes(s)) == 2


def test_action_labels_name_cards_as_players_do():
    """Issue 30: an action's own label (a stand-in's move, "szabályos: ...") never shows a card's
    id, and Rome's hidden cards are face down ("képpel lefelé"), as the book says, not "translated"."""
    from asztal.games.pax.actions import KEEP, PASS, PLACE

    fleet9 = CARD_IDS.index("fleet-09")
    assert KEEP[fleet9].hu == "Megtartja: 9. flottakártya, a többi a pakli alá"
    assert KEEP[fleet9].en == "Keep Fleet card 9, the rest under the deck"
    assert all(CARD_IDS[c] not in a.hu + a.en for c in range(len(CARD_IDS)) for a in (KEEP[c], *PLACE[c]))
    assert "képpel lefelé fordított" in PASS.hu and "lefordított" not in PASS.hu.replace("lefelé fordított", "")
