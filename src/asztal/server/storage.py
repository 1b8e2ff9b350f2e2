"""Storage: games, seats and the append-only action log, in SQLite or PostgreSQL.

One schema for both (``migrations/``, applied with Alembic at start). The action log is the
truth: a game's state is its setup replayed through its rows in ``seq`` order (an ``undo``
row takes back the last ``act`` still standing). ``(game_id, seq)`` is the primary key, so
the database orders each game's changes: of two instances racing for the same ``seq``
exactly one commits. An accepted change is committed here before anyone is told of it.

The methods are synchronous (SQLAlchemy Core); the hub calls them from worker threads.
"""

from __future__ import annotations

import datetime as dt
import json
import queue
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from importlib import resources
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.pool import ConnectionPoolEntry

from asztal.server.migrations import HEAD

metadata = MetaData()

games_table = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("version", String(20), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),        # what new_game was given (pack as a path)
    Column("public_options", JSON, nullable=False),  # what the creator chose (pack as a name)
    Column("status", String(16), nullable=False, index=True),
    Column("private", Boolean, nullable=False, default=False),
    Column("turn_timer", Float, nullable=True),
    # when the seat to move runs out of time (a human's turn in a timed game), stored with the move
    # that began the turn, so a restart or another instance keeps the same deadline
    Column("turn_deadline", DateTime(timezone=True), nullable=True, index=True),
    Column("grace", Float, nullable=False),
    Column("stand_in", String(40), nullable=False),
    Column("seq", Integer, nullable=False, default=0),
    Column("to_move", Integer, nullable=True),
    Column("result", JSON, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("watch_hash", String(64), nullable=True),  # a private game's watch link (hash)
)

seats_table = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(80), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("bot", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("invite_hash", String(64), nullable=True),
)

actions_table = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, ...: the change that made the game's seq this
    Column("kind", String(8), nullable=False),  # "act" or "undo"
    Column("code", Text, nullable=True),
    Column("seat", Integer, nullable=True),
    Column("by", String(16), nullable=False),  # human, bot, stand_in
    Column("at", DateTime(timezone=True), nullable=False),
)

presence_table = Table(
    "presence", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("instance", String(32), primary_key=True),
    Column("expires", DateTime(timezone=True), nullable=False),  # the lease: renewed while a socket is open
)

NOTIFY_CHANNEL = "asztal"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Conflict(Exception):
    """Another writer took this sequence number first (or the game moved on)."""


@dataclass
class Change:
    """One row of the action log."""

    seq: int
    kind: str
    code: str | None
    seat: int | None
    by: str


#: a change queued for the group-commit writer: (game id, change, status, to move, result, turn deadline)
Append = tuple[str, Change, str, int | None, dict[str, Any] | None, dt.datetime | None]


def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # a commit reaches the disk before it is acknowledged
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url`` (``sqlite:///path`` or ``postgresql+psycopg://…``)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, pool_size=4)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if url.startswith("postgresql"):
        return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    raise ValueError(f"unsupported database URL {url!r}: use sqlite:///FILE or postgresql+psycopg://…")


def _revision_of(engine: Engine) -> str | None:
    """The revision the database's schema is at (None: a new database, or not ours)."""
    try:
        with engine.connect() as conn:
            found = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except (OperationalError, ProgrammingError):
        return None
    return None if found is None else str(found)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to the newest revision (or to ``revision``: a backup's, restored) with
    Alembic (the scripts ship in this package).

    On PostgreSQL an advisory lock keeps two instances that start together from migrating
    at the same time.
    """
    if revision == "head" and _revision_of(engine) == HEAD:
        return  # nothing to do, and nothing to load for it
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("asztal.server") / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(4242001)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


class Storage:
    """The database of one server (every method is one transaction)."""

    def __init__(self, url: str, instance: str = "") -> None:
        self.url = url
        self.instance = instance
        self.engine = make_engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        # SQLite has one writer at a time; serialising ours avoids busy waits
        self._write_lock = threading.Lock() if not self.is_postgres else None
        self._writer: GroupWriter | None = None
        self._presence_lock = threading.Lock()  # one renewal of this instance's leases at a time

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.stop()
        self.engine.dispose()

    def _writing(self) -> AbstractContextManager[object]:
        return self._write_lock if self._write_lock is not None else nullcontext()

    # -- games --------------------------------------------------------------------
    def create_game(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(insert(games_table).values(**row))
            conn.execute(insert(seats_table), [{"game_id": row["id"], **s} for s in seats])
            self._notify(conn, {"game": row["id"], "what": "game"})

    def game_row(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
            return dict(r) if r else None

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats_table).where(seats_table.c.game_id == game_id)
                                .order_by(seats_table.c.seat)).mappings().all()
            return [dict(r) for r in rows]

    def list_games(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The newest public games (a private game is listed nowhere)."""
        q = (select(games_table).where(games_table.c.private.is_(False))
             .order_by(games_table.c.created.desc()).limit(limit))
        if status is not None:
            q = q.where(games_table.c.status == status)
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(q).mappings().all()]

    def live_game_ids(self) -> list[str]:
        """Games to rebuild at start: open and running ones."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_table.c.id).where(games_table.c.status != "finished"))
            return [r[0] for r in rows]

    def take_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> str:
        """Give a free human seat to a player and return the game's status after it (``running``
        once no human seat is free); Conflict if someone took the seat first.

        The game row is locked first (an UPDATE), so two joins of the same game are serialised
        and the second counts the free seats the first left: the last join always starts the game.
        """
        with self._writing(), self.engine.begin() as conn:
            res = conn.execute(update(games_table).where(games_table.c.id == game_id, games_table.c.status == "open")
                               .values(updated=now()))
            if res.rowcount != 1:
                raise Conflict("the game is not open")
            res = conn.execute(update(seats_table)
                               .where(seats_table.c.game_id == game_id, seats_table.c.seat == seat,
                                      seats_table.c.kind == "human", seats_table.c.token_hash.is_(None))
                               .values(name=name, token_hash=token_hash, invite_hash=None))
            if res.rowcount != 1:
                raise Conflict("the seat is taken")
            status = "running" if self._free_seats(conn, game_id) == 0 else "open"
            values: dict[str, Any] = {"status": status}
            if status == "running":  # the first turn's deadline, stored as every later one is
                values["turn_deadline"] = self._first_deadline(conn, game_id)
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(**values))
            self._notify(conn, {"game": game_id, "what": "seat", "seat": seat})
            return status

    @staticmethod
    def _first_deadline(conn: Connection, game_id: str) -> dt.datetime | None:
        """When the first turn of a game that starts now runs out: a human's turn, in a timed game."""
        row = conn.execute(select(games_table.c.turn_timer, games_table.c.to_move, games_table.c.seq)
                           .where(games_table.c.id == game_id)).first()
        if row is None or not row[0] or row[1] is None or row[2] != 0:
            return None
        kind = conn.execute(select(seats_table.c.kind).where(seats_table.c.game_id == game_id,
                                                            seats_table.c.seat == row[1])).scalar()
        return now() + dt.timedelta(seconds=row[0]) if kind == "human" else None

    @staticmethod
    def _free_seats(conn: Connection, game_id: str) -> int:
        return len(conn.execute(select(seats_table.c.seat).where(
            seats_table.c.game_id == game_id, seats_table.c.kind == "human",
            seats_table.c.token_hash.is_(None))).all())

    def start_if_full(self, game_id: str) -> bool:
        """Mend a game left ``open`` with every seat taken (by the join race of older versions)."""
        with self._writing(), self.engine.begin() as conn:
            if self._free_seats(conn, game_id) != 0:
                return False
            res = conn.execute(update(games_table).where(games_table.c.id == game_id, games_table.c.status == "open")
                               .values(status="running", updated=now()))
            return res.rowcount == 1

    def seat_of_secret(self, game_id: str, secret_hash: str) -> int | None:
        """The seat whose token or invite hashes to ``secret_hash`` (-1: the game's watch link)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(seats_table.c.seat).where(
                seats_table.c.game_id == game_id,
                (seats_table.c.token_hash == secret_hash) | (seats_table.c.invite_hash == secret_hash))).first()
            if r is not None:
                seat: int = r[0]
                return seat
            w = conn.execute(select(games_table.c.id).where(games_table.c.id == game_id,
                                                            games_table.c.watch_hash == secret_hash)).first()
            return -1 if w is not None else None

    # -- presence leases --------------------------------------------------------------
    def renew_presence(self, held: list[tuple[str, int]], lease: float) -> None:
        """This instance holds a socket of each (game, seat) in ``held`` for ``lease`` more seconds;
        its other leases end now."""
        until = now() + dt.timedelta(seconds=lease)
        with self._presence_lock, self._writing(), self.engine.begin() as conn:
            conn.execute(presence_table.delete().where(presence_table.c.instance == self.instance))
            if held:
                conn.execute(insert(presence_table), [{"game_id": g, "seat": s, "instance": self.instance,
                                                       "expires": until} for g, s in held])
            conn.execute(presence_table.delete().where(presence_table.c.expires < now() - dt.timedelta(hours=1)))

    def presence(self, game_ids: list[str]) -> dict[tuple[str, int], set[str]]:
        """(game, seat) -> the other instances whose lease on a socket of that seat has not expired."""
        if not game_ids:
            return {}
        out: dict[tuple[str, int], set[str]] = {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(presence_table).where(presence_table.c.game_id.in_(game_ids),
                                                             presence_table.c.instance != self.instance,
                                                             presence_table.c.expires > now())).mappings().all()
        for r in rows:
            out.setdefault((r["game_id"], r["seat"]), set()).add(r["instance"])
        return out

    # -- the action log ---------------------------------------------------------------
    def changes(self, game_id: str, after: int = 0) -> list[Change]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions_table).where(actions_table.c.game_id == game_id,
                                                            actions_table.c.seq > after)
                                .order_by(actions_table.c.seq)).mappings().all()
            return [Change(r["seq"], r["kind"], r["code"], r["seat"], r["by"]) for r in rows]

    def append(self, game_id: str, change: Change, status: str, to_move: int | None,
               result: dict[str, Any] | None, deadline: dt.datetime | None = None) -> None:
        """Commit one change as number ``change.seq`` of its game (and the deadline of the turn it
        begins, if timed); Conflict if that number is taken."""
        outcome = self.append_batch([(game_id, change, status, to_move, result, deadline)])[0]
        if outcome is not None:
            raise outcome

    def append_batch(self, items: list[Append]) -> list[Conflict | None]:
        """Commit several changes (of different games) in one transaction: one disk sync for all.

        Each change is written only if its game's ``seq`` is the one before it (the conditional
        UPDATE, which writes nothing otherwise); the outcome per change is None or a Conflict.
        The games' rows are advanced by one statement made once (``_ADVANCE``, executed for
        the whole batch), the actions inserted by one and, on PostgreSQL, the other instances
        told by one: issue 34's profiles put the writer thread at 1.9 ms per change on
        PostgreSQL, then 0.6 ms on SQLite, most of it building and running a statement per change.
        Only when some change of the batch was taken by another writer (the rows advanced fall
        short) is the batch done again change by change, to tell which.
        """
        stamp = now()
        params = [{"g_id": game_id, "g_prev": change.seq - 1, "g_seq": change.seq, "g_status": status,
                   "g_to_move": to_move, "g_result": result, "g_updated": stamp, "g_deadline": deadline}
                  for game_id, change, status, to_move, result, deadline in items]
        try:
            if len(items) > 1 and self.engine.dialect.supports_sane_multi_rowcount:
                try:
                    with self._writing(), self.engine.begin() as conn:
                        if conn.execute(_ADVANCE, params).rowcount != len(items):
                            raise _Short()  # rolls the batch back: done again below, one by one
                        self._log_actions(conn, [change for _, change, *_ in items],
                                          [game_id for game_id, *_ in items], stamp)
                    return [None] * len(items)
                except _Short:
                    pass
            outcomes: list[Conflict | None] = []
            kept: list[Change] = []
            games: list[str] = []
            with self._writing(), self.engine.begin() as conn:
                for (game_id, change, *_), one in zip(items, params, strict=True):
                    if conn.execute(_ADVANCE, one).rowcount != 1:
                        outcomes.append(Conflict(f"change {change.seq} of {game_id} was taken by another writer"))
                        continue
                    kept.append(change)
                    games.append(game_id)
                    outcomes.append(None)
                if kept:
                    self._log_actions(conn, kept, games, stamp)
        except IntegrityError:
            # another writer slipped in between (PostgreSQL, READ COMMITTED): nothing of this batch was kept
            return [Conflict("the change was taken by another writer") for _ in items]
        return outcomes

    def _log_actions(self, conn: Connection, changes: list[Change], games: list[str], stamp: dt.datetime) -> None:
        """Insert the action rows of ``changes`` (of ``games``) by one statement, and tell the other instances."""
        conn.execute(insert(actions_table), [{"game_id": g, "seq": ch.seq, "kind": ch.kind, "code": ch.code,
                                              "seat": ch.seat, "by": ch.by, "at": stamp}
                                             for g, ch in zip(games, changes, strict=True)])
        self._notify_all(conn, [{"game": g, "what": "change", "seq": ch.seq} for g, ch in zip(games, changes,
                                                                                            strict=True)])

    def submit_append(self, game_id: str, change: Change, status: str, to_move: int | None,
                      result: dict[str, Any] | None, deadline: dt.datetime | None = None) -> Future[None]:
        """Queue a change for the group-commit writer; the future ends when it is committed (or refused)."""
        if self._writer is None:
            self._writer = GroupWriter(self)
        return self._writer.submit((game_id, change, status, to_move, result, deadline))

    def seat_token_hash(self, game_id: str, seat: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(seats_table.c.token_hash).where(seats_table.c.game_id == game_id,
                                                                       seats_table.c.seat == seat)).scalar()

    def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(seats_table.c.seat).where(seats_table.c.game_id == game_id,
                                                              seats_table.c.token_hash == token_hash)).first()
            return None if r is None else r[0]

    # -- between instances ----------------------------------------------------------
    def _notify(self, conn: Connection, payload: dict[str, Any]) -> None:
        """Tell the other instances (PostgreSQL NOTIFY is delivered when the transaction commits)."""
        if self.is_postgres:
            payload = {"instance": self.instance, **payload}
            conn.execute(text("SELECT pg_notify(:ch, :p)"), {"ch": NOTIFY_CHANNEL, "p": json.dumps(payload)})

    def _notify_all(self, conn: Connection, payloads: list[dict[str, Any]]) -> None:
        """``_notify`` of each, in order, by one statement."""
        if self.is_postgres:
            texts = [json.dumps({"instance": self.instance, **p}) for p in payloads]
            conn.execute(text("SELECT pg_notify(:ch, t.p) FROM unnest(CAST(:ps AS text[])) WITH ORDINALITY "
                              "AS t(p, i) ORDER BY t.i"), {"ch": NOTIFY_CHANNEL, "ps": texts})

    def notify(self, payload: dict[str, Any]) -> None:
        if self.is_postgres:
            with self.engine.begin() as conn:
                self._notify(conn, payload)


class _Short(Exception):
    """A batch advanced fewer games than it holds: another writer took some change's number."""


#: a game's row moved on by one change, if the change's number is still free (made once; run
#: for one change or, as an executemany, for a batch)
_ADVANCE = (update(games_table)
            .where(games_table.c.id == bindparam("g_id"), games_table.c.seq == bindparam("g_prev"))
            .values(seq=bindparam("g_seq"), status=bindparam("g_status"), to_move=bindparam("g_to_move"),
                    result=bindparam("g_result", type_=games_table.c.result.type),
                    updated=bindparam("g_updated", type_=games_table.c.updated.type),
                    turn_deadline=bindparam("g_deadline", type_=games_table.c.turn_deadline.type)))


class GroupWriter:
    """One thread that commits the changes queued meanwhile together (group commit).

    With SQLite's ``synchronous=FULL`` every commit waits for the disk; changes of many games
    arriving together then share one wait instead of queueing for one each.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        #: (change, its waiter), or None: stop
        self.queue: queue.SimpleQueue[tuple[Append, Future[None]] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="asztal-writer", daemon=True)
        self.thread.start()

    def submit(self, item: Append) -> Future[None]:
        fut: Future[None] = Future()
        self.queue.put((item, fut))
        return fut

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join(10)

    def _run(self) -> None:
        while True:
            batch = [self.queue.get()]
            while True:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            stopping = None in batch
            # a change whose waiter gave up before it was written is not written at all
            queued = [b for b in batch if b is not None and b[1].set_running_or_notify_cancel()]
            if queued:
                try:
                    outcomes: Sequence[Exception | None] = self.storage.append_batch([item for item, _ in queued])
                except Exception as e:  # the database is gone: every waiting change is refused
                    outcomes = [e] * len(queued)
                for (_, fut), outcome in zip(queued, outcomes, strict=True):
                    if outcome is None:
                        fut.set_result(None)
                    else:
                        fut.set_exception(outcome)
            if stopping:
                return
