"""5.4 Upkeep (Fenntartás), in the book's strict order (PC-UPK-01, PC-Q-01 (a)):
tribe upkeep, reckoning, pillaging, city development, city upkeep, end of upkeep.
Frame: ``Upkeep(step)``."""

from __future__ import annotations

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
    CAV_CAPS,
    GOLD,
    GROWTH_ADVANCES,
    TOOL_ADVANCES,
)
from asztal.games.pocketciv.development import CAPITAL_GROWN
from asztal.games.pocketciv.frames import Pay, Pop, Sacrifice, Starve, Upkeep, register


def support(s, a: int) -> int:
    """PC-UPK-TRIBE-01: forest + mountain/volcano + farm + CAV (deserts, faults: nothing)."""
    return s.forest[a] + (1 if s.mount[a] else 0) + s.farm[a] + s.cav[a]


def tribe_upkeep(s) -> None:
    tribes, forest, mount, farm, cav = s.tribes, s.forest, s.mount, s.farm, s.cav
    for a in s.board.areas:  # PC-UPK-TRIBE-02, with support() inlined (hot path)
        t = tribes[a]
        if t:
            cap = forest[a] + (1 if mount[a] else 0) + farm[a] + cav[a]
            if t > cap:
                s.rm_tribes(a, t - cap)


def reckoning(s) -> None:
    """PC-UPK-GOLD-01..06 with PC-Q-14 (a), PC-Q-15, PC-Q-16 (see PC-TV-RECKONING)."""
    adv = s.adv
    before = s.gold
    if not adv & A_COINAGE:  # PC-UPK-GOLD-01/02
        s.gold = 0
    if adv & A_BLACK_MARKET and s.gold:  # PC-UPK-GOLD-03
        s.gold -= 1
    if adv & A_BANKING and s.gold >= 3:  # PC-UPK-GOLD-04, ruling PC-R-BANKING: at least 3
        s.gold += 1
    if adv & A_PATRONAGE:  # PC-UPK-GOLD-05
        s.gold += max(0, s.cities() - 4)
    if s.log is not None and s.gold != before:
        s.emit("pocketciv.reckoning", before=before, gold=s.gold)


def max_cav(adv: int) -> int:
    """PC-UPK-CITYDEV-10..14, ruling PC-Q-11: the highest cap owned, 1 without any."""
    cap = 1
    for bit, c in CAV_CAPS:
        if adv & bit and c > cap:
            cap = c
    return cap


def growth_allowance(adv: int) -> int:
    return sum(1 for b in GROWTH_ADVANCES if adv & b)  # PC-UPK-CITYDEV-02..05


def growth_cost(adv: int, new: int) -> int:
    tools = sum(1 for b in TOOL_ADVANCES if adv & b)  # PC-UPK-CITYDEV-06..09
    return max(0, new - tools)  # PC-Q-12: per step, never below 0


def _sources(s):
    """PC-UPK-CAPITAL-03, PC-Q-13 (4): forest, mountain (not a volcano) or farm, anywhere."""
    out = []
    for a in s.board.areas:
        if s.forest[a]:
            out.append(SACRIFICE[a][0])
        if s.mount[a] == 1:
            out.append(SACRIFICE[a][1])
        if s.farm[a]:
            out.append(SACRIFICE[a][2])
    return out


def _growable(s, a: int, total: int, allowance: int, cap: int) -> bool:
    new = s.cav[a] + 1
    if a == s.capital:
        if s.flags & CAPITAL_GROWN:  # PC-UPK-CAPITAL-06
            return False
        if new > 4:  # PC-UPK-CAPITAL-02..05
            return new <= 10 and s.tribes[a] >= new and bool(_sources(s))
    return new <= cap and total >= growth_cost(s.adv, new)  # PC-Q-13 (3)/(5)


def _upkeep_run(s, f) -> bool:
    step = f.step
    if step == 0:  # PC-UPK-01: the steps in the book's strict order
        tribe_upkeep(s)  # PC-UPK-TRIBE-01
        s.stack[-1] = Upkeep(1)
    elif step == 1:
        reckoning(s)  # PC-UPK-GOLD-01..06
        s.stack[-1] = Upkeep(2)
    elif step == 2:
        if s.adv & A_CULTURE_OF_THIEVERY:  # PC-UPK-PILLAGE-01
            c = s.draw()
            a = s.red_area(c)
            if s.tribes[a]:  # PC-UPK-PILLAGE-02/03
                s.rm_tribes(a, 1)
                s.stack[-1] = Upkeep(3)
                return True
        s.stack[-1] = Upkeep(4)
    elif step == 3:  # PC-UPK-PILLAGE-03: a second card, its gold
        c = s.draw()
        s.gold += GOLD[c]
        s.emit("pocketciv.pillage", gold=GOLD[c])
        s.stack[-1] = Upkeep(4)
    elif step == 4:
        return False  # city development: the player's decisions
    elif step == 5:
        s.stack[-1] = Upkeep(6)
        city_upkeep(s)  # PC-UPK-CITY-01..04
    else:  # PC-UPK-END-01
        s.flags = 0
        s.acq = 0
        s.grown = 0
        s.round_no += 1
        s.next_phase(Pop())
    return True


def _citydev_legal(s, f):
    adv = s.adv
    acts = []
    if s.grown < growth_allowance(adv):  # PC-Q-11 (1a): no increase without an allowance
        total = sum(s.tribes)
        cap = max_cav(adv)
        for a in s.board.areas:
            if s.cav[a] and _growable(s, a, total, 0, cap):
                acts.append(GROW[a])
    if adv & A_CENTRALIZED_GOVERNMENT and s.capital < 0:  # PC-UPK-CAPITAL-01/07, PC-Q-13 (1)
        acts.extend(CAPITAL[a] for a in s.board.areas if s.cav[a])
    acts.append(DONE)
    return acts


def _citydev_act(s, f, action) -> None:
    kind = action.kind
    if kind == "done":
        s.stack[-1] = Upkeep(5)
        return
    a = action.args[0]
    if kind == "capital":
        s.capital = a
        s.emit("pocketciv.capital", area=a + 1)
        return
    new = s.cav[a] + 1
    s.grown += 1
    s.cav[a] = new
    s.emit("pocketciv.grow", area=a + 1, cav=new)
    if a == s.capital:
        s.flags |= CAPITAL_GROWN
        if new > 4:  # PC-UPK-CAPITAL-03/04/05: tribes from the capital's area, no tool discount
            s.rm_tribes(a, new)
            s.stack.append(Sacrifice())
            return
    s.stack.append(Pay(growth_cost(s.adv, new)))  # PC-UPK-CITYDEV-01: tribes from any areas


def city_upkeep(s) -> None:
    """PC-UPK-CITY-01..04."""
    coastal = s.board.coastal
    fishing = s.adv & A_FISHING
    needy = [a for a in s.board.areas if s.cav[a] and not (fishing and coastal[a])]  # PC-UPK-CITY-02
    if not s.adv & A_CARTAGE:
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


register("upkeep", run=_upkeep_run, legal=_citydev_legal, act=_citydev_act)


def _pay_run(s, f) -> bool:
    n = f.left
    cands = [a for a in s.board.areas if s.tribes[a]]
    if n <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(s.tribes) <= n:
        for a in cands:
            n -= s.rm_tribes(a, n)
        s.stack.pop()
        return True
    return False


def _pay_legal(s, f):
    return [PAY[a] for a in s.board.areas if s.tribes[a]]


def _pay_act(s, f, action) -> None:
    s.rm_tribes(action.args[0], 1)
    s.stack[-1] = Pay(f.left - 1)


register("pay", run=_pay_run, legal=_pay_legal, act=_pay_act)


def _sacrifice_run(s, f) -> bool:
    opts = _sources(s)
    if len(opts) > 1:
        return False
    if opts:
        _sacrifice_act(s, f, opts[0])
    else:
        s.stack.pop()
    return True


def _sacrifice_act(s, f, action) -> None:
    a, r = action.args
    if r == 0:
        s.forest[a] = 0
    elif r == 1:
        s.mount[a] = 0
    else:
        s.farm[a] = 0
    s.stack.pop()


register("sacrifice", run=_sacrifice_run, legal=lambda s, f: _sources(s), act=_sacrifice_act)


def _starve_needy(s, f):
    fishing = s.adv & A_FISHING
    return [a for a in s.board.areas if s.cav[a] and not (fishing and s.board.coastal[a]) and not f.done & BITS[a]]


def _starve_run(s, f) -> bool:
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


def _starve_act(s, f, action) -> None:
    a = action.args[0]
    s.reduce_cav(a, 1)
    s.stack[-1] = Starve(f.left - 1, f.done | BITS[a])


register("starve", run=_starve_run, legal=lambda s, f: [CAV[a] for a in _starve_needy(s, f)], act=_starve_act)
