"""Moderation: a mute or block kept on the server for the account (the muted player's chat is
never sent to the muter's sockets; a blocked player's invitations never arrive), a report of a
chat line, and an operator (given the role by ``asztal admin grant``) who reads the reports,
hides the line from everyone, bans the writer and closes the game, each action in the audit."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from asztal.cli.admin import admin_commands
from tests.server.test_accounts import PASSWORD, csrf, register, rows
from tests.server.test_mail import make_app
from tests.server.wire import Server, needs_pg, pg_database


def until(ws, kind: str) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != kind:
        pass
    return msg


def table(anna: TestClient, bela: TestClient) -> tuple[str, str, str]:
    """A two-player PAX game of Anna's and Béla's accounts: (game, Anna's token, Béla's token)."""
    made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                              "turn_timer": 86400})
    assert made.status_code == 201, made.text
    gid = made.json()["game"]["id"]
    joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={})
    assert joined.status_code == 200, joined.text
    return gid, made.json()["token"], joined.json()["token"]


def test_a_muted_players_chat_is_never_sent_to_the_muters_sockets(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela:
        register(anna, "Anna")
        register(bela, "Béla")
        gid, a_token, b_token = table(anna, bela)
        r = bela.post("/api/moderation/mute", headers=csrf(bela), json={"username": "anna"})
        assert r.status_code == 204, r.text
        assert bela.get("/api/moderation/muted").json() == [{"username": "Anna", "blocked": False}]
        # both sockets through one client (one event loop); which account reads is the seat's
        with anna.websocket_connect(f"/ws/games/{gid}?token={a_token}") as wa, \
                anna.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            until(wa, "state")
            until(wb, "state")
            wa.send_json({"type": "chat", "text": "szia"})
            assert until(wa, "chat")["n"] == 1  # the writer sees their own line
            wb.send_json({"type": "chat", "text": "hallo"})
            # lines reach the sockets in order: Béla's first chat message is his own second line
            assert (until(wb, "chat")["n"], until(wa, "chat")["n"]) == (2, 2)
        # another device of Béla's (a fresh socket): the history leaves Anna's line out too
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            assert [m["n"] for m in until(wb, "chat_history")["lines"]] == [2]
        # Béla watching without his seat's token: the session cookie says who reads
        with bela.websocket_connect(f"/ws/games/{gid}") as watching:
            assert [m["n"] for m in until(watching, "chat_history")["lines"]] == [2]
        r = bela.post("/api/moderation/unmute", headers=csrf(bela), json={"username": "Anna"})
        assert r.status_code == 204
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            assert [m["n"] for m in until(wb, "chat_history")["lines"]] == [1, 2]


def test_the_chats_mute_names_a_line_and_mutes_its_writers_account(env, db_url):
    """The page knows a line, not the account behind its seat: muting by line mutes that account
    (as ``/mute`` does by name) and answers who it was, so the page can offer to undo it."""
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela:
        register(anna, "Anna")
        register(bela, "Béla")
        gid, a_token, b_token = table(anna, bela)
        with anna.websocket_connect(f"/ws/games/{gid}?token={a_token}") as wa:
            until(wa, "state")
            wa.send_json({"type": "chat", "text": "szia"})
            assert until(wa, "chat")["n"] == 1
        r = bela.post("/api/moderation/mute-line", headers=csrf(bela), json={"game_id": gid, "n": 1})
        assert r.status_code == 200, r.text
        assert r.json() == {"username": "Anna", "blocked": False}
        assert bela.get("/api/moderation/muted").json() == [{"username": "Anna", "blocked": False}]
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            until(wb, "state")
            wb.send_json({"type": "chat", "text": "hallo"})
            assert until(wb, "chat")["n"] == 2
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            assert [m["n"] for m in until(wb, "chat_history")["lines"]] == [2]
        assert bela.post("/api/moderation/mute-line", headers=csrf(bela),
                         json={"game_id": gid, "n": 3}).json()["detail"]["code"] == "no_line"
        assert anna.post("/api/moderation/mute-line", headers=csrf(anna),
                         json={"game_id": gid, "n": 1}).json()["detail"]["code"] == "not_yourself"


def test_the_account_says_whether_it_is_an_operator(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as olga:
        register(olga, "Olga")
        assert olga.get("/api/account").json()["operator"] is False
        assert app.state.moderation.grant("Olga")
        assert olga.get("/api/account").json()["operator"] is True


def test_a_blocked_players_invitations_never_arrive(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela:
        register(anna, "Anna")
        register(bela, "Béla")
        assert bela.post("/api/moderation/mute", headers=csrf(bela),
                         json={"username": "Anna", "block": True}).status_code == 204
        gid = anna.post("/api/games", headers=csrf(anna),
                        json={"game": "pax", "players": 2, "seat": 0}).json()["game"]["id"]
        r = anna.post(f"/api/games/{gid}/invite", headers=csrf(anna), json={"username": "Béla"})
        assert (r.status_code, r.json()) == (200, {"seat": 1, "username": "Béla"})  # the usual answer
        assert bela.get("/api/me/invitations").json() == [] and rows(app, "seat_invites") == []


def test_an_operator_reads_the_report_hides_the_line_bans_the_writer_and_closes_the_game(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as cili:
        register(anna, "Anna")
        register(bela, "Béla")
        register(cili, "Cili")
        gid, a_token, b_token = table(anna, bela)
        with anna.websocket_connect(f"/ws/games/{gid}?token={a_token}") as wa:
            until(wa, "state")
            wa.send_json({"type": "chat", "text": "csúnya szó"})
            until(wa, "chat")
        r = bela.post("/api/moderation/reports", headers=csrf(bela), json={"game_id": gid, "n": 1, "reason": "sértő"})
        assert r.status_code == 201, r.text
        assert bela.post("/api/moderation/reports", headers=csrf(bela),
                         json={"game_id": gid, "n": 9}).json()["detail"]["code"] == "no_line"
        # nobody is an operator until the command line says so
        for path in ("/api/admin/reports", "/api/admin/audit"):
            assert cili.get(path).json()["detail"]["code"] == "not_operator"
        assert cili.post(f"/api/admin/games/{gid}/close", headers=csrf(cili), json={}).status_code == 403
        out = CliRunner().invoke(admin_commands("en"), ["grant", "cili", "--db", db_url])
        assert out.exit_code == 0 and "cili is an operator now" in out.output, out.output
        out = CliRunner().invoke(admin_commands("hu"), ["grant", "senki", "--db", db_url])
        assert out.exit_code != 0 and "senki" in str(out.exception)
        (report,) = cili.get("/api/admin/reports").json()
        assert (report["text"], report["author"], report["reporter"], report["reason"]) == \
            ("csúnya szó", "Anna", "Béla", "sértő")
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb, \
                bela.websocket_connect(f"/ws/games/{gid}?token={a_token}") as wa:
            assert [m["n"] for m in until(wb, "chat_history")["lines"]] == [1]
            until(wa, "state")
            assert cili.post(f"/api/admin/games/{gid}/chat/1/hide", headers=csrf(cili),
                             json={"reason": "sértő"}).status_code == 204
            assert until(wb, "chat_hidden")["n"] == 1  # the page takes it away from everyone
            # the ban ends Anna's sessions and her seat's socket, and refuses her login in both languages
            assert cili.post("/api/admin/accounts/Anna/ban", headers=csrf(cili),
                             json={"reason": "sértő"}).status_code == 204
            assert until(wa, "error")["code"] == "token_replaced"
            assert cili.post(f"/api/admin/games/{gid}/close", headers=csrf(cili), json={}).status_code == 204
            closed = until(wb, "error")
            assert closed["code"] == "game_closed" and closed["hu"] and closed["en"]
        assert anna.get("/api/account").status_code == 401
        r = anna.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        assert r.status_code == 403 and r.json()["detail"]["code"] == "banned"
        assert "letiltotta" in r.json()["detail"]["hu"] and "banned" in r.json()["detail"]["en"]
        with bela.websocket_connect(f"/ws/games/{gid}?token={b_token}") as wb:
            until(wb, "state")
            wb.send_json({"type": "act", "code": "x", "seq": 0})
            assert until(wb, "error")["code"] == "game_over"
        assert [r["status"] for r in rows(app, "games")] == ["finished"]
        shown = bela.get(f"/api/games/{gid}").json()
        assert (shown["status"], shown["closed"], shown["winners"]) == ("finished", True, None)
        assert cili.post(f"/api/admin/reports/{report['id']}/close", headers=csrf(cili)).status_code == 204
        assert cili.get("/api/admin/reports").json() == []
        actions = [(a["operator"], a["action"], a["target"]) for a in cili.get("/api/admin/audit").json()]
        assert actions == [("Cili", "close_report", str(report["id"])), ("Cili", "close_game", gid),
                           ("Cili", "ban", "Anna"), ("Cili", "hide", f"{gid}/1"), (None, "grant", "cili")]


@needs_pg
def test_a_mute_made_on_one_instance_reaches_the_muters_socket_on_the_other(tmp_path):
    url, drop = pg_database()
    cheap = {"ASZTAL_ARGON2_MEMORY_KIB": "1024", "ASZTAL_ARGON2_TIME": "1", "ASZTAL_REGISTRATIONS_PER_HOUR": "100"}
    a = Server(url, tmp_path / "a.log", env=cheap).start()
    b = Server(url, tmp_path / "b.log", env=cheap).start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as anna, httpx.Client(base_url=a.url, timeout=30) as bela:
            for c, name in ((anna, "Anna"), (bela, "Béla")):
                assert c.post("/api/account/register", json={"username": name, "password": PASSWORD}).status_code == 201
            gid, a_token, b_token = table(anna, bela)
            with a.sock(gid, a_token) as wa, b.sock(gid, b_token) as wb:
                wa.until("state")
                wb.until("state")
                # Béla mutes Anna through instance a; his socket is open on instance b
                assert bela.post("/api/moderation/mute", headers=csrf(bela),
                                 json={"username": "Anna"}).status_code == 204
                wa.send(type="chat", text="szia")
                assert wa.until("chat")["n"] == 1
                wb.send(type="chat", text="hallo")
                assert wb.until("chat")["n"] == 2  # Anna's line never reached him
    finally:
        a.stop()
        b.stop()
        drop()


def test_an_operator_lists_the_bans_lifts_one_and_is_told_what_cannot_be_done(env, db_url):
    """The operator's page lists the banned accounts to lift a ban; lifting one that is not there,
    or closing a game that is unknown or already over, changes nothing and says why in both languages."""
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as cili:
        register(anna, "Anna")
        register(bela, "Béla")
        register(cili, "Cili")
        assert app.state.moderation.grant("Cili")
        gid, _, _ = table(anna, bela)
        assert cili.get("/api/admin/bans").json() == []
        assert bela.get("/api/admin/bans").json()["detail"]["code"] == "not_operator"
        r = cili.post("/api/admin/accounts/Anna/unban", headers=csrf(cili), json={"reason": "tévedés"})
        assert (r.status_code, r.json()["detail"]["code"]) == (409, "not_banned")
        assert r.json()["detail"]["hu"] == "ez a játékos nincs kitiltva" and "not banned" in r.json()["detail"]["en"]
        r = cili.post("/api/admin/accounts/Anna/ban", headers=csrf(cili), json={"reason": "sértő"})
        assert r.status_code == 204, r.text
        (ban,) = cili.get("/api/admin/bans").json()
        assert (ban["username"], ban["reason"]) == ("Anna", "sértő") and ban["created"].endswith(("Z", "+00:00"))
        r = anna.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        assert r.json()["detail"]["code"] == "banned"
        r = cili.post("/api/admin/accounts/anna/unban", headers=csrf(cili), json={"reason": "tévedés"})
        assert r.status_code == 204, r.text
        assert cili.get("/api/admin/bans").json() == []
        assert anna.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 200
        r = cili.post("/api/admin/games/nincsilyen/close", headers=csrf(cili), json={})
        assert (r.status_code, r.json()["detail"]["code"]) == (404, "no_game")
        assert cili.post(f"/api/admin/games/{gid}/close", headers=csrf(cili), json={}).status_code == 204
        r = cili.post(f"/api/admin/games/{gid}/close", headers=csrf(cili), json={"reason": "még egyszer"})
        assert (r.status_code, r.json()["detail"]["code"]) == (409, "game_over")
        actions = [(a["action"], a["target"], a["detail"]) for a in cili.get("/api/admin/audit").json()]
        assert actions == [("close_game", gid, ""), ("unban", "anna", "tévedés"), ("ban", "Anna", "sértő"),
                           ("grant", "Cili", "")]
