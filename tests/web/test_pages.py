"""The game page's promises, in a real browser: a reload reconnects to the seat, a spectator
never sees a hand, hot-seat hides the previous player's hand, a refused click says why and
opens its rule, the language switches at any time, invitations work, the map editor checks."""

from __future__ import annotations

import random
import re

from tests.web.conftest import MY_TURN, click_once, create, shot
from tests.web.test_layout import paint


def _hand_cards(page) -> set[str]:
    return {e.get_attribute("data-card") for e in page.query_selector_all("#board .hand [data-card]")}


def test_reload_reconnects_to_the_seat(page):
    create(page, "pax", 2)
    page.wait_for_function(MY_TURN)
    click_once(page, random.Random(1))
    page.wait_for_function(MY_TURN)
    before = page.inner_text("#log")
    hand = _hand_cards(page)
    page.reload()
    page.wait_for_selector("#board svg")
    page.wait_for_function(MY_TURN)
    assert _hand_cards(page) == hand  # the same seat, by its token kept in the browser
    assert page.inner_text("#log") == before
    click_once(page, random.Random(2))  # and it plays on


def test_spectator_sees_no_hand(page, context):
    gid = create(page, "pax", 2)
    page.wait_for_function(MY_TURN)
    mine = _hand_cards(page)
    assert mine
    watcher = context.new_page()
    watcher.goto(f"{page.base}?watch={gid}")
    watcher.wait_for_selector("#board svg")
    svg = watcher.inner_html("#board")
    assert "A kezed" not in svg and not watcher.query_selector_all("#board .hand")
    assert not any(f'"{c}"' in svg for c in mine)
    assert "Nézőként" in watcher.inner_text("#status")
    assert not watcher.query_selector_all("#buttons .act-btn")


def test_the_chat_shows_only_where_someone_could_write_back(page, context):
    """Bots do not chat: against bots only there is no chat box; a spectator of that game, who
    watches a human play, reads it; a seat by invitation (a human elsewhere) brings it."""
    gid = create(page, "pax", 2)  # you and a bot
    page.wait_for_function(MY_TURN)
    assert page.query_selector("#chat-fold") is not None and page.is_hidden("#chat-fold")
    shot(page, "chat-none-against-bots")
    watcher = context.new_page()
    watcher.goto(f"{page.base}?watch={gid}")
    watcher.wait_for_selector("#board svg")
    watcher.wait_for_selector("#chat-fold", state="visible")
    assert "A csevegőbe a játékosok írhatnak." in watcher.inner_text("#chat-fold")
    watcher.close()
    create(page, "pax", 3, kinds=["here", "invite", "bot"])
    page.click("#go-game")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#chat-fold", state="visible")
    assert page.is_visible("#chat-text")


def test_hot_seat_hides_the_previous_hand(page):
    create(page, "pax", 2, kinds=["here", "here"])
    if page.query_selector("#pass-screen"):  # the start player is the other seat of this device
        page.click("#pass-ok")
    page.wait_for_function(MY_TURN)
    first = _hand_cards(page)
    me, other = ("Játékos 1", "Játékos 2") if "Játékos 1" in page.inner_text("#status") else ("Játékos 2",
                                                                                                 "Játékos 1")
    page.query_selector("#board [data-code]").dispatch_event("click")
    page.wait_for_selector("#pass-screen")
    shot(page, "hotseat-pass")
    assert other in page.inner_text("#pass-screen") and me not in page.inner_text("#pass-screen")
    assert not page.query_selector("#board svg")
    content = page.content()
    assert not any(f'"{c}"' in content for c in first)
    page.click("#pass-ok")
    page.wait_for_function(MY_TURN)
    assert other in page.inner_text("#status")
    second = _hand_cards(page)
    assert second and not (second & first)
    assert f"{other} (te)" in page.inner_html("#board")  # the lobby's (default) name on the board


def test_a_refused_click_shows_why_and_its_rule(page):
    create(page, "pax", 2)
    page.wait_for_function(MY_TURN)
    # at the start every player keeps a card: buying a Legion's group is not allowed yet
    legion = page.query_selector("#board [data-try^='buy:legion=']")
    assert legion is not None
    legion.dispatch_event("click")
    page.wait_for_selector("#toast:not([hidden]) #toast-rule")
    # the game's own reason (describe_refusal: tests/web/test_present.py), in one language
    why = page.evaluate("window.__asztalWhy")
    reason = page.inner_text("#toast-text")
    assert why["code"] == legion.get_attribute("data-try") and not why["legal"]
    assert reason == why["hu"] and " / " not in reason
    page.click("#toast-rule")
    page.wait_for_selector("#rules-panel .passage")
    # the guide's passages, each once; those governing buying opened and marked, the one the
    # refusal rests on first among them; the rule IDs are small anchors under their passage
    governing = page.query_selector_all("#rules-panel .passage.governs")
    assert governing and all(p.get_attribute("open") is not None for p in governing)
    rules = {e.get_attribute("data-rule") for p in governing for e in p.query_selector_all(".rule-id")}
    assert "PAX-BUY-01" in rules
    if why.get("rule"):
        assert why["rule"] in rules
    assert page.inner_text("#rules-reason") == reason
    page.fill("#rules-search", "PAX-TURN-05")
    page.wait_for_function("document.querySelectorAll('#rules-panel .passage').length === 1")
    assert page.query_selector("#rules-panel .passage #rule-PAX-TURN-05.here")
    assert "Passz" in page.inner_text("#rules-panel .passage")


def test_language_switch_at_any_time(page):
    create(page, "caboose", 3)
    page.wait_for_selector("#board svg")
    assert page.get_attribute("#board svg", "lang") == "hu"
    page.click("#lang")
    page.wait_for_function("document.querySelector('#board svg').getAttribute('lang') === 'en'")
    assert page.inner_text("#lang") == "Magyar"
    # the rules panel follows: the English player guide, not the Hungarian one
    from asztal.games.guide import guide

    page.click("#rules")
    page.wait_for_selector("#rules-panel .passage")
    shown = [e.inner_text() for e in page.query_selector_all("#rules-panel .passage summary h3")]
    assert shown == [p.title for p in guide("caboose", "en").passages]
    page.click("#rules-close")
    assert "Cleopatra's Caboose" in page.inner_html("#board")
    page.wait_for_function("document.querySelector('#log').innerText.length > 0")
    assert "játékos" not in page.inner_text("#log")
    page.click("#lang")
    page.wait_for_function("document.querySelector('#board svg').getAttribute('lang') === 'hu'")
    assert "Cleopatra vasúti kocsija" in page.inner_html("#board")


def test_invite_link_seats_a_friend(page, context):
    gid = create(page, "pax", 2, kinds=["here", "invite"])
    url = page.input_value(".invite-url")
    assert f"join={gid}" in url and "invite=" in url
    friend = context.new_page()
    # a second browser profile would keep its own tokens; here the friend's page shares the
    # profile, so the game page then holds both seats (like hot-seat)
    friend.goto(url)
    friend.fill("#join-name", "Béla")  # asked in the page, not by a browser prompt
    friend.click("#join-go")
    friend.wait_for_selector("#board svg, #pass-screen")
    page.goto(f"{page.base}?game={gid}")
    page.wait_for_selector("#board svg, #pass-screen")
    page.wait_for_function("(window.__asztalState && window.__asztalState.status === 'running') "
                           "|| /Add tovább/.test(document.querySelector('#status').innerText)")
    info = page.evaluate(f"fetch('/api/games/{gid}').then((r) => r.json())")
    assert info["status"] == "running" and info["seats"][1]["name"] == "Béla"


def test_map_editor_checks_the_map_live(page):
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")
    assert "Hiba" in page.inner_text("#map-result")
    page.click("[data-brush='1']")
    page.dispatch_event("#map-grid polygon[data-cell='0,0']", "pointerdown")
    page.dispatch_event("#map-grid", "pointerup")
    page.wait_for_function("document.querySelector(\"#map-grid polygon[data-cell='0,0']\").getAttribute('fill') "
                           "!== '#fafafa'")
    page.wait_for_selector("#map-result[data-ok='0']")
    assert page.is_disabled("#map-save")


def test_map_editor_accepts_a_valid_drawing(page):
    """Paint the cells of a generated map by hand: the editor finds it valid and can save it."""
    from asztal.engine.rng import Rng
    from asztal.games.pocketciv.setup import generate_map

    m = generate_map(Rng(11))
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")

    paint(page, m, {tuple(c): a["number"] for a in m["areas"] for c in a["cells"]})
    assert not page.is_disabled("#map-save")
    with page.expect_download() as dl:
        page.click("#map-save")
    import json

    from asztal.games.pocketciv.setup import check_map

    saved = json.loads(open(dl.value.path(), encoding="utf-8").read())
    check_map(saved)  # the file is a map the game starts from
    assert sorted(saved["areas"][0]["neighbours"]) == sorted(m["areas"][0]["neighbours"])


def test_map_editor_a_late_answer_for_an_older_drawing_does_not_win(page):
    """Two checks in flight, the older answered last (a slow network): the editor shows the
    answer for what is drawn now, so a valid map stays playable."""
    from asztal.engine.rng import Rng
    from asztal.games.pocketciv.setup import generate_map

    m = generate_map(Rng(11))
    page.goto(page.base + "?mapedit")
    page.wait_for_selector("#map-result[data-ok='0']")
    paint(page, m, {tuple(c): a["number"] for a in m["areas"] for c in a["cells"]})
    # count the editor's answers as its code reads them (what follows in that code runs before
    # the page can be polled again)
    page.evaluate("""() => { const f = window.fetch; window.__answers = [];
        window.fetch = async (...a) => { const r = await f(...a); const json = r.json.bind(r);
            r.json = async () => { const v = await json(); window.__answers.push(v.ok); return v; };
            return r; }; }""")
    held: list = []
    page.route("**/api/pocketciv/map", lambda route: held.append(route) if not held else route.continue_())

    def stroke(brush: str) -> None:
        page.click(f"[data-brush='{brush}']")
        for q, r in m["areas"][0]["cells"]:
            page.dispatch_event(f"#map-grid polygon[data-cell='{q},{r}']", "pointerdown")
        page.dispatch_event("#map-grid", "pointerup")

    stroke("erase")  # area 1 gone: this check's answer (not a map) is held back
    page.wait_for_function("!document.querySelector('#map-result').dataset.ok")
    stroke("1")  # drawn back: answered at once
    page.wait_for_selector("#map-result[data-ok='1']")
    held[0].continue_()
    assert page.wait_for_function("window.__answers.length === 2 && window.__answers").json_value() == [True, False]
    assert page.get_attribute("#map-result", "data-ok") == "1"
    assert not page.is_disabled("#map-play")


def test_hint_undo_and_the_rule_behind_an_action(page):
    create(page, "caboose", 3)
    page.wait_for_function(MY_TURN)
    # actions listed as buttons have their rules beside them
    from asztal.server.ui_api import action_rules

    button = page.query_selector("#buttons [data-rule-for]")
    groups = action_rules("caboose")[re.split(r"[:=]", button.get_attribute("data-rule-for"))[0]]
    button.click()
    page.wait_for_selector("#rules-panel .passage.governs")
    # the passages that govern the move are opened: each holds a rule of the move's groups
    for p in page.query_selector_all("#rules-panel .passage.governs"):
        ids = [e.get_attribute("data-rule") for e in p.query_selector_all(".rule-id")]
        assert any(re.match(rf"^({'|'.join(groups)})-\d+$", i) for i in ids), ids
    page.click("#rules-close")
    page.click("#hint")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast-text").startswith("Tipp:")
    page.wait_for_selector(".hinted")
    seq_before = page.evaluate("window.__asztalLatency.length")
    page.click("#buttons .act-btn")
    page.wait_for_function(f"window.__asztalLatency.length > {seq_before}")
    # a bid is the seat's own decision until the next seat acts: the bots answer at once, so
    # undo is offered only while it is still the seat's own last step
    if not page.is_disabled("#undo"):
        log = page.inner_text("#log")
        page.click("#undo")
        page.wait_for_function(f"document.querySelector('#log').innerText !== {log!r}")


def test_a_running_game_replays_through_the_own_seat_only(page):
    gid = create(page, "pax", 2)
    rng = random.Random(3)
    for _ in range(3):
        page.wait_for_function(MY_TURN)
        click_once(page, rng)
    page.goto(f"{page.base}?replay={gid}&step=2")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('2.')")
    options = [o.get_attribute("value") for o in page.query_selector_all("#seen-by option")]
    assert options == ["0"]  # no "seat to move": the other hand stays hidden while the game runs
    assert "Játékos 1 (te)" in page.inner_html("#board")
    page.click("#r-first")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('0.')")
    # without the seat's token there is no replay of a running game
    status = page.evaluate("(id) => fetch('/api/replay/frame', {method: 'POST', headers: {'Content-Type': "
                           "'application/json'}, body: JSON.stringify({game_id: id, step: 0})}).then((r) => r.status)",
                           gid)
    assert status == 400
