"""Speed measurements against a reference measured in the same process (``asztal bench``).

A figure from one machine means little alone (and ours has 2 cores shared by many jobs), so
every workload is compared with a reference run in the same process, interleaved with it:
OpenSpiel's C++ backgammon (``pip install 'asztal[bench]'``) driven by a uniform-random Python
loop over its legal actions and chance outcomes. The workloads run round-robin (reference,
then each game, then the reference again ...) for several rounds; each round gives every
game a ratio to the reference of that same round, and the report gives the median ratio and
its range over the rounds. See ``docs/performance.md`` for the method.

Counting is strict: a *decision* is a step where the player to move had at least two legal
actions; forced steps (one legal action) and chance steps still cost time but are not counted
as decisions. Both counts are reported, with the forced share.

The module uses only the public game API (``games.load``, ``new_game``, ``legal_actions``,
``apply``, ``clone``, ``from_json``), so ``benchmarks/compare.py`` can run it against an older
checkout of the games to measure a change before and after in the same run.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from asztal import games

if TYPE_CHECKING:
    from asztal.engine import GameState

REFERENCE_NAME = "OpenSpiel backgammon (C++ via pyspiel), uniform-random Python loop"
#: the loops read the clock once every 256 steps (a mask), never per step or per new game: a
#: clock read is a system call, about a tenth of sixteen PAX steps, and the reference's 7 µs
#: steps would hide the same cost that our 2 µs steps show (the slice ends at most 255 steps late,
#: and its seconds are the clock's own)
CLOCK_MASK = 255
#: where the fixed mid-game positions MCTS is measured from live (package data)
POSITIONS = "positions"

#: one slice of a workload: its counts (``strict``, ``steps``, ``clones``, ...) and ``seconds``
Measure = dict[str, float]


class Workload(Protocol):
    """What is timed: ``run`` works for about ``seconds`` of CPU and says what it did."""

    def run(self, seconds: float) -> Measure: ...


class Round(TypedDict, total=False):
    """One round of one game: its playouts, clones and MCTS search, beside the reference's
    ``play`` and ``clone`` of the same round (empty without a reference)."""

    play: Measure
    clone: Measure
    mcts: Measure
    ref: dict[str, Measure]


class Playouts:
    """Random playouts of one game and player count, resumable slice after slice.

    Fresh games follow one another (their setup cost is part of the workload). Uniformly
    random legal actions; ``strict`` counts decisions with two or more legal actions,
    ``steps`` every applied action.
    """

    def __init__(self, game_name: str, players: int, seed: int = 0,
                 options: dict[str, Any] | None = None) -> None:
        self.game = games.load(game_name)
        self.players = players
        self.options = options or {}
        self.rand = random.Random(seed).random
        self.next_seed = seed
        self.state: GameState | None = None

    def run(self, seconds: float) -> dict[str, float]:
        rand, clock = self.rand, time.process_time
        game, players, options = self.game, self.players, self.options
        state = self.state
        strict = steps = done = 0
        start = clock()
        deadline = start + seconds
        while True:
            if state is None or state.is_over:
                if state is not None:
                    done += 1
                state = game.new_game(players, seed=self.next_seed, options=options)
                state.log = None
                self.next_seed += 1
            acts = state.legal_actions()
            n = len(acts)
            if n > 1:
                strict += 1
            state.apply(acts[int(rand() * n)])
            steps += 1
            if not steps & CLOCK_MASK and clock() >= deadline:
                break
        self.state = state
        return {"seconds": clock() - start, "strict": strict, "steps": steps, "games": done}


class ReferencePlayouts:
    """Backgammon random playouts: uniform over legal actions and over chance outcomes.

    Every step of the loop counts, chance steps (the dice) included, when it had two or more
    options: our games roll their dice inside a player's ``apply``, backgammon in a step of
    its own, and counting that step as reference work keeps the ratios conservative.
    ``player`` counts the players' decisions alone (two or more legal actions).
    """

    def __init__(self, seed: int = 0) -> None:
        import pyspiel

        self.game = pyspiel.load_game("backgammon")
        self.rand = random.Random(seed).random
        self.state: Any = None  # a pyspiel state (pyspiel has no type information)

    def run(self, seconds: float) -> dict[str, float]:
        rand, clock = self.rand, time.process_time
        game = self.game
        state = self.state
        strict = steps = player = done = 0
        start = clock()
        deadline = start + seconds
        while True:
            if state is None or state.is_terminal():
                if state is not None:
                    done += 1
                state = game.new_initial_state()
            acts = state.legal_actions()  # at a chance node: its outcomes
            n = len(acts)
            if n > 1:
                strict += 1
                if not state.is_chance_node():
                    player += 1
            state.apply_action(acts[int(rand() * n)])
            steps += 1
            if not steps & CLOCK_MASK and clock() >= deadline:
                break
        self.state = state
        return {"seconds": clock() - start, "strict": strict, "steps": steps, "player": player, "games": done}


class Clones:
    """Clones of positions sampled along random games (every tenth decision, at most 50)."""

    def __init__(self, positions: list[Any]) -> None:
        """``positions``: our game states, or pyspiel's (anything with ``clone``)."""
        self.positions = positions

    @classmethod
    def of_game(cls, game_name: str, players: int, seed: int = 0) -> Clones:
        game = games.load(game_name)
        rand = random.Random(seed).random
        positions: list[Any] = []
        g = seed
        while len(positions) < 50 and g < seed + 20:
            state = game.new_game(players, seed=g)
            state.log = None
            g += 1
            while not state.is_over and len(positions) < 50:
                acts = state.legal_actions()
                if rand() < 0.1:
                    positions.append(state.clone())
                state.apply(acts[int(rand() * len(acts))])
        return cls(positions or [game.new_game(players, seed=seed)])

    @classmethod
    def of_reference(cls, seed: int = 0) -> Clones:
        import pyspiel

        game = pyspiel.load_game("backgammon")
        rand = random.Random(seed).random
        positions: list[Any] = []
        while len(positions) < 50:
            state = game.new_initial_state()
            while not state.is_terminal() and len(positions) < 50:
                acts = state.legal_actions()
                if not state.is_chance_node() and rand() < 0.1:
                    positions.append(state.clone())
                state.apply_action(acts[int(rand() * len(acts))])
        return cls(positions)

    def run(self, seconds: float) -> dict[str, float]:
        clock = time.process_time
        positions = self.positions
        n = 0
        start = clock()
        deadline = start + seconds
        while True:
            for p in positions:
                p.clone()
            n += len(positions)
            if clock() >= deadline:
                break
        return {"seconds": clock() - start, "clones": n}


def load_positions(game_name: str, players: int) -> list[GameState]:
    """The shipped mid-game positions of ``game_name`` with ``players`` (saved states); [] if none."""
    path = resources.files("asztal.sim").joinpath(POSITIONS, f"{game_name}-{players}p.json")
    if not path.is_file():
        return []
    game = games.load(game_name)
    out = []
    for saved in json.loads(path.read_text(encoding="utf-8")):
        state = game.from_json(saved)
        state.log = None
        out.append(state)
    return out


def _spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def player_counts(game_name: str) -> list[int]:
    game = games.load(game_name)
    return list(range(game.min_players, game.max_players + 1))


def bench(game_names: list[str] | None = None, seconds: float = 2.0, mcts: bool = False,
          rounds: int = 5, players: list[int] | None = None, reference: bool = True,
          mcts_iterations: int = 64) -> dict[str, Any]:
    """Measure every game at each player count (or those in ``players``) against the reference.

    ``seconds`` is each workload's total time, spread over ``rounds`` interleaved rounds.
    Returns ``{"reference": ..., "build": ..., "games": [row, ...], "method": ...}`` (``build``:
    whether the compiled modules or the pure-Python sources ran, ``asztal._build``); a row holds medians and
    ranges over the rounds of strict decisions/s, all steps/s, games/s, clones/s and their
    ratios to the reference of the same round, the forced share and (with ``mcts``) MCTS
    iterations/s from the shipped positions.
    """
    ref_play = ref_clone = None
    if reference:
        try:
            ref_play, ref_clone = ReferencePlayouts(), Clones.of_reference()
        except ImportError:
            pass
    configs: list[tuple[str, int, dict[str, Workload]]] = []
    for name in game_names or games.names():
        for n in player_counts(name):
            if players is None or n in players:
                work: dict[str, Workload] = {"play": Playouts(name, n), "clone": Clones.of_game(name, n)}
                if mcts:
                    from asztal.bots.bench import MctsSearch

                    positions = load_positions(name, n)
                    if positions:
                        work["mcts"] = MctsSearch(positions, mcts_iterations)
                configs.append((name, n, work))
    slice_s = seconds / rounds
    if ref_play is not None:  # warm up (caches, lazy imports) before the first measured round
        ref_play.run(slice_s / 4)
    for _name, _n, work in configs:
        work["play"].run(slice_s / 4)
    ref_rounds: list[dict[str, Measure]] = []
    results: list[list[Round]] = [[] for _ in configs]
    for _ in range(rounds):
        ref: dict[str, Measure] = {}
        if ref_play is not None and ref_clone is not None:
            ref = {"play": ref_play.run(slice_s), "clone": ref_clone.run(slice_s / 2)}
            ref_rounds.append(ref)
        for i, (_name, _n, work) in enumerate(configs):
            got: Round = {"play": work["play"].run(slice_s), "clone": work["clone"].run(slice_s / 2)}
            if "mcts" in work:
                got["mcts"] = work["mcts"].run(slice_s)
            got["ref"] = ref
            results[i].append(got)
    return {"reference": _reference_summary(ref_rounds), "build": _build_info(),
            "games": [_row(name, n, res) for (name, n, _), res in zip(configs, results, strict=True)],
            "method": {"rounds": rounds, "seconds_per_workload": seconds, "counting": "strict",
                       "mcts_iterations_per_position": mcts_iterations if mcts else None}}


def _build_info() -> dict[str, str]:
    try:
        from asztal._build import build_info
    except ImportError:  # an older checkout measured by benchmarks/compare.py: pure Python
        return {"build": "pure", "engine": "state.py", "compiled": "no"}
    return build_info()


def _rate(m: Measure, key: str) -> float:
    return m[key] / m["seconds"] if m["seconds"] else 0.0


def _reference_summary(ref_rounds: list[dict[str, Measure]]) -> dict[str, Any] | None:
    if not ref_rounds:
        return None
    plays = [r["play"] for r in ref_rounds]
    strict = sum(p["strict"] for p in plays)
    steps = sum(p["steps"] for p in plays)
    return {"name": REFERENCE_NAME,
            "decisions_per_s": _spread([_rate(p, "strict") for p in plays]),
            "steps_per_s": _spread([_rate(p, "steps") for p in plays]),
            "player_decisions_per_s": _spread([_rate(p, "player") for p in plays]),
            "clones_per_s": _spread([_rate(r["clone"], "clones") for r in ref_rounds]),
            "forced_share": 1 - strict / steps if steps else 0.0}


def _row(name: str, players: int, res: list[Round]) -> dict[str, Any]:
    plays = [r["play"] for r in res]
    strict = sum(p["strict"] for p in plays)
    steps = sum(p["steps"] for p in plays)
    row: dict[str, Any] = {
        "game": name, "players": players,
        "decisions_per_s": _spread([_rate(p, "strict") for p in plays]),
        "steps_per_s": _spread([_rate(p, "steps") for p in plays]),
        "games_per_s": _spread([_rate(p, "games") for p in plays]),
        "clones_per_s": _spread([_rate(r["clone"], "clones") for r in res]),
        "forced_share": 1 - strict / steps if steps else 0.0,
        "decisions": strict, "steps": steps,
    }
    if "mcts" in res[0]:
        row["mcts_iters_per_s"] = _spread([_rate(r["mcts"], "iterations") for r in res])
    if res[0]["ref"]:
        row["decisions_ratio"] = _spread([_rate(r["play"], "strict") / _rate(r["ref"]["play"], "strict")
                                          for r in res])
        row["steps_ratio"] = _spread([_rate(r["play"], "steps") / _rate(r["ref"]["play"], "steps")
                                      for r in res])
        row["clones_ratio"] = _spread([_rate(r["clone"], "clones") / _rate(r["ref"]["clone"], "clones")
                                       for r in res])
    return row


if __name__ == "__main__":  # used by benchmarks/compare.py: one bench as JSON on stdout
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--mcts", action="store_true")
    a = ap.parse_intermixed_args()
    print(json.dumps(bench(a.games or None, a.seconds, a.mcts, a.rounds, a.players)))
