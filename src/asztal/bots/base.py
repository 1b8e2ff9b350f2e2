"""The Bot interface and the random bot.

A bot decides for the seat ``state.to_move``. It may read the real state only through
what that seat can know: its own legal actions, ``state.view(seat)``, public fields
(``players``, ``history`` length, ``is_over``) and ``state.determinize(seat, rng)``,
which resamples everything the seat cannot see. Everything a bot does is a function of
its seed, its budget and what the seat sees, so a bot replays identically.

>>> from asztal import games
>>> from asztal.bots import make_bot
>>> state = games.load("nim").new_game(players=2, seed=1)   # doctest: +SKIP
>>> make_bot("random", seed=3).choose(state)                # doctest: +SKIP
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from asztal import games
from asztal.engine import Action, GameState, Rng

_MASK64 = (1 << 64) - 1


def move_rng(seed: int, state: GameState, salt: int = 0) -> Rng:
    """A generator for one decision: a function of the bot's seed and the public move number.

    Deriving it from the number of actions taken (public) rather than from a generator
    that advances with every call makes a bot's move a pure function of (seed, what its
    seat sees): a game replayed from its record, or resumed on a restarted server, gets
    the same bot moves.
    """
    return Rng(((seed & _MASK64) * 0x9E3779B97F4A7C15 + len(state.history) * 0xBF58476D1CE4E5B9
                + salt) & _MASK64 ^ (seed >> 64))


@cache
def game_module(part: str, game_name: str) -> ModuleType | None:
    """The game's ``part`` (``"heuristic"`` or ``"policy"``, as the game declares it), or None
    when the game has none."""
    return games.load(game_name).part(part)


class Bot:
    """Base class: ``choose(state)`` returns one of ``state.legal_actions()`` for ``to_move``."""

    #: the spec this bot was made from (``"mcts:hard"``), for tables and records
    spec: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec or ''} seed={self.seed}>"


class RandomBot(Bot):
    """Uniformly random among the legal actions (reads nothing else)."""

    spec = "random"

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        return acts[move_rng(self.seed, state).below(len(acts))]
