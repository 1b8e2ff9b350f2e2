"""3.1 (end) the starting tribes, 5.1 Population and movement (Populáció és mozgatás).

Decisions are atomic: one tribe moves per action (``move:from=A,to=B``), then ``done``.
A voyage by sea (``sail``) opens a group: the first tribe of a group pays the one-tribe
price (PC-POP-12), further tribes sailing the same way join it for free until another action.
"""

from __future__ import annotations

from asztal.games.pocketciv.actions import DONE, PLACE, TOPUP
from asztal.games.pocketciv.data import (
    A_EQUESTRIAN,
    A_FISHING,
    A_MAGNETICS,
    A_NAVIGATION,
    A_ROADBUILDING,
    MAXAREA,
)
from asztal.games.pocketciv.frames import Event, Move, Pop, Setup, TopUp, register

SEA_MOVES = A_FISHING | A_NAVIGATION


# -- setup: the three starting tribes (PC-SETUP-MAP-13), then the deck (PC-SETUP-07) ---------
def _setup_legal(s, f):
    return [PLACE[a] for a in s.board.areas]


def _setup_act(s, f, action) -> None:
    a = action.args[0]
    s.tribes[a] += 1
    placed = f.placed + 1
    if placed < 3:
        s.stack[-1] = Setup(placed)
        return
    s.reshuffle_deck()  # PC-SETUP-07: shuffle, discard the top three, begin
    s.started = True
    s.stack[-1] = Pop()
    s.emit("pocketciv.start", areas=[x + 1 for x in s.board.areas if s.tribes[x]])


register("setup", legal=_setup_legal, act=_setup_act)


# -- phase I: growth and the top-up -----------------------------------------------------------
def _pop_run(s, f) -> bool:
    tribes = s.tribes
    grown = []
    for a in s.board.areas:  # PC-POP-01: one new tribe in every area that has a tribe
        if tribes[a]:
            tribes[a] += 1
            grown.append(a + 1)
    if s.log is not None:
        s.emit("pocketciv.round", round=s.round_no, era=s.era, header=True)
        if grown:
            s.emit("pocketciv.growth", areas=grown)
    s.moved = [0] * len(tribes)
    s.voyage = -1
    # PC-POP-02/03, PC-Q-10: after growth, top up to three tribes, only at cities, optional
    s.stack[-1] = TopUp() if sum(tribes) < 3 and any(s.cav) else Move()
    return True


def _topup_legal(s, f):
    return [TOPUP[a] for a in s.board.areas if s.cav[a]] + [DONE]


def _topup_act(s, f, action) -> None:
    if action is DONE:
        s.stack[-1] = Move()
        return
    s.tribes[action.args[0]] += 1
    if sum(s.tribes) >= 3:
        s.stack[-1] = Move()


register("pop", run=_pop_run)
register("topup", legal=_topup_legal, act=_topup_act)


# -- movement ---------------------------------------------------------------------------------
def _move_legal(s, f):
    board = s.board
    adv = s.adv
    if adv & A_EQUESTRIAN:  # PC-POP-09
        moves = board.moves_all
    elif adv & A_ROADBUILDING:  # PC-POP-08
        moves = board.moves2
    else:  # PC-POP-05
        moves = board.moves1
    sails = None
    if adv & SEA_MOVES:  # PC-POP-10, PC-POP-11
        sails = board.sails2 if adv & A_ROADBUILDING else board.sails1
        need = 1 if adv & A_MAGNETICS else 2  # PC-POP-12, PC-POP-14
    tribes, moved, voyage = s.tribes, s.moved, s.voyage
    acts = []
    for a in board.areas:
        free = tribes[a] - moved[a]
        if free <= 0:
            continue
        acts.extend(moves[a])
        if sails is not None:
            for key, act in sails[a]:
                if free >= need or key == voyage:
                    acts.append(act)
    acts.append(DONE)
    return acts


def _move_act(s, f, action) -> None:
    kind = action.kind
    if kind == "move":  # PC-POP-06: remove from the start, create at the destination
        a, b = action.args
        s.tribes[a] -= 1
        s.tribes[b] += 1
        s.moved[b] += 1
        s.voyage = -1
        s.emit("pocketciv.move", src=a + 1, dst=b + 1)
    elif kind == "sail":
        a, b = action.args
        key = a * MAXAREA + b
        if key != s.voyage:  # a new group pays one tribe, unless Magnetics (PC-POP-12/14)
            s.voyage = key
            if not s.adv & A_MAGNETICS:
                s.tribes[a] -= 1
        s.tribes[a] -= 1
        s.tribes[b] += 1
        s.moved[b] += 1
        s.emit("pocketciv.sail", src=a + 1, dst=b + 1)
    else:  # done: phase II
        s.voyage = -1
        s.moved = [0] * len(s.tribes)
        s.next_phase(Event())


register("move", legal=_move_legal, act=_move_act)
