"""A seat token that is replaced (the account opens the seat on another device) or whose session
ends (log out, a password reset) closes every socket opened with it at once, on this instance and,
told by NOTIFY, on every other (PostgreSQL); a move sent through such a socket changes nothing."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from tests.server.test_accounts import PASSWORD, csrf, register, rows
from tests.server.test_mail import make_app
from tests.server.wire import Server, needs_pg, pg_database


def solo_game(c: TestClient) -> tuple[str, str]:
    made = c.post("/api/games", headers=csrf(c), json={"game": "pocketciv", "players": 1, "seat": 0}).json()
    return made["game"]["id"], made["token"]


def until_closed(ws) -> dict:
    """The error a closing socket sends last; then the socket is closed."""
    error = None
    with pytest.raises(WebSocketDisconnect):
        while True:
            msg = ws.receive_json()
            if msg["type"] == "error":
                error = msg
    assert error is not None
    return error


def test_a_fresh_seat_token_closes_the_socket_of_the_old_one(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as c:
        register(c, "Anna")
        gid, old = solo_game(c)
        with c.websocket_connect(f"/ws/games/{gid}?token={old}") as ws:
            while (msg := ws.receive_json())["type"] != "state":
                pass
            fresh = c.post(f"/api/me/games/{gid}/token", headers=csrf(c))
            assert fresh.status_code == 200
            ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
            error = until_closed(ws)
            assert error["code"] == "token_replaced" and error["hu"] and error["en"]
        assert rows(app, "actions") == []  # the move sent through it was not taken
        with c.websocket_connect(f"/ws/games/{gid}?token={old}") as ws:
            assert ws.receive_json()["code"] == "bad_token"
        with c.websocket_connect(f"/ws/games/{gid}?token={fresh.json()['token']}") as ws:
            assert ws.receive_json()["type"] == "hello"


def test_logging_out_closes_the_sockets_of_the_seat_tokens_that_session_gave(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as phone, TestClient(app) as laptop:
        register(phone, "Anna")
        gid, _ = solo_game(phone)
        laptop.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        token = laptop.post(f"/api/me/games/{gid}/token", headers=csrf(laptop)).json()["token"]
        with laptop.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert ws.receive_json()["type"] == "hello"
            assert laptop.post("/api/account/logout", headers=csrf(laptop)).status_code == 204
            assert until_closed(ws)["code"] == "token_replaced"
        with laptop.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert ws.receive_json()["code"] == "bad_token"
        # the phone's session goes on, and gets the seat back with a token of its own
        again = phone.post(f"/api/me/games/{gid}/token", headers=csrf(phone))
        assert again.status_code == 200
        with phone.websocket_connect(f"/ws/games/{gid}?token={again.json()['token']}") as ws:
            assert ws.receive_json()["type"] == "hello"


@needs_pg
def test_a_replaced_token_closes_its_socket_on_the_other_instance(tmp_path):
    url, drop = pg_database()
    a = Server(url, tmp_path / "a.log").start()
    b = Server(url, tmp_path / "b.log").start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as anna:
            r = anna.post("/api/account/register", json={"username": "Anna", "password": PASSWORD})
            assert r.status_code == 201, r.text
            anna.headers["X-CSRF-Token"] = anna.cookies["asztal_csrf"]
            made = anna.post("/api/games", json={"game": "pocketciv", "players": 1, "seat": 0}).json()
            gid = made["game"]["id"]
            with b.sock(gid, made["token"]) as s:  # the old token's socket, on the other instance
                st = s.until("state")
                assert anna.post(f"/api/me/games/{gid}/token").status_code == 200
                assert s.until("error")["code"] == "token_replaced"
                with pytest.raises(ConnectionClosed):  # closed: nothing more comes, a move goes nowhere
                    s.send(type="act", code=st["legal"][0]["code"], seq=st["seq"])
                    s.recv(timeout=5)
            assert b.api("GET", f"/api/games/{gid}").json()["seq"] == 0
    finally:
        a.stop()
        b.stop()
        drop()
