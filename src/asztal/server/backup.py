"""``asztal backup``: a consistent copy of the server's database, taken while it runs, and the
restore of the SQL-level export (``docs/operations.md`` says how to restore each kind).

- SQLite: the library's online backup API copies the database page by page into a new SQLite
  file; writers wait only for each step, and the copy is of one moment (WAL included).
- PostgreSQL with ``pg_dump`` on the PATH: a plain SQL dump (one snapshot, ``--no-owner``),
  restored with ``psql -v ON_ERROR_STOP=1 -d URL -f FILE`` into an empty database.
- PostgreSQL without ``pg_dump``: every table read in one REPEATABLE READ transaction (one
  snapshot) and written as JSON with the schema's Alembic revision; ``asztal backup --restore``
  loads it into an empty database (schema made to that revision, the rows, then the newer
  migrations).

The action log is the truth of every game, so a restored database resumes each game at the
last move the backup holds.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, insert, select, text
from sqlalchemy.engine import Engine, make_url

from asztal.server.storage import make_engine, migrate

#: the first line of an SQL-level export (what ``restore`` reads)
FORMAT = "asztal-backup-1"


def take(url: str, target: Path, tool: str | None = "pg_dump") -> str:
    """Back the database at ``url`` up into ``target`` (a new file); how it was taken:
    ``sqlite``, ``pg_dump`` or ``sql``. ``tool``: the pg_dump to use (None: the SQL-level export)."""
    if url.startswith("sqlite"):
        source = make_url(url).database
        if not source:
            raise ValueError("an SQLite URL names its file: sqlite:///FILE")
        src, dst = sqlite3.connect(source), sqlite3.connect(target)
        try:
            with dst:
                src.backup(dst)
        finally:
            src.close()
            dst.close()
        return "sqlite"
    found = shutil.which(tool) if tool else None
    if found is not None:
        libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        subprocess.run([found, "--no-owner", "--no-privileges", "--format=plain", f"--file={target}",
                        f"--dbname={libpq}"], check=True, capture_output=True)
        return "pg_dump"
    engine = make_engine(url)
    try:
        _export(engine, target)
    finally:
        engine.dispose()
    return "sql"


def _export(engine: Engine, target: Path) -> None:
    meta = MetaData()
    with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
        meta.reflect(conn)
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        tables = {t.name: [{k: _encode(v) for k, v in r.items()} for r in conn.execute(select(t)).mappings()]
                  for t in meta.sorted_tables if t.name != "alembic_version"}
    with open(target, "x", encoding="utf-8") as f:
        f.write(FORMAT + "\n")
        json.dump({"revision": revision, "tables": tables}, f, ensure_ascii=False)


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return {"$time": value.isoformat()}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"$time"}:
        return dt.datetime.fromisoformat(value["$time"])
    return value


def restore(url: str, source: Path) -> int:
    """Load an SQL-level export into the empty database at ``url``; the rows loaded."""
    with open(source, encoding="utf-8") as f:
        if f.readline().strip() != FORMAT:
            raise ValueError("not an asztal SQL-level backup (pg_dump's and SQLite's are restored as "
                             "docs/operations.md says)")
        data = json.load(f)
    engine = make_engine(url)
    try:
        migrate(engine, data["revision"])  # the schema the rows were taken from
        meta = MetaData()
        loaded = 0
        with engine.begin() as conn:
            meta.reflect(conn)
            for table in meta.sorted_tables:
                rows = data["tables"].get(table.name) or []
                if rows:
                    conn.execute(insert(table), [{k: _decode(v) for k, v in r.items()} for r in rows])
                    loaded += len(rows)
                if conn.dialect.name == "postgresql" and "id" in table.c and rows and \
                        isinstance(rows[0].get("id"), int):  # the next number of a serial key
                    conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                      f"(SELECT max(id) FROM {table.name}))"))
        migrate(engine)  # and the migrations newer than the backup
        return loaded
    finally:
        engine.dispose()
