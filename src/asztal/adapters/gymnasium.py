"""Gymnasium environments for the solo games: PocketCiv and the PAX solitaire campaign.

>>> from asztal.adapters.gymnasium import SoloEnv
>>> env = SoloEnv("pocketciv")
>>> obs, info = env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].nonzero()[0][0]))

The conventions of the PettingZoo environments: ``Discrete(n)`` over the game's fixed
action numbering, observations ``{"observation": float32 vector of view(0),
"action_mask": int8 mask}``. The legal actions are only this fixed-length mask (also in
``info["action_mask"]``), so the vector environments (``SyncVectorEnv``, ``AsyncVectorEnv``,
``gymnasium.make_vec``) stack them. Rewards come at the end: ``reward="game"`` (default)
is what the game scores, as it declares it (``Game.score_return``): PocketCiv its final
score / 100, the PAX solitaire 1 when the level is beaten; ``reward="win"`` pays 1 for a win (PocketCiv: the
game ended without a collapse, which stopping at the first era change already is: a
degenerate goal); ``reward="score"`` the raw final score.
An action that is not legal changes nothing and pays ``illegal_reward`` (default -0.01),
so an agent that ignores the mask learns to read it; ``max_steps`` truncates an episode.
``options={"level": 3}`` picks the PAX solitaire level. Importing this module registers
``gymnasium.make("asztal/PocketCiv-v0")`` and ``gymnasium.make("asztal/PaxSolitaire-v0")``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from asztal import games
from asztal.adapters.table import OBS_BOUND, Table

#: the games one person can play alone
SOLO_GAMES = tuple(n for n in games.names() if games.load(n).min_players == 1)


class SoloEnv(gymnasium.Env):
    """One solo game of asztal as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "pocketciv", options: dict[str, Any] | None = None, reward: str = "game",
                 illegal_reward: float = -0.01, max_steps: int = 5000, render_mode: str | None = None) -> None:
        if game not in SOLO_GAMES:
            raise ValueError(f"no solo game {game!r}: use {' or '.join(SOLO_GAMES)}")
        if reward not in ("game", "win", "score"):
            raise ValueError("reward is game, win or score")
        self.table = Table(game, 1, options, "win" if reward == "win" else "game")
        self.reward_kind, self.illegal_reward, self.max_steps = reward, illegal_reward, max_steps
        self.render_mode = render_mode
        n, size = self.table.actions.n, self.table.encoder.size
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Dict({"observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                                              "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self.steps = 0

    def _obs(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs = self.table.observation(0)  # (the compiled table's: the mask all zeros once over)
        return obs, {"action_mask": obs["action_mask"]}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self.table.new(game_seed)
        self.steps = 0
        return self._obs()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        self.steps += 1
        try:
            terminated = self.table.play(action) < 0
            reward = 0.0
        except ValueError:
            obs, info = self._obs()
            info["illegal"] = True
            return obs, self.illegal_reward, False, self.steps >= self.max_steps, info
        if terminated:
            if self.reward_kind == "score":
                reward = float(self.table.state.scores()[0])
            else:
                reward = float(self.table.returns()[0])
        obs, info = self._obs()
        if terminated:
            info["score"] = float(self.table.state.scores()[0])
        return obs, reward, terminated, (not terminated) and self.steps >= self.max_steps, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.text(0)


for _game, _id in (("pocketciv", "asztal/PocketCiv-v0"), ("pax", "asztal/PaxSolitaire-v0")):
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point=SoloEnv, kwargs={"game": _game})  # type: ignore[arg-type]
