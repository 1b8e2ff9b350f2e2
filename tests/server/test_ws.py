"""Live play over the WebSocket: every message type, every refusal, seats, timers, undo."""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed

from asztal import games

HUMANS2 = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Béla"}]


def two_humans(server, **extra):
    """A running 2-player PAX game with both seats taken: (game id, [token0, token1])."""
    made = server.create(game="pax", players=2, seats=HUMANS2, seat=0, **extra)
    gid = made["game"]["id"]
    joined = server.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"}).json()
    return gid, [made["token"], joined["token"]]


def mover(socks, state):
    return socks[state["to_move"]]


def test_hello_and_state_give_the_seat_its_own_view(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1], lang="en") as s1:
        hello = s0.until("hello")
        assert hello["seat"] == 0 and hello["players"] == 2 and hello["status"] == "running"
        assert [s["name"] for s in hello["seats"]] == ["Anna", "Béla"]
        st0, st1 = s0.until("state"), s1.until("state")
        assert st0["seq"] == st1["seq"] == 0 and st0["log_start"] == 0
        # only the seat to move gets legal actions, with both languages' labels
        to_move = st0["to_move"]
        me, other = (st0, st1) if to_move == 0 else (st1, st0)
        assert me["legal"] and other["legal"] == []
        assert all(a["hu"] and a["en"] for a in me["legal"])
        # the view is exactly what view(seat) gives for this game (no seed, no other hand)
        assert st0["view"] != st1["view"]


def test_an_accepted_action_reaches_every_socket_with_the_next_seq(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1, server.sock(gid) as spec:
        socks = [s0, s1]
        st = s0.until("state")
        s1.until("state")
        spec.until("state")
        m = mover(socks, st)
        first = m.last_state
        m.send(type="act", code=first["legal"][0]["code"], seq=0)
        for s in (s0, s1, spec):
            new = s.state_at_least(1)
            assert new["seq"] == 1
            assert new["log_start"] >= 0 and all("hu" in e and "en" in e for e in new["log"])
        assert spec.last_state["legal"] == [] and spec.last_state["can_undo"] is False


def test_refusals_change_nothing_and_keep_the_connection(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1, server.sock(gid) as spec:
        socks = [s0, s1]
        st = s0.until("state")
        s1.until("state")
        spec.until("state")
        m, idle = mover(socks, st), socks[1 - st["to_move"]]
        legal = m.last_state["legal"]

        def refused(sock, code, send):
            send()
            err = sock.until("error")
            assert err["code"] == code, err
            sock.send(type="ping")
            sock.until("pong")

        refused(m, "bad_message", lambda: m.send_raw("{not json"))
        refused(m, "bad_message", lambda: m.send_raw("[1, 2]"))
        refused(m, "bad_message", lambda: m.send_raw(json.dumps({"type": "dance"})))
        refused(m, "bad_message", lambda: m.send_raw(json.dumps({"type": "act", "code": "x", "seq": 0, "x": 1})))
        refused(m, "bad_message", lambda: m.send_raw(json.dumps({"type": "act", "code": 5, "seq": 0})))
        refused(m, "bad_message", lambda: m.send_raw(json.dumps({"type": "act", "code": "x", "seq": True})))
        refused(m, "bad_message", lambda: m.send_raw(json.dumps({"type": "lang", "lang": "de"})))
        refused(m, "too_large", lambda: m.send_raw(json.dumps({"type": "act", "code": "x" * 100_000, "seq": 0})))
        refused(m, "stale", lambda: m.send(type="act", code=legal[0]["code"], seq=5))
        refused(m, "illegal", lambda: m.send(type="act", code="no-such-move", seq=0))
        refused(idle, "not_your_turn", lambda: idle.send(type="act", code=legal[0]["code"], seq=0))
        refused(idle, "not_your_turn", lambda: idle.send(type="why", code=legal[0]["code"]))
        refused(idle, "not_your_turn", lambda: idle.send(type="hint"))
        refused(spec, "spectator", lambda: spec.send(type="act", code=legal[0]["code"], seq=0))
        refused(spec, "spectator", lambda: spec.send(type="undo", seq=0))
        refused(m, "nothing_to_undo", lambda: m.send(type="undo", seq=0))
        info = server.api("GET", f"/api/games/{gid}").json()
        assert info["seq"] == 0
        stale = [x for x in m.msgs if x.get("code") == "stale"]
        assert stale[0]["seq"] == 0
        # and the game still plays
        m.send(type="act", code=legal[0]["code"], seq=0)
        assert s0.state_at_least(1)["seq"] == 1


def test_a_repeated_action_is_applied_once(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1:
        st = s0.until("state")
        s1.until("state")
        m = [s0, s1][st["to_move"]]
        code = m.last_state["legal"][0]["code"]
        m.send(type="act", code=code, seq=0)
        m.send(type="act", code=code, seq=0)
        assert m.until("error")["code"] in ("stale", "not_your_turn")
        assert server.api("GET", f"/api/games/{gid}").json()["seq"] == 1


def test_why_hint_lang_and_ping(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1:
        st = s0.until("state")
        s1.until("state")
        m = [s0, s1][st["to_move"]]
        legal = m.last_state["legal"]
        m.send(type="why", code=legal[0]["code"])
        assert m.until("why")["legal"] is True
        m.send(type="why", code="pass")
        why = m.until("why")
        assert why["legal"] is False and why["hu"] and why["en"] and why["hu"] != why["en"]
        m.send(type="hint")
        hint = m.until("hint", timeout=60)
        assert hint["code"] in {a["code"] for a in legal} and hint["seq"] == 0
        m.send(type="lang", lang="en")
        again = m.until("state")
        assert again["log_start"] == 0 and len(again["log"]) == len(st["log"])
        m.send(type="ping")
        m.until("pong")


def test_undo_restores_the_position_before_the_seats_own_decision(server):
    # solo PAX: the player decides several times in a row, so there is a decision to take back
    made = server.create(game="pax", players=1, seats=[{"kind": "human"}], seat=0)
    gid = made["game"]["id"]
    with server.sock(gid, made["token"]) as s:
        before = s.until("state")
        log_before = list(s.log)
        assert before["can_undo"] is False
        for seq in range(60):
            s.send(type="act", code=before["legal"][0]["code"], seq=seq)
            after = s.state_at_least(seq + 1)
            if after["can_undo"]:
                break
            before, log_before = after, list(s.log)
        else:
            pytest.fail("no decision could be taken back in 60 moves")
        s.send(type="undo", seq=seq + 1)
        back = s.state_at_least(seq + 2)
        assert back["seq"] == seq + 2
        assert back["view"] == before["view"] and back["legal"] == before["legal"]
        # only what the undone move changed is sent again: the log held is the one before it
        assert back["log_start"] > 0 and s.log == log_before
        s.send(type="undo", seq=seq)  # stale: the undo itself moved seq on
        assert s.until("error")["code"] == "stale"


def test_bad_token_and_unknown_game_close_the_socket(server):
    gid, _ = two_humans(server)
    with server.sock(gid, "x" * 43) as s:
        assert s.until("error")["code"] == "bad_token"
        with pytest.raises(ConnectionClosed) as e:
            s.recv(5)
        assert e.value.rcvd.code == 4401
    with server.sock("nosuchgame") as s:
        assert s.until("error")["code"] == "no_game"
        with pytest.raises(ConnectionClosed):
            s.recv(5)


def test_a_second_socket_of_a_seat_replaces_the_first(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as old:
        old.until("state")
        with server.sock(gid, tokens[0]) as new:
            new.until("state")
            assert old.until("error")["code"] == "replaced"  # the old window is told, then closed
            with pytest.raises(ConnectionClosed) as e:
                while True:
                    old.recv(5)
            assert e.value.rcvd.code == 4409
            new.send(type="ping")
            new.until("pong")


def test_a_game_waits_for_its_players_and_tells_who_joined(server):
    made = server.create(game="pax", players=2, seats=HUMANS2, seat=0)
    gid = made["game"]["id"]
    assert made["game"]["status"] == "open" and len(made["invites"]) == 1
    with server.sock(gid, made["token"]) as s0:
        st = s0.until("state")
        assert st["status"] == "open" and st["legal"] == []
        s0.send(type="act", code="pass", seq=0)
        assert s0.until("error")["code"] == "not_started"
        inv = made["invites"][0]
        joined = server.api("POST", f"/api/games/{gid}/join", json={"name": "Cili", "invite": inv["invite"]})
        assert joined.status_code == 200
        ev = s0.until("seat", lambda m: m["event"] == "joined")
        assert ev["name"] == "Cili" and ev["seat"] == 1
        assert s0.until("state")["status"] == "running"
        with server.sock(gid, joined.json()["token"]):
            assert s0.until("seat", lambda m: m["event"] == "connected")["seat"] == 1
        assert s0.until("seat", lambda m: m["event"] == "disconnected")["seat"] == 1


def test_a_slow_player_whose_socket_is_open_is_warned_and_gets_only_the_move_that_ran_out(server):
    gid, tokens = two_humans(server, turn_timer=3, stand_in="random")
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1:
        socks = [s0, s1]
        st = s0.until("state")
        s1.until("state")
        slow = st["to_move"]
        other = socks[1 - slow]
        first = other.until("seat", lambda m: m["event"] in ("time_short", "played_for", "stand_in"), timeout=20)
        assert (first["event"], first["seat"]) == ("time_short", slow) and first["hu"] and first["en"]
        told = other.until("seat", lambda m: m["event"] in ("played_for", "stand_in"), timeout=20)
        assert (told["event"], told["seat"]) == ("played_for", slow)  # one move, no stand-in taking over
        moved = socks[slow].until("state", lambda m: m["seq"] > st["seq"], timeout=30)
        assert moved["stand_in"] == [] and moved["seq"] == st["seq"] + 1
        info = server.api("GET", f"/api/games/{gid}").json()
        assert not info["seats"][slow]["stand_in"]


def test_turn_timer_hands_the_seat_of_a_player_with_no_socket_to_a_stand_in_until_back(server):
    gid, tokens = two_humans(server, turn_timer=1, stand_in="random")
    slow = server.api("GET", f"/api/games/{gid}").json()["to_move"]
    with server.sock(gid, tokens[1 - slow]) as waiting:
        st = waiting.until("state")
        assert st["deadline"] is not None and st["deadline"] > time.time() - 5
        ev = waiting.until("seat", lambda m: m["event"] == "stand_in", timeout=20)
        assert ev["seat"] == slow
        # every seat is told a bot played for the slow one, but not what it played
        told = waiting.until("seat", lambda m: m["event"] == "played_for")
        assert told["seat"] == slow
        with server.sock(gid, tokens[slow]) as s:  # opening the game is coming back
            assert s.until("seat", lambda m: m["event"] == "returned")["seat"] == slow
            back = s.until("stood_in")  # and the player reads what was played for them
            assert back["moves"] and all(m["hu"] and m["en"] for m in back["moves"])


def test_a_game_against_bots_waits_for_its_player(server):
    """No stand-in where no other human waits: the timer runs out and the grace passes, the
    seat stays its player's (even PocketCiv solo)."""
    for game, seats in [("pax", [{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
                        ("pocketciv", [{"kind": "human"}])]:
        made = server.create(game=game, players=len(seats), seats=seats, seat=0, turn_timer=1, grace=0,
                             stand_in="random")
        gid = made["game"]["id"]
        with server.sock(gid, made["token"]) as s:
            st = s.until("state", lambda m: m["to_move"] == 0)
        with server.sock(gid) as watcher:  # a spectator is not a player waiting
            watcher.until("state")
            with pytest.raises(TimeoutError):
                watcher.until("seat", lambda m: m["event"] == "stand_in", timeout=3)
        info = server.api("GET", f"/api/games/{gid}").json()
        assert info["seq"] == st["seq"] and not any(x["stand_in"] for x in info["seats"])


def test_a_player_away_past_the_grace_period_is_stood_in_for(server):
    made = server.create(game="pax", players=2, seats=[{"kind": "human", "name": "Anna"},
                                                       {"kind": "human", "name": "Béla"}],
                         seat=0, grace=0, stand_in="random")
    gid = made["game"]["id"]
    with server.sock(gid, made["token"]) as s0:
        s0.until("state")
        joined = server.api("POST", f"/api/games/{gid}/join", json={"name": "Béla"}).json()
        with server.sock(gid, joined["token"]) as s1:
            s1.until("state")
        ev = s0.until("seat", lambda m: m["event"] == "stand_in" and m["seat"] == 1, timeout=20)
        assert ev["name"] == "Béla"
        with server.sock(gid, joined["token"]) as s1:
            s1.until("state")
            assert s0.until("seat", lambda m: m["event"] == "returned")["seat"] == 1


def test_bots_play_a_game_to_its_end_and_the_record_replays_to_it(server):
    made = server.create(game="pax", players=3,
                         seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"},
                                {"kind": "bot", "bot": "easy"}])
    gid = made["game"]["id"]
    assert made["token"] is None and made["invites"] == []
    with server.sock(gid) as spec:
        last = spec.until("state", lambda m: m["is_over"], timeout=120)
    rec = server.api("GET", f"/api/games/{gid}/record").json()
    final = games.replay(rec["record"])
    assert final.is_over and [float(x) for x in final.scores()] == last["scores"]
    assert final.view(None) == last["view"]
    info = server.api("GET", f"/api/games/{gid}").json()
    assert info["status"] == "finished" and info["winners"] == last["winners"]
