"""The one path every change takes: ``submit`` → store → install → broadcast.

``Moves.submit`` serves a human's move, a bot's, a stand-in's and an undo alike: check the seat
and ``seq``, apply on a copy (an undo through the engine's own ``undo``), commit the change to
the action log under the next sequence number, and only then replace the room's state and send
every socket what changed for it. A change another instance committed arrives through
``catch_up`` (told by PostgreSQL NOTIFY) and is installed the same way.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from asztal import games
from asztal.engine import BadRecord, GameState, IllegalAction
from asztal.server import texts
from asztal.server.room import Refusal, Room, epoch
from asztal.server.storage import Change, Conflict, now

if TYPE_CHECKING:
    from asztal.server.botpool import BotPool
    from asztal.server.storage import Storage

log = logging.getLogger("asztal.server")


def record_of(row: dict[str, Any], changes: list[Change]) -> dict[str, Any]:
    """A game's record from its row and its action log (an undo row takes back the last act)."""
    codes: list[str] = []
    for ch in changes:
        if ch.kind == "act":
            if ch.code is None:  # only a hand-edited database holds one: the game is a bad record
                raise BadRecord(f"change {ch.seq} of the action log is a move without its code")
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


def turn_deadline(room: Room, new: GameState) -> dt.datetime | None:
    """When the turn that ``new`` begins runs out: a human's turn in a game with a turn timer
    (minutes live, hours or days turn-based). Stored with the change that begins the turn."""
    timer = room.row["turn_timer"]
    if not timer or new.is_over or new.to_move is None or room.seats[new.to_move].kind != "human":
        return None
    return now() + dt.timedelta(seconds=timer)


class Moves:
    """The hub's move path (``Hub`` mixes it in with presence and loading)."""

    storage: Storage
    pool: BotPool
    #: called after every change this instance commits (``Hub``'s list: mail, ratings)
    watchers: list[Callable[[Room, Change], None]]
    metrics: Any  # the operator's series (metrics.py), or None

    if TYPE_CHECKING:
        def schedule(self, room: Room) -> None: ...  # presence.Presence

    async def submit(self, room: Room, seat: int | None, kind: str, code: str | None, seq: int,
                     by: str = "human") -> None:
        """Check, commit and broadcast one change; Refusal (nothing changed) otherwise."""
        async with room.lock:
            if seat is None:
                raise Refusal("spectator")
            if room.status == "open":
                raise Refusal("not_started")
            if room.state.is_over or room.status == "finished":  # finished: or closed by an operator
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
                if room.rated:
                    raise Refusal("rated_no_undo")  # a takeback after the others replied would rate a retry
                if not st.can_undo(seat):
                    raise Refusal("nothing_to_undo")
                new = st.undo(seat)
            status = "finished" if new.is_over else "running"
            result = ({"scores": [float(x) for x in new.scores()], "winners": list(new.winners())}
                      if new.is_over else None)
            change = Change(room.seq + 1, kind, code if kind == "act" else None, seat, by)
            deadline = turn_deadline(room, new)
            began = time.perf_counter()
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
            if self.metrics is not None:
                self.metrics.commit.observe(time.perf_counter() - began)
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
        """Make a committed state the room's, send every socket what changed, and plan what comes next."""
        old = room.state
        room.log_mark = None if undone else len(old.log or [])
        room.turn_deadline = deadline
        room.state, room.seq, room.status = state, seq, status
        room.replaced(old, undone)
        self.schedule(room)
        room.broadcast_state()

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
                state = state.undo(ch.seat)
                undone = True
        row = await asyncio.to_thread(self.storage.game_row, room.id)
        self._install(room, state, changes[-1].seq, row["status"] if row else room.status, undone,
                      epoch(row.get("turn_deadline")) if row else None)
