"""A phase B turn's bookkeeping (B. fázis: akciók): its start, the end of an action, its end.

CC-GOAL-01: actions, money and time are limited: two actions a turn, money for bids, railways
and pyramids, deliveries earn money, buildings VP.

A turn is a sequence of atomic decisions (see ``menu`` for what a turn offers and ``frames``
for the pending choices of an action); each action's module (``rail``, ``building``,
``delivery``, ``growing``, ``pyramid``, ``citydraw``) ends with ``action_done``, and the
gods' powers (``gods``) return to the menu with ``after``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.caboose.common import CITY_DISPLAY, draw_city, swap_possible
from asztal.games.caboose.frames import TURN
from asztal.games.caboose.pack import ATUM, BES, GOD_NAMES, HORUS
from asztal.games.caboose.scoring import end_round

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState


def begin_turn(s: CabooseState, p: int) -> None:
    g = s.god[p]
    s.to_move = p
    s.draws_left = 2 if g == ATUM else 1  # CC-TURN-02, CC-GOD-ATUM-01
    s.acts_left = 3 if g == BES else 2  # CC-TURN-04, CC-GOD-BES-01
    s.horus_left = g == HORUS  # CC-GOD-HORUS-01, CC-Q-22 once per turn
    s.stack = (TURN,)
    if s.log is not None:
        s.emit("caboose.turn", seat=p, god=g, name=GOD_NAMES[g - 1])


def action_done(s: CabooseState) -> bool:
    """One of the turn's actions is complete: back to the menu, or the turn ends by itself."""
    s.acts_left -= 1
    s.stack = (TURN,)
    return after(s)


def after(s: CabooseState) -> bool:
    """End the turn by itself once nothing but ``done`` is left to decide (CC-R-05)."""
    if not s.acts_left and not (s.draws_left and s.adisp) and not (s.horus_left and swap_possible(s)):
        return end_turn(s)
    return False


def end_turn(s: CabooseState) -> bool:
    """Refill the city display (CC-Q-31), then the next god in order, or the end of the round."""
    revealed = False
    s.own_decks()
    while len(s.cdisp) < CITY_DISPLAY:
        c = draw_city(s)
        if c < 0:
            break
        s.cdisp.append(c)
        revealed = True
    if s.sekhmet >= 0:  # CC-R-02 the Sekhmet route counts for this turn only
        s.sekhmet = -1
        s._comp = None
        s._cm = None
    s.acts_left = s.draws_left = 0
    s.horus_left = False
    s.stack = (TURN,)
    s.oidx += 1
    if s.oidx < s.players:
        begin_turn(s, s.order[s.oidx])
        return revealed
    return end_round(s) or revealed
