"""5.3.7 Building wonders (Csodák építése). Duplicates are allowed (PC-Q-23)."""

from __future__ import annotations

from asztal.games.pocketciv.actions import WONDER
from asztal.games.pocketciv.data import (
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


def can_build(s, a: int, w: int, total: int) -> bool:
    t = WONDER_TRIBES[w]
    if t > s.tribes[a] or total - t < 1 or WONDER_GOLD[w] > s.gold:  # PC-DEV-WONDER-05, PC-DEV-03
        return False
    if WONDER_ADV[w] & s.adv != WONDER_ADV[w]:  # PC-DEV-WONDER-03
        return False
    if WONDER_PARTNER[w] >= 0 and not s.partners >> WONDER_PARTNER[w] & 1:
        return False
    if WONDER_CITY[w] and not s.cav[a]:
        return False
    if WONDER_SEA[w] and not s.board.coastal[a]:
        return False
    if WONDER_FRONTIER[w] and not s.board.frontier[a]:
        return False
    return not (WONDER_MOUNTAIN[w] and not s.mount[a])


def legal_wonders(s, acts: list, total: int) -> None:
    cheapest = min(WONDER_TRIBES)
    tribes = s.emp.tribes
    for a in s.board.areas:
        if tribes[a] < cheapest:
            continue
        row = WONDER[a]
        for w in range(NWONDER):
            if can_build(s, a, w, total):
                acts.append(row[w])


def build(s, a: int, w: int) -> None:
    """PC-DEV-WONDER-01: tribes from the area (PC-Q-23 (3)), gold from the stock."""
    s.rm_tribes(a, WONDER_TRIBES[w])
    s.gold -= WONDER_GOLD[w]
    s.wonders[a] = s.wonders[a] + (w,)
    s.emit("pocketciv.wonder", area=a + 1, wonder=WONDER_IDS[w])
