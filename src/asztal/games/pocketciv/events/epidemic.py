"""Epidemic (Járvány), English v2 rules (events.md §6); PC-EVT-EPIDEMIC-*.
Frame: ``Epidemic(step, card, era, area, loss, infected)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_EQUESTRIAN, A_MEDICINE, A_ROADBUILDING, BITS, symbol_sum
from asztal.games.pocketciv.events.common import box_of, pick_refuse
from asztal.games.pocketciv.frames import Epidemic, register
from asztal.games.pocketciv.refuse import no

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def infect(s: PocketCivState, a: int, loss: int) -> int:
    """Empty area ``a`` as far as the loss goes, never below 2 tribes in the Empire
    (PC-EVT-EPIDEMIC-03/04); returns the loss left."""
    room = s.emp.total_tribes() - 2
    k = s.rm_tribes(a, min(loss, room if room > 0 else 0))
    if k and not s.emp.tribes[a] and s.emp.cav[a] and s.emp.adv & A_ROADBUILDING:  # PC-EVT-EPIDEMIC-07
        s.reduce_cav(a, 2)
    return loss - k


def spread_targets(s: PocketCivState, infected: int) -> list[int]:
    """PC-EVT-EPIDEMIC-03: neighbours (of the infected areas) that have tribes; empty areas
    stop the spread, unless Road Building or Equestrian (PC-EVT-EPIDEMIC-06)."""
    through = s.emp.adv & (A_ROADBUILDING | A_EQUESTRIAN)
    adjmask, tribes = s.board.adjmask, s.emp.tribes
    seen, frontier, found = infected, infected, 0
    while frontier:
        nxt = 0
        for x in s.board.areas:
            if frontier & BITS[x]:
                nxt |= adjmask[x]
        nxt &= ~seen
        seen |= nxt
        with_tribes = sum(BITS[x] for x in s.board.areas if nxt & BITS[x] and tribes[x])
        found |= with_tribes
        frontier = nxt & ~with_tribes if through else 0
    return [x for x in s.board.areas if found & BITS[x]]


def _run(s: PocketCivState, f: Epidemic) -> bool:
    step = f.step
    if step == 0:
        c = s.draw()  # PC-EVT-EPIDEMIC-01
        a = s.red_area(c)
        if not s.emp.tribes[a]:
            s.emit("pocketciv.spared_area", event="epidemic", area=a + 1)
            s.end_event(f.card)
            return True
        s.stack[-1] = Epidemic(1, f.card, f.era, a, 0, BITS[a])
        return True
    if step == 1:
        c = s.draw()  # PC-EVT-EPIDEMIC-02
        loss = symbol_sum(box_of(f), c)
        if s.emp.adv & A_MEDICINE:  # PC-EVT-EPIDEMIC-05
            loss //= 2
        s.emit("pocketciv.epidemic", area=f.area + 1, loss=loss)
        loss = infect(s, f.area, loss)
        s.stack[-1] = Epidemic(2, f.card, f.era, f.area, loss, f.infected)
        return True
    loss = f.loss
    if loss <= 0 or s.emp.total_tribes() <= 2:
        s.end_event(f.card)
        return True
    targets = spread_targets(s, f.infected)
    if not targets:
        s.end_event(f.card)
        return True
    if len(targets) == 1:
        t = targets[0]
        s.stack[-1] = Epidemic(2, f.card, f.era, t, infect(s, t, loss), f.infected | BITS[t])
        return True
    return False


def _check(s: PocketCivState, f: Epidemic, t: int, why: bool = False) -> Refusal | bool | None:
    """PC-EVT-EPIDEMIC-03/06: the epidemic spreads only to the areas ``spread_targets`` finds."""
    if t in spread_targets(s, f.infected):
        return None
    return no("not_spread", "PC-EVT-EPIDEMIC-03", area=t + 1,
              places=[x + 1 for x in spread_targets(s, f.infected)]) if why else True


def _legal(s: PocketCivState, f: Epidemic) -> list[Action]:
    return [PICK[t] for t in spread_targets(s, f.infected)]


def _act(s: PocketCivState, f: Epidemic, action: Action) -> None:
    t = action.args[0]
    s.stack[-1] = Epidemic(2, f.card, f.era, t, infect(s, t, f.loss), f.infected | BITS[t])


register("epidemic", run=_run, legal=_legal, act=_act, refuse=pick_refuse(_check))
