"""What keeps a rating honest: no hints and no takebacks while a rated game runs (refused with a
reason in both languages, and the socket says the game is rated), turn timers of 12 hours or more,
a seat the stand-in played for more than its share counts as a loss, an account deleted during the
game forfeits it, and two accounts of one network address do not play a rated game together."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.ratings import MODEL, RATED_MIN_TIMER
from asztal.server.storage import actions_table
from tests.server.test_accounts import PASSWORD, csrf, refused, register, rows
from tests.server.test_mail import make_app

ANNA, BELA, CILI = ("10.0.0.1", 5000), ("10.0.0.2", 5000), ("10.0.0.3", 5000)


def rated_pair(app, anna: TestClient, bela: TestClient, **more) -> tuple[str, dict[int, str]]:
    made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                            "rated": True, **more})
    assert made.status_code == 201, made.text
    gid = made.json()["game"]["id"]
    joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={})
    assert joined.status_code == 200, joined.text
    return gid, {0: made.json()["token"], 1: joined.json()["token"]}


def test_a_rated_game_refuses_hints_and_takebacks_and_says_so(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna:
        register(anna, "Anna")
        made = anna.post("/api/games", headers=csrf(anna), json={
            "game": "pax", "players": 2, "seat": 0, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
        gid, token = made["game"]["id"], made["token"]
        with anna.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            hello = ws.receive_json()
            assert hello["type"] == "hello" and hello["rated"] is True
            moved = None
            while True:
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                assert msg["can_undo"] is False  # the page offers no takeback
                if msg["to_move"] == 0 and msg["legal"]:
                    if moved is None:
                        ws.send_json({"type": "hint"})
                        while (err := ws.receive_json())["type"] != "error":
                            assert err["type"] != "hint"
                        assert err["code"] == "rated_no_hint" and "tipp" in err["hu"] and "hint" in err["en"]
                        moved = msg["seq"]
                        ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
                    elif msg["seq"] > moved:
                        break  # the bot replied: Anna is to move again
            ws.send_json({"type": "undo", "seq": msg["seq"]})
            while (err := ws.receive_json())["type"] != "error":
                pass
            assert err["code"] == "rated_no_undo" and err["hu"] and err["en"]
        assert all(a["kind"] == "act" for a in rows(app, "actions"))


def test_a_game_that_is_not_rated_still_answers_a_hint(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna:
        made = anna.post("/api/games", json={"game": "pocketciv", "players": 1, "seat": 0}).json()
        with anna.websocket_connect(f"/ws/games/{made['game']['id']}?token={made['token']}") as ws:
            assert ws.receive_json()["rated"] is False
            ws.send_json({"type": "hint"})
            while (msg := ws.receive_json())["type"] not in ("hint", "error"):
                pass
            assert msg["type"] == "hint", msg


def test_a_rated_turn_timer_is_12_hours_or_more(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna:
        register(anna, "Anna")
        body = {"game": "pax", "players": 2, "seat": 0, "rated": True}
        for short in (1, 600, RATED_MIN_TIMER - 1):
            refused(anna.post("/api/games", headers=csrf(anna), json={**body, "turn_timer": short}),
                    400, "rated_timer")
        for fine in (RATED_MIN_TIMER, 3 * 86400):
            assert anna.post("/api/games", headers=csrf(anna), json={**body, "turn_timer": fine}).status_code == 201
        assert anna.post("/api/games", headers=csrf(anna), json=body).status_code == 201  # no timer at all
        # an unrated game keeps its live timers
        assert anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "turn_timer": 1}).status_code == 201


def _stored_moves(app, gid: str, moves: list[tuple[int, str]]) -> None:
    """Action rows as a game with these (seat, by) moves stored them (only who played is read)."""
    stamp = dt.datetime.now(dt.UTC)
    with app.state.hub.storage.engine.begin() as conn:
        conn.execute(sa.insert(actions_table), [{"game_id": gid, "seq": n + 1, "kind": "act", "code": "x",
                                                 "seat": seat, "by": by, "at": stamp}
                                                for n, (seat, by) in enumerate(moves)])


def test_a_seat_the_stand_in_played_too_much_of_counts_as_a_loss(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=BELA) as bela:
        register(anna, "Anna")
        register(bela, "Bela")
        gid, _ = rated_pair(app, anna, bela)
        # Béla's seat: 1 move of his own, 3 by the stand-in (75% > the default 25%); Anna's all hers
        _stored_moves(app, gid, [(0, "human"), (1, "stand_in"), (0, "human"), (1, "stand_in"),
                                 (0, "human"), (1, "stand_in"), (0, "human"), (1, "human")])
        assert app.state.ratings.rate(gid, "pax", [3.0, 9.0], [1]) is True  # Béla "won" on the board
        by_name = {r["username"]: r for r in anna.get("/api/ratings/pax").json()}
        assert by_name["Anna"]["wins"] == 1 and by_name["Bela"]["wins"] == 0
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 2.0])
        assert by_name["Anna"]["mu"] == round(expected[0][0].mu, 3)
        assert by_name["Anna"]["rating"] > by_name["Bela"]["rating"]


def test_a_seat_the_stand_in_played_within_its_share_is_rated_by_the_board(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=BELA) as bela:
        register(anna, "Anna")
        register(bela, "Bela")
        gid, _ = rated_pair(app, anna, bela)
        _stored_moves(app, gid, [(0, "human"), (1, "stand_in")] + [(0, "human"), (1, "human")] * 3)
        assert app.state.ratings.rate(gid, "pax", [3.0, 9.0], [1]) is True
        by_name = {r["username"]: r for r in anna.get("/api/ratings/pax").json()}
        assert by_name["Bela"]["wins"] == 1 and by_name["Bela"]["rating"] > by_name["Anna"]["rating"]


def test_a_game_nobody_won_gives_no_win_and_ranks_by_the_score(env, db_url):
    """PAX when Rome wins and nobody holds Primus Conspiratus (PAX-Q-06): no winner. The scores
    still order the places for the rating, but no one is credited with a win."""
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=BELA) as bela:
        register(anna, "Anna")
        register(bela, "Bela")
        gid, _ = rated_pair(app, anna, bela)
        assert app.state.ratings.rate(gid, "pax", [3.0, 9.0], []) is True
        by_name = {r["username"]: r for r in anna.get("/api/ratings/pax").json()}
        assert by_name["Anna"]["wins"] == 0 and by_name["Bela"]["wins"] == 0
        assert by_name["Anna"]["games"] == 1 and by_name["Bela"]["games"] == 1
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2.0, 1.0])
        assert by_name["Bela"]["mu"] == round(expected[1][0].mu, 3)
        assert [h["won"] for h in bela.get("/api/players/Bela").json()["history"]] == [False]


def test_deleting_an_account_during_a_rated_game_forfeits_it(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=BELA) as bela:
        register(anna, "Anna")
        register(bela, "Bela")
        gid, _ = rated_pair(app, anna, bela)
        assert bela.post("/api/account/delete", headers=csrf(bela), json={"password": PASSWORD}).status_code == 204
        # Béla was ahead when he left: the game is rated all the same, and Anna wins it
        assert app.state.ratings.rate(gid, "pax", [3.0, 9.0], [1]) is True
        board = anna.get("/api/ratings/pax").json()
        assert [(r["username"], r["games"], r["wins"]) for r in board] == [("Anna", 1, 1)]
        assert board[0]["mu"] > MODEL.mu
        assert [h["won"] for h in anna.get("/api/players/Anna").json()["history"]] == [True]


def test_two_accounts_of_one_address_do_not_play_a_rated_game_together(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=ANNA) as twin, \
            TestClient(app, client=CILI) as cili, TestClient(app, client=BELA) as bela:
        register(anna, "Anna")
        register(twin, "Masik")  # registered from Anna's address
        register(cili, "Cili")
        register(bela, "Bela")
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "rated": True}).json()
        gid = made["game"]["id"]
        refused(twin.post(f"/api/games/{gid}/join", headers=csrf(twin), json={}), 403, "rated_same_address")
        # registered elsewhere, but at Anna's address now (her login sent from there)
        at_anna = TestClient(app, client=ANNA)
        with at_anna:
            at_anna.post("/api/account/login", json={"username": "Cili", "password": PASSWORD})
            refused(at_anna.post(f"/api/games/{gid}/join", headers=csrf(at_anna), json={}), 403,
                    "rated_same_address")
        # an unrated game from one address is fine; a rated one from another address too
        plain = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0}).json()
        assert twin.post(f"/api/games/{plain['game']['id']}/join", headers=csrf(twin), json={}).status_code == 200
        assert bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={}).status_code == 200
        assert len(rows(app, "rated_addresses")) == 2
        assert all(len(r["address_hash"]) == 64 and "10.0.0" not in r["address_hash"]
                   for r in rows(app, "rated_addresses"))


def test_the_operator_may_let_one_address_play_rated_games_together(env, db_url):
    env.setenv("ASZTAL_RATED_SHARED_ADDRESS", "1")  # a club behind one router
    app = make_app(db_url, None)
    with TestClient(app, client=ANNA) as anna, TestClient(app, client=ANNA) as twin:
        register(anna, "Anna")
        register(twin, "Masik")
        rated_pair(app, anna, twin)
