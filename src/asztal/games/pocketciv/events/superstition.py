"""7.3 Superstition (Babona). Frame: ``Superstition(step, card, era, left)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.games.pocketciv.actions import DRAW, STOP
from asztal.games.pocketciv.data import A_ASTRONOMY, A_MEDITATION, Box, symbol_sum
from asztal.games.pocketciv.events.common import box_of
from asztal.games.pocketciv.frames import Superstition, register
from asztal.games.pocketciv.refuse import not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def discard_count(s: PocketCivState, box: Box, c: int) -> int:
    """PC-EVT-SUPERST-01; PC-EVT-SUPERST-04 with PC-Q-31 (1): Astronomy adds 2 only when the
    green square is the symbol counted."""
    n = symbol_sum(box, c)
    if s.emp.adv & A_ASTRONOMY and box[2]:
        n += 2
    return n


def _run(s: PocketCivState, f: Superstition) -> bool:
    if f.step == 0:
        c = s.draw()
        n = discard_count(s, box_of(f), c)
        s.emit("pocketciv.superstition", count=n)
        s.stack[-1] = Superstition(1, f.card, f.era, n)
        return True
    left = f.left
    if left <= 0:
        s.end_event(f.card)
        return True
    if s.emp.adv & A_MEDITATION and len(s.deck) == 1:  # PC-EVT-SUPERST-05, PC-Q-31 (2)
        return False
    s.draw()  # PC-EVT-SUPERST-02; an era change in between continues the event (-03)
    s.stack[-1] = Superstition(1, f.card, f.era, left - 1)
    return True


def _legal(s: PocketCivState, f: Superstition) -> list[Action]:
    return [DRAW, STOP]


def _act(s: PocketCivState, f: Superstition, action: Action) -> None:
    if action is STOP:
        s.end_event(f.card)
        return
    s.draw()
    s.stack[-1] = Superstition(1, f.card, f.era, f.left - 1)


register("superstition", run=_run, legal=_legal, act=_act, refuse=lambda s, f, a: not_here(a, f.TAG))
