"""Visitation (Látogatás) by Floren, Gilda, Atlantea or Nordic; English v2 rules
(events.md §13); PC-EVT-VISIT-*. Frame: ``Visitation(step, card, era, offer, area)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import DRAW, OFFER, OFFER_GOLD, STOP
from asztal.games.pocketciv.data import (
    A_DIPLOMACY,
    A_PHILOSOPHY,
    EMPIRES,
    GREAT_WALL,
    HAND,
    RED,
    symbol_sum,
)
from asztal.games.pocketciv.events import attack, trade
from asztal.games.pocketciv.events.common import box_of
from asztal.games.pocketciv.frames import Visitation, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

END = 9


def _f(f: Visitation, step: int, offer: int | None = None, area: int | None = None) -> Visitation:
    return Visitation(step, f.card, f.era, f.offer if offer is None else offer, f.area if area is None else area)


def _to_trade(s: PocketCivState, f: Visitation) -> None:
    s.stack[-1] = _f(f, END)
    s.stack.append(trade.START)


def _run(s: PocketCivState, f: Visitation) -> bool:
    step = f.step
    empire = box_of(f)[4]
    if step == 0:
        s.emit("pocketciv.visitation", empire=EMPIRES[empire])
        if s.emp.partners >> empire & 1:  # PC-EVT-VISIT-01
            _to_trade(s, f)
        elif s.emp.adv & A_DIPLOMACY:  # PC-EVT-VISIT-02
            s.stack[-1] = _f(f, 1, 0, -1)
        else:
            s.stack[-1] = _f(f, 2, 0, -1)
        return True
    if step == 2:  # PC-EVT-VISIT-03
        c = s.draw()
        if HAND[c]:
            _to_trade(s, f)
        else:
            s.stack[-1] = _f(f, 3 if s.emp.adv & A_PHILOSOPHY else 4)
        return True
    if step == 4:  # PC-EVT-VISIT-04
        c = s.draw()
        a = s.red_area(c)
        if GREAT_WALL in s.emp.wonders[a]:  # PC-R-WALL
            s.emit("pocketciv.wall", area=a + 1)
            s.stack[-1] = _f(f, END)
        elif not (s.board.coastal[a] or s.board.frontier[a]):
            s.stack[-1] = _f(f, END)
        else:
            s.stack[-1] = _f(f, 5, area=a)
        return True
    if step == 5:
        c = s.draw()
        force = symbol_sum(box_of(f), c)
        s.stack[-1] = _f(f, END)
        if force > 0:
            s.stack.append(attack.start(f.area, force))
        return True
    if step == END:
        s.end_event(f.card)
        return True
    return False  # steps 1 (diplomacy) and 3 (Philosophy) wait for the player


def _check(s: PocketCivState, f: Visitation, action: Action, why: bool = False) -> Refusal | bool | None:
    """PC-EVT-VISIT-02: offers of tribes (an area with one) or gold (some left), then a draw."""
    kind = action.kind
    if kind == "offer":
        a = action.args[0]
        if a >= s.board.n or not s.emp.tribes[a]:
            return no("no_tribe", "PC-EVT-VISIT-02", area=a + 1) if why else True
    elif kind == "offer_gold" and not s.emp.gold:
        return no("no_gold", "PC-EVT-VISIT-02") if why else True
    elif action is DRAW and not f.offer:
        return no("offer_first", "PC-EVT-VISIT-02") if why else True
    return None


def _legal(s: PocketCivState, f: Visitation) -> list[Action]:
    if f.step == 1:
        acts = [OFFER[a] for a in s.board.areas if _check(s, f, OFFER[a]) is None]
        acts += [x for x in (OFFER_GOLD, DRAW) if _check(s, f, x) is None]
        acts.append(STOP)
        return acts
    return [DRAW, STOP]


def _refuse(s: PocketCivState, f: Visitation, action: Action) -> Refusal | bool | None:
    if f.step == 1 and action.kind in ("offer", "offer_gold", "draw"):
        return _check(s, f, action, True)
    return not_here(action, f.TAG)


def _act(s: PocketCivState, f: Visitation, action: Action) -> None:
    if f.step == 1:
        if action is STOP:
            s.stack[-1] = _f(f, 2)
        elif action is OFFER_GOLD:
            s.emp.gold -= 1
            s.stack[-1] = _f(f, 1, f.offer + 1)
        elif action is DRAW:
            c = s.draw()
            if f.offer >= RED[c]:  # PC-EVT-VISIT-02, ruling PC-R-DIPLOMACY: at least the red circle
                empire = box_of(f)[4]
                s.emp.partners |= 1 << empire
                s.emit("pocketciv.partner", empire=EMPIRES[empire])
                _to_trade(s, f)
            else:
                s.stack[-1] = _f(f, 2, 0)
        else:
            s.rm_tribes(action.args[0], 1)
            s.stack[-1] = _f(f, 1, f.offer + 1)
        return
    if action is STOP:  # Philosophy: no second look
        s.stack[-1] = _f(f, 4)
        return
    c = s.draw()
    if HAND[c]:
        _to_trade(s, f)
    else:
        s.stack[-1] = _f(f, 4)


register("visitation", run=_run, legal=_legal, act=_act, refuse=_refuse)
