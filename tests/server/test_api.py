"""The REST lobby: meta, create, list, join, record, refusals and the rate limit."""

from __future__ import annotations

import jsonschema
import pytest
from fastapi.testclient import TestClient

from asztal import games
from asztal.server.app import Settings, create_app
from tests.server.wire import SCHEMAS


def game_ok(info):
    jsonschema.validate(info, SCHEMAS["Game"])
    return info


def test_meta_lists_every_game_with_options_packs_and_bots(server):
    meta = server.api("GET", "/api/meta").json()
    names = [g["name"] for g in meta["games"]]
    assert names[:3] == ["pax", "pocketciv", "caboose"]
    pax = meta["games"][0]
    assert (pax["min_players"], pax["max_players"]) == (1, 4)
    level = next(o for o in pax["options"] if o["name"] == "level")
    assert level["values"] == [1, 2, 3, 4, 5] and level["players"] == [1] and level["hu"] and level["en"]
    assert [p["name"] for p in pax["packs"]] == ["reconstructed"]
    assert {b["name"] for b in meta["bots"]} == {"easy", "normal", "hard", "random", "greedy"}
    assert meta["games"][1]["title"]["hu"] == "Civilizációk Hajnala"


def test_create_gives_the_creator_a_token_and_an_invite_per_free_seat(server):
    made = server.create(game="pax", players=3, seats=[{"kind": "human", "name": "Anna"}], seat=0,
                         options={"start": 0})
    info = game_ok(made["game"])
    assert info["status"] == "open" and info["options"] == {"start": 0}
    assert len(made["token"]) >= 43  # 256 bits, URL-safe base64
    assert [i["seat"] for i in made["invites"]] == [1, 2]
    inv = made["invites"][0]
    assert inv["url"].endswith(f"/?join={info['id']}&seat=1&invite={inv['invite']}")
    assert "seed" not in info and made["token"] not in str(info)
    assert server.api("GET", f"/api/games/{info['id']}").json()["seats"][0]["name"] == "Anna"


@pytest.mark.parametrize("body, says", [
    ({"game": "chess"}, "no game called 'chess'"),
    ({"game": "pax", "players": 7}, "1-4"),
    ({"game": "caboose", "players": 2}, "3-5"),
    ({"game": "pax", "players": 1, "options": {"level": 9}}, "level"),
    ({"game": "pax", "players": 2, "options": {"colour": "red"}}, "no such option: colour"),
    ({"game": "pax", "players": 2, "options": {"pack": "/etc/passwd"}}, "unknown pack"),
    ({"game": "pocketciv", "players": 1, "options": {"map": "../../x.json"}}, "unknown map"),
    ({"game": "pax", "players": 2, "seats": [{"kind": "bot"}], "seat": 0}, "human seat"),
    ({"game": "pax", "players": 1, "seats": [{"kind": "human"}, {"kind": "human"}]}, "more seats"),
])
def test_bad_games_are_refused_with_a_reason(server, body, says):
    r = server.api("POST", "/api/games", json=body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert says in detail["en"] and detail["hu"] and detail["code"] == "bad_request"


def test_malformed_bodies_are_422(server):
    assert server.api("POST", "/api/games", json={"game": "pax", "seats": [{"kind": "alien"}]}).status_code == 422
    assert server.api("POST", "/api/games", json={"game": "pax", "extra": 1}).status_code == 422
    assert server.api("POST", "/api/games", content=b"{").status_code == 422


def test_join_fills_free_seats_and_refuses_a_full_game(server):
    made = server.create(game="pax", players=2)
    gid = made["game"]["id"]
    assert made["token"] is None
    a = server.api("POST", f"/api/games/{gid}/join", json={"name": "Anna", "seat": 1})
    assert a.status_code == 200 and a.json()["seat"] == 1
    assert server.api("POST", f"/api/games/{gid}/join", json={"seat": 1}).json()["detail"]["code"] == "seat_taken"
    b = server.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"})
    assert b.json()["seat"] == 0 and game_ok(b.json()["game"])["status"] == "running"
    assert a.json()["token"] != b.json()["token"]
    full = server.api("POST", f"/api/games/{gid}/join", json={})
    assert full.status_code == 409 and full.json()["detail"]["code"] == "full"
    assert server.api("POST", "/api/games/nope/join", json={}).status_code == 404


def test_a_private_game_needs_the_seats_invite(server):
    made = server.create(game="pax", players=2, seat=0, private=True)
    gid, inv = made["game"]["id"], made["invites"][0]
    # without an invite a private game is not even there; with a wrong one it is refused
    assert server.api("POST", f"/api/games/{gid}/join", json={}).status_code == 404
    assert server.api("POST", f"/api/games/{gid}/join", json={"invite": "x" * 43}).status_code == 403
    ok = server.api("POST", f"/api/games/{gid}/join", json={"invite": inv["invite"]})
    assert ok.status_code == 200 and ok.json()["seat"] == inv["seat"]


def test_list_filters_by_status(server):
    open_id = server.create(game="pax", players=2)["game"]["id"]
    running_id = server.create(game="pax", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                               seat=0)["game"]["id"]
    opened = {g["id"] for g in server.api("GET", "/api/games?status=open").json()}
    running = {g["id"] for g in server.api("GET", "/api/games?status=running").json()}
    assert open_id in opened and open_id not in running and running_id in running
    for g in server.api("GET", "/api/games").json():
        game_ok(g)
    assert server.api("GET", "/api/games?status=lost").status_code == 422


def test_a_running_games_record_is_never_given_out(server):
    gid = server.create(game="pax", players=2, seat=0)["game"]["id"]
    r = server.api("GET", f"/api/games/{gid}/record")
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not_finished"
    assert server.api("GET", "/api/games/nope/record").status_code == 404


def test_a_finished_games_record_replays(server):
    made = server.create(game="pax", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2)
    gid = made["game"]["id"]
    with server.sock(gid) as spec:
        end = spec.until("state", lambda m: m["is_over"], timeout=120)
    rec = server.api("GET", f"/api/games/{gid}/record").json()
    assert rec["seats"][0]["kind"] == "bot"
    state = games.replay(rec["record"])
    assert state.view(None) == end["view"] and len(state.history) == end["seq"]


def test_create_and_join_are_rate_limited_per_address(tmp_path):
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'r.db'}", rate_per_minute=3, workers=1))
    with TestClient(app) as client:
        codes = [client.post("/api/games", json={"game": "pax", "players": 2}).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        r = client.post("/api/games", json={"game": "pax", "players": 2})
        assert r.json()["detail"]["code"] == "rate_limited"
        assert client.get("/api/games").status_code == 200  # reading is not limited


def test_root_serves_a_page(server):
    r = server.api("GET", "/")
    assert r.status_code == 200 and "asztal" in r.text
    assert server.api("GET", "/openapi.json").json()["paths"]["/api/games"]


def test_concurrent_joins_always_start_the_game(db_url, tmp_path):
    """Joins racing for the last free seats: every full game is ``running`` (SQLite and PostgreSQL)."""
    from tests.server.wire import Server, join_race

    srv = Server(db_url, tmp_path / "race.log").start()
    try:
        join_race([srv], 20)
    finally:
        srv.stop()
