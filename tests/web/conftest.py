"""Browser fixtures: a real ``asztal serve`` per test module and Debian's chromium driven by
Playwright (``executable_path``, headless, one browser per module and a fresh context per test; never
``playwright install``).

Screenshots and click latencies are kept under ``build/screenshots/`` as test artifacts."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.wire import Server, fresh_sqlite

CHROMIUM = os.environ.get("ASZTAL_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

#: how often a page's ``wait_for_function`` looks again, in ms. Playwright's default looks at
#: every animation frame, which keeps chromium drawing frames for as long as a test waits (for
#: a bot, a server's answer): at 60 a second, 0.07-0.19 s of CPU for every second of waiting on
#: a page holding a board, against under 0.015 s looking every 50 ms
POLL_MS = 50
_wait_for_function = Page.wait_for_function


def _wait_polling(self: Page, expression: str, *, arg=None, polling=None, timeout=None):
    return _wait_for_function(self, expression, arg=arg, polling=POLL_MS if polling is None else polling,
                              timeout=timeout)


Page.wait_for_function = _wait_polling  # type: ignore[method-assign]

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("web")
    srv = Server(fresh_sqlite(tmp / "asztal.db"), tmp / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    """One headless chromium for a module's tests, each of which opens its own contexts (a
    page's storage and cookies are a context's, so tests stay apart)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    """A fresh context of the module's chromium for each test: its own cookies, storage and
    cache (an incognito profile), without starting a browser per test (about 1.5 s of CPU and
    2 s of waiting each)."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 820})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, server):
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = server.url + "/"
    yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def save_latencies(name: str, values: list[float]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"latency-{name}.json").write_text(json.dumps({"clicks": len(values), "ms": values}))


def create(page, game: str, players: int, kinds: list[str] | None = None, bot: str = "greedy",
           options: dict[str, str] | None = None) -> str:
    """Fill the lobby form and start a game; returns its id (the page is on the game then,
    or on the invite links when a seat is by invitation)."""
    page.goto(page.base)
    page.select_option("#f-game", game)
    page.select_option("#f-players", str(players))
    for s, kind in enumerate(kinds or []):
        page.select_option(f"select[name=kind{s}]", kind)
    # every bot seat at ``bot`` (the lobby offers ``normal``; the tests play the quicker
    # ``greedy`` unless they ask otherwise)
    page.eval_on_selector_all("select.strength", "(all, bot) => all.forEach((s) => { s.value = bot; })", bot)
    for name, value in (options or {}).items():
        page.select_option(f"[data-option={name}]", value)
    page.click("#f-create")
    page.wait_for_function("location.search.includes('game=') || document.querySelector('#go-game')")
    if page.query_selector("#go-game"):
        return page.get_attribute("#go-game", "href").split("game=")[1]
    page.wait_for_selector("#board svg, #pass-screen")
    return page.evaluate("new URLSearchParams(location.search).get('game')")


MY_TURN = "document.querySelector('#status') && document.querySelector('#status').dataset.mine === '1'"
OVER = "document.querySelector('#end-screen')"


def clickables(page):
    return page.query_selector_all("#board [data-code], #board [data-codes], #buttons > .act-line > .act-btn")


def click_once(page, rng: random.Random, tries: int = 2) -> None:
    """Click one legal thing (a board element, or a button) and wait for the new board.

    A click the server refused leaves the game where it was (a player would click again): when
    no new board came and the page still shows the same position as this seat's turn, the click
    is made once more; a second silence fails. The game moving on by itself also counts."""
    n = page.evaluate("window.__asztalLatency.length")
    seq = page.evaluate("window.__asztalState ? window.__asztalState.seq : -1")
    target = rng.choice(clickables(page))
    target.dispatch_event("click")
    if page.query_selector("#menu"):
        rng.choice(page.query_selector_all("#menu .act-btn")).click()
    moved = (f"window.__asztalLatency.length > {n} || {OVER} || "
             f"(window.__asztalState && window.__asztalState.seq > {seq})")
    try:
        page.wait_for_function(moved, timeout=15000)
    except PlaywrightTimeout:
        if tries <= 1 or not page.evaluate(f"({MY_TURN}) && window.__asztalState.seq === {seq}"):
            raise
        toast = page.query_selector("#toast-text")  # what the page said, for the next one to read
        print(f"a click at seq {seq} brought nothing; the page said: {toast.inner_text() if toast else None!r}")
        click_once(page, rng, tries - 1)


def play_to_end(page, rng: random.Random, on_click=None, limit: int = 1500) -> int:
    """Click until the end screen shows; returns the number of clicks."""
    for i in range(limit):
        page.wait_for_function(f"({MY_TURN}) || {OVER}", timeout=60000)
        if page.query_selector("#end-screen"):
            return i
        click_once(page, rng)
        if on_click is not None:
            on_click(i)
    raise AssertionError(f"no end after {limit} clicks")
