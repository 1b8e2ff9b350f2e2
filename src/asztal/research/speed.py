"""Speed of the research tools, as ratios measured in one run (``python -m asztal.research.speed``).

1. ``simulate`` throughput: games per second of ``run_batch`` per game, with random and
   greedy bots, on the local backend with 1 and 2 processes and on a local Ray with 2 CPUs.
2. Adapter step cost: random play through the PettingZoo, Gymnasium and OpenSpiel
   adapters (an agent's step: observe with the mask, then act; and the same without the
   observation) against the engine's own random playout (``engine_rate``: legal actions and
   apply, no observation) in the same process, as a ratio (engine steps/s over adapter
   steps/s: how many engine steps one adapter step costs). The random agent picks among the
   legal numbers the adapter holds (PettingZoo, Gymnasium) or gives (OpenSpiel's
   ``legal_actions``): finding the ones of a mask with numpy costs the agent 2-3 µs, more
   than a whole engine step, and is the agent's work, not the adapter's.

Timings depend on the machine and its load: read the ratios, not the absolute figures.
The adapter figures count this process's CPU time (``time.process_time``), not the clock,
so that other work on a shared machine moves them less (the simulate figures, whose
workers are other processes, are by the clock).
Ray starts its workers at nice 15, so on a machine shared with other work they get what
is left: run with ``RAY_worker_niceness=0`` to compare backends fairly.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from asztal import games as registry
from asztal.research.batch import Batch, run_batch

CASES = [("pax", 3), ("pocketciv", 1), ("caboose", 4)]
#: the clock of the adapter figures: CPU time of this process (one process plays them all)
_cpu = time.process_time
GAMES = {"random": 60, "greedy": 16}


def simulate_rates(ray_cpus: int = 2) -> list[dict[str, Any]]:
    """Games per second for each game, bot and backend."""
    rows = []
    ray = None
    try:
        import ray as ray_module

        ray_module.init(num_cpus=ray_cpus, include_dashboard=False, log_to_driver=False)
        ray = ray_module
    except ImportError:
        pass
    with tempfile.TemporaryDirectory() as tmp:
        if ray is not None:  # start Ray's workers and import the games in them before timing
            for game, players in CASES:
                run_batch(Batch(game, players, ["random"], 8, seed=99), Path(tmp) / "warm.parquet", backend="ray")
        for game, players in CASES:
            for bot, n in GAMES.items():
                batch = Batch(game, players, [bot], n, seed=1)
                row: dict[str, Any] = {"game": game, "players": players, "bot": bot, "games": n}
                for label, backend, jobs in (("local_1", "local", 1), ("local_2", "local", 2), ("ray_2", "ray", 2)):
                    if backend == "ray" and ray is None:
                        continue
                    out = Path(tmp) / f"{game}-{bot}-{label}.parquet"
                    t0 = time.perf_counter()
                    run_batch(batch, out, backend=backend, jobs=jobs)
                    row[label] = n / (time.perf_counter() - t0)
                rows.append(row)
    if ray is not None:
        ray.shutdown()
    return rows


def engine_rate(game: str, players: int, seconds: float) -> float:
    """Steps/s of the engine alone: seeded games played by uniform random choice, log off."""
    g = registry.load(game)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    t0 = _cpu()
    while _cpu() - t0 < seconds:
        state = g.new_game(players, seed)
        state.log = None
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps / (_cpu() - t0)


def _pettingzoo_rate(game: str, players: int, seconds: float) -> tuple[float, float]:
    """(steps/s observing every step, steps/s reading only the mask) through the AEC env."""
    from asztal.adapters.pettingzoo import env

    rates = []
    for observe in (True, False):
        e = env(game, players=players)
        rng = np.random.default_rng(0)
        steps, seed = 0, 0
        t0 = _cpu()
        while _cpu() - t0 < seconds:
            e.reset(seed=seed)
            seed += 1
            while not e.table.over:
                if observe:
                    e.observe(e.agent_selection)
                legal = e.table.legal()
                e.step(legal[int(rng.random() * len(legal))])
                steps += 1
        rates.append(steps / (_cpu() - t0))
    return rates[0], rates[1]


def _gymnasium_rate(game: str, seconds: float) -> float:
    from asztal.adapters.gymnasium import SoloEnv

    e = SoloEnv(game)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    t0 = _cpu()
    while _cpu() - t0 < seconds:
        e.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            legal = e.table.legal()
            _, _, terminated, _, _ = e.step(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps / (_cpu() - t0)


def _openspiel_rate(game: str, players: int, seconds: float, observe: bool = True, **params: Any) -> float | None:
    """Player steps/s through OpenSpiel, the mover's observation tensor read at every step
    (``observe``); chance nodes are sampled from their outcomes and not counted as steps."""
    try:
        import pyspiel

        import asztal.adapters.openspiel  # noqa: F401
    except ImportError:
        return None
    g = pyspiel.load_game(f"python_asztal_{game}", {"players": players, **params})
    rng = np.random.default_rng(0)
    steps = 0
    t0 = _cpu()
    while _cpu() - t0 < seconds:
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps / (_cpu() - t0)


def adapter_rates(seconds: float = 3.0) -> list[dict[str, Any]]:
    """Steps/s of each adapter and of the engine's random playout, measured side by side
    (an adapter's figure reads an observation at every step, unless named ``mask_only`` or
    ``no_obs``)."""
    return [_adapter_row(game, players, seconds) for game, players in CASES + [("pax", 1)]]


def _adapter_row(game: str, players: int, seconds: float) -> dict[str, Any]:
    engine = engine_rate(game, players, seconds)
    pz_obs, pz_mask = _pettingzoo_rate(game, players, seconds)
    row: dict[str, Any] = {"game": game, "players": players, "engine_steps_per_s": engine,
                           "pettingzoo_steps_per_s": pz_obs, "pettingzoo_mask_only_steps_per_s": pz_mask}
    if players == 1:
        row["gymnasium_steps_per_s"] = _gymnasium_rate(game, seconds)
    for label, observe, params in (
            ("openspiel_seeded", True, {"deal_mode": "seeded", "recall": False}),
            ("openspiel_seeded_no_obs", False, {"deal_mode": "seeded", "recall": False}),
            ("openspiel_explicit", True, {"deal_mode": "explicit", "recall": False}),
            ("openspiel_explicit_no_obs", False, {"deal_mode": "explicit", "recall": False}),
            ("openspiel_explicit_recall", True, {"deal_mode": "explicit", "recall": True})):
        ospiel = _openspiel_rate(game, players, seconds, observe, **params)
        if ospiel is not None:
            row[f"{label}_steps_per_s"] = ospiel
    for k in list(row):
        if k.endswith("_steps_per_s") and k != "engine_steps_per_s":
            row[k.replace("_steps_per_s", "_cost_x")] = engine / row[k]
    return row


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m asztal.research.speed", description=__doc__.splitlines()[0])
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--adapters-only", action="store_true", help="only the adapters' step cost")
    only.add_argument("--simulate-only", action="store_true", help="only simulate's throughput")
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="CPU seconds of each adapter figure (default 3; each game has up to 9)")
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    result = {"adapters": [] if a.simulate_only else adapter_rates(a.seconds),
              "simulate": [] if a.adapters_only else simulate_rates()}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
