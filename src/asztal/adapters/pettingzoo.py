"""PettingZoo AEC environments: ``env("caboose", players=4)``.

>>> from asztal.adapters.pettingzoo import env
>>> e = env("pax", players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are ``player_0`` ... (seats). Every agent has the same ``Discrete(n)`` action
space, the game's fixed action numbering (``asztal.adapters.encoding.ActionSpace``), and
observes ``{"observation": float32 vector of view(seat), "action_mask": int8 mask}``;
the mask is all zeros for an agent that is not to move. Rewards come at the end
(``reward``, see ``Table``): by default each winner gets 1/k of the win (k winners), the
others 0, and PocketCiv pays its final score / 100; ``reward="win"`` the win share everywhere. An illegal action raises
ValueError and changes nothing. ``reset(seed=s)`` plays the game of seed ``s`` (without
a seed, one drawn from the environment's generator), so the same seed is the same game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from asztal.adapters.table import OBS_BOUND, Table


class AsztalAEC(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One asztal game as an agent-environment-cycle environment."""

    metadata = {"render_modes": ["ansi"], "name": "asztal_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, reward: str = "game") -> None:
        super().__init__()
        self.table = Table(game, players, options, reward)
        self.metadata = {**self.metadata, "name": f"asztal_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        self.agents = list(self.possible_agents)
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        n, size = self.table.actions.n, self.table.encoder.size
        obs = spaces.Dict({"observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                           "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(0, 2**31 - 1))
        self.table.new(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._mover()]

    # observe and step are one call each into the compiled table (``Table.observation``,
    # ``Table.play``): a step's whole cost is a few microseconds, and each interpreted call counts
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observation(self._seat[agent])

    def step(self, action: Any) -> None:  # (None for a finished agent, as PettingZoo passes it)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        to_move = self.table.play(action)
        if to_move >= 0:
            self.agent_selection = self.possible_agents[to_move]
            return
        t = self.table
        returns = t.returns()
        scores = t.state.scores()
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] = returns[seat]
            self.terminations[a] = True
            self.infos[a] = {"scores": list(scores)}
        self._accumulate_rewards()  # (before the end every reward is 0: nothing to add)

    def _mover(self) -> int:
        to_move = self.table.to_move
        assert to_move is not None  # a game not over has a seat to move
        return to_move

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.text(None)

    def close(self) -> None:
        pass


def env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, reward: str = "game") -> AsztalAEC:
    """The AEC environment of ``game`` (pax, pocketciv, caboose) for ``players`` seats."""
    return AsztalAEC(game, players, options, render_mode, reward)
