"""3.1 (end) the starting tribes, 5.1 Population and movement (Populáció és mozgatás).

Decisions are atomic: one tribe moves per action (``move:from=A,to=B``), then ``done``.
A voyage by sea (``sail``) opens a group: the first tribe of a group pays the one-tribe
price (PC-POP-12), further tribes sailing the same way join it for free until another action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import DONE, PLACE, TOPUP
from asztal.games.pocketciv.data import (
    A_EQUESTRIAN,
    A_FISHING,
    A_MAGNETICS,
    A_NAVIGATION,
    A_ROADBUILDING,
    MAXAREA,
)
from asztal.games.pocketciv.frames import (
    PHASE_EVENT,
    PHASE_MOVE,
    PHASE_POP,
    PHASE_TOPUP,
    SETUP_STEPS,
    Move,
    Pop,
    Setup,
    TopUp,
    register,
)
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

SEA_MOVES = A_FISHING | A_NAVIGATION


# -- setup: the three starting tribes (PC-SETUP-MAP-13), then the deck (PC-SETUP-07) ---------
def area_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """The area is on this map (codes reach area 32, a solo map has 8)."""
    if a >= s.board.n:
        return no("no_area", "PC-SETUP-MAP-01", area=a + 1) if why else True
    return None


def _setup_legal(s: PocketCivState, f: Setup) -> list[Action]:
    return [PLACE[a] for a in s.board.areas]


def _setup_refuse(s: PocketCivState, f: Setup, action: Action) -> Refusal | bool | None:
    if action.kind == "place":
        return area_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _setup_act(s: PocketCivState, f: Setup, action: Action) -> None:
    a = action.args[0]
    s.emp.tribes[a] += 1
    placed = f.placed + 1
    if placed < 3:
        s.stack[-1] = SETUP_STEPS[placed]
        return
    s.reshuffle_deck()  # PC-SETUP-07: shuffle, discard the top three, begin
    s.started = True
    s.stack[-1] = PHASE_POP
    s.emit("pocketciv.start", areas=[x + 1 for x in s.board.areas if s.emp.tribes[x]])


register("setup", legal=_setup_legal, act=_setup_act, refuse=_setup_refuse)


# -- phase I: growth and the top-up -----------------------------------------------------------
def _pop_run(s: PocketCivState, f: Pop) -> bool:
    tribes = s.emp.tribes
    grown = []
    for a in s.board.areas:  # PC-POP-01: one new tribe in every area that has a tribe
        if tribes[a]:
            tribes[a] += 1
            grown.append(a + 1)
    if s.log is not None:
        s.emit("pocketciv.round", round=s.round_no, era=s.era, header=True)
        if grown:
            s.emit("pocketciv.growth", areas=grown)
    s.emp.moved = (0,) * len(tribes)
    s.emp.voyage = -1
    # PC-POP-02/03, PC-Q-10: after growth, top up to three tribes, only at cities, optional
    s.stack[-1] = PHASE_TOPUP if sum(tribes) < 3 and any(s.emp.cav) else PHASE_MOVE
    return True


def topup_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-POP-02: new tribes only at cities."""
    if area_check(s, a) is None and s.emp.cav[a]:
        return None
    return (area_check(s, a, why) or no("topup_city", "PC-POP-02", area=a + 1)) if why else True


def _topup_legal(s: PocketCivState, f: TopUp) -> list[Action]:
    return [TOPUP[a] for a in s.board.areas if topup_check(s, a) is None] + [DONE]


def _topup_refuse(s: PocketCivState, f: TopUp, action: Action) -> Refusal | bool | None:
    if action.kind == "topup":
        return topup_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _topup_act(s: PocketCivState, f: TopUp, action: Action) -> None:
    if action is DONE:
        s.stack[-1] = PHASE_MOVE
        return
    s.emp.tribes[action.args[0]] += 1
    if sum(s.emp.tribes) >= 3:
        s.stack[-1] = PHASE_MOVE


register("pop", run=_pop_run)
register("topup", legal=_topup_legal, act=_topup_act, refuse=_topup_refuse)


# -- movement ---------------------------------------------------------------------------------
def _reach(s: PocketCivState) -> tuple[tuple[tuple[Action, ...], ...],
                                      tuple[tuple[tuple[int, Action], ...], ...] | None, int]:
    """The land moves of this Empire (PC-POP-05, -08 Road Building, -09 Equestrian), its sea
    moves (PC-POP-10/11, None without Fishing or Navigation) and the tribes a new voyage needs
    (PC-POP-12: one pays for the group; PC-POP-14: none with Magnetics)."""
    board, adv = s.board, s.emp.adv
    if adv & A_EQUESTRIAN:
        moves = board.moves_all
    elif adv & A_ROADBUILDING:
        moves = board.moves2
    else:
        moves = board.moves1
    sails = None
    if adv & SEA_MOVES:
        sails = board.sails2 if adv & A_ROADBUILDING else board.sails1
    return moves, sails, 1 if adv & A_MAGNETICS else 2


def free_check(s: PocketCivState, a: int, why: bool = False) -> Refusal | bool | None:
    """PC-POP-05: each tribe makes one step a round; the tribes that arrived stay."""
    free = s.emp.tribes[a] - s.emp.moved[a]
    if free > 0:
        return None
    if not why:
        return True
    if not s.emp.tribes[a]:
        return no("no_tribe", "PC-POP-05", area=a + 1)
    return no("all_moved", "PC-POP-05", area=a + 1)


def _move_legal(s: PocketCivState, f: Move) -> list[Action]:
    moves, sails, need = _reach(s)
    tribes, moved, voyage = s.emp.tribes, s.emp.moved, s.emp.voyage
    acts: list[Action] = []
    for a in s.board.areas:
        if free_check(s, a) is not None:
            continue
        acts.extend(moves[a])
        if sails is not None:
            free = tribes[a] - moved[a]
            for key, act in sails[a]:
                if free >= need or key == voyage:
                    acts.append(act)
    acts.append(DONE)
    return acts


def _move_refuse(s: PocketCivState, f: Move, action: Action) -> Refusal | bool | None:
    if action.kind not in ("move", "sail"):
        return not_here(action, f.TAG)
    a, b = action.args
    r = area_check(s, a, True) or area_check(s, b, True) or free_check(s, a, True)
    if r is not None:
        return r
    moves, sails, need = _reach(s)
    if action.kind == "move":
        if action in moves[a]:
            return None
        if s.emp.adv & (A_EQUESTRIAN | A_ROADBUILDING):
            return no("too_far", "PC-POP-08", src=a + 1, dst=b + 1)
        return no("not_adjacent", "PC-POP-05", src=a + 1, dst=b + 1)
    if sails is None:
        return no("needs_advance", "PC-POP-10", advance="fishing")
    for key, act in sails[a]:
        if act is action:
            free = s.emp.tribes[a] - s.emp.moved[a]
            if free >= need or key == s.emp.voyage:
                return None
            return no("sail_tribes", "PC-POP-12", area=a + 1, need=need, have=free)
    return no("no_voyage", "PC-POP-10", src=a + 1, dst=b + 1)


def _move_act(s: PocketCivState, f: Move, action: Action) -> None:
    kind = action.kind
    if kind == "move":  # PC-POP-06: remove from the start, create at the destination
        a, b = action.args
        s.emp.tribes[a] -= 1
        s.emp.tribes[b] += 1
        s.emp.add_moved(b)
        s.emp.voyage = -1
        s.emit("pocketciv.move", src=a + 1, dst=b + 1)
    elif kind == "sail":
        a, b = action.args
        key = a * MAXAREA + b
        if key != s.emp.voyage:  # a new group pays one tribe, unless Magnetics (PC-POP-12/14)
            s.emp.voyage = key
            if not s.emp.adv & A_MAGNETICS:
                s.emp.tribes[a] -= 1
        s.emp.tribes[a] -= 1
        s.emp.tribes[b] += 1
        s.emp.add_moved(b)
        s.emit("pocketciv.sail", src=a + 1, dst=b + 1)
    else:  # done: phase II
        s.emp.voyage = -1
        s.emp.moved = (0,) * len(s.emp.tribes)
        s.next_phase(PHASE_EVENT)


register("move", legal=_move_legal, act=_move_act, refuse=_move_refuse)
