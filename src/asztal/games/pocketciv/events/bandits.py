"""7.4 Bandits (Banditák). Frame: ("bandits", step, card, era, area)."""

from __future__ import annotations

from asztal.games.pocketciv.data import (
    A_DEMOCRACY,
    A_EQUESTRIAN,
    A_LAW,
    A_SLAVE_LABOR,
    BITS,
    BLUE,
    symbol_sum,
)
from asztal.games.pocketciv.events import attack, box_of
from asztal.games.pocketciv.frames import register


def bandit_force(s, box, c: int) -> int:
    """PC-EVT-BANDITS-03, -05..-08; PC-Q-19 (a): the hexagon of the strength card.
    The reductions are applied whenever owned (ruling PC-R-BANDITS-MAY)."""
    force = symbol_sum(box, c)
    hexagon = BLUE[c]
    if s.adv & A_LAW:
        force -= hexagon
    if s.adv & A_DEMOCRACY:
        force -= hexagon
    if s.adv & A_EQUESTRIAN:
        force += hexagon
    if s.adv & A_SLAVE_LABOR:
        force += hexagon
    return force


def _run(s, f) -> bool:
    step = f[1]
    if step == 0:  # PC-EVT-BANDITS-01
        c = s.draw()
        a = s.red_area(c)
        near = BITS[a] | s.board.adjmask[a]
        if not any(s.desert[x] for x in s.board.areas if near & BITS[x]):  # PC-EVT-BANDITS-02
            s.emit("pocketciv.bandits_none", area=a + 1)
            s.end_event(f[2])
            return True
        s.stack[-1] = ("bandits", 1, f[2], f[3], a)
        return True
    if step == 1:  # PC-EVT-BANDITS-03/04
        c = s.draw()
        force = bandit_force(s, box_of(f), c)
        s.stack[-1] = ("bandits", 2, f[2], f[3], f[4])
        if force > 0:  # PC-Q-19: a force of 0 or less means no attack
            s.stack.append(attack.start(f[4], force))
        return True
    s.end_event(f[2])
    return True


register("bandits", run=_run)
