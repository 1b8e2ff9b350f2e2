"""Tribal War (Törzsi háború), English v2 rules (events.md §11); PC-EVT-TRIBALWAR-*.
Frame: ``TribalWar(step, card, era, area, warring, left, picked)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_GOVERNMENT, A_MUSIC, A_SENSE_OF_COMMUNITY, BITS
from asztal.games.pocketciv.events.common import neighbour_check, pick_refuse
from asztal.games.pocketciv.frames import TribalWar, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def _check(s: PocketCivState, f: TribalWar, n: int, why: bool = False) -> Refusal | bool | None:
    r = neighbour_check(s, f.area, n, why)
    if r is None and not s.emp.tribes[n]:
        return no("no_tribe", "PC-EVT-TRIBALWAR-04", area=n + 1) if why else True
    if r is None and f.picked & BITS[n]:
        return no("chosen", "PC-EVT-TRIBALWAR-04", area=n + 1) if why else True
    return r


def _choices(s: PocketCivState, f: TribalWar) -> list[int]:
    return [n for n in s.board.adj[f.area] if _check(s, f, n) is None]


def _run(s: PocketCivState, f: TribalWar) -> bool:
    step = f.step
    if step == 0:
        if s.emp.adv & A_GOVERNMENT:  # PC-EVT-TRIBALWAR-01
            s.emit("pocketciv.spared_advance", event="tribal_war", advance="government")
            s.end_event(f.card)
            return True
        c = s.draw()
        a = s.red_area(c)
        if not s.emp.tribes[a]:  # PC-EVT-TRIBALWAR-02
            s.emit("pocketciv.spared_area", event="tribal_war", area=a + 1)
            s.end_event(f.card)
            return True
        warring = s.emp.tribes[a] * (1 if s.emp.adv & A_SENSE_OF_COMMUNITY else 2)  # PC-EVT-TRIBALWAR-03
        targets = 1 if s.emp.adv & A_MUSIC else 2  # PC-EVT-TRIBALWAR-04
        s.emit("pocketciv.tribal_war", area=a + 1, warring=warring)
        s.stack[-1] = TribalWar(1, f.card, f.era, a, warring, targets, 0)
        return True
    if step == 1:
        choices = _choices(s, f)
        if f.left > 0 and choices:
            if len(choices) > f.left:
                return False
            for n in choices:
                s.rm_tribes(n, f.warring)
        s.rm_tribes(f.area, 1 if s.emp.adv & A_MUSIC else 3)  # PC-EVT-TRIBALWAR-05
        s.end_event(f.card)
        return True
    return False


def _legal(s: PocketCivState, f: TribalWar) -> list[Action]:
    return [PICK[n] for n in _choices(s, f)]


def _act(s: PocketCivState, f: TribalWar, action: Action) -> None:
    n = action.args[0]
    s.rm_tribes(n, f.warring)
    s.stack[-1] = TribalWar(1, f.card, f.era, f.area, f.warring, f.left - 1, f.picked | BITS[n])


register("tribal_war", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
