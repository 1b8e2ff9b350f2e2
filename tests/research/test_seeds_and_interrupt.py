"""Batches are independent (derived game seeds) and Ctrl-C stops one cleanly: every finished
row kept, no process left behind, the resumed batch equal to an uninterrupted one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from asztal.research.batch import Batch, run_batch
from asztal.research.report import read_rows
from asztal.sim.runner import SEED_LIMIT, game_seed

SOAK = bool(os.environ.get("ASZTAL_SOAK"))
SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_two_batch_seeds_never_share_a_game():
    seen: dict[int, tuple[int, int]] = {}
    for b in range(40):
        for i in range(300):
            s = game_seed(b, i)
            assert 0 <= s < 2**58 and s not in seen, (b, i, seen.get(s))
            seen[s] = (b, i)
    assert game_seed(SEED_LIMIT - 1, SEED_LIMIT - 1) < 2**58
    with pytest.raises(ValueError):
        game_seed(-1, 0)
    with pytest.raises(ValueError, match="seed"):
        Batch("pax", 2, ["random"], 3, seed=SEED_LIMIT).check()


def test_parts_of_an_old_seeding_are_refused(tmp_path):
    batch = Batch("pax", 2, ["random"], 3, seed=1)
    parts = tmp_path / "r.parquet.parts"
    parts.mkdir()
    old = batch.identity()
    old.pop("seeding")  # written by the code that played seed + index
    (parts / "batch.json").write_text(json.dumps(old))
    with pytest.raises(ValueError, match="seeding"):
        run_batch(batch, tmp_path / "r.parquet", resume=True)


# once the first row is in the parts the batch waits for the interrupt (in its progress report),
# so it cannot finish before Ctrl-C arrives however fast the machine is
_SCRIPT = """
import signal, sys
from pathlib import Path
from asztal.research.batch import Batch, run_batch
# Ctrl-C as a terminal gives it: a suite started in the background (a CI job, `make test &`) hands
# its children SIGINT ignored, and Python then installs no handler of its own
signal.signal(signal.SIGINT, signal.default_int_handler)
def hold(done, total):
    if done:
        signal.pause()
run_batch(Batch("pax", 2, ["random"], {games}, seed=5), Path(sys.argv[1]), backend="{backend}", jobs=2,
          flush_every=1, progress=hold)
"""


def _descendants(pgid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append(int(d.name))
    return out


def _interrupt(tmp_path: Path, backend: str, games: int) -> Path:
    out = tmp_path / "rows.parquet"
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen([sys.executable, "-c", _SCRIPT.format(games=games, backend=backend), str(out)],
                            env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    parts = out.with_name(out.name + ".parts")
    deadline = time.monotonic() + 120
    while not list(parts.glob("part-*.parquet")):
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
        assert time.monotonic() < deadline, "no row was written"
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole process group
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the interrupted batch did not stop")
    finally:
        proc.stderr.close()
    for _ in range(100):  # the group's last processes may take a moment to be reaped
        if not _descendants(proc.pid):
            break
        time.sleep(0.1)
    left = _descendants(proc.pid)
    if left:
        os.killpg(proc.pid, signal.SIGKILL)
    assert not left, f"processes left behind: {left}"
    assert proc.returncode != 0 and not out.exists()
    return out


def test_ctrl_c_stops_a_local_batch_cleanly_and_resume_is_exact(tmp_path):
    games = 40
    out = _interrupt(tmp_path, "local", games)
    batch = Batch("pax", 2, ["random"], games, seed=5)
    run_batch(batch, out, resume=True, jobs=1)
    run_batch(batch, tmp_path / "whole.parquet", jobs=1)
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows([out])]
    whole = [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows([tmp_path / "whole.parquet"])]
    assert strip == whole and len(whole) == games


@pytest.mark.skipif(not SOAK, reason="starts a local Ray (ASZTAL_SOAK=1)")
def test_ctrl_c_stops_a_ray_batch_leaving_no_process(tmp_path):
    pytest.importorskip("ray")
    _interrupt(tmp_path, "ray", 2000)
