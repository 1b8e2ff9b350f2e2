"""Speed of the MCTS bot, for ``asztal bench``: iterations per second from given positions."""

from __future__ import annotations

import time

from asztal import games
from asztal.bots.mcts import MctsBot
from asztal.engine import GameState


class MctsSearch:
    """The MCTS bot (the game's ``normal`` settings) searching from fixed positions, a fixed
    number of iterations per position; resumable slice after slice like the other workloads.

    A fixed iteration count makes the work the same in every slice and every run, so the
    time it takes is the only thing measured.
    """

    def __init__(self, positions: list[GameState], iterations: int = 64, seed: int = 0) -> None:
        self.positions = positions
        self.bot = MctsBot(seed=seed, level="normal", iterations=iterations)

    def run(self, seconds: float) -> dict[str, float]:
        clock = time.process_time
        iters = 0
        start = clock()
        while True:
            for state in self.positions:
                self.bot.search(state)
                iters += self.bot.last_stats["iterations"]
            if clock() - start >= seconds:
                break
        return {"seconds": clock() - start, "iterations": iters}


def mcts_iterations_per_second(game_name: str, players: int | None = None, seconds: float = 2.0,
                               positions: list[GameState] | None = None, iterations: int = 64) -> float:
    """MCTS iterations per second from ``positions`` (default: the game's opening position)."""
    if not positions:
        positions = [games.load(game_name).new_game(players=players, seed=0)]
    m = MctsSearch(positions, iterations).run(seconds)
    return m["iterations"] / m["seconds"]
