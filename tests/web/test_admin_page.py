"""The operator's page (``?admin``) driven with the keyboard only (Tab, Enter, Space; no click):
an operator (the role given by ``asztal admin grant``) bans a player typed by name and lifts the
ban from the list of banned accounts, then closes a public game from the list of games in
progress, a private one found by its watch link and a reported line's game from its report;
each action asks first, then the page says what was done and the moderation log shows it. What
the actions did is checked through the API (the unbanned player logs in again; the closed game
refuses its players' moves). Bad input (the lifting of a ban that is not there, an unknown game,
a game already over) gets a clear message in the reader's language. axe finds no violation; at a
phone held upright (390×844) and a laptop (1366×900), in Hungarian and once in English.
Screenshots go to build/screenshots/ (``admin-*``)."""

from __future__ import annotations

import json
import subprocess

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from websockets.sync.client import connect

from tests.server.wire import ASZTAL, Server
from tests.web.conftest import shot
from tests.web.test_access import AXE_RULES

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}
PASSWORD = "operátor jelszava 1"
CASES = [("phone", "hu"), ("laptop", "hu"), ("phone", "en")]
#: what the page says, in each language (the texts of admin.js and of the server's refusals)
SAYS = {
    "hu": {"banned": "{name} kitiltva.", "lifted": "{name} kitiltása feloldva: újra beléphet.",
           "not_banned": "Hiba: ez a játékos nincs kitiltva", "closed": "A játék lezárva (PAX: {names}).",
           "no_game": "Hiba: nincs ilyen játék", "closed_reported": "A játék lezárva.",
           "over": "Ez a játék már véget ért.",
           "log_unban": "kitiltás feloldása", "log_close": "játék lezárva", "names": "{a} és {b}"},
    "en": {"banned": "{name} is banned.", "lifted": "The ban on {name} is lifted: they can log in again.",
           "not_banned": "Error: this player is not banned", "closed": "The game is closed (PAX: {names}).",
           "no_game": "Error: no such game", "closed_reported": "The game is closed.",
           "over": "This game is already over.",
           "log_unban": "ban lifted", "log_close": "game closed", "names": "{a} and {b}"},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("admin")
    srv = Server(f"sqlite:///{tmp / 'asztal.db'}", tmp / "server.log",
                 env={"ASZTAL_ARGON2_MEMORY_KIB": "1024", "ASZTAL_ARGON2_TIME": "1",
                      "ASZTAL_REGISTRATIONS_PER_HOUR": "100", "ASZTAL_LOGINS_PER_MINUTE": "1000"}).start()
    yield srv
    srv.stop()


def account(srv: Server, name: str) -> httpx.Client:
    c = httpx.Client(base_url=srv.url, timeout=30)
    r = c.post("/api/account/register", json={"username": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return c


def game(c: httpx.Client, **more) -> dict:
    r = c.post("/api/games", headers={"X-CSRF-Token": c.cookies["asztal_csrf"]},
               json={"game": "pax", "players": 2, "seat": 0, "turn_timer": 86400, **more})
    assert r.status_code == 201, r.text
    return r.json()


def login(srv: Server, name: str) -> httpx.Response:
    return httpx.post(srv.url + "/api/account/login", json={"username": name, "password": PASSWORD}, timeout=30)


def tab_to(page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is on ``selector`` (as a keyboard user moves through the page)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reached with Tab")


def no_violation(page, where: str) -> None:
    found = Axe().run(page, options=AXE_RULES).response["violations"]
    assert not found, f"{where}: axe finds {[(v['id'], v['impact'], [n['target'] for n in v['nodes']]) for v in found]}"


def said(page, text: str) -> None:
    """The page's sentence after an action: the text, with the keyboard's focus on it."""
    page.wait_for_function("(t) => document.querySelector('#admin-status')?.textContent === t", arg=text)
    assert page.evaluate("document.activeElement.id") == "admin-status"


def log_row(page, action: str) -> list[str]:
    """The newest row of ``action`` in the moderation log, its time left out."""
    return page.inner_text(f"#admin-audit tr[data-action={action}]").split("\t")[1:]


def log_count(page, action: str, operator: str) -> int:
    """How many rows of ``action`` by ``operator`` the log shows (the module's server is shared)."""
    return page.evaluate("([a, who]) => [...document.querySelectorAll(`#admin-audit tr[data-action=${a}]`)]"
                         ".filter((tr) => tr.cells[1].textContent === who).length", [action, operator])


@pytest.mark.parametrize("size, lang", CASES)
def test_an_operator_bans_lifts_and_closes_games_with_the_keyboard(browser, server, size, lang):
    n = CASES.index((size, lang))
    say = SAYS[lang]
    olga, panna, rozi = (f"{who}{n}" for who in ("Olga", "Panna", "Rozi"))
    op = account(server, olga)
    pc, rc = account(server, panna), account(server, rozi)
    subprocess.run([ASZTAL, "admin", "grant", olga, "--db", server.db], check=True, capture_output=True,
                   env=server.env, timeout=60)
    made = game(pc)  # a public game of Panna and Rozi, running
    gid = made["game"]["id"]
    joined = rc.post(f"/api/games/{gid}/join", headers={"X-CSRF-Token": rc.cookies["asztal_csrf"]}, json={})
    assert joined.status_code == 200, joined.text
    rozi_token = joined.json()["token"]
    hidden = game(rc, private=True)  # a private game of Rozi's, waiting for a player: found by its link
    pid = hidden["game"]["id"]
    # a third game, where Rozi wrote a line that Panna reported: closed from the report
    third = game(rc)
    tid = third["game"]["id"]
    with connect(f"{server.ws_url}/ws/games/{tid}?token={third['token']}", open_timeout=20) as ws:
        ws.send(json.dumps({"type": "chat", "text": "csúnya szó"}))
        while (msg := json.loads(ws.recv(timeout=20)))["type"] != "chat":
            pass
    r = pc.post("/api/moderation/reports", headers={"X-CSRF-Token": pc.cookies["asztal_csrf"]},
                json={"game_id": tid, "n": msg["n"], "reason": "sértő"})
    assert r.status_code == 201, r.text
    report_id = r.json()["id"]

    ctx = browser.new_context(viewport=SIZES[size], locale="hu-HU" if lang == "hu" else "en-GB",
                              reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        ctx.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in op.cookies.items()])
        page.goto(server.url + "/?admin")
        page.wait_for_selector("#admin-games .admin-game")
        if lang == "en":  # the header's language switch, from the keyboard
            tab_to(page, "#lang")
            page.keyboard.press("Enter")
            page.wait_for_selector("#admin h1:text-is('Moderation')")
        where = f"{size}/{lang}"
        text = page.inner_text("#admin")
        assert not any(i in text for i in (gid, pid, tid))  # games are named by their title and players, not their code
        card = page.inner_text(f".admin-game[data-game='{gid}']")
        assert "PAX" in card and panna in card and rozi in card
        no_violation(page, f"{where} the page")
        shot(page, f"admin-{size}-{lang}-1-lists")

        # a player by name: banned (the reason goes into the log); her login is refused
        tab_to(page, "#admin-name")
        page.keyboard.type(panna)
        tab_to(page, "#admin-name-ban")
        page.keyboard.press("Enter")
        page.wait_for_selector(".admin-confirm .admin-why")
        assert panna in page.inner_text("#admin-bans .admin-confirm")  # asked first: nothing done yet
        assert login(server, panna).status_code == 200
        page.keyboard.type("sértő" if lang == "hu" else "abusive")
        no_violation(page, f"{where} asking before a ban")
        shot(page, f"admin-{size}-{lang}-2-ask-ban")
        page.keyboard.press("Enter")
        said(page, say["banned"].format(name=panna))
        assert login(server, panna).json()["detail"]["code"] == "banned"

        # the banned accounts: hers lifted with Space, the reason typed, the yes reached with Tab
        assert panna in page.inner_text(f".admin-banned[data-banned='{panna}']")
        tab_to(page, f".admin-banned[data-banned='{panna}'] .admin-lift")
        page.keyboard.press("Space")
        page.wait_for_selector(f".admin-banned[data-banned='{panna}'] .admin-why")
        page.keyboard.type("tévedés" if lang == "hu" else "a mistake")
        tab_to(page, ".admin-confirm .admin-yes")
        page.keyboard.press("Enter")
        said(page, say["lifted"].format(name=panna))
        assert login(server, panna).status_code == 200  # she logs in again
        assert page.query_selector(f".admin-banned[data-banned='{panna}']") is None
        assert log_row(page, "unban") == [olga, say["log_unban"], panna, "tévedés" if lang == "hu" else "a mistake"]

        # lifting a ban that is not there: nothing changes, and the page says why
        tab_to(page, "#admin-name")
        page.keyboard.type(panna)
        tab_to(page, "#admin-name-lift")
        page.keyboard.press("Enter")
        page.wait_for_selector(".admin-confirm .admin-why")
        page.keyboard.press("Enter")
        page.wait_for_function("(t) => document.querySelector('.admin-out').textContent === t", arg=say["not_banned"])
        no_violation(page, f"{where} a refused lifting")
        shot(page, f"admin-{size}-{lang}-3-not-banned")
        tab_to(page, ".admin-confirm .admin-no")
        page.keyboard.press("Enter")
        assert page.query_selector(".admin-confirm") is None
        assert log_count(page, "unban", olga) == 1

        # the public game closed from the list: asked first with the game named by title and players
        tab_to(page, f".admin-game[data-game='{gid}'] .admin-close-game")
        page.keyboard.press("Enter")
        page.wait_for_selector(f".admin-game[data-game='{gid}'] .admin-why")
        assert "PAX" in page.inner_text(".admin-confirm") and gid not in page.inner_text(".admin-confirm")
        page.keyboard.type("próba" if lang == "hu" else "a test")
        no_violation(page, f"{where} asking before closing a game")
        shot(page, f"admin-{size}-{lang}-4-ask-close")
        page.keyboard.press("Enter")
        said(page, say["closed"].format(names=say["names"].format(a=panna, b=rozi)))
        assert page.query_selector(f".admin-game[data-game='{gid}']") is None
        assert log_row(page, "close_game")[:2] == [olga, say["log_close"]]
        shown = httpx.get(f"{server.url}/api/games/{gid}", timeout=30).json()
        assert (shown["status"], shown["closed"], shown["winners"]) == ("finished", True, None)
        with connect(f"{server.ws_url}/ws/games/{gid}?token={rozi_token}", open_timeout=20) as ws:
            while (msg := json.loads(ws.recv(timeout=20)))["type"] != "state":
                pass
            ws.send(json.dumps({"type": "act", "code": "x", "seq": msg.get("seq", 0)}))
            while (msg := json.loads(ws.recv(timeout=20)))["type"] != "error":
                pass
            assert msg["code"] == "game_over"  # closed for its players: no move is taken

        # finding games: an unknown code, the closed game's link, then the private game's watch link
        for typed, expected in (("nincsilyen", say["no_game"]), (f"{server.url}/?game={gid}", say["over"])):
            tab_to(page, "#admin-find")
            page.keyboard.press("Control+A")
            page.keyboard.type(typed)
            page.keyboard.press("Enter")
            page.wait_for_function("(t) => document.querySelector('#admin-found').textContent === t", arg=expected)
        tab_to(page, "#admin-find")
        page.keyboard.press("Control+A")
        page.keyboard.type(hidden["watch_url"])
        tab_to(page, "#admin-find-go")
        page.keyboard.press("Space")
        page.wait_for_selector(f"#admin-found .admin-game[data-game='{pid}']")
        assert rozi in page.inner_text("#admin-found") and pid not in page.inner_text("#admin-found")
        no_violation(page, f"{where} a game found by its link")
        shot(page, f"admin-{size}-{lang}-5-found")
        tab_to(page, "#admin-found .admin-close-game")
        page.keyboard.press("Enter")
        page.wait_for_selector("#admin-found .admin-why")
        tab_to(page, "#admin-found .admin-yes")
        page.evaluate("() => { window.__before = document.querySelector('#admin-status'); }")
        page.keyboard.press("Enter")
        # the page drawn again after the close (a new status line: the last one named Rozi too)
        page.wait_for_function("(t) => { const s = document.querySelector('#admin-status');"
                               " return !!s && s !== window.__before && s.textContent.includes(t); }", arg=rozi)
        assert httpx.get(f"{server.url}/api/games/{pid}", params={"key": hidden["watch"]},
                         timeout=30).json()["closed"] is True
        assert log_count(page, "close_game", olga) == 2

        # the reported line's game, closed from its report
        report = f".admin-report[data-report='{report_id}']"
        assert "csúnya szó" in page.inner_text(report) and panna in page.inner_text(report)
        tab_to(page, f"{report} .admin-close-game")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"{report} .admin-why")
        tab_to(page, f"{report} .admin-yes")
        page.keyboard.press("Space")
        said(page, say["closed_reported"])
        assert httpx.get(f"{server.url}/api/games/{tid}", timeout=30).json()["closed"] is True
        assert log_count(page, "close_game", olga) == 3
        no_violation(page, f"{where} after the actions")
        shot(page, f"admin-{size}-{lang}-6-done")
        page.screenshot(path=str(shot(page, f"admin-{size}-{lang}-6-done")).replace("-done", "-done-full"),
                        full_page=True)
    finally:
        ctx.close()
        for c in (op, pc, rc):
            c.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
