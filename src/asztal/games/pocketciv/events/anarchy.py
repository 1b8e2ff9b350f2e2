"""7.1 Anarchy (Anarchia). Also started by Black Market taxation (PC-DEV-BM-06), with no card.

Frame: ("anarchy", step, card, era, chosen_areas_mask, n_chosen).
"""

from __future__ import annotations

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
from asztal.games.pocketciv.frames import register


def start(era: int, card: int = -1) -> tuple:
    return ("anarchy", 0, card, era, 0, 0)


def _frame(f, step, chosen=None, n=None):
    return ("anarchy", step, f[2], f[3], f[4] if chosen is None else chosen, f[5] if n is None else n)


def anarchy_step1(s, mask: int) -> None:
    """PC-EVT-ANARCHY-01..04 with ruling PC-Q-17 (see PC-TV-ANARCHY)."""
    law = s.adv & A_LAW
    per_op = 5 if s.adv & A_LITERACY else 3  # PC-EVT-ANARCHY-03
    tribes, cav = s.tribes, s.cav
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


def _run(s, f) -> bool:
    step = f[1]
    if step == 0:
        if s.adv & A_ORGANIZED_RELIGION:  # PC-EVT-ANARCHY-05, PC-Q-17 (5): choose exactly 4 areas
            s.stack[-1] = _frame(f, 1)
        else:
            s.stack[-1] = _frame(f, 2, s.board.allmask)
        return True
    if step == 1:
        return False
    if step == 2:
        anarchy_step1(s, f[4])
        s.stack[-1] = _frame(f, 3)
        return True
    if step == 3:
        if s.adv & A_SLAVE_LABOR:  # PC-EVT-ANARCHY-06, PC-Q-18 (b): red circle in total, spread
            c = s.draw()
            s.stack[-1] = _frame(f, 4)
            s.stack.append(("loss", RED[c], s.board.allmask))
        else:
            s.stack[-1] = _frame(f, 4)
        return True
    if step == 4:
        s.stack[-1] = _frame(f, 5)
        if s.adv & A_MACHINING and not s.adv & A_LAW:  # PC-EVT-ANARCHY-07, PC-EVT-ANARCHY-08
            s.stack.append(("cavloss", 2, s.board.allmask))
        return True
    s.end_event(f[2])
    return True


def _legal(s, f):
    return [PICK[a] for a in s.board.areas if not f[4] & BITS[a]]


def _act(s, f, action) -> None:
    chosen = f[4] | BITS[action.args[0]]
    n = f[5] + 1
    s.stack[-1] = _frame(f, 2 if n >= 4 else 1, chosen, n)


register("anarchy", run=_run, legal=_legal, act=_act)
