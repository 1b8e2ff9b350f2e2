"""Issue 36, every page as anyone meets it, at a phone held upright (390x844) and a laptop
(1366x900), in one browser for the whole module (a context per size):

- axe-core (``axe-playwright-python``) finds no serious or critical violation on the lobby,
  each game page (with its rules panel open too), the lessons, the replay, the profile, the
  ratings page and the operator's moderation page;
- the game page has no scrolling box inside the page's own scroll; every board target a
  player may tap on a phone is 40x40 px or more, or its choices are listed beside the board as
  buttons 40 px tall; the folds are 40 px tall; zoomed, the board's text is 12 px or more; a
  refusal's message never covers the options;
- the rules panel shows each passage of the guide once, in the guide's order, opened at the
  passage that governs the refused move;
- a lesson's text is 12 px or more, its board's too once zoomed.

Phone screenshots go to build/screenshots/ (``access-*``)."""

from __future__ import annotations

import subprocess

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe

from asztal.games.guide import guide
from tests.server.wire import ASZTAL
from tests.web.conftest import MY_TURN, create, shot

SIZES = {"phone": (390, 844), "laptop": (1366, 900)}
GAMES = [("pax", 2), ("pocketciv", 1), ("caboose", 3)]
#: the rules axe runs: WCAG 2.1 A and AA and axe's best practices
AXE_RULES = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}

#: boxes inside the page that scroll by themselves (form controls aside)
SCROLLERS = """() => [...document.querySelectorAll('#app *, #learn *')].filter((e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA', 'OPTION'].includes(e.tagName)) return false;
  const cs = getComputedStyle(e);
  return ['auto', 'scroll'].includes(cs.overflowX) || ['auto', 'scroll'].includes(cs.overflowY);
}).map((e) => e.tagName + '#' + e.id + '.' + e.className)"""

#: board targets under 40x40 px whose choices are not all listed as a 40 px button
UNLISTED = """() => {
  const listed = new Set([...document.querySelectorAll('#buttons .act-btn')]
    .filter((b) => b.checkVisibility() && b.getBoundingClientRect().height >= 39.5)
    .map((b) => b.dataset.code));
  const bad = [];
  for (const e of document.querySelectorAll('#board [data-code], #board [data-codes]')) {
    const r = e.getBoundingClientRect();
    if (r.width >= 39.5 && r.height >= 39.5) continue;
    const codes = e.dataset.code ? [e.dataset.code] : e.dataset.codes.split(' ');
    if (!codes.every((c) => listed.has(c))) bad.push([codes.join(' '), Math.round(r.width), Math.round(r.height)]);
  }
  return {bad, targets: document.querySelectorAll('#board [data-code], #board [data-codes]').length};
}"""

#: the smallest text in ``sel``: HTML text by its computed size, SVG text by its drawn size
SMALLEST = """(sel) => {
  const root = document.querySelector(sel);
  let smallest = [99, ''];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const e = n.parentElement, text = n.textContent.trim();
    if (!text || !e.getClientRects().length) continue;
    const svg = e.closest('svg');
    const px = svg ? parseFloat(e.getAttribute('font-size') || e.closest('[font-size]')?.getAttribute('font-size'))
      * svg.getScreenCTM().a : parseFloat(getComputedStyle(e).fontSize);
    if (px < smallest[0]) smallest = [px, text.slice(0, 30)];
  }
  return smallest;
}"""

FOLDS = """() => [...document.querySelectorAll('#app summary')].filter((s) => s.offsetParent !== null)
  .map((s) => [s.textContent.slice(0, 30), s.getBoundingClientRect().height]).filter(([, h]) => h < 39.5)"""


@pytest.fixture
def sized(browser, server, request):
    w, h = SIZES[request.param]
    ctx = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = server.url + "/"
    yield request.param, pg
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def no_serious(page, where: str) -> None:
    found = Axe().run(page, options=AXE_RULES).response["violations"]
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in found
           if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: axe finds {bad}"


def rules_panel_once(page, game: str, where: str) -> None:
    """A refused click's rules: each passage once, in the guide's order, opened at its own."""
    target = page.query_selector("#board [data-try]")
    if target is None:
        return
    page.evaluate("(e) => e.dispatchEvent(new MouseEvent('click', {bubbles: true}))", target)
    page.wait_for_selector("#toast:not([hidden]) #toast-rule")
    # the message is in the page's flow above the options: it covers none of them
    covered = page.evaluate("""() => { const t = document.querySelector('#toast').getBoundingClientRect();
      return [...document.querySelectorAll('#buttons button')].filter((b) => { const r = b.getBoundingClientRect();
        return r.height && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top; })
      .length; }""")
    assert covered == 0, f"{where}: the message covers {covered} options"
    page.click("#toast-rule")
    page.wait_for_selector("#rules-panel .passage")
    shown = page.evaluate("[...document.querySelectorAll('#rules-panel .passage')].map((p) => p.dataset.passage)")
    order = [p.id for p in guide(game, "hu").passages]
    assert len(shown) == len(set(shown)) == len(order), f"{where}: passages {shown}"
    assert shown == order
    # opened at the governing passage: right under the panel's top (its title, the refusal, the search)
    opened = page.evaluate("""() => { const p = document.querySelector('#rules-panel .passage.governs');
      return p && {open: p.open, top: p.getBoundingClientRect().top,
                   under: document.querySelector('#rules-top').getBoundingClientRect().bottom}; }""")
    assert opened and opened["open"] and -2 <= opened["top"] - opened["under"] <= 40, f"{where}: {opened}"
    assert page.is_visible("#rules-reason")
    assert page.query_selector("#rules-panel h3 .rule-id, #rules-panel .rule-id h3") is None
    no_serious(page, f"{where} rules panel")
    if where.startswith("phone"):
        shot(page, f"access-{game}-rules-phone")
    page.click("#rules-close")


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_every_page_is_accessible_and_fits(sized, server):
    size, page = sized
    phone = size == "phone"
    page.goto(page.base)
    page.wait_for_selector("#f-create")
    no_serious(page, f"{size} lobby")
    games = {}
    for game, players in GAMES:
        games[game] = create(page, game, players, kinds=["here"] + ["bot"] * (players - 1))
        page.wait_for_function(MY_TURN)
        where = f"{size} {game}"
        no_serious(page, where)
        assert not page.evaluate(SCROLLERS), f"{where}: boxes that scroll in the page: {page.evaluate(SCROLLERS)}"
        assert not page.evaluate(FOLDS), f"{where}: folds under 40 px: {page.evaluate(FOLDS)}"
        assert page.get_attribute("#status", "aria-live") == "polite"
        if phone:
            for _ in range(12):  # on to a decision taken on the board (Caboose opens with a bid)
                if page.query_selector("#board [data-code], #board [data-codes]"):
                    break
                seq = page.evaluate("window.__asztalState.seq")
                page.click("#buttons .act-btn")
                page.wait_for_function(f"window.__asztalState.seq > {seq} && ({MY_TURN})")
            found = page.evaluate(UNLISTED)
            assert found["targets"] and not found["bad"], f"{where}: small targets not listed: {found['bad'][:5]}"
            shot(page, f"access-{game}-phone")
            if page.is_visible("#zoom"):
                page.click("#zoom")
                smallest = page.evaluate(SMALLEST, "#board")
                assert smallest[0] >= 11.99, f"{where}: zoomed board text {smallest}"
                assert not page.evaluate(SCROLLERS)  # the page scrolls to it, no box inside
                shot(page, f"access-{game}-phone-zoomed")
                page.click("#zoom")
        rules_panel_once(page, game, where)
    page.goto(page.base + "learn.html")
    page.wait_for_selector("button[data-game=caboose]")
    no_serious(page, f"{size} lessons")
    page.click("button[data-game=caboose]")
    for _ in range(4):  # a step with the board in play
        page.wait_for_selector("#tutor")
        if page.query_selector("#learn-next"):
            before = page.get_attribute("#tutor", "data-step")
            page.click("#learn-next")
            page.wait_for_function(f"document.querySelector('#tutor').dataset.step !== {before!r}")
    no_serious(page, f"{size} lesson step")
    smallest = page.evaluate(SMALLEST, "#learn .learn-main > .side")
    assert smallest[0] >= 11.99, f"{size}: lesson text {smallest}"
    smallest = page.evaluate(SMALLEST, "#tutor")
    assert smallest[0] >= 11.99, f"{size}: lesson text {smallest}"
    if phone:
        assert page.is_visible("#learn-zoom")
        page.click("#learn-zoom")
        smallest = page.evaluate(SMALLEST, "#learn-board")
        assert smallest[0] >= 11.99, f"{size}: zoomed lesson board text {smallest}"
        assert not page.evaluate(SCROLLERS)
        shot(page, "access-lesson-phone")
    page.goto(page.base + f"?replay={games['pax']}&step=3")
    page.wait_for_selector("#board svg")
    no_serious(page, f"{size} replay")
    c = httpx.Client(base_url=server.url, timeout=30)
    name = f"Anna{size}"
    c.post("/api/account/register", json={"username": name, "password": "jó hosszú jelszó 1"})
    page.goto(page.base + f"?player={name}")
    page.wait_for_selector("#profile")
    no_serious(page, f"{size} profile")
    page.goto(page.base + "?ratings=pax")
    page.wait_for_selector("#leaderboard")
    no_serious(page, f"{size} ratings")
    # the operator's page, as an operator (the role given on the command line) sees it
    olga = httpx.Client(base_url=server.url, timeout=30)
    assert olga.post("/api/account/register", json={"username": f"Olga{size}", "password": "jó hosszú jelszó 1"}
                     ).status_code == 201
    subprocess.run([ASZTAL, "admin", "grant", f"Olga{size}", "--db", server.db], check=True, capture_output=True,
                   env=server.env, timeout=60)
    page.context.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in olga.cookies.items()])
    page.goto(page.base + "?admin")
    page.wait_for_selector("#admin-audit")
    no_serious(page, f"{size} moderation page")
    page.context.clear_cookies()
