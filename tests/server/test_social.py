"""Inviting a friend by username: the seat is kept for that account, shows in its lobby, is taken
without the invite link (a private game's too), and nobody else can take it."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.server.test_accounts import csrf, make_app, refused, register, rows


def test_a_friend_invited_by_name_finds_the_seat_in_the_lobby_and_takes_it(env, db_url):
    app = make_app(db_url)
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as cili, TestClient(app) as guest:
        register(anna, "Anna")
        register(bela, "Béla")
        register(cili, "Cili")
        made = anna.post("/api/games", headers=csrf(anna), json={
            "game": "caboose", "players": 3, "seat": 0, "private": True, "turn_timer": 86400,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
        assert made.status_code == 201, made.text
        gid = made.json()["game"]["id"]
        # only a player of the game invites, with the CSRF token; an unknown name, or one already at the
        # table, gets the answer a real invitation gets, and nothing is kept
        refused(cili.post(f"/api/games/{gid}/invite", headers=csrf(cili), json={"username": "béla"}),
                403, "not_a_player")
        refused(anna.post(f"/api/games/{gid}/invite", json={"username": "béla"}), 403, "csrf")
        for name in ("nincsilyen", "anna"):
            r = anna.post(f"/api/games/{gid}/invite", headers=csrf(anna), json={"username": name})
            assert (r.status_code, r.json()) == (200, {"seat": 1, "username": name})
        assert rows(app, "seat_invites") == []
        r = anna.post(f"/api/games/{gid}/invite", headers=csrf(anna), json={"username": "BÉLA"})
        assert (r.status_code, r.json()) == (200, {"seat": 1, "username": "BÉLA"})
        refused(anna.post(f"/api/games/{gid}/invite", headers=csrf(anna), json={"username": "Cili"}),
                409, "no_free_seat")
        (inv,) = bela.get("/api/me/invitations").json()
        assert (inv["seat"], inv["by"], inv["game"]["id"]) == (1, "Anna", gid)
        assert cili.get("/api/me/invitations").json() == []
        # nobody else takes the kept seat, even with its invite link; without the link the private game is unseen
        link = next(i["invite"] for i in made.json()["invites"] if i["seat"] == 1)
        refused(guest.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": link}), 409, "seat_kept")
        refused(guest.post(f"/api/games/{gid}/join", json={"invite": link}), 409, "full")  # none left for a guest
        refused(cili.post(f"/api/games/{gid}/join", headers=csrf(cili), json={"seat": 1}), 404, "no_game")
        joined = bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        assert joined.json()["game"]["status"] == "running"
        assert bela.get("/api/me/invitations").json() == [] and rows(app, "seat_invites") == []
        (mine,) = bela.get("/api/me/games").json()
        assert mine["game"]["id"] == gid and mine["seat"] == 1


def test_invitations_are_limited_per_account(env, db_url):
    env.setenv("ASZTAL_INVITES_PER_HOUR", "3")
    app = make_app(db_url)
    with TestClient(app) as anna:
        register(anna, "Anna")
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0}).json()
        answers = [anna.post(f"/api/games/{made['game']['id']}/invite", headers=csrf(anna),
                             json={"username": f"valaki{n}"}).status_code for n in range(5)]
        assert answers == [200, 200, 200, 429, 429]


def test_a_kept_seat_is_listed_as_reserved_and_kept_for_a_day_at_most(env, db_url):
    app = make_app(db_url)
    with TestClient(app) as anna, TestClient(app) as bela, TestClient(app) as stranger:
        register(anna, "Anna")
        register(bela, "Bela")
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0}).json()
        gid = made["game"]["id"]
        assert [s["reserved"] for s in stranger.get(f"/api/games/{gid}").json()["seats"]] == [False, False]
        anna.post(f"/api/games/{gid}/invite", headers=csrf(anna), json={"username": "Bela"})
        # the lobby says the seat is not for anyone: the game lists no seat a stranger could take
        for info in (stranger.get(f"/api/games/{gid}").json(),
                     next(g for g in stranger.get("/api/games").json() if g["id"] == gid)):
            assert [(s["taken"], s["reserved"]) for s in info["seats"]] == [(True, False), (False, True)]
        refused(stranger.post(f"/api/games/{gid}/join", json={}), 409, "full")
        # a day later the seat is anyone's again
        with app.state.hub.storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE seat_invites SET created = :t"), {"t": "2020-01-01 00:00:00+00:00"})
        assert stranger.get(f"/api/games/{gid}").json()["seats"][1]["reserved"] is False
        assert bela.get("/api/me/invitations").json() == []
        assert stranger.post(f"/api/games/{gid}/join", json={}).status_code == 200
