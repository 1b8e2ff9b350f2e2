"""Measure the offline app in Debian's chromium (docs/offline.md): what the first visit fetches
(bytes on the wire, every response until the service worker has cached the app), and the starts
that follow with the network cut: the page shown, the engine ready, a saved game shown again.

    PYTHONPATH=src .venv/bin/python offline/measure_page.py [--starts 3]

Starts a server of this checkout on a free port (tests/server/wire.py) and stops it after."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.wire import Server  # noqa: E402
from tests.web.conftest import ARGS, CHROMIUM  # noqa: E402


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
                print(f"first visit: {len(responses)} responses seen by the page; the cache holds {held[0]} files, "
                      f"{held[1] / 1e6:.2f} MB; "
                      f"cached after {cached:.1f} s, engine ready after {ready:.1f} s")
                ctx.set_offline(True)
                page.click("[data-choice=pocketciv-solo]")
                page.wait_for_function("window.__asztalKept === 0", timeout=600_000)
                for n in range(a.starts):
                    t0 = time.monotonic()
                    page.reload()
                    page.wait_for_selector("#board svg", timeout=600_000)
                    shown = time.monotonic() - t0
                    print(f"start {n + 1} with no network: the saved game shown after {shown:.2f} s")
                ctx.close()
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
