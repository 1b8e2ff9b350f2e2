"""A room's ``state`` messages and events reach every socket in the order they were committed
(room.py, ``broadcast_state``): a change made while the room's previous ``state`` still waits
to be sent joins it (one message carries both), but an event queued between two changes
keeps its place: the socket reads the first change, then the event, then the second.

The boards are "drawn" by a drawer that waits at a gate the test opens, so a ``state`` step
can be held waiting (or in the middle of its drawing) while changes and events are queued
behind it, as a drawing process busy with other games holds them. A twin room gets the same
changes, each sent at once to a fresh socket: every message a socket of the held room got,
applied to what it held before, must give exactly the twin's whole state of that change.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from asztal import games
from asztal.server.render import BoardKey, DrawJob
from asztal.server.room import Client, Room

KEYS = [(0, "hu"), (1, "hu"), (None, "hu"), (0, "en")]


class Gate:
    """A drawer that waits while the gate is closed and tells when a drawing waits at it."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.open.set()
        self.waiting = asyncio.Event()
        self.held = 0  # drawings waiting at the gate now

    async def draw(self, key: BoardKey, prev_no: int | None, no: int, prev: str | None,
                   job: DrawJob) -> tuple[str, None]:
        if not self.open.is_set():
            self.held += 1
            self.waiting.set()
            await self.open.wait()
            self.held -= 1
        return json.dumps(job, ensure_ascii=False, sort_keys=True), None


def _room(seed: int) -> Room:
    state = games.load("pax").new_game(2, seed, {})
    row = {"id": f"g{seed}", "status": "running", "stand_in": "greedy", "turn_timer": None, "grace": 120,
           "private": False}
    seats = [{"seat": s, "name": "Anna" if s == 0 else "", "kind": "human", "bot": None, "token_hash": "x"}
             for s in range(2)]
    return Room(row, seats, state, 0)


def _received(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.outbox.empty():
        msg = client.outbox.get_nowait()
        assert isinstance(msg, str)
        out.append(json.loads(msg))
    return out


class Twin:
    """The room beside the held one: the whole state of each change, as a fresh socket gets it."""

    def __init__(self, seed: int) -> None:
        self.room = _room(seed)
        self.room.drawer = Gate().draw
        self.whole: dict[tuple[int, int | None, str], dict[str, Any]] = {}

    async def record(self) -> None:
        for key in KEYS:
            c = Client(*key)
            self.room.join(c)
            assert self.room._tail is not None
            await self.room._tail
            (msg,) = _received(c)
            assert msg["log_start"] == 0 and "view" in msg and "board" in msg
            self.whole[(self.room.seq, *key)] = msg
            self.room.clients.discard(c)


def _change(rooms: list[Room], rng: random.Random) -> None:
    """One move (or now and then an undo) committed to every room, as ``Moves._install`` does."""
    st = rooms[0].state
    undoer = next((s for s in range(st.players) if st.can_undo(s)), None)
    if undoer is not None and rng.random() < 0.2:
        new, undone = st.undo(undoer), True
    else:
        new, undone = st.clone(), False
        new.apply(rng.choice(list(st.legal_actions())).code)
    for room in rooms:
        old = room.state
        room.log_mark = None if undone else len(old.log or [])
        room.state, room.seq = new, room.seq + 1
        room.replaced(old, undone)
    rooms[0].broadcast_state()


class Holder:
    """What one socket holds, as the browser keeps it: each ``state`` applied to the last."""

    def __init__(self) -> None:
        self.held: dict[str, Any] = {}

    def apply(self, msg: dict[str, Any]) -> dict[str, Any]:
        held = self.held
        base = {k: v for k, v in msg.items() if k not in ("log_start", "log", "view", "view_patch", "board")}
        log = held.get("log", [])[:msg["log_start"]] + msg["log"]
        view = held.get("view")
        if "view" in msg:
            view = msg["view"]
        elif "view_patch" in msg:
            assert view is not None
            view = {**{k: v for k, v in view.items() if k not in msg["view_patch"]["drop"]},
                    **msg["view_patch"]["set"]}
        self.held = {**base, "log_start": 0, "log": log, "view": view, "board": msg.get("board", held.get("board"))}
        return self.held


async def _run(seed: int, script: list[str]) -> tuple[list[list[tuple[str, int]]], list[tuple[str, int]]]:
    """Play ``script`` (``c``: a change, ``e``: an event, ``w``: let the first step waiting
    begin its drawing and hold it there, ``o``: open the gate and send everything); every
    socket's states are checked against the twin's. Returns what each socket read and what
    was committed, each as ("s", seq) and ("e", n) in order."""
    gate = Gate()
    room, twin = _room(seed), Twin(seed)
    room.drawer = gate.draw
    clients = [Client(*key) for key in KEYS]
    for c in clients:
        room.join(c)
    assert room._tail is not None
    await room._tail
    await twin.record()
    holders = [Holder() for _ in clients]
    for c, h in zip(clients, holders, strict=True):
        (first,) = _received(c)
        assert h.apply(first) == twin.whole[(0, *c.key)]
    rng = random.Random(seed)
    read: list[list[tuple[str, int]]] = [[] for _ in clients]
    committed: list[tuple[str, int]] = []
    events = 0
    gate.open.clear()

    async def drain() -> None:
        gate.open.set()
        assert room._tail is not None
        await room._tail
        gate.open.clear()
        for c, h, got in zip(clients, holders, read, strict=True):
            for msg in _received(c):
                if msg["type"] == "state":
                    assert h.apply(msg) == twin.whole[(msg["seq"], *c.key)], (seed, c.key, msg["seq"])
                    got.append(("s", msg["seq"]))
                else:
                    got.append(("e", msg["n"]))

    for op in script:
        if op == "c" and not room.state.is_over:
            _change([room, twin.room], rng)
            committed.append(("s", room.seq))
            await twin.record()
        elif op == "e":
            events += 1
            room.broadcast({"type": "event", "n": events})
            committed.append(("e", events))
        elif op == "w":
            tail = room._tail
            if gate.held == 0 and tail is not None and not tail.done():
                gate.waiting.clear()
                waiting = asyncio.ensure_future(gate.waiting.wait())
                await asyncio.wait([tail, waiting], return_when=asyncio.FIRST_COMPLETED)
                waiting.cancel()
        elif op == "o":
            await drain()
    await drain()
    return read, committed


def _check_order(read: list[tuple[str, int]], committed: list[tuple[str, int]]) -> None:
    """Every event once, in its place; between two events, states in order, the last of them
    the last change committed before the next event (changes may join, none comes early)."""
    def segments(items: list[tuple[str, int]]) -> list[tuple[list[int], int | None]]:
        out: list[tuple[list[int], int | None]] = [([], None)]
        for kind, n in items:
            if kind == "e":
                out[-1] = (out[-1][0], n)
                out.append(([], None))
            else:
                out[-1][0].append(n)
        return out

    got, want = segments(read), segments(committed)
    assert [e for _, e in got] == [e for _, e in want]  # every event once, in order
    for (states, _), (changes, _) in zip(got, want, strict=True):
        assert states == sorted(set(states)) and set(states) <= set(changes)  # in order, none twice
        assert (states[-1] if states else None) == (changes[-1] if changes else None)


def test_an_event_between_two_changes_keeps_its_place_and_changes_queued_together_join() -> None:
    """The step of change 1 is drawing (held at the gate); changes 2 and 3 queue one step (they
    join); an event; changes 4 and 5 queue a step of their own behind the event; another event."""
    script = ["c", "w", "c", "c", "e", "c", "c", "e", "o"]
    read, _ = asyncio.run(_run(7, script))
    for got in read:
        assert got == [("s", 1), ("s", 3), ("e", 1), ("s", 5), ("e", 2)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_every_socket_reads_states_and_events_in_the_order_they_were_committed(seed: int) -> None:
    rng = random.Random(seed * 1000)
    script = rng.choices(["c", "e", "w", "o"], weights=[6, 2, 2, 1], k=120)
    read, committed = asyncio.run(_run(seed, script))
    assert sum(kind == "s" for kind, _ in committed) >= 30
    for got in read:
        _check_order(got, committed)
