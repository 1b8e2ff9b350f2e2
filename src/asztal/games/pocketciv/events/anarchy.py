"""7.1 Anarchy (Anarchia). Also started by Black Market taxation (PC-DEV-BM-06), with no card.

Frame: ``Anarchy(step, card, era, chosen, picked)``: the areas chosen with Organized Religion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import (
    A_LAW,
    A_LITERACY,
    A_MACHINING,
    A_ORGANIZED_RELIGION,
    A_SLAVE_LABOR,
    BITS,
    RED,
)
from asztal.games.pocketciv.events.common import pick_refuse
from asztal.games.pocketciv.frames import Anarchy, CavLoss, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def start(era: int, card: int = -1) -> Anarchy:
    return Anarchy(0, card, era)


def _frame(f: Anarchy, step: int, chosen: int | None = None, n: int | None = None) -> Anarchy:
    return Anarchy(step, f.card, f.era, f.chosen if chosen is None else chosen, f.picked if n is None else n)


def anarchy_step1(s: PocketCivState, mask: int) -> None:
    """PC-EVT-ANARCHY-01..04 with ruling PC-Q-17 (see PC-TV-ANARCHY)."""
    law = s.emp.adv & A_LAW
    per_op = 5 if s.emp.adv & A_LITERACY else 3  # PC-EVT-ANARCHY-03
    tribes, cav = s.emp.tribes, s.emp.cav
    for a in s.board.areas:
        if not mask & BITS[a] or cav[a] == 0:  # PC-Q-17 (1): only areas with a city
            continue
        if tribes[a] <= cav[a]:  # PC-EVT-ANARCHY-01: tribes must exceed the CAV
            continue
        if law:  # PC-EVT-ANARCHY-04, PC-Q-17 (4): tribes reduced once by the CAV, CAV kept
            s.rm_tribes(a, cav[a])
            continue
        while True:  # PC-EVT-ANARCHY-02
            s.rm_tribes(a, per_op)
            if s.reduce_cav(a, 1) and cav[a] == 0:
                break  # PC-Q-17 (3): a CAV-1 city is destroyed
            if not (cav[a] > 1 and tribes[a] >= cav[a]):  # PC-Q-17 (2)
                break
    s.emit("pocketciv.anarchy", law=bool(law))


def _run(s: PocketCivState, f: Anarchy) -> bool:
    step = f.step
    if step == 0:
        if s.emp.adv & A_ORGANIZED_RELIGION:  # PC-EVT-ANARCHY-05, PC-Q-17 (5): choose exactly 4 areas
            s.stack[-1] = _frame(f, 1)
        else:
            s.stack[-1] = _frame(f, 2, s.board.allmask)
        return True
    if step == 1:
        return False
    if step == 2:
        anarchy_step1(s, f.chosen)
        s.stack[-1] = _frame(f, 3)
        return True
    if step == 3:
        if s.emp.adv & A_SLAVE_LABOR:
            c = s.draw()
            s.stack[-1] = _frame(f, 4)
            # PC-EVT-ANARCHY-06, ruling PC-R-ANARCHY-EVERY-AREA (PC-Q-18 (a), rules version 4): every
            # area loses the red circle's number of tribes, at most what it has (PC-Q-21); p. 19: „a
            # törzsek minden területen további veszteségeket szenvednek”
            for a in s.board.areas:
                s.rm_tribes(a, RED[c])
        else:
            s.stack[-1] = _frame(f, 4)
        return True
    if step == 4:
        s.stack[-1] = _frame(f, 5)
        if s.emp.adv & A_MACHINING and not s.emp.adv & A_LAW:  # PC-EVT-ANARCHY-07, PC-EVT-ANARCHY-08
            s.stack.append(CavLoss(2, s.board.allmask))
        return True
    s.end_event(f.card)
    return True


def _check(s: PocketCivState, f: Anarchy, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-EVT-ANARCHY-05, PC-Q-17 (5): four different areas."""
    if a >= s.board.n:
        return no("no_area", "PC-EVT-ANARCHY-05", area=a + 1) if why else True
    if f.chosen & BITS[a]:
        return no("chosen", "PC-EVT-ANARCHY-05", area=a + 1) if why else True
    return None


def _legal(s: PocketCivState, f: Anarchy) -> list[Action]:
    return [PICK[a] for a in s.board.areas if _check(s, f, a) is None]


def _act(s: PocketCivState, f: Anarchy, action: Action) -> None:
    chosen = f.chosen | BITS[action.args[0]]
    n = f.picked + 1
    s.stack[-1] = _frame(f, 2 if n >= 4 else 1, chosen, n)


register("anarchy", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
