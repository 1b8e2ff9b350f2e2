"""``benchmarks/load.py`` still runs (it is a benchmark, not a test: none of its figures is
asserted here, and on a busy machine two seconds may pass without a move): two games against a
real ``asztal serve``, every figure reported, the changes counted from the database."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.server.wire import ROOT, free_port


def test_two_games_for_two_seconds():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "load.py"), "--games", "2", "--seconds", "2",
                          "--think", "0.1", "--bot-time", "0.05", "--port", str(free_port())],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout)
    assert got["games"] == 2 and got["errors"] == {} and got["database"] == "sqlite", got
    assert got["changes_committed"] >= got["human_moves"]  # each timed move is a committed change
    assert {"rtt_ms", "ping_ms (same-run reference)", "rtt_over_ping", "server_main_cpu_ms_per_change",
            "server_main_cpu_ms_per_change_by_thread", "server_workers_cpu_ms_per_change_most_first",
            "load_average_before", "load_average_after", "server_latency_series",
            "server_waited_for_cpu_s_per_s"} <= set(got)
