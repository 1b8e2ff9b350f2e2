"""Volcano (Vulkánkitörés), English v2 rules (events.md §14); PC-EVT-VOLCANO-*."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pocketciv.data import A_ENGINEERING, A_MEDICINE, BITS
from asztal.games.pocketciv.frames import Volcano, register

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def eruption(s: PocketCivState, a: int) -> int:
    """Returns the mask of affected areas (PC-CON-15)."""
    floor = 1 if s.emp.adv & A_ENGINEERING else 0  # PC-EVT-VOLCANO-05
    affected = BITS[a]
    if s.mount[a] == 0:  # PC-EVT-VOLCANO-02
        s.own_land()
        s.mount[a] = 2
        s.tribes_to(a, 1)
    elif s.mount[a] == 1:  # PC-EVT-VOLCANO-03
        s.own_land()
        s.mount[a] = 2
        s.reduce_cav(a, 2, floor)
        s.tribes_to(a, 1)
        s.farm[a] = 0
        s.emp.set_wonders(a, ())
    else:  # PC-EVT-VOLCANO-04
        s.reduce_cav(a, s.emp.cav[a], floor)
        s.own_land()
        s.farm[a] = 0
        s.forest[a] = 0
        s.rm_tribes(a, s.emp.tribes[a])
        s.emp.set_wonders(a, ())
        s.desert[a] = 1
        for n in s.board.adj[a]:
            if s.rm_tribes(n, 2):
                affected |= BITS[n]
    return affected


def _run(s: PocketCivState, f: Volcano) -> bool:
    c = s.draw()  # PC-EVT-VOLCANO-01
    a = s.red_area(c)
    s.emit("pocketciv.volcano", area=a + 1)
    affected = eruption(s, a)
    if s.emp.adv & A_MEDICINE:  # PC-EVT-VOLCANO-06
        for x in s.board.areas:
            if affected & BITS[x]:
                s.emp.tribes[x] += 1
    s.end_event(f.card)
    return True


register("volcano", run=_run)
