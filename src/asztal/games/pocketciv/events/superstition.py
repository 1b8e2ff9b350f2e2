"""7.3 Superstition (Babona). Frame: ("superstition", step, card, era, left)."""

from __future__ import annotations

from asztal.games.pocketciv.actions import DRAW, STOP
from asztal.games.pocketciv.data import A_ASTRONOMY, A_MEDITATION, symbol_sum
from asztal.games.pocketciv.events import box_of
from asztal.games.pocketciv.frames import register


def discard_count(s, box, c: int) -> int:
    """PC-EVT-SUPERST-01; PC-EVT-SUPERST-04 with PC-Q-31 (1): Astronomy adds 2 only when the
    green square is the symbol counted."""
    n = symbol_sum(box, c)
    if s.adv & A_ASTRONOMY and box[2]:
        n += 2
    return n


def _run(s, f) -> bool:
    if f[1] == 0:
        c = s.draw()
        n = discard_count(s, box_of(f), c)
        s.emit("pocketciv.superstition", count=n)
        s.stack[-1] = ("superstition", 1, f[2], f[3], n)
        return True
    left = f[4]
    if left <= 0:
        s.end_event(f[2])
        return True
    if s.adv & A_MEDITATION and len(s.deck) == 1:  # PC-EVT-SUPERST-05, PC-Q-31 (2)
        return False
    s.draw()  # PC-EVT-SUPERST-02; an era change in between continues the event (-03)
    s.stack[-1] = ("superstition", 1, f[2], f[3], left - 1)
    return True


def _legal(s, f):
    return [DRAW, STOP]


def _act(s, f, action) -> None:
    if action is STOP:
        s.end_event(f[2])
        return
    s.draw()
    s.stack[-1] = ("superstition", 1, f[2], f[3], f[4] - 1)


register("superstition", run=_run, legal=_legal, act=_act)
