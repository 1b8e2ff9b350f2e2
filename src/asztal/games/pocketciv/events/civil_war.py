"""Civil War (Polgárháború), from the English v2 rules (events.md §3); rule IDs PC-EVT-CIVILWAR-*.
Frame: ``CivilWar(step, card, era, area)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pocketciv.data import (
    A_ARCHITECTURE,
    A_ARTS,
    A_CIVIL_SERVICE,
    A_LAW,
    A_MEDICINE,
    A_MEDITATION,
    A_MILITARY,
    A_MYTHOLOGY,
    A_THEATER,
    BITS,
    GREEN,
    Box,
    symbol_sum,
)
from asztal.games.pocketciv.events.common import area_mask, box_of
from asztal.games.pocketciv.frames import CivilWar, Loss, register

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def city_losses(s: PocketCivState, a: int) -> None:
    """PC-EVT-CIVILWAR-02..05."""
    adv = s.emp.adv
    floor = 1 if adv & A_CIVIL_SERVICE else 0
    for x in (a, *s.board.adj[a]):
        if not s.emp.cav[x]:
            continue
        loss = 2
        if x == a and adv & A_MYTHOLOGY:
            loss = 3
        if x != a and adv & A_MILITARY:
            loss = 3
        if adv & A_ARCHITECTURE:
            loss -= 1
        s.reduce_cav(x, loss, floor)


def collateral(s: PocketCivState, box: Box, c: int) -> int:
    """PC-EVT-CIVILWAR-06..09."""
    adv = s.emp.adv
    n = GREEN[c] if adv & A_LAW else symbol_sum(box, c)
    if adv & A_ARTS:
        n -= 2
    if adv & A_THEATER:
        n -= 2
    if adv & A_MEDITATION:
        n //= 2  # ruling PC-R-CIVILWAR-HALF: rounded down
    return max(0, n)


def _run(s: PocketCivState, f: CivilWar) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()
        a = s.red_area(c)
        s.emit("pocketciv.civil_war", area=a + 1)
        city_losses(s, a)
        s.stack[-1] = CivilWar(1, f.card, f.era, a)
        return True
    if step == 1:
        c = s.draw()
        s.stack[-1] = CivilWar(2, f.card, f.era, f.area)
        s.stack.append(Loss(collateral(s, box_of(f), c), area_mask(s, f.area)))
        return True
    if s.emp.adv & A_MEDICINE:  # PC-EVT-CIVILWAR-10
        mask = area_mask(s, f.area)
        for x in s.board.areas:
            if mask & BITS[x]:
                s.emp.tribes[x] += 1
    s.end_event(f.card)
    return True


register("civil_war", run=_run)
