"""The hub: every room this instance holds, loading them, and the word between instances.

The server package reads by concern:

- ``room.py``: a game in memory, its seats and sockets, and the ``state`` message it sends;
- ``moves.py``: the one path of every change (``submit`` → store → install → broadcast);
- ``presence.py``: who is connected, absences, stand-ins, turn timers and bot moves;
- ``storage.py`` and ``notify.py``: the database and the messages between instances;
- ``api.py``, ``account_api.py``, ``ws.py``: the routes.

``Hub`` joins them: it loads a room by replaying its stored record, hands notifications from
other instances to the room they concern, and closes everything on shutdown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asztal import games
from asztal.engine.errors import BadRecord
from asztal.server import texts
from asztal.server.botpool import BotPool
from asztal.server.moves import Moves, played_for, rebuild
from asztal.server.presence import Presence
from asztal.server.room import Room, Seat, epoch
from asztal.server.storage import Change, Storage

log = logging.getLogger("asztal.server")


class OtherRules(Exception):
    """A stored game made under another rules version of its game (``row["version"]``): it
    stays in the database untouched but is not replayed; joining or opening it is refused with
    ``reason``, the engine's refusal naming both versions, told in the reader's language
    (docs/formats/records.md)."""

    def __init__(self, reason: BadRecord) -> None:
        super().__init__(str(reason))
        self.reason = reason


class Hub(Moves, Presence):
    """Every room of this instance, the storage, the bot pool and the timers."""

    def __init__(self, storage: Storage, pool: BotPool, instance: str, settings: Any = None) -> None:
        self.storage = storage
        self.pool = pool
        self.instance = instance
        self.settings = settings
        self.bot_time = settings.bot_time if settings is not None else 2.0
        self.lease: float = settings.lease if settings is not None else 30.0
        self.hints_pending = settings.hints_pending if settings is not None else 8
        self.hints = 0
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        #: per game being loaded, other instances' notices that found no room yet (``on_notify``):
        #: handed over again once the room is in ``rooms``
        self._missed: dict[str, dict[tuple[str, object], dict[str, Any]]] = {}
        self.closing = False
        self.sockets: dict[str, int] = {}   # open sockets per client address
        self._presence_task: asyncio.Task[None] | None = None
        self._starting = False
        #: called with (room, change) after each change this instance committed; each hands its work to a
        #: thread of its own (mail.py, ratings.py), so a move is never held up
        self.watchers: list[Callable[[Room, Change], None]] = []
        #: told when a human seat's last socket closes, here and on every instance (mail.py)
        self.leavers: list[Callable[[Room, Seat], None]] = []
        #: handlers of other instances' notifications of kinds the hub does not know (``chat``: chat.py)
        self.on_note: dict[str, Callable[[Room, dict[str, Any]], Awaitable[None]]] = {}
        self.chat: Any = None  # the games' chat (chat.py), when the app has one
        self.moderation: Any = None  # mutes, bans and closed games (moderation.py), when the app has them
        self.on_note["token"] = self._token_note
        self.metrics: Any = None  # the operator's series (metrics.py), when the app has them
        #: whether a game is rated (ratings.py sets it): read when its room is loaded
        self.is_rated: Callable[[str], bool] = lambda game_id: False

    async def start(self) -> None:
        """Rebuild every open and running game by replaying its record, learn which seats other
        instances hold (their presence leases), and only then resume bots and absences."""
        self.loop = asyncio.get_running_loop()
        self._starting = True
        for game_id in await asyncio.to_thread(self.storage.live_game_ids):
            try:
                await self.room(game_id)
            except OtherRules as e:  # kept as it is; refused with its version when someone opens it
                log.warning("game %s is not resumed: %s", game_id, e.reason)
            except Exception:  # one bad game must not keep the server down
                log.exception("could not rebuild game %s", game_id)
        self._starting = False
        await self.refresh_presence()
        for room in list(self.rooms.values()):
            for seat in room.seats:
                if seat.taken and not seat.connected:
                    self.start_absence(room, seat)
        if self.storage.is_postgres:
            self._presence_task = asyncio.get_running_loop().create_task(self._presence_loop())

    async def room(self, game_id: str) -> Room | None:
        """The room of ``game_id``, loaded from the database if this instance does not hold it;
        ``OtherRules`` if it was stored under another rules version of its game."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                missed = self._missed.setdefault(game_id, {})
                try:
                    room = await asyncio.to_thread(self._load, game_id)
                finally:
                    del self._missed[game_id]
                if room is None:
                    return None
                self.rooms[game_id] = room
                # a join, change or new token another instance committed after the database was
                # read was told while there was no room: told again now, or the room would keep
                # the old state until that game's next notice
                for payload in missed.values():
                    await self.on_notify(payload)
                self.schedule(room)
                if not self._starting:
                    if self.storage.is_postgres:  # who holds its seats on other instances
                        others = await asyncio.to_thread(self.storage.presence, [game_id])
                        for seat in room.seats:
                            seat.remote = others.get((game_id, seat.seat), set())
                    for seat in room.seats:
                        if seat.taken and not seat.connected:
                            self.start_absence(room, seat)
        return room

    def _load(self, game_id: str) -> Room | None:
        row = self.storage.game_row(game_id)
        if row is None:
            return None
        game = games.load(row["game"])
        if str(row["version"]) != game.version:
            raise OtherRules(game.other_version(row["version"]))
        if row["status"] == "open" and self.storage.start_if_full(game_id):
            row = self.storage.game_row(game_id)  # every seat was taken: the game runs (an old join race)
            if row is None:  # the row is gone meanwhile: no such game
                return None
        changes = self.storage.changes(game_id)
        state = rebuild(row, changes)
        room = Room(row, self.storage.seats(game_id), state, len(changes))
        room.drawer = self.pool.draw  # boards drawn in the pool's workers
        room.rated = self.is_rated(game_id)
        room.metrics = self.metrics
        for seat, labels in played_for(changes, state).items():
            room.seats[seat].played_for = labels
        return room

    async def reload_seats(self, room: Room) -> None:
        """A player took a seat (here or on another instance): names, seats and status as the database has them."""
        rows = await asyncio.to_thread(self.storage.seats, room.id)
        row = await asyncio.to_thread(self.storage.game_row, room.id)
        async with room.lock:
            joined = False
            for s, r in zip(room.seats, rows, strict=True):
                if not s.taken and r["token_hash"] is not None:
                    s.taken, s.name = True, r["name"]
                    joined = True
                    room.broadcast(texts.seat_event("joined", s.seat, s.name))
            if joined:
                room.renamed()  # the log and the panels name the seats
            if row is not None and room.status == "open" and row["status"] == "running":
                room.status = "running"
                room.turn_deadline = epoch(row.get("turn_deadline"))  # the first turn's, stored at the last join
                room.broadcast_state()
                self.schedule(room)

    async def tokens_changed(self, seats: list[tuple[str, int]]) -> None:
        """The tokens of these (game, seat) were replaced here (a fresh one, a logout): the
        sockets opened with an old one close at once (other instances hear it by NOTIFY)."""
        for game_id, seat in seats:
            room = self.rooms.get(game_id)
            if room is not None:
                await self.token_changed(room, seat)

    async def _token_note(self, room: Room, payload: dict[str, Any]) -> None:
        await self.token_changed(room, int(payload.get("seat", -1)))

    async def token_changed(self, room: Room, seat: int) -> None:
        """Close the sockets of ``seat`` whose token is not the seat's token now."""
        current = await asyncio.to_thread(self.storage.seat_token_hash, room.id, seat)
        for client in list(room.clients):
            if client.seat == seat and client.token_hash != current:
                client.close(4401, texts.error("token_replaced"))

    async def on_notify(self, payload: dict[str, Any]) -> None:
        """A message from another instance (see ``notify.py``)."""
        what = payload.get("what")
        if payload.get("instance") == self.instance:
            return
        if what == "hello":
            await self.announce_all()
            return
        room = self.rooms.get(str(payload.get("game")))
        if room is None:
            missed = self._missed.get(str(payload.get("game")))
            if missed is not None and what in ("change", "seat", "token"):  # the room is being loaded
                # each is read again from the database: one notice per kind and seat is enough
                missed[(str(what), None if what == "change" else payload.get("seat"))] = payload
            return
        if str(what) in self.on_note:
            await self.on_note[str(what)](room, payload)
            return
        if what == "change" and int(payload.get("seq", 0)) > room.seq:
            await self.catch_up(room)
        elif what == "seat":
            await self.reload_seats(room)
        elif what == "presence":
            seat = room.seats[int(payload["seat"])]
            remote = set(seat.remote)
            if payload.get("connected"):
                remote.add(str(payload["instance"]))
            else:
                remote.discard(str(payload["instance"]))
            self._set_remote(room, seat, remote)

    def begin_close(self) -> None:
        """SIGTERM: stop bots and timers and close every socket with a reason (the clients
        reconnect, to another instance if there is one). A change being committed finishes."""
        self.closing = True
        if self._presence_task is not None:
            self._presence_task.cancel()
        for room in self.rooms.values():
            if room.task is not None:
                room.task.cancel()
            for s in room.seats:
                if s.away_task is not None:
                    s.away_task.cancel()
            for c in list(room.clients):
                c.close(1012, texts.error("shutting_down"))

    async def close(self) -> None:
        """Shutting down: as ``begin_close``, then give up this instance's presence leases."""
        self.begin_close()
        if self.storage.is_postgres:
            try:
                await asyncio.to_thread(self.storage.renew_presence, [], 0)
            except Exception:
                log.exception("could not give up presence leases")
