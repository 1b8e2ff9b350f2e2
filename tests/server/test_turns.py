"""Turn-based games (a timer of hours or days): when a turn runs out, the stand-in makes that one
move for the seat, the seat stays its player's, the next turn has a fresh deadline, and the next
player is mailed; it works across a restart (the deadline is read back from the database)."""

from __future__ import annotations

import asyncio
import datetime as dt

import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.room import epoch
from asztal.server.storage import games_table
from asztal.server.turns import is_turn_based
from tests.server.smtp import SmtpServer
from tests.server.test_accounts import csrf, register, rows
from tests.server.test_mail import DAY, make_app, register_confirmed, two_player_game


def test_is_turn_based_from_an_hour():
    assert not is_turn_based({"turn_timer": None}) and not is_turn_based({"turn_timer": 600})
    assert is_turn_based({"turn_timer": 3600}) and is_turn_based({"turn_timer": 3 * DAY})


def test_a_turn_that_ran_out_while_the_server_was_down_is_played_once_by_the_stand_in(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela:
        register(anna, "Anna", email="anna@example.org")
        register(bela, "Bela", email="bela@example.org")
        with app.state.hub.storage.engine.begin() as conn:  # confirmed (test_account_mail.py: from the mail)
            conn.execute(sa.text("UPDATE accounts SET email_confirmed = true"))
        gid, _ = two_player_game(anna, bela)
        first = anna.get(f"/api/games/{gid}").json()["to_move"]
    # nobody moved for a day: the stored deadline has passed when the server starts again
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(games_table).where(games_table.c.id == gid)
                     .values(turn_deadline=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
    engine.dispose()
    with SmtpServer() as smtp:
        app = make_app(db_url, smtp)
        with TestClient(app) as c:
            # a spectator's socket (nobody's seat) sees the stand-in's move
            with c.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
                while not ((msg := ws.receive_json())["type"] == "state" and msg["seq"] >= 1):
                    pass
            acts = rows(app, "actions")
            assert [(a["seat"], a["by"]) for a in acts] == [(first, "stand_in")]
            info = c.get(f"/api/games/{gid}").json()
            # the seat is still its player's: no stand-in stays on it
            assert info["seats"][first]["stand_in"] is False and info["status"] == "running"
            with app.state.hub.storage.engine.connect() as conn:
                deadline = epoch(conn.execute(sa.select(games_table.c.turn_deadline)
                                              .where(games_table.c.id == gid)).scalar())
            assert deadline is not None and deadline > dt.datetime.now(dt.UTC).timestamp() + DAY - 120
            # whoever is to move now is told by mail
            to_move = info["to_move"]
            to, msg = smtp.inbox.next()
            assert to == [["anna@example.org", "bela@example.org"][to_move]]
            c.portal.call(app.state.notices.drain)



def test_the_first_turn_has_its_deadline_stored_when_the_game_starts_and_its_player_is_told(env, db_url):
    with SmtpServer() as smtp:
        app = make_app(db_url, smtp)
        with TestClient(app) as anna, TestClient(app) as bela:
            register_confirmed(anna, smtp, "Anna", "anna@example.org")
            register_confirmed(bela, smtp, "Bela", "bela@example.org")
            started = dt.datetime.now(dt.UTC).timestamp()
            gid, _ = two_player_game(anna, bela)  # Béla's join starts it
            with app.state.hub.storage.engine.connect() as conn:
                deadline = epoch(conn.execute(sa.select(games_table.c.turn_deadline)
                                              .where(games_table.c.id == gid)).scalar())
            assert deadline is not None and started + DAY - 60 < deadline <= started + DAY + 60
            first = anna.get(f"/api/games/{gid}").json()["to_move"]
            anna.portal.call(app.state.notices.drain)
            bela.portal.call(app.state.notices.drain)
            if first == 0:  # Anna waits for the game to start elsewhere: she is told it is her turn
                to, msg = smtp.inbox.next()
                assert to == ["anna@example.org"] and "Te következel" in msg["Subject"]
            assert smtp.inbox.empty()  # the one who joined is opening the game just now: no mail
        # a game that runs at once (the other seat a bot) stores its first deadline at creation
        with TestClient(app) as c:
            register(c, "Cili")
            made = c.post("/api/games", headers=csrf(c), json={
                "game": "pax", "players": 2, "seat": 0, "turn_timer": DAY,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
            row = rows(app, "games")
            mine = next(r for r in row if r["id"] == made["game"]["id"])
            human_first = made["game"]["to_move"] == 0
            assert (mine["turn_deadline"] is not None) == human_first


def test_a_turn_based_game_against_bots_alone_waits_for_its_player(env, db_url):
    """The docs' promise: with no other human at the table nobody waits, so no stand-in moves
    when the turn runs out (here: while the server was down)."""
    app = make_app(db_url, None)
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0, "turn_timer": DAY, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        gid = made["game"]["id"]
        with c.websocket_connect(f"/ws/games/{gid}?token={made['token']}") as ws:
            while not ((msg := ws.receive_json())["type"] == "state" and msg["to_move"] == 0):
                pass
        seq = msg["seq"]
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(games_table).where(games_table.c.id == gid)
                     .values(turn_deadline=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
    engine.dispose()
    app = make_app(db_url, None)
    with TestClient(app) as c:
        room = app.state.hub.rooms[gid]

        async def timer_done() -> None:  # the turn's timer has fired and done what it does
            if room.task is not None:
                await asyncio.wait([room.task])

        c.portal.call(timer_done)
        assert len(rows(app, "actions")) == seq and c.get(f"/api/games/{gid}").json()["seq"] == seq
