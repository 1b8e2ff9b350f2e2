"""§16 Trade (Kereskedelem), used by Visitation; English v2 rules; PC-EVT-TRADE-*.
Frame: ``Trade(step, stash, area)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.games.pocketciv.actions import DRAW, STEAL, STOP
from asztal.games.pocketciv.data import A_CULTURE_OF_THIEVERY, A_SHIPPING, BLUE, GOLD, GREEN, HAND, RED
from asztal.games.pocketciv.events import attack
from asztal.games.pocketciv.frames import Trade, register
from asztal.games.pocketciv.refuse import not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

START = Trade(0)


def _run(s: PocketCivState, f: Trade) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()
        s.emp.gold += RED[c]  # PC-EVT-TRADE-01, ruling PC-R-TRADE-GOLD: the red circle
        s.emit("pocketciv.trade", gold=RED[c])
        s.stack[-1] = Trade(1 if s.emp.adv & A_SHIPPING and HAND[c] else 2)
        return True
    if step == 1:
        c = s.draw()
        s.emp.gold += GREEN[c]  # PC-EVT-TRADE-02 (Shipping)
        s.stack[-1] = Trade(2)
        return True
    if step == 2:
        if not s.emp.adv & A_CULTURE_OF_THIEVERY:
            s.stack.pop()
            return True
        return False  # PC-EVT-TRADE-03: may try to steal
    if step == 3:
        c = s.draw()
        if not GOLD[c]:
            s.stack.pop()
            return True
        s.stack[-1] = Trade(4, GOLD[c])
        return False
    if step == 4:
        return False
    if step == 5:  # caught: the visit turns hostile
        c = s.draw()
        s.stack[-1] = Trade(6, area=s.red_area(c))
        return True
    c = s.draw()
    s.stack[-1] = attack.start(f.area, GREEN[c] + BLUE[c])
    return True


def _legal(s: PocketCivState, f: Trade) -> list[Action]:
    return [STEAL, STOP] if f.step == 2 else [DRAW, STOP]


def _act(s: PocketCivState, f: Trade, action: Action) -> None:
    if f.step == 2:
        if action is STEAL:
            s.stack[-1] = Trade(3)
        else:
            s.stack.pop()
        return
    stash = f.stash
    if action is STOP:  # bank the stash
        s.emp.gold += stash
        s.stack.pop()
        return
    c = s.draw()
    if GOLD[c]:
        s.stack[-1] = Trade(4, stash + GOLD[c])
        return
    s.emp.gold += stash - stash // 2  # PC-EVT-TRADE-04: lose half (rounded down), keep the rest
    s.emit("pocketciv.caught", kept=stash - stash // 2)
    s.stack[-1] = Trade(5)


register("trade", run=_run, legal=_legal, act=_act, refuse=lambda s, f, a: not_here(a, f.TAG))
