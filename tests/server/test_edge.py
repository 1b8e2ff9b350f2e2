"""The edge, as an attacker and an unlucky player would try it: file paths in records, hostile
values on both databases, body sizes, floods, socket caps, private games, forwarded headers,
and what becomes of the bot workers when the server dies."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.test_ws import two_humans
from tests.server.wire import Server


@pytest.fixture
def any_db_server(db_url, tmp_path):
    srv = Server(db_url, tmp_path / "server.log").start()
    yield srv
    srv.stop()


def _detail(r: httpx.Response) -> dict:
    d = r.json()["detail"]
    assert set(d) == {"code", "hu", "en"} and d["hu"] and d["en"], d
    return d


# -- 1: a record from the network never names a file -------------------------------------
@pytest.mark.parametrize("game, key", [("pax", "pack"), ("caboose", "pack"), ("pocketciv", "map")])
def test_a_record_may_name_only_the_servers_packs(server, tmp_path, game, key):
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"password": "hunter2-very-secret"}))
    answers = []
    for path in [str(secret), "/etc/hostname", "/no/such/file.json", "/dev/zero", "../../etc/passwd"]:
        record = {"game": game, "players": 1 if game != "caboose" else 3, "seed": 1, "options": {key: path},
                  "actions": []}
        r = server.api("POST", "/api/replay/frame", json={"record_text": json.dumps(record), "step": 0})
        assert r.status_code == 400 and _detail(r)["code"] == "bad_record"
        assert "hunter2" not in r.text and "password" not in r.text
        answers.append(r.json()["detail"]["en"].replace(path[:40], "PATH"))
    assert len(set(answers)) == 1, answers  # no answer tells whether a file exists
    ok = {"game": game, "players": 1 if game != "caboose" else 3, "seed": 1,
          "options": {key: "reconstructed"} if key == "pack" else {}, "actions": []}
    r = server.api("POST", "/api/replay/frame", json={"record_text": json.dumps(ok), "step": 0})
    assert r.status_code == 200, r.text


def test_a_finished_record_names_its_pack_never_a_server_path(server):
    made = server.create(game="pax", players=2, options={"pack": "reconstructed"},
                         seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    gid = made["game"]["id"]
    for _ in range(300):
        if server.api("GET", f"/api/games/{gid}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    rec = server.api("GET", f"/api/games/{gid}/record").json()["record"]
    assert "/" not in json.dumps(rec["options"])


# -- 7: every field strictly at the edge, the same on both databases ---------------------
BAD_BODIES = [
    {"game": "pax", "players": True},                        # a boolean is not a number
    {"game": "pax", "players": "2"},                         # nor is text
    {"game": "pax\x00"},
    {"game": "pax", "seats": [{"name": "An\x00na"}]},
    {"game": "pax", "seats": [{"name": "\ud800"}]},
    {"game": "pax", "options": {"start": "\x00"}},
    {"game": "pax", "options": {"start": 10 ** 30}},
    {"game": "pax", "turn_timer": 1e308},
    {"game": "pax", "seat": 10 ** 30},
]


def test_hostile_values_are_refused_with_the_documented_error(any_db_server):
    srv = any_db_server
    for body in BAD_BODIES:
        r = srv.api("POST", "/api/games", content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (body, r.status_code, r.text)
        assert _detail(r)["code"] == "bad_request"
        assert "\\u0000" not in r.text and "1000000000000000000000" not in r.text  # the input is not echoed
    for raw, ctype in [('{"game": "pax", "players": ' + "9" * 5000 + "}", "application/json"),
                       ("{not json", "application/json"), ("game=pax", "application/x-www-form-urlencoded"),
                       ('{"game": "pax"}', "text/plain"), ("\xff\xfe", "application/json")]:
        r = srv.api("POST", "/api/games", content=raw.encode("utf-8", "surrogateescape"),
                    headers={"content-type": ctype})
        assert r.status_code in (400, 422), (raw[:40], r.status_code, r.text[:200])
        _detail(r)
    for gid in ["abc%00def", "%ED%A0%80", "x" * 300, "a b"]:
        for path in [f"/api/games/{gid}", f"/api/games/{gid}/record"]:
            r = srv.api("GET", path)
            assert r.status_code == 404 and _detail(r)["code"] in ("no_game", "not_found"), (path, r.text)
        r = srv.api("POST", f"/api/games/{gid}/join", json={})
        assert r.status_code == 404, r.text
    r = srv.api("POST", "/api/replay/frame", json={"game_id": "a\x00b", "step": 0})
    assert r.status_code in (400, 422) and _detail(r)
    assert srv.api("GET", "/api/games").status_code == 200


def test_hostile_messages_keep_the_socket_and_change_nothing(any_db_server):
    srv = any_db_server
    gid, tokens = two_humans(srv)
    with srv.sock(gid, tokens[0]) as s0, srv.sock(gid, tokens[1]) as s1:
        st = s0.until("state")
        s1.until("state")
        mover = [s0, s1][st["to_move"]]
        code = mover.last_state["legal"][0]["code"]
        for raw in ['{"type": "act", "code": "x\\u0000", "seq": 0}', '{"type": "act", "code": "\\ud800", "seq": 0}',
                    '{"type": "act", "code": "pass", "seq": ' + "9" * 5000 + "}",
                    '{"type": "why", "code": "\\udfff"}', json.dumps({"type": "act", "code": code + "\n", "seq": 0}),
                    json.dumps({"type": "act", "code": " " + code, "seq": 0}),
                    json.dumps({"type": "act", "code": code, "seq": 2 ** 40})]:
            mover.send_raw(raw)
            err = mover.until("error")
            assert err["code"] in ("bad_message", "stale"), (raw[:60], err)
            mover.send(type="ping")
            mover.until("pong")
        assert srv.api("GET", f"/api/games/{gid}").json()["seq"] == 0
        mover.send(type="act", code=code, seq=0)
        mover.state_at_least(1)
    gid2 = gid
    if srv.db.startswith("sqlite"):
        from asztal.server.storage import Storage

        stored = Storage(srv.db).changes(gid2)
        assert [c.code for c in stored] == [code]


# -- 6: bounded work for anyone ----------------------------------------------------------
def test_a_rest_body_over_the_cap_is_refused_unread(server):
    big = b'{"game": "pax", "seats": [{"name": "' + b"x" * (3 << 20) + b'"}]}'
    r = server.api("POST", "/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and _detail(r)["code"] == "too_large" and len(r.content) < 1000

    def chunks():
        for _ in range(64):
            yield b"x" * 65536
    r = server.api("POST", "/api/replay/frame", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and len(r.content) < 1000


def test_a_flood_without_reading_is_cut_off_not_buffered(server):
    """3,000 ``lang`` messages from a spectator that never reads: refused beyond its rate, and
    the socket is closed by the server rather than answered 3,000 times."""
    gid, _ = two_humans(server)
    with server.sock(gid) as spy:
        spy.until("state")
        sent = 0
        try:
            for _ in range(3000):
                spy.send(type="lang", lang="en")
                sent += 1
        except (ConnectionClosed, OSError):
            pass  # the server cut it off while it was still sending
        kinds = []
        with pytest.raises(ConnectionClosed) as e:
            while True:
                kinds.append(spy.recv(10))
        assert e.value.rcvd is None or e.value.rcvd.code == 4429
        states = [m for m in kinds if m["type"] == "state"]
        assert len(states) <= 10 and any(m.get("code") == "rate_limited" for m in kinds)
    with server.sock(gid) as again:  # the game and the server go on
        again.until("state")


def test_sockets_per_address_are_capped(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "s.log", env={"ASZTAL_SOCKETS_PER_ADDRESS": "3"}).start()
    try:
        gid, _ = two_humans(srv)
        socks = [srv.sock(gid) for _ in range(3)]
        for s in socks:
            s.until("state")
        with srv.sock(gid) as extra:
            assert extra.until("error")["code"] == "too_many_sockets"
            with pytest.raises(ConnectionClosed) as e:
                extra.recv(5)
            assert e.value.rcvd.code == 4429
        socks.pop().close()
        with srv.sock(gid) as again:
            again.until("state")
        for s in socks:
            s.close()
    finally:
        srv.stop()


# -- 8: private games ----------------------------------------------------------------------
def test_a_private_game_is_seen_only_by_its_seats_and_its_watch_link(server):
    made = server.create(game="pax", players=2, seat=0, private=True,
                         seats=[{"kind": "human", "name": "Titkos"}, {"kind": "bot", "bot": "random"}])
    gid, token, watch = made["game"]["id"], made["token"], made["watch"]
    assert watch and made["watch_url"].endswith(watch)
    assert gid not in {g["id"] for g in server.api("GET", "/api/games?limit=200").json()}
    assert server.api("GET", f"/api/games/{gid}").status_code == 404
    assert server.api("GET", f"/api/games/{gid}?key=forged").status_code == 404
    for key in (token, watch):
        assert server.api("GET", f"/api/games/{gid}?key={key}").json()["id"] == gid
    with server.sock(gid) as nobody:
        assert nobody.until("error")["code"] == "no_game"
    s = server.sock(gid, None)
    s.close()
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/games/{gid}?key={watch}", open_timeout=20) as ws:
        hello = json.loads(ws.recv(20))
        assert hello["type"] == "hello" and hello["seat"] is None


# -- 9: forwarded headers only from named proxies ------------------------------------------
@pytest.mark.parametrize("proxy", [False, True])
def test_forwarded_for_is_believed_only_from_named_proxies(tmp_path, proxy):
    args = ["--proxy", "127.0.0.1"] if proxy else []
    srv = Server(f"sqlite:///{tmp_path / 'p.db'}", tmp_path / "p.log", env={"ASZTAL_RATE_PER_MINUTE": "3"},
                 args=args).start()
    try:
        codes = [srv.api("POST", "/api/games", json={"game": "pax", "players": 2},
                         headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code for i in range(5)]
        # through a named proxy each forwarded address has its own budget; otherwise the header is ignored
        assert codes == ([201] * 5 if proxy else [201, 201, 201, 429, 429])
    finally:
        srv.stop()


# -- 10: workers die with their parent; SIGTERM closes cleanly -----------------------------
def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(x) for x in out]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_bot_workers_die_with_the_server(tmp_path, sig):
    srv = Server(f"sqlite:///{tmp_path / 'k.db'}", tmp_path / "k.log").start()
    try:
        made = srv.create(game="pax", players=2, seat=0, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        sock = srv.sock(made["game"]["id"], made["token"])
        sock.until("state")
        workers = _children(srv.proc.pid)
        assert workers
        os.kill(srv.proc.pid, sig)  # the server alone, not its process group
        srv.proc.wait(30)
        if sig == signal.SIGTERM:
            with pytest.raises(ConnectionClosed) as e:
                while True:
                    sock.recv(10)
            assert e.value.rcvd.code == 1012
            assert any(m.get("code") == "shutting_down" for m in sock.msgs)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers)
    finally:
        srv.kill()


# -- 5: what a stand-in played is read on return, even after a restart ---------------------
def test_a_player_reads_what_was_played_for_them_after_a_restart(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 's.db'}", tmp_path / "s.log").start()
    try:
        gid, tokens = two_humans(srv, grace=0, stand_in="random")
        with srv.sock(gid, tokens[0]) as s0:
            s0.until("state")
            with srv.sock(gid, tokens[1]) as s1:
                s1.until("state")
            s0.until("seat", lambda m: m["event"] == "stand_in" and m["seat"] == 1, timeout=20)
            for _ in range(40):  # Anna plays on; the stand-in plays Béla's turns
                st = s0.until("state", lambda m: m["to_move"] == 0 or m["is_over"], timeout=30)
                if st["is_over"] or any(m["type"] == "seat" and m["event"] == "played_for" for m in s0.msgs):
                    break
                s0.send(type="act", code=st["legal"][0]["code"], seq=st["seq"])
            assert any(m["type"] == "seat" and m["event"] == "played_for" and m["seat"] == 1 for m in s0.msgs)
        srv.kill()
        srv.start()
        with srv.sock(gid, tokens[1]) as back:
            told = back.until("stood_in", timeout=20)
            assert told["seat"] == 1 and told["moves"] and all(m["hu"] and m["en"] for m in told["moves"])
    finally:
        srv.stop()
