"""A change of rules version never strands a stored game (docs/formats/records.md, issue 29).

``tests/fixtures/rules_v2/server.db`` was made by ``asztal serve`` under PocketCiv rules
version 2 (``tests/fixtures/rules_v2/make.py``): a running solo PocketCiv game, a running PAX
game and a finished PocketCiv game. Today's server (PocketCiv rules version 3) must start on
it, keep every row as it is, go on with the PAX game, show the finished game and refuse the
running PocketCiv game, when someone opens or joins it, with a message naming both versions.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.wire import Server

V2 = Path(__file__).resolve().parents[1] / "fixtures" / "rules_v2"


def _rows(db: Path) -> dict[str, tuple]:
    with sqlite3.connect(db) as conn:
        return {r[0]: r[1:] for r in conn.execute("SELECT id, game, version, status, seq FROM games")}


@pytest.fixture(scope="module")
def old_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rules_v2")
    db = tmp / "server.db"
    shutil.copy(V2 / "server.db", db)
    rows = _rows(db)
    srv = Server(f"sqlite:///{db}", tmp / "server.log").start()
    yield srv, db, rows
    srv.stop()


def _ids(rows, game, status):
    return next(i for i, r in rows.items() if r[0] == game and r[2] == status)


def test_the_server_starts_on_a_version_2_database_and_keeps_every_game(old_db):
    srv, db, rows = old_db
    assert sorted((r[0], r[1], r[2]) for r in rows.values()) == [
        ("pax", "1", "running"), ("pocketciv", "2", "finished"), ("pocketciv", "2", "running")]
    listed = {g["id"]: g["status"] for g in srv.api("GET", "/api/games").json()}
    assert listed == {i: r[2] for i, r in rows.items()}
    assert _rows(db) == rows  # nothing rewritten
    log = srv.logfile.read_text()
    assert "is not resumed: made under rules version 2; this program plays version 3" in log


def test_a_running_version_2_game_is_refused_naming_the_version(old_db):
    srv, db, rows = old_db
    gid = _ids(rows, "pocketciv", "running")
    r = srv.api("POST", f"/api/games/{gid}/join", json={"name": "Anna"})
    assert r.status_code == 409
    body = r.json()["detail"]
    assert body["code"] == "other_rules"
    assert "made under rules version 2; this program plays version 3" in body["en"]
    assert "a 2. szabályváltozattal készült; ez a program a 3. változatot játssza" in body["hu"]
    assert " / " not in body["en"] and "version" not in body["hu"]
    with srv.sock(gid, lang="en") as s:
        err = s.until("error")
        assert err["code"] == "other_rules" and "rules version 2" in err["en"] and "2. szabály" in err["hu"]
        with pytest.raises(ConnectionClosed) as e:
            s.recv(5)
        assert e.value.rcvd.code == 4410
    assert srv.api("GET", f"/api/games/{gid}").json()["status"] == "running"
    assert _rows(db) == rows


def test_other_games_of_the_database_go_on(old_db):
    """The PAX game (its rules version unchanged) is resumed and still playable by its seat."""
    srv, db, rows = old_db
    gid = _ids(rows, "pax", "running")
    with srv.sock(gid) as s:
        st = s.until("state")
        assert st["seq"] == rows[gid][3] and not st["is_over"]


def test_a_finished_version_2_game_is_shown_and_its_replay_refused_naming_the_version(old_db):
    srv, db, rows = old_db
    gid = _ids(rows, "pocketciv", "finished")
    info = srv.api("GET", f"/api/games/{gid}").json()
    assert info["status"] == "finished" and info["game"] == "pocketciv"
    record = srv.api("GET", f"/api/games/{gid}/record").json()["record"]
    assert record["version"] == "2" and len(record["actions"]) == rows[gid][3]
    r = srv.api("POST", "/api/replay/frame", json={"game_id": gid, "step": 1, "lang": "hu"})
    assert r.status_code == 400
    body = r.json()["detail"]
    assert "made under rules version 2;" in body["en"] and "version 3" in body["en"]
    assert "a 2. szabályváltozattal készült" in body["hu"] and "a 3. változatot" in body["hu"]
    # the join, the socket and the replay tell it in the same words
    assert "version" not in body["hu"] and "a(z)" not in body["hu"]
