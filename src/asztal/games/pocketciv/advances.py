"""5.3.6 Advances (Vívmányok): acquiring one, and the rules that read ownership.

Each advance's effects are wired where the rule lives (movement, events, upkeep, ...);
``ADVANCE_RULES`` in docs/rules/pocketciv.md lists where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import ADV, DONE, DROP
from asztal.games.pocketciv.data import (
    A_BLACK_MARKET,
    A_CIVIL_SERVICE,
    A_CULTURE_OF_THIEVERY,
    A_LAW,
    A_MACHINING,
    A_SIMPLE_TOOLS,
    A_STORY_TELLING,
    ADV_GOLD,
    ADV_IDS,
    ADV_INDEX,
    ADV_PRE_ALL,
    ADV_PRE_ANY,
    ADV_RES,
    ADV_TRIBES,
    BITS,
    FOOD,
    NADV,
    SIMPLE_TOOLS_CHEAPER,
    STONE,
    STORY_TELLING_CHEAPER,
    WOOD,
)
from asztal.games.pocketciv.frames import Drop, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

FISHING = ADV_INDEX["fishing"]


def tribe_cost(adv: int, i: int) -> int:
    """PC-DEV-DISCOUNT-01: Story Telling and Simple Tools make some advances one tribe
    cheaper (never below 0)."""
    t = ADV_TRIBES[i]
    if adv & A_STORY_TELLING and STORY_TELLING_CHEAPER >> i & 1:
        t -= 1
    if adv & A_SIMPLE_TOOLS and SIMPLE_TOOLS_CHEAPER >> i & 1:
        t -= 1
    return t if t > 0 else 0


def advance_cost(s: PocketCivState, i: int) -> tuple[int, int]:
    """PC-DEV-ADV-05: the tribes and gold advance ``i`` costs; PC-MP-ADV-01: 1 gold and 1
    tribe less, never below 0, when another seat owns it (never solo)."""
    t, g = tribe_cost(s.emp.adv, i), ADV_GOLD[i]
    if s.spread >> i & 1:
        t, g = max(0, t - 1), max(0, g - 1)
    return t, g


def has_resources(s: PocketCivState, a: int, need: int) -> bool:
    """PC-DEV-ADV-06; PC-DEV-ADV-08/09: with Machining wood and stone stand in for each other,
    but an advance needing both still needs both."""
    if need & FOOD and not s.farm[a]:
        return False
    wood, stone = s.forest[a], s.mount[a] > 0
    nw, ns = need & WOOD, need & STONE
    if s.emp.adv & A_MACHINING and (nw or ns) and not (nw and ns):
        return bool(wood or stone)
    return not (nw and not wood) and not (ns and not stone)


def _names(mask: int) -> list[str]:
    return [ADV_IDS[i] for i in range(NADV) if mask >> i & 1]


def can_acquire(s: PocketCivState, a: int, i: int, total: int, why: bool = False) -> Refusal | bool | None:
    """None when the city in area ``a`` may acquire advance ``i`` as far as the advance goes
    (its costs, prerequisites and resources); else True, or the refusal with ``why``."""
    return open_check(s, i, why) or here_check(s, a, i, total, why)


def open_check(s: PocketCivState, i: int, why: bool = False) -> Refusal | bool | None:
    """The part of ``can_acquire`` no city changes: not owned yet, its prerequisites owned,
    gold enough (the legal list asks it once per advance, not once per city)."""
    adv = s.emp.adv
    bit = 1 << i
    if adv & bit:
        return no("adv_owned", "PC-DEV-ADV-11", advance=ADV_IDS[i]) if why else True
    if ADV_PRE_ALL[i] & adv != ADV_PRE_ALL[i] or (ADV_PRE_ANY[i] and not ADV_PRE_ANY[i] & adv):  # PC-DEV-ADV-07
        if not why:
            return True
        if ADV_PRE_ALL[i] & adv != ADV_PRE_ALL[i]:
            return no("adv_prereq", "PC-DEV-ADV-07", advance=ADV_IDS[i], advances=_names(ADV_PRE_ALL[i] & ~adv))
        return no("adv_prereq_any", "PC-DEV-ADV-07", advance=ADV_IDS[i], either=_names(ADV_PRE_ANY[i]))
    g = advance_cost(s, i)[1]
    if g > s.emp.gold:  # PC-DEV-ADV-05
        return no("gold", "PC-DEV-ADV-05", need=g, have=s.emp.gold) if why else True
    return None


def here_check(s: PocketCivState, a: int, i: int, total: int, why: bool = False) -> Refusal | bool | None:
    """The part of ``can_acquire`` that depends on the city in area ``a``: its tribes and
    resources, the one tribe kept in the Empire, Fishing by the Sea."""
    t = advance_cost(s, i)[0]
    if t > s.emp.tribes[a]:  # PC-DEV-ADV-05
        return no("area_tribes", "PC-DEV-ADV-05", area=a + 1, need=t, have=s.emp.tribes[a]) if why else True
    if t and total - t < 1:  # PC-DEV-03
        return no("keep_one", "PC-DEV-03", need=t, total=total) if why else True
    if i == FISHING and not s.board.coastal[a]:  # PC-R-FISHING-ACQ: only a city by the Sea
        return no("fishing_coast", "PC-R-FISHING-ACQ", area=a + 1) if why else True
    if not has_resources(s, a, ADV_RES[i]):
        return no("adv_resources", "PC-DEV-ADV-06", area=a + 1, advance=ADV_IDS[i],
                          resources=[r for r, bit in (("food", FOOD), ("wood", WOOD), ("stone", STONE))
                                     if ADV_RES[i] & bit]) if why else True
    return None


def slots_check(s: PocketCivState, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-ADV-01, PC-DEV-ADV-12: the TCAV must exceed the number of advances owned."""
    if s.emp.tcav() <= s.emp.nadv():
        if not s.emp.tcav():
            return no("adv_no_city", "PC-DEV-ADV-01") if why else True
        return no("adv_tcav", "PC-DEV-ADV-01", tcav=s.emp.tcav(), owned=s.emp.nadv()) if why else True
    return None


def city_acq_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-ADV-03: a city acquires; PC-DEV-ADV-02: once per city per round."""
    if not s.emp.cav[a]:
        return no("adv_city", "PC-DEV-ADV-03", area=a + 1) if why else True
    if s.emp.acq & BITS[a]:
        return no("adv_once", "PC-DEV-ADV-02", area=a + 1) if why else True
    return None


def advance_check(s: PocketCivState, a: int, i: int, total: int, why: bool = False) -> Refusal | bool | None:
    return slots_check(s, why) or city_acq_check(s, a, why) or can_acquire(s, a, i, total, why)


def legal_advances(s: PocketCivState, acts: list[Action], total: int) -> None:
    """The advance actions, by area then advance (the order of the table): ``can_acquire``'s
    two parts, ``open_check`` once per advance, then ``here_check`` per city for those it
    leaves (a few of 49)."""
    if slots_check(s) is not None:
        return
    candidates = [i for i in range(NADV) if open_check(s, i) is None]
    if not candidates:
        return
    for a in s.board.areas:
        if city_acq_check(s, a) is not None:
            continue
        row = ADV[a]
        for i in candidates:
            if here_check(s, a, i, total) is None:
                acts.append(row[i])


def acquire(s: PocketCivState, a: int, i: int) -> None:
    """PC-DEV-ADV-03/05/10/11: pay from the city's area and the stock; the whole Empire owns it."""
    t, g = advance_cost(s, i)
    s.rm_tribes(a, t)
    s.emp.gold -= g
    bit = 1 << i
    s.emp.adv |= bit
    s.emp.acq |= BITS[a]
    s.emit("pocketciv.advance", area=a + 1, advance=ADV_IDS[i])
    if bit == A_BLACK_MARKET:  # PC-DEV-ADV-13
        s.emp.gold += 5
    if bit in (A_LAW, A_CIVIL_SERVICE) and s.emp.adv & (A_BLACK_MARKET | A_CULTURE_OF_THIEVERY):
        s.stack.append(Drop())  # PC-R-CULTURE-DROP: Law / Civil Service may discard those two (PC-CON-04)


DROPPABLE = A_CULTURE_OF_THIEVERY | A_BLACK_MARKET


def drop_check(s: PocketCivState, i: int, why: bool = False) -> Refusal | bool | None:
    """PC-R-CULTURE-DROP: only Culture of Thievery and Black Market, if owned (PC-CON-04)."""
    bit = 1 << i
    if not bit & DROPPABLE:
        return no("drop_only", "PC-R-CULTURE-DROP") if why else True
    if not s.emp.adv & bit:
        return no("adv_not_owned", "PC-CON-04", advance=ADV_IDS[i]) if why else True
    return None


def _drop_legal(s: PocketCivState, f: Drop) -> list[Action]:
    acts = [DROP[ADV_INDEX[k]] for k in ("culture_of_thievery", "black_market") if drop_check(s, ADV_INDEX[k]) is None]
    acts.append(DONE)
    return acts


def _drop_refuse(s: PocketCivState, f: Drop, action: Action) -> Refusal | bool | None:
    if action.kind == "drop":
        return drop_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _drop_act(s: PocketCivState, f: Drop, action: Action) -> None:
    if action is DONE:
        s.stack.pop()
        return
    s.emp.adv &= ~(1 << action.args[0])  # PC-CON-04; may be acquired again (PC-Q-29)
    if not s.emp.adv & (A_BLACK_MARKET | A_CULTURE_OF_THIEVERY):
        s.stack.pop()


register("drop", legal=_drop_legal, act=_drop_act, refuse=_drop_refuse)
