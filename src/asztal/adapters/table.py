"""What every adapter shares: a game in progress with its action numbers and observations.

``Table(game, players, options)`` starts games by seed and answers in numbers: the
seat to move, the legal action numbers and mask, a seat's observation vector, and at the
end each seat's return: what the game scores (``reward="game"``, default: as the game
declares it, ``Game.score_return``: PAX and Caboose each winner's share of the win, 1/k for
each of k winners, else 0; PocketCiv its final score / 100) or, with ``reward="win"``,
every game's win share.
"""

from __future__ import annotations

from typing import Any, final

import numpy as np

from asztal import games
from asztal.adapters.encoding import OBS_BOUND, ActionSpace, Encoder
from asztal.engine import Game, GameState

__all__ = ["OBS_BOUND", "Table"]


@final
class Table:
    """A game in progress for the adapters, compiled with the engine (``tools/build_compiled.py``):
    ``observation`` and ``play`` are the whole per-step work of an environment's ``observe``
    and ``step`` around the encoder and the rules, one call each from the interpreted
    environment."""

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                 reward: str = "game") -> None:
        if reward not in ("game", "win"):
            raise ValueError("reward is game or win")
        self.reward = reward
        self.game: Game = games.load(game)
        self.name = game
        self.players = players or self.game.default_players
        self.options = dict(options or {})
        #: the return is the final score divided by this (None: the win share)
        self.score_scale = self.game.score_return if reward == "game" else None
        first = self.game.new_game(self.players, seed=0, options=self.options)  # refuses bad players/options
        self.actions = ActionSpace(game, first)
        self.encoder = Encoder(game, first)
        self.state: GameState = first

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as a new table of the same game and its game in progress (a compiled
        class has no fields of its own to copy)."""
        return (_table, (self.name, self.players, self.options, self.reward, self.state))

    def new(self, seed: int) -> None:
        self.state = self.game.new_game(self.players, seed=int(seed), options=self.options)
        self.state.log = None

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def to_move(self) -> int | None:
        return None if self.state.is_over else self.state.to_move

    def legal(self) -> list[int]:
        return [] if self.state.is_over else self.actions.legal(self.state)

    def mask(self) -> np.ndarray:
        if self.state.is_over:
            return np.zeros(self.actions.n, dtype=np.int8)
        return self.actions.mask(self.state)

    def observe(self, seat: int) -> np.ndarray:
        """The seat's observation, clamped to the declared bounds (a count far above its scale)."""
        return self.encoder.observe(self.state, seat)

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """What an environment hands ``seat``: its observation, clamped to the declared bounds,
        and its action mask (all zeros when it is not to move)."""
        s = self.state
        mask = self.actions.mask(s) if not s.is_over and s.to_move == seat else np.zeros(self.actions.n, np.int8)
        return {"observation": self.encoder.bounded(s, seat), "action_mask": mask}

    def play(self, i: Any) -> int:
        """Apply action number ``i`` (an int, or what ``int`` reads as one: numpy's); ValueError
        (state unchanged) when it is not legal. The seat to move after it, -1 when the game is over."""
        return self.actions.play(self.state, int(i))

    def returns(self) -> list[float]:
        if not self.state.is_over:
            return [0.0] * self.players
        if self.score_scale is not None:
            return [x / self.score_scale for x in self.state.scores()]
        winners = self.state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]

    def text(self, seat: int | None) -> str:
        """The board as the terminal shows it to ``seat`` (None: a spectator), as plain text: the
        game's own drawing (its ``render`` part), else the raw view."""
        import io

        from rich.console import Console
        from rich.pretty import Pretty

        view = self.state.view(seat)
        render = getattr(self.game.part("render"), "render", None)
        console = Console(width=110, record=True, file=io.StringIO())
        console.print(Pretty(view) if render is None else render(view, "en"))
        return console.export_text()


def _table(game: str, players: int, options: dict[str, Any], reward: str, state: GameState) -> Table:
    """A table made again (``Table.__reduce__``), playing ``state``."""
    t = Table(game, players, options, reward)
    t.state = state
    return t
