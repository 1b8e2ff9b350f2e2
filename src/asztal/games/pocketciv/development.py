"""5.3 Development (Fejlődés): Black Market, Mining, expeditions, cities, farms, advances,
wonders, in any order until ``done`` (PC-DEV-01); every payment leaves at least one tribe in
the Empire (PC-DEV-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import (
    AGRI,
    CITY,
    DONE,
    DRAW,
    EXP,
    EXP_ADD,
    FARM,
    FOREST,
    GO,
    MINE,
    PAY,
    STOP,
    TAX,
)
from asztal.games.pocketciv.advances import acquire, advance_check, legal_advances
from asztal.games.pocketciv.data import (
    A_AGRICULTURE,
    A_BLACK_MARKET,
    A_CAVALRY,
    A_COMMON_TONGUE,
    A_HORTICULTURE,
    A_MAGNETICS,
    A_MINING,
    A_NAVIGATION,
    A_SAILS_AND_RIGGING,
    ADV_IDS,
    BLUE,
    GOLD,
    GREAT_WALL,
    GREEN,
    HAND,
)
from asztal.games.pocketciv.events import anarchy
from asztal.games.pocketciv.frames import TAX_STEPS, UPKEEP_STEPS, Dev, Exp, Mine, Tax, register
from asztal.games.pocketciv.refuse import no, not_here
from asztal.games.pocketciv.wonders import build, legal_wonders, wonder_check

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

AGRI_USED, TAXED, CAPITAL_GROWN = 1, 2, 4


def city_cost(adv: int) -> int:
    return 2 if adv & A_COMMON_TONGUE else 4  # PC-DEV-CITY-01/02


# -- the checks: one function per kind of move, for the legal list and the refusal (refuse.py) --
def pay_check(s: PocketCivState, total: int, cost: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-03: a payment must leave at least one tribe in the Empire."""
    if total <= cost:
        return no("keep_one", "PC-DEV-03", need=cost, total=total) if why else True
    return None


def tribes_check(s: PocketCivState, a: int, need: int, rule: str, why: bool = False) -> Refusal | bool | None:
    """The area pays ``need`` tribes itself."""
    if s.emp.tribes[a] < need:
        return no("area_tribes", rule, area=a + 1, need=need, have=s.emp.tribes[a]) if why else True
    return None


def owns_check(s: PocketCivState, bit: int, rule: str, why: bool = False) -> Refusal | bool | None:
    """The move needs an advance the Empire does not own."""
    if not s.emp.adv & bit:
        return no("needs_advance", rule, advance=ADV_IDS[bit.bit_length() - 1]) if why else True
    return None


def city_check(s: PocketCivState, a: int, total: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-CITY-01/02/04, PC-DEV-03."""
    if s.emp.cav[a]:
        return no("city_there", "PC-DEV-CITY-04", area=a + 1) if why else True
    cost = city_cost(s.emp.adv)
    return (tribes_check(s, a, cost, "PC-DEV-CITY-02" if cost == 2 else "PC-DEV-CITY-01", why)
            or pay_check(s, total, cost, why))


def farm_check(s: PocketCivState, a: int, total: int, agri: bool, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-FARM-01/02; with ``agri`` PC-DEV-FARM-03 (no forest needed, once per round)."""
    if agri:
        r = owns_check(s, A_AGRICULTURE, "PC-DEV-FARM-03", why)
        if r is not None:
            return r
        if s.emp.flags & AGRI_USED:
            return no("agri_used", "PC-DEV-FARM-03") if why else True
    if s.farm[a]:
        return no("farm_there", "PC-DEV-FARM-02", area=a + 1) if why else True
    if not agri and not s.forest[a]:
        return no("farm_forest", "PC-DEV-FARM-01", area=a + 1) if why else True
    return tribes_check(s, a, 2, "PC-DEV-FARM-01", why) or pay_check(s, total, 2, why)


def forest_check(s: PocketCivState, a: int, total: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-HORTI-01: Horticulture plants a forest for 4 tribes."""
    r = owns_check(s, A_HORTICULTURE, "PC-DEV-HORTI-01", why)
    if r is not None:
        return r
    if s.forest[a]:
        return no("forest_there", "PC-CON-06", area=a + 1) if why else True
    return tribes_check(s, a, 4, "PC-DEV-HORTI-01", why) or pay_check(s, total, 4, why)


def exp_check(s: PocketCivState, a: int, sea: int, total: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-EXP-01 (from the Frontier), PC-DEV-EXP-05 (by sea with Navigation), PC-R-WALL."""
    if not s.emp.tribes[a]:
        return no("area_tribes", "PC-DEV-EXP-01", area=a + 1, need=1, have=0) if why else True
    r = pay_check(s, total, 1, why)
    if r is not None:
        return r
    if GREAT_WALL in s.emp.wonders[a]:
        return no("wall", "PC-R-WALL", area=a + 1) if why else True
    if sea:
        r = owns_check(s, A_NAVIGATION, "PC-DEV-EXP-05", why)
        if r is not None:
            return r
        if not s.board.coastal[a]:
            return no("exp_coast", "PC-DEV-EXP-05", area=a + 1) if why else True
    elif not s.board.frontier[a]:
        return no("exp_frontier", "PC-DEV-EXP-01", area=a + 1) if why else True
    return None


def mine_check(s: PocketCivState, total: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-MINING-01, PC-DEV-MINING-08: three tribes from areas with a mountain or volcano."""
    r = owns_check(s, A_MINING, "PC-DEV-MINING-01", why)
    if r is not None:
        return r
    have = sum(s.emp.tribes[a] for a in s.board.areas if s.mount[a])
    if have < 3:
        return no("mine_tribes", "PC-DEV-MINING-08", have=have) if why else True
    return pay_check(s, total, 3, why)


def tax_check(s: PocketCivState, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-BM-01, PC-Q-05 (1): once per round."""
    r = owns_check(s, A_BLACK_MARKET, "PC-DEV-BM-01", why)
    if r is not None:
        return r
    if s.emp.flags & TAXED:
        return no("taxed", "PC-Q-05") if why else True
    return None


def _dev_legal(s: PocketCivState, f: Dev) -> list[Action]:
    total = sum(s.emp.tribes)
    acts = []
    for a in s.board.areas:
        if not s.emp.tribes[a]:
            continue
        if city_check(s, a, total) is None:
            acts.append(CITY[a])
        if farm_check(s, a, total, False) is None:
            acts.append(FARM[a])
        if farm_check(s, a, total, True) is None:
            acts.append(AGRI[a])
        if forest_check(s, a, total) is None:
            acts.append(FOREST[a])
        for sea in (0, 1):
            if exp_check(s, a, sea, total) is None:
                acts.append(EXP[a][sea])
    legal_advances(s, acts, total)
    legal_wonders(s, acts, total)
    if mine_check(s, total) is None:
        acts.append(MINE)
    if tax_check(s) is None:
        acts.append(TAX)
    acts.append(DONE)
    return acts


def _dev_refuse(s: PocketCivState, f: Dev, action: Action) -> Refusal | bool | None:
    total = sum(s.emp.tribes)
    kind, args = action.kind, action.args
    if kind == "city":
        return city_check(s, args[0], total, True)
    if kind in ("farm", "agri"):
        return farm_check(s, args[0], total, kind == "agri", True)
    if kind == "forest":
        return forest_check(s, args[0], total, True)
    if kind == "exp":
        return exp_check(s, args[0], args[1], total, True)
    if kind == "adv":
        return advance_check(s, args[0], args[1], total, True)
    if kind == "wonder":
        return wonder_check(s, args[0], args[1], total, True)
    if kind == "mine":
        return mine_check(s, total, True)
    if kind == "tax":
        return tax_check(s, True)
    return not_here(action, "dev")


def _dev_act(s: PocketCivState, f: Dev, action: Action) -> None:
    kind = action.kind
    if kind == "done":  # PC-DEV-01: the player ends phase III; upkeep follows
        s.next_phase(UPKEEP_STEPS[0])
    elif kind == "adv":
        acquire(s, *action.args)
    elif kind == "city":
        a = action.args[0]
        s.rm_tribes(a, city_cost(s.emp.adv))
        s.emp.cav[a] = 1  # PC-DEV-CITY-03
        s.emit("pocketciv.city", area=a + 1)
    elif kind == "farm":  # PC-DEV-FARM-01
        a = action.args[0]
        s.rm_tribes(a, 2)
        s.own_land()
        s.forest[a] = 0
        s.farm[a] = 1
        s.emit("pocketciv.farm", area=a + 1)
    elif kind == "agri":  # PC-DEV-FARM-03, PC-R-AGRI-ONCE
        a = action.args[0]
        s.rm_tribes(a, 2)
        s.own_land()
        s.farm[a] = 1
        s.emp.flags |= AGRI_USED
        s.emit("pocketciv.farm", area=a + 1)
    elif kind == "forest":  # PC-DEV-HORTI-01: 4 tribes plant a forest
        a = action.args[0]
        s.rm_tribes(a, 4)
        s.own_land()
        s.forest[a] = 1
        s.emit("pocketciv.forest", area=a + 1)
    elif kind == "wonder":
        build(s, *action.args)
    elif kind == "exp":
        a, sea = action.args
        s.rm_tribes(a, 1)  # PC-DEV-EXP-02: the force is removed and never comes back
        s.stack.append(Exp(a, sea, 1))
    elif kind == "mine":
        s.stack.append(Mine(0, 0, 0))
    else:  # tax
        s.emp.flags |= TAXED
        s.stack.append(TAX_STEPS[0])


register("dev", legal=_dev_legal, act=_dev_act, refuse=_dev_refuse)


# -- expedition (PC-DEV-EXP-*) ----------------------------------------------------------------
def expedition_gold(adv: int, force: int, sea: int, green: int, blue: int) -> int:
    loss = green if sea else blue  # PC-DEV-EXP-03, PC-DEV-EXP-06 with PC-Q-07 (a)
    if adv & A_MAGNETICS:  # PC-DEV-EXP-07: halved, rounded up
        loss = (loss + 1) // 2
    if (not sea and adv & A_CAVALRY) or (sea and adv & A_SAILS_AND_RIGGING):  # PC-DEV-EXP-08/09
        force *= 2
    return force - loss if force > loss else 0  # PC-Q-08 (1)


def join_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-EXP-02: a further tribe of the area joins, PC-DEV-03 keeping one in the Empire."""
    return tribes_check(s, a, 1, "PC-DEV-EXP-02", why) or pay_check(s, sum(s.emp.tribes), 1, why)


def _exp_legal(s: PocketCivState, f: Exp) -> list[Action]:
    if join_check(s, f.area) is None:
        return [EXP_ADD, GO]
    return [GO]


def _exp_refuse(s: PocketCivState, f: Exp, action: Action) -> Refusal | bool | None:
    if action is EXP_ADD:
        return join_check(s, f.area, True)
    return not_here(action, f.TAG)


def _exp_act(s: PocketCivState, f: Exp, action: Action) -> None:
    a, sea, force = f.area, f.sea, f.force
    if action is EXP_ADD:
        s.rm_tribes(a, 1)
        s.stack[-1] = Exp(a, sea, force + 1)
        return
    c = s.draw()  # PC-DEV-EXP-04: each expedition uses one card
    gold = expedition_gold(s.emp.adv, force, sea, GREEN[c], BLUE[c])
    s.emp.gold += gold
    s.emit("pocketciv.expedition", area=a + 1, force=force, gold=gold)
    s.stack.pop()


register("exp", legal=_exp_legal, act=_exp_act, refuse=_exp_refuse)


# -- mining (PC-DEV-MINING-*) -----------------------------------------------------------------
def source_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-DEV-MINING-04: the tribes come from areas with a mountain or volcano."""
    if a >= s.board.n or not s.mount[a]:
        return no("mine_area", "PC-DEV-MINING-04", area=a + 1) if why else True
    return tribes_check(s, a, 1, "PC-DEV-MINING-04", why)


def _mine_sources(s: PocketCivState) -> list[int]:
    return [a for a in s.board.areas if source_check(s, a) is None]


def _mine_refuse(s: PocketCivState, f: Mine, action: Action) -> Refusal | bool | None:
    if f.step == 0 and action.kind == "pay":
        return source_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _mine_run(s: PocketCivState, f: Mine) -> bool:
    step, paid = f.step, f.paid
    if step == 0:
        if paid < 3:  # PC-DEV-MINING-04, PC-Q-06 (1): three tribes in total from such areas
            src = _mine_sources(s)
            if len(src) > 1:
                return False
            s.rm_tribes(src[0], 3 - paid)
            s.stack[-1] = Mine(0, 3, 0)
            return True  # the draw is a step of its own (PC-ERA-11, state.draw)
        c = s.draw()
        s.stack[-1] = Mine(1, 3, GOLD[c])  # an empty first card leaves an empty cart (PC-Q-06 (2))
        return True
    return False


def _mine_legal(s: PocketCivState, f: Mine) -> list[Action]:
    if f.step == 0:
        return [PAY[a] for a in _mine_sources(s)]
    return [DRAW, STOP]


def _mine_act(s: PocketCivState, f: Mine, action: Action) -> None:
    step, paid, cart = f.step, f.paid, f.cart
    if step == 0:
        s.rm_tribes(action.args[0], 1)
        s.stack[-1] = Mine(0, paid + 1, 0)
        return
    if action is STOP:  # PC-DEV-MINING-05/06
        s.emp.gold += cart
        s.emit("pocketciv.mined", gold=cart)
        s.stack.pop()
        return
    c = s.draw()
    if not GOLD[c]:  # PC-DEV-MINING-07: the mine collapses, the cart is lost
        s.emit("pocketciv.mine_collapse", lost=cart)
        s.stack.pop()
        return
    s.stack[-1] = Mine(1, 3, cart + GOLD[c])


register("mine", run=_mine_run, legal=_mine_legal, act=_mine_act, refuse=_mine_refuse)


# -- Black Market taxation (PC-DEV-BM-*) -------------------------------------------------------
def _tax_run(s: PocketCivState, f: Tax) -> bool:
    if f.step == 1:
        return False
    c = s.draw()  # PC-DEV-BM-02
    s.emp.gold += GOLD[c]  # PC-DEV-BM-03
    if not HAND[c]:  # PC-Q-05 (2): no handshake, no new card
        s.stack.pop()
        return True
    if s.emp.gold < 1:  # PC-DEV-BM-06, PC-Q-05 (4): Anarchy, and the taxation ends
        s.emit("pocketciv.tax_anarchy")
        s.stack[-1] = anarchy.start(s.era)
        return True
    s.emp.gold -= 1  # PC-DEV-BM-04
    s.stack[-1] = TAX_STEPS[1]
    return False


def _tax_legal(s: PocketCivState, f: Tax) -> list[Action]:
    return [DRAW, STOP]


def _tax_act(s: PocketCivState, f: Tax, action: Action) -> None:
    if action is STOP:  # PC-DEV-BM-05
        s.stack.pop()
    else:
        s.stack[-1] = TAX_STEPS[0]


register("tax", run=_tax_run, legal=_tax_legal, act=_tax_act, refuse=lambda s, f, a: not_here(a, f.TAG))
