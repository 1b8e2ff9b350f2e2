"""What an Attack can do to the solo Empire: the arithmetic of the scripted player's defence.

Attacks end most collapsed solo games: over 500 deals played by the policy, 192 of the 228
collapses came from the last tribes falling to a Visitation's or the Bandits' attacking force
(PC-EVT-VISIT-04, PC-EVT-BANDITS-04), whose force is mostly 12-18 and up to 30. An Attack
walks (PC-R-ATTACK-02 … -04, -EMPTY): in each area entered the tribes absorb the force first
(1 each, 2 with Military or Metal Working, 3 with both), then the city (5 for each point of
value, 8 with Architecture); while an area is emptied, the rest goes on to the neighbour with
the fewest tribes, then the highest city value, never into an area holding nothing and never
back; a tie is the player's choice. So an Empire spread one tribe an area along a line is
wiped out by a force as large as its tribes, while one with an empty area between two groups
survives any single Attack: the walk cannot cross the gap.

``wipe_force`` is the smallest force that could leave the Empire with neither a tribe nor a
city (the player choosing the ties well); ``walk`` plays out an Attack under way, for the
player's choice at a tie. Both read only the seat's own map, as the rules do, and ask the
rules' own Attack (``events/attack.py``) where a force goes on and what a tribe or a city
absorbs, so that a ruling changed there changes the defence with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.games.pocketciv.data import A_EQUESTRIAN, BITS
from asztal.games.pocketciv.events.attack import cav_absorbs, targets, tribe_absorbs

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

#: no single Attack can wipe the Empire out (its areas are not one walk's path)
NEVER: Final = 999


def _to_wipe(s: PocketCivState, x: int, visited: int, cost: int, held: int, tribes: list[int]) -> int:
    """The force that empties every held area on a walk entering ``x`` having spent ``cost``;
    ``NEVER`` when the walk ends with something left (at a tie, the player's best branch)."""
    adv, cav = s.emp.adv, s.emp.cav
    t = tribes[x]
    if t:
        cost += t * tribe_absorbs(adv) + (2 if adv & A_EQUESTRIAN else 0)  # PC-R-ATTACK-05: −2 on entering
    cost += cav[x] * cav_absorbs(adv)
    if not held & ~visited:
        return cost
    worst = 0
    for n in targets(s.board.adj, x, visited, tribes, cav):
        worst = max(worst, _to_wipe(s, n, visited | BITS[n], cost, held, tribes))
        if worst >= NEVER:
            return NEVER
    return worst if worst else NEVER


def wipe_force(s: PocketCivState, tribes: list[int]) -> int:
    """The smallest attacking force that could wipe the Empire out, with ``tribes`` standing
    where they would (the cities as they are), entering any area: ``NEVER`` when no walk
    passes every area the Empire holds."""
    cav = s.emp.cav
    held = 0
    for a in s.board.areas:
        if tribes[a] or cav[a]:
            held |= BITS[a]
    if not held:
        return 0
    return min(_to_wipe(s, a, BITS[a], 0, held, tribes) for a in s.board.areas)


def walk(s: PocketCivState, x: int, force: int, visited: int) -> tuple[bool, int]:
    """An Attack with ``force`` left entering area ``x`` (``visited`` includes it): does it wipe
    the Empire out, and how much does it take (a tribe 1, a point of city value 3)? At a later
    tie the player takes the branch that does least harm."""
    adv = s.emp.adv
    per, cper = tribe_absorbs(adv), cav_absorbs(adv)
    tribes, cav = list(s.emp.tribes), list(s.emp.cav)
    return _walk(s, x, force, visited, tribes, cav, per, cper, 0)


def _walk(s: PocketCivState, x: int, force: int, visited: int, tribes: list[int], cav: list[int],
          per: int, cper: int, lost: int) -> tuple[bool, int]:
    while True:
        if s.emp.adv & A_EQUESTRIAN and tribes[x]:  # PC-R-ATTACK-05
            force -= 2
        k = min(tribes[x], max(force, 0) // per)  # PC-R-ATTACK-02
        tribes[x] -= k
        force -= k * per
        lost += k
        if tribes[x]:
            break  # PC-R-ATTACK-WASTE: a remainder too small for a tribe is lost
        if cav[x]:  # PC-R-ATTACK-03
            k = min(cav[x], max(force, 0) // cper)
            cav[x] -= k
            force -= k * cper
            lost += 3 * k
            if cav[x]:
                break
        if force <= 0:
            break
        nxt = targets(s.board.adj, x, visited, tribes, cav)
        if not nxt:
            break
        if len(nxt) > 1:
            return min(_walk(s, n, force, visited | BITS[n], list(tribes), list(cav), per, cper, lost) for n in nxt)
        x = nxt[0]
        visited |= BITS[x]
    return not any(tribes) and not any(cav), lost
