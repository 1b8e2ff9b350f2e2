"""A turn's first step: pass, or draw three cards (Kártyahúzás), with the Religion variants."""

import pytest

from asztal.games.pax import GAME
from asztal.games.pax.frames import Stage
from tests.pax.scenario import build, codes, events


def test_turn_offers_draw_or_pass():
    """PAX-TURN-02: act (draw is mandatory when acting) or pass; PAX-TURN-03, PAX-Q-09: draw comes first."""
    s = build(2)
    assert codes(s) == ["draw", "pass"]
    s.apply("draw")
    assert all(c.startswith("place:") for c in codes(s)), "nothing but placing a drawn card after drawing"


def test_pass_peeks_at_rome_and_takes_two_aureus():
    """PAX-TURN-05, PAX-TV-INCOME (pass -> 2 Aureus, peek, no draw), PAX-Q-16 (no base income on top)."""
    s = build(2, rome_hidden=["army", "fleet", "senator"])
    deck = len(s.deck)
    assert s.view(0)["rome"]["hidden"] is None
    s.apply("pass")
    assert s.money == [7, 5] and len(s.deck) == deck and s.to_move == 1
    assert [c["id"] for c in s.view(0)["rome"]["hidden"]] == ["army-01", "fleet-01", "senator-01"]
    assert s.view(1)["rome"]["hidden"] is None, "only the player who passed saw them"
    assert events(s, "pax.pass")


def test_no_hand_or_money_limit():
    """PAX-TURN-06: no hand limit, no limit on Aureus."""
    s = build(2, hands=[["army", "fleet"] + ["religion"] * 4 + ["wealth"] * 4, []], money=[90, 5])
    s.apply("draw")
    s.apply(next(c for c in codes(s) if c.endswith("to=hand")))
    assert len(s.hands[0]) == 11
    s = build(2, money=[90, 5])
    s.apply("pass")
    assert s.money[0] == 92, "no cap on Aureus held"


def test_draw_one_at_a_time_and_decide_each():
    """PAX-DRAW-01, PAX-DRAW-02: three cards, one at a time; each placed before the next is drawn."""
    s = build(2, deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    assert s.frame.held == (0,) and s.view(0)["draw"]["cards"][0]["id"] == "wealth-01"
    assert s.view(1)["draw"]["cards"] is None and s.view(1)["draw"]["drawn"] == 1
    s.apply("place:card=wealth-01,to=bottom")
    assert [c["id"] for c in s.view(0)["draw"]["cards"]] == ["fleet-01"]


def test_one_to_hand_one_below_a_legion_one_under_the_deck():
    """PAX-DRAW-03, PAX-DRAW-04, PAX-DRAW-05, PAX-DRAW-06: each destination once, in any order."""
    s = build(2, deck_top=["wealth", "fleet", "army"], log=True)
    s.apply("draw")
    s.apply("place:card=wealth-01,to=legion-2")
    assert "place:card=fleet-01,to=legion-1" not in codes(s), "only one card goes below a Legion"
    assert codes(s) == ["place:card=fleet-01,to=hand", "place:card=fleet-01,to=bottom"]
    s.apply("place:card=fleet-01,to=bottom")
    assert codes(s) == ["place:card=army-01,to=hand"]
    s.apply("place:card=army-01,to=hand")
    assert s.legions[1][-1] == 0 and s.deck[0] == 10 and s.hands[0][-1] == 20
    assert s.stage in (Stage.BUY, Stage.PLAY)


def test_drawn_card_below_a_legion_is_face_up():
    """PAX-DRAW-04, PAX-Q-13: the card joins the group face up, seen by everybody."""
    s = build(3, deck_top=["army$4"])
    s.apply("draw")
    s.apply("place:card=army-08,to=legion-3")
    for seat in (None, 0, 1, 2):
        assert "army-08" in [c["id"] for c in s.view(seat)["legions"][2]["cards"]]
    assert events(s, "pax.to_legion")[0]["card"] == "army-08"


def test_each_normal_draw_lowers_the_deck_by_two():
    """PAX-TV-DECK: one card to hand, one below a Legion, one back under the deck."""
    s = build(2)
    before = len(s.deck)
    s.apply("draw")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert len(s.deck) == before - 2


def test_three_religion_symbols_draw_two_then_one():
    """PAX-REL-01, PAX-DRAW-07: two cards together, one goes below a Legion or under the deck
    (not into the hand), then the third; then the hand card is chosen from the two held."""
    s = build(2, tableaux=[["religion*2", "religion"], []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    assert s.view(0)["draw"]["mode"] == "two-then-one" and len(s.frame.held) == 2
    assert not any(c.endswith("to=hand") for c in codes(s))
    s.apply("place:card=fleet-01,to=bottom")
    assert len(s.frame.held) == 2
    assert "place:card=army-01,to=hand" in codes(s) and "place:card=wealth-01,to=hand" in codes(s)
    s.apply("place:card=army-01,to=hand")
    assert [c for c in codes(s)] == [f"place:card=wealth-01,to=legion-{n}" for n in (1, 2, 3)]


@pytest.mark.parametrize("religion,mode", [(["religion*2"], "one-by-one"),
                                           (["religion*2", "religion"], "two-then-one"),
                                           (["religion*2"] * 3, "all-at-once")])
def test_religion_thresholds(religion, mode):
    """PAX-REL-01 (3+ symbols), PAX-REL-02 (6+ symbols: all three at once), PAX-Q-18 (measured at the draw)."""
    s = build(2, tableaux=[religion, []])
    s.apply("draw")
    assert s.view(0)["draw"]["mode"] == mode
    assert len(s.frame.held) == {"one-by-one": 1, "two-then-one": 2, "all-at-once": 3}[mode]


def test_six_religion_symbols_decide_freely():
    """PAX-REL-02: all three drawn at once, then any card to any destination."""
    s = build(2, tableaux=[["religion*2"] * 3, []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    assert len(codes(s)) == 3 * (1 + 3 + 1)
    s.apply("place:card=army-01,to=hand")
    s.apply("place:card=wealth-01,to=bottom")
    assert codes(s) == [f"place:card=fleet-01,to=legion-{n}" for n in (1, 2, 3)]


def test_short_deck_draws_what_is_there():
    """PAX-Q-10, PAX-DRAW-08: 1 or 2 cards left: draw them, any distinct destinations, no 2 Aureus."""
    s = build(2, deck_size=2)
    s.apply("draw")
    assert s.frame.left == 1 and len(s.frame.held) == 1
    s.apply(next(c for c in codes(s) if c.endswith("to=bottom")))
    # the card slid under is now the bottom card, below the one still to draw
    s.apply(next(c for c in codes(s) if c.endswith("to=hand")))
    assert len(s.deck) == 1 and s.money[0] == 5 and s.stage in (Stage.BUY, Stage.PLAY)


def test_empty_deck_gives_two_aureus_instead_of_drawing():
    """PAX-END-02: a player who cannot draw even one card gets 2 Aureus, then buys and plays."""
    s = build(2, deck_size=0, money=[3, 3], legions=[["wealth$1"], [], []])
    assert codes(s) == ["nodraw", "pass"]
    s.apply("nodraw")
    assert s.money[0] == 5 and s.exhausted
    assert "buy:legion=1" in codes(s)


@pytest.mark.parametrize("religion,deck_size,hu,en", [
    (["religion*2"] * 3, 2, "2 lapot húz, mindkettőt egyszerre", "draws 2 cards, both at once"),
    (["religion*2"] * 3, None, "3 lapot húz, mind a hármat egyszerre", "draws 3 cards, all three at once"),
    (["religion*2"], None, "3 lapot húz, egyesével", "draws 3 cards, one at a time"),
    (["religion*2"], 1, "1 lapot húz, az utolsót a pakliból", "draws 1 card, the last one in the deck")])
def test_the_draw_line_counts_true(religion, deck_size, hu, en):
    """The log's draw line agrees with its count: a deck of 2 is not drawn „mind a három”."""
    s = build(2, tableaux=[religion, []], deck_size=deck_size)
    s.apply("draw")
    event = next(e for e in s.log if e.get("key") == "pax.draw")
    assert GAME.describe(event, "hu").endswith(hu) and GAME.describe(event, "en").endswith(en)
