"""Drawing the SVG boards, before and after a change, in one run: CPU per draw and bytes.

    .venv/bin/python benchmarks/boards.py [BASE] [--head REV] [--rounds 5] [--json]

BASE (default ``main``) and HEAD (default: the work tree) are exported as ``benchmarks/
compare.py`` does (``git archive``), and one long-lived process per side imports its own
checkout. Each side plays the same seeded random games and keeps positions of every game
(views of the seat to move and of a spectator, legal actions in the protocol's form, the
lobby's names, the last move marked, both languages); then, round after round and side after
side in turn, each draws every position once and reports the CPU time it took
(``time.process_time``: on a shared machine wall time says more about the other jobs).
The report gives per game the median over rounds of before/after, with the range, and the
bytes: the board SVG and the whole ``state`` message as ``web/present.py`` decorates it (the
log left out: it is the same whatever the board), so the SVG's share of a message shows.
Only ratios and bytes mean something here: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import export  # noqa: E402  (same directory)

GAMES = [("pax", 2), ("pax", 4), ("caboose", 3), ("caboose", 5), ("pocketciv", 1)]

#: runs inside each side's process, against that side's ``asztal``
CHILD = r'''
import json, random, sys, time, zlib
from asztal import games
from asztal.server.present import decorate
import importlib

CASES = json.loads(sys.argv[1])
NAMES = ["Anna", "Béla & <Co>", "Csilla", "Dénes", "Emese"]
work = []  # (key, draw, args, kwargs)
texts = []  # (key, the message as sent)


def deflate(data):
    """The message as permessage-deflate sends it (uvicorn offers it and browsers take it):
    no context taken over from earlier messages, so a conservative figure."""
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)

info = {}
for name, players, per_game, every in CASES:
    game = games.load(name)
    board = importlib.import_module(f"asztal.games.{name}.board")
    key = f"{name}-{players}"
    svg_bytes = msg_bytes = wire_bytes = n = 0
    for seed in range(per_game):
        st = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        i = 0
        while not st.is_over:
            mark = len(st.log or [])
            st.apply(rng.choice(st.legal_actions()))
            i += 1
            if i % every:
                continue
            to_move = None if st.is_over else st.to_move
            for seat in {to_move if to_move is not None else 0, None} if players > 1 else {0}:
                view = st.view(seat)
                legal = [{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()] \
                    if seat is not None and seat == to_move else []
                lang = "hu" if (i // every) % 2 else "en"
                seats = [{"seat": s, "name": NAMES[s], "kind": "human"} for s in range(players)]
                msg = {"type": "state", "seq": i, "status": "running", "view": view, "to_move": to_move,
                       "is_over": st.is_over, "legal": legal, "can_undo": False, "deadline": None,
                       "stand_in": []}
                decorate(msg, st, seat, lang, view, seats, mark, board)
                svg_bytes += len(msg["board"].encode())
                text = json.dumps(msg, ensure_ascii=False).encode()
                msg_bytes += len(text)
                wire_bytes += len(deflate(text))
                n += 1
                names = msg["names"]
                last = [e for e in st.log_for(seat, mark) if not e.get("header")] if st.log else []
                work.append((key, board.draw, (view, msg["legal"], lang), {"names": names, "last": last}))
                texts.append((key, text))
    info[key] = {"draws": n, "svg_bytes": svg_bytes / n, "msg_bytes": msg_bytes / n, "wire_bytes": wire_bytes / n}
print(json.dumps(info), flush=True)
for line in sys.stdin:
    cpu = {}
    for key, draw, args, kwargs in work:
        t = time.process_time()
        draw(*args, **kwargs)
        cpu[key] = cpu.get(key, 0.0) + time.process_time() - t
    for key, text in texts:  # compressing the message, for scale
        t = time.process_time()
        deflate(text)
        cpu["deflate:" + key] = cpu.get("deflate:" + key, 0.0) + time.process_time() - t
    print(json.dumps({k: 1000 * v / info[k.split(":")[-1]]["draws"] for k, v in cpu.items()}), flush=True)
'''


def spread(xs: list[float], fmt: str) -> str:
    return f"{statistics.median(xs):{fmt}} ({min(xs):{fmt}}-{max(xs):{fmt}})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", nargs="?", default="main")
    ap.add_argument("--head", default=".", help="revision to compare (default: the work tree)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games-per-case", type=int, default=2)
    ap.add_argument("--every", type=int, default=5, help="keep every n-th position of a game")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    cases = json.dumps([[g, n, a.games_per_case, a.every] for g, n in GAMES])
    with tempfile.TemporaryDirectory() as tmp:
        procs, info = {}, {}
        for side, rev in (("base", a.base), ("head", a.head)):
            src = export(rev, Path(tmp) / side)
            procs[side] = subprocess.Popen([sys.executable, "-c", CHILD, cases], stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, text=True, cwd=tmp,
                                           env={**os.environ, "PYTHONPATH": str(src)})
        try:
            for side, p in procs.items():
                info[side] = json.loads(p.stdout.readline())
            times: dict[str, dict[str, list[float]]] = {s: {} for s in procs}
            for r in range(a.rounds):
                order = list(procs) if r % 2 == 0 else list(reversed(procs))
                for side in order:
                    procs[side].stdin.write("round\n")
                    procs[side].stdin.flush()
                    for k, v in json.loads(procs[side].stdout.readline()).items():
                        times[side].setdefault(k, []).append(v)
        finally:
            for p in procs.values():
                p.stdin.close()
                p.wait(60)
    rows = []
    for key in info["head"]:
        b, h = times["base"][key], times["head"][key]
        rows.append({"case": key, "draws": info["head"][key]["draws"],
                     "speedup": [x / y for x, y in zip(b, h, strict=True)],
                     "deflate_over_draw": {s: [z / d for z, d in zip(times[s]["deflate:" + key], times[s][key],
                                                                     strict=True)] for s in procs},
                     "wire_bytes": {s: round(info[s][key]["wire_bytes"]) for s in procs},
                     "svg_bytes": {s: round(info[s][key]["svg_bytes"]) for s in procs},
                     "msg_bytes": {s: round(info[s][key]["msg_bytes"]) for s in procs}})
    if a.json:
        print(json.dumps({"base": a.base, "head": a.head, "rounds": a.rounds, "rows": rows}))
        return
    print(f"base {a.base} vs head {a.head}: {a.rounds} interleaved rounds, CPU per draw "
          "(shared machine: ratios only)")
    print(f"{'case':12} {'draws':>5} {'draw CPU before/after':>22} {'deflate/draw CPU before':>24} {'after':>17}")
    for row in rows:
        dd = row["deflate_over_draw"]
        print(f"{row['case']:12} {row['draws']:>5} {spread(row['speedup'], '.2f'):>22} "
              f"{spread(dd['base'], '.2f'):>24} {spread(dd['head'], '.2f'):>17}")
    print("bytes per message (before -> after): SVG, whole state message without the log, the message deflated;"
          " SVG share of the message")
    for row in rows:
        sb, mb, wb = row["svg_bytes"], row["msg_bytes"], row["wire_bytes"]
        print(f"{row['case']:12} SVG {sb['base']:>6} -> {sb['head']:>6}   message {mb['base']:>6} -> {mb['head']:>6}"
              f"   deflated {wb['base']:>5} -> {wb['head']:>5}   SVG share {sb['base'] / mb['base']:.0%} -> "
              f"{sb['head'] / mb['head']:.0%}")


if __name__ == "__main__":
    main()
