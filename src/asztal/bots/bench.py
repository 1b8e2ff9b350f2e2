"""Speed of the MCTS bot per game, for ``asztal bench``."""

from __future__ import annotations

import time

from asztal import games
from asztal.bots.mcts import MctsBot


def mcts_iterations_per_second(game_name: str, players: int | None = None, seconds: float = 2.0,
                               seed: int = 0) -> float:
    """MCTS iterations per second (``normal`` settings) over positions of a random-ish game.

    Searches from the start and then from positions a few dozen moves in (reached by the
    bot itself) until ``seconds`` of search time are spent; returns iterations / time.
    """
    game = games.load(game_name)
    state = game.new_game(players=players, seed=seed)
    iters, spent = 0, 0.0
    bot = MctsBot(seed=seed, level="normal", iterations=10**9, max_time=0.25)
    while spent < seconds:
        if state.is_over:
            seed += 1
            state = game.new_game(players=players, seed=seed)
        if len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
            continue
        t0 = time.perf_counter()
        bot.search(state)
        spent += time.perf_counter() - t0
        iters += bot.last_stats["iterations"]
        for _ in range(7):
            if state.is_over:
                break
            acts = state.legal_actions()
            state.apply(acts[len(state.history) * 7919 % len(acts)])
    return iters / spent if spent else 0.0
