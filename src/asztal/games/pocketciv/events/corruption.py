"""Corruption (Korrupció), English v2 rules (events.md §4); PC-EVT-CORRUPTION-*.
Frame: ``Corruption(step, card, era)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pocketciv.data import A_GOVERNMENT, A_LAW, A_LITERACY, Box, symbol_sum
from asztal.games.pocketciv.events.common import box_of
from asztal.games.pocketciv.frames import CavLoss, Corruption, register

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def corruption_amount(s: PocketCivState, box: Box, c: int) -> int:
    n = symbol_sum(box, c)
    if s.emp.adv & A_GOVERNMENT:  # PC-EVT-CORRUPTION-03
        n += 3
    if s.emp.adv & A_LITERACY:  # PC-EVT-CORRUPTION-04
        n //= 2
    return n


def _run(s: PocketCivState, f: Corruption) -> bool:
    if f.step == 0:
        c = s.draw()  # PC-EVT-CORRUPTION-01
        n = corruption_amount(s, box_of(f), c)
        s.emit("pocketciv.corruption", amount=n)
        s.stack[-1] = Corruption(1, f.card, f.era)
        s.stack.append(CavLoss(n, s.board.allmask))  # PC-EVT-CORRUPTION-02
        return True
    if not s.emp.adv & A_LAW:  # PC-EVT-CORRUPTION-05 / -06
        s.emp.gold = 0
    s.end_event(f.card)
    return True


register("corruption", run=_run)
