"""Phase A, the auction, and its test vectors."""

import pytest

from asztal.engine import IllegalAction
from asztal.games.caboose import GAME
from asztal.games.caboose.auction import begin_auction
from tests.caboose.scenario import act, codes, refresh


def auction(players, start=0, money=None, seed=0):
    s = GAME.new_game(players, seed=seed)
    s.cleo = start
    if money is not None:
        s.money = list(money)
    begin_auction(s)
    refresh(s)
    return s


def test_start_player_opens_and_must_bid():
    """CC-AUC-01 the start player opens; CC-AUC-03, CC-Q-08 at least 1, no pass at once."""
    s = auction(3, start=2)
    assert s.to_move == 2
    assert "pass" not in codes(s) and codes(s)[0] == "bid:1"


def test_raise_or_pass_bids_above_high_and_within_money():
    """CC-AUC-02 raise or pass; CC-AUC-04 higher than the highest bid; CC-AUC-05 no more than your money."""
    s = auction(3, money=[20, 6, 20])
    act(s, "bid:4")
    assert s.to_move == 1
    assert codes(s) == ["pass", "bid:5", "bid:6"]
    with pytest.raises(IllegalAction):
        s.apply("bid:4")
    with pytest.raises(IllegalAction):
        s.apply("bid:7")


def test_bidding_goes_clockwise_skipping_those_out():
    """CC-Q-08: clockwise, and a player who passed does not come back."""
    s = auction(4, start=1)
    act(s, "bid:1")
    assert s.to_move == 2
    act(s, "pass")
    assert s.to_move == 3
    act(s, "bid:2", "bid:3")  # seat 3, then seat 0
    assert s.to_move == 1
    act(s, "bid:4")
    assert s.to_move == 3  # seat 2 is out


def test_vector_four_players():
    """CC-TV-AUC-4P; CC-AUC-06 passer takes the last free place; CC-AUC-07 last two in places 1-2;
    CC-AUC-08, CC-AUC-09, CC-AUC-10 payments; CC-AUC-11 to the bank; CC-AUC-12 gods chosen in place order."""
    s = auction(4, start=0)
    act(s, "bid:1", "bid:2", "bid:3", "pass")  # P1, P2, P3 bid; P4 passes
    assert s.place[3] == 4
    act(s, "bid:4", "pass")  # P1 4; P2 passes
    assert s.place[1] == 3
    act(s, "bid:5", "pass")  # P3 5; P1 passes
    assert s.place == [2, 3, 1, 4]
    assert s.money == [16, 19, 15, 20]
    assert 80 - sum(s.money) == 10  # the bank received 10
    assert s.order == (2, 0, 1, 3) and s.to_move == 2
    assert [c for c in codes(s)] == [f"god:{k}" for k in range(1, 8)]


def test_vector_first_pass_pays_nothing():
    """CC-TV-AUC-FIRSTPASS, CC-AUC-08: the first to pass pays nothing, even having bid."""
    s = auction(3)
    act(s, "bid:1", "bid:2", "bid:3", "pass", "bid:4", "pass")
    assert s.place == [3, 1, 2]
    assert s.money == [20, 16, 17]


def test_vector_half_payments():
    """CC-TV-AUC-HALF, CC-AUC-10: 5 players, last offers 2, 3, 5, 6 by order of passing, winner 7."""
    s = auction(5)
    act(s, "bid:1", "bid:2", "bid:3", "bid:5", "bid:6")  # seats 0..4
    act(s, "bid:7")  # seat 0 raises to 7
    act(s, "pass")  # seat 1 (offer 2) first to pass -> 0
    act(s, "pass")  # seat 2 (offer 3) -> half of 3 = 2
    act(s, "pass")  # seat 3 (offer 5) -> 3
    act(s, "pass")  # seat 4 (offer 6) -> place 2, full 6
    assert s.place == [1, 5, 4, 3, 2]
    assert [20 - m for m in s.money] == [7, 0, 2, 3, 6]


def test_vector_quiet_auction():
    """CC-TV-AUC-QUIET: P1 opens 1, the others pass at once; place 2 pays its offer of 0."""
    s = auction(3)
    act(s, "bid:1", "pass", "pass")
    assert s.place == [1, 3, 2] and s.money == [19, 20, 20]


def test_start_player_without_money_may_pass():
    """CC-R-01: a start player with no money cannot open, so may pass."""
    s = auction(3, money=[0, 5, 5])
    assert codes(s) == ["pass"]


def test_god_choice_order_and_precedence():
    """CC-AUC-12 each chooses one still available god in place order; CC-AUC-13 the god changes the
    basic rule (Bes Crocker: three actions instead of two)."""
    s = auction(3)
    act(s, "bid:1", "pass", "pass")  # places: seat0 1, seat2 2, seat1 3
    act(s, "god:7")
    assert s.to_move == 2 and "god:7" not in codes(s)
    act(s, "god:2", "god:5")
    assert s.god == [7, 5, 2]
    assert s.to_move == 2 and s.acts_left == 2  # god 2 acts first (CC-TURN-01)
    s2 = s.clone()
    while s2.to_move != 0:
        s2.apply("done")
    assert s2.acts_left == 3


def test_auction_payments_go_to_the_bank():
    """CC-Q-35: auction payments go to the bank, the rest of each offer returns to its bidder."""
    s = auction(3)
    act(s, "bid:3", "bid:5", "pass", "pass")  # seat 2 first pass (offer 0); seat 0 place 2 offer 3
    assert s.money == [17, 15, 20]
