"""A room: one game held in memory, its seats and sockets, and the ``state`` message it sends.

What a change costs is mostly here, so the room does each piece of work once per change:

- the message part that depends only on what a socket sees (its seat, or a spectator's view,
  and its language) is built once per such *view key* and shared by every socket with that key,
  and only for keys some socket holds now;
- a log entry is described once per seat that reads it (both languages) and kept: a change
  describes its new entries only, an undo keeps the entries before the first one it changed;
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
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from asztal import games
from asztal.engine import GameState
from asztal.server import texts

try:
    from asztal.web.present import decorate, named_log
except ImportError:  # the server runs without the browser package too
    decorate = named_log = None

log = logging.getLogger("asztal.server")

_MASK63 = (1 << 63) - 1

#: a board's patch is worth sending while it is shorter than this share of the whole board
PATCH_WORTH = 0.6


class Refusal(Exception):
    """A change refused; ``message`` is the ``error`` to send (nothing changed)."""

    def __init__(self, code: str, detail: str | None = None, **extra: Any) -> None:
        super().__init__(code)
        self.message = texts.error(code, detail, **extra)


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
        self.view: dict[str, Any] | None = None   # the view object it was last sent (by identity)
        self.board: str | None = None             # the board text it was last sent (by identity)
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(outbox + 2)
        self.limit = outbox
        self.overflowed = False
        self.buckets: dict[str, list[float]] = {}

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


def board_module(game_name: str):
    """The game's SVG board (its declared ``board`` part), else None."""
    return games.load(game_name).part("board")


def board_tokens(svg: str) -> list[str]:
    """A board cut at every ``>``: the units a ``board_patch`` counts (the client cuts alike)."""
    return svg.split(">")


def board_patch(old: str, new: str, window: int = 64) -> list[list[Any]] | None:
    """``new`` as edits of ``old``: ``[[start, end, text], ...]`` in ``old``'s tokens, each
    replacing tokens ``start:end`` with ``text`` cut at ``>`` (``None``: with no tokens),
    in order. None when the edits would not be much shorter than the board itself.

    A linear walk that re-synchronises on the nearest common token ahead: a board's next
    drawing keeps its shapes in order and changes a few, so this finds small edits at a
    fraction of a general diff's cost."""
    a, b = board_tokens(old), board_tokens(new)
    n, m = len(a), len(b)
    i = 0
    while i < n and i < m and a[i] == b[i]:
        i += 1
    j = i
    tail = 0
    while tail < n - i and tail < m - i and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    n, m = n - tail, m - tail
    where: dict[str, list[int]] = {}
    for k in range(j, m):
        where.setdefault(b[k], []).append(k)
    ops: list[list[Any]] = []
    size = 0
    limit = PATCH_WORTH * len(new)
    while i < n and j < m:
        if a[i] == b[j]:
            i += 1
            j += 1
            continue
        best: tuple[int, int, int] | None = None
        for di in range(window):
            ii = i + di
            if ii >= n or (best is not None and di >= best[0]):
                break
            found = where.get(a[ii])
            if found:
                k = bisect_right(found, j - 1)
                if k < len(found):
                    cost = di + found[k] - j
                    if best is None or cost < best[0]:
                        best = (cost, ii, found[k])
        if best is None:
            break
        _, i2, j2 = best
        text = ">".join(b[j:j2]) if j2 > j else None
        ops.append([i, i2, text])
        size += 16 + (len(text) if text else 0)
        if size > limit:
            return None
        i, j = i2, j2
    if i < n or j < m:
        text = ">".join(b[j:m]) if m > j else None
        ops.append([i, n, text])
        size += 16 + (len(text) if text else 0)
    return None if size > limit else ops


def view_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``new`` as the top-level fields of ``old`` that changed: ``{"set": {...}, "drop": [...]}``."""
    changed = {k: v for k, v in new.items() if k not in old or old[k] != v}
    return {"set": changed, "drop": [k for k in old if k not in new]}


@dataclass
class Drawn:
    """One view key's part of a change: built once, shared by its sockets."""

    base: dict[str, Any]                 # everything but the log, the view and the board
    view: dict[str, Any]
    board: str | None
    prev_view: dict[str, Any] | None     # what a socket holding the last change's has
    prev_board: str | None
    patches: dict[str, Any] = field(default_factory=dict)  # view/board patches, made when first asked
    texts: dict[tuple, str] = field(default_factory=dict)  # JSON per (log span, view part, board part)


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
        #: per seat that reads the log (None: spectators), its entries described so far
        self.lines: dict[int | None, list[dict[str, Any]]] = {}
        #: per view key, the view and board last drawn (what the next change is a patch of)
        self.shown: dict[tuple[int | None, str], tuple[dict[str, Any], str | None]] = {}
        self._drawn: dict[tuple[int | None, str], Drawn] = {}

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

    # -- what changed -------------------------------------------------------------------
    def replaced(self, old: GameState, undone: bool) -> None:
        """The room's state was replaced by a change: forget what this change makes stale.

        After an undo the log is rebuilt by replay: the entries before the first one that
        differs stay described (and held by the sockets); the rest go."""
        self._drawn = {}
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
        for c in self.clients:
            c.log_sent = min(c.log_sent, same)

    def renamed(self) -> None:
        """A seat's name or presence changed: the described log (which names seats) and the
        panels are made again, and every socket gets its log again."""
        self.lines = {}
        self._drawn = {}
        for c in self.clients:
            c.log_sent = 0

    def refreshed(self) -> None:
        """Something in the message besides the game changed (a timer, a stand-in): rebuild it."""
        self._drawn = {}

    # -- the state message --------------------------------------------------------------
    def _draw(self, key: tuple[int | None, str]) -> Drawn:
        """The part of this change's ``state`` that one view key shares (made once)."""
        drawn = self._drawn.get(key)
        if drawn is not None:
            return drawn
        st = self.state
        seat, lang = key
        view = st.view(seat)
        to_move = None if st.is_over else st.to_move
        legal = ([{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()]
                 if seat is not None and seat == to_move and self.status == "running" else [])
        msg: dict[str, Any] = {"type": "state", "seq": self.seq, "status": self.status, "to_move": to_move,
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
                decorate(msg, st, seat, lang, view, self.seat_info(), self.log_mark, board)
                decorated = True
            except Exception:  # the game still plays with the plain message
                log.exception("could not decorate the state of game %s", self.id)
                msg["legal"] = legal
        if not decorated and board is not None:
            msg["board"] = board.draw(view, legal, lang)
        svg = msg.pop("board", None)
        prev_view, prev_board = self.shown.get(key, (None, None))
        if prev_view is not None and prev_view == view:
            view = prev_view  # unchanged: the same object, so a socket holding it is sent nothing
        if prev_board is not None and prev_board == svg:
            svg = prev_board
        self.shown[key] = (view, svg)
        drawn = Drawn(msg, view, svg, prev_view, prev_board)
        self._drawn[key] = drawn
        return drawn

    def _log_lines(self, seat: int | None, start: int) -> list[dict[str, Any]]:
        """Log entries from ``start`` as ``seat`` reads them, each described once and kept."""
        st = self.state
        lines = self.lines.setdefault(seat, [])
        total = len(st.log or [])
        if len(lines) < total:
            have = len(lines)
            describe = st.game.describe
            new = [{"i": have + k, "hu": describe(e, "hu", seat), "en": describe(e, "en", seat)}
                   for k, e in enumerate(st.log_for(seat, have))]
            if named_log is not None:  # the lobby's names instead of "2. játékos" (asztal.web.present)
                new = named_log(new, self.seat_info())
            lines.extend(new)
        return lines[start:total]

    def message(self, client: Client) -> str:
        """The ``state`` JSON for one socket: what changed since what it holds (all of it for a
        socket that holds nothing), as text shared with every socket sent the same."""
        d = self._draw(client.key)
        start = min(client.log_sent, len(self.state.log or []))
        end = len(self.state.log or [])
        if client.view is d.view:
            vpart = "same"
        elif client.view is not None and client.view is d.prev_view:
            vpart = "patch"
        else:
            vpart = "whole"
        if d.board is None or client.board is d.board:
            bpart = "same"
        elif client.board is not None and client.board is d.prev_board and self._board_patch(d) is not None:
            bpart = "patch"
        else:
            bpart = "whole"
        tkey = (start, end, vpart, bpart)
        text = d.texts.get(tkey)
        if text is None:
            msg = {**d.base, "log_start": start, "log": self._log_lines(client.seat, start)}
            if vpart == "whole":
                msg["view"] = d.view
            elif vpart == "patch":
                if "view" not in d.patches:
                    d.patches["view"] = view_patch(d.prev_view or {}, d.view)
                msg["view_patch"] = d.patches["view"]
            if bpart == "whole":
                msg["board"] = d.board
            elif bpart == "patch":
                msg["board_patch"] = self._board_patch(d)
            text = json.dumps(msg, ensure_ascii=False)
            d.texts[tkey] = text
        client.log_sent, client.view, client.board = end, d.view, d.board
        return text

    @staticmethod
    def _board_patch(d: Drawn) -> list[list[Any]] | None:
        if "board" not in d.patches:
            d.patches["board"] = (board_patch(d.prev_board, d.board)
                                  if d.prev_board is not None and d.board is not None else None)
        return d.patches["board"]

    def whole_state(self, client: Client) -> str:
        """Everything (a socket's first ``state``, or after it changed language)."""
        client.forget()
        return self.message(client)

    def broadcast_state(self) -> None:
        """Every socket its ``state``, after the room's state (or its seats, timer) changed."""
        self._drawn = {}
        for c in list(self.clients):
            c.send(self.message(c))

    def broadcast(self, msg: dict[str, Any]) -> None:
        text = json.dumps(msg, ensure_ascii=False)
        for c in list(self.clients):
            c.send(text)


def epoch(stamp: dt.datetime | None) -> float | None:
    """Unix time of a stored timestamp (SQLite gives them back without a zone: they are UTC)."""
    if stamp is None:
        return None
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.UTC)).timestamp()
