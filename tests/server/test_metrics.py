"""The operator's view: ``/metrics`` (Prometheus' text format, loopback only unless opened) counts
moves, sockets, rooms, the bot queue and mails and times commits and broadcasts; ``/healthz`` and
``/readyz`` (the database answers, its schema is the newest migration)."""

from __future__ import annotations

import re

import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.migrations import HEAD
from tests.server.test_accounts import refused, register
from tests.server.test_mail import make_app, register_confirmed
from tests.server.wire import free_port

LOCAL = ("127.0.0.1", 5000)


def series(c: TestClient) -> dict[str, float]:
    r = c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain"), r.text
    out = {}
    for row in r.text.splitlines():
        if row and not row.startswith("#"):
            name, value = row.rsplit(" ", 1)
            out[name] = float(value)
    return out


def test_metrics_count_a_games_moves_sockets_and_mails_on_loopback(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app, client=LOCAL) as c, TestClient(app) as outside:
        refused(outside.get("/metrics"), 404, "metrics_closed")
        register_confirmed(c, smtp, "Anna", "anna@example.org")
        made = c.post("/api/games", headers={"X-CSRF-Token": c.cookies["asztal_csrf"]}, json={
            "game": "pax", "players": 2, "seat": 0, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        gid, token = made.json()["game"]["id"], made.json()["token"]
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            moved = None
            while True:
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                if moved is None and msg["to_move"] == 0 and msg["legal"]:
                    moved = msg["seq"]
                    ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
                elif moved is not None and msg["seq"] > moved and (msg["to_move"] == 0 or msg["is_over"]):
                    break  # the bot has replied
            seen = series(c)
        assert seen['asztal_moves_total{by="human"}'] == 1 and seen['asztal_moves_total{by="bot"}'] >= 1
        assert seen["asztal_sockets"] == 1 and seen["asztal_rooms"] >= 1 and "asztal_bot_queue" in seen
        moves = seen['asztal_moves_total{by="human"}'] + seen['asztal_moves_total{by="bot"}']
        assert seen["asztal_move_commit_seconds_count"] == moves
        assert seen["asztal_broadcast_seconds_count"] >= 1  # a change with no socket open is sent to nobody
        assert seen['asztal_move_commit_seconds_bucket{le="+Inf"}'] == moves
        assert seen['asztal_mail_sent_total{kind="confirm"}'] == 1
        assert series(c)["asztal_sockets"] == 0  # the socket closed


def test_a_mail_the_smtp_server_does_not_take_is_counted_as_failed(env, db_url):
    class Nowhere:  # an SMTP address nothing listens on
        address = f"127.0.0.1:{free_port()}"

    app = make_app(db_url, Nowhere)
    with TestClient(app, client=LOCAL) as c:
        register(c, "Anna", email="anna@example.org")
        c.portal.call(app.state.links.drain)
        seen = series(c)
        assert seen['asztal_mail_failed_total{kind="confirm"}'] == 1
        assert 'asztal_mail_sent_total{kind="confirm"}' not in seen


def test_the_operator_may_open_metrics_to_every_address(env, db_url):
    env.setenv("ASZTAL_METRICS_OPEN", "1")
    with TestClient(make_app(db_url, None)) as c:
        assert "asztal_rooms" in c.get("/metrics").text


def test_health_and_readiness(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as c:
        assert c.get("/healthz").json() == {"status": "ok"}
        ready = c.get("/readyz")
        assert ready.status_code == 200 and ready.json() == {"status": "ready", "revision": HEAD}
        assert re.fullmatch(r"\d{4}", HEAD)
        with app.state.hub.storage.engine.begin() as conn:  # as an older release left it
            conn.execute(sa.text("UPDATE alembic_version SET version_num = '0007'"))
        refused(c.get("/readyz"), 503, "db_old")
        with app.state.hub.storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE alembic_version SET version_num = :v"), {"v": HEAD})
        app.state.hub.storage.engine.dispose()
        with app.state.hub.storage.engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE alembic_version"))
        refused(c.get("/readyz"), 503, "db_down")
