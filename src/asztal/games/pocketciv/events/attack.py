"""§15 Attack (Támadás), used by Bandits, Visitation and failed stealing.

The procedure is missing from the Hungarian transcript; it follows the English v2 text
(events.md §15) with our rulings PC-R-ATTACK-*. Frame: ``Attack(stage, area, force, visited)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import (
    A_ARCHITECTURE,
    A_EQUESTRIAN,
    A_METAL_WORKING,
    A_MILITARY,
    A_MINISTRY,
    BITS,
    GREEN,
)
from asztal.games.pocketciv.events.common import neighbour_check
from asztal.games.pocketciv.frames import Attack, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def start(area: int, force: int) -> Attack:
    return Attack(0, area, force, BITS[area])


def tribe_absorbs(adv: int) -> int:
    """PC-R-ATTACK-02: the force one tribe absorbs: 1, 2 with Military or Metal Working, 3 with both."""
    return 1 + (1 if adv & A_MILITARY else 0) + (1 if adv & A_METAL_WORKING else 0)


def cav_absorbs(adv: int) -> int:
    """PC-R-ATTACK-03: the force one point of city value absorbs: 5, 8 with Architecture."""
    return 8 if adv & A_ARCHITECTURE else 5


def targets(adj: tuple[tuple[int, ...], ...], area: int, visited: int, tribes: list[int], cav: list[int]) -> list[int]:
    """PC-R-ATTACK-04, PC-R-ATTACK-EMPTY: where the force goes on from ``area`` with these
    tribes and cities: the neighbour not yet entered with the fewest tribes, then the highest
    CAV; never an empty area (no tribes, no city); several at a tie (the player's choice). The
    scripted player's defence asks the same of positions it only imagines."""
    cands = [n for n in adj[area] if not visited & BITS[n] and (tribes[n] or cav[n])]
    if not cands:
        return []
    low = min(tribes[n] for n in cands)
    cands = [n for n in cands if tribes[n] == low]
    high = max(cav[n] for n in cands)
    return [n for n in cands if cav[n] == high]


def _targets(s: PocketCivState, area: int, visited: int) -> list[int]:
    return targets(s.board.adj, area, visited, s.emp.tribes, s.emp.cav)


def _run(s: PocketCivState, f: Attack) -> bool:
    stage, area, force, visited = f.stage, f.area, f.force, f.visited
    if force <= 0:
        s.stack.pop()
        return True
    if stage == 0:
        if s.emp.adv & A_MINISTRY:  # PC-R-ATTACK-01: Ministry draws a card first
            c = s.draw()
            cut = min(force, GREEN[c])
            force -= cut
            s.emp.gold += cut
        s.emit("pocketciv.attack", area=area + 1, force=force)
        s.stack[-1] = Attack(1, area, force, visited)
        return True
    if stage == 1:  # entering an area
        if s.emp.adv & A_EQUESTRIAN and s.emp.tribes[area]:  # PC-R-ATTACK-05
            force -= 2
        s.stack[-1] = Attack(2, area, force, visited)
        return True
    if stage == 2:
        per = tribe_absorbs(s.emp.adv)  # PC-R-ATTACK-02: the tribes absorb first
        k = s.rm_tribes(area, force // per)
        force -= k * per
        if s.emp.tribes[area]:  # a remainder too small for a tribe is lost
            s.stack.pop()
            return True
        if s.emp.cav[area]:  # PC-R-ATTACK-03: then the city, and 2 gold per CAV lost
            per = cav_absorbs(s.emp.adv)
            k = s.reduce_cav(area, force // per)
            force -= k * per
            s.emp.gold -= min(s.emp.gold, 2 * k)
            if s.emp.cav[area]:
                s.stack.pop()
                return True
        if force <= 0:
            s.stack.pop()
            return True
        nxt = _targets(s, area, visited)
        if not nxt:
            s.stack.pop()
            return True
        if len(nxt) == 1:
            s.stack[-1] = Attack(1, nxt[0], force, visited | BITS[nxt[0]])
            return True
        s.stack[-1] = Attack(3, area, force, visited)
        return True
    return False  # stage 3: the player picks among tied neighbours


def _check(s: PocketCivState, f: Attack, n: int, why: bool = False) -> Refusal | bool | None:
    """PC-R-ATTACK-04: the force goes on to one of the tied neighbours."""
    if n in _targets(s, f.area, f.visited):
        return None
    if not why:
        return True
    return neighbour_check(s, f.area, n, True) or no(
        "attack_target", "PC-R-ATTACK-04", area=n + 1, places=[x + 1 for x in _targets(s, f.area, f.visited)])


def _legal(s: PocketCivState, f: Attack) -> list[Action]:
    return [PICK[n] for n in _targets(s, f.area, f.visited) if _check(s, f, n) is None]


def _act(s: PocketCivState, f: Attack, action: Action) -> None:
    n = action.args[0]
    s.stack[-1] = Attack(1, n, f.force, f.visited | BITS[n])


def _refuse(s: PocketCivState, f: Attack, action: Action) -> Refusal | bool | None:
    if action.kind == "pick":
        return _check(s, f, action.args[0], True)
    return not_here(action, f.TAG)


register("attack", run=_run, legal=_legal, act=_act, refuse=_refuse)
