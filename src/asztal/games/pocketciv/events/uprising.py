"""Uprising (Felkelés), English v2 rules (events.md §12); PC-EVT-UPRISING-*.
Frame: ``Uprising(step, card, era, area)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_LAW, A_MACHINING, A_MILITARY, A_ORGANIZED_RELIGION, A_SLAVE_LABOR
from asztal.games.pocketciv.events.common import neighbour_check, pick_refuse
from asztal.games.pocketciv.frames import Uprising, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def _strip(s: PocketCivState, a: int) -> None:
    if s.emp.adv & A_ORGANIZED_RELIGION:  # PC-EVT-UPRISING-05
        s.rm_tribes(a, 2)
    else:
        s.rm_tribes(a, s.emp.tribes[a])


def uprising(s: PocketCivState, a: int) -> None:
    law, mach = s.emp.adv & A_LAW, s.emp.adv & A_MACHINING
    loss = 1 if law and not mach else 3 if mach and not law else 2  # PC-EVT-UPRISING-03/04
    s.reduce_cav(a, loss)  # PC-EVT-UPRISING-02
    _strip(s, a)
    s.own_land()
    s.farm[a] = 0
    if s.emp.adv & A_SLAVE_LABOR:  # PC-EVT-UPRISING-06
        for x in s.board.areas:
            if not s.emp.cav[x]:
                s.own_land()
                s.farm[x] = 0


def _check(s: PocketCivState, f: Uprising, n: int, why: bool = False) -> Refusal | bool | None:
    r = neighbour_check(s, f.area, n, why)
    if r is None and not s.emp.cav[n]:
        return no("no_city", "PC-EVT-UPRISING-07", area=n + 1) if why else True
    return r


def _choices(s: PocketCivState, f: Uprising) -> list[int]:
    return [n for n in s.board.adj[f.area] if _check(s, f, n) is None]


def _spill(s: PocketCivState, n: int) -> None:
    """PC-EVT-UPRISING-07 (Military): a neighbouring city loses 1 CAV and its tribes."""
    s.reduce_cav(n, 1)
    _strip(s, n)


def _run(s: PocketCivState, f: Uprising) -> bool:
    if f.step == 0:
        c = s.draw()  # PC-EVT-UPRISING-01
        a = s.red_area(c)
        s.emit("pocketciv.uprising", area=a + 1)
        uprising(s, a)
        s.stack[-1] = Uprising(1, f.card, f.era, a)
        if not s.emp.adv & A_MILITARY:
            s.end_event(f.card)
        return True
    choices = _choices(s, f)
    if len(choices) > 1:
        return False
    if choices:
        _spill(s, choices[0])
    s.end_event(f.card)
    return True


def _legal(s: PocketCivState, f: Uprising) -> list[Action]:
    return [PICK[n] for n in _choices(s, f)]


def _act(s: PocketCivState, f: Uprising, action: Action) -> None:
    _spill(s, action.args[0])
    s.end_event(f.card)


register("uprising", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
