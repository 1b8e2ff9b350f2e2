"""Test helpers: a real ``asztal serve`` process, a WebSocket client that checks every message
against the JSON Schemas of docs/protocol.md, and PostgreSQL databases made per test."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
ASZTAL = str(Path(sys.executable).with_name("asztal"))
PG_URL = os.environ.get("ASZTAL_TEST_PG")  # postgresql+psycopg://user:pw@127.0.0.1:5432/db (role with CREATEDB)
needs_pg = pytest.mark.skipif(not PG_URL, reason="ASZTAL_TEST_PG is not set: no PostgreSQL to test against "
                                                  "(.ci/run starts one and sets it)")


def _schemas() -> dict[str, dict[str, Any]]:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    found = {}
    for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
        if '"$schema"' in block:
            schema = json.loads(block)
            found[schema["title"]] = schema
    return found


SCHEMAS = _schemas()


def _validators() -> dict[str, jsonschema.protocols.Validator]:
    """One validator per schema, each schema checked against its metaschema once here:
    ``jsonschema.validate`` checks the schema again at every call (about 5 ms of a message's
    6), and a socket test receives thousands of messages."""
    out = {}
    for title, schema in SCHEMAS.items():
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        out[title] = cls(schema)
    return out


VALIDATORS = _validators()


def check_message(msg: dict[str, Any]) -> None:
    """Raise if ``msg`` does not match the schema docs/protocol.md gives for its type."""
    VALIDATORS[msg["type"]].validate(msg)


def patched_board(board: str, patch: list[list[Any]]) -> str:
    """A ``board_patch`` applied as docs/protocol.md says a client applies it."""
    pieces = board.split(">")
    for start, end, text in reversed(patch):
        pieces[start:end] = [] if text is None else text.split(">")
    return ">".join(pieces)


def whole_state(held: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """A ``state`` with its view and board whole, from the one received and the whole one
    before it on the same socket (a client's work: a view or board left out is unchanged)."""
    out = dict(msg)
    if "view" not in msg:
        assert held is not None, "a first state without its view"
        view = dict(held["view"])
        if "view_patch" in msg:
            view.update(msg["view_patch"]["set"])
            for k in msg["view_patch"]["drop"]:
                view.pop(k)
        out["view"] = view
    out.pop("view_patch", None)
    if "board" not in msg and held is not None and "board" in held:
        out["board"] = patched_board(held["board"], msg["board_patch"]) if "board_patch" in msg else held["board"]
    out.pop("board_patch", None)
    return out


#: one HTTP client for these helpers' requests: a client made per request (``httpx.get``) loads
#: the TLS certificates each time, about 20 ms of CPU, and a server start asks every 0.1 s. As
#: with a client per request, each request stands alone: no connection is kept (tests kill
#: servers and start them again on the same port) and no cookie is kept (a cookie jar that
#: accepts none). httpx's client may be shared by threads (``join_race``).
HTTP = httpx.Client(timeout=30, limits=httpx.Limits(max_keepalive_connections=0),
                    cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[])))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``asztal serve`` as a real process in its own process group (so a kill takes its bot workers)."""

    def __init__(self, db: str, log: Path, env: dict[str, str] | None = None, bot_time: float = 0.05,
                 args: list[str] | None = None, port: int | None = None) -> None:
        self.db, self.logfile, self.bot_time, self.args = db, log, bot_time, list(args or [])
        # every client of a test comes from loopback: accounts of one address may play a rated
        # game together here (test_rated_play.py tests the refusal)
        self.env = {**os.environ, "ASZTAL_RATE_PER_MINUTE": "100000",
                    "ASZTAL_REQUESTS_PER_MINUTE": "1000000", "ASZTAL_FRAMES_PER_MINUTE": "1000000",
                    "ASZTAL_RATED_SHARED_ADDRESS": "1", **(env or {})}
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        out = open(self.logfile, "a")
        self.proc = subprocess.Popen([ASZTAL, "serve", "--port", str(self.port), "--db", self.db,
                                      "--bot-time", str(self.bot_time), *self.args],
                                     stdout=out, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        out.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.logfile.read_text()[-2000:]}")
            try:
                if HTTP.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.logfile.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the server and its bot workers: a crash, no chance to clean up."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def api(self, method: str, path: str, **kw) -> httpx.Response:
        return HTTP.request(method, self.url + path, **kw)

    def create(self, **body) -> dict[str, Any]:
        r = self.api("POST", "/api/games", json=body)
        assert r.status_code == 201, r.text
        return r.json()

    def sock(self, game_id: str, token: str | None = None, lang: str = "hu") -> Sock:
        q = f"?lang={lang}" + (f"&token={token}" if token else "")
        return Sock(connect(f"{self.ws_url}/ws/games/{game_id}{q}", open_timeout=20, max_size=1 << 24,
                            close_timeout=2))


class Sock:
    """A WebSocket client that validates and keeps every message it receives, each ``state``
    made whole (its view and board patched onto the previous one's, as the browser does)."""

    def __init__(self, opening) -> None:
        self._opening = opening
        self.ws = opening.__enter__()
        self.msgs: list[dict[str, Any]] = []
        self.last_state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []  # the log as the client holds it (log_start, log applied)

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        check_message(msg)
        if msg["type"] == "state":
            msg = whole_state(self.last_state, msg)
            self.last_state = msg
            del self.log[msg["log_start"]:]
            self.log += msg["log"]
            assert [e["i"] for e in self.log] == list(range(len(self.log)))
        self.msgs.append(msg)
        return msg

    def until(self, kind: str, pred=lambda m: True, timeout: float = 30) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, end - time.monotonic()))
            if msg["type"] == kind and pred(msg):
                return msg

    def state_at_least(self, seq: int, timeout: float = 30) -> dict[str, Any]:
        if self.last_state is not None and self.last_state["seq"] >= seq:
            return self.last_state
        return self.until("state", lambda m: m["seq"] >= seq, timeout)

    def send(self, **msg) -> None:
        VALIDATORS["client message"].validate(msg)
        self.ws.send(json.dumps(msg))

    def act(self, code: str, seq: int, timeout: float = 30) -> dict[str, Any]:
        """Make a move at machine speed and return the state after it. The server allows a
        socket about 10 moves a second (docs/protocol.md): that limit is time, so a move it
        refused as ``rate_limited`` is sent again a moment later (nothing changed meanwhile)."""
        end = time.monotonic() + timeout
        self.send(type="act", code=code, seq=seq)
        while True:
            msg = self.recv(max(0.01, end - time.monotonic()))
            if msg["type"] == "state" and msg["seq"] > seq:
                return msg
            if msg["type"] == "error":
                if msg["code"] != "rate_limited":
                    raise AssertionError(f"move {code} at {seq} refused: {msg}")
                time.sleep(0.2)
                self.send(type="act", code=code, seq=seq)

    def send_raw(self, text: str) -> None:
        self.ws.send(text)

    def close(self) -> None:
        self._opening.__exit__(None, None, None)

    def __enter__(self) -> Sock:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _schema_stamp() -> str:
    """A name part that changes whenever a migration script does (a template made by older
    scripts is never cloned)."""
    import hashlib

    scripts = sorted((ROOT / "src" / "asztal" / "server" / "migrations").rglob("*.py"))
    digest = hashlib.sha256()
    for path in scripts:
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:12]


_SQLITE_TEMPLATE: Path | None = None


def fresh_sqlite(path: Path) -> str:
    """The URL of a new SQLite database at ``path`` with the schema already at the newest
    revision: a copy of one this process migrated once (migrating a new file is about 0.5 s of
    CPU, and the suite starts a server on a new database some two hundred times). What a server
    does on a database that it migrates itself, or on an older revision's, is tested where it
    matters (``test_storage.py``, ``test_rules_versions.py``, the tests marked ``unmigrated``)."""
    import atexit
    import shutil
    import tempfile

    global _SQLITE_TEMPLATE
    if _SQLITE_TEMPLATE is None:
        from asztal.server.storage import Storage

        folder = tempfile.mkdtemp(prefix="asztal-schema-")
        atexit.register(shutil.rmtree, folder, True)  # the process's template goes with it
        made = Path(folder) / f"head-{_schema_stamp()}.db"
        storage = Storage(f"sqlite:///{made}")
        storage.migrate()
        storage.close()
        _SQLITE_TEMPLATE = made
    shutil.copyfile(_SQLITE_TEMPLATE, path)
    return f"sqlite:///{path}"


def _pg_template(conn, base: str) -> str:
    """The name of a PostgreSQL database migrated to the newest revision, made once for the
    cluster (under the caller's advisory lock); older ones are dropped."""
    import psycopg

    name = "asztal_tpl_" + _schema_stamp()
    have = {r[0] for r in conn.execute("SELECT datname FROM pg_database WHERE datname LIKE 'asztal_tpl_%'")}
    if name in have:
        return name
    for old in have:
        conn.execute(f"DROP DATABASE IF EXISTS {old} WITH (FORCE)")
    conn.execute(f"CREATE DATABASE {name}")
    from asztal.server.storage import Storage

    head, _, _ = PG_URL.rpartition("/")
    storage = Storage(f"{head}/{name}")
    try:
        storage.migrate()
    except Exception:
        storage.close()
        with psycopg.connect(base, autocommit=True) as again:
            again.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        raise
    storage.close()
    return name


def pg_database(migrated: bool = False) -> tuple[str, callable]:
    """A fresh PostgreSQL database for one test, and a function that drops it; ``migrated``:
    a clone of one whose schema is at the newest revision (as ``fresh_sqlite``)."""
    import psycopg

    base = PG_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    name = "asztal_t_" + secrets.token_hex(5)
    with psycopg.connect(base, autocommit=True) as conn:
        # one CREATE DATABASE at a time across the test workers: two at once can find the
        # template in use by the other and fail (seen once under load); the session's advisory
        # lock is released when the connection closes
        conn.execute("SELECT pg_advisory_lock(7263)")
        template = f" TEMPLATE {_pg_template(conn, base)}" if migrated else ""
        for attempt in range(5):
            try:
                conn.execute(f"CREATE DATABASE {name}{template}")
                break
            except psycopg.errors.ObjectInUse:  # the template held by autovacuum for a moment
                if attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))
    head, _, _ = PG_URL.rpartition("/")

    def drop() -> None:
        # FORCE ends the test's own sessions; an autovacuum worker in the new database belongs
        # to the superuser, whom this role may not end, and leaves within moments: retried
        with psycopg.connect(base, autocommit=True) as conn:
            for attempt in range(10):
                try:
                    conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                    return
                except (psycopg.errors.InsufficientPrivilege, psycopg.errors.ObjectInUse):
                    if attempt == 9:
                        raise
                    time.sleep(0.2 * (attempt + 1))

    return f"{head}/{name}", drop


def db_fixture(kind: str, tmp_path: Path, migrated: bool = True):
    """(url, cleanup) for ``kind`` "sqlite" or "postgresql": a new database, its schema at the
    newest revision unless ``migrated`` is False (then empty: the server migrates it)."""
    if kind == "sqlite":
        if not migrated:
            return f"sqlite:///{tmp_path / 'asztal.db'}", lambda: None
        return fresh_sqlite(tmp_path / "asztal.db"), lambda: None
    if not PG_URL:
        pytest.skip("ASZTAL_TEST_PG is not set: no PostgreSQL to test against (.ci/run starts one and sets it)")
    return pg_database(migrated=migrated)


def join_race(servers, n: int) -> None:
    """``n`` three-player games, each with its two free seats joined at the same moment (through
    ``servers`` in turn): every game ends up running, with every seat taken."""
    import threading

    gids = []
    for _ in range(n):
        made = servers[0].create(game="pax", players=3, seat=0, seats=[{"kind": "human"}] * 3)
        gids.append(made["game"]["id"])
    results: list[int] = []

    def join(srv, gid, barrier, body):
        barrier.wait()
        results.append(srv.api("POST", f"/api/games/{gid}/join", json=body).status_code)

    for g, gid in enumerate(gids):
        barrier = threading.Barrier(2)
        # half the games: each join names its seat (the last two free ones); half: any free seat
        bodies = [{"seat": 1}, {"seat": 2}] if g % 2 == 0 else [{}, {}]
        threads = [threading.Thread(target=join, args=(servers[i % len(servers)], gid, barrier, bodies[i]))
                   for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert results.count(200) == 2 * n, results
    for gid in gids:
        for srv in servers:
            info = srv.api("GET", f"/api/games/{gid}").json()
            assert info["status"] == "running" and all(s["taken"] for s in info["seats"]), info
