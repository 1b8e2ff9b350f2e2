"""Measure the offline app in Debian's chromium (docs/offline.md): what the first visit fetches
(bytes on the wire: each file the service worker caches, asked for as a browser does, with
gzip accepted), and the starts that follow with the network cut: the saved game shown again,
and where each start's time went in the worker (the pack read, Pyodide loaded, the pack
unpacked, the bridge imported, the game shown).

    PYTHONPATH=src .venv/bin/python offline/measure_page.py [--starts 3]

Starts a server of this checkout on a free port (tests/server/wire.py) and stops it after."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.wire import Server  # noqa: E402
from tests.web.conftest import ARGS, CHROMIUM  # noqa: E402


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--starts", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/a.db", Path(tmp) / "log").start()
        try:
            with sync_playwright() as p:
                ctx = p.chromium.launch_persistent_context(f"{tmp}/profile", executable_path=CHROMIUM, args=ARGS,
                                                           headless=True, viewport={"width": 390, "height": 844})
                page = ctx.new_page()
                responses = []
                ctx.on("response", lambda r: responses.append(r))
                t0 = time.monotonic()
                page.goto(srv.url + "/offline/")
                page.wait_for_function("window.__asztalOffline.cache === 'ready'", timeout=600_000)
                cached = time.monotonic() - t0
                page.wait_for_function("window.__asztalOffline.engine === 'ready'", timeout=600_000)
                ready = time.monotonic() - t0
                held = page.evaluate("""async () => { let n = 0, bytes = 0;
                    for (const name of await caches.keys()) { const c = await caches.open(name);
                      for (const req of await c.keys()) { n++; bytes += (await (await c.match(req)).blob()).size; } }
                    return [n, bytes]; }""")
                wire, whole = wire_bytes(srv.url)
                print(f"first visit: {len(responses)} responses seen by the page; the cache holds {held[0]} files, "
                      f"{held[1] / 1e6:.2f} MB; on the wire {wire / 1e6:.2f} MB gzipped ({whole / 1e6:.2f} MB "
                      f"as files); cached after {cached:.1f} s, engine ready after {ready:.1f} s")
                ctx.set_offline(True)
                page.click("[data-choice=pocketciv-solo]")
                page.wait_for_function("window.__asztalKept === 0", timeout=600_000)
                for n in range(a.starts):
                    t0 = time.monotonic()
                    page.reload()
                    page.wait_for_selector("#board svg", timeout=600_000)
                    shown = time.monotonic() - t0
                    page.wait_for_function("(window.__asztalOffline.timing || {}).game_started")
                    steps = page.evaluate("window.__asztalOffline.timing")
                    print(f"start {n + 1} with no network: the saved game shown after {shown:.2f} s; in the worker "
                          + ", ".join(f"{k} {v / 1000:.2f} s" for k, v in steps.items()))
                ctx.close()
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
