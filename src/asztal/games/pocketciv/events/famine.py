"""Famine (Éhínség), English v2 rules (events.md §7); PC-EVT-FAMINE-*."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pocketciv.data import A_IRRIGATION
from asztal.games.pocketciv.frames import Famine, register

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def famine(s: PocketCivState, a: int) -> None:
    s.rm_tribes(a, s.emp.tribes[a])  # PC-EVT-FAMINE-02
    if s.emp.adv & A_IRRIGATION:  # PC-EVT-FAMINE-03
        s.reduce_cav(a, 1)
    else:
        s.own_land()
        s.farm[a] = 0
        s.reduce_cav(a, 2)


def _run(s: PocketCivState, f: Famine) -> bool:
    c = s.draw()  # PC-EVT-FAMINE-01
    a = s.red_area(c)
    s.emit("pocketciv.famine", area=a + 1)
    famine(s, a)
    s.end_event(f.card)
    return True


register("famine", run=_run)
