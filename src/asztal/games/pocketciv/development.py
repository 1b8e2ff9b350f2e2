"""5.3 Development (Fejlődés): Black Market, Mining, expeditions, cities, farms, advances,
wonders, in any order until ``done`` (PC-DEV-01); every payment leaves at least one tribe in
the Empire (PC-DEV-03).
"""

from __future__ import annotations

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
from asztal.games.pocketciv.advances import acquire, legal_advances
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
    BLUE,
    GOLD,
    GREAT_WALL,
    GREEN,
    HAND,
)
from asztal.games.pocketciv.events import anarchy
from asztal.games.pocketciv.frames import Exp, Mine, Tax, Upkeep, register
from asztal.games.pocketciv.wonders import build, legal_wonders

AGRI_USED, TAXED, CAPITAL_GROWN = 1, 2, 4


def city_cost(adv: int) -> int:
    return 2 if adv & A_COMMON_TONGUE else 4  # PC-DEV-CITY-01/02


def _dev_legal(s, f):
    e = s.emp
    tribes, adv, cav, wonders = e.tribes, e.adv, e.cav, e.wonders
    total = sum(tribes)
    ccost = city_cost(adv)
    board = s.board
    acts = []
    for a in s.board.areas:
        t = tribes[a]
        if not t:
            continue
        if not cav[a] and t >= ccost and total > ccost:  # PC-DEV-CITY-01, PC-DEV-CITY-04
            acts.append(CITY[a])
        if not s.farm[a] and t >= 2 and total > 2:  # PC-DEV-FARM-01/02
            if s.forest[a]:
                acts.append(FARM[a])
            if adv & A_AGRICULTURE and not s.flags & AGRI_USED:  # PC-DEV-FARM-03
                acts.append(AGRI[a])
        if adv & A_HORTICULTURE and not s.forest[a] and t >= 4 and total > 4:  # PC-DEV-HORTI-01
            acts.append(FOREST[a])
        if total >= 2 and GREAT_WALL not in wonders[a]:  # PC-R-WALL: no expeditions from there
            if board.frontier[a]:  # PC-DEV-EXP-01
                acts.append(EXP[a][0])
            if adv & A_NAVIGATION and board.coastal[a]:  # PC-DEV-EXP-05
                acts.append(EXP[a][1])
    legal_advances(s, acts, total)
    legal_wonders(s, acts, total)
    if adv & A_MINING and total >= 4 and sum(tribes[a] for a in s.board.areas if s.mount[a]) >= 3:
        acts.append(MINE)  # PC-DEV-MINING-01, PC-DEV-MINING-08
    if adv & A_BLACK_MARKET and not s.flags & TAXED:  # PC-DEV-BM-01, PC-Q-05 (1): once per round
        acts.append(TAX)
    acts.append(DONE)
    return acts


def _dev_act(s, f, action) -> None:
    kind = action.kind
    if kind == "done":  # PC-DEV-01: the player ends phase III; upkeep follows
        s.next_phase(Upkeep(0))
    elif kind == "adv":
        acquire(s, *action.args)
    elif kind == "city":
        a = action.args[0]
        s.rm_tribes(a, city_cost(s.adv))
        s.cav[a] = 1  # PC-DEV-CITY-03
        s.emit("pocketciv.city", area=a + 1)
    elif kind == "farm":  # PC-DEV-FARM-01
        a = action.args[0]
        s.rm_tribes(a, 2)
        s.forest[a] = 0
        s.farm[a] = 1
        s.emit("pocketciv.farm", area=a + 1)
    elif kind == "agri":  # PC-DEV-FARM-03, PC-R-AGRI-ONCE
        a = action.args[0]
        s.rm_tribes(a, 2)
        s.farm[a] = 1
        s.flags |= AGRI_USED
        s.emit("pocketciv.farm", area=a + 1)
    elif kind == "forest":  # PC-DEV-HORTI-01: 4 tribes plant a forest
        a = action.args[0]
        s.rm_tribes(a, 4)
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
        s.flags |= TAXED
        s.stack.append(Tax(0))


register("dev", legal=_dev_legal, act=_dev_act)


# -- expedition (PC-DEV-EXP-*) ----------------------------------------------------------------
def expedition_gold(adv: int, force: int, sea: int, green: int, blue: int) -> int:
    loss = green if sea else blue  # PC-DEV-EXP-03, PC-DEV-EXP-06 with PC-Q-07 (a)
    if adv & A_MAGNETICS:  # PC-DEV-EXP-07: halved, rounded up
        loss = (loss + 1) // 2
    if (not sea and adv & A_CAVALRY) or (sea and adv & A_SAILS_AND_RIGGING):  # PC-DEV-EXP-08/09
        force *= 2
    return force - loss if force > loss else 0  # PC-Q-08 (1)


def _exp_legal(s, f):
    a = f.area
    if s.tribes[a] and sum(s.tribes) >= 2:
        return [EXP_ADD, GO]
    return [GO]


def _exp_act(s, f, action) -> None:
    a, sea, force = f.area, f.sea, f.force
    if action is EXP_ADD:
        s.rm_tribes(a, 1)
        s.stack[-1] = Exp(a, sea, force + 1)
        return
    c = s.draw()  # PC-DEV-EXP-04: each expedition uses one card
    gold = expedition_gold(s.adv, force, sea, GREEN[c], BLUE[c])
    s.gold += gold
    s.emit("pocketciv.expedition", area=a + 1, force=force, gold=gold)
    s.stack.pop()


register("exp", legal=_exp_legal, act=_exp_act)


# -- mining (PC-DEV-MINING-*) -----------------------------------------------------------------
def _mine_sources(s):
    return [a for a in s.board.areas if s.mount[a] and s.tribes[a]]


def _mine_run(s, f) -> bool:
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


def _mine_legal(s, f):
    if f.step == 0:
        return [PAY[a] for a in _mine_sources(s)]
    return [DRAW, STOP]


def _mine_act(s, f, action) -> None:
    step, paid, cart = f.step, f.paid, f.cart
    if step == 0:
        s.rm_tribes(action.args[0], 1)
        s.stack[-1] = Mine(0, paid + 1, 0)
        return
    if action is STOP:  # PC-DEV-MINING-05/06
        s.gold += cart
        s.emit("pocketciv.mined", gold=cart)
        s.stack.pop()
        return
    c = s.draw()
    if not GOLD[c]:  # PC-DEV-MINING-07: the mine collapses, the cart is lost
        s.emit("pocketciv.mine_collapse", lost=cart)
        s.stack.pop()
        return
    s.stack[-1] = Mine(1, 3, cart + GOLD[c])


register("mine", run=_mine_run, legal=_mine_legal, act=_mine_act)


# -- Black Market taxation (PC-DEV-BM-*) -------------------------------------------------------
def _tax_run(s, f) -> bool:
    if f.step == 1:
        return False
    c = s.draw()  # PC-DEV-BM-02
    s.gold += GOLD[c]  # PC-DEV-BM-03
    if not HAND[c]:  # PC-Q-05 (2): no handshake, no new card
        s.stack.pop()
        return True
    if s.gold < 1:  # PC-DEV-BM-06, PC-Q-05 (4): Anarchy, and the taxation ends
        s.emit("pocketciv.tax_anarchy")
        s.stack[-1] = anarchy.start(s.era)
        return True
    s.gold -= 1  # PC-DEV-BM-04
    s.stack[-1] = Tax(1)
    return False


def _tax_legal(s, f):
    return [DRAW, STOP]


def _tax_act(s, f, action) -> None:
    if action is STOP:  # PC-DEV-BM-05
        s.stack.pop()
    else:
        s.stack[-1] = Tax(0)


register("tax", run=_tax_run, legal=_tax_legal, act=_tax_act)
