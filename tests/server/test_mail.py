"""E-mail notices of turn-based games, read back from a real SMTP server on loopback: "your turn"
to a player who is not looking, at most one per game per hour, a link that opens the game, an
unsubscribe link that works without logging in (and a mail scanner's GET changes nothing)."""

from __future__ import annotations

import re
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.app import Settings, create_app
from asztal.server.mail import MailSettings, Notice, parse_smtp
from tests.server.smtp import SmtpServer
from tests.server.test_accounts import csrf, register, rows

DAY = 86400


def make_app(db_url: str, smtp: SmtpServer | None, **mail):
    """The app, with boards drawn in its event loop: each player's TestClient runs it on an
    event loop of its own, and a drawing process answers only the loop that started it."""
    settings = MailSettings(smtp=smtp.address if smtp else None, public_url="http://asztal.test", **mail)
    return create_app(Settings(db_url=db_url, workers=1, rate_per_minute=100_000, bot_time=0.05, render_workers=0,
                                      mail=settings))


def link(msg, path: str) -> str:
    """The path and query of the link to ``path`` in a mail (its host is the public address)."""
    found = re.search(r"http://asztal\.test(" + re.escape(path) + r"\?token=[\w-]+)", msg.get_content())
    assert found, msg.get_content()
    return found.group(1)


def confirm_mail(smtp, to: str):
    """The next mail: a confirmation sent to ``to`` alone."""
    envelope, msg = smtp.inbox.next()
    assert envelope == [to] and msg["To"].addresses[0].addr_spec == to, (envelope, msg["To"])
    return msg


def register_confirmed(c: TestClient, smtp, username: str, email: str, **more) -> dict:
    """Register with ``email`` and confirm it from the mail, as its owner does."""
    out = register(c, username, email=email, **more)
    r = c.post(link(confirm_mail(smtp, email), "/api/account/confirm"))
    assert r.status_code == 200, r.text
    return out


def move_until_others_turn(c: TestClient, gid: str, token: str, seat: int) -> dict:
    """Open the seat's socket, play its first legal moves until another seat is to move, close."""
    with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        last = None
        for _ in range(500):
            msg = ws.receive_json()
            if msg["type"] == "error" and msg["code"] == "rate_limited" and last is not None:
                time.sleep(0.2)  # the socket's rate for moves: the limit is time
                ws.send_json(last)
                continue
            if msg["type"] != "state" or (last is not None and msg["seq"] == last["seq"]):
                continue
            if msg["is_over"] or msg["to_move"] != seat:
                return msg
            if msg["legal"]:
                last = {"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]}
                ws.send_json(last)
    raise AssertionError("the turn did not pass")


def two_player_game(anna: TestClient, bela: TestClient) -> tuple[str, dict[int, str]]:
    made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                            "turn_timer": DAY})
    assert made.status_code == 201, made.text
    gid = made.json()["game"]["id"]
    joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={}).json()
    return gid, {0: made.json()["token"], 1: joined["token"]}


def drain(c: TestClient, app) -> None:
    c.portal.call(app.state.notices.drain)


def an_hour_passes(app) -> None:
    """Every notice sent so far is dated long ago (the hourly bound is over)."""
    with app.state.hub.storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE mail_sent SET sent = :t"), {"t": "2020-01-01 00:00:00+00:00"})


def test_your_turn_is_mailed_once_an_hour_with_a_link_to_the_game_and_a_working_unsubscribe(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as mailbox:
        register_confirmed(anna, smtp, "Anna", "anna@example.org")
        register_confirmed(bela, smtp, "Bela", "bela@example.org")
        gid, tokens = two_player_game(anna, bela)
        clients = {0: anna, 1: bela}
        addresses = {0: "anna@example.org", 1: "bela@example.org"}
        first = anna.get(f"/api/games/{gid}").json()["to_move"]
        other = 1 - first
        drain(anna, app)
        if first == 0:  # Anna waited while Béla's join started the game: told at once (test_turns.py)
            assert smtp.inbox.next()[0] == [addresses[0]]
            an_hour_passes(app)
        after = move_until_others_turn(clients[first], gid, tokens[first], first)
        assert after["to_move"] == other
        to, msg = smtp.inbox.next()
        assert to == [addresses[other]]
        # in the account's one language (Hungarian: the browser asked for no other)
        assert msg["Subject"] == "Te következel: PAX"
        body = msg.get_content()
        assert f"http://asztal.test/?open={gid}" in body and "PAX" in msg["Subject"] and "PAX" in body
        assert "Szia" in body and "Hello" not in body
        unsubscribe = msg["List-Unsubscribe"].strip("<>")
        assert unsubscribe.startswith("http://asztal.test/api/mail/unsubscribe?token=")
        assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # the deadline in the mail is the stored one (a day from now), written the Hungarian way (an
        # account without a time zone reads UTC)
        assert time.strftime("%Y. %m. %d.", time.gmtime(time.time() + DAY)) in body and "(UTC)" in body
        # the turn comes back to the first player, then to the other within the hour: no second mail
        back = move_until_others_turn(clients[other], gid, tokens[other], other)
        assert back["to_move"] == first
        to, _ = smtp.inbox.next()
        assert to == [addresses[first]]
        again = move_until_others_turn(clients[first], gid, tokens[first], first)
        assert again["to_move"] == other
        drain(anna, app)
        assert smtp.inbox.empty()
        assert len([r for r in rows(app, "mail_sent") if r["kind"] == "turn"]) == 2
        # the unsubscribe link: the GET a mail scanner makes only shows a page; the POST ends the notices
        path = unsubscribe.removeprefix("http://asztal.test")
        page = mailbox.get(path)  # in the browser's language: Hungarian unless it asks for English
        assert page.status_code == 200 and '<html lang="hu">' in page.text
        assert '<button type="submit">Leiratkozom</button>' in page.text and "Unsubscribe from" not in page.text
        page = mailbox.get(path, headers={"Accept-Language": "en-GB,en;q=0.9,hu;q=0.5"})
        assert '<html lang="en">' in page.text and '<button type="submit">Unsubscribe</button>' in page.text
        assert "Leiratkoz" not in page.text
        other_client = clients[other]
        assert other_client.get("/api/account/notices").json() == {"notices": True}
        done = mailbox.post(path, data={"List-Unsubscribe": "One-Click"})
        assert done.status_code == 200 and "Leiratkoztál" in done.text
        assert other_client.get("/api/account/notices").json() == {"notices": False}
        bad = mailbox.post("/api/mail/unsubscribe?token=" + "x" * 43)
        assert bad.status_code == 404 and bad.json()["detail"]["code"] == "bad_unsubscribe"
        # an hour later the first player would get a mail again; the one who unsubscribed would not
        an_hour_passes(app)
        move_until_others_turn(clients[other], gid, tokens[other], other)
        to, _ = smtp.inbox.next()
        assert to == [addresses[first]]
        move_until_others_turn(clients[first], gid, tokens[first], first)
        drain(anna, app)
        assert smtp.inbox.empty()


def test_notices_opt_out_needs_the_session_and_its_csrf_token(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as c, TestClient(app) as guest:
        register_confirmed(c, smtp, "Anna", "anna@example.org")
        assert c.post("/api/account/notices", json={"notices": False}).status_code == 403
        assert guest.post("/api/account/notices", json={"notices": False}).status_code == 401
        r = c.post("/api/account/notices", headers=csrf(c), json={"notices": False})
        assert r.json() == {"notices": False} and c.get("/api/account/notices").json() == {"notices": False}
        assert c.post("/api/account/notices", headers=csrf(c), json={"notices": True}).json() == {"notices": True}


def test_no_mail_for_a_live_game_or_a_player_who_is_looking(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as anna, TestClient(app) as bela:
        register_confirmed(anna, smtp, "Anna", "anna@example.org")
        register_confirmed(bela, smtp, "Bela", "bela@example.org")
        # a live game (minutes per move): no mail
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "turn_timer": 600}).json()
        gid = made["game"]["id"]
        joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={}).json()
        tokens = {0: made["token"], 1: joined["token"]}
        first = anna.get(f"/api/games/{gid}").json()["to_move"]
        move_until_others_turn([anna, bela][first], gid, tokens[first], first)
        # a turn-based game whose next player has the game open: no mail either
        gid2, tokens2 = two_player_game(anna, bela)
        first = anna.get(f"/api/games/{gid2}").json()["to_move"]
        other = 1 - first
        with [anna, bela][other].websocket_connect(f"/ws/games/{gid2}?token={tokens2[other]}") as ws:
            assert ws.receive_json()["type"] == "hello"
            move_until_others_turn([anna, bela][first], gid2, tokens2[first], first)
        drain(anna, app)
        # at most the start's notice of the turn-based game (test_turns.py), never one after a move
        sent = [r for r in rows(app, "mail_sent")]
        assert len(sent) == smtp.inbox.received.qsize() <= 1 and all(r["game_id"] == gid2 for r in sent)


def test_game_over_is_mailed_once_with_the_result(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as anna, TestClient(app) as bela:
        register_confirmed(anna, smtp, "Anna", "anna@example.org")
        register_confirmed(bela, smtp, "Bela", "bela@example.org")
        gid, _ = two_player_game(anna, bela)
        notices = app.state.notices
        notice = Notice("over", gid, ("Pax", "Pax"), [0, 1], result=("Anna 12, Bela 9", "Anna 12, Bela 9"))
        sent = [m for _, m in notices._claim(notice)]
        assert sorted(m["To"] for m in sent) == ["Anna <anna@example.org>", "Bela <bela@example.org>"]
        assert "Véget ért" in sent[0]["Subject"] and "Anna 12, Bela 9" in sent[0].get_content()
        assert notices._claim(notice) == []  # the end of a game is told once


def test_smtp_addresses():
    assert parse_smtp("mail.example.org:587") == ("mail.example.org", 587)
    assert parse_smtp("[::1]:2525") == ("::1", 2525)
    assert parse_smtp("localhost") == ("localhost", 25)
