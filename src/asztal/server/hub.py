"""Rooms (the games this instance holds in memory) and the one path every change takes.

``Hub.submit`` is that path, for a human's move, a bot's, a stand-in's and an undo alike:
check the seat and ``seq``, apply on a copy, commit the change to the action log under the
next sequence number, and only then replace the room's state and send every socket its own
view. A change another instance committed arrives through ``catch_up`` (told by PostgreSQL
NOTIFY) and is broadcast the same way.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from asztal import games
from asztal.engine import Game, GameState, IllegalAction
from asztal.engine.errors import AsztalError
from asztal.server import texts
from asztal.server.botpool import BotPool
from asztal.server.storage import Change, Conflict, Storage, now
from asztal.server.turns import is_turn_based

try:
    from asztal.web.present import decorate, named_log
except ImportError:  # the server runs without the browser package too
    decorate = named_log = None

log = logging.getLogger("asztal.server")

_MASK63 = (1 << 63) - 1


class Refusal(Exception):
    """A change refused; ``message`` is the ``error`` to send (nothing changed)."""

    def __init__(self, code: str, detail: str | AsztalError | None = None, game: Game | None = None,
                 **extra: Any) -> None:
        super().__init__(code)
        self.message = texts.error(code, detail, game, **extra)


@dataclass
class Seat:
    seat: int
    name: str
    kind: str                       # human | bot
    bot: str | None                 # strength of a bot seat
    taken: bool
    local: int = 0                  # sockets of this seat on this instance
    remote: set[str] = field(default_factory=set)  # other instances with a socket of this seat
    stand_in: bool = False
    away_task: asyncio.Task | None = None
    away_since: float | None = None  # monotonic time the seat was last seen held by nobody
    #: what a stand-in played for this seat since its player last looked: [(hu, en)]
    played_for: list[tuple[str, str]] = field(default_factory=list)

    @property
    def connected(self) -> bool:
        return self.kind == "bot" or self.local > 0 or bool(self.remote)

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "kind": self.kind, "bot": self.bot, "taken": self.taken,
                "connected": self.connected, "stand_in": self.stand_in}


class Client:
    """One socket: its seat (None: spectator), language, how much of the log it has, its outbox.

    The outbox is bounded: a client that does not read fills it, and is then closed (``too_slow``)
    rather than held in memory; on reconnecting it gets its whole state again.
    """

    def __init__(self, seat: int | None, lang: str, outbox: int = 256) -> None:
        self.seat = seat
        self.lang = lang
        self.log_sent = 0
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(outbox + 2)
        self.limit = outbox
        self.overflowed = False
        self.buckets: dict[str, list[float]] = {}

    def send(self, msg: dict[str, Any]) -> None:
        if self.overflowed:
            return
        if self.outbox.qsize() >= self.limit:
            self.overflowed = True
            self.outbox.put_nowait({"type": "close", "code": 4408, "error": texts.error("too_slow")})
            return
        self.outbox.put_nowait(msg)

    def close(self, code: int = 1001, error: dict[str, Any] | None = None) -> None:
        if not self.overflowed:
            self.overflowed = True
            self.outbox.put_nowait({"type": "close", "code": code, "error": error})


def board_module(game_name: str):
    """The game's SVG board (its declared ``board`` part), else None."""
    return games.load(game_name).part("board")


class Room:
    """A game held in memory: its state, seats, sockets and pending timers."""

    def __init__(self, row: dict[str, Any], seat_rows: list[dict[str, Any]], state: GameState, seq: int) -> None:
        self.id: str = row["id"]
        self.row = row
        self.seats = [Seat(r["seat"], r["name"], r["kind"], r["bot"],
                           r["kind"] == "bot" or r["token_hash"] is not None) for r in seat_rows]
        self.state = state
        self.seq = seq
        self.status: str = row["status"]
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.by_seat: dict[int, Client] = {}
        self.deadline: float | None = None
        self.turn_deadline: float | None = epoch(row.get("turn_deadline"))  # stored with the turn's first move
        self.task: asyncio.Task | None = None   # the bot move or turn timer now pending
        self.log_mark: int | None = None        # log length before the last action (its lines are the last move)

    @property
    def game(self):
        return self.state.game

    def bot_seed(self, seat: int) -> int:
        return (self.state.seed * 0x9E3779B1 + seat * 7919 + 1) & _MASK63

    def seat_info(self) -> list[dict[str, Any]]:
        return [s.public() for s in self.seats]

    def hello(self, client: Client) -> dict[str, Any]:
        g = self.game
        return {"type": "hello", "id": self.id, "game": g.name,
                "title": {"hu": g.title.get("hu", g.name), "en": g.title.get("en", g.name)},
                "seat": client.seat, "players": self.state.players, "lang": client.lang, "status": self.status,
                "turn_timer": self.row["turn_timer"], "seats": self.seat_info()}

    def state_message(self, client: Client, cache: dict) -> dict[str, Any]:
        """The ``state`` for one socket: its seat's view and the log entries it has not had."""
        st, seat = self.state, client.seat
        key = (seat, client.lang)
        if key not in cache:
            view = st.view(seat)
            to_move = None if st.is_over else st.to_move
            legal = ([{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()]
                     if seat is not None and seat == to_move and self.status == "running" else [])
            msg = {"type": "state", "seq": self.seq, "status": self.status, "view": view, "to_move": to_move,
                   "is_over": st.is_over, "legal": legal,
                   "can_undo": seat is not None and self.status == "running" and st.can_undo(seat),
                   "deadline": self.deadline, "stand_in": [s.seat for s in self.seats if s.stand_in]}
            if st.is_over:
                msg["scores"] = [float(x) for x in st.scores()]
                msg["winners"] = list(st.winners())
            board = board_module(st.game.name)
            decorated = False
            if decorate is not None:
                # the browser's additions (labels as the seat reads them, the decision, names,
                # panels, the board with the last move marked): asztal.web.present
                try:
                    decorate(msg, st, seat, client.lang, view, self.seat_info(), self.log_mark, board)
                    decorated = True
                except Exception:  # the game still plays with the plain message
                    log.exception("could not decorate the state of game %s", self.id)
                    msg["legal"] = legal
            if not decorated and board is not None:
                msg["board"] = board.draw(view, legal, client.lang)
            cache[key] = msg
        start = min(client.log_sent, len(st.log or []))
        entries = st.log_for(seat, start)
        describe = st.game.describe
        log_entries = [{"i": start + k, "hu": describe(e, "hu", seat), "en": describe(e, "en", seat)}
                       for k, e in enumerate(entries)]
        if named_log is not None:  # the lobby's names instead of "2. játékos" (asztal.web.present)
            log_entries = named_log(log_entries, self.seat_info())
        client.log_sent = start + len(entries)
        return {**cache[key], "log_start": start, "log": log_entries}

    def broadcast_state(self) -> None:
        cache: dict = {}
        for c in list(self.clients):
            c.send(self.state_message(c, cache))

    def broadcast(self, msg: dict[str, Any]) -> None:
        for c in list(self.clients):
            c.send(msg)


class OtherRules(Exception):
    """A stored game made under another rules version of its game (``row["version"]``): it
    stays in the database untouched but is not replayed; joining or opening it is refused with
    ``reason``, a line in English and Hungarian that names both versions (docs/formats/records.md)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def record_of(row: dict[str, Any], changes: list[Change]) -> dict[str, Any]:
    """A game's record from its row and its action log (an undo row takes back the last act)."""
    codes: list[str] = []
    for ch in changes:
        if ch.kind == "act":
            codes.append(ch.code)
        elif codes:
            codes.pop()
    return {"game": row["game"], "version": row["version"], "players": row["players"], "seed": row["seed"],
            "options": row["options"], "actions": codes}


def played_for(changes: list[Change], state: GameState) -> dict[int, list[tuple[str, str]]]:
    """Per seat, the moves a stand-in made for it since its player's own last move, as (hu, en)
    labels: what the player reads on return, also after a restart of the server."""
    acts: list[Change] = []
    for ch in changes:
        if ch.kind == "act":
            acts.append(ch)
        elif acts:
            acts.pop()
    out: dict[int, list[tuple[str, str]]] = {}
    for ch, action in zip(acts, state.history, strict=False):
        if ch.seat is None:
            continue
        if ch.by == "human":
            out.pop(ch.seat, None)
        elif ch.by == "stand_in":
            out.setdefault(ch.seat, []).append((action.hu, action.en))
    return out


def rebuild(row: dict[str, Any], changes: list[Change]) -> GameState:
    return games.load(row["game"]).replay(record_of(row, changes))


def without_last(state: GameState) -> GameState:
    rec = state.record
    rec["actions"] = rec["actions"][:-1]
    return state.game.replay(rec)


def epoch(stamp: dt.datetime | None) -> float | None:
    """Unix time of a stored timestamp (SQLite gives them back without a zone: they are UTC)."""
    if stamp is None:
        return None
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.UTC)).timestamp()


def turn_deadline(room: Room, new: GameState) -> dt.datetime | None:
    """When the turn that ``new`` begins runs out: a human's turn in a game with a turn timer
    (minutes live, hours or days turn-based). Stored with the change that begins the turn."""
    timer = room.row["turn_timer"]
    if not timer or new.is_over or room.seats[new.to_move].kind != "human":
        return None
    return now() + dt.timedelta(seconds=timer)


class Hub:
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
        self.closing = False
        self.sockets: dict[str, int] = {}   # open sockets per client address
        self._presence_task: asyncio.Task | None = None
        #: called with (room, change) after each change this instance committed; each hands its work to a
        #: thread of its own (mail.py, ratings.py), so a move is never held up
        self.watchers: list[Callable[[Room, Change], None]] = []
        #: handlers of other instances' notifications of kinds the hub does not know (``chat``: chat.py)
        self.on_note: dict[str, Callable[[Room, dict[str, Any]], Awaitable[None]]] = {}
        self.chat: Any = None  # the games' chat (chat.py), when the app has one

    # -- loading ----------------------------------------------------------------------
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

    _starting = False

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
        if was != seat.connected and not self._starting:
            room.broadcast(texts.seat_event("connected" if seat.connected else "disconnected", seat.seat, seat.name))

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
                room = await asyncio.to_thread(self._load, game_id)
                if room is None:
                    return None
                self.rooms[game_id] = room
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
        changes = self.storage.changes(game_id)
        state = rebuild(row, changes)
        room = Room(row, self.storage.seats(game_id), state, len(changes))
        for seat, labels in played_for(changes, state).items():
            room.seats[seat].played_for = labels
        return room

    async def catch_up(self, room: Room) -> None:
        """Apply the changes other instances committed after ours, and tell our sockets."""
        async with room.lock:
            await self._catch_up_locked(room)

    async def _catch_up_locked(self, room: Room) -> None:
        changes = await asyncio.to_thread(self.storage.changes, room.id, room.seq)
        if not changes:
            return
        state = room.state.clone()
        undone = False
        for ch in changes:
            if ch.kind == "act":
                state.apply(ch.code)
            else:
                state = without_last(state)
                undone = True
        row = await asyncio.to_thread(self.storage.game_row, room.id)
        self._install(room, state, changes[-1].seq, row["status"] if row else room.status, undone,
                      epoch(row.get("turn_deadline")) if row else None)

    async def reload_seats(self, room: Room) -> None:
        """A player took a seat (here or on another instance): names, seats and status as the database has them."""
        rows = await asyncio.to_thread(self.storage.seats, room.id)
        row = await asyncio.to_thread(self.storage.game_row, room.id)
        async with room.lock:
            for s, r in zip(room.seats, rows, strict=True):
                if not s.taken and r["token_hash"] is not None:
                    s.taken, s.name = True, r["name"]
                    room.broadcast(texts.seat_event("joined", s.seat, s.name))
            if row is not None and room.status == "open" and row["status"] == "running":
                room.status = "running"
                room.turn_deadline = epoch(row.get("turn_deadline"))  # the first turn's, stored at the last join
                room.broadcast_state()
                self.schedule(room)

    # -- the single path of every change -------------------------------------------
    async def submit(self, room: Room, seat: int | None, kind: str, code: str | None, seq: int,
                     by: str = "human") -> None:
        """Check, commit and broadcast one change; Refusal (nothing changed) otherwise."""
        async with room.lock:
            if seat is None:
                raise Refusal("spectator")
            if room.status == "open":
                raise Refusal("not_started")
            if room.state.is_over:
                raise Refusal("game_over")
            if seq != room.seq:
                raise Refusal("stale", seq=room.seq)
            st = room.state
            if kind == "act":
                if seat != st.to_move:
                    raise Refusal("not_your_turn")  # never ask the game why: that would describe another hand
                new = st.clone()
                try:
                    new.apply(code)
                except IllegalAction as e:
                    raise Refusal("illegal", e, st.game) from None
                code = new.history[-1].code  # the canonical code is stored, never the text as it arrived
            else:
                if not st.can_undo(seat):
                    raise Refusal("nothing_to_undo")
                new = without_last(st)
            status = "finished" if new.is_over else "running"
            result = ({"scores": [float(x) for x in new.scores()], "winners": list(new.winners())}
                      if new.is_over else None)
            change = Change(room.seq + 1, kind, code if kind == "act" else None, seat, by)
            deadline = turn_deadline(room, new)
            waiter = asyncio.wrap_future(self.storage.submit_append(room.id, change, status,
                                                                    None if new.is_over else new.to_move, result,
                                                                    deadline))
            try:
                try:
                    await asyncio.shield(waiter)
                except asyncio.CancelledError:
                    # cancelled (a bot move overtaken) while its change was being committed: the
                    # change is in the database either way, so finish installing it, then stop
                    await waiter
                    self._install(room, new, change.seq, status, kind == "undo", epoch(deadline))
                    self._played_for(room, seat, by, new)
                    raise
            except Conflict:
                await self._catch_up_locked(room)  # another instance was first: take its change
                raise Refusal("busy") from None
            except Exception:  # the database failed: nothing was committed, so nothing changed
                log.exception("could not store change %d of game %s", change.seq, room.id)
                raise Refusal("busy") from None
            self._install(room, new, change.seq, status, kind == "undo", epoch(deadline))
            self._played_for(room, seat, by, new)
        self.tell_watchers(room, change)

    def tell_watchers(self, room: Room, change: Change) -> None:
        """Mail, ratings (mail.py, ratings.py) after a change this instance committed, or after
        the join that started the game (``kind == "start"``, ``seat``: who joined)."""
        for watcher in self.watchers:
            try:
                watcher(room, change)
            except Exception:  # the move stands whatever a watcher does
                log.exception("a watcher failed after change %d of game %s", change.seq, room.id)

    def _played_for(self, room: Room, seat: int, by: str, state: GameState) -> None:
        """A stand-in moved: every socket is told a bot played for the seat, and the seat's
        player will read what was played when back."""
        if by != "stand_in" or not state.history:
            return
        s = room.seats[seat]
        action = state.history[-1]
        s.played_for.append((action.hu, action.en))
        del s.played_for[:-200]
        room.broadcast(texts.seat_event("played_for", seat, s.name))

    def _install(self, room: Room, state: GameState, seq: int, status: str, undone: bool,
                 deadline: float | None = None) -> None:
        """Make a committed state the room's, send it to every socket, and plan what comes next."""
        room.log_mark = None if undone else len(room.state.log or [])
        room.turn_deadline = deadline
        room.state, room.seq, room.status = state, seq, status
        if undone:
            for c in room.clients:
                c.log_sent = 0  # the log was rebuilt: resend it whole
        self.schedule(room)
        room.broadcast_state()

    # -- bots, timers, absence -------------------------------------------------------
    def schedule(self, room: Room) -> None:
        """After a change: start the bot move of a bot (or stood-in) seat, or the human's turn timer."""
        if room.task is not None and room.task is not asyncio.current_task():
            room.task.cancel()
        room.task, room.deadline = None, None
        if self.closing or room.status != "running" or room.state.is_over:
            return
        seat = room.seats[room.state.to_move]
        if seat.kind == "bot" or seat.stand_in:
            room.task = asyncio.get_running_loop().create_task(self._bot_move(room, seat, room.seq))
        elif room.row["turn_timer"]:
            room.deadline = room.turn_deadline or time.time() + room.row["turn_timer"]
            room.task = asyncio.get_running_loop().create_task(self._timer(room, seat, room.seq))

    async def _bot_move(self, room: Room, seat: Seat, seq: int) -> None:
        strength = seat.bot if seat.kind == "bot" else room.row["stand_in"]
        from asztal.server.meta import bot_spec

        bots_only = all(s.kind == "bot" for s in room.seats)  # nobody waits: the side budget
        try:
            code = await self.pool.choose(room.id, room.state.record, bot_spec(strength, self.bot_time),
                                          room.bot_seed(seat.seat) + seq, side=bots_only)
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

    async def _timer(self, room: Room, seat: Seat, seq: int) -> None:
        await asyncio.sleep(max(0.0, room.deadline - time.time()))
        if is_turn_based(room.row):  # a game of days: the stand-in makes this one move (turns.py)
            if room.seq == seq and not seat.stand_in:
                await self._bot_move(room, seat, seq)
            return
        async with room.lock:
            if room.seq != seq or seat.stand_in:
                return
            if not self.someone_waits(room, seat):  # nobody else waits: the game waits for its player
                room.deadline = None
                room.broadcast_state()
                return
            self._stand_in(room, seat)
        room.task = None
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

    def seat_back(self, room: Room, seat: Seat) -> None:
        """The player of a stood-in seat is back: the stand-in stops, and the player's sockets
        here are told what it played for them."""
        if seat.stand_in:
            seat.stand_in = False
            room.broadcast(texts.seat_event("returned", seat.seat, seat.name))
            self.schedule(room)
            room.broadcast_state()
        if seat.played_for and seat.local:
            moves = [{"hu": hu, "en": en} for hu, en in seat.played_for]
            for c in list(room.clients):
                if c.seat == seat.seat:
                    c.send({"type": "stood_in", "seat": seat.seat, "moves": moves,
                            "hu": f"Amíg távol voltál, a gép {len(moves)} lépést tett helyetted.",
                            "en": f"While you were away, the bot made {len(moves)} move(s) for you."})
            seat.played_for = []

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

    def connected(self, room: Room, client: Client) -> None:
        """A socket joined: tell an older socket of the same seat (on this instance) that the
        seat is open in another window, end an absence."""
        room.clients.add(client)
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

    # -- between instances ------------------------------------------------------------
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
