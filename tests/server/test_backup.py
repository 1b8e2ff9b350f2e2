"""``asztal backup``: a backup taken while a game is played restores to a server that resumes the
game exactly where the backup left it (SQLite's online backup; PostgreSQL's pg_dump restored
with psql, and the SQL-level export restored by ``asztal backup --restore``)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import typer
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from asztal.cli.admin import backup_command
from asztal.server.backup import take
from tests.server.test_chat_limits import solo
from tests.server.test_mail import make_app
from tests.server.wire import pg_database

#: what a fresh socket's first state says of the game, compared before and after the restore
SAME = ("seq", "status", "to_move", "legal", "view", "log", "board", "panels")


def state(ws) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != "state":
        pass
    return msg


def play(ws, first: dict[str, Any], moves: int) -> dict[str, Any]:
    """``moves`` moves of the solo seat, each its first legal choice; the last state."""
    msg = first
    for _ in range(moves):
        ws.send_json({"type": "act", "code": msg["legal"][0]["code"], "seq": msg["seq"]})
        while (msg := state(ws))["to_move"] != 0 or not msg["legal"]:
            pass
    return msg


def cli() -> typer.Typer:
    """``asztal backup`` alone, in English."""
    app = typer.Typer()
    app.command()(backup_command("en"))
    return app


def backup_cli(db_url: str, target: Path, *more: str) -> str:
    out = CliRunner().invoke(cli(), [str(target), "--db", db_url, *more])
    assert out.exit_code == 0, (out.output, out.exception)
    return out.output


def resumes(url: str, gid: str, token: str, then: dict[str, Any]) -> None:
    """A server on ``url`` shows the game as it was at the backup, and takes its next move."""
    with TestClient(make_app(url, None)) as c, c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        now = state(ws)
        assert then["view"] and then["legal"] and then["log"]  # a whole state, compared by what it holds
        assert {k: now.get(k) for k in SAME} == {k: then.get(k) for k in SAME}
        ws.send_json({"type": "act", "code": now["legal"][0]["code"], "seq": now["seq"]})
        assert state(ws)["seq"] == now["seq"] + 1


def test_a_backup_taken_mid_game_restores_to_a_server_that_resumes_it(env, db_url, tmp_path):
    app = make_app(db_url, None)
    backups = []
    with TestClient(app) as c:
        gid, token = solo(c)
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            play(ws, state(ws), 3)
            if db_url.startswith("sqlite"):
                said = backup_cli(db_url, tmp_path / "copy.db")
                assert "SQLite's online backup" in said
                backups.append(("sqlite", tmp_path / "copy.db"))
            else:
                assert take(db_url, tmp_path / "dump.sql") == "pg_dump"
                assert take(db_url, tmp_path / "export.json", tool=None) == "sql"
                backups += [("pg_dump", tmp_path / "dump.sql"), ("sql", tmp_path / "export.json")]
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            at_backup = state(ws)  # a fresh socket's first state: the whole of it
            later = play(ws, at_backup, 2)  # the server goes on after the backup
            assert later["seq"] == at_backup["seq"] + 2 == 5
    # an existing file is never overwritten
    out = CliRunner().invoke(cli(), [str(backups[0][1]), "--db", db_url])
    assert out.exit_code != 0 and "not overwritten" in str(out.exception)
    for how, path in backups:
        if how == "sqlite":
            resumes(f"sqlite:///{path}", gid, token, at_backup)
            continue
        url, drop = pg_database()
        try:
            if how == "pg_dump":
                libpq = url.replace("postgresql+psycopg://", "postgresql://", 1)
                subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-d", libpq, "-f", str(path)], check=True,
                               capture_output=True)
            else:
                assert "Restored" in backup_cli(url, path, "--restore")
            resumes(url, gid, token, at_backup)
        finally:
            drop()

