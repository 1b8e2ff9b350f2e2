"""Load benchmark of the game server (not a test): many concurrent games over WebSockets.

Starts ``asztal serve`` on a fresh SQLite database on loopback (or uses ``--url``, which must
be a loopback address), creates ``--games`` games mixing simulated humans and bots, and lets
every human play: think for a random time, send a move, and time the round trip until the
server's ``state`` with the next ``seq`` arrives (the change is committed before that message
is sent, so this is "acknowledged and broadcast"). A finished game is replaced by a new one, so
the number of live games stays constant. Stops by itself after ``--seconds``.

Reports move round trip p50/p90/p99/max next to a same-run WebSocket ping's, moves per second,
the server main process's own CPU time (from /proc/PID/stat) per committed change (and that of
all its processes: the bot workers think and the boards worker draws), the bytes of
``state`` messages the clients received per change (as JSON text: uvicorn also offers
permessage-deflate, so the wire carries fewer), and the server's CPU (main process and bot
workers) and memory (RSS) per game. A share of the games (``--spectators``) is also watched by a
spectator, whose messages are counted apart.

    .venv/bin/python benchmarks/load.py --games 200 --seconds 60
    .venv/bin/python benchmarks/load.py --games 50 --seconds 30 --src /tmp/main/src   # another tree's server
    .venv/bin/python benchmarks/load.py --games 200 --seconds 40 --pg postgresql+psycopg://u:p@127.0.0.1:5439/db
    .venv/bin/python benchmarks/load.py --games 200 --seconds 40 --profile /tmp/serve.prof   # where the time goes

``--src`` runs the server from another source tree (e.g. ``git archive main src | tar -x -C
/tmp/main``) for a before/after; on a shared machine run both sides one after the other and
compare ratios (CPU per change, round trip over ping), not absolute times.

``--pg`` runs the server on a fresh PostgreSQL database made beside the one the URL names (the
role needs CREATEDB) and dropped afterwards. ``--profile FILE`` runs the server's main process
under cProfile (its event-loop thread only; the profiler slows it, so take the latency and CPU
figures from a run without it) and prints the functions that took the most time. Every run
also splits the server's CPU by process (main, drawing, bot workers) and the main process's by
thread (the event loop against the rest: the database writer, uvicorn's helpers), reads the
server's own latency series from ``/metrics`` (a change's wait for its commit; a committed
change until its ``state`` is queued on every socket: where a move's time beyond a ping's
goes), and how long the server's processes were ready to run but waited for a core
(``/proc/PID/task/*/schedstat``: what a busy machine adds to every latency).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import pstats
import random
import secrets
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect

#: the mix of tables: (weight, create body); seat 0 is always the simulated human
TABLES = [
    (2, {"game": "pax", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seat": 0}),
    (1, {"game": "caboose", "players": 3, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                                    {"kind": "bot", "bot": "greedy"}], "seat": 0}),
    (1, {"game": "pocketciv", "players": 1, "seats": [{"kind": "human"}], "seat": 0}),
]


def pick_table(rng: random.Random) -> dict:
    return rng.choices([t for _, t in TABLES], weights=[w for w, _ in TABLES])[0]


def group_pids(leader: int) -> list[int]:
    """The server and its bot workers: every process in the server's process group."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == leader:  # field 5 of stat: process group id
                pids.append(int(entry))
    return pids


def cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def thread_cpu_seconds(pid: int) -> dict[str, float]:
    """The CPU time of ``pid``'s threads: its main thread (the event loop) and all the others."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {"event_loop_thread": 0.0, "other_threads": 0.0}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        key = "event_loop_thread" if int(tid) == pid else "other_threads"
        out[key] += (int(fields[11]) + int(fields[12])) / tick
    return out


def waited(pids: list[int]) -> dict[int, float]:
    """Per process, the seconds its threads were ready to run but waited for a core
    (``/proc/PID/task/TID/schedstat``, second field): what a busy machine adds to a latency."""
    out: dict[int, float] = {}
    for pid in pids:
        total = 0
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                total += int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
        out[pid] = total / 1e9
    return out


def cpu_by_process(leader: int) -> dict[int, float]:
    return {pid: cpu_seconds([pid]) for pid in group_pids(leader)}


def rss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


#: the spectators' tasks (kept so that they are not collected while they run)
watchers: set[asyncio.Task] = set()


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.ping: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.states = 0
        self.state_bytes = 0
        self.spectator_states = 0
        self.spectator_bytes = 0


async def spectator(url: str, stats: Stats, stop_at: float) -> None:
    """Watch one game (no token: a spectator's view) until it ends or time is up."""
    try:
        async with connect(url, max_size=1 << 24) as ws:
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.001, stop_at - time.monotonic()))
                except TimeoutError:
                    continue
                msg = json.loads(raw)
                if msg.get("type") == "state":
                    stats.spectator_states += 1
                    stats.spectator_bytes += len(raw.encode() if isinstance(raw, str) else raw)
                    if msg["is_over"]:
                        return
    except Exception as e:  # noqa: BLE001 - a refused watcher is counted, not fatal
        stats.errors[f"spectator:{type(e).__name__}"] = stats.errors.get(f"spectator:{type(e).__name__}", 0) + 1


async def human(base: str, ws_base: str, client: httpx.AsyncClient, rng: random.Random, stats: Stats,
                stop_at: float, think: float, watched: float = 0.0) -> None:
    """One table after another until time is up: play seat 0 with random legal moves.

    While "thinking" the human pings the server once: the ping's round trip, on the same
    socket at the same moment, is the reference the move round trip is compared with. A
    ``watched`` share of the games get a spectator as well.
    """
    while time.monotonic() < stop_at:
        made = (await client.post(base + "/api/games", json=pick_table(rng))).json()
        gid, token = made["game"]["id"], made["token"]
        if rng.random() < watched:
            watchers.add(asyncio.create_task(spectator(f"{ws_base}/ws/games/{gid}", stats, stop_at)))
        async with connect(f"{ws_base}/ws/games/{gid}?token={token}", max_size=1 << 24) as ws:
            sent_at = ping_at = act_at = None
            want, pending = -1, None
            while time.monotonic() < stop_at:
                wait = stop_at - time.monotonic()
                if act_at is not None:
                    wait = min(wait, act_at - time.monotonic())
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.001, wait))
                    msg = json.loads(raw)
                except TimeoutError:
                    if act_at is not None and time.monotonic() >= act_at:
                        act_at, sent_at = None, time.perf_counter()
                        await ws.send(json.dumps(pending))
                    continue
                if msg["type"] == "pong" and ping_at is not None:
                    stats.ping.append(time.perf_counter() - ping_at)
                    ping_at = None
                    continue
                if msg["type"] == "error":
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                    sent_at = None
                    continue
                if msg["type"] != "state":
                    continue
                stats.states += 1
                stats.state_bytes += len(raw.encode() if isinstance(raw, str) else raw)
                if sent_at is not None and msg["seq"] >= want:
                    stats.rtt.append(time.perf_counter() - sent_at)
                    sent_at = None
                if msg["is_over"]:
                    stats.finished += 1
                    break
                if msg["legal"] and sent_at is None and act_at is None:
                    want = msg["seq"] + 1
                    pending = {"type": "act", "code": rng.choice(msg["legal"])["code"], "seq": msg["seq"]}
                    act_at = time.monotonic() + (rng.expovariate(1 / think) if think > 0 else 0)
                    ping_at = time.perf_counter()
                    await ws.send('{"type": "ping"}')


#: ``asztal`` under cProfile (argv[1]: the dump), timed by the event-loop thread's own CPU
#: clock: on a busy machine a wall clock charges the time the process waited for a core to
#: whatever it was running then. uvicorn sends the SIGTERM it caught on to the handler it found
#: once it has shut down: a Python one here, so the profile is written.
PROFILED = """
import cProfile, signal, sys, time
from asztal.cli.app import main
def stop(sig, frame):
    raise SystemExit(0)
signal.signal(signal.SIGTERM, stop)
out = sys.argv[1]
sys.argv = ["asztal", *sys.argv[2:]]
profile = cProfile.Profile(time.thread_time)
try:
    profile.runcall(main)
except SystemExit:
    pass
finally:
    profile.dump_stats(out)
"""


def start_server(tmp: Path, port: int, bot_time: float, db: str, src: str | None = None,
                 profile: str | None = None) -> subprocess.Popen:
    asztal = [str(Path(sys.executable).with_name("asztal"))]
    if profile:
        asztal = [sys.executable, "-c", PROFILED, profile]
    # every simulated player and spectator talks from one address: lift the per-address limits
    env = {**os.environ, "ASZTAL_RATE_PER_MINUTE": "1000000", "ASZTAL_FRAMES_PER_MINUTE": "1000000",
           "ASZTAL_REQUESTS_PER_MINUTE": "1000000", "ASZTAL_SOCKETS_PER_ADDRESS": "100000"}
    if src:
        env["PYTHONPATH"] = str(Path(src).resolve())
    proc = subprocess.Popen([*asztal, "serve", "--port", str(port), "--db", db,
                             "--bot-time", str(bot_time)], stdout=open(tmp / "server.log", "w"),
                            stderr=subprocess.STDOUT, env=env, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM to the main process only: it stops its workers itself (a SIGTERM to the whole
    group would stop the drawing process under a server still sending its last states); then
    whatever of the group is left is killed."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


@contextlib.contextmanager
def fresh_pg(url: str):
    """A new PostgreSQL database beside the one ``url`` names, dropped afterwards: (its URL, a connect())."""
    import psycopg

    base = url.replace("postgresql+psycopg://", "postgresql://", 1)
    name = "asztal_load_" + secrets.token_hex(4)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{url.rpartition('/')[0]}/{name}", lambda: psycopg.connect(f"{base.rpartition('/')[0]}/{name}")
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def top_of_profile(path: str, n: int = 30) -> str:
    """The ``n`` functions of a cProfile dump with the most time of their own, and by cumulative time."""
    out = io.StringIO()
    stats = pstats.Stats(path, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(n)
    stats.sort_stats("cumulative").print_stats(n)
    return out.getvalue()


def histograms(text: str, names: tuple[str, ...]) -> dict[str, dict[str, float]]:
    """Per histogram of the server's ``/metrics`` (Prometheus' text): its count, mean and the
    upper bounds of the buckets its p50 and p99 fall in, in ms (where a move's time went)."""
    out: dict[str, dict[str, float]] = {}
    for name in names:
        buckets: list[tuple[float, float]] = []
        total = count = 0.0
        for line in text.splitlines():
            if line.startswith(name + "_bucket{"):
                le = line.split('le="', 1)[1].split('"', 1)[0]
                buckets.append((float(le), float(line.rsplit(" ", 1)[1])))
            elif line.startswith(name + "_sum "):
                total = float(line.rsplit(" ", 1)[1])
            elif line.startswith(name + "_count "):
                count = float(line.rsplit(" ", 1)[1])
        if not count:
            continue
        p50, p99 = (next((1000 * le for le, n in buckets if n >= q * count), float("inf")) for q in (0.5, 0.99))
        out[name] = {"count": count, "mean_ms": round(1000 * total / count, 2), "p50_le_ms": p50, "p99_le_ms": p99}
    return out


def delta(after: str, before: str, names: tuple[str, ...]) -> dict[str, dict[str, float]]:
    """``histograms`` of what was observed between two scrapes."""
    def lines(text: str) -> dict[str, float]:
        return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
                if line.startswith(names) and not line.startswith("#")}
    old, new = lines(before), lines(after)
    return histograms("\n".join(f"{k} {v - old.get(k, 0.0)}" for k, v in new.items()), names)


#: the server's own latency series (metrics.py): the wait for a commit, and a committed change
#: until its state is queued on every socket
SERIES = ("asztal_move_commit_seconds", "asztal_broadcast_seconds")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def run(args) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="asztal-load-"))
    if args.pg:
        with fresh_pg(args.pg) as (url, connect_db):
            return await measure(args, tmp, url, connect_db)
    return await measure(args, tmp, f"sqlite:///{tmp / 'load.db'}", lambda: sqlite3.connect(tmp / "load.db"))


async def measure(args, tmp: Path, db: str, connect_db) -> dict:
    rng = random.Random(args.seed)
    if args.url:
        if urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("the load script talks to loopback only")
        base, proc = args.url.rstrip("/"), None
    else:
        port = args.port
        proc = start_server(tmp, port, args.bot_time, db, args.src, args.profile)
        base = f"http://127.0.0.1:{port}"
    ws_base = base.replace("http", "ws", 1)
    try:
        pids = group_pids(proc.pid) if proc else []
        cpu0, rss0, load0 = cpu_seconds(pids), rss_mib(pids), os.getloadavg()
        main0 = cpu_seconds([proc.pid]) if proc else 0.0
        threads0 = thread_cpu_seconds(proc.pid) if proc else {}
        by_process0 = cpu_by_process(proc.pid) if proc else {}
        waited0 = waited(list(by_process0))
        client0 = time.process_time()
        series0 = httpx.get(base + "/metrics", timeout=10).text if proc else ""
        stats = Stats()
        stop_at = time.monotonic() + args.seconds
        limits = httpx.Limits(max_connections=args.games)
        async with httpx.AsyncClient(limits=limits, timeout=60) as client:
            t0 = time.perf_counter()
            tasks = [asyncio.create_task(human(base, ws_base, client, random.Random(rng.random()), stats, stop_at,
                                               args.think, args.spectators)) for _ in range(args.games)]
            await asyncio.sleep(min(args.seconds / 2, 20))
            pids = group_pids(proc.pid) if proc else []
            rss_mid = rss_mib(pids)
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.gather(*watchers, return_exceptions=True)
            elapsed = time.perf_counter() - t0
        pids = group_pids(proc.pid) if proc else []
        cpu1 = cpu_seconds(pids)
        main1 = cpu_seconds([proc.pid]) if proc else 0.0
        threads1 = thread_cpu_seconds(proc.pid) if proc else {}
        by_process1 = cpu_by_process(proc.pid) if proc else {}
        waited1 = waited(list(by_process1))
        load1 = os.getloadavg()
        series1 = httpx.get(base + "/metrics", timeout=10).text if proc else ""
        client_cpu = time.process_time() - client0
    finally:
        if proc is not None:
            stop_server(proc)
    changes = 0
    if proc is not None:
        with contextlib.closing(connect_db()) as conn:
            changes = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    # the workers (bots, hints, the drawing process) are not named: told apart by their CPU
    used = sorted((cpu - by_process0.get(pid, 0.0) for pid, cpu in by_process1.items() if pid != proc.pid),
                  reverse=True) if proc else []
    rtt_ms = [x * 1000 for x in stats.rtt]
    ping_ms = [x * 1000 for x in stats.ping]
    return {
        "games": args.games, "seconds": round(elapsed, 1), "cpus": os.cpu_count(), "think_s": args.think,
        "human_moves": len(rtt_ms), "states_received": stats.states, "games_finished": stats.finished,
        "moves_per_s": round(len(rtt_ms) / elapsed, 1),
        "rtt_ms": {"p50": round(pct(rtt_ms, 0.50), 2), "p90": round(pct(rtt_ms, 0.90), 2),
                   "p99": round(pct(rtt_ms, 0.99), 2), "max": round(max(rtt_ms, default=float("nan")), 2),
                   "mean": round(statistics.fmean(rtt_ms), 2) if rtt_ms else None},
        "ping_ms (same-run reference)": {"p50": round(pct(ping_ms, 0.50), 2), "p99": round(pct(ping_ms, 0.99), 2)},
        "rtt_over_ping": {"p50": round(pct(rtt_ms, 0.50) / pct(ping_ms, 0.50), 2),
                          "p99": round(pct(rtt_ms, 0.99) / pct(ping_ms, 0.99), 2)},
        "changes_committed": changes,
        "server_main_cpu_ms_per_change": round(1000 * (main1 - main0) / changes, 3) if changes else None,
        # every process: the main one, the bot workers (their thinking) and the boards worker
        "server_all_cpu_ms_per_change": round(1000 * (cpu1 - cpu0) / changes, 3) if changes else None,
        "server_workers_cpu_ms_per_change_most_first": [round(1000 * v / changes, 3) for v in used]
        if changes else None,
        "server_main_cpu_ms_per_change_by_thread": {k: round(1000 * (threads1[k] - threads0[k]) / changes, 3)
                                                    for k in threads1} if changes else None,
        # seconds per second of the run that the main process's threads, and each worker, were
        # ready but waited for a core: near 0 on a quiet machine
        "server_waited_for_cpu_s_per_s": {"main": round((waited1.get(proc.pid, 0.0) - waited0.get(proc.pid, 0.0))
                                                        / elapsed, 3),
                                          "workers_most_first": sorted(
                                              (round((w - waited0.get(pid, 0.0)) / elapsed, 3)
                                               for pid, w in waited1.items() if pid != proc.pid), reverse=True)}
        if proc else None,
        "state_kib_received_per_change": round(stats.state_bytes / 1024 / changes, 1) if changes else None,
        "state_kib_mean": round(stats.state_bytes / 1024 / stats.states, 1) if stats.states else None,
        "spectator_states": stats.spectator_states,
        "spectator_state_kib_mean": round(stats.spectator_bytes / 1024 / stats.spectator_states, 1)
        if stats.spectator_states else None,
        "errors": stats.errors,
        "server_latency_series": delta(series1, series0, SERIES) if proc else None,
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "server_main_process_cpu_s": round(main1 - main0, 2),
        "load_client_cpu_s": round(client_cpu, 2),
        "server_cpu_per_game_pct_of_core": round(100 * (cpu1 - cpu0) / elapsed / args.games, 3),
        "server_rss_mib": {"idle": round(rss0, 1), "loaded": round(rss_mid, 1),
                           "per_game": round((rss_mid - rss0) / args.games, 3)},
        "database": db.split("@")[-1] if args.pg else "sqlite",
        "load_average_before": [round(x, 2) for x in load0],
        "load_average_after": [round(x, 2) for x in load1],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="concurrent games (one simulated human each)")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long to play (the script stops itself)")
    ap.add_argument("--think", type=float, default=1.0, help="a human's mean thinking time, seconds")
    ap.add_argument("--bot-time", type=float, default=0.5, help="the server's MCTS time budget")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--url", help="an already running server on loopback (then no CPU/memory figures)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spectators", type=float, default=0.25, help="share of games that also get a spectator")
    ap.add_argument("--pg", metavar="URL", help="PostgreSQL (a fresh database beside this URL's) instead of SQLite")
    ap.add_argument("--profile", metavar="FILE", help="run the server's main process under cProfile, dump to FILE")
    ap.add_argument("--src", help="run the server from this source tree (a before/after): its path goes first")
    args = ap.parse_args()
    if not 1 <= args.games <= 2000 or not 1 <= args.seconds <= 3600:
        raise SystemExit("--games 1..2000 and --seconds 1..3600")
    if args.profile and args.url:
        raise SystemExit("--profile profiles the server this script starts, not --url's")
    print(json.dumps(asyncio.run(run(args)), indent=1))
    if args.profile:
        print(top_of_profile(args.profile))


if __name__ == "__main__":
    main()
