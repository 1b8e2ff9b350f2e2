"""A change measured before and after in the same run: two checkouts, interleaved.

    .venv/bin/python benchmarks/compare.py BASE [--head REV] [--rounds 5] [--seconds 1] [--pure-too]
        [--build-base] [games...]

BASE and HEAD are git revisions (HEAD defaults to the work tree as it is). Each is exported
to a temporary directory; then, round after round, one process per checkout runs one round
of this tree's ``asztal.sim.bench`` (reference and games, interleaved) against that
checkout's games, and the start-up CPU time (``asztal --help``, ``import asztal.games.pax``)
of both is taken in turn. Each round's ratios to the reference come from the same process, so
the machine's load moves both sides alike; the report gives medians and ranges.

An exported revision has no compiled modules (they are never committed), so it runs as pure
Python unless ``--build-base`` compiles it first (its own ``tools/build_compiled.py``, in the
temporary directory: a minute and a half of CPU); the work tree (``--head .``, the default)
runs the build it has (``make compiled``).
``--pure-too`` adds a third side: the head again with ``ASZTAL_PURE=1`` (its pure sources),
so one run gives base, head compiled and head pure. Each side's build is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "src" / "asztal" / "sim" / "bench.py"
HELP = "import sys; sys.argv = ['asztal', '--help']; from asztal.cli.app import main; main()"


def export(rev: str, into: Path, build: bool = False) -> Path:
    """The ``src`` tree of ``rev`` (or of the work tree when ``rev`` is ``.``) under ``into``;
    with ``build``, compiled by the revision's own build script."""
    if rev == ".":
        return ROOT / "src"
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src", "tools"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    if build:
        subprocess.run([sys.executable, str(into / "tools" / "build_compiled.py")], cwd=into, check=True,
                       env={**os.environ, "PYTHONPATH": str(into / "src")}, capture_output=True)
    return into / "src"


def run(src: Path, argv: list[str], pure: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("ASZTAL_PURE", None)
    if pure:
        env["ASZTAL_PURE"] = "1"
    return subprocess.run([sys.executable, *argv], env=env, check=True, capture_output=True, text=True)


def cpu(src: Path, code: str, pure: bool = False) -> float:
    """CPU seconds (user + system) of a fresh interpreter running ``code``: on a shared machine
    its wall time says more about the other jobs than about us."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run(src, ["-c", code], pure)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def spread(xs: list[float], fmt: str) -> str:
    return f"{statistics.median(xs):{fmt}} ({min(xs):{fmt}}-{max(xs):{fmt}})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("--head", default=".", help="revision to compare (default: the work tree)")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0, help="per workload and round")
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pure-too", action="store_true", help="also the head's pure sources (ASZTAL_PURE=1)")
    ap.add_argument("--build-base", action="store_true", help="compile the base revision first (mypyc)")
    a = ap.parse_intermixed_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"base": export(a.base, Path(tmp) / "base", a.build_base), "head": export(a.head, Path(tmp) / "head")}
        if a.pure_too:
            trees["head-pure"] = trees["head"]
        builds = {}
        for side, src in trees.items():  # each side must import its own checkout
            where = run(src, ["-c", "import asztal; print(asztal.__file__)"]).stdout.strip()
            assert where.startswith(str(src)), f"{side} imports {where}, not {src}"
            builds[side] = run(src, ["-c", "import asztal.games.pax, asztal.engine.state as m; print(m.__file__)"],
                               side == "head-pure").stdout.strip().rsplit("/", 1)[-1]
        rows: dict[tuple, dict[str, list]] = {}
        start: dict[str, dict[str, list]] = {s: {"help": [], "import_pax": []} for s in trees}
        for _ in range(a.rounds):
            for side, src in trees.items():
                argv = [str(BENCH), *a.games, "--rounds", "1", "--seconds", str(a.seconds)]
                if a.players:
                    argv += ["--players", *map(str, a.players)]
                result = json.loads(run(src, argv, side == "head-pure").stdout)
                for row in result["games"]:
                    r = rows.setdefault((row["game"], row["players"]), {})
                    for key in ("decisions_ratio", "clones_ratio", "games_per_s"):
                        if key in row:
                            r.setdefault(f"{side}:{key}", []).append(row[key]["median"])
                start[side]["help"].append(cpu(src, HELP, side == "head-pure"))
                start[side]["import_pax"].append(cpu(src, "import asztal.games.pax", side == "head-pure"))
    out = {"base": a.base, "head": a.head, "rounds": a.rounds, "builds": builds,
           "games": [{"game": g, "players": n, **v} for (g, n), v in rows.items()], "startup": start}
    if a.json:
        print(json.dumps(out))
        return
    print(f"base {a.base} vs head {a.head}, {a.rounds} interleaved rounds (shared machine: ratios only)")
    print("engine loaded from: " + ", ".join(f"{side} {where}" for side, where in builds.items()))
    sides = list(trees)
    print(f"{'game':10} {'n':>2} " + " ".join(f"{'decisions x ref ' + s:>24}" for s in sides) + " "
          + " ".join(f"{'clones x ref ' + s:>24}" for s in sides))
    for (g, n), v in rows.items():
        print(f"{g:10} {n:>2} " + " ".join(f"{spread(v[s + ':decisions_ratio'], '.2f'):>24}" for s in sides) + " "
              + " ".join(f"{spread(v[s + ':clones_ratio'], '.2f'):>24}" for s in sides))
    for side in trees:
        print(f"start-up {side} (CPU): asztal --help {spread(start[side]['help'], '.3f')} s, "
              f"import asztal.games.pax {spread(start[side]['import_pax'], '.3f')} s")


if __name__ == "__main__":
    main()
