"""Scripted players that know a game, for the ``policy`` bot and for MCTS roll-outs.

A game's policy lives in ``asztal.bots.policies.<game>`` and provides
``choose(state) -> Action``: a sensible move for ``state.to_move``, read from the seat's
own position. MCTS calls it on sampled worlds (``state.determinize``), where reading the
state directly shows nothing the seat may not know; the ``policy`` bot does the same.
A random move in a roll-out is as likely to wreck a PocketCiv empire as to help it; a
policy that founds cities on farms and keeps tribes where they are fed makes the
roll-out's final score say something about the position it started from.

Games without a module get ``None`` from :func:`get`; their roll-outs stay random.
"""

from __future__ import annotations

from types import ModuleType

from asztal.bots.base import game_module


def get(game_name: str) -> ModuleType | None:
    """The policy module of a game, or None if it has none."""
    return game_module(__name__, game_name)
