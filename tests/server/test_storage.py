"""Storage on SQLite and PostgreSQL: migrations, one writer per sequence number, hashed tokens."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import pytest
from sqlalchemy import inspect, text

from asztal.server.migrations import HEAD
from asztal.server.storage import Change, Conflict, Storage, now
from asztal.server.tokens import hash_secret, new_secret


def _game(storage: Storage, gid: str = "g1") -> str:
    stamp = now()
    storage.create_game(
        {"id": gid, "game": "pax", "version": "1", "players": 2, "seed": (1 << 62) + 5, "options": {"level": None},
         "public_options": {}, "status": "open", "private": False, "turn_timer": None, "grace": 60.0,
         "stand_in": "normal", "seq": 0, "to_move": 0, "result": None, "created": stamp, "updated": stamp},
        [{"seat": 0, "name": "Anna", "kind": "human", "bot": None, "token_hash": None, "invite_hash": None},
         {"seat": 1, "name": "Gép", "kind": "bot", "bot": "random", "token_hash": None, "invite_hash": None}])
    return gid


@pytest.mark.unmigrated  # an empty database: the migrations make the schema here
def test_migrations_create_the_schema_and_run_twice(db_url):
    storage = Storage(db_url)
    assert inspect(storage.engine).get_table_names() == []
    storage.migrate()
    storage.migrate()  # already at head: nothing to do
    names = set(inspect(storage.engine).get_table_names())
    assert {"games", "seats", "actions", "presence", "accounts", "sessions", "account_seats",
            "alembic_version"} <= names
    with storage.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010" == HEAD
    storage.close()


def test_the_named_head_is_the_scripts_head_and_a_database_there_loads_no_alembic(db_url):
    """``migrations.HEAD`` is what Alembic reads from the scripts (a new script that forgot it
    fails here), and a server starting on a database already at it does not load Alembic: the
    same migrate, run in a fresh process, leaves the module unimported."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("asztal.server") / "migrations"))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD
    code = ("import sys; from asztal.server.storage import Storage; s = Storage(sys.argv[1]); s.migrate(); "
            "s.close(); print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))")
    out = subprocess.run([sys.executable, "-c", code, db_url], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_each_sequence_number_is_taken_once(db_url):
    storage = Storage(db_url)
    storage.migrate()
    gid = _game(storage)
    storage.append(gid, Change(1, "act", "pass", 0, "human"), "running", 1, None)
    with pytest.raises(Conflict):
        storage.append(gid, Change(1, "act", "draw", 0, "human"), "running", 1, None)
    with pytest.raises(Conflict):  # a gap is refused too
        storage.append(gid, Change(3, "act", "draw", 0, "human"), "running", 1, None)
    storage.append(gid, Change(2, "undo", None, 0, "human"), "running", 0, None)
    assert [(c.seq, c.kind, c.code) for c in storage.changes(gid)] == [(1, "act", "pass"), (2, "undo", None)]
    assert storage.game_row(gid)["seq"] == 2 and storage.game_row(gid)["seed"] == (1 << 62) + 5
    storage.close()


def test_a_batch_keeps_its_free_changes_and_refuses_the_taken_one(db_url):
    """The group commit's one statement for a batch: when one change's number was taken, the
    others of the batch are still kept, each with its own game's row, and the taken one refused."""
    storage = Storage(db_url)
    storage.migrate()
    a, b, c = _game(storage, "ga"), _game(storage, "gb"), _game(storage, "gc")
    storage.append(b, Change(1, "act", "pass", 0, "human"), "running", 1, None)  # b's 1 is taken
    done = {"scores": [1.0, 2.0], "winners": [1]}
    outcomes = storage.append_batch([(a, Change(1, "act", "pass", 0, "human"), "running", 1, None, None),
                                     (b, Change(1, "act", "draw", 0, "human"), "running", 1, None, None),
                                     (c, Change(1, "act", "keep", 0, "bot"), "finished", None, done, None)])
    assert outcomes[0] is None and isinstance(outcomes[1], Conflict) and outcomes[2] is None
    assert [(ch.seq, ch.code) for ch in storage.changes(b)] == [(1, "pass")]
    assert [(ch.seq, ch.code, ch.by) for ch in storage.changes(c)] == [(1, "keep", "bot")]
    row = storage.game_row(c)
    assert (row["seq"], row["status"], row["to_move"], row["result"]) == (1, "finished", None, done)
    # a batch of free numbers only: every change kept at once
    assert storage.append_batch([(a, Change(2, "undo", None, 0, "human"), "running", 0, None, None),
                                 (b, Change(2, "act", "draw", 1, "human"), "running", 0, None, None)]) == [None, None]
    assert [ch.seq for ch in storage.changes(a)] == [1, 2] and storage.game_row(b)["seq"] == 2
    storage.close()


def test_tokens_are_kept_only_as_hashes(db_url):
    storage = Storage(db_url)
    storage.migrate()
    gid = _game(storage)
    token = new_secret()
    assert storage.take_seat(gid, 0, "Anna", hash_secret(token)) == "running"  # the last free seat
    with pytest.raises(Conflict):
        storage.take_seat(gid, 0, "Béla", hash_secret(new_secret()))
    assert storage.seat_of_token(gid, hash_secret(token)) == 0
    assert storage.seat_of_token(gid, hash_secret(token + "x")) is None
    with storage.engine.connect() as conn:
        dump = str(conn.execute(text("SELECT * FROM seats")).fetchall())
    assert token not in dump and hash_secret(token) in dump
    storage.close()


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path):
    storage = Storage(f"sqlite:///{tmp_path / 'w.db'}")
    storage.migrate()
    with storage.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    storage.close()


def test_unsupported_database_urls_are_refused():
    with pytest.raises(ValueError, match="unsupported database URL"):
        Storage("mysql://x")
