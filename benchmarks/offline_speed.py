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
#: the games the page's bots play (against one person; Caboose against two bots)
BOT_GAMES = (("pocketciv", 2, {}), ("pax", 2, {}), ("caboose", 3, {}))
#: iterations of each measured search of ``--bot``
BOT_ITERATIONS = 100
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


def bot_speed(moves: int) -> str:
    """The ``normal`` bot's search iterations per second, per game, as JSON: ``moves`` decisions
    of seeded random games (those with a choice), each searched with ``BOT_ITERATIONS`` iterations
    and no clock, by a bot seated like the page's (seat 1 of two; PocketCiv's bot plays solo)."""
    from asztal import games
    from asztal.bots.mcts import MctsBot

    out = {}
    for name, players, options in BOT_GAMES:
        game = games.load(name)
        done, spent, seed = 0, 0.0, 0
        while done < moves:
            rng = random.Random(seed)
            state = game.new_game(players=players, seed=seed, options=options)
            while not state.is_over and done < moves:
                legal = state.legal_actions()
                if len(legal) > 1 and rng.random() < 0.3:
                    bot = MctsBot(seed=seed, level="normal", iterations=BOT_ITERATIONS)
                    start = time.perf_counter()
                    bot.choose(state)
                    spent += time.perf_counter() - start
                    done += 1
                state.apply(legal[rng.randrange(len(legal))])
            seed += 1
        out[name] = round(done * BOT_ITERATIONS / spent)
    return json.dumps(out)


def in_pyodide(pack: Path, expression: str) -> dict:
    run = subprocess.run(["node", str(ROOT / "tests" / "offline" / "run_pyodide.mjs"),
                          str(ROOT / "offline" / "node_modules" / "pyodide"), str(pack), __file__, expression],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(run.stderr[-2000:])
    return json.loads(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bot", type=int, metavar="MOVES", default=0,
                        help="instead: the normal bot's iterations/s over MOVES searches a game, and the "
                             "iterations that fit in 0.8 s in the page (asztal.offline.session.NORMAL_ITERATIONS)")
    args = parser.parse_args()
    os.environ["ASZTAL_PURE"] = "1"
    sys.path.insert(0, str(ROOT / "src"))
    if args.bot:
        native = json.loads(bot_speed(args.bot))
        with tempfile.TemporaryDirectory() as tmp:
            pack = Path(tmp) / "asztal-pack.zip"
            subprocess.run([sys.executable, str(ROOT / "tools" / "pack_offline.py"), "--out", str(pack)],
                           check=True, capture_output=True)
            page = in_pyodide(pack, f"bot_speed({args.bot})")
        print(f"{'game':<10} {'native it/s':>11} {'pyodide it/s':>12} {'ratio':>6} {'in 0.8 s':>9}")
        for name in native:
            print(f"{name:<10} {native[name]:>11} {page[name]:>12} {page[name] / native[name]:>6.2f} "
                  f"{int(page[name] * 0.8) // 10 * 10:>9}")
        return
    native = json.loads(speed(args.decisions))
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "asztal-pack.zip"
        subprocess.run([sys.executable, str(ROOT / "tools" / "pack_offline.py"), "--out", str(pack)], check=True,
                       capture_output=True)
        wall = time.perf_counter()
        page = in_pyodide(pack, f"speed({args.decisions})")
        wall = time.perf_counter() - wall
    if args.json:
        print(json.dumps({"native": native, "pyodide": page, "pyodide_wall_s": round(wall, 1)}))
        return
    print(f"{'game':<10} {'native/s':>9} {'pyodide/s':>10} {'ratio':>6}")
    for name in native:
        print(f"{name:<10} {native[name]:>9} {page[name]:>10} {page[name] / native[name]:>6.2f}")
    print(f"pyodide run (start, imports and the loop), wall: {wall:.1f} s")


if __name__ == "__main__":
    main()
