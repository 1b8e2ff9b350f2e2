"""Turn-based timers: a human's turn in a timed game has its deadline stored with the move that
began it, so a restarted server keeps the same deadline instead of starting the clock again."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.app import Settings, create_app
from asztal.server.room import epoch
from asztal.server.storage import games_table

TWO_DAYS = 2 * 86400


def make_app(db_url: str):
    return create_app(Settings(db_url=db_url, workers=1, rate_per_minute=100_000, bot_time=0.05))


def stored_deadline(app, gid: str) -> float | None:
    with app.state.hub.storage.engine.connect() as conn:
        return epoch(conn.execute(sa.select(games_table.c.turn_deadline).where(games_table.c.id == gid)).scalar())


def state_of(client: TestClient, gid: str, token: str) -> dict:
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state":
                return msg


def test_a_turn_deadline_of_days_is_stored_with_the_move_and_survives_a_restart(db_url):
    app = make_app(db_url)
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0, "turn_timer": TWO_DAYS}).json()
        gid = made["game"]["id"]
        tokens = {0: made["token"]}
        joined = c.post(f"/api/games/{gid}/join", json={}).json()
        tokens[joined["seat"]] = joined["token"]
        st = state_of(c, gid, tokens[0])
        mover = st["to_move"]
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens[mover]}") as ws:
            while (msg := ws.receive_json())["type"] != "state":
                pass
            ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
            while not ((msg := ws.receive_json())["type"] == "state" and msg["seq"] == 1):
                pass
        before = dt.datetime.now(dt.UTC).timestamp()
        stored = stored_deadline(app, gid)
        assert stored is not None and msg["deadline"] == pytest.approx(stored, abs=1e-3)
        assert TWO_DAYS - 60 < stored - before <= TWO_DAYS
    # a day and a half passes while the server is down (the stored deadline moves closer, as time would)
    soon = dt.datetime.now(dt.UTC) + dt.timedelta(hours=12)
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(games_table).where(games_table.c.id == gid).values(turn_deadline=soon))
    engine.dispose()
    app = make_app(db_url)
    with TestClient(app) as c:
        after = state_of(c, gid, tokens[0])
        assert after["seq"] == 1 and after["deadline"] == pytest.approx(soon.timestamp(), abs=1e-3)
        # the account's list shows the same deadline
        body = {"username": "Anna", "password": "jó hosszú jelszó 1",
                  "seats": [{"game": gid, "token": tokens[0]}]}
        assert c.post("/api/account/register", json=body).status_code == 201
        (mine,) = c.get("/api/me/games").json()
        assert mine["deadline"] == pytest.approx(soon.timestamp(), abs=1e-3)


def test_no_deadline_is_stored_for_an_untimed_game(db_url):
    app = make_app(db_url)
    with TestClient(app) as c:
        untimed = c.post("/api/games", json={"game": "pocketciv", "players": 1, "seat": 0}).json()
        gid = untimed["game"]["id"]
        with c.websocket_connect(f"/ws/games/{gid}?token={untimed['token']}") as ws:
            while (msg := ws.receive_json())["type"] != "state":
                pass
            ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
            while not ((msg := ws.receive_json())["type"] == "state" and msg["seq"] == 1):
                pass
        assert msg["deadline"] is None and stored_deadline(app, gid) is None
