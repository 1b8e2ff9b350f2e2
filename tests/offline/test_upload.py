"""``POST /api/me/offline-games``: a game played offline kept in an account's history, only after
the server's own engine replays it to its end (server/offline_upload.py).

Each refusal is checked to change nothing (no game row, nothing in "my games"); the accepted
game is then listed as the account's finished game, replays frame by frame, gives out the same
record it was sent and is not rated.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from asztal import games
from asztal.offline.session import Session
from asztal.server.app import Settings, create_app
from asztal.server.offline_upload import MAX_ACTIONS, UPLOADS_PER_HOUR
from tests.server.wire import db_fixture

PASSWORD = "jó hosszú jelszó 1"
ROUTE = "/api/me/offline-games"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    url, drop = db_fixture(request.param, tmp_path, migrated=request.node.get_closest_marker("unmigrated") is None)
    yield url
    drop()


@pytest.fixture
def client(monkeypatch, db_url):
    monkeypatch.setenv("ASZTAL_ARGON2_MEMORY_KIB", "1024")
    monkeypatch.setenv("ASZTAL_ARGON2_TIME", "1")
    monkeypatch.setenv("ASZTAL_REGISTRATIONS_PER_HOUR", "1000")
    app = create_app(Settings(db_url=db_url, workers=1, bot_time=0.05, render_workers=0))
    with TestClient(app) as c:
        yield c


def log_in(c: TestClient, username: str) -> dict[str, str]:
    """A new account, logged in on ``c``; the CSRF header its changes carry."""
    r = c.post("/api/account/register", json={"username": username, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def played(game: str, seats: list[dict], options: dict, seed: int, finish: bool = True) -> dict:
    """What the offline page uploads: the ``Session`` it played (random moves for the human, the
    bots' own moves for the bots), to the end or ten decisions short of it."""
    session = Session.new(game, seats, 0, seed=seed, options=options, bot_time=0.01)
    rng = random.Random(seed)
    while not session.state.is_over:
        if session.bot_step() is not None:
            continue
        if not finish and len(session.state.history) >= 10:
            break
        legal = session.state.legal_actions()
        session.handle({"type": "act", "code": legal[rng.randrange(len(legal))].code, "seq": session.seq})
    saved = session.saved()
    return {"record": saved["record"], "seats": [{"kind": s["kind"], "bot": s["bot"]} for s in saved["seats"]],
            "seat": 0}


SOLO = [{"kind": "human", "name": ""}]


def refused(r, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert detail["code"] == code and detail["hu"] and detail["en"] and detail["hu"] != detail["en"], detail


def my_games(c: TestClient) -> list[dict]:
    r = c.get("/api/me/games")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_finished_game_is_replayed_kept_and_listed(client):
    csrf = log_in(client, "utazó")
    body = played("pocketciv", SOLO, {}, 31)
    r = client.post(ROUTE, json=body, headers=csrf)
    assert r.status_code == 201, r.text
    info = r.json()["game"]
    state = games.replay(body["record"])
    assert info["status"] == "finished" and info["game"] == "pocketciv"
    assert info["scores"] == [float(x) for x in state.scores()] and info["winners"] == list(state.winners())
    assert info["seats"][0]["name"] == "utazó"
    mine = my_games(client)
    assert [(g["game"]["id"], g["state"], g["seat"]) for g in mine] == [(info["id"], "finished", 0)]
    # the record given out is the one sent; every frame of the replay draws
    rec = client.get(f"/api/games/{info['id']}/record").json()["record"]
    assert rec["actions"] == body["record"]["actions"] and rec["seed"] == body["record"]["seed"]
    last = client.post("/api/replay/frame", json={"game_id": info["id"], "step": len(rec["actions"]), "lang": "hu"})
    assert last.status_code == 200 and last.json()["is_over"], last.text
    shown = client.get(f"/api/games/{info['id']}")
    assert shown.status_code == 200 and shown.json()["status"] == "finished", shown.text
    # unrated: nothing in the profile's rating history
    profile = client.get("/api/players/utazó").json()
    assert profile["history"] == []


def test_a_game_against_bots_names_who_moved(client):
    csrf = log_in(client, "vonaton")
    body = played("pax", [{"kind": "human", "name": ""}, {"kind": "bot", "bot": "easy"}], {}, 5)
    r = client.post(ROUTE, json=body, headers=csrf)
    assert r.status_code == 201, r.text
    info = r.json()["game"]
    assert [(s["kind"], s["bot"]) for s in info["seats"]] == [("human", None), ("bot", "easy")]
    changes = client.app.state.hub.storage.changes(info["id"])
    assert [c.code for c in changes] == body["record"]["actions"]
    assert {c.by for c in changes} == {"human", "bot"}
    assert all(c.by == ("bot" if c.seat == 1 else "human") for c in changes)


def test_the_same_game_twice_is_a_duplicate(client):
    csrf = log_in(client, "kétszer")
    body = played("pax", SOLO, {"level": 1}, 8)
    assert client.post(ROUTE, json=body, headers=csrf).status_code == 201
    refused(client.post(ROUTE, json=body, headers=csrf), 409, "upload_duplicate")
    client.post("/api/account/logout", headers=csrf)
    other = log_in(client, "másik")
    refused(client.post(ROUTE, json=body, headers=other), 409, "upload_duplicate")
    assert my_games(client) == []


@pytest.mark.parametrize("tamper", ["illegal_action", "other_version", "other_seed", "unknown_game", "seats",
                                    "bot_as_human"])
def test_a_record_that_does_not_replay_is_refused(client, tamper):
    csrf = log_in(client, "hamis")
    body = played("pax", SOLO, {"level": 1}, 9)
    rec = body["record"]
    expected = (400, "upload_replay")
    if tamper == "illegal_action":
        rec["actions"][3] = "nincs-ilyen-lépés"
    elif tamper == "other_version":
        rec["version"] = "999"
    elif tamper == "other_seed":  # the same moves in another deal: somewhere one is not legal
        rec["seed"] += 1
    elif tamper == "unknown_game":
        rec["game"] = "sakk"
        expected = (400, "bad_request")
    elif tamper == "seats":
        body["seats"].append({"kind": "bot", "bot": "easy"})
        expected = (400, "upload_seats")
    else:
        body["seats"] = [{"kind": "bot", "bot": "easy"}]
        expected = (400, "upload_seats")
    r = client.post(ROUTE, json=body, headers=csrf)
    refused(r, *expected)
    if tamper in ("illegal_action", "other_version"):
        assert r.json()["detail"]["hu"] != "hibás kérés"  # the engine's reason is told
    assert my_games(client) == []


def test_an_unfinished_game_is_refused(client):
    csrf = log_in(client, "félúton")
    body = played("pocketciv", SOLO, {}, 3, finish=False)
    refused(client.post(ROUTE, json=body, headers=csrf), 409, "upload_unfinished")
    assert my_games(client) == []


def test_bounds_login_csrf_and_rate(client):
    body = played("pax", SOLO, {"level": 1}, 12)
    refused(client.post(ROUTE, json=body), 401, "not_logged_in")
    csrf = log_in(client, "korlát")
    refused(client.post(ROUTE, json=body), 403, "csrf")
    big = {**body, "record": {**body["record"], "actions": ["x"] * (MAX_ACTIONS + 1)}}
    r = client.post(ROUTE, json=big, headers=csrf)
    assert r.status_code == 422 and r.json()["detail"]["hu"], r.text
    huge = {**body, "record": {**body["record"], "actions": ["x" * 150] * 20_000}}
    assert client.post(ROUTE, json=huge, headers=csrf).status_code == 413
    assert my_games(client) == []
    unfinished = played("pax", SOLO, {"level": 1}, 13, finish=False)
    for _ in range(UPLOADS_PER_HOUR):
        assert client.post(ROUTE, json=unfinished, headers=csrf).status_code == 409
    refused(client.post(ROUTE, json=body, headers=csrf), 429, "rate_limited")
