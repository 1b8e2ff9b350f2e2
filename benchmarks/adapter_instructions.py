"""The research adapters' step in instructions, as a ratio to the engine's step: callgrind counts.

Wall time on a shared machine moves by 2x between two runs of one build; an instruction count
under callgrind moves by well under 1 %, so the adapters' targets (a step with its observation
at most 3 engine steps, without it at most 2: ``docs/performance.md``) are decided here::

    .venv/bin/python benchmarks/adapter_instructions.py                     # this tree
    .venv/bin/python benchmarks/adapter_instructions.py --src /tmp/base/src --src src
    .venv/bin/python benchmarks/adapter_instructions.py --kinds engine pz_obs --cases pax:3:4

Each ``--src`` is a source tree (its compiled build, if any, made there first with
``tools/build_compiled.py``); per case and loop kind, the trees are measured one after the
other, so base and head interleave. Each measurement is one process under
``valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce*``,
``PYTHONHASHSEED=0``: it plays two games to warm up (imports, caches), then the counted loop
inside ``functools.reduce`` (a C function callgrind can toggle on; Python functions are not
visible to it), so only the loop's instructions are counted. The loops are the speed tool's
(``asztal.research.speed``): seeded games played by uniform random choice (numpy's generator,
seed 0), and per step

* ``engine``: the engine's ``legal_actions`` and ``apply``;
* ``pz_mask``: PettingZoo's ``table.legal()`` and ``step``; ``pz_obs`` also ``observe`` (the
  observation and the mask);
* ``os_noobs``: OpenSpiel, seeded deal without the record (``recall=False``): ``legal_actions``
  and ``apply_action``; ``os_obs`` also ``observation_tensor`` of the player to move.

The report gives instructions per step and the ratio to the same tree's ``engine`` loop (the
steps differ a little between loops: OpenSpiel's random choices are over its sorted numbers).
The child (``loop``) is run by the driver; valgrind must be installed.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("engine", "pz_mask", "pz_obs", "os_noobs", "os_obs")
#: game, players, games counted (about 80-550 steps each)
CASES = (("pax", 3, 4), ("pax", 1, 4), ("pocketciv", 1, 3), ("caboose", 4, 2))


def loops(kind: str, game: str, players: int) -> Callable[[int, int], int]:
    """The loop of ``kind``: ``run(n, start)`` plays the games of seeds ``start..start+n-1`` and
    gives the steps played."""
    import numpy as np

    from asztal import games as registry
    from asztal.adapters.pettingzoo import env

    rng = np.random.default_rng(0)
    if kind == "engine":
        g = registry.load(game)

        def engine(n: int, start: int) -> int:
            steps = 0
            for seed in range(start, start + n):
                s = g.new_game(players, seed)
                s.log = None
                while not s.is_over:
                    legal = s.legal_actions()
                    s.apply(legal[int(rng.random() * len(legal))])
                    steps += 1
            return steps

        return engine
    if kind in ("pz_mask", "pz_obs"):
        e = env(game, players=players)
        t = e.table
        observe = kind == "pz_obs"

        def pettingzoo(n: int, start: int) -> int:
            steps = 0
            for seed in range(start, start + n):
                e.reset(seed=seed)
                while not t.over:
                    if observe:
                        e.observe(e.agent_selection)
                    legal = t.legal()
                    e.step(legal[int(rng.random() * len(legal))])
                    steps += 1
            return steps

        return pettingzoo
    if kind in ("os_noobs", "os_obs"):
        import pyspiel

        import asztal.adapters.openspiel  # noqa: F401  (registers the games)

        os_game: Any = pyspiel.load_game(f"python_asztal_{game}",
                                         {"players": players, "deal_mode": "seeded", "recall": False})
        tensor = kind == "os_obs"

        def openspiel(n: int, start: int) -> int:
            steps = 0
            for seed in range(start, start + n):
                state = os_game.new_initial_state()
                state.apply_action(seed)
                while not state.is_terminal():
                    if tensor:
                        state.observation_tensor(state.current_player())
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    steps += 1
            return steps

        return openspiel
    raise ValueError(f"unknown loop {kind!r} (one of {', '.join(KINDS)})")


def child(kind: str, game: str, players: int, ngames: int) -> None:
    """Run under callgrind: warm up, then the counted loop inside ``functools.reduce``."""
    run = loops(kind, game, players)
    run(2, 1000)  # (imports, caches, the first allocations: not counted)
    steps = functools.reduce(lambda _, __: run(ngames, 0), [0], 0)
    print(f"steps {steps}", file=sys.stderr)


def measure(src: Path, kind: str, game: str, players: int, ngames: int) -> tuple[int, int]:
    """Instructions and steps of one loop of the tree ``src``, counted by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce*",
               f"--callgrind-out-file={out}", sys.executable, str(Path(__file__).resolve()), "loop",
               kind, game, str(players), str(ngames)]
        environment = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
        done = subprocess.run(cmd, env=environment, capture_output=True, text=True, cwd=src.parent, check=False)
        found = re.search(r"^steps (\d+)$", done.stderr, re.MULTILINE)
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"{kind} {game} {players}: {done.stderr[-2000:]}")
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if totals is None:
            raise RuntimeError(f"{kind} {game} {players}: no totals in callgrind's output")
        return int(totals.group(1)), int(found.group(1))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "loop":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", action="append", type=Path,
                    help="a source tree to measure (repeatable; default: this tree's src)")
    ap.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    ap.add_argument("--cases", nargs="+", default=[f"{g}:{p}:{n}" for g, p, n in CASES],
                    help="game:players:games counted (default: %(default)s)")
    a = ap.parse_args()
    trees = [p.resolve() for p in (a.src or [ROOT / "src"])]
    kinds = ["engine", *[k for k in a.kinds if k != "engine"]]
    for case in a.cases:
        game, players, ngames = case.split(":")
        engine: dict[Path, float] = {}
        for kind in kinds:
            for tree in trees:
                ir, steps = measure(tree, kind, game, int(players), int(ngames))
                per = ir / steps
                if kind == "engine":
                    engine[tree] = per
                print(f"{game} {players}p {kind:8} {per:9,.0f} instructions/step  {per / engine[tree]:5.2f}x"
                      f"  ({steps} steps, {tree})", flush=True)


if __name__ == "__main__":
    main()
