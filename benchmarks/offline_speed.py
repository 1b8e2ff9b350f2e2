"""The engine's speed in the offline page against native, in one run: random play, decisions/s.

    .venv/bin/python benchmarks/offline_speed.py [--decisions 3000] [--json]

Runs the same loop (seeded random games of PocketCiv solo, PAX solitaire and Caboose for three,
each a legal action drawn at random, until ``--decisions`` per game) here, on the pure sources
(``ASZTAL_PURE=1``; the compiled build is not what Pyodide runs), and under Pyodide (Node 20 and
the npm package ``pyodide`` that ``make offline`` installs, with the pack of
``tools/pack_offline.py``), and reports decisions per second of wall time (``time.perf_counter``: Pyodide's
``process_time`` is a wall clock too, so CPU time would favour the native side; on a loaded
machine both sides wait alike, roughly, and only the ratio means much). It also
reports the Pyodide start (load and first import of the games) in wall seconds. Only the ratio
means much on a loaded machine; say ``uptime`` with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = (("pocketciv", 1, {}), ("pax", 1, {"level": 1}), ("caboose", 3, {}))
ROOT = Path(__file__).resolve().parent.parent


def speed(decisions: int) -> str:
    """Decisions per second of random play, per game, as JSON (run here and in Pyodide)."""
    from asztal import games

    out = {}
    for name, players, options in GAMES:
        game = games.load(name)
        done, seed, spent = 0, 0, 0.0
        while done < decisions:
            rng = random.Random(seed)
            start = time.perf_counter()
            state = game.new_game(players=players, seed=seed, options=options)
            while not state.is_over and done < decisions:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                done += 1
            spent += time.perf_counter() - start
            seed += 1
        out[name] = round(done / spent)
    return json.dumps(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ["ASZTAL_PURE"] = "1"
    sys.path.insert(0, str(ROOT / "src"))
    native = json.loads(speed(args.decisions))
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "asztal-pack.zip"
        subprocess.run([sys.executable, str(ROOT / "tools" / "pack_offline.py"), "--out", str(pack)], check=True,
                       capture_output=True)
        wall = time.perf_counter()
        run = subprocess.run(["node", str(ROOT / "tests" / "offline" / "run_pyodide.mjs"),
                              str(ROOT / "offline" / "node_modules" / "pyodide"), str(pack), __file__,
                              f"speed({args.decisions})"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(run.stderr[-2000:])
        wall = time.perf_counter() - wall
    page = json.loads(run.stdout)
    if args.json:
        print(json.dumps({"native": native, "pyodide": page, "pyodide_wall_s": round(wall, 1)}))
        return
    print(f"{'game':<10} {'native/s':>9} {'pyodide/s':>10} {'ratio':>6}")
    for name in native:
        print(f"{name:<10} {native[name]:>9} {page[name]:>10} {page[name] / native[name]:>6.2f}")
    print(f"pyodide run (start, imports and the loop), wall: {wall:.1f} s")


if __name__ == "__main__":
    main()
