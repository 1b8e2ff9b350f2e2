"""Accounts: register, log in and out, sessions, CSRF, rate limits, no username enumeration, seats
that follow an account, "my games", deleting an account, and the migration of an older database."""

from __future__ import annotations

import importlib.util
import json
import shutil
import time
from importlib import resources
from pathlib import Path

import argon2
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from asztal import games
from asztal.server.app import Settings, create_app
from asztal.server.tokens import hash_secret

V2_DB = Path(__file__).resolve().parents[1] / "fixtures" / "rules_v2" / "server.db"
PASSWORD = "jó hosszú jelszó 1"


def make_app(db_url: str):
    return create_app(Settings(db_url=db_url, workers=1, rate_per_minute=100_000, bot_time=0.05, render_workers=0))


@pytest.fixture
def app(env, db_url):
    return make_app(db_url)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def refused(r, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert detail["code"] == code and detail["hu"] and detail["en"], detail
    return detail


def register(c: TestClient, username: str, password: str = PASSWORD, **more) -> dict:
    r = c.post("/api/account/register", json={"username": username, "password": password, **more})
    assert r.status_code == 201, r.text
    return r.json()


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get("asztal_csrf")}


def guest_game(c: TestClient, **body) -> dict:
    body = {"game": "pax", "players": 2, "seat": 0, **body}
    # a logged-in client sends its CSRF token (the seat is then linked to its account at once)
    r = c.post("/api/games", json=body, headers=csrf(c) if c.cookies.get("asztal_csrf") else {})
    assert r.status_code == 201, r.text
    return r.json()


def rows(app, table: str) -> list[dict]:
    engine = app.state.hub.storage.engine
    with engine.connect() as conn:
        return [dict(r) for r in conn.execute(sa.text(f"SELECT * FROM {table}")).mappings()]


# -- register, sessions and cookies ------------------------------------------------------


def test_register_logs_in_with_an_httponly_samesite_cookie_and_stores_only_hashes(client, app):
    out = register(client, "Anna", email="anna@example.org")
    assert out["account"] == {"username": "Anna", "email": "anna@example.org", "email_confirmed": False,
                              "lang": "hu", "operator": False} and len(out["csrf"]) >= 43
    cookies = client.cookies
    assert cookies.get("asztal_csrf") == out["csrf"]
    headers = [h for h in client.post("/api/account/login", json={"username": "anna", "password": PASSWORD})
               .headers.get_list("set-cookie")]
    session_header = next(h for h in headers if h.startswith("asztal_session="))
    assert "HttpOnly" in session_header and "SameSite=lax" in session_header and "Max-Age=2592000" in session_header
    csrf_header = next(h for h in headers if h.startswith("asztal_csrf="))
    assert "HttpOnly" not in csrf_header  # the page reads it to send the header
    assert client.get("/api/account").json() == {"username": "Anna", "email": "anna@example.org",
                                                 "email_confirmed": False, "lang": "hu", "operator": False}

    (account,) = rows(app, "accounts")
    assert account["password_hash"].startswith("$argon2id$") and PASSWORD not in str(account)
    token = client.cookies.get("asztal_session")
    stored = rows(app, "sessions")
    assert len(stored) == 1  # logging in again ended the session the cookie held
    assert stored[0]["token_hash"] == hash_secret(token) and token not in str(stored)
    assert stored[0]["csrf_hash"] == hash_secret(client.cookies.get("asztal_csrf"))


@pytest.mark.parametrize("body, status, code", [
    ({"username": "ab", "password": PASSWORD}, 400, "bad_username"),
    ({"username": "_anna", "password": PASSWORD}, 400, "bad_username"),
    ({"username": "an na", "password": PASSWORD}, 400, "bad_username"),
    ({"username": "anna\u0000", "password": PASSWORD}, 400, "bad_username"),
    ({"username": "anna<script>", "password": PASSWORD}, 400, "bad_username"),
    ({"username": "Ödön", "password": "rövid"}, 400, "weak_password"),
    ({"username": "Ödön", "password": "x" * 201}, 400, "weak_password"),
    ({"username": "Ödön", "password": PASSWORD + "\u0000"}, 400, "weak_password"),
    ({"username": "Ödön", "password": PASSWORD, "email": "nem-cím"}, 400, "bad_email"),
])
def test_register_refuses_bad_fields_with_a_reason(client, body, status, code):
    refused(client.post("/api/account/register", json=body), status, code)
    assert client.get("/api/account").status_code == 401


def test_a_username_is_taken_whatever_its_case(client):
    register(client, "Ödön")
    client.cookies.clear()
    refused(client.post("/api/account/register", json={"username": "ÖDÖN", "password": PASSWORD}),
            409, "username_taken")


def test_log_out_needs_the_csrf_header_and_ends_the_session(client):
    register(client, "Anna")
    refused(client.post("/api/account/logout"), 403, "csrf")
    refused(client.post("/api/account/logout", headers={"X-CSRF-Token": "forged"}), 403, "csrf")
    assert client.get("/api/account").status_code == 200  # nothing refused changed anything
    token = client.cookies.get("asztal_session")
    assert client.post("/api/account/logout", headers=csrf(client)).status_code == 204
    client.cookies.set("asztal_session", token)  # the old cookie, kept by someone
    refused(client.get("/api/account"), 401, "not_logged_in")


def test_an_expired_session_is_refused(client, app):
    register(client, "Anna")
    with app.state.hub.storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE sessions SET expires = :t"), {"t": "2000-01-01 00:00:00"})
    refused(client.get("/api/account"), 401, "not_logged_in")
    refused(client.get("/api/me/games"), 401, "not_logged_in")


def test_another_accounts_csrf_token_or_seat_is_refused(app):
    with TestClient(app) as a, TestClient(app) as b:
        register(a, "Anna")
        register(b, "Bela")
        game = guest_game(b)
        assert b.post("/api/me/seats", headers=csrf(b),
                      json={"seats": [{"game": game["game"]["id"], "token": game["token"]}]}).status_code == 200
        # Béla's CSRF token with Anna's cookie
        refused(a.post("/api/account/logout", headers=csrf(b)), 403, "csrf")
        # Anna asks for a token of Béla's seat
        refused(a.post(f"/api/me/games/{game['game']['id']}/token", headers=csrf(a)), 404, "not_your_seat")
        assert a.get("/api/me/games").json() == []
        assert a.get("/api/account").json()["username"] == "Anna"


# -- logging in: rate limits, no enumeration ------------------------------------------------


def test_a_wrong_password_and_an_unknown_username_get_the_same_answer_after_the_same_work(client, monkeypatch):
    register(client, "Anna")
    client.cookies.clear()
    calls = []
    real = argon2.PasswordHasher.verify

    def counted(self, hash, password):
        calls.append(hash)
        return real(self, hash, password)

    monkeypatch.setattr(argon2.PasswordHasher, "verify", counted)
    wrong = client.post("/api/account/login", json={"username": "Anna", "password": "nem ez a jelszó"})
    unknown = client.post("/api/account/login", json={"username": "Nincsilyen", "password": "nem ez a jelszó"})
    refused(wrong, 401, "bad_login")
    assert (unknown.status_code, unknown.json()) == (wrong.status_code, wrong.json())
    assert {k for k in unknown.headers if k != "date"} == {k for k in wrong.headers if k != "date"}
    assert len(calls) == 2  # an Argon2 verification each: the unknown name against a made-up hash
    assert "set-cookie" not in wrong.headers
    assert client.post("/api/account/login", json={"username": "anna", "password": PASSWORD}).status_code == 200


def test_logins_are_limited_per_address(env, db_url):
    env.setenv("ASZTAL_LOGINS_PER_MINUTE", "3")
    with TestClient(make_app(db_url)) as c:
        codes = [c.post("/api/account/login", json={"username": f"x{i}yz", "password": PASSWORD}).status_code
                 for i in range(4)]
        assert codes == [401, 401, 401, 429]
        refused(c.post("/api/account/login", json={"username": "xyz", "password": PASSWORD}), 429, "rate_limited")


def test_failed_logins_lock_a_username_the_same_way_whether_it_exists_or_not(env, db_url):
    env.setenv("ASZTAL_LOGIN_FAILURES", "3")
    with TestClient(make_app(db_url)) as c:
        register(c, "Anna")
        register(c, "Bela")
        c.cookies.clear()
        answers = {}
        for name in ("Anna", "Senki"):
            seen = [c.post("/api/account/login", json={"username": name, "password": "rossz jelszó"})
                    for _ in range(4)]
            answers[name] = [(r.status_code, r.json()["detail"]["code"]) for r in seen]
        assert answers["Anna"] == answers["Senki"] == [(401, "bad_login")] * 3 + [(429, "rate_limited")]
        # the right password does not get past the lock; another account is not locked
        refused(c.post("/api/account/login", json={"username": "anna", "password": PASSWORD}), 429, "rate_limited")
        assert c.post("/api/account/login", json={"username": "Bela", "password": PASSWORD}).status_code == 200


# -- password and deletion ------------------------------------------------------------------


def test_changing_the_password_ends_every_other_session(app):
    with TestClient(app) as a, TestClient(app) as other:
        register(a, "Anna")
        assert other.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 200
        body = {"old": PASSWORD, "new": "egy új, hosszú jelszó"}
        refused(a.post("/api/account/password", json=body), 403, "csrf")
        refused(a.post("/api/account/password", headers=csrf(a), json={**body, "old": "nem ez"}), 403, "bad_password")
        refused(a.post("/api/account/password", headers=csrf(a), json={**body, "new": "rövid"}), 400, "weak_password")
        r = a.post("/api/account/password", headers=csrf(a), json=body)
        assert r.status_code == 200 and r.json()["csrf"] == a.cookies.get("asztal_csrf")
        assert a.get("/api/account").status_code == 200
        refused(other.get("/api/account"), 401, "not_logged_in")
        refused(other.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}), 401, "bad_login")
        assert other.post("/api/account/login", json={"username": "Anna", "password": body["new"]}).status_code == 200


def test_deleting_an_account_keeps_its_games_under_a_neutral_name(client, app):
    game = guest_game(client, seats=[{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}])
    gid = game["game"]["id"]
    register(client, "Anna", seats=[{"game": gid, "token": game["token"]}])
    refused(client.post("/api/account/delete", json={"password": PASSWORD}), 403, "csrf")
    refused(client.post("/api/account/delete", headers=csrf(client), json={"password": "nem ez"}), 403, "bad_password")
    assert client.post("/api/account/delete", headers=csrf(client), json={"password": PASSWORD}).status_code == 204
    refused(client.get("/api/account"), 401, "not_logged_in")
    info = client.get(f"/api/games/{gid}").json()
    assert info["status"] == "running" and info["seats"][0]["name"] == ""  # shown as "Player 1" / "Játékos 1"
    assert rows(app, "accounts") == [] and rows(app, "sessions") == [] and rows(app, "account_seats") == []
    # the name is free again; the seat's guest token still plays
    register(client, "Anna")
    with client.websocket_connect(f"/ws/games/{gid}?token={game['token']}") as ws:
        assert ws.receive_json()["type"] == "hello"


# -- seats that follow the account ------------------------------------------------------------


def test_a_guest_who_registers_keeps_the_seats_of_this_browser_and_a_forged_token_is_refused(app):
    with TestClient(app) as guest, TestClient(app) as thief:
        mine = guest_game(guest)
        gid = mine["game"]["id"]
        other = guest_game(guest)
        out = register(guest, "Anna", seats=[{"game": gid, "token": mine["token"]},
                                             {"game": other["game"]["id"], "token": "x" * 43},
                                             {"game": "nincsilyen", "token": mine["token"]}])
        assert out["attached"] == [{"game": gid, "seat": 0}]
        assert out["refused"] == [{"game": other["game"]["id"], "code": "bad_token"},
                                  {"game": "nincsilyen", "code": "bad_token"}]
        # someone else holding a copy of the token cannot take the seat into their account
        register(thief, "Tolvaj")
        r = thief.post("/api/me/seats", headers=csrf(thief), json={"seats": [{"game": gid, "token": mine["token"]}]})
        assert r.json() == {"attached": [], "refused": [{"game": gid, "code": "seat_owned"}]}
        refused(thief.post("/api/me/seats", json={"seats": []}), 403, "csrf")
        # attaching again is harmless
        r = guest.post("/api/me/seats", headers=csrf(guest), json={"seats": [{"game": gid, "token": mine["token"]}]})
        assert r.json()["attached"] == [{"game": gid, "seat": 0}]
        assert [g["game"]["id"] for g in thief.get("/api/me/games").json()] == []


def test_seats_follow_the_account_to_another_device(app):
    with TestClient(app) as laptop, TestClient(app) as phone:
        game = guest_game(laptop, game="pocketciv", players=1)
        gid = game["game"]["id"]
        register(laptop, "Anna", seats=[{"game": gid, "token": game["token"]}])
        assert phone.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 200
        (mine,) = phone.get("/api/me/games").json()
        assert (mine["state"], mine["seat"], mine["game"]["id"]) == ("your_turn", 0, gid)
        refused(phone.post(f"/api/me/games/{gid}/token"), 403, "csrf")
        r = phone.post(f"/api/me/games/{gid}/token", headers=csrf(phone))
        assert r.status_code == 200 and r.json()["seat"] == 0
        with phone.websocket_connect(f"/ws/games/{gid}?token={r.json()['token']}") as ws:
            assert ws.receive_json()["seat"] == 0
        # the seat is open in one place at a time: the laptop's old token no longer opens it
        with laptop.websocket_connect(f"/ws/games/{gid}?token={game['token']}") as ws:
            first = ws.receive_json()
            assert first["type"] == "error" and first["code"] == "bad_token"


def _play_to_the_end(client: TestClient, gid: str, token: str) -> None:
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        last = None
        for _ in range(5000):
            msg = ws.receive_json()
            if msg["type"] == "error" and msg["code"] == "rate_limited" and last is not None:
                time.sleep(0.2)  # the server's per-socket rate for moves (10 a second): the limit is time
                ws.send_json(last)
                continue
            if msg["type"] != "state":
                continue
            if msg["is_over"]:
                return
            if msg["to_move"] == 0 and msg["legal"]:
                last = {"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]}
                ws.send_json(last)
    raise AssertionError("the game did not end")


def test_my_games_lists_your_turn_then_waiting_then_finished(client):
    bots = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    finished = guest_game(client, seats=bots)
    _play_to_the_end(client, finished["game"]["id"], finished["token"])
    waiting = guest_game(client)  # seat 1 is free: the game waits for a player
    my_turn = guest_game(client, game="pocketciv", players=1)
    held = [{"game": g["game"]["id"], "token": g["token"]} for g in (finished, waiting, my_turn)]
    register(client, "Anna", seats=held)
    listed = client.get("/api/me/games").json()
    assert [(g["state"], g["game"]["id"]) for g in listed] == [
        ("your_turn", my_turn["game"]["id"]), ("waiting", waiting["game"]["id"]),
        ("finished", finished["game"]["id"])]
    assert listed[1]["game"]["status"] == "open" and listed[2]["game"]["status"] == "finished"
    assert all(g["game"]["seats"][0]["taken"] for g in listed) and "seed" not in str(listed)


# -- the database -------------------------------------------------------------------------------


def test_a_database_of_the_previous_release_is_upgraded_without_losing_a_game(env, tmp_path):
    db = tmp_path / "server.db"
    shutil.copy(V2_DB, db)
    before = sa.create_engine(f"sqlite:///{db}")
    with before.connect() as conn:
        games_before = conn.execute(sa.text("SELECT id, status, seq FROM games ORDER BY id")).all()
        actions_before = conn.execute(sa.text("SELECT count(*) FROM actions")).scalar()
        tables = set(sa.inspect(conn).get_table_names())
    before.dispose()
    assert games_before and "accounts" not in tables
    app = make_app(f"sqlite:///{db}")
    with TestClient(app) as c:
        with app.state.hub.storage.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT id, status, seq FROM games ORDER BY id")).all() == games_before
            assert conn.execute(sa.text("SELECT count(*) FROM actions")).scalar() == actions_before
            assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0010"
        assert {g["id"] for g in c.get("/api/games").json()} == {g[0] for g in games_before}
        register(c, "Anna")
        assert c.get("/api/me/games").json() == []


@pytest.mark.unmigrated  # the database starts empty: this test builds the older revision
def test_a_database_at_the_first_schema_is_upgraded_on_either_database_without_losing_a_game(env, db_url):
    """The same upgrade on PostgreSQL and SQLite: a game made under revision 0001 (the first
    release's schema) survives the start of today's server and can be attached to an account."""


    engine = sa.create_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("asztal.server") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0001"
    stamp = "2026-11-30 12:00:00+00:00"
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO games (id, game, version, players, seed, options, public_options, status, private, "
            "turn_timer, grace, stand_in, seq, to_move, result, created, updated) VALUES ('old1', 'pocketciv', "
            ":v, 1, 7, '{}', '{}', 'running', false, NULL, 120, 'normal', 0, 0, NULL, :t, :t)"),
            {"v": games.load("pocketciv").version, "t": stamp})
        conn.execute(sa.text("INSERT INTO seats (game_id, seat, name, kind, bot, token_hash, invite_hash) "
                             "VALUES ('old1', 0, 'Régi', 'human', NULL, :h, NULL)"), {"h": hash_secret("régi token")})
    engine.dispose()
    app = make_app(db_url)
    with TestClient(app) as c:
        info = c.get("/api/games/old1").json()
        assert info["status"] == "running" and info["seats"][0]["name"] == "Régi"
        out = register(c, "Anna", seats=[{"game": "old1", "token": "régi token"}])
        assert out["attached"] == [{"game": "old1", "seat": 0}]
        assert [g["state"] for g in c.get("/api/me/games").json()] == ["your_turn"]


def test_a_cross_site_form_cannot_log_in_or_register(client):
    """A form on another site can post text/plain or form data, never application/json."""
    register(client, "Anna")
    client.cookies.clear()
    body = json.dumps({"username": "Anna", "password": PASSWORD})
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        r = client.post("/api/account/login", content=body.encode(), headers={"Content-Type": kind})
        assert r.status_code == 422 and "asztal_session" not in r.headers.get("set-cookie", ""), (kind, r.text)
    assert client.post("/api/account/login", content=body.encode(),
                       headers={"Content-Type": "application/json"}).status_code == 200


#: a lone surrogate is refused by the strict request models before any handler runs; the body of
#: that refusal is issue 20's edge handler's (``asztal.server.edge``): tested once it is there
EDGE = importlib.util.find_spec("asztal.server.edge") is not None
HOSTILE = ["\u0000", "a\u0000b", "x" * 99, "' OR 1=1 --", "<script>alert(1)</script>", "\u202eevil",
           *(["\ud800"] if EDGE else [])]


def test_hostile_values_in_every_account_field_are_refused_cleanly(client, app):
    """A NUL, a lone surrogate or markup anywhere gives a 4xx {code, hu, en}, never a 5xx, on
    either database (PostgreSQL refuses a NUL in text)."""
    def post(path, body, **kw):
        # json.dumps keeps a lone surrogate as its \\ud800 escape, as a hostile client would send it
        return client.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json",
                                                                             **kw.get("headers", {})})

    for n, bad in enumerate(HOSTILE):
        for path, body, codes in (
                ("/api/account/register", {"username": bad, "password": PASSWORD}, {"bad_username"}),
                ("/api/account/register", {"username": "Kata", "password": PASSWORD, "email": bad}, {"bad_email"}),
                ("/api/account/login", {"username": bad, "password": PASSWORD}, {"bad_login"}),
                ("/api/account/login", {"username": "Kata", "password": bad}, {"bad_login"}),
                # a password is any text without control characters: this one is stored, hashed
                ("/api/account/register", {"username": f"Kata{n}", "password": bad * 3 + "hosszú!"},
                 {None, "weak_password"})):
            r = post(path, body)
            assert r.status_code < 500, (path, body, r.text)
            code = r.json()["detail"]["code"] if r.status_code >= 400 else None
            assert code in codes or EDGE and code == "bad_request", (path, body, r.text)
            client.cookies.clear()
    register(client, "Kata")
    for bad in HOSTILE:
        r = post("/api/me/seats", {"seats": [{"game": bad[:32], "token": bad}]}, headers=csrf(client))
        if r.status_code == 422:  # the edge refuses text with a NUL or a lone surrogate outright
            assert r.json()["detail"]["code"] == "bad_request", r.text
        else:
            assert r.status_code == 200 and r.json()["attached"] == []
            assert r.json()["refused"][0]["code"] == "bad_token"
        for path, body in (("/api/account/password", {"old": bad, "new": PASSWORD}),
                           ("/api/account/delete", {"password": bad})):
            r = post(path, body, headers=csrf(client))
            if r.status_code == 422:
                assert r.json()["detail"]["code"] == "bad_request", r.text
            else:
                refused(r, 403, "bad_password")
    for bad in ("a%00b", "%ED%A0%80", "x" * 99):
        refused(client.post(f"/api/me/games/{bad}/token", headers=csrf(client)), 404, "not_your_seat")
    assert client.get("/api/account").json()["username"] == "Kata"
    assert "Kata" in [r["username"] for r in rows(app, "accounts")]
    assert all(r["password_hash"].startswith("$argon2id$") for r in rows(app, "accounts"))


def test_an_unknown_username_is_verified_against_a_hash_as_costly_as_a_real_one():
    """The stand-in hash an unknown username is checked against has the real hashes' very
    parameters, and is checked all the way (a mismatch, not a hash refused unread), so a login
    of nobody costs what a wrong password costs."""
    from asztal.server.accounts import AccountSettings, Passwords

    pw = Passwords(AccountSettings(argon2_time=2, argon2_memory=2048))
    real = pw.hasher.hash("correct horse")
    assert argon2.extract_parameters(pw._dummy) == argon2.extract_parameters(real)
    with pytest.raises(argon2.exceptions.VerifyMismatchError):
        pw.hasher.verify(pw._dummy, "correct horse")
    assert not pw._verify(None, "correct horse") and pw._verify(real, "correct horse")
    assert Passwords(AccountSettings())._dummy != pw._dummy  # a new salt each time
