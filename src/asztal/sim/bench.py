"""Speed measurements: random-playout decision steps per second and clones per second.

Figures from one machine mean little alone, so each run also measures a reference in the
same process: OpenSpiel's C++ backgammon driven from Python (when ``open_spiel`` is
installed, ``pip install 'asztal[bench]'``). Results are reported as ratios to it.
"""

from __future__ import annotations

import random
import time
from typing import Any

from asztal import games


def playout_rate(game_name: str, players: int, seconds: float = 2.0, seed: int = 0,
                 options: dict[str, Any] | None = None) -> dict[str, float]:
    """Random playouts (fresh games one after another): decisions applied per second."""
    game = games.load(game_name)
    rnd = random.Random(seed)
    steps = games_done = 0
    start = time.perf_counter()
    deadline = start + seconds
    g = seed
    while time.perf_counter() < deadline:
        state = game.new_game(players, seed=g, options=options or {})
        state.log = None
        g += 1
        while not state.is_over:
            acts = state.legal_actions()
            state.apply(acts[int(rnd.random() * len(acts))])
            steps += 1
        games_done += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games_per_s": games_done / elapsed, "steps": steps}


def clone_rate(game_name: str, players: int, seconds: float = 1.0, seed: int = 0,
               options: dict[str, Any] | None = None) -> float:
    """Clones per second of positions sampled along random games."""
    game = games.load(game_name)
    rnd = random.Random(seed)
    positions = []
    for g in range(5):
        state = game.new_game(players, seed=seed + g, options=options or {})
        state.log = None
        while not state.is_over:
            if rnd.random() < 0.1:
                positions.append(state.clone())
            acts = state.legal_actions()
            state.apply(acts[int(rnd.random() * len(acts))])
    positions = positions[:50] or [game.new_game(players, seed=seed)]
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for p in positions:
            p.clone()
        n += len(positions)
    return n / (time.perf_counter() - start)


def reference_rate(seconds: float = 2.0, seed: int = 0) -> dict[str, Any] | None:
    """OpenSpiel backgammon random playouts from Python, or None when it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rnd = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                acts = state.legal_actions()
                state.apply_action(acts[int(rnd.random() * len(acts))])
            steps += 1
    return {"name": "OpenSpiel backgammon (C++ via pyspiel)",
            "steps_per_s": steps / (time.perf_counter() - start)}


def bench(game_names: list[str] | None = None, seconds: float = 2.0, mcts: bool = False) -> dict[str, Any]:
    """Measure every game (its smallest and largest player count) and the reference;
    with ``mcts``, also the MCTS bot's iterations per second."""
    ref = reference_rate(seconds)
    rows = []
    for name in game_names or games.names():
        game = games.load(name)
        for players in sorted({game.min_players, game.max_players}):
            play = playout_rate(name, players, seconds)
            clones = clone_rate(name, players, seconds / 2)
            row = {"game": name, "players": players, "steps_per_s": play["steps_per_s"],
                   "games_per_s": play["games_per_s"], "clones_per_s": clones}
            if mcts:
                from asztal.bots.bench import mcts_iterations_per_second

                row["mcts_iters_per_s"] = mcts_iterations_per_second(name, players, seconds / 2)
            if ref:
                row["steps_ratio"] = play["steps_per_s"] / ref["steps_per_s"]
                row["clones_ratio"] = clones / ref["steps_per_s"]
            rows.append(row)
    return {"reference": ref, "games": rows}
