"""The chat of a game: seats write, every socket of that game (and only of that game) reads,
lines are stored with the game and come back to a socket that opens later; text is carried as
text, bounded in size and rate."""

from __future__ import annotations

import jsonschema
from fastapi.testclient import TestClient

from asztal.server.app import Settings, create_app
from tests.server.test_accounts import rows
from tests.server.wire import SCHEMAS, Server, needs_pg, pg_database

SCRIPT = "<script>alert('x')</script> &amp;"


def make_app(db_url: str):
    return create_app(Settings(db_url=db_url, workers=1, rate_per_minute=100_000, bot_time=0.05, render_workers=0))


def until(ws, kind: str) -> dict:
    while (msg := ws.receive_json())["type"] != kind:
        pass
    return msg


def test_a_line_reaches_every_socket_of_its_game_as_text_and_is_kept(db_url):
    app = make_app(db_url)
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0, "seats": [
            {"kind": "human", "name": "Anna"}, {"kind": "human"}]}).json()
        gid = made["game"]["id"]
        joined = c.post(f"/api/games/{gid}/join", json={"name": "Béla"}).json()
        elsewhere = c.post("/api/games", json={"game": "pocketciv", "players": 1, "seat": 0}).json()
        with c.websocket_connect(f"/ws/games/{gid}?token={made['token']}") as anna, \
                c.websocket_connect(f"/ws/games/{gid}?token={joined['token']}") as bela, \
                c.websocket_connect(f"/ws/games/{gid}") as spectator, \
                c.websocket_connect(f"/ws/games/{elsewhere['game']['id']}?token={elsewhere['token']}") as other:
            for ws in (anna, bela, spectator, other):
                until(ws, "state")
            anna.send_json({"type": "chat", "text": f"  {SCRIPT}\n\n szia  "})
            for ws in (anna, bela, spectator):
                msg = until(ws, "chat")
                jsonschema.validate(msg, SCHEMAS["chat"])
                assert (msg["seat"], msg["name"], msg["text"], msg["n"]) == (0, "Anna", f"{SCRIPT} szia", 1)
            # a spectator reads but does not write; empty and over-long lines are refused
            spectator.send_json({"type": "chat", "text": "hello"})
            assert until(spectator, "error")["code"] == "chat_seats_only"
            bela.send_json({"type": "chat", "text": " \n "})
            assert until(bela, "error")["code"] == "chat_empty"
            bela.send_json({"type": "chat", "text": "x" * 201})
            assert until(bela, "error")["code"] == "bad_message"
            # the other game's socket heard no chat before the answer to its ping
            other.send_json({"type": "ping"})
            heard = []
            while (msg := other.receive_json())["type"] != "pong":
                heard.append(msg["type"])
            assert "chat" not in heard and "chat_history" not in heard
            # a burst beyond the rate is refused, and what was accepted is in order
            codes = []
            for i in range(8):
                bela.send_json({"type": "chat", "text": f"{i}"})
            bela.send_json({"type": "ping"})
            while (msg := bela.receive_json())["type"] != "pong":
                codes.append(msg.get("code") or msg["type"])
            assert "rate_limited" in codes and 1 <= codes.count("chat") <= 5
        with c.websocket_connect(f"/ws/games/{gid}") as later:
            history = until(later, "chat_history")
            jsonschema.validate(history, SCHEMAS["chat_history"])
            assert history["lines"][0]["text"] == f"{SCRIPT} szia"
            assert [x["n"] for x in history["lines"]] == list(range(1, len(history["lines"]) + 1))
        stored = rows(app, "chat_lines")
        assert {r["game_id"] for r in stored} == {gid} and stored[0]["text"] == f"{SCRIPT} szia"


@needs_pg
def test_a_line_written_on_one_instance_reaches_the_sockets_of_the_other(tmp_path):
    url, drop = pg_database()
    a = Server(url, tmp_path / "a.log").start()
    b = Server(url, tmp_path / "b.log").start()
    try:
        made = a.create(game="pax", players=2, seat=0, seats=[{"kind": "human", "name": "Anna"},
                                                               {"kind": "bot", "bot": "random"}])
        gid = made["game"]["id"]
        with b.sock(gid) as spectator_b, a.sock(gid, made["token"]) as anna_a:
            spectator_b.until("state")
            anna_a.until("state")
            anna_a.send(type="chat", text="szia, <b>B</b>")
            assert anna_a.until("chat")["text"] == "szia, <b>B</b>"
            line = spectator_b.until("chat")  # through PostgreSQL NOTIFY, checked against the schema
            assert (line["n"], line["name"], line["text"]) == (1, "Anna", "szia, <b>B</b>")
        with b.sock(gid) as later:
            assert [x["text"] for x in later.until("chat_history")["lines"]] == ["szia, <b>B</b>"]
    finally:
        a.stop()
        b.stop()
        drop()


def test_a_deleted_players_lines_stay_under_deleted_player_in_the_readers_language(env, db_url):
    from tests.server.test_accounts import PASSWORD, csrf, register

    app = make_app(db_url)
    with TestClient(app) as c:
        register(c, "Anna")
        made = c.post("/api/games", headers=csrf(c), json={"game": "pax", "players": 2, "seat": 0,
                                                          "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
        gid = made["game"]["id"]
        with c.websocket_connect(f"/ws/games/{gid}?token={made['token']}") as ws:
            ws.send_json({"type": "chat", "text": "szia"})
            assert until(ws, "chat")["name"] == "Anna"
        assert c.post("/api/account/delete", headers=csrf(c), json={"password": PASSWORD}).status_code == 204
        # the seat plays on under the neutral default name; the lines are marked as a deleted player's
        for lang, name in (("hu", "törölt játékos"), ("en", "deleted player")):
            with c.websocket_connect(f"/ws/games/{gid}?lang={lang}") as ws:
                (line,) = until(ws, "chat_history")["lines"]
                assert (line["seat"], line["name"], line["text"], line["gone"]) == (0, name, "szia", True)
