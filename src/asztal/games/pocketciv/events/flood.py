"""7.2 Flood (Árvíz) and 7.5 Tsunami (Cunami). Frame: ``Flood(step, card, era, area)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pocketciv.data import (
    A_CIVIL_SERVICE,
    A_ENGINEERING,
    A_IRRIGATION,
    A_MEDICINE,
    symbol_sum,
)
from asztal.games.pocketciv.events.common import box_of, lose_wonders
from asztal.games.pocketciv.frames import Flood, register

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def inland_flood(s: PocketCivState, a: int) -> None:
    """PC-EVT-FLOOD-03/04."""
    s.rm_tribes(a, 2)
    if not s.emp.adv & A_IRRIGATION:
        s.own_land()
        s.farm[a] = 0
        s.reduce_cav(a, 1)
    s.own_land()
    s.forest[a] = 1  # PC-CON-07: an existing forest is not duplicated


def tsunami_hits(s: PocketCivState, a: int) -> list[int]:
    """PC-EVT-TSUNAMI-02, ruling PC-R-TSUNAMI-ADJACENT (PC-Q-20 (1) revised, rules version 4):
    the coastal areas adjacent to the active area, not the active area itself (p. 20: „Az
    aktív területtel szomszédos összes tengerparti területet érinti a cunami”)."""
    coastal = s.board.coastal
    return [n for n in s.board.adj[a] if coastal[n]]


def tsunami_damage(s: PocketCivState, a: int, damage: int) -> None:
    """PC-EVT-TSUNAMI-03..07, PC-Q-20 (2): tribes, then CAV, then wonders; what cannot pay
    for a whole unit passes on, and what pays for nothing is wasted."""
    cs = s.emp.adv & A_CIVIL_SERVICE
    per_tribe, per_cav = (3, 5) if cs else (1, 2)
    per_wonder = 10 if s.emp.adv & A_ENGINEERING else 3
    damage -= s.rm_tribes(a, damage // per_tribe) * per_tribe
    if s.emp.cav[a]:
        damage -= s.reduce_cav(a, damage // per_cav) * per_cav
    n = min(len(s.emp.wonders[a]), damage // per_wonder)
    lose_wonders(s, a, n)


def _run(s: PocketCivState, f: Flood) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()  # PC-EVT-FLOOD-01
        a = s.red_area(c)
        if s.board.coastal[a]:  # PC-EVT-FLOOD-02
            s.emit("pocketciv.tsunami", area=a + 1)
            s.stack[-1] = Flood(1, f.card, f.era, a)
            return True
        s.emit("pocketciv.flood", area=a + 1)
        inland_flood(s, a)
        s.end_event(f.card)
        return True
    if step == 2:  # the wonders of the player's choice are gone
        s.end_event(f.card)
        return True
    c = s.draw()  # PC-EVT-TSUNAMI-01
    damage = symbol_sum(box_of(f), c)
    hits = tsunami_hits(s, f.area)
    s.stack[-1] = Flood(2, f.card, f.era, f.area)
    n = len(s.stack)
    for a in hits:
        tsunami_damage(s, a, damage)
    s.stack[n:] = s.stack[:n - 1:-1]  # the wonder choices (PC-R-WONDER-CHOICE), if any, in area order
    if s.emp.adv & A_MEDICINE:  # PC-EVT-TSUNAMI-08, PC-Q-20 (3): every hit area
        for a in hits:
            s.emp.tribes[a] += 2
    return True


register("flood", run=_run)
