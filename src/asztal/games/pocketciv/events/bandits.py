"""7.4 Bandits (Banditák). Frame: ``Bandits(step, card, era, area, force, hexagon)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import CUT
from asztal.games.pocketciv.data import (
    A_DEMOCRACY,
    A_EQUESTRIAN,
    A_LAW,
    A_SLAVE_LABOR,
    BITS,
    BLUE,
    Box,
    symbol_sum,
)
from asztal.games.pocketciv.events import attack
from asztal.games.pocketciv.events.common import box_of
from asztal.games.pocketciv.frames import Bandits, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def bandit_force(s: PocketCivState, box: Box, c: int) -> int:
    """PC-EVT-BANDITS-03, -07, -08; PC-Q-19 (a): the hexagon of the strength card. Law's and
    Democracy's reductions are the player's choice (``reductions``, ruling PC-R-BANDITS-CHOICE)."""
    force = symbol_sum(box, c)
    hexagon = BLUE[c]
    if s.emp.adv & A_EQUESTRIAN:
        force += hexagon
    if s.emp.adv & A_SLAVE_LABOR:
        force += hexagon
    return force


def reductions(s: PocketCivState, force: int, hexagon: int) -> int:
    """How many distinct reductions may be chosen: one per Law (PC-EVT-BANDITS-05) and Democracy
    (PC-EVT-BANDITS-06), "csökkenteni lehet"; a further one after the force is already spent
    would end the same (no attack), so it is not offered."""
    k = (1 if s.emp.adv & A_LAW else 0) + (1 if s.emp.adv & A_DEMOCRACY else 0)
    n = 0
    while n < k and force - n * hexagon > 0:
        n += 1
    return n


def _attack(s: PocketCivState, f: Bandits, force: int) -> None:
    s.stack[-1] = Bandits(2, f.card, f.era, f.area)
    if force > 0:  # PC-Q-19: a force of 0 or less means no attack
        s.stack.append(attack.start(f.area, force))


def _run(s: PocketCivState, f: Bandits) -> bool:
    step = f.step
    if step == 0:  # PC-EVT-BANDITS-01
        c = s.draw()
        a = s.red_area(c)
        near = BITS[a] | s.board.adjmask[a]
        if not any(s.desert[x] for x in s.board.areas if near & BITS[x]):  # PC-EVT-BANDITS-02
            s.emit("pocketciv.bandits_none", area=a + 1)
            s.end_event(f.card)
            return True
        s.stack[-1] = Bandits(1, f.card, f.era, a)
        return True
    if step == 1:  # PC-EVT-BANDITS-03/04
        c = s.draw()
        force = bandit_force(s, box_of(f), c)
        if reductions(s, force, BLUE[c]):  # PC-R-BANDITS-CHOICE: the player decides
            s.stack[-1] = Bandits(3, f.card, f.era, f.area, force, BLUE[c])
        else:
            _attack(s, f, force)
        return True
    if step == 3:
        return False
    s.end_event(f.card)
    return True


def _check(s: PocketCivState, f: Bandits, k: int, why: bool = False) -> Refusal | bool | None:
    """PC-R-BANDITS-CHOICE: at most one reduction per Law and Democracy, while the force lasts."""
    most = reductions(s, f.force, f.hexagon)
    if k > most:
        return no("cut_max", "PC-R-BANDITS-CHOICE", max=most) if why else True
    return None


def _legal(s: PocketCivState, f: Bandits) -> list[Action]:
    return [CUT[k] for k in range(len(CUT)) if _check(s, f, k) is None]


def _refuse(s: PocketCivState, f: Bandits, action: Action) -> Refusal | bool | None:
    if action.kind == "cut":
        return _check(s, f, action.args[0], True)
    return not_here(action, f.TAG)


def _act(s: PocketCivState, f: Bandits, action: Action) -> None:
    _attack(s, f, f.force - action.args[0] * f.hexagon)  # PC-EVT-BANDITS-05/06


register("bandits", run=_run, legal=_legal, act=_act, refuse=_refuse)
