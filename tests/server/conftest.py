"""Server fixtures: a real ``asztal serve`` on SQLite shared by a module, and databases per test."""

from __future__ import annotations

import pytest

from tests.server.smtp import SmtpServer
from tests.server.wire import Server, db_fixture, fresh_sqlite


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("server")
    srv = Server(fresh_sqlite(tmp / "asztal.db"), tmp / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    url, drop = db_fixture(request.param, tmp_path, migrated=request.node.get_closest_marker("unmigrated") is None)
    yield url
    drop()


@pytest.fixture
def env(monkeypatch):
    """Accounts: cheap Argon2 parameters (the hash is still Argon2id) and roomy limits, unless a
    test lowers one."""
    monkeypatch.setenv("ASZTAL_ARGON2_MEMORY_KIB", "1024")
    monkeypatch.setenv("ASZTAL_ARGON2_TIME", "1")
    monkeypatch.setenv("ASZTAL_LOGINS_PER_MINUTE", "1000")
    monkeypatch.setenv("ASZTAL_LOGIN_FAILURES", "1000")
    monkeypatch.setenv("ASZTAL_REGISTRATIONS_PER_HOUR", "1000")
    return monkeypatch


@pytest.fixture
def smtp():
    """A real SMTP server on loopback that keeps what it receives (``tests/server/smtp.py``)."""
    with SmtpServer() as server:
        yield server
