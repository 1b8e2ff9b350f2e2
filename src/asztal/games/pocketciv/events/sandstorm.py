"""Sandstorm (Homokvihar), English v2 rules (events.md §9); PC-EVT-SANDSTORM-*.
Frame: ``Sandstorm(step, card, era, area, left, picked)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_IRRIGATION, BITS
from asztal.games.pocketciv.events.common import neighbour_check, pick_refuse
from asztal.games.pocketciv.frames import Sandstorm, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def blast(s: PocketCivState, a: int) -> None:
    """Destroy the farm (not with Irrigation) and the forest, create a desert."""
    if not s.emp.adv & A_IRRIGATION:  # PC-EVT-SANDSTORM-04
        s.own_land()
        s.farm[a] = 0
    s.own_land()
    s.forest[a] = 0
    s.desert[a] = 1


def _check(s: PocketCivState, f: Sandstorm, n: int, why: bool = False) -> Refusal | bool | None:
    r = neighbour_check(s, f.area, n, why)
    if r is None and f.picked & BITS[n]:
        return no("chosen", "PC-EVT-SANDSTORM-02", area=n + 1) if why else True
    return r


def _choices(s: PocketCivState, f: Sandstorm) -> list[int]:
    return [n for n in s.board.adj[f.area] if _check(s, f, n) is None]


def _run(s: PocketCivState, f: Sandstorm) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()  # PC-EVT-SANDSTORM-01
        a = s.red_area(c)
        s.emit("pocketciv.sandstorm", area=a + 1)
        if s.desert[a]:  # PC-EVT-SANDSTORM-02
            s.stack[-1] = Sandstorm(1, f.card, f.era, a, min(2, len(s.board.adj[a])), 0)
            return True
        blast(s, a)  # PC-EVT-SANDSTORM-03
        s.end_event(f.card)
        return True
    choices = _choices(s, f)
    if f.left <= 0 or not choices:
        s.end_event(f.card)
        return True
    if len(choices) <= f.left:
        for n in choices:
            blast(s, n)
        s.end_event(f.card)
        return True
    return False


def _legal(s: PocketCivState, f: Sandstorm) -> list[Action]:
    return [PICK[n] for n in _choices(s, f)]


def _act(s: PocketCivState, f: Sandstorm, action: Action) -> None:
    n = action.args[0]
    blast(s, n)
    s.stack[-1] = Sandstorm(1, f.card, f.era, f.area, f.left - 1, f.picked | BITS[n])


register("sandstorm", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
