"""Durability, as a real process: SIGKILL ``asztal serve`` at random moments while humans and
bots play over WebSockets, restart it, and check that every acknowledged change is still there
and every game continues to the state its record replays to.

10 kills per database in ``make test``; 100 with ``ASZTAL_SOAK=1`` (``make soak``).
"""

from __future__ import annotations

import os
import random
import threading

import pytest
from websockets.exceptions import WebSocketException

from asztal import games
from asztal.server.moves import record_of
from asztal.server.storage import Storage
from tests.server.wire import Server

KILLS = 100 if os.environ.get("ASZTAL_SOAK") else 10

#: (game, players, seats): seat 0 is the scripted human, the others bots
TABLES = [
    ("pax", 2, [{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
    ("pocketciv", 1, [{"kind": "human"}]),
    ("caboose", 3, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]),
    ("pax", 2, [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]),
]


class Table:
    """One game of the test: its id, the human's token and what its sockets were told."""

    def __init__(self, made: dict) -> None:
        self.id = made["game"]["id"]
        self.token = made["token"]
        self.acked: dict[int, dict] = {}   # seq -> the view the human's socket got at that seq
        self.spectated: dict[int, dict] = {}
        self.over = False


def _replayed(storage: Storage, gid: str, upto: int | None = None):
    changes = storage.changes(gid)
    if upto is not None:
        changes = changes[:upto]
    return games.replay(record_of(storage.game_row(gid), changes)), len(storage.changes(gid))


def _play_round(server: Server, tables: list[Table], rng: random.Random) -> None:
    """Play until the server dies under us (or every game is over)."""
    socks = {}
    try:
        for t in tables:
            if not t.over:
                socks[t.id] = (server.sock(t.id, t.token), t)
        while socks:
            for gid, (s, t) in list(socks.items()):
                st = s.recv(10)
                if st["type"] != "state":
                    continue
                (t.acked if t.token else t.spectated)[st["seq"]] = st["view"]
                if st["is_over"]:
                    t.over = True
                    s.close()
                    del socks[gid]
                elif st["legal"]:
                    s.send(type="act", code=rng.choice(st["legal"])["code"], seq=st["seq"])
    except (WebSocketException, OSError, EOFError, TimeoutError):
        pass  # the server was killed under us (perhaps in the middle of a handshake)
    finally:
        for s, _ in socks.values():
            try:
                s.close()
            except Exception:
                pass


def _check(storage: Storage, tables: list[Table]) -> None:
    """Every view a socket was given is what the stored log replays to at that seq."""
    for t in tables:
        seen = t.acked if t.token else t.spectated
        if not seen:
            continue
        top = max(seen)
        state, stored = _replayed(storage, t.id, top)
        assert stored >= top, f"game {t.id}: change {top} was acknowledged but is not stored ({stored})"
        view_seat = 0 if t.token else None
        assert state.view(view_seat) == seen[top], f"game {t.id}: the stored log replays to another state"


def _durability(db: str, tmp_path, seed: int) -> int:
    rng = random.Random(seed)
    server = Server(db, tmp_path / "server.log")
    server.start()
    storage = Storage(db)
    tables = [Table(server.create(game=g, players=p, seats=seats, seat=0 if seats[0]["kind"] == "human" else None))
              for g, p, seats in TABLES]
    kills = 0
    while kills < KILLS:
        if all(t.over for t in tables):  # keep enough games going to kill the server in the middle of
            tables += [Table(server.create(game=g, players=p, seats=seats,
                                           seat=0 if seats[0]["kind"] == "human" else None))
                       for g, p, seats in TABLES]
        killer = threading.Timer(rng.uniform(0.05, 0.8), server.kill)
        killer.start()
        _play_round(server, tables, rng)
        killer.join()
        server.kill()
        kills += 1
        _check(storage, tables)
        server.start()
        # after the restart each game goes on from exactly its stored state
        for t in tables:
            with server.sock(t.id, t.token) as s:
                st = s.until("state")
                state, stored = _replayed(storage, t.id, st["seq"])
                assert stored >= st["seq"] and st["view"] == state.view(0 if t.token else None)
    # finish every game and check the records give out the final states
    while not all(t.over for t in tables):
        _play_round(server, tables, rng)
    for t in tables:
        rec = server.api("GET", f"/api/games/{t.id}/record").json()["record"]
        final = games.replay(rec)
        assert final.is_over
        seen = t.acked if t.token else t.spectated
        assert final.view(0 if t.token else None) == seen[max(seen)]
    server.stop()
    storage.close()
    return kills


def test_sigkill_loses_no_acknowledged_change(db_url, tmp_path):
    assert _durability(db_url, tmp_path, seed=20261201) == KILLS  # every planned kill happened (100 in the soak)


@pytest.mark.skipif(not os.environ.get("ASZTAL_SOAK"), reason="a second seed only in the soak (ASZTAL_SOAK=1)")
def test_sigkill_soak_another_seed(db_url, tmp_path):
    assert _durability(db_url, tmp_path, seed=7) >= 100
