"""The tournament pages in a real browser (Debian's chromium), on a laptop and a phone, in both
languages: the list, sign-up, each round's tables with their game links, the standings and the
podium once the games (played over the sockets from Python) have ended."""

from __future__ import annotations

import datetime as dt
import time

import httpx
import pytest
import sqlalchemy as sa

from asztal.server.tournament import scoring
from tests.server.wire import Server
from tests.web.conftest import ARGS, CHROMIUM, shot

PASSWORD = "jó hosszú jelszó 1"
NAMES = ["Anna", "Bela", "Cili", "Dani", "Emma"]


@pytest.fixture
def club(tmp_path):
    db = tmp_path / "asztal.db"
    srv = Server(f"sqlite:///{db}", tmp_path / "server.log", env={"ASZTAL_TOURNAMENT_TICK": "0.2"}).start()
    clients = {}
    for n in NAMES:
        c = httpx.Client(base_url=srv.url, timeout=30)
        assert c.post("/api/account/register", json={"username": n, "password": PASSWORD}).status_code == 201
        clients[n] = c
    yield srv, db, clients
    for c in clients.values():
        c.close()
    srv.stop()


def post(c: httpx.Client, url: str, body: dict) -> httpx.Response:
    return c.post(url, json=body, headers={"X-CSRF-Token": c.cookies.get("asztal_csrf")})


def play_to_the_end(srv: Server, clients: dict, table: dict) -> None:
    gid = table["game_id"]
    socks = {}
    for seat, s in enumerate(table["seats"]):
        token = post(clients[s["username"]], f"/api/me/games/{gid}/token", {}).json()["token"]
        socks[seat] = srv.sock(gid, token)
    try:
        st = socks[0].until("state")
        while not st["is_over"]:
            mover = socks[st["to_move"]]
            mine = mover.state_at_least(st["seq"])
            st = mover.act(mine["legal"][0]["code"], mine["seq"])
    finally:
        for s in socks.values():
            s.close()


def wait_for(check, what: str):
    """The server runs the tournament on its own (its loop looks every 0.2 s): ask until it has."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"the tournament did not {what}")


def test_sign_up_rounds_standings_and_podium_on_a_laptop_and_a_phone(club):
    from playwright.sync_api import sync_playwright

    srv, db, clients = club
    starts = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).isoformat()
    tid = post(clients["Anna"], "/api/tournaments", {"name": "Téli kupa", "game": "pax", "table_size": 2,
                                                     "rounds": 1, "starts": starts}).json()["tournament"]["id"]
    for n in NAMES[1:4]:
        assert post(clients[n], f"/api/tournaments/{tid}/signup", {}).status_code == 200
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        laptop = browser.new_context(viewport={"width": 1366, "height": 820})
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        errors: list[str] = []
        for ctx in (laptop, phone):
            ctx.add_cookies([{"name": k, "value": v, "url": srv.url} for k, v in clients["Anna"].cookies.items()])
        page = laptop.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        # the list, in Hungarian first; Anna signs up with the page's button
        page.goto(srv.url + "/?tournaments")
        page.wait_for_selector(f"[data-tournament='{tid}']")
        assert "Versenyek" in page.inner_text("#tournaments") and "svájci, 1 forduló" in page.inner_text("#tournaments")
        page.click(f"[data-tournament='{tid}'] a")
        page.wait_for_selector("#tn-signup")
        page.click("#tn-signup")
        page.wait_for_selector("#tn-withdraw")
        assert sorted(page.locator("#tn-entrants li").all_inner_texts()) == ["Anna", "Bela", "Cili", "Dani"]
        shot(page, "tournament-signup-laptop")
        # the start time comes (the row's time is moved): the server pairs round 1 on its own
        engine = sa.create_engine(f"sqlite:///{db}")
        past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE tournaments SET starts = :t, signup_until = :t"), {"t": past})
        engine.dispose()
        first = wait_for(lambda: (d := clients["Bela"].get(f"/api/tournaments/{tid}").json())["rounds_played"]
                         and d, "pair round 1")["rounds_played"][0]["tables"]
        assert len(first) == 2
        # the lobby tells Anna of her table
        page.goto(srv.url + "/")
        page.wait_for_selector("#tournament-tables li")
        assert "Téli kupa" in page.inner_text("#tournaments-notice")
        for table in first:
            play_to_the_end(srv, clients, table)
        wait_for(lambda: clients["Bela"].get(f"/api/tournaments/{tid}").json()["status"] == "finished", "finish")
        final = clients["Bela"].get(f"/api/tournaments/{tid}").json()
        page.goto(srv.url + f"/?tournament={tid}")
        page.wait_for_selector("#tn-podium")
        order = [r.get_attribute("data-player") for r in page.locator("#tn-standings tr[data-player]").all()]
        assert order == [s["username"] for s in final["standings"]]
        assert page.locator(".tn-table a[href^='?replay=']").count() == 2  # each finished game: its replay
        assert "Dobogó" in page.locator("#tn-podium").get_attribute("aria-label")
        shot(page, "tournament-final-laptop")
        page.click("#lang")  # the same page in English
        page.wait_for_selector("text=Standings after round 1")
        assert "Replay" in page.inner_text("#tournament")
        # on a phone: every column of the standings fits without scrolling the page sideways
        small = phone.new_page()
        small.on("pageerror", lambda e: errors.append(str(e)))
        small.goto(srv.url + f"/?tournament={tid}")
        small.wait_for_selector("#tn-standings")
        assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot(small, "tournament-final-phone")
        browser.close()
    assert not errors, errors


def test_eight_players_three_swiss_rounds_a_restart_in_round_two_and_the_final_standings(tmp_path):
    """The issue's scenario: 8 accounts in a 3-round Swiss PAX tournament for 2 with a 1-day
    timer, the games played over the sockets while a page watches, the server restarted in the
    middle of round 2, and the standings page after round 3 in the order the games gave."""
    from playwright.sync_api import sync_playwright

    names = ["Anna", "Bela", "Cili", "Dani", "Emma", "Feri", "Gabi", "Hugo"]
    db = tmp_path / "asztal.db"
    env = {"ASZTAL_TOURNAMENT_TICK": "0.2"}
    srv = Server(f"sqlite:///{db}", tmp_path / "server.log", env=env).start()
    clients = {n: httpx.Client(base_url=srv.url, timeout=30) for n in names}
    try:
        for n, c in clients.items():
            assert c.post("/api/account/register", json={"username": n, "password": PASSWORD}).status_code == 201
        starts = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).isoformat()
        tid = post(clients["Anna"], "/api/tournaments", {"name": "Téli kupa", "game": "pax", "table_size": 2,
                                                         "rounds": 3, "turn_timer": 86400.0,
                                                         "starts": starts}).json()["tournament"]["id"]
        for c in clients.values():
            assert post(c, f"/api/tournaments/{tid}/signup", {}).status_code == 200
        engine = sa.create_engine(f"sqlite:///{db}")
        past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE tournaments SET starts = :t, signup_until = :t"), {"t": past})
        engine.dispose()

        def now_playing(number: int) -> list[dict]:
            d = wait_for(lambda: (x := clients["Bela"].get(f"/api/tournaments/{tid}").json())["round"] == number
                         and x, f"pair round {number}")
            return d["rounds_played"][number - 1]["tables"]

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport={"width": 1366, "height": 820}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            first = now_playing(1)
            page.goto(srv.url + f"/?watch={first[0]['game_id']}")  # a page watches the first game
            for table in first:
                play_to_the_end(srv, clients, table)
            page.wait_for_selector("#end-screen")
            second = now_playing(2)
            for table in second[:2]:
                play_to_the_end(srv, clients, table)
            # the server stops in the middle of round 2 and starts again on the same database
            srv.stop()
            srv = Server(f"sqlite:///{db}", tmp_path / "server.log", env=env, port=srv.port).start()
            again = clients["Bela"].get(f"/api/tournaments/{tid}").json()
            assert again["round"] == 2 and [t["game_id"] for t in again["rounds_played"][1]["tables"]] == \
                [t["game_id"] for t in second]  # nothing lost, nothing paired twice
            for table in second[2:]:
                play_to_the_end(srv, clients, table)
            for table in now_playing(3):
                play_to_the_end(srv, clients, table)
            final = wait_for(lambda: (x := clients["Bela"].get(f"/api/tournaments/{tid}").json())["status"]
                             == "finished" and x, "finish")
            assert [r["round"] for r in final["rounds_played"]] == [1, 2, 3]
            # the order the games gave: a point a win, ties by Buchholz, head-to-head, game points
            observed = [scoring.Result(tuple(s["username"] for s in t["seats"]),
                                       tuple(s["place"] for s in t["seats"]), tuple(s["score"] for s in t["seats"]))
                        for r in final["rounds_played"] for t in r["tables"]]
            expected = [s.player for s in scoring.standings(names, observed, swiss=True)]
            page.goto(srv.url + f"/?tournament={tid}")
            page.wait_for_selector("#tn-podium")
            shown = [r.get_attribute("data-player") for r in page.locator("#tn-standings tr[data-player]").all()]
            assert shown == expected
            assert page.locator(".tn-table a[href^='?replay=']").count() == 12
            shot(page, "tournament-eight-final")
            browser.close()
            assert not errors, errors
    finally:
        for c in clients.values():
            c.close()
        srv.stop()
