"""Hidden information at the wire, for every game: over whole games, what each seat's socket
and a spectator's socket receive is exactly that seat's ``view``, its own legal actions and the
log as that seat may read it; refusals tell nothing; the record of a running game and the seed
are never given out."""

from __future__ import annotations

import json
import random
import time

import pytest

from asztal import games
from asztal.server.present import last_events, named_log, option_labels
from asztal.server.room import board_module
from tests.server.wire import Server

TABLES = [("pax", 2, {}), ("pocketciv", 2, {}), ("caboose", 3, {})]


def _refused(sock, **msg) -> str:
    """The code of the error a message gets, past the socket's rate limit (which is time)."""
    while True:
        sock.send(**msg)
        code = sock.until("error")["code"]
        if code != "rate_limited":
            return code
        time.sleep(0.2)


def _play(server: Server, game: str, players: int, options: dict, rng: random.Random):
    made = server.create(game=game, players=players, options=options, seats=[{"kind": "human"}] * players, seat=0)
    gid = made["game"]["id"]
    tokens = [made["token"]] + [server.api("POST", f"/api/games/{gid}/join", json={}).json()["token"]
                                for _ in range(players - 1)]
    socks = [server.sock(gid, t, lang=rng.choice(["hu", "en"])) for t in tokens] + [server.sock(gid)]
    seq = 0
    for s in socks:
        s.state_at_least(0)
    while True:
        st = socks[-1].state_at_least(seq)
        if st["is_over"]:
            break
        mover = socks[st["to_move"]]
        mine = mover.state_at_least(seq)
        if seq % 7 == 3:  # the others try the mover's moves, and ask why: refused unread
            idle = socks[(st["to_move"] + 1) % players]
            assert _refused(idle, type="act", code=mine["legal"][0]["code"], seq=seq) == "not_your_turn"
            assert _refused(idle, type="why", code=mine["legal"][-1]["code"]) == "not_your_turn"
            r = server.api("GET", f"/api/games/{gid}/record")
            assert r.status_code == 409
        mover.act(rng.choice(mine["legal"])["code"], seq)
        seq += 1
    for s in socks:
        s.state_at_least(seq)
        s.send(type="ping")
        s.until("pong")
        s.close()
    return gid, socks


@pytest.mark.parametrize("game, players, options", TABLES)
def test_each_socket_gets_exactly_what_its_seat_may_know(server, game, players, options):
    rng = random.Random(f"{game}{players}")
    gid, socks = _play(server, game, players, options, rng)
    record = server.api("GET", f"/api/games/{gid}/record").json()["record"]
    g = games.load(game)
    state = g.replay({**record, "actions": []})
    states = [state.clone()]
    for code in record["actions"]:
        state.apply(code)
        states.append(state.clone())
    board = board_module(game)
    seed = str(record["seed"])
    for seat, sock in enumerate(socks):
        seat = seat if seat < players else None
        log: list[dict] = []
        lang = "hu"
        held: list[dict] = []              # the seat's log entries at the last state checked
        lines: list[tuple[str, str]] = []  # and their lines as this seat reads them
        for msg in sock.msgs:
            wire = json.dumps(msg, ensure_ascii=False)
            assert seed not in wire, f"the seed reached seat {seat}"
            if msg["type"] == "hello":
                lang = msg["lang"]
                seats = msg["seats"]
            if msg["type"] != "state":
                continue
            state = states[msg["seq"]]
            assert msg["view"] == state.view(seat), f"{game}: seat {seat} got another view at {msg['seq']}"
            mine = seat is not None and seat == state.to_move and not state.is_over
            acts = list(state.legal_actions()) if mine else []
            legal = [{"code": a.code, "hu": hu, "en": en} for a, hu, en in
                     zip(acts, option_labels(state, msg["view"], acts, "hu"),
                         option_labels(state, msg["view"], acts, "en"), strict=True)]
            assert msg["legal"] == legal  # labels as the seat reads them, from its own view
            assert (msg["decision"] is not None) == mine  # the decision's sentence: only to the seat deciding
            del log[msg["log_start"]:]
            log += [(e["hu"], e["en"]) for e in msg["log"]]
            # the seat's own log lines, with the seats named as in the lobby: a line is its
            # entry's alone, so only the entries that differ from the last state's are described
            entries = state.log_for(seat)
            same = 0
            while same < min(len(entries), len(held)) and entries[same] == held[same]:
                same += 1
            named = named_log([{"i": i, "hu": g.describe(e, "hu", seat), "en": g.describe(e, "en", seat)}
                               for i, e in enumerate(entries[same:], same)], seats)
            held, lines = entries, lines[:same] + [(e["hu"], e["en"]) for e in named]
            assert log == lines, f"{game}: seat {seat}'s log differs at {msg['seq']}"
            if board is not None:  # drawn from the seat's view and the log lines it may read
                mark = len(states[msg["seq"] - 1].log or []) if msg["seq"] else None
                last = last_events(state, seat, mark)
                assert msg["board"] == board.draw(msg["view"], legal, lang, names=msg["names"], last=last)
            else:
                assert "board" not in msg
        for msg in sock.msgs:
            if msg["type"] == "error" and msg["code"] != "rate_limited":  # (a machine-speed client's)
                assert msg["code"] == "not_your_turn"
                assert msg["hu"] == "nem te következel" and msg["en"] == "it is not your turn"
