"""Write ``records.json``: the digests (``harness.play``) of the seeded games of every config,
made by the code of a given git revision (default: the work tree).

    .venv/bin/python tests/perf_equivalence/make_records.py [--rev REV]

Run it on the code *before* a change that must not change behaviour; the test then checks the
code after the change against these records. A change that alters the rules on purpose (a
ruling, a new rules version) regenerates them with the new code.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rev", default=None, help="git revision whose games make the records")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:  # run inside the checkout being recorded
        sys.path.insert(0, str(HERE))
        from harness import CONFIGS, play

        out = {"configs": []}
        for game, players, _quick, soak in CONFIGS:
            digests = [play(game, players, seed) for seed in range(soak)]
            out["configs"].append({"game": game, "players": players, "games": digests})
        print(json.dumps(out))
        return
    with tempfile.TemporaryDirectory() as tmp:
        src = ROOT / "src"
        if a.rev:
            data = subprocess.run(["git", "-C", str(ROOT), "archive", a.rev, "src"], check=True,
                                  capture_output=True).stdout
            with tarfile.open(fileobj=BytesIO(data)) as tar:
                tar.extractall(tmp, filter="data")
            src = Path(tmp) / "src"
        env = {**os.environ, "PYTHONPATH": str(src)}
        rev = a.rev or "work tree"
        if a.rev:
            rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", a.rev], check=True,
                                 capture_output=True, text=True).stdout.strip()
        res = subprocess.run([sys.executable, __file__, "--worker"], env=env, check=True,
                             capture_output=True, text=True)
    data = json.loads(res.stdout)
    data["made_by"] = rev
    (HERE / "records.json").write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"records.json: {sum(len(c['games']) for c in data['configs'])} games, code of {rev}")


if __name__ == "__main__":
    main()
