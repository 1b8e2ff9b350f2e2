"""Phase A, the auction (A. fázis: az aukció; CC-AUC-01 ... CC-AUC-11).

Each check here (``bid_refusal``, ``pass_refusal``) is what the legal list is built from, so
a refused bid always says the rule it breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import Why, no
from asztal.games.caboose.frames import BIDDING, GOD_CHOICE, Bidding
from asztal.games.caboose.pack import PASS, bids

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "auction"


def begin_auction(s: CabooseState) -> None:
    """A new auction, opened by the start player (CC-AUC-01)."""
    P = s.players
    s.stack = (BIDDING,)
    s.high = 0
    s.offer = [0] * P
    s.active = [True] * P
    s.place = [0] * P  # CC-COMP-10 the order markers
    s.passes = 0
    s.first_pass = -1
    s.god = [0] * P  # CC-EOR-06 the gods are lined up again, all seven available
    s.order = ()
    s.oidx = 0
    s.acts_left = s.draws_left = 0
    s.horus_left = False
    s.sekhmet = -1
    s.to_move = s.cleo


# --------------------------------------------------------------------------- checks

def bid_range(s: CabooseState, p: int) -> tuple[int, int]:
    """The bids ``p`` may make: above the highest bid (CC-AUC-04), at most their money (CC-AUC-05)."""
    return s.high + 1, s.money[p]


def _opening(s: CabooseState, p: int) -> bool:
    """CC-AUC-03, CC-Q-08: the start player opens with at least 1 and may not pass at once
    (CC-R-01: unless they have no money at all)."""
    return p == s.cleo and s.high == 0 and s.passes == 0 and s.money[p] >= 1


def bid_refusal(s: CabooseState, p: int, n: int) -> Why | None:
    lo, hi = bid_range(s, p)
    if n < lo:
        return no("bid_low", "CC-AUC-04", PART, amount=n, high=s.high)
    if n > hi:
        return no("bid_money", "CC-AUC-05", PART, amount=n, money=hi)
    return None


def pass_refusal(s: CabooseState, p: int) -> Why | None:
    if _opening(s, p):
        return no("pass_opening", "CC-AUC-03", PART)
    return None


# --------------------------------------------------------------------------- the frame's contract

def legal(s: CabooseState, p: int, frame: Bidding) -> list[Action]:
    lo, hi = bid_range(s, p)
    acts = bids(lo, hi)  # every bid in the range passes ``bid_refusal``
    if pass_refusal(s, p) is None:
        acts.insert(0, PASS)  # CC-AUC-02 raise or pass
    return acts


def refusal(s: CabooseState, p: int, frame: Bidding, action: Action) -> Why | None:
    kind = action.kind
    if kind == "bid":
        return bid_refusal(s, p, action.args[0])
    if kind == "pass":
        return pass_refusal(s, p)
    return no("during_auction", "CC-AUC-02", PART, action=action)


def ask(s: CabooseState, p: int, frame: Bidding) -> Decision:
    lo, hi = bid_range(s, p)
    if _opening(s, p):
        key, rule = "open", "CC-AUC-03"
    elif lo > hi:
        key, rule = "pass_only", "CC-AUC-05"
    else:
        key, rule = "bid", "CC-AUC-02"
    return Decision(p, frame.KIND, "caboose.ask." + key, {"high": s.high, "least": lo, "money": hi,
                                                         "still_in": s.players - s.passes}, rule)


def do(s: CabooseState, p: int, frame: Bidding, action: Action) -> bool:
    if action.kind == "bid":
        n = action.args[0]
        s.own_auction()
        s.offer[p] = n  # CC-AUC-05 the offer is placed in front of the player
        s.high = n
        if s.log is not None:
            s.emit("caboose.bid", seat=p, amount=n)
        _next_bidder(s, p)
        return False
    P = s.players
    s.own_auction()
    s.active[p] = False  # CC-AUC-06, CC-Q-08: no re-entry after passing
    s.place[p] = P - s.passes  # CC-AUC-06 the last free place of the order track
    s.passes += 1
    if s.first_pass < 0:
        s.first_pass = p
    if s.log is not None:
        s.emit("caboose.pass", seat=p, place=s.place[p])
    if s.passes == P - 1:
        last = s.active.index(True)
        s.place[last] = 1  # CC-AUC-07 the last one left takes place 1, the last to pass place 2
        _settle(s)
    else:
        _next_bidder(s, p)
    return False


def _next_bidder(s: CabooseState, p: int) -> None:
    P, active = s.players, s.active
    q = (p + 1) % P  # CC-AUC-01, CC-Q-08: bidding goes clockwise among those still in
    while not active[q]:
        q = (q + 1) % P
    s.to_move = q


def payment(s: CabooseState, p: int) -> int:
    """What ``p`` pays for their place (CC-AUC-08 ... CC-AUC-10)."""
    if p == s.first_pass:
        return 0  # CC-AUC-08 the first to pass pays nothing
    if s.place[p] <= 2:
        return s.offer[p]  # CC-AUC-09 places 1 and 2 pay their full offer
    return (s.offer[p] + 1) // 2  # CC-AUC-10 the others pay half, rounded up


def _settle(s: CabooseState) -> None:
    P = s.players
    pays = [payment(s, p) for p in range(P)]
    s.own_seats()
    for p in range(P):
        s.money[p] -= pays[p]  # CC-AUC-11 to the bank; the rest of the offer goes back
    s.order = tuple(sorted(range(P), key=s.place.__getitem__))  # CC-AUC-12 gods chosen from place 1
    s.oidx = 0
    s.stack = (GOD_CHOICE,)
    s.to_move = s.order[0]
    if s.log is not None:
        s.emit("caboose.auction", payments=pays, order=list(s.order))
