"""A change of rules version never strands a stored game (docs/formats/records.md, issues 29, 33).

``tests/fixtures/rules_v2/server.db`` and ``tests/fixtures/rules_v3/server.db`` were made by
``asztal serve`` under PocketCiv rules versions 2 and 3 (their ``make.py``): a running solo
PocketCiv game, a running PAX game and a finished PocketCiv game. Today's server (PocketCiv
rules version 4) must start on each, keep every row as it is, go on with the PAX game, show the
finished game and refuse the running PocketCiv game, when someone opens or joins it, with a
message naming both versions.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.wire import Server

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NOW = "4"  # PocketCiv's rules version today


def _rows(db: Path) -> dict[str, tuple]:
    with sqlite3.connect(db) as conn:
        return {r[0]: r[1:] for r in conn.execute("SELECT id, game, version, status, seq FROM games")}


@pytest.fixture(scope="module", params=["2", "3"])
def old_db(request, tmp_path_factory):
    """The server on a copy of the database of rules version ``v``: (server, db, rows, v)."""
    v = request.param
    tmp = tmp_path_factory.mktemp(f"rules_v{v}")
    db = tmp / "server.db"
    shutil.copy(FIXTURES / f"rules_v{v}" / "server.db", db)
    rows = _rows(db)
    srv = Server(f"sqlite:///{db}", tmp / "server.log").start()
    yield srv, db, rows, v
    srv.stop()


def _ids(rows, game, status):
    return next(i for i, r in rows.items() if r[0] == game and r[2] == status)


def test_the_server_starts_on_an_older_database_and_keeps_every_game(old_db):
    srv, db, rows, v = old_db
    assert sorted((r[0], r[1], r[2]) for r in rows.values()) == [
        ("pax", "1", "running"), ("pocketciv", v, "finished"), ("pocketciv", v, "running")]
    listed = {g["id"]: g["status"] for g in srv.api("GET", "/api/games").json()}
    assert listed == {i: r[2] for i, r in rows.items()}
    assert _rows(db) == rows  # nothing rewritten
    log = srv.logfile.read_text()
    assert f"is not resumed: made under rules version {v}; this program plays version {NOW}" in log


def test_a_running_older_game_is_refused_naming_the_version(old_db):
    srv, db, rows, v = old_db
    gid = _ids(rows, "pocketciv", "running")
    r = srv.api("POST", f"/api/games/{gid}/join", json={"name": "Anna"})
    assert r.status_code == 409
    body = r.json()["detail"]
    assert body["code"] == "other_rules"
    assert f"made under rules version {v}; this program plays version {NOW}" in body["en"]
    assert f"a {v}. szabályváltozattal készült; ez a program a {NOW}. változatot játssza" in body["hu"]
    assert " / " not in body["en"] and "version" not in body["hu"]
    with srv.sock(gid, lang="en") as s:
        err = s.until("error")
        assert err["code"] == "other_rules" and f"rules version {v}" in err["en"] and f"{v}. szabály" in err["hu"]
        with pytest.raises(ConnectionClosed) as e:
            s.recv(5)
        assert e.value.rcvd.code == 4410
    assert srv.api("GET", f"/api/games/{gid}").json()["status"] == "running"
    assert _rows(db) == rows


def test_other_games_of_the_database_go_on(old_db):
    """The PAX game (its rules version unchanged) is resumed and still playable by its seat."""
    srv, db, rows, v = old_db
    gid = _ids(rows, "pax", "running")
    with srv.sock(gid) as s:
        st = s.until("state")
        assert st["seq"] == rows[gid][3] and not st["is_over"]


def test_a_finished_older_game_is_shown_and_its_replay_refused_naming_the_version(old_db):
    srv, db, rows, v = old_db
    gid = _ids(rows, "pocketciv", "finished")
    info = srv.api("GET", f"/api/games/{gid}").json()
    assert info["status"] == "finished" and info["game"] == "pocketciv"
    record = srv.api("GET", f"/api/games/{gid}/record").json()["record"]
    assert record["version"] == v and len(record["actions"]) == rows[gid][3]
    r = srv.api("POST", "/api/replay/frame", json={"game_id": gid, "step": 1, "lang": "hu"})
    assert r.status_code == 400
    body = r.json()["detail"]
    assert f"made under rules version {v};" in body["en"] and f"version {NOW}" in body["en"]
    assert f"a {v}. szabályváltozattal készült" in body["hu"] and f"a {NOW}. változatot" in body["hu"]
    # the join, the socket and the replay tell it in the same words
    assert "version" not in body["hu"] and "a(z)" not in body["hu"]
