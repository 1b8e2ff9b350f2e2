"""The chat's rate and caps are a seat's and an account's, counted from the stored lines: opening
the socket again (or on another instance) does not start them afresh."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.test_accounts import csrf, register, rows
from tests.server.test_mail import make_app


def say(c: TestClient, gid: str, token: str, lines: int) -> list[str]:
    """Open the seat's socket, write ``lines`` lines one after the other, close; what each got."""
    out = []
    with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        while ws.receive_json()["type"] != "state":
            pass
        for n in range(lines):
            ws.send_json({"type": "chat", "text": f"sor {n}"})
            while (msg := ws.receive_json())["type"] not in ("chat", "error"):
                pass
            out.append("ok" if msg["type"] == "chat" else msg["code"])
    return out


def solo(c: TestClient) -> tuple[str, str]:
    made = c.post("/api/games", headers=csrf(c) if c.cookies.get("asztal_csrf") else {},
                  json={"game": "pocketciv", "players": 1, "seat": 0}).json()
    return made["game"]["id"], made["token"]


def test_reconnecting_does_not_renew_a_seats_chat_rate(env, db_url):
    env.setenv("ASZTAL_CHAT_SEAT_LINES", "3")
    env.setenv("ASZTAL_CHAT_WINDOW", "3600")  # an hour: how fast the test runs does not matter
    app = make_app(db_url, None)
    with TestClient(app) as c:
        gid, token = solo(c)
        got = say(c, gid, token, 2) + say(c, gid, token, 2) + say(c, gid, token, 1)
        assert got == ["ok", "ok", "ok", "chat_rate", "chat_rate"]
        assert len(rows(app, "chat_lines")) == 3


def test_an_accounts_chat_rate_counts_every_seat_it_holds(env, db_url):
    env.setenv("ASZTAL_CHAT_ACCOUNT_LINES", "3")
    env.setenv("ASZTAL_CHAT_WINDOW", "3600")
    app = make_app(db_url, None)
    with TestClient(app) as c, TestClient(app) as guest:
        register(c, "Anna")
        first, second = solo(c), solo(c)
        assert say(c, *first, 2) + say(c, *second, 2) == ["ok", "ok", "ok", "chat_rate"]
        assert say(guest, *solo(guest), 1) == ["ok"]  # a guest's seat: only its seat's own rate


def test_a_seat_writes_at_most_its_share_of_a_games_chat(env, db_url):
    env.setenv("ASZTAL_CHAT_SEAT_TOTAL", "2")
    app = make_app(db_url, None)
    with TestClient(app) as c:
        gid, token = solo(c)
        assert say(c, gid, token, 3) == ["ok", "ok", "chat_seat_full"]
