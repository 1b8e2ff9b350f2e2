"""5.3.7 Building wonders (Csodák építése). Duplicates are allowed (PC-Q-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import WONDER
from asztal.games.pocketciv.data import (
    ADV_IDS,
    EMPIRES,
    NADV,
    NWONDER,
    WONDER_ADV,
    WONDER_CITY,
    WONDER_FRONTIER,
    WONDER_GOLD,
    WONDER_IDS,
    WONDER_MOUNTAIN,
    WONDER_PARTNER,
    WONDER_SEA,
    WONDER_TRIBES,
)
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def wonder_check(s: PocketCivState, a: int, w: int, total: int, why: bool = False) -> Refusal | bool | None:
    """None when wonder ``w`` may be built in area ``a`` (its card's costs and requirements);
    else True, or the refusal with ``why`` (refuse.py)."""
    return tribes_check(s, a, w, total, why) or open_check(s, w, why) or place_check(s, a, w, why)


def tribes_check(s: PocketCivState, a: int, w: int, total: int, why: bool = False) -> Refusal | bool | None:
    """The first part of ``wonder_check``: the tribes the area pays, one kept in the Empire."""
    t = WONDER_TRIBES[w]
    if t > s.emp.tribes[a]:  # PC-DEV-WONDER-05
        return no("area_tribes", "PC-DEV-WONDER-05", area=a + 1, need=t, have=s.emp.tribes[a]) if why else True
    if total - t < 1:  # PC-DEV-03
        return no("keep_one", "PC-DEV-03", need=t, total=total) if why else True
    return None


def open_check(s: PocketCivState, w: int, why: bool = False) -> Refusal | bool | None:
    """The part of ``wonder_check`` no area changes: gold, advances, trading partner (the legal
    list asks it once per wonder, not once per area)."""
    if WONDER_GOLD[w] > s.emp.gold:
        return no("gold", "PC-DEV-WONDER-03", need=WONDER_GOLD[w], have=s.emp.gold) if why else True
    if WONDER_ADV[w] & s.emp.adv != WONDER_ADV[w]:  # PC-DEV-WONDER-03
        if not why:
            return True
        missing = WONDER_ADV[w] & ~s.emp.adv
        return no("wonder_prereq", "PC-DEV-WONDER-03", wonder=WONDER_IDS[w],
                  advances=[ADV_IDS[i] for i in range(NADV) if missing >> i & 1])
    if WONDER_PARTNER[w] >= 0 and not s.emp.partners >> WONDER_PARTNER[w] & 1:
        return no("wonder_partner", "PC-DEV-WONDER-03", wonder=WONDER_IDS[w],
                  empire=EMPIRES[WONDER_PARTNER[w]]) if why else True
    return None


def place_check(s: PocketCivState, a: int, w: int, why: bool = False) -> Refusal | bool | None:
    """The last part of ``wonder_check``: what the area must have (a city, the Sea, the
    Frontier, a mountain)."""
    for need, have, where in ((WONDER_CITY[w], s.emp.cav[a], "city"), (WONDER_SEA[w], s.board.coastal[a], "sea"),
                              (WONDER_FRONTIER[w], s.board.frontier[a], "frontier"),
                              (WONDER_MOUNTAIN[w], s.mount[a], "mountain")):
        if need and not have:
            if not why:
                return True
            return no("wonder_place", "PC-DEV-WONDER-03", wonder=WONDER_IDS[w], area=a + 1, where=where)
    return None


#: the fewest tribes any wonder costs: an area with fewer builds none
CHEAPEST = min(WONDER_TRIBES)


def legal_wonders(s: PocketCivState, acts: list[Action], total: int) -> None:
    """The wonder actions, by area then wonder: ``wonder_check``'s three parts, ``open_check``
    once per wonder, the other two per area for the wonders it leaves."""
    candidates = [w for w in range(NWONDER) if open_check(s, w) is None]
    if not candidates:
        return
    tribes = s.emp.tribes
    for a in s.board.areas:
        if tribes[a] < CHEAPEST:
            continue
        row = WONDER[a]
        for w in candidates:
            if tribes_check(s, a, w, total) is None and place_check(s, a, w) is None:
                acts.append(row[w])


def build(s: PocketCivState, a: int, w: int) -> None:
    """PC-DEV-WONDER-01: tribes from the area (PC-Q-23 (3)), gold from the stock."""
    s.rm_tribes(a, WONDER_TRIBES[w])
    s.emp.gold -= WONDER_GOLD[w]
    s.emp.set_wonders(a, s.emp.wonders[a] + (w,))
    s.emit("pocketciv.wonder", area=a + 1, wonder=WONDER_IDS[w])
