"""The chat of one game: lines written by its seats, stored with the game, sent only to that
game's sockets (spectators read it too; only seats write).

A line is stored with its seat, not a name: it is shown under the seat's name as it is now (a
deleted player's lines under the neutral default). It is plain text of at most ``MAX_TEXT``
characters (the socket's own checks already refuse control characters and lone surrogates), at
most one every two seconds per socket with a burst of five (``ws.RATES``); the browser shows it as
text, never as markup. The server adds nothing to a line but its seat,
the seat's public name and the time, so the chat carries no game information the server did not
send anyway. A newly opened socket gets the last ``HISTORY`` lines (``chat_history``) when there
are any; another instance's line arrives through PostgreSQL NOTIFY (``what: "chat"``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, func, insert, select
from sqlalchemy.exc import IntegrityError

from asztal.server import texts
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
)

texts.ERRORS.update({
    "chat_seats_only": ("a csevegőbe csak a játékosok írhatnak", "only the players can write in the chat"),
    "chat_empty": ("üres üzenet", "an empty message"),
    "chat_full": ("ebben a játékban már nagyon sok üzenet van", "this game's chat is full"),
})

MAX_TEXT = 200
HISTORY = 50
#: lines one game keeps at most (a bound on what one game may store)
MAX_LINES = 5000


def line(row: Any, room: Room) -> dict[str, Any]:
    seat = row["seat"]
    name = room.seats[seat].name if 0 <= seat < len(room.seats) else ""
    return {"type": "chat", "n": row["n"], "seat": seat, "name": name, "text": row["text"], "at": epoch(row["at"])}


class Chat:
    """The chat lines of one server's database, and their way to the sockets."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.storage = hub.storage
        self.engine = hub.storage.engine

    # -- storage -------------------------------------------------------------------------
    def _append(self, game_id: str, seat: int, text: str) -> dict[str, Any]:
        for _ in range(5):  # another instance may take the same number: take the next one
            try:
                with self.storage._writing(), self.engine.begin() as conn:
                    last = conn.execute(select(func.max(chat_table.c.n))
                                        .where(chat_table.c.game_id == game_id)).scalar() or 0
                    if last >= MAX_LINES:
                        raise Refusal("chat_full")
                    row = {"game_id": game_id, "n": last + 1, "seat": seat, "text": text, "at": now()}
                    conn.execute(insert(chat_table).values(**row))
                    self.storage._notify(conn, {"game": game_id, "what": "chat", "n": row["n"]})
                return row
            except IntegrityError:
                continue
        raise Refusal("busy")

    def lines(self, room: Room, after: int = 0, last: int = HISTORY) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_table).where(chat_table.c.game_id == room.id, chat_table.c.n > after)
                                .order_by(chat_table.c.n.desc()).limit(last)).mappings().all()
        return [line(r, room) for r in reversed(rows)]

    # -- the sockets -----------------------------------------------------------------------
    async def say(self, room: Room, client: Client, text: str) -> None:
        """A ``chat`` message from a socket: stored, then sent to every socket of the game."""
        if client.seat is None:
            raise Refusal("chat_seats_only")
        text = " ".join(text.split())[:MAX_TEXT]  # one line: no runs of blanks, no line breaks
        if not text:
            raise Refusal("chat_empty")
        row = await asyncio.to_thread(self._append, room.id, client.seat, text)
        room.broadcast(line(row, room))

    async def greet(self, room: Room, client: Client) -> None:
        """A socket opened: the game's last lines, if it has any."""
        history = await asyncio.to_thread(self.lines, room)
        if history:
            client.send({"type": "chat_history", "lines": history})

    async def on_note(self, room: Room, payload: dict[str, Any]) -> None:
        """Another instance stored line ``n``: send it to this instance's sockets of the game."""
        n = int(payload.get("n", 0))
        for msg in await asyncio.to_thread(self.lines, room, n - 1, 1):
            if msg["n"] == n:
                room.broadcast(msg)


def install(hub: Hub) -> Chat:
    """Give the hub its chat: the sockets' ``chat`` messages and the other instances' lines."""
    chat = Chat(hub)
    hub.chat = chat
    hub.on_note["chat"] = chat.on_note
    return chat
