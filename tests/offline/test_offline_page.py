"""The offline app in Debian's chromium: loaded once with the network, then with the network cut
(``context.set_offline(True)``) it reloads from the service worker's cache, plays a PocketCiv
solo game and a PAX solitaire game at 390×844 in the engine of its Web Worker (Pyodide), and a
reload mid-game resumes each at the same decision from IndexedDB: the position kept is shown
before the engine has resumed the game (its moves held, a line saying why, axe finding no
serious fault), then the same decision is playable. With no network, the hint
and the rules panel answer from the page (the worker, the service worker's cache), and the end
screen says an upload needs a network; with the network back and an account logged in, the
finished PAX game is uploaded and listed among the account's games, and replays.

Skipped, saying why, where chromium, the npm package ``pyodide`` or the pack is missing
(``make offline`` installs and builds them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = ROOT / "offline"
if not (OFFLINE / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
    pytest.skip("the npm package pyodide is not installed: run `make offline`", allow_module_level=True)
if not (OFFLINE / "build" / "asztal-pack.zip").is_file():
    pytest.skip("the offline pack is not built: run `make offline`", allow_module_level=True)

from tests.server.wire import Server  # noqa: E402
from tests.web.conftest import ARGS, CHROMIUM  # noqa: E402  (skips the module without chromium)
from tests.web.test_access import no_serious  # noqa: E402

#: decisions each game plays at most (both end sooner or later; the cap bounds the run)
MOVES = 400
#: the decision after which the page is reloaded
RELOAD_AT = 12
#: the engine starts in a worker under Pyodide: generous on a busy machine
START_MS = 60_000
#: run before the page's scripts: while the session says so, the page's messages to its worker
#: are held until the test lets them go (``__asztalRelease``), so the engine cannot resume the
#: game before the test has seen the position the page shows without it
HOLD = """if (sessionStorage.getItem("asztal-hold")) {
  const send = Worker.prototype.postMessage;
  const held = [];
  Worker.prototype.postMessage = function (...args) { held.push([this, args]); };
  window.__asztalRelease = () => {
    sessionStorage.removeItem("asztal-hold");
    Worker.prototype.postMessage = send;
    for (const [worker, args] of held) send.apply(worker, args);
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("offline-web")
    srv = Server(f"sqlite:///{tmp / 'asztal.db'}", tmp / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def page(tmp_path, server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS,
                                                   headless=True, viewport={"width": 390, "height": 844})
        ctx.add_init_script(HOLD)
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.base = server.url + "/offline/"
        yield pg
        ctx.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


def _state(page) -> dict:
    return page.evaluate("window.__asztalState && {seq: window.__asztalState.seq, over: window.__asztalState.is_over,"
                         " to_move: window.__asztalState.to_move, decision: window.__asztalState.decision,"
                         " legal: window.__asztalState.legal.map((a) => a.code)}")


def _wait_state(page, after: int = -1) -> dict:
    page.wait_for_function(f"window.__asztalState && window.__asztalState.seq > {after}", timeout=START_MS)
    return _state(page)


def _play(page, rng: random.Random, moves: int) -> dict:
    """Click ``moves`` random legal choices (listed as buttons beside the board on a phone),
    each after the page shows the position the last one made; stops at the game's end."""
    st = _state(page)
    for _ in range(moves):
        if st["over"]:
            break
        code = st["legal"][rng.randrange(len(st["legal"]))]
        page.locator(f'#buttons .act-btn[data-code="{code}"]').first.click()
        st = _wait_state(page, st["seq"])
    return st


def _reload_resumes(page) -> None:
    """The position kept, a reload with no network shows it at once, from IndexedDB, with its
    moves held while the engine has not resumed the game (the page's messages to the worker held
    by the test), then the same decision playable from the engine."""
    before = _state(page)
    page.wait_for_function(f"window.__asztalKept === {before['seq']}")
    page.evaluate("sessionStorage.setItem('asztal-hold', '1')")
    page.reload()
    page.wait_for_selector("#offline-preparing", timeout=START_MS)
    page.wait_for_selector("#board svg")
    assert _state(page) == before
    assert page.evaluate("document.querySelector('.game-main').inert && !window.__asztalOffline.playable")
    no_serious(page, "the saved game shown before the engine")
    page.evaluate("window.__asztalRelease()")
    page.wait_for_function("window.__asztalOffline.playable", timeout=START_MS)
    assert page.locator("#offline-preparing").count() == 0
    assert page.evaluate("document.querySelector('.game-main').inert") is False
    assert _state(page) == before
    no_serious(page, "the saved game resumed")


def _game(page, choice: str, seed: int) -> dict:
    rng = random.Random(seed)
    page.goto(page.base + "?menu")
    page.click(f"[data-choice={choice}]")
    _wait_state(page)
    _play(page, rng, RELOAD_AT)
    _reload_resumes(page)
    _help_without_network(page)
    return _play(page, rng, MOVES)


def _help_without_network(page) -> None:
    """The hint (the worker's hint bot) names a legal move; the rules panel opens with its text."""
    legal = _state(page)["legal"]
    page.click("#hint")
    page.wait_for_selector("#toast:not([hidden])", timeout=START_MS)  # the hint bot thinks in the worker
    hinted = page.evaluate("document.querySelector('#board .hinted, #buttons .hinted')?.dataset.code ?? null")
    assert hinted is None or hinted in legal
    page.click("#rules")
    page.wait_for_selector("#rules-panel .passage")
    page.click("#rules-close")


def test_the_app_plays_and_resumes_with_no_network(page, server) -> None:
    page.goto(page.base)
    page.wait_for_function("window.__asztalOffline && window.__asztalOffline.cache === 'ready'", timeout=START_MS)
    assert page.locator("[data-choice=pocketciv-solo]").is_visible()
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-choice=pocketciv-solo]")
    assert page.evaluate("navigator.onLine") is False

    civ = _game(page, "pocketciv-solo", 1)
    pax = _game(page, "pax-solitaire", 2)
    assert civ["over"] and pax["over"], (civ, pax)
    assert page.locator("#end-screen").is_visible()
    # no replay or review of a server here: the choices, and the upload saying what it needs
    assert page.locator("#end-replay, #end-review").count() == 0
    page.wait_for_selector("#offline-end-upload .offline-upload .muted")
    assert page.locator("#offline-end-upload .offline-upload-button").count() == 0

    # the network back: an account logs in, the PAX game (the newest) is uploaded and is the account's
    page.context.set_offline(False)
    r = page.context.request.post(server.url + "/api/account/register",
                                  data={"username": "vonaton", "password": "jó hosszú jelszó 1"})
    assert r.status == 201, r.text()
    page.goto(page.base + "?menu")
    first = page.locator(".offline-finished-game").first
    first.locator(".offline-upload-button").click()
    link = first.locator(".offline-uploaded + a")
    link.wait_for()
    game_id = link.get_attribute("href").split("replay=")[1]
    page.locator(".offline-finished-game").nth(1).locator(".offline-upload-button").wait_for()
    page.goto(server.url + "/")
    page.wait_for_selector(f"#account-games [data-game='{game_id}'][data-state='finished']")
    page.goto(server.url + f"/?replay={game_id}")
    page.wait_for_selector("#board svg", timeout=START_MS)
