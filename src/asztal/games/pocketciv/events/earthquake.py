"""7.6 Earthquake (Földrengés). Frame: ``Earthquake(step, card, era, area, left)``: new faults left to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_ENGINEERING, A_MEDICINE, BITS, symbol_sum
from asztal.games.pocketciv.events.common import area_mask, box_of, neighbour_check, pick_refuse
from asztal.games.pocketciv.frames import Earthquake, Loss, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def _f(f: Earthquake, step: int, left: int | None = None) -> Earthquake:
    return Earthquake(step, f.card, f.era, f.area, f.left if left is None else left)


def _open_choices(s: PocketCivState, f: Earthquake) -> list[int]:
    """PC-Q-22 (1) amended, ruling PC-R-QUAKE-NEW-FAULTS: *„1-1 további szakadék keletkezik”*, a new
    fault arises, so only a neighbour without a fault may be chosen."""
    return [n for n in s.board.adj[f.area] if _check(s, f, n) is None]


def _check(s: PocketCivState, f: Earthquake, n: int, why: bool = False) -> Refusal | bool | None:
    r = neighbour_check(s, f.area, n, why)
    if r is None and s.fault[n]:
        return no("fault_there", "PC-R-QUAKE-NEW-FAULTS", area=n + 1) if why else True
    return r


def _run(s: PocketCivState, f: Earthquake) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()  # PC-EVT-QUAKE-02
        a = s.red_area(c)
        s.hit = 0
        floor = 1 if s.emp.adv & A_ENGINEERING else 0  # PC-EVT-QUAKE-07
        s.emit("pocketciv.earthquake", area=a + 1, faulted=bool(s.fault[a]))
        if not s.fault[a]:  # PC-EVT-QUAKE-03
            s.reduce_cav(a, 1, floor)
            s.rm_tribes(a, 1)
            s.own_land()
            s.fault[a] = 1  # PC-EVT-QUAKE-01
            s.stack[-1] = Earthquake(2, f.card, f.era, a, 0)
            return True
        s.reduce_cav(a, 3, floor)  # PC-EVT-QUAKE-04
        s.rm_tribes(a, 4)
        if s.emp.wonders[a]:  # PC-Q-22 (2): Engineering does not save wonders
            s.emp.set_wonders(a, ())
            s.emit("pocketciv.wonders_lost", area=a + 1, count=0, cause="earthquake")
        s.stack[-1] = Earthquake(1, f.card, f.era, a, min(2, len(s.board.adj[a])))
        return True
    if step == 1:  # new faults in two neighbours of the player's choice, fewer if fewer are left (PC-Q-22 (1))
        choices = _open_choices(s, f)
        if f.left <= 0 or not choices:
            s.stack[-1] = _f(f, 2)
            return True
        if len(choices) <= f.left:
            s.own_land()
            for n in choices:
                s.fault[n] = 1
            s.stack[-1] = _f(f, 2)
            return True
        return False
    if step == 2:  # PC-EVT-QUAKE-05/06: always (the Hungarian text numbers it step 2)
        c = s.draw()
        s.stack[-1] = _f(f, 3)
        s.stack.append(Loss(symbol_sum(box_of(f), c), area_mask(s, f.area)))
        return True
    if s.emp.adv & A_MEDICINE:  # PC-EVT-QUAKE-08
        for x in s.board.areas:
            if s.hit & BITS[x]:
                s.emp.tribes[x] += 2
    s.end_event(f.card)
    return True


def _legal(s: PocketCivState, f: Earthquake) -> list[Action]:
    return [PICK[n] for n in _open_choices(s, f)]


def _act(s: PocketCivState, f: Earthquake, action: Action) -> None:
    s.own_land()
    s.fault[action.args[0]] = 1
    s.stack[-1] = _f(f, 1, f.left - 1)


register("earthquake", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
