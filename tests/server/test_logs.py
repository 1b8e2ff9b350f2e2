"""``asztal serve --json-logs`` (or ``ASZTAL_JSON_LOGS=1``): the server's log lines are JSON objects."""

from __future__ import annotations

import json

import pytest

from tests.server.wire import Server


def records(text: str) -> list[dict]:
    """The log's JSON lines (the command's own address line is for a person, and stays text)."""
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_the_servers_log_lines_are_json_objects_with_the_flag(tmp_path, how):
    srv = Server(f"sqlite:///{tmp_path / 'asztal.db'}", tmp_path / "server.log",
                 args=["--json-logs"] if how == "flag" else [],
                 env={"ASZTAL_JSON_LOGS": "1"} if how == "environment" else {"ASZTAL_JSON_LOGS": ""}).start()
    srv.stop()
    found = records(srv.logfile.read_text())
    started = [r for r in found if r["message"].endswith(" serving")]
    assert len(started) == 1 and started[0]["level"] == "INFO" and started[0]["logger"] == "asztal.server"
    assert started[0]["database"].endswith("asztal.db") and started[0]["time"]


def test_without_the_flag_the_log_is_text(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'asztal.db'}", tmp_path / "server.log",
                 env={"ASZTAL_JSON_LOGS": ""}).start()
    srv.stop()
    assert records(srv.logfile.read_text()) == []
    assert "asztal: http://127.0.0.1" in srv.logfile.read_text()
