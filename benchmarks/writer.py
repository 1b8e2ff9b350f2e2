"""The group-commit writer's own cost per change (a benchmark, not a test): ``Storage.append_batch``
of ``--batch`` changes of as many games at a time, on a fresh database, timed by this thread's
CPU clock and by the wall clock.

    .venv/bin/python benchmarks/writer.py --batch 10
    .venv/bin/python benchmarks/writer.py --batch 40 --pg postgresql+psycopg://u:p@127.0.0.1:5439/db
    .venv/bin/python benchmarks/writer.py --batch 40 --src /tmp/base/src   # another tree's storage

``load.py`` reports the same cost inside a running server ("other threads" of the main process),
mixed with the rest of that process and with how large the groups happen to be; this one holds
the group size fixed. ``--pg`` makes a database beside the one the URL names (the role needs
``CREATEDB``) and drops it afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from load import fresh_pg  # this folder is on the path of a script run from it


def measure(url: str, batch: int, rounds: int) -> dict:
    import time

    from asztal.server.storage import Change, Storage, now

    st = Storage(url, "bench")
    st.migrate()
    ids = [f"g{g:04d}" for g in range(batch)]
    for gid in ids:
        st.create_game({"id": gid, "game": "pax", "version": "1", "players": 2, "seed": 1, "options": {},
                        "public_options": {}, "status": "running", "private": False, "grace": 1.0,
                        "stand_in": "none", "seq": 0, "created": now(), "updated": now()},
                       [{"seat": 0, "name": "a", "kind": "human"}])
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    for r in range(1, rounds + 1):
        outcomes = st.append_batch([(gid, Change(r, "act", "x", 0, "human"), "running", 1, None, None)
                                    for gid in ids])
        assert all(o is None for o in outcomes), outcomes
    cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
    st.close()
    n = batch * rounds
    return {"batch": batch, "changes": n, "cpu_ms_per_change": round(1000 * cpu / n, 3),
            "wall_ms_per_change": round(1000 * wall / n, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--batch", type=int, default=10, help="changes (of as many games) per group commit")
    ap.add_argument("--changes", type=int, default=800, help="changes written in all")
    ap.add_argument("--pg", metavar="URL", help="PostgreSQL (a fresh database beside this URL's) instead of SQLite")
    ap.add_argument("--src", help="measure this source tree's storage (a before/after): its path goes first")
    ap.add_argument("--url", help=argparse.SUPPRESS)  # the child's database (with --src)
    args = ap.parse_args()
    if not 1 <= args.batch <= 500 or not 1 <= args.changes <= 100_000:
        raise SystemExit("--batch 1..500 and --changes 1..100000")
    if args.url:
        print(json.dumps(measure(args.url, args.batch, max(1, args.changes // args.batch))))
        return
    with contextlib.ExitStack() as stack:
        if args.pg:
            url, _ = stack.enter_context(fresh_pg(args.pg))
        else:
            url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/writer.db"
        # a child process, so that ``--src`` decides which storage module is imported
        env = {**os.environ, "PYTHONPATH": str(Path(args.src).resolve())} if args.src else dict(os.environ)
        got = subprocess.run([sys.executable, __file__, "--batch", str(args.batch), "--changes", str(args.changes),
                              "--url", url], env=env, capture_output=True, text=True, check=False)
        if got.returncode != 0:
            raise SystemExit(got.stderr[-2000:])
        out = json.loads(got.stdout)
        out["database"] = "postgresql" if args.pg else "sqlite"
        out["load_average"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out))


if __name__ == "__main__":
    main()
