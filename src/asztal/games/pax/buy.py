"""Buying (Kártyavásárlás): after drawing, the player may buy the whole group of cards below
one Legion, paying its printed values less the Wealth discount.

``check_buy`` is the one check: the legal list is the groups that pass it, and a refused
purchase is refused by it, with its reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine import Action, Refusal
from asztal.games.pax.actions import BUY, NOBUY
from asztal.games.pax.frames import BUYING
from asztal.games.pax.messages import cards_fields
from asztal.games.pax.pack import LEGION_NUMERALS, WEALTH
from asztal.games.pax.play import REFUSED, enter_play

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState


def price(s: PaxState, seat: int, legion: int) -> int:
    """What ``seat`` pays for the group below ``legion`` (0-based): PAX-BUY-02, the printed
    values less the Wealth discount (PAX-WEA-01); PAX-Q-08: never below zero."""
    p = s.lval[legion] - s.sym[seat * 7 + WEALTH] // 3
    return p if p > 0 else 0


def check_buy(s: PaxState, n: int, why: bool = True) -> Refusal | None:
    """PAX-BUY-01: a whole group below one Legion; PAX-BUY-03, PAX-Q-20: no credit.
    ``why=False`` (the legal list): ``REFUSED`` instead of the reason."""
    if n >= s.nleg:
        return Refusal("pax.no.legion", "PAX-SETUP-06", {"legion": n}) if why else REFUSED
    if not s.legions[n]:
        return Refusal("pax.no.buy.empty", "PAX-BUY-01", {"legion": n}) if why else REFUSED
    seat = s.to_move
    assert seat is not None
    cost, money = price(s, seat, n), s.money[seat]
    if cost > money:
        if not why:
            return REFUSED
        return Refusal("pax.no.buy.money", "PAX-BUY-03", {"legion": n, "price": cost, "money": money})
    return None


def buy_list(s: PaxState) -> list[Action]:
    """The groups the player can buy now, then ``nobuy`` (always allowed)."""
    acts = [BUY[n] for n in range(s.nleg) if check_buy(s, n, False) is None]
    acts.append(NOBUY)
    return acts


def enter_buy(s: PaxState) -> bool:
    """PAX-TURN-03, PAX-Q-09: buying follows drawing. Skipped when no group is affordable."""
    legal = buy_list(s)
    if len(legal) == 1:
        return enter_play(s)
    s.frame = BUYING
    s._legal = tuple(legal)
    return False


def buy(s: PaxState, seat: int, n: int) -> bool:
    group = s.legions[n]
    cost = price(s, seat, n)
    s.own_money()
    s.money[seat] -= cost  # PAX-BUY-03: paid to the bank
    s.bank += cost
    s.own_hands()
    s.hands[seat] += group  # PAX-BUY-04: into the buyer's hand (everybody saw which cards)
    for c in group:
        s.known |= 1 << c
    s.own_legions()
    s.legions[n] = ()  # PAX-BUY-05: empty until the refill
    s.lval[n] = 0
    if s.log is not None:
        s.emit("pax.buy", seat=seat, player=seat + 1, legion=n + 1, numeral=LEGION_NUMERALS[n], price=cost,
               **cards_fields(s, group))
    return enter_play(s)  # PAX-Q-08: one group per turn
