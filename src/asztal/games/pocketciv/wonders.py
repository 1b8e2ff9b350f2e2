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
    t = WONDER_TRIBES[w]
    if t > s.emp.tribes[a]:  # PC-DEV-WONDER-05
        return no("area_tribes", "PC-DEV-WONDER-05", area=a + 1, need=t, have=s.emp.tribes[a]) if why else True
    if total - t < 1:  # PC-DEV-03
        return no("keep_one", "PC-DEV-03", need=t, total=total) if why else True
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
    """The wonder actions, by area then wonder: ``wonder_check`` decides each, for the wonders
    whose gold, advances and trading partner (PC-DEV-WONDER-03, the checks that do not depend
    on the area) the Empire has, worked out once per menu."""
    e = s.emp
    gold, adv, partners = e.gold, e.adv, e.partners
    open_: list[int] = []
    for w in range(NWONDER):
        if WONDER_GOLD[w] > gold or WONDER_ADV[w] & adv != WONDER_ADV[w]:
            continue
        if WONDER_PARTNER[w] >= 0 and not partners >> WONDER_PARTNER[w] & 1:
            continue
        open_.append(w)
    if not open_:
        return
    tribes = e.tribes
    for a in s.board.areas:
        if tribes[a] < CHEAPEST:
            continue
        row = WONDER[a]
        for w in open_:
            if wonder_check(s, a, w, total) is None:
                acts.append(row[w])


def build(s: PocketCivState, a: int, w: int) -> None:
    """PC-DEV-WONDER-01: tribes from the area (PC-Q-23 (3)), gold from the stock."""
    s.rm_tribes(a, WONDER_TRIBES[w])
    s.emp.gold -= WONDER_GOLD[w]
    s.emp.set_wonders(a, s.emp.wonders[a] + (w,))
    s.emit("pocketciv.wonder", area=a + 1, wonder=WONDER_IDS[w])
