"""Two ``asztal serve`` processes on one PostgreSQL database: a move made through one reaches
the sockets of the other (LISTEN/NOTIFY), and the database orders the moves of a game."""

from __future__ import annotations

import pytest

from tests.server.wire import Server, needs_pg, pg_database

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
