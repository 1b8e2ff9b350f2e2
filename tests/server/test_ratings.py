"""Rated games: chosen at creation, every human seat a logged-in player's, a bot strength a rated
player of its own; at the end each player's openskill rating for that game and player count moves
by the ranks of the final scores, once; the leaderboard and the player's profile show it."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from asztal.server.ratings import MODEL, ranks_of, shown
from tests.server.test_accounts import csrf, refused, register, rows
from tests.server.test_mail import make_app, move_until_others_turn


def test_ranks_share_places_on_equal_scores_and_the_winner_comes_first():
    assert ranks_of([10, 7, 7, 3]) == [1, 2, 2, 4]
    assert ranks_of([5.0, 9.0]) == [2, 1]
    assert ranks_of([5.0, 9.0], winners=[0]) == [1, 2]  # won by the game's own rule, not the score
    assert ranks_of([4, 4, 1], winners=[0, 1]) == [1, 1, 3]


def test_only_logged_in_humans_play_a_rated_game(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna, TestClient(app) as guest:
        register(anna, "Anna")
        refused(guest.post("/api/games", json={"game": "pax", "players": 2, "seat": 0, "rated": True}),
                403, "rated_account")
        refused(anna.post("/api/games", headers=csrf(anna), json={
            "game": "caboose", "players": 3, "seat": 0, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "bot": "normal"}]}), 400, "rated_bot_twice")
        refused(anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "rated": True}),
                400, "rated_seat")
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "rated": True})
        assert made.status_code == 201
        gid = made.json()["game"]["id"]
        refused(guest.post(f"/api/games/{gid}/join", json={}), 403, "rated_account")
        assert rows(app, "rated_games") == [{"game_id": gid, "applied": None}]


def test_a_rated_game_moves_both_ratings_once_and_the_leaderboard_and_profile_show_it(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app, client=("10.0.0.1", 5000)) as anna, TestClient(app, client=("10.0.0.2", 5000)) as bela:
        register(anna, "Anna")
        register(bela, "Bela")
        assert anna.get("/api/ratings/pax").json() == []
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "rated": True}).json()
        gid = made["game"]["id"]
        joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={}).json()
        tokens, clients = {0: made["token"], 1: joined["token"]}, {0: anna, 1: bela}
        to_move = anna.get(f"/api/games/{gid}").json()["to_move"]
        for _ in range(2000):
            last = move_until_others_turn(clients[to_move], gid, tokens[to_move], to_move)
            if last["is_over"]:
                break
            to_move = last["to_move"]
        assert last["is_over"]
        anna.portal.call(app.state.ratings.drain)
        bela.portal.call(app.state.ratings.drain)
        scores, winners = last["scores"], last["winners"]
        board = anna.get("/api/ratings/pax").json()
        assert sorted(r["username"] for r in board) == ["Anna", "Bela"]
        assert all(r["games"] == 1 and r["players"] == 2 for r in board)
        by_name = {r["username"]: r for r in board}
        names = ["Anna", "Bela"]
        # the same update openskill gives for these ranks
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]],
                              ranks=[float(r) for r in ranks_of(scores, winners)])
        for seat, name in enumerate(names):
            assert by_name[name]["rating"] == shown(expected[seat][0].mu, expected[seat][0].sigma)
            assert by_name[name]["wins"] == int(seat in winners)
        if len(winners) == 1:
            best = names[winners[0]]
            assert board[0]["username"] == best and board[0]["rating"] > board[1]["rating"]
            assert by_name[best]["win_rate"] == 1.0
        profile = bela.get("/api/players/bela").json()
        assert profile["username"] == "Bela" and len(profile["history"]) == 1
        assert profile["history"][0]["game_id"] == gid and profile["ratings"][0]["game"] == "pax"
        # rated once: a second call changes nothing
        assert app.state.ratings.rate(gid, "pax", scores, winners) is False
        assert len(rows(app, "rating_history")) == 2
        assert anna.get("/api/ratings/pax?players=3").json() == []
        refused(anna.get("/api/players/nincsilyen"), 404, "no_player")
        refused(anna.get("/api/ratings/sakk"), 404, "no_game")


def play_against_bots(c: TestClient, gid: str, token: str, seat: int) -> dict:
    """The seat's first legal move whenever it is to move, while the bots play theirs; the end."""
    with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        sent = None
        for _ in range(20000):
            msg = ws.receive_json()
            if msg["type"] == "error" and msg["code"] == "rate_limited" and sent is not None:
                time.sleep(0.2)
                ws.send_json(sent)
            elif msg["type"] == "state" and msg["is_over"]:
                return msg
            elif msg["type"] == "state" and msg["to_move"] == seat and msg["legal"] and (
                    sent is None or msg["seq"] > sent["seq"]):
                sent = {"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]}
                ws.send_json(sent)
    raise AssertionError("the game did not end")


def test_a_bot_seat_is_rated_as_a_player_of_its_own_and_the_human_moves_against_it(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as anna:
        register(anna, "Anna")
        made = anna.post("/api/games", headers=csrf(anna), json={
            "game": "pax", "players": 2, "seat": 0, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
        assert made.status_code == 201, made.text
        gid = made.json()["game"]["id"]
        last = play_against_bots(anna, gid, made.json()["token"], 0)
        anna.portal.call(app.state.ratings.drain)
        board = anna.get("/api/ratings/pax").json()
        by_who = {r["username"] or r["bot"]: r for r in board}
        assert set(by_who) == {"Anna", "greedy"}
        bot = by_who["greedy"]
        assert bot["username"] is None and bot["bot_name"] == {"hu": "Gép (mohó)", "en": "Bot (greedy)"}
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]],
                              ranks=[float(r) for r in ranks_of(last["scores"], last["winners"])])
        for seat, who in enumerate(["Anna", "greedy"]):
            assert by_who[who]["rating"] == shown(expected[seat][0].mu, expected[seat][0].sigma)
            assert by_who[who]["games"] == 1 and by_who[who]["wins"] == int(seat in last["winners"])
        assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
        # the bot is no account: no profile, no history; Anna's history has the game
        assert len(rows(app, "rating_history")) == 1
        assert anna.get("/api/players/Anna").json()["history"][0]["game_id"] == gid
        # the bot's own row, written once
        assert rows(app, "bot_ratings")[0]["games"] == 1
        assert app.state.ratings.rate(gid, "pax", last["scores"], last["winners"]) is False
