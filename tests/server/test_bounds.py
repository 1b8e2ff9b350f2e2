"""The bounds of issue 20 that need a server to show them, each shown by the order of events
rather than by time: hints and games of bots alone have their own workers (a flood of them does
not queue the bots of a game people play), the cap on pending hints (``busy``), the bounded
outbox of a socket that stops reading (closed with ``too_slow``, 4408) and the heartbeat that
lets go of a socket whose client went silent."""

from __future__ import annotations

import asyncio
import functools
import os
import queue
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from asztal.server.app import Settings, create_app
from asztal.server.room import Client
from tests.server.audit import LiveApp
from tests.server.wire import Sock

HUMANS = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Béla"}]


def _app(tmp_path: Path, **limits: Any):
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'bounds.db'}", workers=1, side_workers=1,
                               bot_time=0.05, rate_per_minute=10 ** 6, frames_per_minute=10 ** 6,
                               requests_per_minute=10 ** 6, **limits))


def _create(live: LiveApp, seats: list[dict], seat: int | None = 0, game: str = "pax",
            every: dict[int, str] | None = None) -> tuple[str, str | None]:
    """A running game (every human seat taken): its id and the token of the seat to move (of
    the creator's seat when no human is to move)."""
    gid = ""
    r = httpx.post(live.url + "/api/games", json={"game": game, "players": len(seats), "seat": seat,
                                                  "seats": seats}, timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    gid = made["game"]["id"]
    tokens = {seat: made["token"]}
    for inv in made["invites"]:
        j = httpx.post(f"{live.url}/api/games/{gid}/join", json={"invite": inv["invite"]}, timeout=30)
        assert j.status_code == 200, j.text
        tokens[inv["seat"]] = j.json()["token"]
    if every is not None:
        every.update(tokens)
    to_move = httpx.get(f"{live.url}/api/games/{gid}", timeout=30).json()["to_move"]
    return gid, tokens.get(to_move, made["token"])


def _sock(live: LiveApp, gid: str, token: str | None = None, **kw: Any) -> Sock:
    q = "?lang=hu" + (f"&token={token}" if token else "")
    return Sock(connect(f"ws://127.0.0.1:{live.port}/ws/games/{gid}{q}", open_timeout=20, max_size=1 << 24,
                        close_timeout=2, **kw))


class Recorder:
    """The bot pool's ``choose`` and ``suggest`` wrapped: each call's start and end, in order,
    kept in ``events`` and handed to the test through ``queue`` (which it waits on)."""

    def __init__(self, pool) -> None:
        self.events: list[tuple[str, str, str]] = []
        self.queue: queue.Queue[tuple[str, str, str]] = queue.Queue()
        for kind in ("choose", "suggest"):
            setattr(pool, kind, self._wrap(kind, getattr(pool, kind)))

    def _note(self, what: str, kind: str, key: str) -> None:
        self.events.append((what, kind, key))
        self.queue.put((what, kind, key))

    def _wrap(self, kind: str, call):
        async def wrapped(key: str, *args: Any, **kw: Any):
            self._note("start", kind, key)
            try:
                return await call(key, *args, **kw)
            finally:
                self._note("end", kind, key)
        return wrapped

    def wait_for(self, what: str, kind: str, key: str, timeout: float = 60) -> None:
        """Block until that event has happened (it may have happened already)."""
        while (what, kind, key) not in self.events:
            self.queue.get(timeout=timeout)


def test_hints_and_games_of_bots_alone_do_not_queue_the_bots_of_a_game_people_play(env, tmp_path):
    """The side worker is held busy (a task that waits on a pipe); a hint and a game of bots
    alone are asked for and wait behind it, and the bot of a game with a human still moves,
    in the bot workers. Released, the side work is done in its turn."""
    fifo = tmp_path / "hold"
    os.mkfifo(fifo)
    with LiveApp(_app(tmp_path)) as live:
        hub = live.app.state.hub
        rec = Recorder(hub.pool)
        held = hub.pool._executor(side=True).submit(functools.partial(Path.read_text, fifo))  # waits for a writer
        # a hint asked for by the seat to move of a game of two people
        hinted, token = _create(live, HUMANS)
        with _sock(live, hinted, token) as asker:
            asker.until("state")
            asker.send(type="hint")
            rec.wait_for("start", "suggest", hinted)
            # a game of bots alone: its first move is asked for
            bots, _ = _create(live, [{"kind": "bot", "bot": "random"}] * 2, seat=None)
            rec.wait_for("start", "choose", bots)
            # a game with a human and a bot: the human plays until the bot is to move
            # (greedy: a random bot of a game with a human moves in the event loop, without the workers)
            played, token1 = _create(live, [{"kind": "bot", "bot": "greedy"}, {"kind": "human"}], seat=1)
            with _sock(live, played, token1) as human:
                st = human.until("state")
                while st["to_move"] == 1:
                    st = human.act(st["legal"][0]["code"], st["seq"])
                rec.wait_for("end", "choose", played)
                assert human.state_at_least(1)["seq"] >= 1
                # the side work is still waiting behind the held worker: nothing of it was done
                assert ("end", "suggest", hinted) not in rec.events and ("end", "choose", bots) not in rec.events
                assert not held.done()
                with open(fifo, "w"):
                    pass  # the held task reads an empty pipe and ends
                held.result(timeout=60)
                hint = asker.until("hint", timeout=60)
                assert hint["seq"] == 0
                rec.wait_for("end", "choose", bots)
    first = {e: i for i, e in reversed(list(enumerate(rec.events)))}
    # asked for first, done last: the game people play did not wait in the side queue
    assert first[("start", "suggest", hinted)] < first[("start", "choose", bots)] < first[("start", "choose", played)]
    assert first[("end", "choose", played)] < first[("end", "suggest", hinted)]
    assert first[("end", "choose", played)] < first[("end", "choose", bots)]


def test_hints_past_the_cap_are_refused_busy_and_the_budget_comes_back(env, tmp_path):
    """``hints_pending`` 2: two hints being worked out (held until released), a third from
    another game is refused with ``busy`` at once; once they are answered, a hint is taken again."""
    with LiveApp(_app(tmp_path, hints_pending=2)) as live:
        hub = live.app.state.hub
        started: queue.Queue[str] = queue.Queue()

        async def gate() -> asyncio.Event:
            return asyncio.Event()

        release = live.run(gate())
        real = hub.pool.suggest

        async def held_suggest(key: str, record: dict, seat: int, seed: int):
            started.put(key)
            await release.wait()
            return await real(key, record, seat, seed)

        hub.pool.suggest = held_suggest
        games = [_create(live, HUMANS) for _ in range(3)]
        socks = [_sock(live, gid, token) for gid, token in games]
        try:
            for s in socks:
                s.until("state")
            for s, (gid, _) in zip(socks[:2], games, strict=False):
                s.send(type="hint")
                assert started.get(timeout=60) == gid
            assert hub.hints == 2
            socks[2].send(type="hint")
            assert socks[2].until("error")["code"] == "busy"
            assert started.empty()  # the refused hint was never asked of a worker
            live.loop.call_soon_threadsafe(release.set)
            for s in socks[:2]:
                assert s.until("hint", timeout=60)["seq"] == 0
            socks[2].send(type="hint")  # the budget is back
            assert started.get(timeout=60) == games[2][0]
            assert socks[2].until("hint", timeout=60)["seq"] == 0
            assert hub.hints == 0
        finally:
            for s in socks:
                s.close()


def test_a_socket_that_stops_reading_is_closed_too_slow(env, tmp_path):
    """``outbox`` 4: a socket whose writer is stuck (its client reads nothing: here a socket of
    the room with no writer at all) while the game goes on. Once 4 messages wait for it,
    nothing more is held for it and its close is queued last: ``too_slow``, 4408; the room's
    other sockets are not held up; a new socket gets the whole state."""
    with LiveApp(_app(tmp_path, outbox=4)) as live:
        hub = live.app.state.hub
        gid, _ = _create(live, HUMANS)
        room = live.run(hub.room(gid))
        stuck = Client(None, "hu", hub.settings.outbox)


        with _sock(live, gid) as reader:
            reader.until("state")
            live.loop.call_soon_threadsafe(lambda: room.join(stuck, room.hello(stuck)))
            for _ in range(20):
                st = room.state
                live.run(hub.submit(room, st.to_move, "act", st.legal_actions()[0].code, room.seq))
                assert reader.state_at_least(room.seq)["seq"] == room.seq  # the reader is sent every change
            held = [stuck.outbox.get_nowait() for _ in range(stuck.outbox.qsize())]
            assert stuck.overflowed and len(held) == stuck.limit + 1, len(held)
            close = held[-1]
            assert close["type"] == "close" and close["code"] == 4408 and close["error"]["code"] == "too_slow"
        with _sock(live, gid) as again:  # a new socket gets the whole state
            assert "view" in again.until("state") and again.last_state["seq"] == room.seq


def test_a_silent_socket_is_let_go_by_the_heartbeat(env, tmp_path):
    """A seat's client that stops answering (it reads nothing more, so it answers no ping) is
    let go by the heartbeat: the other seat is told it left (with a short heartbeat, awaited)."""
    with LiveApp(_app(tmp_path), ws_ping_interval=0.2, ws_ping_timeout=0.5) as live:
        tokens: dict[int, str] = {}
        gid, _ = _create(live, HUMANS, every=tokens)
        with _sock(live, gid, tokens[0]) as anna:
            anna.until("state")
            silent = Sock(connect(f"ws://127.0.0.1:{live.port}/ws/games/{gid}?lang=hu&token={tokens[1]}",
                                  max_queue=1, open_timeout=20, max_size=1 << 24, close_timeout=2))
            try:
                anna.until("seat", lambda m: m["seat"] == 1 and m["event"] == "connected")
                anna.until("seat", lambda m: m["seat"] == 1 and m["event"] == "disconnected", timeout=60)
                info = httpx.get(f"{live.url}/api/games/{gid}", timeout=30).json()
                assert not info["seats"][1]["connected"]
            finally:
                silent.close()
