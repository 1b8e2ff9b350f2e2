"""Measure the offline app in Debian's chromium (docs/offline.md): what the first visit fetches
(bytes on the wire: each file the service worker caches, asked for as a browser does, with
gzip accepted), and the starts that follow with the network cut, on a desktop profile and on a
mid-range phone profile: when the saved game is shown again, when it is playable (the engine
has resumed it), the CPU time the renderers used for it (all threads: a figure a busy machine
moves less than the wall clock), and where the worker's time went (Pyodide loaded, the pack unpacked and the
bridge imported, the game replayed and drawn).

    PYTHONPATH=src .venv/bin/python offline/measure_page.py [--starts 3] [--profile phone] [--rate 4]

The phone profile is 390×844 with touch at device scale 3, its CPU slowed ``--rate`` times (4:
what Lighthouse calls a mid-range phone). Chromium's own CPU throttling
(``Emulation.setCPUThrottlingRate``) slows only a page's main thread: the worker, where Pyodide
starts, runs at full speed, and Chromium refuses the call on a worker's target ("only supported
for pages, not workers"). So this tool slows the page's renderer processes whole (page, worker,
V8's compiling threads) as Chromium's throttler slows a main thread: each runs one quantum in
``rate`` (stopped with SIGSTOP, let go with SIGCONT), and the rate actually kept is printed.

Starts a server of this checkout on a free port (tests/server/wire.py) and stops it after."""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.wire import Server  # noqa: E402
from tests.web.conftest import ARGS, CHROMIUM  # noqa: E402

#: the browser's window and input for each profile
PROFILES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 3},
}
#: one quantum of the throttle (s): the renderer runs one, then stops rate - 1 of them
QUANTUM = 0.005
#: the page counts as playable once the engine has resumed the game (the page's own flag; a page
#: before it had one: the worker's timing, posted after the resumed game's first state)
PLAYABLE = ("window.__asztalOffline && (window.__asztalOffline.playable"
            " || (window.__asztalOffline.timing || {}).game_started)")


def wire_bytes(base: str) -> tuple[int, int]:
    """The bytes the service worker's files take on the wire (gzip accepted) and as files."""
    text = httpx.get(base + "/offline/sw.js").text
    files = json.loads(text[text.index("const FILES = ") + 14:text.index(";", text.index("const FILES = "))])
    wire = whole = 0
    with httpx.Client(base_url=base, headers={"Accept-Encoding": "gzip"}) as client:
        for name in files:
            with client.stream("GET", name) as r:
                wire += sum(len(chunk) for chunk in r.iter_raw())
            whole += len(client.get(name, headers={"Accept-Encoding": "identity"}).content)
    return wire, whole


def renderers(profile: str) -> list[int]:
    """The renderer processes of the chromium using ``profile`` (its user data folder)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                cmd = Path(f"/proc/{name}/cmdline").read_bytes()
            except OSError:
                continue
            if b"--type=renderer" in cmd and f"--user-data-dir={profile}".encode() in cmd:
                found.append(int(name))
    return found


def _signal(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


@contextmanager
def slowed(profile: str, rate: float) -> Iterator[dict[str, float]]:
    """Slow the renderers ``rate`` times while inside; the dict gets the rate kept ("kept")."""
    kept: dict[str, float] = {}
    if rate <= 1:
        yield kept
        return
    stop = threading.Event()
    ran = [0.0, 0.0]  # seconds let run, seconds in all

    def throttle() -> None:
        pids: list[int] = []
        looked = 0.0
        while not stop.is_set():
            now = time.monotonic()
            if now - looked > 0.5:  # a reload may make a new renderer
                pids, looked = renderers(profile), now
            let_go = time.monotonic()
            _signal(pids, signal.SIGCONT)
            time.sleep(QUANTUM)
            _signal(pids, signal.SIGSTOP)
            paused = time.monotonic()
            # stopped for rate - 1 times as long as it could run (a late wake-up lengthens both)
            time.sleep((paused - let_go) * (rate - 1))
            ran[0] += paused - let_go
            ran[1] += time.monotonic() - let_go
        _signal(renderers(profile), signal.SIGCONT)

    thread = threading.Thread(target=throttle, daemon=True)
    thread.start()
    try:
        yield kept
    finally:
        stop.set()
        thread.join()
        kept["kept"] = ran[1] / ran[0] if ran[0] else 0.0


def cpu_seconds(profile: str) -> float:
    """The CPU time the profile's renderers have used (user and system, every thread)."""
    total = 0
    for pid in renderers(profile):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def steps(timing: dict[str, int]) -> tuple[float, float, float]:
    """The worker's start in three (s): Pyodide loaded; the pack unpacked and the bridge imported;
    the game resumed and its first state posted."""
    return (timing["runtime_loaded"] / 1000, (timing["bridge_imported"] - timing["runtime_loaded"]) / 1000,
            (timing["game_started"] - timing["bridge_imported"]) / 1000)


def measure(base: str, tmp: str, profile: str, starts: int, rate: float) -> None:
    folder = f"{tmp}/profile-{profile}"
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=ARGS, headless=True,
                                                   **PROFILES[profile])
        page = ctx.new_page()
        responses = []
        ctx.on("response", lambda r: responses.append(r))
        t0 = time.monotonic()
        page.goto(base + "/offline/")
        page.wait_for_function("window.__asztalOffline.cache === 'ready'", timeout=600_000)
        cached = time.monotonic() - t0
        page.wait_for_function("window.__asztalOffline.engine === 'ready'", timeout=600_000)
        ready = time.monotonic() - t0
        held = page.evaluate("""async () => { let n = 0, bytes = 0;
            for (const name of await caches.keys()) { const c = await caches.open(name);
              for (const req of await c.keys()) { n++; bytes += (await (await c.match(req)).blob()).size; } }
            return [n, bytes]; }""")
        wire, whole = wire_bytes(base)
        print(f"[{profile}] first visit (not slowed): {len(responses)} responses seen by the page; the cache holds "
              f"{held[0]} files, {held[1] / 1e6:.2f} MB; on the wire {wire / 1e6:.2f} MB gzipped ({whole / 1e6:.2f} "
              f"MB as files); cached after {cached:.1f} s, engine ready after {ready:.1f} s")
        ctx.set_offline(True)
        page.click("[data-choice=pocketciv-solo]")
        page.wait_for_function("window.__asztalKept === 0", timeout=600_000)
        rows = []
        for n in range(starts):
            with slowed(folder, rate if profile == "phone" else 1) as kept:
                used = cpu_seconds(folder)
                t0 = time.monotonic()
                page.reload(wait_until="commit")
                page.wait_for_selector("#board svg", timeout=600_000)
                shown = time.monotonic() - t0
                page.wait_for_function(PLAYABLE, timeout=600_000, polling=20)
                playable = time.monotonic() - t0
                used = cpu_seconds(folder) - used
            page.wait_for_function("window.__asztalOffline.timing", timeout=600_000)  # posted after the game
            timing = page.evaluate("window.__asztalOffline.timing")
            pyodide, bridge, game = steps(timing)
            rows.append((shown, playable, pyodide, bridge, game, used))
            slow = f" (CPU {kept['kept']:.1f}× slower)" if kept else ""
            print(f"[{profile}] start {n + 1} with no network{slow}: shown {shown:.2f} s, playable {playable:.2f} s; "
                  f"in the worker: Pyodide {pyodide:.2f} s, pack and bridge {bridge:.2f} s, game {game:.2f} s "
                  f"; the renderers' CPU {used:.2f} s ({json.dumps(timing)})")
        med = [statistics.median(col) for col in zip(*rows, strict=True)]
        print(f"[{profile}] median of {starts}: shown {med[0]:.2f} s, playable {med[1]:.2f} s; Pyodide {med[2]:.2f} s, "
              f"pack and bridge {med[3]:.2f} s, game {med[4]:.2f} s; the renderers' CPU {med[5]:.2f} s")
        ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--starts", type=int, default=3)
    ap.add_argument("--profile", choices=[*PROFILES, "both"], default="both")
    ap.add_argument("--rate", type=float, default=4.0, help="how many times slower the phone's CPU is")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/a.db", Path(tmp) / "log").start()
        try:
            for profile in PROFILES if a.profile == "both" else [a.profile]:
                measure(srv.url, tmp, profile, a.starts, a.rate)
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
