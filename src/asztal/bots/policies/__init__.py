"""Scripted players that know a game, for the ``policy`` bot and for MCTS roll-outs.

A game's policy lives in ``asztal.bots.policies.<game>`` (the game declares it as its
``policy`` part) and provides
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

from asztal.bots.base import Bot, game_module, move_rng
from asztal.engine import Action, GameState


def get(game_name: str) -> ModuleType | None:
    """The policy module of a game, or None if it has none."""
    return game_module("policy", game_name)


class PolicyBot(Bot):
    """The game's scripted policy (uniformly random where the game has none).

    It decides on a sampled world (``state.determinize``), never on the real state, so it
    cannot read what its seat may not see even though the policy reads the state directly.
    """

    spec = "policy"

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        pol = get(state.game.name)
        rng = move_rng(self.seed, state)
        if pol is None:
            return acts[rng.below(len(acts))]
        world = state.determinize(state.to_move, rng.next64())
        world.log = None
        code = pol.choose(world).code
        return next(a for a in acts if a.code == code)
