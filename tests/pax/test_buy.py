"""Buying a Legion group (Kártyavásárlás) and the Wealth discount (Gazdagság)."""

import pytest

from asztal.games.pax.frames import Stage
from tests.pax.scenario import build, codes


def at_buy(**kw):
    """A position where seat 0 has just drawn and may buy (phase "buy")."""
    kw.setdefault("legions", [["estate$2", "conspiracy$2"], ["army$4"], ["wealth$1"]])
    kw.setdefault("hands", [["senator-10"], []])
    return build(2, phase="buy", **kw)


def test_buy_the_whole_group_below_one_legion():
    """PAX-BUY-01, PAX-BUY-04, PAX-BUY-05: all the cards of one group go to the hand; the Legion is empty."""
    s = at_buy()
    s.apply("buy:legion=1")
    assert s.hands[0] == (49, 54, 66) and s.legions[0] == ()  # senator-10, estate-05, conspiracy-05
    assert s.stage == Stage.PLAY, "one group per turn, then playing (PAX-Q-08)"


def test_buy_example_estate_and_conspiracy_cost_four():
    """PAX-EX-BUY, PAX-BUY-02, PAX-BUY-03: an Estate and a Conspiracy worth 4 together: pay 4 to the bank."""
    s = at_buy(money=[6, 5])
    bank = s.bank
    group = s.legions[0]
    assert len(group) == 2 and sum(s.cost[c] for c in group) == 4 and s.price(0, 0) == 4
    s.apply("buy:legion=1")
    assert s.money[0] == 2 and s.bank == bank + 4
    assert set(group) <= set(s.hands[0]) and s.legions[0] == (), "both cards go into the buyer's hand"


def test_cannot_buy_without_enough_money():
    """PAX-BUY-03, PAX-Q-20: no credit: a group you cannot pay for is not offered."""
    s = at_buy(money=[3, 5])
    assert codes(s) == ["buy:legion=3", "nobuy"]
    with pytest.raises(ValueError, match="costs 4"):
        s.apply("buy:legion=1")


def test_buying_is_optional():
    """PAX-TURN-02: buying is optional (``nobuy``)."""
    s = at_buy()
    s.apply("nobuy")
    assert s.stage == Stage.PLAY and s.money[0] == 5


def test_buy_step_skipped_when_nothing_is_affordable():
    """PAX-BUY-03: with no affordable group the buy step has no choice and is skipped."""
    s = build(2, money=[0, 5], legions=[["army$4"], ["wealth$2"], ["fleet$3"]], deck_top=["senator"] * 3,
              hands=[[], []])
    s.apply("draw")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.stage == Stage.PLAY and "nobuy" not in codes(s)


@pytest.mark.parametrize("wealth,price", [([], 5), (["wealth*2"], 5), (["wealth*2", "wealth"], 4),
                                          (["wealth*2", "wealth*2", "wealth"], 4),
                                          (["wealth*2", "wealth*2", "wealth*2"], 3),
                                          (["wealth*2", "wealth*2", "wealth*2", "wealth", "wealth", "wealth"], 2)])
def test_wealth_discount_per_three_symbols(wealth, price):
    """PAX-WEA-01, PAX-TV-WEALTH: group worth 5; Wealth 2 -> 5, 3 -> 4, 5 -> 4, 6 -> 3, 9 -> 2."""
    s = at_buy(tableaux=[wealth, []], legions=[["army$4", "senator$1"], [], []], money=[9, 5])
    assert s.price(0, 0) == price
    s.apply("buy:legion=1")
    assert s.money[0] == 9 - price


def test_price_never_below_zero():
    """PAX-Q-08: the discount cannot make a price negative (no money is created); one group per turn."""
    s = at_buy(tableaux=[["wealth*2"] * 3, []], legions=[["senator$1"], ["religion$1"], []], money=[0, 5])
    assert s.price(0, 0) == 0
    s.apply("buy:legion=1")
    assert s.money[0] == 0 and not any(c.startswith("buy:") for c in codes(s))


def test_bought_cards_are_seen_by_everybody():
    """PAX-BUY-04: the group was face up, so the other players know these cards are in the hand."""
    s = at_buy()
    s.apply("buy:legion=2")
    assert [c["id"] for c in s.view(1)["tableaux"][0]["hand_public"]] == ["army-08"]
