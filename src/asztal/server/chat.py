"""The chat of one game: lines written by its seats, stored with the game, sent only to that
game's sockets (spectators read it too; only seats write).

A line is stored with its seat, not a name: it is shown under the seat's name as it is now (a
deleted account's lines as „törölt játékos” / "deleted player"). A line an operator hid is sent
to nobody, and a reader who muted or blocked its writer's account is never sent it (moderation.py).
It is plain text of at most ``MAX_TEXT`` characters (the socket's own checks already refuse control
characters and lone surrogates). Its rate is counted from the stored lines, so reconnecting (or
another instance) starts nothing afresh: a seat writes at most ``ChatLimits.seat_lines`` lines
per ``window`` seconds and
``seat_total`` lines in a game, an account at most ``account_lines`` per ``window`` over all its
seats (``docs/operations.md``); each socket also keeps its own bucket (``ws.RATES``). The browser
shows a line as text, never as markup. The server adds nothing to a line but its seat,
the seat's public name and the time, so the chat carries no game information the server did not
send anyway. A newly opened socket gets the last ``HISTORY`` lines (``chat_history``) when there
are any; another instance's line arrives through PostgreSQL NOTIFY (``what: "chat"``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Integer, String, Table, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from asztal.server import texts
from asztal.server.accounts import account_seats_table
from asztal.server.edge import bad_display
from asztal.server.hub import Hub
from asztal.server.room import Client, Refusal, Room, epoch
from asztal.server.storage import metadata, now

chat_table = Table(
    "chat_lines", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 1, 2, ... per game
    Column("seat", Integer, nullable=False),  # shown under the seat's name as it is now (a deleted player's too)
    Column("text", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("hidden", Boolean, nullable=False, default=False),  # an operator hid it (moderation.py): sent to nobody
    Column("author_gone", Boolean, nullable=False, default=False),  # its writer deleted their account
)

texts.ERRORS.update({
    "chat_seats_only": ("a csevegőbe csak a játékosok írhatnak", "only the players can write in the chat"),
    "chat_empty": ("üres üzenet", "an empty message"),
    "chat_full": ("ebben a játékban már nagyon sok üzenet van", "this game's chat is full"),
    "chat_seat_full": ("ebben a játékban már nagyon sokat írtál", "you have written a great deal in this game"),
    "chat_rate": ("túl sok üzenet egymás után; várj egy kicsit", "too many messages in a row; wait a little"),
})


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


@dataclass
class ChatLimits:
    """How much a seat and an account may write, counted from the stored lines (the operator's
    settings, docs/operations.md)."""

    #: the window of the rates, in seconds
    window: float = field(default_factory=lambda: float(os.environ.get("ASZTAL_CHAT_WINDOW", 60)))
    #: lines one seat writes per window (reconnecting does not start it afresh)
    seat_lines: int = field(default_factory=lambda: _env_int("ASZTAL_CHAT_SEAT_LINES", 20))
    #: lines one account writes per window, over all its seats and games
    account_lines: int = field(default_factory=lambda: _env_int("ASZTAL_CHAT_ACCOUNT_LINES", 40))
    #: lines one seat writes in one game
    seat_total: int = field(default_factory=lambda: _env_int("ASZTAL_CHAT_SEAT_TOTAL", 1000))

MAX_TEXT = 200
HISTORY = 50
#: lines one game keeps at most (a bound on what one game may store)
MAX_LINES = 5000


#: the name a line keeps once its writer deleted their account (never the seat's default name)
GONE = {"hu": "törölt játékos", "en": "deleted player"}


def line(row: Any, room: Room, lang: str = "hu") -> dict[str, Any]:
    seat = row["seat"]
    gone = bool(row.get("author_gone"))
    if gone:
        name = GONE.get(lang, GONE["hu"])
    else:
        name = room.seats[seat].name if 0 <= seat < len(room.seats) else ""
    msg = {"type": "chat", "n": row["n"], "seat": seat, "name": name, "text": row["text"], "at": epoch(row["at"])}
    if gone:
        msg["gone"] = True  # shown under ``name``, not under the seat's name of now
    return msg


def reads(author: str | None) -> Any:
    """Whether a socket is shown a line of ``author``: not if its reader muted them."""
    return lambda client: author is None or author not in client.muted


class Chat:
    """The chat lines of one server's database, and their way to the sockets."""

    def __init__(self, hub: Hub, limits: ChatLimits | None = None) -> None:
        self.hub = hub
        self.limits = limits or ChatLimits()
        self.storage = hub.storage
        self.engine = hub.storage.engine

    # -- storage -------------------------------------------------------------------------
    def _append(self, game_id: str, seat: int, text: str) -> tuple[dict[str, Any], str | None]:
        """Store a line; (its row, its writer's account or None)."""
        for _ in range(5):  # another instance may take the same number: take the next one
            try:
                with self.storage._writing(), self.engine.begin() as conn:
                    last = conn.execute(select(func.max(chat_table.c.n))
                                        .where(chat_table.c.game_id == game_id)).scalar() or 0
                    if last >= MAX_LINES:
                        raise Refusal("chat_full")
                    author = self._check_limits(conn, game_id, seat)
                    row = {"game_id": game_id, "n": last + 1, "seat": seat, "text": text, "at": now()}
                    conn.execute(insert(chat_table).values(**row))
                    self.storage._notify(conn, {"game": game_id, "what": "chat", "n": row["n"]})
                return row, author
            except IntegrityError:
                continue
        raise Refusal("busy")

    def _check_limits(self, conn: Any, game_id: str, seat: int) -> str | None:
        """Refuse a line over the seat's or its account's rate, or over the seat's share of the
        game; the seat's account, if it has one."""
        lim = self.limits
        since = now() - dt.timedelta(seconds=lim.window)
        mine = (chat_table.c.game_id == game_id) & (chat_table.c.seat == seat)
        total = conn.execute(select(func.count()).select_from(chat_table).where(mine)).scalar() or 0
        if total >= lim.seat_total:
            raise Refusal("chat_seat_full")
        recent = conn.execute(select(func.count()).select_from(chat_table)
                              .where(mine, chat_table.c.at > since)).scalar() or 0
        if recent >= lim.seat_lines:
            raise Refusal("chat_rate")
        account = conn.execute(select(account_seats_table.c.account_id).where(
            account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat)).scalar()
        if account is None:
            return None
        j = chat_table.join(account_seats_table, (account_seats_table.c.game_id == chat_table.c.game_id)
                            & (account_seats_table.c.seat == chat_table.c.seat))
        theirs = conn.execute(select(func.count()).select_from(j).where(
            account_seats_table.c.account_id == account, chat_table.c.at > since)).scalar() or 0
        if theirs >= lim.account_lines:
            raise Refusal("chat_rate")
        return str(account)

    def authors_gone(self, seats: list[tuple[str, int]]) -> None:
        """The account that held these (game, seat) was deleted: their lines stay, under „törölt
        játékos” / "deleted player" rather than the seat's default name."""
        with self.storage._writing(), self.engine.begin() as conn:
            for game_id, seat in seats:
                conn.execute(update(chat_table).where(chat_table.c.game_id == game_id, chat_table.c.seat == seat)
                             .values(author_gone=True))

    def lines(self, room: Room, after: int = 0, last: int = HISTORY, lang: str = "hu",
              muted: frozenset[str] | set[str] = frozenset()) -> list[tuple[dict[str, Any], str | None]]:
        """The game's last lines after ``after`` that an operator did not hide and whose writer
        the reader did not mute: (message, writer's account)."""
        j = chat_table.outerjoin(account_seats_table, (account_seats_table.c.game_id == chat_table.c.game_id)
                                 & (account_seats_table.c.seat == chat_table.c.seat))
        q = (select(chat_table, account_seats_table.c.account_id).select_from(j)
             .where(chat_table.c.game_id == room.id, chat_table.c.n > after, chat_table.c.hidden.is_(False)))
        if muted:
            q = q.where(account_seats_table.c.account_id.is_(None) | account_seats_table.c.account_id.notin_(muted))
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(chat_table.c.n.desc()).limit(last)).mappings().all()
        return [(line(r, room, lang), r["account_id"]) for r in reversed(rows)]

    # -- the sockets -----------------------------------------------------------------------
    async def say(self, room: Room, client: Client, text: str) -> None:
        """A ``chat`` message from a socket: stored, then sent to every socket of the game."""
        if client.seat is None:
            raise Refusal("chat_seats_only")
        reason = bad_display(text, breaks=True)
        if reason is not None and reason.key != "invisible":
            raise Refusal("bad_message", reason)
        text = " ".join(text.split())[:MAX_TEXT]  # one line: no runs of blanks, no line breaks
        if not text or reason is not None:
            raise Refusal("chat_empty")  # nothing anyone could read
        row, author = await asyncio.to_thread(self._append, room.id, client.seat, text)
        room.broadcast(line(row, room), to=reads(author))  # not to those who muted its writer

    async def greet(self, room: Room, client: Client) -> None:
        """A socket opened: the game's last lines, if it has any."""
        history = await asyncio.to_thread(self.lines, room, 0, HISTORY, client.lang, client.muted)
        if history:
            client.send({"type": "chat_history", "lines": [msg for msg, _ in history]})

    async def on_note(self, room: Room, payload: dict[str, Any]) -> None:
        """Another instance stored line ``n``: send it to this instance's sockets of the game."""
        n = int(payload.get("n", 0))
        for msg, author in await asyncio.to_thread(self.lines, room, n - 1, 1):
            if msg["n"] == n:
                room.broadcast(msg, to=reads(author))


def install(hub: Hub) -> Chat:
    """Give the hub its chat: the sockets' ``chat`` messages and the other instances' lines."""
    chat = Chat(hub)
    hub.chat = chat
    hub.on_note["chat"] = chat.on_note
    return chat
