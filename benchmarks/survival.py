"""Does an Empire survive to an era? Two-player PocketCiv deals played only as far as needed.

Issue 33's target (each bot level against itself keeps both Empires to Era 4 in >= 90 % of
100 two-player deals) only asks how far a game gets, so a deal stops at the first of: Era
``--era`` begun, or the game over (an Empire fell: PC-MP-END-01). The deals, bots and seeds
are those of ``asztal simulate pocketciv --players 2 --seed S --bots SPEC`` (``game_seed``,
``bot_seeds``), and the moves up to the stop are the same moves, so the verdict equals the
``era`` column of a full ``simulate`` run read as ``era >= ERA``, at a third of the cost.

One JSON line per deal is appended to ``--out``; deals already there are skipped, so a run
can be stopped and resumed, or split between processes by ``--first``/``--last``::

    python benchmarks/survival.py --bots mcts:normal:iters=200:reuse=1 --first 0 --last 49 --out a.jsonl
    python benchmarks/survival.py --summary a.jsonl b.jsonl

What iteration budget equals a timed level (run it on a quiet machine: the clock decides)::

    python benchmarks/survival.py --budget mcts:normal
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

from asztal import games
from asztal.bots import make_bot
from asztal.sim.runner import bot_seeds, game_seed, seat_bots


def play_deal(spec: str, seed: int, index: int, era: int) -> dict[str, Any]:
    """Play deal ``index`` of batch ``seed`` until Era ``era`` begins or the game ends."""
    gs = game_seed(seed, index)
    state: Any = games.load("pocketciv").new_game(players=2, seed=gs, options={})  # era, round_no
    state.log = None
    specs = seat_bots(spec.split(";"), 2)
    bots = [make_bot(s, b) for s, b in zip(specs, bot_seeds(gs, 2), strict=True)]
    decisions = 0
    t0 = time.process_time()
    while not state.is_over and state.era < era:
        acts = state.legal_actions()
        if len(acts) == 1:
            state.apply(acts[0])
            continue
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state))
        decisions += 1
    return {"index": index, "game_seed": gs, "bots": specs, "era": state.era,
            "reached": state.era >= era, "over": state.is_over, "round": state.round_no,
            "decisions": decisions, "cpu_seconds": round(time.process_time() - t0, 2)}


def budget(spec: str) -> None:
    """Print the new iterations a timed bot searches a decision in mid-game two-player
    positions: 6 decisions each, 80 moves into ``new_game(2, seed=k)`` for k = 1-3, played that
    far by ``greedy``. The runs above then use that many iterations, which the load cannot change."""
    its: list[int] = []
    for k in (1, 2, 3):
        state = games.load("pocketciv").new_game(2, seed=k)
        lead = make_bot("greedy", seed=k)
        for _ in range(80):
            if not state.is_over:
                state.apply(lead.choose(state))
        bots = [make_bot(spec, seed=10 + k), make_bot(spec, seed=20 + k)]
        seen = 0
        while not state.is_over and seen < 6:
            acts = state.legal_actions()
            if len(acts) > 1:
                seat = state.to_move
                assert seat is not None
                bot: Any = bots[seat]
                act = bot.choose(state)
                its.append(int(bot.last_stats["iterations"]))
                seen += 1
            else:
                act = acts[0]
            state.apply(act)
    print(f"{spec}: {len(its)} decisions, new iterations min {min(its)}, "
          f"median {statistics.median(its):g}, max {max(its)}")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def summary(paths: list[Path]) -> None:
    rows = {}
    for p in paths:
        for line in p.read_text().splitlines():
            r = json.loads(line)
            rows[(tuple(r["bots"]), r["index"])] = r
    by_bots: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for (bots, _), r in sorted(rows.items()):
        by_bots.setdefault(bots, []).append(r)
    for bots, rs in by_bots.items():
        k, n = sum(bool(r["reached"]) for r in rs), len(rs)
        lo, hi = wilson(k, n)
        fell = [r["index"] for r in rs if not r["reached"]]
        cpu = sum(float(r["cpu_seconds"]) for r in rs)
        print(f"{' vs '.join(bots)}: {k}/{n} reached ({100 * lo:.1f}-{100 * hi:.1f} %), "
              f"fell in deals {fell}, {cpu / max(n, 1):.0f} CPU-s a deal")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", help="one spec for both seats, or two joined by ';'")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=99)
    ap.add_argument("--era", type=int, default=4)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--summary", nargs="*", type=Path)
    ap.add_argument("--budget", metavar="SPEC", help="the iterations a timed SPEC searches a decision")
    args = ap.parse_args()
    if args.budget:
        budget(args.budget)
        return
    if args.summary:
        summary(args.summary)
        return
    done = set()
    if args.out.exists():
        done = {json.loads(line)["index"] for line in args.out.read_text().splitlines()}
    for i in range(args.first, args.last + 1):
        if i in done:
            continue
        row = play_deal(args.bots, args.seed, i, args.era)
        with args.out.open("a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
