"""The other screens and sizes: a phone held sideways (844x390) and a tablet (768x1024) show
each game without sideways overflow and with 40 px touch targets; the lobby fits a phone
upright; a drawn map starts a game in one click; the lobby's lists know a new game at once
and do not offer a private game to strangers."""

from __future__ import annotations

import pytest

from tests.web.conftest import MY_TURN, OVER, create, shot
from tests.web.test_screens import PHONE_CHECK

SIZES = {"landscape": (844, 390), "tablet": (768, 1024)}


@pytest.mark.parametrize("size", list(SIZES))
def test_each_game_fits_a_landscape_phone_and_a_tablet(page, size):
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    for game, players in (("pax", 2), ("pocketciv", 1), ("caboose", 3)):
        create(page, game, players)
        page.wait_for_selector("#board svg")
        page.wait_for_function(f"({MY_TURN}) || {OVER}")
        shot(page, f"{game}-{size}")
        r = page.evaluate(PHONE_CHECK)
        assert r["overflow"] <= 0, f"{game} {size}: overflows sideways by {r['overflow']} px"
        assert not r["small"], f"{game} {size}: touch targets under 40 px: {r['small']}"
        assert page.query_selector("#panels .panel-seat[data-turn='1']")


def paint(page, m: dict, area_of: dict[tuple[int, int], int]) -> None:
    """Paint map ``m`` in the open editor as a player would, brush by brush (``area_of``: each
    land cell's area), tick its terrain, and wait for the editor to accept it."""
    for brush in [*sorted(set(area_of.values())), "frontier", "sea"]:
        page.click(f"[data-brush='{brush}']")
        cells = [c for c, n in area_of.items() if n == brush] if isinstance(brush, int) else m[brush]["cells"]
        for q, r in cells:
            page.dispatch_event(f"#map-grid polygon[data-cell='{q},{r}']", "pointerdown")
    for a in m["areas"]:
        for kind in ("mountain", "forest", "desert"):
            if a.get(kind):
                page.check(f"#map-terrain input[data-area='{a['number']}'][data-kind='{kind}']")
    page.dispatch_event("#map-grid", "pointerup")
    page.wait_for_selector("#map-result[data-ok='1']")


def test_the_lobby_fits_a_phone_upright(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base)
    page.select_option("#f-game", "caboose")
    page.select_option("#f-players", "5")
    page.select_option("select[name=kind2]", "bot")
    shot(page, "lobby-phone")
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')].filter((e) => {
        const r = e.getBoundingClientRect(); return r.width && r.right > window.innerWidth + 0.5; })
        .map((e) => e.tagName + '.' + e.className)""")
    assert not wide, f"sticking out of the phone's width: {wide[:5]}"
    # an empty name is the default, shown in the reader's language
    assert page.get_attribute("input[name=name1]", "placeholder") == "Gép 2"


def test_a_new_game_shows_in_the_lists_and_a_private_one_is_not_offered(page, context):
    create(page, "pax", 2, kinds=["here", "invite"])
    page.wait_for_selector("#my-games .row")  # listed at once, without a reload
    page.check("#f-private")
    page.click("#f-create")
    page.wait_for_function("document.querySelectorAll('#my-games .row').length === 2")
    other = context.new_page()
    other.goto(page.base)
    other.wait_for_selector("#games-open")
    rows = other.query_selector_all("#games-open .row")
    assert len(rows) == 1  # the public one; the private game is joined only by its invitation


def test_a_drawn_map_starts_a_game_in_one_click(page):
    from asztal.engine.rng import Rng
    from asztal.games.pocketciv.setup import generate_map

    m = generate_map(Rng(5))
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")
    assert page.is_disabled("#map-play")
    paint(page, m, {tuple(c): a["number"] for a in m["areas"] for c in a["cells"]})
    page.click("#map-play")
    page.wait_for_selector("#board svg")
    gid = page.evaluate("new URLSearchParams(location.search).get('game')")
    # the drawn map's game is private: it is seen with one of its seats' tokens
    info = page.evaluate(f"""(() => {{
        const mine = JSON.parse(localStorage.getItem("asztal.games") || "{{}}")["{gid}"];
        const key = Object.values(mine.seats)[0];
        return fetch(`/api/games/{gid}?key=${{encodeURIComponent(key)}}`).then((r) => r.json());
    }})()""")
    assert info["game"] == "pocketciv" and info["players"] == 1
    # the board is the drawn map: each area's mountains and forests as painted
    titles = page.evaluate("Object.fromEntries([...document.querySelectorAll('#board .area')].map((e) => "
                           "[e.dataset.area, e.querySelector('title').textContent]))")
    for a in m["areas"]:
        said = titles[str(a["number"])]
        assert ("hegység" in said) == bool(a.get("mountain")) and ("erdő" in said) == bool(a.get("forest")), said
    shot(page, "pocketciv-drawn-map")


def test_the_into_your_hand_target_takes_a_real_click(page):
    """PAX: while a drawn card waits for its place, the highlighted "into your hand" target is
    on top of the hand and a real mouse click on it (not a dispatched event) places the card."""
    import random

    from tests.web.conftest import click_once

    create(page, "pax", 2, kinds=["here", "bot"], bot="random")
    rng = random.Random(4)
    for _ in range(80):
        page.wait_for_function(f"({MY_TURN}) || {OVER}", timeout=60000)
        assert not page.query_selector("#end-screen"), "no drawn card to place before the end"
        target = page.query_selector("#board .hand-target.act")
        if target is not None:
            code = target.get_attribute("data-code") or target.get_attribute("data-codes").split()[0]
            n = page.evaluate("window.__asztalLatency.length")
            page.click("#board .hand-target.act")  # the mouse at its centre: nothing covers it
            if page.query_selector("#menu"):
                page.click(f"#menu [data-code='{code}']")
            page.wait_for_function(f"window.__asztalLatency.length > {n}")
            assert "kézbe vette:" in page.inner_text("#log").split("\n")[-1]  # "Anna kézbe vette: …"
            return
        click_once(page, rng)
    raise AssertionError("no drawn card to place in 80 clicks")


def test_the_map_editor_switches_language_and_keeps_the_drawing(page):
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")
    page.click("[data-brush='3']")
    page.dispatch_event("#map-grid polygon[data-cell='1,1']", "pointerdown")
    page.dispatch_event("#map-grid", "pointerup")
    page.check("#map-terrain input[data-area='3'][data-kind='forest']")
    fill = page.get_attribute("#map-grid polygon[data-cell='1,1']", "fill")
    for label in ("Magyar", "English", "Magyar"):  # twice and back: one listener, no hang
        page.click("#lang")
        page.wait_for_function(f"document.querySelector('#lang').textContent === {label!r}")
    assert page.get_attribute("#map-grid polygon[data-cell='1,1']", "fill") == fill
    assert page.is_checked("#map-terrain input[data-area='3'][data-kind='forest']")


def test_names_from_the_lobby_everywhere_in_the_readers_language(page):
    page.goto(page.base)
    page.select_option("#f-game", "caboose")
    page.select_option("#f-players", "3")
    page.fill("input[name=name0]", "Anna")
    page.fill("input[name=name1]", "Béla")  # seat 3 is left unnamed: "Gép 3" / "Bot 3"
    page.click("#f-create")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.querySelectorAll('#panels .panel-seat').length === 3")
    page.wait_for_function("document.querySelector('#log').innerText.length > 0")
    panels = page.inner_text("#panels")
    assert "Anna" in panels and "Béla" in panels and "Gép 3" in panels
    board = page.inner_html("#board")
    assert "Anna (kék) (te)" in board and "Béla (fehér)" in board and "1. játékos" not in board
    page.click("#lang")
    page.wait_for_function("document.querySelector('#board svg').getAttribute('lang') === 'en'")
    page.wait_for_function("document.querySelector('#panels').innerText.includes('Bot 3')")
    assert "Gép" not in page.inner_text("#panels") and "Gép" not in page.inner_html("#board")
    page.wait_for_function("document.querySelector('#log').innerText.length > 0")
    log = page.inner_text("#log")
    assert "Player 2" not in log and "Player 3" not in log
    info = page.evaluate("fetch('/api/games?limit=1').then((r) => r.json())")[0]
    assert [s["name"] for s in info["seats"]] == ["Anna", "Béla", ""]  # stored neutrally


#: the generated map of seed 1 with two cells of area 8 painted to its neighbours: area 8 is one
#: cell (a mountain and a forest), a map the rules accept
ONE_CELL_AREA = 8
REPAINTED = {(2, -3): 2, (3, -3): 6}

#: the box of an area's outline on screen, and of each piece drawn in it (its number, tribes, icons)
PIECES = """(area) => {
    const g = document.querySelector(`#board .area[data-area='${area}']`);
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {cell: box(g.querySelector('polygon')),
            pieces: [...g.querySelectorAll('.piece')].map((p) => [p.getAttribute('class'), box(p)])};
}"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_one_cell_areas_pieces_leave_its_number_readable(page, size):
    """Issue 36: a map drawn in the editor with a one-cell area, played: the area's number, its
    tribes, mountain and forest each have their own place in the cell (their boxes on screen
    do not overlap, and stay inside the cell), on a phone and on a laptop."""
    from asztal.engine.rng import Rng
    from asztal.games.pocketciv.setup import generate_map

    page.set_viewport_size({"width": size[0], "height": size[1]})
    m = generate_map(Rng(1))
    painted = {tuple(c): a["number"] for a in m["areas"] for c in a["cells"]} | REPAINTED
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")
    paint(page, m, painted)
    # the editor: every painted cell of the one-cell area shows its number, nothing over it
    q, r = next(c for c, n in painted.items() if n == ONE_CELL_AREA)
    label = page.eval_on_selector(f"#map-grid polygon[data-cell='{q},{r}']", "(p) => p.nextElementSibling.textContent")
    assert label == str(ONE_CELL_AREA)
    page.click("#map-play")
    page.wait_for_selector("#board svg")
    for _ in range(3):  # the starting tribes, all in the one-cell area
        page.wait_for_function(MY_TURN)
        n = page.evaluate("window.__asztalLatency.length")
        page.dispatch_event(f"#board .area[data-area='{ONE_CELL_AREA}']", "click")
        page.wait_for_function(f"window.__asztalLatency.length > {n}")
    page.wait_for_function(MY_TURN)
    got = page.evaluate(PIECES, ONE_CELL_AREA)
    kinds = sorted(c.split()[1] for c, _ in got["pieces"])
    assert kinds == ["forest", "mountain", "number", "tribes"], kinds
    boxes = [b for _, b in got["pieces"]]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a, b), got["pieces"]
        cell = got["cell"]
        assert cell[0] <= a[0] and a[2] <= cell[2] and cell[1] <= a[1] and a[3] <= cell[3], (a, cell)
    page.query_selector(f"#board .area[data-area='{ONE_CELL_AREA}']").scroll_into_view_if_needed()
    shot(page, f"pocketciv-one-cell-area-{size[0]}x{size[1]}")
