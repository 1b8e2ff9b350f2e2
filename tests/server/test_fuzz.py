"""Bad input: schemathesis fuzzes the REST API from its OpenAPI description; Hypothesis fuzzes
WebSocket messages. Every bad message gets a clear error, the connection and the game survive,
and nothing changes."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asztal.server.room import Refusal
from asztal.server.ws import RATES, parse
from tests.server.test_ws import two_humans


@pytest.fixture
def db_server(db_url, tmp_path):
    from tests.server.wire import Server

    srv = Server(db_url, tmp_path / "server.log").start()
    yield srv
    srv.stop()


def test_rest_api_survives_fuzzing_and_answers_as_documented(db_server):
    """Every operation of /openapi.json, with generated valid and invalid requests, on SQLite and
    PostgreSQL, NUL characters and out-of-range numbers allowed: no 5xx, every answer has a
    documented status, content type and schema, and every refusal is ``{code, hu, en}``.

    A request the schema allows may still be refused with 400 and a reason: the schema cannot
    say which options each game takes or how many players it seats, so schemathesis' check
    that schema-valid data is accepted does not apply.
    """
    import schemathesis  # here, not at collection, which every test worker makes (~0.6 CPU s)

    api = schemathesis.openapi.from_url(db_server.url + "/openapi.json")
    api.config.generation.update(allow_x00=True)  # PostgreSQL refuses NUL in text: the edge must first
    operations = [op.ok() for op in api.get_all_operations()]
    assert {op.path for op in operations} >= {"/api/games", "/api/games/{game_id}/join", "/api/meta"}
    for op in operations:
        @given(case=op.as_strategy())
        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
        def fuzz(case):
            response = case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])
            if response.status_code >= 400:
                detail = response.json()["detail"]
                assert {"code", "hu", "en"} <= set(detail), response.text[:300]

        fuzz()


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(scalars,
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                         max_size=4),
                           max_leaves=12)
TYPES = ["act", "undo", "hint", "why", "lang", "ping", "dance", ""]
messages = st.one_of(
    st.text(max_size=200),                                                # not JSON, or JSON of any kind
    json_values.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(TYPES)},                # plausible shapes, wrong details
                          optional={"code": json_values | st.text(max_size=300), "seq": json_values | st.integers(),
                                    "lang": st.text(max_size=4), "extra": json_values}).map(json.dumps),
    st.integers(16 * 1024 - 10, 40 * 1024).map(lambda n: json.dumps({"type": "act", "code": "x" * n, "seq": 0})),
)


@pytest.fixture(scope="module")
def table(server):
    gid, tokens = two_humans(server)
    socks = [server.sock(gid, t) for t in tokens]
    first = [s.until("state") for s in socks]
    yield gid, socks, first
    for s in socks:
        s.close()


class Pace:
    """Keeps the test's sockets within the server's own rates (``ws.RATES``, a token bucket
    per socket and message type), so that a fuzzed message is judged by the parser, not
    refused by the rate limit, and a ping is answered by a pong: hypothesis sends the 120
    examples faster than a client may. The bucket is the server's, counted from the send
    times, kept at 1.5 tokens (a message may reach the server sooner after the one before
    than it was sent). Waiting is the point here: the limit is a rate, not an event."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[int, str], tuple[float, float]] = {}

    def take(self, who: int, kind: str) -> None:
        rate, burst = RATES.get(kind, (2, 10))
        now = time.monotonic()
        tokens, last = self.buckets.get((who, kind), (burst, now))
        tokens = min(burst, tokens + (now - last) * rate)
        if tokens < 1.5:
            time.sleep((1.5 - tokens) / rate)
            now, tokens = time.monotonic(), 1.5
        self.buckets[(who, kind)] = (tokens - 1, now)


def kind_of(text: str) -> str:
    """The rate a message is counted in, as the server counts it (``ws.game_socket``)."""
    try:
        return str(parse(text)["type"])
    except Refusal:
        return "bad"


PACE = Pace()


@given(text=messages, who=st.sampled_from([0, 1]))
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
def test_fuzzed_websocket_messages_change_nothing(server, table, text, who):
    gid, socks, first = table
    sock = socks[who]
    mover = first[0]["to_move"]
    try:
        msg = json.loads(text)
    except ValueError:
        msg = None
    # a well-formed legal move by the seat to move would change the game: that is not fuzz
    legal = {a["code"] for a in first[mover]["legal"]}
    if (isinstance(msg, dict) and msg.get("type") in ("act", "undo") and who == mover and msg.get("seq") == 0
            and (msg.get("type") == "undo" or msg.get("code") in legal)):
        return
    before = len(sock.msgs)
    PACE.take(who, kind_of(text))
    sock.send_raw(text)
    PACE.take(who, "ping")
    sock.send(type="ping")
    sock.until("pong")
    answers = sock.msgs[before:]
    assert all(m["type"] in ("error", "why", "hint", "pong", "state", "seat") for m in answers)
    for m in answers:
        if m["type"] == "error":
            assert m["hu"] and m["en"]
            assert who == mover or m["code"] != "illegal"  # the idle seat's moves are never looked at
    info = server.api("GET", f"/api/games/{gid}").json()
    assert info["seq"] == 0 and info["status"] == "running"


def test_another_seats_token_neither_acts_nor_sees_for_it(server):
    gid, tokens = two_humans(server)
    with server.sock(gid, tokens[0]) as s0, server.sock(gid, tokens[1]) as s1:
        st0 = s0.until("state")
        s1.until("state")
        mover, idle = (s0, s1) if st0["to_move"] == 0 else (s1, s0)
        for code in [a["code"] for a in mover.last_state["legal"]][:10]:
            idle.send(type="act", code=code, seq=0)
            err = idle.until("error")
            assert err["code"] == "not_your_turn" and code not in err["hu"] + err["en"]
        assert idle.last_state["view"] != mover.last_state["view"]
        assert server.api("GET", f"/api/games/{gid}").json()["seq"] == 0
