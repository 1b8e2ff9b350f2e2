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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asztal import games
from asztal.bots import make_bot
from asztal.engine import BadRecord, GameState, IllegalAction
from asztal.server import texts
from asztal.server.botpool import INSTANT
from asztal.server.room import Refusal, Room, epoch
from asztal.server.storage import Change, Conflict, now

if TYPE_CHECKING:
    from asztal.server.botpool import BotPool
    from asztal.server.storage import Storage

log = logging.getLogger("asztal.server")


#: instant bot moves a human's move carries at most (a bound on the work under the room's lock)
MAX_ANSWERS = 16


@dataclass
class _Step:
    """One change of ``Moves.submit``: the change, the state it leads to, what is stored with it."""

    change: Change
    state: GameState
    status: str
    append: tuple[Change, str, int | None, dict[str, Any] | None, dt.datetime | None]  # submit_append's
    deadline: float | None  # the turn's deadline as the room keeps it


def _seen(fut: asyncio.Future[None]) -> None:
    """Retrieve a bot change's outcome (a refusal is handled where it matters, not logged as lost)."""
    if not fut.cancelled():
        fut.exception()


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
    bot_time: float  # the bots' thinking budget (``meta.bot_spec``)
    #: called after every change this instance commits (``Hub``'s list: mail, ratings)
    watchers: list[Callable[[Room, Change], None]]
    metrics: Any  # the operator's series (metrics.py), or None

    if TYPE_CHECKING:
        def schedule(self, room: Room) -> None: ...  # presence.Presence

    async def submit(self, room: Room, seat: int | None, kind: str, code: str | None, seq: int,
                     by: str = "human") -> None:
        """Check, commit and broadcast one change; Refusal (nothing changed) otherwise.

        A human's move that hands the turn to an instant bot (``botpool.INSTANT``) carries the
        bot's answer with it (``_answers``): the bot's moves are chosen at once, as its own
        task would choose them (the same seed, the same state), committed right behind the
        move in the same group commit, and installed with it, so the mover's ``state`` carries
        both and the boards are drawn once. A bot move that does not commit (another instance
        took its number) is left to the bot's task, as before."""
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
            steps = [self._step(room, room.seq + 1, kind, code if kind == "act" else None, seat, by, new)]
            if kind == "act" and by == "human":
                steps += self._answers(room, new)
            began = time.perf_counter()
            waiters = [asyncio.wrap_future(self.storage.submit_append(room.id, *step.append))
                       for step in steps]
            try:
                try:
                    await asyncio.shield(waiters[0])
                except asyncio.CancelledError:
                    # cancelled (a bot move overtaken) while its change was being committed: the
                    # change is in the database either way, so finish installing it, then stop
                    await waiters[0]
                    await self._install_steps(room, steps, waiters, began)
                    raise
            except Conflict:
                await self._catch_up_locked(room)  # another instance was first: take its change
                raise Refusal("busy") from None
            except Exception:  # the database failed: nothing was committed, so nothing changed
                log.exception("could not store change %d of game %s", steps[0].change.seq, room.id)
                raise Refusal("busy") from None
            finally:
                for w in waiters[1:]:
                    w.add_done_callback(_seen)  # a bot's change refused: told below, or left to its task
            if self.metrics is not None:
                self.metrics.commit.observe(time.perf_counter() - began)
            await self._install_steps(room, steps, waiters, began)

    def _step(self, room: Room, number: int, kind: str, code: str | None, seat: int, by: str,
              new: GameState) -> _Step:
        status = "finished" if new.is_over else "running"
        result = ({"scores": [float(x) for x in new.scores()], "winners": list(new.winners())}
                  if new.is_over else None)
        deadline = turn_deadline(room, new)
        change = Change(number, kind, code, seat, by)
        return _Step(change, new, status, (change, status, None if new.is_over else new.to_move, result, deadline),
                     epoch(deadline))

    def _answers(self, room: Room, state: GameState) -> list[_Step]:
        """The moves of instant bots that follow ``state`` (a human waits: it just moved), each
        as the bot's own task would choose it (``presence._bot_move``: the same seed)."""
        from asztal.server.meta import bot_spec

        out: list[_Step] = []
        number = room.seq + 1
        while len(out) < MAX_ANSWERS and not state.is_over and state.to_move is not None:
            s = room.seats[state.to_move]
            if s.kind != "bot" or s.stand_in or s.bot is None or bot_spec(s.bot, self.bot_time) not in INSTANT:
                break
            code = make_bot(bot_spec(s.bot, self.bot_time), room.bot_seed(s.seat) + number).choose(state).code
            state = state.clone()
            state.apply(code)
            number += 1
            out.append(self._step(room, number, "act", state.history[-1].code, s.seat, "bot", state))
        return out

    async def _install_steps(self, room: Room, steps: list[_Step], waiters: list[asyncio.Future[None]],
                             began: float) -> None:
        """Install the first step (committed) and each following one that committed, in order,
        each told to the watchers with the room as it left it (mail, ratings); the room is
        scheduled from the last, and its ``state``s join into one."""
        last = 0
        cancelled: asyncio.CancelledError | None = None
        for k in range(1, len(steps)):
            try:
                try:
                    await asyncio.shield(waiters[k])
                except asyncio.CancelledError as e:  # committed or not, what committed is installed first
                    cancelled = e
                    await waiters[k]
            except Exception:  # not committed (another instance was first, or the database failed)
                break
            if self.metrics is not None:
                self.metrics.commit.observe(time.perf_counter() - began)
            last = k
        for k, step in enumerate(steps[:last + 1]):
            self._install(room, step.state, step.change.seq, step.status, step.change.kind == "undo", step.deadline,
                          then=k == last)
            self._played_for(room, step.change.seat, step.change.by, step.state)
            self.tell_watchers(room, step.change)
        if cancelled is not None:
            raise cancelled
        if last + 1 < len(steps):
            await self._catch_up_locked(room)  # what another instance committed instead, if anything

    def tell_watchers(self, room: Room, change: Change) -> None:
        """Mail, ratings (mail.py, ratings.py) after a change this instance committed, or after
        the join that started the game (``kind == "start"``, ``seat``: who joined)."""
        for watcher in self.watchers:
            try:
                watcher(room, change)
            except Exception:  # the move stands whatever a watcher does
                log.exception("a watcher failed after change %d of game %s", change.seq, room.id)

    def _played_for(self, room: Room, seat: int | None, by: str, state: GameState) -> None:
        """A stand-in moved: every socket is told a bot played for the seat, and the seat's
        player will read what was played when back."""
        if by != "stand_in" or seat is None or not state.history:
            return
        s = room.seats[seat]
        action = state.history[-1]
        s.played_for.append((action.hu, action.en))
        del s.played_for[:-200]
        room.broadcast(texts.seat_event("played_for", seat, s.name))

    def _install(self, room: Room, state: GameState, seq: int, status: str, undone: bool,
                 deadline: float | None = None, then: bool = True) -> None:
        """Make a committed state the room's, send every socket what changed, and plan what
        comes next (``then=False``: a later change is installed at once behind it, which plans;
        its ``state`` joins this one's, see ``Room.broadcast_state``)."""
        old = room.state
        room.log_mark = None if undone else len(old.log or [])
        room.turn_deadline = deadline
        room.state, room.seq, room.status = state, seq, status
        room.replaced(old, undone)
        if then:
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
