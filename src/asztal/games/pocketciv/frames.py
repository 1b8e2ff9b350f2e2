"""The stack of pending sub-decisions.

The rules are a stack of frames in the state (``state.stack``), each a tuple
``(kind, ...)`` of plain ints and strings, so a position in the middle of an event saves
to JSON and clones with one list copy. For each kind a module registers:

- ``run(state, frame) -> bool``: do automatic work (replace, pop or push frames) and
  return True; return False when the frame waits for the player;
- ``legal(state, frame) -> list[Action]`` and ``act(state, frame, action)`` for a frame
  that waits for the player.

The bottom frame is always the current phase (``setup``, ``pop``, ``move``, ``event``,
``dev``, ``upkeep``); events and procedures push theirs on top of it.
"""

from __future__ import annotations

RUN: dict = {}
LEGAL: dict = {}
ACT: dict = {}


def register(kind: str, run=None, legal=None, act=None) -> None:
    if run is not None:
        RUN[kind] = run
    if legal is not None:
        LEGAL[kind] = legal
    if act is not None:
        ACT[kind] = act
