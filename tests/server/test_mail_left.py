"""A player who closes a turn-based game on their own turn is mailed after a short grace, and the
mail's times are in the reader's time zone, written as their language writes them."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.server.test_accounts import csrf, refused
from tests.server.test_mail import an_hour_passes, make_app, register_confirmed, two_player_game

ZONES = {0: ("Europe/Budapest", "hu"), 1: ("America/New_York", "en")}


def test_leaving_on_your_turn_mails_you_after_the_grace_with_the_deadline_in_your_zone(env, db_url, smtp):
    app = make_app(db_url, smtp, left_grace=0.01)
    with TestClient(app) as anna, TestClient(app) as bela:
        register_confirmed(anna, smtp, "Anna", "anna@example.org")
        register_confirmed(bela, smtp, "Bela", "bela@example.org", lang="en")
        clients = {0: anna, 1: bela}
        for seat, (zone, _) in ZONES.items():
            r = clients[seat].post("/api/account/timezone", headers=csrf(clients[seat]), json={"tz": zone})
            assert r.status_code == 204, r.text
        for bad in ("Mars/Olympus", "../../etc/passwd", "Europe/Budapest\n"):
            refused(anna.post("/api/account/timezone", headers=csrf(anna), json={"tz": bad}), 400, "bad_timezone")
        gid, tokens = two_player_game(anna, bela)
        first = anna.get(f"/api/games/{gid}").json()["to_move"]
        anna.portal.call(app.state.notices.drain)
        while not smtp.inbox.empty():  # the start's own notice (test_mail.py): the hour's bound begins afresh
            smtp.inbox.next()
        an_hour_passes(app)
        # the player to move opens the game and closes it again without moving
        with clients[first].websocket_connect(f"/ws/games/{gid}?token={tokens[first]}") as ws:
            while ws.receive_json()["type"] != "state":
                pass
        assert smtp.inbox.empty()
        # the grace (a task of the loop the socket ran on), then the mail it sends
        clients[first].portal.call(app.state.notices.drain, True)
        to, msg = smtp.inbox.next(timeout=5)
        assert to == [("anna@example.org", "bela@example.org")[first]]
        with app.state.hub.storage.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT turn_deadline FROM games")).scalar()
        if isinstance(stored, str):
            stored = dt.datetime.fromisoformat(stored)
        deadline = (stored if stored.tzinfo else stored.replace(tzinfo=dt.UTC))
        zone, lang = ZONES[first]
        local = deadline.astimezone(ZoneInfo(zone))
        shown = local.strftime("%Y. %m. %d. %H:%M" if lang == "hu" else "%Y-%m-%d %H:%M")
        body = msg.get_content()
        assert f"{shown} ({local.tzname()})" in body, body
        assert ("Te következel" if lang == "hu" else "Your turn") in msg["Subject"]
        # the other player, who never opened the game on their turn, got nothing
        clients[1 - first].portal.call(app.state.notices.drain, True)
        assert smtp.inbox.empty()
