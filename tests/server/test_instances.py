"""Two ``asztal serve`` processes on one PostgreSQL database: a move made through one reaches
the sockets of the other (LISTEN/NOTIFY), and the database orders the moves of a game."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.server.wire import Server, join_race, needs_pg, pg_database

pytestmark = needs_pg


@pytest.fixture
def two_servers(tmp_path):
    url, drop = pg_database()
    a = Server(url, tmp_path / "a.log").start()
    b = Server(url, tmp_path / "b.log").start()
    yield a, b
    a.stop()
    b.stop()
    drop()


def test_moves_on_one_instance_reach_the_other(two_servers):
    a, b = two_servers
    made = a.create(game="pax", players=2, seats=[{"kind": "human", "name": "Anna"},
                                                  {"kind": "human", "name": "Béla"}], seat=0)
    gid = made["game"]["id"]
    with a.sock(gid, made["token"]) as s0:
        s0.until("state")
        joined = b.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"})  # joined on the other one
        assert joined.status_code == 200
        assert s0.until("seat", lambda m: m["event"] == "joined")["name"] == "Béla"
        assert s0.until("state", lambda m: m["status"] == "running")
        with b.sock(gid, joined.json()["token"]) as s1, b.sock(gid) as spec_b:
            assert s0.until("seat", lambda m: m["event"] == "connected")["seat"] == 1
            socks = [s0, s1]
            st = s1.until("state")
            spec_b.until("state")
            seq = st["seq"]
            for _ in range(12):  # alternate between the instances as the turn passes
                cur = socks[0].state_at_least(seq)
                m = socks[cur["to_move"]]
                mine = m.state_at_least(seq)
                m.send(type="act", code=mine["legal"][0]["code"], seq=seq)
                seq += 1
                views = [s.state_at_least(seq) for s in (s0, s1, spec_b)]
                assert all(v["seq"] == seq for v in views)
            # both instances agree on the game, and on its spectator view
            assert a.api("GET", f"/api/games/{gid}").json()["seq"] == seq
            assert b.api("GET", f"/api/games/{gid}").json()["seq"] == seq
            with a.sock(gid) as spec_a:
                assert spec_a.until("state")["view"] == spec_b.state_at_least(seq)["view"]


def test_the_same_move_sent_to_both_instances_is_taken_once(two_servers):
    a, b = two_servers
    made = a.create(game="pax", players=1, seats=[{"kind": "human"}], seat=0)
    gid = made["game"]["id"]
    with a.sock(gid, made["token"]) as sa, b.sock(gid, made["token"]) as sb:
        st = sb.until("state")
        code = st["legal"][0]["code"]
        sa.send(type="act", code=code, seq=0)
        sb.send(type="act", code=code, seq=0)
        for s in (sa, sb):
            s.until("state", lambda m: m["seq"] == 1)
        sa.send(type="ping")
        sb.send(type="ping")
        for s in (sa, sb):
            s.until("pong")
        errors = [m["code"] for s in (sa, sb) for m in s.msgs if m["type"] == "error"]
        assert len(errors) == 1 and errors[0] in ("busy", "stale")  # exactly one of the two was refused
    assert a.api("GET", f"/api/games/{gid}").json()["seq"] == 1


# -- presence across instances: leases in the database ------------------------------------
LEASE = {"ASZTAL_PRESENCE_LEASE": "3"}


def _stand_in_moves(url: str, gid: str) -> int:
    from asztal.server.storage import Storage

    storage = Storage(url)
    try:
        return sum(1 for c in storage.changes(gid) if c.by == "stand_in")
    finally:
        storage.close()


def _play(socks, n: int) -> None:
    """``n`` human moves, each by the seat to move, on whichever instance its socket is."""
    for _ in range(n):
        st = socks[0].last_state
        seq = max(s.last_state["seq"] for s in socks)
        cur = socks[0].state_at_least(seq)
        if cur["is_over"]:
            return
        m = socks[cur["to_move"]]
        mine = m.state_at_least(seq)
        m.send(type="act", code=mine["legal"][0]["code"], seq=seq)
        for s in socks:
            s.state_at_least(seq + 1)
        del st


def test_a_rolling_restart_gives_no_stand_in_moves(tmp_path):
    """The upgrade the docs give: restart one instance, then the other, while two humans play.
    Each player moves to the instance that stays up; nobody is stood in for, ever."""
    url, drop = pg_database()
    a = Server(url, tmp_path / "a.log", env=LEASE).start()
    b = Server(url, tmp_path / "b.log", env=LEASE).start()
    try:
        made = a.create(game="pax", players=2, seat=0, grace=2, stand_in="random",
                        seats=[{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Béla"}])
        gid = made["game"]["id"]
        t1 = b.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"}).json()["token"]
        tokens = [made["token"], t1]
        where = [a, b]
        socks = [a.sock(gid, tokens[0]), b.sock(gid, tokens[1])]
        for s in socks:
            s.until("state")
        _play(socks, 4)
        for down, up in ((a, b), (b, a)):
            # the instance going down: its player reconnects to the one staying up
            down.stop()
            for i in range(2):
                if where[i] is down:
                    socks[i].close()
                    socks[i], where[i] = up.sock(gid, tokens[i]), up
                    socks[i].until("state")
            _play(socks, 3)
            down.start()  # the new version comes up, with both players on the other instance
            _play(socks, 3)
            time.sleep(6)  # past the grace period and two leases: a stand-in would have moved by now
            _play(socks, 2)
        assert _stand_in_moves(url, gid) == 0
        for s in socks:
            assert not any(m["type"] == "seat" and m["event"] == "stand_in" for m in s.msgs)
            s.close()
    finally:
        a.stop()
        b.stop()
        drop()


def test_a_killed_instances_players_are_gone_within_the_lease(tmp_path):
    url, drop = pg_database()
    a = Server(url, tmp_path / "a.log", env=LEASE).start()
    b = Server(url, tmp_path / "b.log", env=LEASE).start()
    try:
        made = a.create(game="pax", players=2, seat=0, grace=2, stand_in="random",
                        seats=[{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Béla"}])
        gid = made["game"]["id"]
        t1 = b.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"}).json()["token"]
        s0, s1 = a.sock(gid, made["token"]), b.sock(gid, t1)
        s0.until("state")
        s1.until("state")
        # instance b knows seat 0 is connected on a: told by a seat event, or (when a's lease
        # reached b before s1 connected) already in the seats of its hello
        hello = next(m for m in s1.msgs if m["type"] == "hello")
        told = any(m["type"] == "seat" and m["event"] == "connected" and m["seat"] == 0 for m in s1.msgs)
        if not (hello["seats"][0]["connected"] or told):
            s1.until("seat", lambda m: m["event"] == "connected" and m["seat"] == 0)
        killed = time.monotonic()
        a.kill()
        gone = s1.until("seat", lambda m: m["event"] == "disconnected" and m["seat"] == 0, timeout=20)
        seen_gone = time.monotonic()
        assert seen_gone - killed <= 3 + 1 + 4, seen_gone - killed  # the lease, one renewal period, slack
        stood = s1.until("seat", lambda m: m["event"] == "stand_in" and m["seat"] == 0, timeout=20)
        assert time.monotonic() - seen_gone >= 2 - 0.5  # the grace runs from when it was seen gone
        assert gone["name"] == stood["name"] == "Anna"
        # the stand-in plays seat 0 whenever it is its turn; the game goes on
        st = s1.last_state
        if st["to_move"] == 1:
            s1.send(type="act", code=st["legal"][0]["code"], seq=st["seq"])
        s1.until("state", lambda m: m["to_move"] == 1 and m["seq"] > st["seq"], timeout=30)
        assert _stand_in_moves(url, gid) >= 1
        s0.close()
        s1.close()
    finally:
        a.kill()
        b.stop()
        drop()


def test_concurrent_joins_on_two_instances_always_start_the_game(two_servers):
    a, b = two_servers
    join_race([a, b], 10)


def test_workers_serve_one_port_as_instances(tmp_path):
    """``asztal serve --workers 2``: two processes share the port, each an instance; sockets of
    one game land on either, and every socket sees every change, in order."""
    url, drop = pg_database()
    srv = Server(url, tmp_path / "w.log", args=["--workers", "2"]).start()
    try:
        made = srv.create(game="pax", players=2, seats=[{"kind": "human", "name": "Anna"},
                                                        {"kind": "human", "name": "Béla"}], seat=0)
        gid = made["game"]["id"]
        joined = srv.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"}).json()
        socks = [srv.sock(gid, made["token"]), srv.sock(gid, joined["token"]), srv.sock(gid), srv.sock(gid)]
        try:
            seq = socks[0].until("state", lambda m: m["status"] == "running")["seq"]
            for _ in range(10):
                cur = socks[0].state_at_least(seq)
                mover = socks[cur["to_move"]]
                mover.send(type="act", code=mover.state_at_least(seq)["legal"][0]["code"], seq=seq)
                seq += 1
                assert all(s.state_at_least(seq)["seq"] == seq for s in socks)
            assert socks[2].last_state["view"] == socks[3].last_state["view"]
        finally:
            for s in socks:
                s.close()
        # the supervisor's two instances (besides multiprocessing's resource tracker)
        children = [p for p in Path("/proc").iterdir() if p.name.isdigit() and _parent(p) == srv.proc.pid]
        cmdlines = [(p / "cmdline").read_bytes() for p in children]
        assert sum(b"spawn_main" in c for c in cmdlines) == 2, cmdlines
    finally:
        srv.stop()
        drop()


def _parent(proc) -> int | None:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None
