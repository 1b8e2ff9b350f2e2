"""Presence, timers and stand-ins: who is at the table, and what happens when nobody moves.

A seat is connected while a socket of it is open here or on another instance (their presence
leases, PostgreSQL). A human seat away longer than its game's grace gets a stand-in bot, but
only while another human waits; a seat whose turn timer runs out likewise. The bot of a bot
seat (or of a stood-in one) is asked for its move in the bot pool's processes after every
change (``schedule``), and the move goes through the one path of every change (``submit``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from asztal.bots import make_bot
from asztal.server import texts
from asztal.server.botpool import INSTANT
from asztal.server.room import Client, Refusal, Room, Seat
from asztal.server.turns import is_turn_based

if TYPE_CHECKING:
    from asztal.server.botpool import BotPool
    from asztal.server.storage import Storage

log = logging.getLogger("asztal.server")
#: seconds before a live turn runs out that every socket is warned (a third of a shorter timer)
WARN_BEFORE = 30.0


class Presence:
    """The hub's presence, absences, stand-ins and timers (``Hub`` mixes it in)."""

    storage: Storage
    pool: BotPool
    instance: str
    lease: float
    bot_time: float
    closing: bool
    rooms: dict[str, Room]
    leavers: list[Callable[[Room, Seat], None]]
    _starting: bool

    if TYPE_CHECKING:
        async def submit(self, room: Room, seat: int | None, kind: str, code: str | None, seq: int,
                         by: str = "human") -> None: ...  # moves.Moves

    # -- bots and timers ------------------------------------------------------------
    def schedule(self, room: Room) -> None:
        """After a change: start the bot move of a bot (or stood-in) seat, or the human's turn timer."""
        if room.task is not None and room.task is not asyncio.current_task():
            room.task.cancel()
        room.task, room.deadline = None, None
        to_move = room.state.to_move
        if self.closing or room.status != "running" or room.state.is_over or to_move is None:
            return
        seat = room.seats[to_move]
        if seat.kind == "bot" or seat.stand_in:
            room.task = asyncio.get_running_loop().create_task(self._bot_move(room, seat, room.seq))
        elif room.row["turn_timer"]:
            room.deadline = deadline = room.turn_deadline or time.time() + room.row["turn_timer"]
            room.task = asyncio.get_running_loop().create_task(self._timer(room, seat, room.seq, deadline))

    async def _bot_move(self, room: Room, seat: Seat, seq: int) -> None:
        # a bot seat always has its strength (the lobby gives one); one stored without it plays
        # at the game's stand-in strength rather than fail at every try
        strength: str = seat.bot if seat.kind == "bot" and seat.bot is not None else room.row["stand_in"]
        from asztal.server.meta import bot_spec

        bots_only = all(s.kind == "bot" for s in room.seats)  # nobody waits: the side budget
        spec = bot_spec(strength, self.bot_time)
        try:
            if spec in INSTANT and not bots_only:  # microseconds: less than the trip to a worker
                code = make_bot(spec, room.bot_seed(seat.seat) + seq).choose(room.state).code
            else:
                code = await self.pool.choose(room.id, room.state.record, spec, room.bot_seed(seat.seat) + seq,
                                              side=bots_only)
            await self.submit(room, seat.seat, "act", code, seq, by="bot" if seat.kind == "bot" else "stand_in")
        except Refusal:
            pass  # the game moved on meanwhile (a human came back, another instance moved)
        except asyncio.CancelledError:
            raise
        except Exception:
            if self.closing:
                return
            log.exception("bot move failed in game %s; trying again", room.id)
            self.pool.repair()
            await asyncio.sleep(1.0)
            if room.seq == seq and room.task is asyncio.current_task():
                room.task = None
                self.schedule(room)

    async def _timer(self, room: Room, seat: Seat, seq: int, deadline: float) -> None:
        """``seat``'s turn timer, running out at ``deadline`` (``room.deadline`` when it began).
        Every socket is warned a little before (``time_short``)."""
        warn = deadline - min(WARN_BEFORE, room.row["turn_timer"] / 3)
        await asyncio.sleep(max(0.0, warn - time.time()))
        if room.seq == seq and not seat.stand_in:
            room.broadcast(texts.seat_event("time_short", seat.seat, seat.name))
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if is_turn_based(room.row):  # a game of days: the stand-in makes this one move (turns.py)
            others = any(o is not seat and o.kind == "human" and o.taken for o in room.seats)
            if room.seq == seq and not seat.stand_in and others:  # against bots alone: the game waits
                await self._bot_move(room, seat, seq)
            return
        async with room.lock:
            if room.seq != seq or seat.stand_in:
                return
            if not self.someone_waits(room, seat):  # nobody else waits: the game waits for its player
                room.deadline = None
                room.broadcast_state()
                return
            if seat.connected:
                stays = True  # the player is there, only slow: the stand-in makes the one move that ran out
            else:
                stays = False
                self._stand_in(room, seat)
        if stays:
            await self._bot_move(room, seat, seq)
            return
        room.task = None
        self.schedule(room)
        room.broadcast_state()

    async def _presence_loop(self) -> None:
        """Renew this instance's leases and read the others', every third of the lease."""
        while not self.closing:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.refresh_presence()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not renew presence leases")

    def held(self) -> list[tuple[str, int]]:
        return [(room.id, s.seat) for room in self.rooms.values() for s in room.seats if s.local > 0]

    async def refresh_presence(self) -> None:
        """Renew our leases; set each seat's ``remote`` from the others' unexpired leases. A seat
        whose last lease expired is away from now (its grace period starts)."""
        if not self.storage.is_postgres or self.closing:
            return
        await asyncio.to_thread(self.storage.renew_presence, self.held(), self.lease)
        others = await asyncio.to_thread(self.storage.presence, list(self.rooms))
        for room in list(self.rooms.values()):
            for seat in room.seats:
                self._set_remote(room, seat, others.get((room.id, seat.seat), set()))

    def _set_remote(self, room: Room, seat: Seat, remote: set[str]) -> None:
        was = seat.connected
        seat.remote = set(remote)
        if seat.connected and seat.away_task is not None:
            seat.away_task.cancel()
            seat.away_task = None
        if seat.connected:
            seat.away_since = None
            self.seat_back(room, seat)
        elif was:
            self.start_absence(room, seat)
            self._left(room, seat)
        if was != seat.connected and not self._starting:
            room.broadcast(texts.seat_event("connected" if seat.connected else "disconnected", seat.seat, seat.name))

    def connected(self, room: Room, client: Client) -> None:
        """A socket joined (the room counts it among its sockets once its whole state is sent,
        ``Room.join``): tell an older socket of the same seat (on this instance) that the seat
        is open in another window, end an absence."""
        if client.seat is None:
            return
        old = room.by_seat.get(client.seat)
        if old is not None:
            old.close(4409, texts.error("replaced"))
        room.by_seat[client.seat] = client
        seat = room.seats[client.seat]
        seat.local += 1
        if seat.away_task is not None:
            seat.away_task.cancel()
            seat.away_task = None
        seat.away_since = None
        if seat.local == 1 and not seat.remote:
            room.broadcast(texts.seat_event("connected", seat.seat, seat.name))
        self.seat_back(room, seat)
        self.review_absences(room)

    def disconnected(self, room: Room, client: Client) -> None:
        client.left = True
        room.clients.discard(client)
        if room.status == "finished" and not room.clients:
            self.rooms.pop(room.id, None)  # a finished game is a replay: read it again if asked
        if client.seat is None:
            return
        if room.by_seat.get(client.seat) is client:
            del room.by_seat[client.seat]
        seat = room.seats[client.seat]
        seat.local -= 1
        if not seat.connected and not self.closing:
            room.broadcast(texts.seat_event("disconnected", seat.seat, seat.name))
            self.start_absence(room, seat)
            self._left(room, seat)

    def _left(self, room: Room, seat: Seat) -> None:
        """The seat's last socket (on any instance) closed: tell the hub's ``leavers``."""
        if seat.kind == "human" and not self._starting and not self.closing:
            for tell in self.leavers:
                tell(room, seat)

    def seat_back(self, room: Room, seat: Seat) -> None:
        """The player of a stood-in seat is back: the stand-in stops, and the player's sockets
        here are told what it played for them."""
        if seat.stand_in:
            seat.stand_in = False
            room.broadcast(texts.seat_event("returned", seat.seat, seat.name))
            self.schedule(room)
            room.broadcast_state()
        client = room.by_seat.get(seat.seat)
        if seat.played_for and client is not None:
            moves = [{"hu": hu, "en": en} for hu, en in seat.played_for]
            room.tell(client, {"type": "stood_in", "seat": seat.seat, "moves": moves,
                               "hu": f"Amíg távol voltál, a gép {len(moves)} lépést tett helyetted.",
                               "en": f"While you were away, the bot made {len(moves)} move(s) for you."})
            seat.played_for = []

    def start_absence(self, room: Room, seat: Seat) -> None:
        if seat.kind != "human" or not seat.taken or seat.connected:
            return
        if seat.away_since is None:
            seat.away_since = time.monotonic()
        if seat.away_task is None and room.status == "running" and not self.closing:
            seat.away_task = asyncio.get_running_loop().create_task(self._absence(room, seat))

    async def _absence(self, room: Room, seat: Seat) -> None:
        await asyncio.sleep(room.row["grace"])
        seat.away_task = None
        if seat.connected or seat.stand_in or room.status != "running":
            return
        if self.storage.is_postgres:  # the last word on presence is the leases in the database
            others = await asyncio.to_thread(self.storage.presence, [room.id])
            self._set_remote(room, seat, others.get((room.id, seat.seat), set()))
            if seat.connected:
                return
        async with room.lock:
            if not seat.connected and not seat.stand_in and self.someone_waits(room, seat):
                self._stand_in(room, seat)
                self.schedule(room)
                room.broadcast_state()

    def review_absences(self, room: Room) -> None:
        """Someone came (back): a seat away longer than its grace gets its stand-in now, if it
        has not one already and another human now waits."""
        if room.status != "running":
            return
        grace = room.row["grace"]
        for seat in room.seats:
            if (seat.kind == "human" and seat.taken and not seat.connected and not seat.stand_in
                    and seat.away_since is not None and time.monotonic() - seat.away_since >= grace
                    and self.someone_waits(room, seat)):
                self._stand_in(room, seat)
                self.schedule(room)
                room.broadcast_state()

    @staticmethod
    def someone_waits(room: Room, seat: Seat) -> bool:
        """Another human is at the table (connected, playing for themselves): only then may a
        stand-in play ``seat``. In a game against bots alone the game waits for its player."""
        return any(o is not seat and o.kind == "human" and o.taken and o.connected and not o.stand_in
                   for o in room.seats)

    def _stand_in(self, room: Room, seat: Seat) -> None:
        seat.stand_in = True
        room.broadcast(texts.seat_event("stand_in", seat.seat, seat.name))

    async def announce(self, room: Room, seat: int | None, connected: bool) -> None:
        """Tell the other instances that a seat's socket came or went here (PostgreSQL only)."""
        if seat is not None and self.storage.is_postgres and not self.closing:
            try:
                await asyncio.to_thread(self.storage.renew_presence, self.held(), self.lease)
                await asyncio.to_thread(self.storage.notify, {"what": "presence", "game": room.id, "seat": seat,
                                                              "instance": self.instance, "connected": connected})
            except Exception:  # the periodic renewal will carry it; a socket must not fail for it
                log.exception("could not announce presence in game %s", room.id)

    async def announce_all(self) -> None:
        """Repeat this instance's presence (asked by an instance that just started)."""
        for room in list(self.rooms.values()):
            for seat in room.seats:
                if seat.local:
                    await self.announce(room, seat.seat, True)
