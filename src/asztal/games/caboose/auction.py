"""Phase A, the auction (A. fázis: az aukció; CC-AUC-01 ... CC-AUC-13), and choosing gods."""

from __future__ import annotations

from asztal.games.caboose.common import ACTIONS, AUCTION, GODS, MAIN
from asztal.games.caboose.pack import ATUM, BES, GOD_NAMES, GODS_ACT, HORUS, PASS, bids


def begin_auction(s) -> None:
    """A new auction, opened by the start player (CC-AUC-01)."""
    P = s.players
    s.phase = AUCTION
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
    s.step = MAIN
    clear_pending(s)
    s.to_move = s.cleo


def clear_pending(s) -> None:
    s.p_card = s.p_city = s.p_x = s.p_f = -1
    s.p_need = 0
    s.p_src = ()
    s.p_use = ()


def auction_legal(s) -> list:
    p = s.to_move
    money = s.money[p]
    acts = bids(s.high + 1, money)  # CC-AUC-04 above the highest bid; CC-AUC-05 at most one's money
    # CC-AUC-03, CC-Q-08: the start player opens with at least 1 and may not pass at once
    # (CC-R-01: unless they have no money at all)
    if not (p == s.cleo and s.high == 0 and s.passes == 0 and money >= 1):
        acts.insert(0, PASS)  # CC-AUC-02 raise or pass
    return acts


def do_bid(s, p: int, args) -> bool:
    n = args[0]
    s.offer[p] = n  # CC-AUC-05 the offer is placed in front of the player
    s.high = n
    if s.log is not None:
        s.emit("caboose.bid", seat=p, amount=n)
    _next_bidder(s, p)
    return False


def do_pass(s, p: int, args) -> bool:
    P = s.players
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


def _next_bidder(s, p: int) -> None:
    P, active = s.players, s.active
    q = (p + 1) % P  # CC-AUC-01, CC-Q-08: bidding goes clockwise among those still in
    while not active[q]:
        q = (q + 1) % P
    s.to_move = q


def payment(s, p: int) -> int:
    """What ``p`` pays for their place (CC-AUC-08 ... CC-AUC-10)."""
    if p == s.first_pass:
        return 0  # CC-AUC-08 the first to pass pays nothing
    if s.place[p] <= 2:
        return s.offer[p]  # CC-AUC-09 places 1 and 2 pay their full offer
    return (s.offer[p] + 1) // 2  # CC-AUC-10 the others pay half, rounded up


def _settle(s) -> None:
    P = s.players
    pays = [payment(s, p) for p in range(P)]
    for p in range(P):
        s.money[p] -= pays[p]  # CC-AUC-11 to the bank; the rest of the offer goes back
    s.order = tuple(sorted(range(P), key=s.place.__getitem__))  # CC-AUC-12 gods chosen from place 1
    s.oidx = 0
    s.phase = GODS
    s.to_move = s.order[0]
    if s.log is not None:
        s.emit("caboose.auction", payments=pays, order=list(s.order))


#: the god actions still available, per bitmask of the gods taken (bit k: god k)
_GOD_CHOICES = tuple(tuple(GODS_ACT[k] for k in range(1, 8) if not taken >> k & 1) for taken in range(1 << 8))


def gods_legal(s) -> list:
    taken = 0
    for k in s.god:
        taken |= 1 << k
    return list(_GOD_CHOICES[taken])


def do_god(s, p: int, args) -> bool:
    k = args[0]
    s.god[p] = k
    if s.log is not None:
        s.emit("caboose.god", seat=p, god=k, name=GOD_NAMES[k - 1])
    s.oidx += 1
    if s.oidx < s.players:
        s.to_move = s.order[s.oidx]
        return False
    # CC-RND-03, CC-TURN-01, CC-Q-05: phase B in ascending god number 1..7
    s.order = tuple(sorted(range(s.players), key=s.god.__getitem__))
    s.oidx = 0
    s.phase = ACTIONS
    begin_turn(s, s.order[0])
    return False


def begin_turn(s, p: int) -> None:
    g = s.god[p]
    s.to_move = p
    s.draws_left = 2 if g == ATUM else 1  # CC-TURN-02, CC-GOD-ATUM-01
    s.acts_left = 3 if g == BES else 2  # CC-TURN-04, CC-GOD-BES-01
    s.horus_left = g == HORUS  # CC-GOD-HORUS-01, CC-Q-22 once per turn
    s.step = MAIN
    if s.log is not None:
        s.emit("caboose.turn", seat=p, god=g, name=GOD_NAMES[g - 1])
