"""A room: one game held in memory, its seats and sockets, and the ``state`` message it sends.

What a change costs is mostly here, so the room does each piece of work once per change:

- the message part that depends only on what a socket sees (its seat, or a spectator's view,
  and its language) is built once per such *view key* and shared by every socket with that key,
  and only for keys some socket holds now;
- what several view keys share is made once per change (``present.ChangeParts``: a seat's
  view for both its languages, its labels, the decision, the names per language);
- a log entry is described once per seat that reads it (both languages) and kept, and an
  entry without a secret once for all of them: a change describes its new entries only, an
  undo keeps the entries before the first one it changed;
- a socket is sent what changed since its last message: its new log lines; the view's changed
  top-level fields (``view_patch``) and the board's changed stretches (``board_patch``) when it
  holds the previous ones, the whole view and board otherwise (a new socket, a new language);
- the JSON text of a message is made once for all the sockets that get the same bytes.

A socket only ever gets parts made from its own view key: the wire carries what its seat
may see, as before.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from asztal.engine import Game, GameState
from asztal.engine.errors import AsztalError
from asztal.server import texts
from asztal.server.present import ChangeParts, decorate, last_events, named_log
from asztal.server.render import BoardKey, Drawing, DrawJob, board_module, draw

log = logging.getLogger("asztal.server")

_MASK63 = (1 << 63) - 1

#: draws one view key's board and its patch: (key, prev_no, no, prev, job) -> (svg, patch),
#: ``prev`` being the key's board drawn as number ``prev_no`` and ``job`` the arguments of
#: ``render.draw``; the bot pool's ``draw`` (in a drawing process), or ``_draw_here``
Drawer = Callable[[BoardKey, int | None, int, str | None, DrawJob], Awaitable[Drawing]]


class Refusal(Exception):
    """A change refused; ``message`` is the ``error`` to send (nothing changed)."""

    def __init__(self, code: str, detail: texts.Reason | AsztalError | None = None, game: Game | None = None,
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
    away_task: asyncio.Task[None] | None = None
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
    """One socket: its seat (None: spectator), language, what it holds, its outbox.

    What it holds (how much of the log, the view and the board it was last sent) decides what
    the next ``state`` carries. The outbox is bounded: a client that does not read fills it,
    and is then closed (``too_slow``) rather than held in memory; on reconnecting it gets its
    whole state again.
    """

    def __init__(self, seat: int | None, lang: str, outbox: int = 256) -> None:
        self.seat = seat
        self.lang = lang
        self.log_sent = 0
        self.log_epoch = 0                        # the room's log epoch of what it holds (Room.cuts)
        self.view: dict[str, Any] | None = None   # the view object it was last sent (by identity)
        self.board: str | None = None             # the board text it was last sent (by identity)
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(outbox + 2)
        self.limit = outbox
        self.overflowed = False
        self.buckets: dict[str, list[float]] = {}
        self.left = False  # the socket is gone (a step queued for it sends nothing)
        self.token_hash: str | None = None  # the hash of the seat token it opened with
        self.account_id: str | None = None  # the account reading it (its seat's, or the session's), if any
        self.muted: set[str] = set()  # accounts whose chat this reader muted or blocked (moderation.py)

    @property
    def key(self) -> tuple[int | None, str]:
        return self.seat, self.lang

    def forget(self) -> None:
        """The next ``state`` carries everything (a new language; a socket's first)."""
        self.log_sent, self.view, self.board = 0, None, None

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue a message: a dict, or JSON text already made (shared by several sockets)."""
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


def view_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``new`` as the top-level fields of ``old`` that changed: ``{"set": {...}, "drop": [...]}``."""
    changed = {k: v for k, v in new.items() if k not in old or old[k] != v}
    return {"set": changed, "drop": [k for k in old if k not in new]}


#: a change's parts taken from the room before their boards are drawn (``Room._prepare``):
#: per view key (message without log, view, board job), per reading seat its log lines, the epoch
Prepared = tuple[dict[tuple[int | None, str], tuple[dict[str, Any], dict[str, Any], DrawJob | None]],
                 dict[int | None, list[dict[str, Any]]], int]


@dataclass
class Drawn:
    """One view key's part of a change: built once, shared by its sockets."""

    base: dict[str, Any]                 # everything but the log, the view and the board
    view: dict[str, Any]
    board: str | None
    prev_view: dict[str, Any] | None     # what a socket holding the last change's has
    prev_board: str | None
    board_patch: list[list[Any]] | None  # the board as edits of prev_board (None: none worth it)
    lines: list[dict[str, Any]]          # the log as this key's seat reads it, at this change
    epoch: int                           # the room's ``len(cuts)`` then
    view_patch: dict[str, Any] | None = None  # made when first asked
    #: JSON per (log span, view part, board part)
    texts: dict[tuple[int, int, str, str], str] = field(default_factory=dict)


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
        self.task: asyncio.Task[None] | None = None   # the bot move or turn timer now pending
        self.log_mark: int | None = None        # log length before the last action (its lines are the last move)
        #: per seat that reads the log (None: spectators), its entries described so far
        self.lines: dict[int | None, list[dict[str, Any]]] = {}
        #: the described line of each log entry without a secret, by its index: every seat and a
        #: spectator read such an entry alike (``log_for`` gives each the same event), so it is
        #: described once; an entry with a secret is described per seat, as ``lines`` holds it
        self.public: dict[int, dict[str, Any]] = {}
        #: where the log was cut (an undo; a seat renamed): the entries from there on changed.
        #: A socket's log is of the epoch ``len(cuts)`` was when it was sent.
        self.cuts: list[int] = []
        #: per view key, the view and board last drawn (what the next change is a patch of)
        self.shown: dict[tuple[int | None, str], tuple[dict[str, Any] | None, str | None, int | None]] = {}
        self.drawer: Drawer = _draw_here
        self.draws = 0  # boards drawn for this room: their numbers tell a drawing process which one it kept
        self._tail: asyncio.Task[None] | None = None  # the last step queued by ``_then``
        #: the ``broadcast_state`` step queued last and not begun yet: a later change queued
        #: behind nothing else joins it instead of queueing a second state (see ``broadcast_state``)
        self._state_step: asyncio.Task[None] | None = None
        self._seal: Callable[[], None] | None = None  # that step's: prepare its messages now
        #: a rated game (``ratings.py``): no hints and no takebacks while it runs
        self.rated = False
        self.metrics: Any = None  # the operator's series (metrics.py): the broadcast's latency

    @property
    def game(self) -> Game:
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
                "turn_timer": self.row["turn_timer"], "seats": self.seat_info(), "rated": self.rated}

    # -- what changed -------------------------------------------------------------------
    def replaced(self, old: GameState, undone: bool) -> None:
        """The room's state was replaced by a change: forget what this change makes stale.

        After an undo the log is rebuilt by replay: the entries before the first one that
        differs stay described (and held by the sockets); the rest go."""
        if not undone:
            return
        before, after = old.log or [], self.state.log or []
        same = 0
        for x, y in zip(before, after, strict=False):
            if x is not y and x != y:
                break
            same += 1
        for lines in self.lines.values():
            del lines[same:]
        self.public = {i: line for i, line in self.public.items() if i < same}
        self.cuts.append(same)

    def renamed(self) -> None:
        """A seat's name changed: the described log (which names seats) is made again, and
        every socket gets its log again."""
        self.lines, self.public = {}, {}
        self.cuts.append(0)


    # -- the state message --------------------------------------------------------------
    def _then(self, step: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        """Run ``step`` after every step queued before it: what a room sends keeps its order
        (a change's ``state`` and the events around it) while boards are drawn elsewhere."""
        before = self._tail
        if self._seal is not None:  # a ``state`` step waits: it sends the room as it is now
            seal, self._state_step, self._seal = self._seal, None, None
            seal()

        async def run() -> None:
            if before is not None and not before.done():
                await asyncio.wait([before])
            try:
                await step()
            except Exception:  # one failed send must not stop the room's later ones
                log.exception("could not send the state of game %s", self.id)

        self._tail = asyncio.get_running_loop().create_task(run())
        return self._tail

    def _base(self, key: tuple[int | None, str],
              parts: ChangeParts) -> tuple[dict[str, Any], dict[str, Any], DrawJob | None]:
        """One view key's message without its log, and its view and board job (main thread);
        ``parts``: what the change's keys share (the view of a seat read in two languages...)."""
        st = self.state
        seat, lang = key
        view = parts.view(seat)
        to_move = None if st.is_over else st.to_move
        legal = ([{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()]
                 if seat is not None and seat == to_move and self.status == "running" else [])
        msg: dict[str, Any] = {"type": "state", "seq": self.seq, "status": self.status, "to_move": to_move,
                               "is_over": st.is_over, "legal": legal,
                               "can_undo": (seat is not None and self.status == "running" and not self.rated
                                            and st.can_undo(seat)),
                               "deadline": self.deadline, "stand_in": [s.seat for s in self.seats if s.stand_in]}
        if st.is_over:
            msg["scores"] = [float(x) for x in st.scores()]
            msg["winners"] = list(st.winners())
        board = board_module(st.game.name)
        names = None
        # what a player reads around the board (labels as the seat reads them, the decision,
        # names, panels): present.py; the board with the last move marked is drawn apart
        try:
            decorate(msg, st, seat, lang, view, parts.seats, self.log_mark, None, parts)
            names = msg["names"]
            if st.is_over and board is not None and hasattr(board, "verdict"):
                msg["verdict"] = board.verdict(view, lang, names, list(st.winners()))
        except Exception:  # the game still plays with the plain message
            log.exception("could not decorate the state of game %s", self.id)
            msg["legal"], names = legal, None
        if board is None:
            return msg, view, None
        last = last_events(st, seat, self.log_mark) if names is not None else None
        return msg, view, (st.game.name, view, msg["legal"], lang, names, last)

    async def _draw(self, keys: set[tuple[int | None, str]]) -> dict[tuple[int | None, str], Drawn]:
        """This change's part for each view key (its board drawn by ``self.drawer``)."""
        return await self._drawn(self._prepare(keys))

    def _prepare(self, keys: set[tuple[int | None, str]]) -> Prepared:
        """What a change's part for each view key rests on, taken from the room as it is now
        (main thread, no await): the messages without their boards, and the log lines."""
        parts = ChangeParts(self.state, self.seat_info())
        jobs = {key: self._base(key, parts) for key in keys}
        total = len(self.state.log or [])
        lines = {seat: self._log_lines(seat, total, parts.seats) for seat in {seat for seat, _ in keys}}
        return jobs, lines, len(self.cuts)

    async def _drawn(self, prepared: Prepared) -> dict[tuple[int | None, str], Drawn]:
        """The prepared parts with their boards drawn, each a patch of the key's last one."""
        jobs, lines, epoch = prepared
        prevs = {key: self.shown.get(key, (None, None, None)) for key in jobs}
        numbers = {}
        for key in jobs:
            self.draws += 1
            numbers[key] = self.draws
        calls = [self.drawer((self.id, *key), prevs[key][2], numbers[key], prevs[key][1], job)
                 for key, (_, _, job) in jobs.items() if job is not None]
        # one board (the common case: one socket, or one view key): awaited as it is, without
        # the task and the gathering future ``gather`` would make for it
        boards = [await calls[0]] if len(calls) == 1 else await asyncio.gather(*calls)
        drawn = {}
        found = iter(boards)
        for key, (base, view, job) in jobs.items():
            svg, patch = next(found) if job is not None else (None, None)
            prev_view, prev_board, _ = prevs[key]
            if prev_view is not None and prev_view == view:
                view = prev_view  # unchanged: the same object, so a socket holding it is sent nothing
            if prev_board is not None and prev_board == svg:
                svg = prev_board
            self.shown[key] = (view, svg, numbers[key])
            drawn[key] = Drawn(base, view, svg, prev_view, prev_board, patch, lines[key[0]], epoch)
        return drawn

    def _log_lines(self, seat: int | None, total: int, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log's first ``total`` entries as ``seat`` reads them, each described once and
        kept (a copy of the list: a later undo may cut the kept one)."""
        st = self.state
        lines = self.lines.setdefault(seat, [])
        if len(lines) < total:
            have = len(lines)
            describe = st.game.describe
            out: list[dict[str, Any] | None] = []
            fresh: list[tuple[int, int, bool, dict[str, Any]]] = []  # (place in out, entry, public, line)
            for k, e in enumerate(st.log_for(seat, have)):
                i = have + k
                public = e.get("secret") is None
                line = self.public.get(i) if public else None
                out.append(line)
                if line is None:
                    fresh.append((k, i, public, {"i": i, "hu": describe(e, "hu", seat), "en": describe(e, "en", seat)}))
            # the lobby's names instead of "2. játékos"
            for (k, i, public, _), line in zip(fresh, named_log([f[3] for f in fresh], seats), strict=True):
                out[k] = line
                if public:
                    self.public[i] = line
            lines.extend(x for x in out if x is not None)
        return lines[:total]

    def _message(self, client: Client, d: Drawn) -> str:
        """The ``state`` JSON for one socket: what changed since what it holds (all of it for a
        socket that holds nothing), as text shared with every socket sent the same."""
        end = len(d.lines)
        start = min([client.log_sent, end] + self.cuts[client.log_epoch:d.epoch])  # resend what a cut changed
        if client.view is d.view:
            vpart = "same"
        elif client.view is not None and client.view is d.prev_view:
            vpart = "patch"
        else:
            vpart = "whole"
        if d.board is None or client.board is d.board:
            bpart = "same"
        elif client.board is not None and client.board is d.prev_board and d.board_patch is not None:
            bpart = "patch"
        else:
            bpart = "whole"
        tkey = (start, end, vpart, bpart)
        text = d.texts.get(tkey)
        if text is None:
            msg = {**d.base, "log_start": start, "log": d.lines[start:end]}
            if vpart == "whole":
                msg["view"] = d.view
            elif vpart == "patch":
                if d.view_patch is None:
                    d.view_patch = view_patch(d.prev_view or {}, d.view)
                msg["view_patch"] = d.view_patch
            if bpart == "whole":
                msg["board"] = d.board
            elif bpart == "patch":
                msg["board_patch"] = d.board_patch
            text = json.dumps(msg, ensure_ascii=False)
            d.texts[tkey] = text
        client.log_sent, client.log_epoch, client.view, client.board = end, d.epoch, d.view, d.board
        return text

    def join(self, client: Client, first: dict[str, Any] | None = None) -> None:
        """Send a socket ``first`` (its ``hello``) and then its whole ``state``, in the room's
        order, and count it among the room's sockets from then on (a new socket; a new language)."""
        async def step() -> None:
            if client.left:
                return
            if first is not None:
                client.send(first)
            client.forget()
            key = client.key  # as it is now: a language switched meanwhile queues its own join
            drawn = await self._draw({key})
            client.send(self._message(client, drawn[key]))
            self.clients.add(client)

        self._then(step)

    def broadcast_state(self) -> None:
        """Every socket its ``state``, after the room's state (or its seats, timer) changed:
        made when its turn comes, from the room as it is then, for the sockets there then.

        A ``state`` step still waiting its turn as the last one queued already sends the room
        as it will be then, so a second change made meanwhile (a bot's reply while the mover's
        board is being drawn) queues nothing: one message carries both changes (each socket is
        sent what changed since what it holds), and the boards are drawn once. What is queued
        behind a waiting ``state`` step (an event, a socket's join) seals it: its messages are
        prepared from the room as it is at that moment (``_seal``), so a change made after the
        event goes out after the event, in its own step, and no socket reads a change before an
        event that came before it."""
        if self._state_step is not None and self._state_step is self._tail:
            return
        began = time.perf_counter()
        sealed: list[tuple[dict[Client, tuple[int | None, str]], Prepared | None]] = []

        def seal() -> None:
            clients = {c: c.key for c in self.clients}  # a language switched later queues its own join
            try:
                sealed.append((clients, self._prepare(set(clients.values())) if clients else None))
            except Exception:  # made again when the step runs (and logged there if it fails again)
                log.exception("could not prepare the state of game %s", self.id)

        async def step() -> None:
            if self._seal is seal:
                self._state_step, self._seal = None, None
            if not sealed:
                seal()
            keys, prepared = sealed[0]
            if prepared is None:
                return
            drawn = await self._drawn(prepared)
            for c, key in keys.items():
                if c in self.clients:
                    c.send(self._message(c, drawn[key]))
            if self.metrics is not None:
                self.metrics.broadcast.observe(time.perf_counter() - began)

        self._state_step = self._then(step)
        self._seal = seal

    def tell(self, client: Client, msg: dict[str, Any]) -> None:
        """A message for one socket, after what the room queued before it (its whole state)."""
        async def step() -> None:
            if not client.left:
                client.send(msg)

        self._then(step)

    def broadcast(self, msg: dict[str, Any], to: Callable[[Client], bool] | None = None) -> None:
        """An event for every socket (with ``to``, those it accepts), after the states queued before it."""
        text = json.dumps(msg, ensure_ascii=False)

        async def step() -> None:
            for c in list(self.clients):
                if to is None or to(c):
                    c.send(text)

        self._then(step)


async def _draw_here(key: BoardKey, prev_no: int | None, no: int, prev: str | None,
                     job: DrawJob) -> tuple[str | None, list[list[Any]] | None]:
    """Draw in the event loop (a room made without the hub's bot pool)."""
    return draw(*job, prev)


def epoch(stamp: dt.datetime | None) -> float | None:
    """Unix time of a stored timestamp (SQLite gives them back without a zone: they are UTC)."""
    if stamp is None:
        return None
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.UTC)).timestamp()
