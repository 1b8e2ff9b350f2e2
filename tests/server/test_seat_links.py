"""A logged-in player's seat is linked to the account when the game is created or joined, so
"my games" follows the account to any browser without carrying tokens around."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.test_accounts import PASSWORD, csrf, make_app, refused, register, rows


@pytest.fixture
def app(env, db_url):
    return make_app(db_url)


def test_a_seat_taken_while_logged_in_follows_the_account_to_another_browser(app):
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as phone:
        register(anna, "Anna")
        register(bela, "Béla")
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0})
        assert made.status_code == 201, made.text
        gid = made.json()["game"]["id"]
        assert made.json()["game"]["seats"][0]["name"] == "Anna"  # no name given: the username
        joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        assert joined.json()["game"]["seats"][1]["name"] == "Béla"
        # nothing was attached by hand: the seats are the accounts' already, on a browser that never held them
        assert phone.post("/api/account/login", json={"username": "béla", "password": PASSWORD}).status_code == 200
        (mine,) = phone.get("/api/me/games").json()
        assert (mine["seat"], mine["game"]["id"], mine["game"]["status"]) == (1, gid, "running")
        (annas,) = anna.get("/api/me/games").json()
        assert annas["seat"] == 0
        links = {(r["game_id"], r["seat"]) for r in rows(app, "account_seats")}
        assert links == {(gid, 0), (gid, 1)}


def test_a_logged_in_request_without_its_csrf_token_takes_no_seat(app):
    with TestClient(app) as anna, TestClient(app) as guest:
        register(anna, "Anna")
        refused(anna.post("/api/games", json={"game": "pax", "players": 2, "seat": 0}), 403, "csrf")
        refused(anna.post("/api/games", headers={"X-CSRF-Token": "x" * 43},
                          json={"game": "pax", "players": 2, "seat": 0}), 403, "csrf")
        assert rows(app, "games") == []
        open_game = guest.post("/api/games", json={"game": "pax", "players": 2, "seat": 0}).json()
        gid = open_game["game"]["id"]
        refused(anna.post(f"/api/games/{gid}/join", json={}), 403, "csrf")
        assert guest.get(f"/api/games/{gid}").json()["seats"][1]["taken"] is False
        # a guest plays as before: nothing is linked, the name stays the default
        assert guest.post(f"/api/games/{gid}/join", json={}).status_code == 200
        assert rows(app, "account_seats") == []


def test_an_expired_session_cookie_is_a_guest(app):
    with TestClient(app) as c:
        register(c, "Anna")
        c.cookies.set("asztal_session", "elavult" * 5)
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0})
        assert made.status_code == 201 and made.json()["token"]
        assert rows(app, "account_seats") == []
