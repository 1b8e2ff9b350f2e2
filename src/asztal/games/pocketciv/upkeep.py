"""5.4 Upkeep (Fenntartás), in the book's strict order (PC-UPK-01, PC-Q-01 (a)):
tribe upkeep, reckoning, pillaging, city development, city upkeep, end of upkeep.
Frame: ``Upkeep(step)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import CAPITAL, CAV, DONE, GROW, PAY, SACRIFICE
from asztal.games.pocketciv.data import (
    A_BANKING,
    A_BLACK_MARKET,
    A_CARTAGE,
    A_CENTRALIZED_GOVERNMENT,
    A_COINAGE,
    A_CULTURE_OF_THIEVERY,
    A_FISHING,
    A_PATRONAGE,
    BITS,
    CAV_RAISES,
    GOLD,
    GROWTH_ADVANCES,
    TOOL_ADVANCES,
)
from asztal.games.pocketciv.development import CAPITAL_GROWN
from asztal.games.pocketciv.frames import PHASE_POP, UPKEEP_STEPS, Pay, Sacrifice, Starve, Upkeep, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def support(s: PocketCivState, a: int) -> int:
    """PC-UPK-TRIBE-01: forest + mountain/volcano + farm + CAV (deserts, faults: nothing)."""
    return s.forest[a] + (1 if s.mount[a] else 0) + s.farm[a] + s.emp.cav[a]


def tribe_upkeep(s: PocketCivState) -> None:
    tribes, forest, mount, farm, cav = s.emp.tribes, s.forest, s.mount, s.farm, s.emp.cav
    for a in s.board.areas:  # PC-UPK-TRIBE-02, with support() inlined (hot path)
        t = tribes[a]
        if t:
            cap = forest[a] + (1 if mount[a] else 0) + farm[a] + cav[a]
            if t > cap:
                s.rm_tribes(a, t - cap)


def reckoning(s: PocketCivState) -> None:
    """PC-UPK-GOLD-01..06 with PC-Q-14 (a), PC-Q-15, PC-Q-16 (see PC-TV-RECKONING)."""
    adv = s.emp.adv
    before = s.emp.gold
    if not adv & A_COINAGE:  # PC-UPK-GOLD-01/02
        s.emp.gold = 0
    if adv & A_BLACK_MARKET and s.emp.gold:  # PC-UPK-GOLD-03
        s.emp.gold -= 1
    if adv & A_BANKING and s.emp.gold >= 3:  # PC-UPK-GOLD-04, ruling PC-R-BANKING: at least 3
        s.emp.gold += 1
    if adv & A_PATRONAGE:  # PC-UPK-GOLD-05
        s.emp.gold += max(0, s.emp.cities() - 4)
    if s.log is not None and s.emp.gold != before:
        s.emit("pocketciv.reckoning", before=before, gold=s.emp.gold)


def max_cav(adv: int) -> int:
    """PC-UPK-CITYDEV-10..14, ruling PC-R-CAV-CAP-SUM (PC-Q-11 revised, rules version 4): 1 plus
    one for each cap-raising advance owned, never above 4 (p. 15: „külön-külön növelik … ezen
    hatások is összeadódnak”). The printed cards' fixed maxima (the highest one owned, rules
    version 3) are overruled by the Hungarian text."""
    return min(4, 1 + sum(1 for bit in CAV_RAISES if adv & bit))


def growth_allowance(adv: int) -> int:
    return sum(1 for b in GROWTH_ADVANCES if adv & b)  # PC-UPK-CITYDEV-02..05


def growth_cost(adv: int, new: int) -> int:
    tools = sum(1 for b in TOOL_ADVANCES if adv & b)  # PC-UPK-CITYDEV-06..09
    return max(0, new - tools)  # PC-Q-12: per step, never below 0


def source_check(s: PocketCivState, a: int, r: int, why: bool = False) -> Refusal | bool | None:
    """PC-UPK-CAPITAL-03, PC-Q-13 (4): a forest, a mountain (not a volcano) or a farm, anywhere."""
    if a < s.board.n and (s.forest, s.mount, s.farm)[r][a] == 1:
        return None
    return no("no_source", "PC-UPK-CAPITAL-03", area=a + 1, res=("forest", "mountain", "farm")[r]) if why else True


def _sources(s: PocketCivState) -> list[Action]:
    return [SACRIFICE[a][r] for a in s.board.areas for r in range(3) if source_check(s, a, r) is None]


def _sacrifice_refuse(s: PocketCivState, f: Sacrifice, action: Action) -> Refusal | bool | None:
    if action.kind == "sacrifice":
        return source_check(s, action.args[0], action.args[1], True)
    return not_here(action, f.TAG)


def grow_check(s: PocketCivState, a: int, total: int, cap: int, why: bool = False) -> Refusal | bool | None:
    """May the city in area ``a`` grow by one now (the allowance is checked by the caller)?"""
    if a >= s.board.n or not s.emp.cav[a]:
        return no("no_city", "PC-UPK-CITYDEV-01", area=a + 1) if why else True
    new = s.emp.cav[a] + 1
    if a == s.emp.capital:
        if s.emp.flags & CAPITAL_GROWN:  # PC-UPK-CAPITAL-06
            return no("capital_once", "PC-UPK-CAPITAL-06") if why else True
        if new > 4:  # PC-UPK-CAPITAL-02..05
            if new > 10:
                return no("grow_cap", "PC-UPK-CAPITAL-02", area=a + 1, cap=10) if why else True
            if s.emp.tribes[a] < new:
                return no("area_tribes", "PC-UPK-CAPITAL-04", area=a + 1, need=new,
                          have=s.emp.tribes[a]) if why else True
            if not _sources(s):
                return no("no_source", "PC-UPK-CAPITAL-03") if why else True
            return None
    if new > cap:
        return no("grow_cap", "PC-Q-11", area=a + 1, cap=cap) if why else True
    cost = growth_cost(s.emp.adv, new)
    if total < cost:  # PC-Q-13 (3)/(5)
        return no("grow_cost", "PC-UPK-CITYDEV-01", need=cost, have=total) if why else True
    return None


def allowance_check(s: PocketCivState, why: bool = False) -> Refusal | bool | None:
    """PC-Q-11 (1a): no increase without an allowance (Masonry, Civil Service, Slave Labour)."""
    allowance = growth_allowance(s.emp.adv)
    if s.emp.grown < allowance:
        return None
    if not why:
        return True
    if not allowance:
        return no("grow_none", "PC-UPK-CITYDEV-02")
    return no("grow_used", "PC-UPK-CITYDEV-05", used=s.emp.grown)


def capital_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-UPK-CAPITAL-01/07, PC-Q-13 (1): Centralized Government names a city while there is no capital."""
    if not s.emp.adv & A_CENTRALIZED_GOVERNMENT:
        return no("needs_advance", "PC-UPK-CAPITAL-01", advance="centralized_government") if why else True
    if s.emp.capital >= 0:
        return no("capital_named", "PC-UPK-CAPITAL-01", area=s.emp.capital + 1) if why else True
    if a >= s.board.n or not s.emp.cav[a]:
        return no("no_city", "PC-UPK-CAPITAL-01", area=a + 1) if why else True
    return None


def _upkeep_run(s: PocketCivState, f: Upkeep) -> bool:
    step = f.step
    if step == 0:  # PC-UPK-01: the steps in the book's strict order
        tribe_upkeep(s)  # PC-UPK-TRIBE-01
        s.stack[-1] = UPKEEP_STEPS[1]
    elif step == 1:
        reckoning(s)  # PC-UPK-GOLD-01..06
        s.stack[-1] = UPKEEP_STEPS[2]
    elif step == 2:
        if s.emp.adv & A_CULTURE_OF_THIEVERY:  # PC-UPK-PILLAGE-01
            c = s.draw()
            a = s.red_area(c)
            if s.emp.tribes[a]:  # PC-UPK-PILLAGE-02/03
                s.rm_tribes(a, 1)
                s.stack[-1] = UPKEEP_STEPS[3]
                return True
        s.stack[-1] = UPKEEP_STEPS[4]
    elif step == 3:  # PC-UPK-PILLAGE-03: a second card, its gold
        c = s.draw()
        s.emp.gold += GOLD[c]
        s.emit("pocketciv.pillage", gold=GOLD[c])
        s.stack[-1] = UPKEEP_STEPS[4]
    elif step == 4:
        return False  # city development: the player's decisions
    elif step == 5:
        s.stack[-1] = UPKEEP_STEPS[6]
        city_upkeep(s)  # PC-UPK-CITY-01..04
    else:  # PC-UPK-END-01
        s.emp.flags = 0
        s.emp.acq = 0
        s.emp.grown = 0
        s.round_no += 1
        s.next_phase(PHASE_POP)
    return True


def _citydev_legal(s: PocketCivState, f: Upkeep) -> list[Action]:
    acts = []
    if allowance_check(s) is None:
        total = sum(s.emp.tribes)
        cap = max_cav(s.emp.adv)
        for a in s.board.areas:
            if grow_check(s, a, total, cap) is None:
                acts.append(GROW[a])
    acts.extend(CAPITAL[a] for a in s.board.areas if capital_check(s, a) is None)
    acts.append(DONE)
    return acts


def _citydev_refuse(s: PocketCivState, f: Upkeep, action: Action) -> Refusal | bool | None:
    if f.step != 4:
        return None
    if action.kind == "grow":
        return allowance_check(s, True) or grow_check(s, action.args[0], sum(s.emp.tribes), max_cav(s.emp.adv), True)
    if action.kind == "capital":
        return capital_check(s, action.args[0], True)
    return not_here(action, "citydev")


def _citydev_act(s: PocketCivState, f: Upkeep, action: Action) -> None:
    kind = action.kind
    if kind == "done":
        s.stack[-1] = UPKEEP_STEPS[5]
        return
    a = action.args[0]
    if kind == "capital":
        s.emp.capital = a
        s.emit("pocketciv.capital", area=a + 1)
        return
    new = s.emp.cav[a] + 1
    s.emp.grown += 1
    s.emp.cav[a] = new
    s.emit("pocketciv.grow", area=a + 1, cav=new)
    if a == s.emp.capital:
        s.emp.flags |= CAPITAL_GROWN
        if new > 4:  # PC-UPK-CAPITAL-03/04/05: tribes from the capital's area, no tool discount
            s.rm_tribes(a, new)
            s.stack.append(Sacrifice())
            return
    s.stack.append(Pay(growth_cost(s.emp.adv, new)))  # PC-UPK-CITYDEV-01: tribes from any areas


def city_upkeep(s: PocketCivState) -> None:
    """PC-UPK-CITY-01..04."""
    coastal = s.board.coastal
    fishing = s.emp.adv & A_FISHING
    needy = [a for a in s.board.areas if s.emp.cav[a] and not (fishing and coastal[a])]  # PC-UPK-CITY-02
    if not s.emp.adv & A_CARTAGE:
        for a in needy:
            if not s.farm[a]:
                s.reduce_cav(a, 1)
        return
    short = len(needy) - sum(s.farm)  # PC-UPK-CITY-03
    if short <= 0:
        return
    if short >= len(needy):
        for a in needy:
            s.reduce_cav(a, 1)
        return
    s.stack.append(Starve(short, 0))  # PC-UPK-CITY-04: the player chooses


register("upkeep", run=_upkeep_run, legal=_citydev_legal, act=_citydev_act, refuse=_citydev_refuse)


def _pay_run(s: PocketCivState, f: Pay) -> bool:
    n = f.left
    cands = [a for a in s.board.areas if s.emp.tribes[a]]
    if n <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(s.emp.tribes) <= n:
        for a in cands:
            n -= s.rm_tribes(a, n)
        s.stack.pop()
        return True
    return False


def has_tribe(s: PocketCivState, a: int, rule: str, why: bool = False) -> Refusal | bool | None:
    if a >= s.board.n or not s.emp.tribes[a]:
        return no("no_tribe", rule, area=a + 1) if why else True
    return None


def _pay_legal(s: PocketCivState, f: Pay) -> list[Action]:
    return [PAY[a] for a in s.board.areas if has_tribe(s, a, "PC-UPK-CITYDEV-01") is None]


def _pay_refuse(s: PocketCivState, f: Pay, action: Action) -> Refusal | bool | None:
    if action.kind == "pay":
        return has_tribe(s, action.args[0], "PC-UPK-CITYDEV-01", True)
    return not_here(action, f.TAG)


def _pay_act(s: PocketCivState, f: Pay, action: Action) -> None:
    s.rm_tribes(action.args[0], 1)
    s.stack[-1] = Pay(f.left - 1)


register("pay", run=_pay_run, legal=_pay_legal, act=_pay_act, refuse=_pay_refuse)


def _sacrifice_run(s: PocketCivState, f: Sacrifice) -> bool:
    opts = _sources(s)
    if len(opts) > 1:
        return False
    if opts:
        _sacrifice_act(s, f, opts[0])
    else:
        s.stack.pop()
    return True


def _sacrifice_act(s: PocketCivState, f: Sacrifice, action: Action) -> None:
    a, r = action.args
    if r == 0:
        s.own_land()
        s.forest[a] = 0
    elif r == 1:
        s.own_land()
        s.mount[a] = 0
    else:
        s.own_land()
        s.farm[a] = 0
    s.stack.pop()


register("sacrifice", run=_sacrifice_run, legal=lambda s, f: _sources(s), act=_sacrifice_act, refuse=_sacrifice_refuse)


def starve_check(s: PocketCivState, f: Starve, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-UPK-CITY-02..04: a city that needs food (Fishing feeds coastal ones) and has not lost yet."""
    if a >= s.board.n or not s.emp.cav[a]:
        return no("no_city", "PC-UPK-CITY-04", area=a + 1) if why else True
    if s.emp.adv & A_FISHING and s.board.coastal[a]:
        return no("fed_fishing", "PC-UPK-CITY-02", area=a + 1) if why else True
    if f.done & BITS[a]:
        return no("starved", "PC-UPK-CITY-04", area=a + 1) if why else True
    return None


def _starve_needy(s: PocketCivState, f: Starve) -> list[int]:
    return [a for a in s.board.areas if starve_check(s, f, a) is None]


def _starve_refuse(s: PocketCivState, f: Starve, action: Action) -> Refusal | bool | None:
    if action.kind == "cav":
        return starve_check(s, f, action.args[0], True)
    return not_here(action, f.TAG)


def _starve_run(s: PocketCivState, f: Starve) -> bool:
    if f.left <= 0:
        s.stack.pop()
        return True
    needy = _starve_needy(s, f)
    if len(needy) <= f.left:
        for a in needy:
            s.reduce_cav(a, 1)
        s.stack.pop()
        return True
    return False


def _starve_act(s: PocketCivState, f: Starve, action: Action) -> None:
    a = action.args[0]
    s.reduce_cav(a, 1)
    s.stack[-1] = Starve(f.left - 1, f.done | BITS[a])


register("starve", run=_starve_run, legal=lambda s, f: [CAV[a] for a in _starve_needy(s, f)], act=_starve_act,
         refuse=_starve_refuse)
