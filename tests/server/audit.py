"""The surface audit: every REST route of the app's OpenAPI and every client message type of
docs/protocol.md, for every game, at several moments of real seeded games (running and
finished), sent with every kind of credential; every byte that comes back is searched for what
that credential may not know at that moment.

What a credential may know at seq ``k`` is read from the engine: the component ids in the
views its seat was given up to ``k`` (a spectator: ``view(None)``), its log and its own legal
actions. Everything else in the full state (other hands, decks, the removed cards), the seed of
a running game and every secret of another credential (tokens, invites, a private game's watch
secret) is a secret; a secret found in an answer is a leak. So is a hidden value that is not
an id (another seat's Aureus, another hand, the discard pile): ``knowledge.py`` reads from the
engine's views what each seat is not shown, and the views, per-seat panels and board texts an
answer holds are compared with it by structure. Besides: no answer is a 5xx, no
socket is dropped (each message is followed by a ``ping`` that must be answered) and nothing
sent changes the game (nothing the audit sends is a move that may be accepted).

Sockets that stay open while the game is played (``Watcher``, one per credential) are
audited too: every message a change sends them (a ``state`` that carries only what changed:
new log lines, a ``view_patch``, a ``board_patch``) is searched for what that credential may
not know at that change's seq.

The app runs in this process on a real uvicorn bound to loopback, so a test can add a route to
it before it starts (the planted leaks) and the audit walks that route as well.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import ssl
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from sqlalchemy import bindparam, func, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from asztal import games
from asztal.engine import GameState
from asztal.server.accounts import accounts_table
from asztal.server.storage import actions_table, games_table, seats_table
from tests.server.knowledge import Hidden, Knowledge
from tests.server.wire import HTTP, SCHEMAS, free_port

#: a component id as the games name them: army-03, prestige-07, building-temple-2, city-aswan-3
_ID_WORD = re.compile(r"[a-z]+(?:-[a-z0-9]+)*-\d+")
_ID_FULL = re.compile(r"[a-z]+(?:-[a-z0-9]+)*-\d+")
#: the TLS settings every client of the walk shares: a client made without them loads the
#: certificates again (about 20 ms of CPU), and a walk makes a client per credential and position
_TLS = ssl.create_default_context()


class LiveApp:
    """``create_app(settings)`` served by uvicorn on a loopback port, in a thread of this process."""

    def __init__(self, app, **config: Any) -> None:
        """``config``: more of uvicorn's settings (a test's short WebSocket heartbeat)."""
        self.app = app
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    ws_max_size=1 << 20, proxy_headers=False, **config))
        self.thread = threading.Thread(target=self.server.run, name="audit-uvicorn", daemon=True)

    def __enter__(self) -> LiveApp:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the app did not start")
            time.sleep(0.05)
        self.loop = self.app.state.hub.loop
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, coro):
        """Run a coroutine on the app's event loop and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(60)


@dataclass
class Table:
    """One audited game: its id, its seats' tokens, the engine states it went through."""

    game: str
    players: int
    gid: str
    tokens: list[str]
    private: bool
    watch: str | None
    names: list[str]
    states: list[GameState] = field(default_factory=list)  # states[k]: after k changes
    accounts: list[Credential] = field(default_factory=list)  # sessions (account_credentials)
    knowledge: Knowledge | None = None  # the hidden values of each vantage, read from ``states``
    #: a tournament seat 0's account organises (private with a private game), and its invitation key
    tournament: str = "x"
    tournament_key: str | None = None
    #: every account's address and password hash: never in an answer to anyone else
    emails: set[str] = field(default_factory=set)
    password_hashes: set[str] = field(default_factory=set)

    def hidden(self, cred: Credential, k: int, langs: tuple[str, ...] = ("hu",)) -> Hidden:
        """The values ``cred`` may not be shown at seq ``k`` (see knowledge.py)."""
        assert self.knowledge is not None
        return self.knowledge.hidden(cred.seat if cred.sees_game else None, k, langs)


@dataclass
class Credential:
    label: str
    secret: str | None   # what is sent (a seat token, a watch secret, a forged token, nothing)
    seat: int | None     # the seat whose view it may see (None: a spectator's)
    sees_game: bool      # may it see this game at all (a private game: only with one of its secrets)
    cookies: dict[str, str] | None = None  # an account's session cookie (REST only)
    csrf: str | None = None                # the X-CSRF-Token sent with it
    email: str | None = None               # the address of the account whose session it is


#: routes an account's own session is not walked through: logging out ends the session the rest of
#: the walk needs, and a fresh seat token replaces the one the other credentials hold (both are
#: tested in test_accounts.py)
SESSION_SKIPS = {"POST /api/account/logout", "POST /api/me/games/{game_id}/token"}
#: routes the operator's session is not walked through: closing the audited game would end the
#: walk (test_moderation.py closes one)
OPERATOR_SKIPS = {"POST /api/admin/games/{game_id}/close"}
OPERATOR = "operator"
PASSWORD = "audit password 1"


@dataclass
class Findings:
    leaks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)      # 5xx, dropped sockets
    changes: list[str] = field(default_factory=list)     # a refused request that changed something
    requests: int = 0
    messages: int = 0
    routes: set[str] = field(default_factory=set)
    credentials: set[str] = field(default_factory=set)
    message_types: set[str] = field(default_factory=set)
    #: what the server sent: message types, and a state's parts (``state:board_patch``...)
    received: set[str] = field(default_factory=set)
    positions: int = 0
    #: the kinds of hidden value there were (knowledge.py: ``view``, ``panels``, ``texts``), and how
    #: many places of each kind the answers held that were compared with them
    hidden_kinds: set[str] = field(default_factory=set)
    compared: Counter[str] = field(default_factory=Counter)
    #: the statuses of the operator's routes (``/api/admin/...``), per credential
    admin: dict[str, Counter[int]] = field(default_factory=dict)

    def ok(self) -> bool:
        return not (self.leaks or self.errors or self.changes)

    def summary(self) -> str:
        return "\n".join((self.leaks + self.errors + self.changes)[:20])


def make_table(live: LiveApp, game: str, players: int, private: bool, rng: random.Random) -> Table:
    names = [f"Nev{rng.randrange(16 ** 6):06x}" for _ in range(players)]
    r = HTTP.post(live.url + "/api/games", json={"game": game, "players": players, "seat": 0, "private": private,
                                                 "seats": [{"kind": "human", "name": n} for n in names]}, timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    gid, tokens = made["game"]["id"], [made["token"]]
    for inv in made["invites"]:
        j = HTTP.post(f"{live.url}/api/games/{gid}/join", json={"invite": inv["invite"], "name": names[inv["seat"]]},
                      timeout=30)
        assert j.status_code == 200, j.text
        tokens.append(j.json()["token"])
    hub = live.app.state.hub
    room = live.run(hub.room(gid))
    table = Table(game, players, gid, tokens, private, made.get("watch"), names)
    record = room.state.record
    table.states = [games.load(game).replay({**record, "actions": []})]
    table.knowledge = Knowledge(game, players, names, table.states)
    table.accounts = account_credentials(live, table)
    owner = table.accounts[0]
    reported(live, table, owner)
    t = httpx.post(live.url + "/api/tournaments", verify=_TLS, cookies=owner.cookies,
                   headers={"X-CSRF-Token": owner.csrf or ""},
                   json={"name": "audit", "game": game, "table_size": max(2, games.load(game).min_players),
                         "rounds": 2, "private": private, "starts": "2100-01-01T00:00:00+00:00"}, timeout=30)
    assert t.status_code == 201, t.text
    table.tournament, table.tournament_key = t.json()["tournament"]["id"], t.json()["key"]
    return table


def advance(live: LiveApp, table: Table, upto: int | None, rng: random.Random,
            watchers: list[Watcher] | None = None, findings: Findings | None = None) -> None:
    """Play seeded random legal moves through the hub's one path of every change, up to seq
    ``upto`` (None: the end); after each, audit what every open ``watchers`` socket was sent."""
    hub = live.app.state.hub
    room = live.run(hub.room(table.gid))
    while not room.state.is_over and (upto is None or room.seq < upto):
        st = room.state
        code = _next_move(st, rng, keep_running=upto is not None)
        live.run(hub.submit(room, st.to_move, "act", code, room.seq))
        nxt = table.states[-1].clone()
        nxt.apply(code)
        table.states.append(nxt)
        for w in watchers or []:
            w.drain(len(table.states) - 1, findings)


def _next_move(st, rng: random.Random, keep_running: bool) -> str:
    """A seeded random legal move; on the way to a running position, one that does not end the
    game when there is such a move (the server's seed is its own, and a solo PocketCiv played at
    random can collapse before the position the audit means to walk)."""
    codes = [a.code for a in st.legal_actions()]
    rng.shuffle(codes)
    if keep_running:
        for code in codes:
            nxt = st.clone()
            nxt.apply(code)
            if not nxt.is_over:
                return code
    return codes[0]


def _socket_query(cred: Credential) -> str:
    """How a credential opens a game's socket: a seat's (or forged) token, a private game's
    key, or nothing."""
    if cred.secret is None:
        return "?lang=hu"
    if cred.seat is not None or cred.label.startswith("forged"):
        return f"?lang=hu&token={cred.secret}"
    return f"?lang=hu&key={cred.secret}"


class Watcher:
    """A socket of one credential kept open while the game is played: each change's messages
    to it are searched for what the credential may not know at that change's seq."""

    def __init__(self, live: LiveApp, table: Table, cred: Credential, findings: Findings) -> None:
        self.table, self.cred = table, cred
        self.seat = cred.seat if cred.sees_game else None
        self.seen: set[str] = set()   # component ids the credential was shown so far
        self.views = 0                # states whose views are in ``seen``
        self.described = 0            # log entries whose descriptions are in ``seen``
        q = _socket_query(cred)
        self._opening = connect(f"ws://127.0.0.1:{live.port}/ws/games/{table.gid}{q}", open_timeout=20,
                                max_size=1 << 24, close_timeout=2)
        self.ws = self._opening.__enter__()
        self.open = True
        self.refused: str | None = None  # the error it was closed with (a forged token; replaced)
        self.drain(len(table.states) - 1, findings, first=True)

    def secrets(self, k: int) -> set[str]:
        """As ``secrets_for``, with what was shown kept from one change to the next."""
        table, g = self.table, games.load(self.table.game)
        for st in table.states[self.views:k + 1]:
            parts = [json.dumps(st.view(self.seat))]
            if self.seat is not None and not st.is_over and st.to_move == self.seat:
                parts += [f"{a.code} {a.hu} {a.en}" for a in st.legal_actions()]
            self.seen.update(_ID_WORD.findall(" ".join(parts)))
        self.views = max(self.views, k + 1)
        st = table.states[k]
        for e in st.log_for(self.seat, self.described):
            self.seen.update(_ID_WORD.findall(g.describe(e, "hu", self.seat) + " " + g.describe(e, "en", self.seat)))
        self.described = len(st.log or [])
        out = {t for t in table.tokens if t != self.cred.secret}
        if table.watch and table.watch != self.cred.secret:
            out.add(table.watch)
        if not self.cred.sees_game:
            out.update(table.names)
        if st.is_over:
            return out
        out.add(str(st.seed))
        full = st._state_dict()
        deck = full.get("deck")
        if isinstance(deck, list) and len(deck) > 3 and all(isinstance(x, int) for x in deck):
            order = json.dumps(deck[:4])[1:-1]
            if order not in json.dumps(st.view(self.seat)):  # not the same numbers shown for another reason
                out.add(order)
        return out | (_all_ids(full, set()) - self.seen)

    def drain(self, k: int, findings: Findings | None, first: bool = False) -> None:
        """Read until the ``state`` of seq ``k`` (a refused socket: until it is closed)."""
        if not self.open:
            return
        where = f"open WS as {self.cred.label} at {self.table.game} seq {k}"
        secrets = self.secrets(k)
        hidden = self.table.hidden(self.cred, k)
        while True:
            try:
                text = self.ws.recv(timeout=60)
            except ConnectionClosed:
                self.open = False
                if self.refused is None and findings is not None:
                    findings.errors.append(f"{where}: the connection dropped")
                return
            except TimeoutError:
                if findings is not None:
                    findings.errors.append(f"{where}: no state of seq {k}")
                return
            msg = json.loads(text)
            if msg["type"] == "error" and (first or msg["code"] == "replaced"):
                self.refused = msg["code"]  # a credential refused, or its seat opened by the audit's socket
            if findings is not None:
                findings.received.add(msg["type"])
                if msg["type"] == "state":
                    findings.received.update(f"state:{part}" for part in ("view", "view_patch", "board",
                                                                          "board_patch", "log") if msg.get(part))
                for hit in _found(text, secrets):
                    findings.leaks.append(f"{where}: names {hit!r} in {text[:120]}")
                findings.hidden_kinds |= hidden.kinds()
                for hit in hidden.found_in(msg, findings.compared):
                    findings.leaks.append(f"{where}: shows a hidden value, {hit}")
            if msg["type"] == "state" and msg["seq"] >= k:
                return

    def close(self) -> None:
        self._opening.__exit__(None, None, None)


def _all_ids(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        if _ID_FULL.fullmatch(value):
            out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _all_ids(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _all_ids(v, out)
    return out


def known_to(table: Table, seat: int | None, k: int) -> set[str]:
    """Every component id ``seat`` was shown up to seq ``k``: its views, its log, its own choices."""
    g = games.load(table.game)
    seen: set[str] = set()
    for st in table.states[:k + 1]:
        parts = [json.dumps(st.view(seat))]
        if seat is not None and not st.is_over and st.to_move == seat:
            parts += [f"{a.code} {a.hu} {a.en}" for a in st.legal_actions()]
        seen.update(_ID_WORD.findall(" ".join(parts)))
    st = table.states[k]
    for e in st.log_for(seat):
        seen.update(_ID_WORD.findall(g.describe(e, "hu", seat) + " " + g.describe(e, "en", seat)))
    return seen


def secrets_for(table: Table, cred: Credential, k: int) -> set[str]:
    """What ``cred`` may not read at seq ``k``."""
    st = table.states[k]
    out = {t for t in table.tokens if t != cred.secret}
    out |= table.emails - {cred.email}  # another account's address; nobody's password hash
    out |= table.password_hashes | {h.rsplit("$", 1)[-1] for h in table.password_hashes}
    if table.watch and table.watch != cred.secret:
        out.add(table.watch)
    if table.tournament_key:
        out.add(table.tournament_key)  # shown once, to its organiser, when made
    if not cred.sees_game:
        out.update(table.names)  # a private game shows nothing of itself, not even who plays
    if st.is_over:
        return out  # a finished game's record is public: every card is revealed
    out.add(str(st.seed))
    full = st._state_dict()
    deck = full.get("deck")
    if isinstance(deck, list) and len(deck) > 3 and all(isinstance(x, int) for x in deck):
        out.add(json.dumps(deck[:4])[1:-1])  # the order of the next event cards (PocketCiv)
    hidden = _all_ids(full, set()) - known_to(table, cred.seat if cred.sees_game else None, k)
    return out | hidden


def _found(text: str, secrets: set[str]) -> list[str]:
    hits = []
    for s in secrets:
        if s and s in text and re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text):
            hits.append(s)
    return hits


#: what ``snapshot`` reads, one row per seat: built once (SQLAlchemy then reuses its compiled form)
_SNAPSHOT = (select(games_table.c.seq, games_table.c.status, games_table.c.to_move,
                    select(func.count()).where(actions_table.c.game_id == games_table.c.id).scalar_subquery(),
                    seats_table.c.name, seats_table.c.token_hash)
             .join_from(games_table, seats_table, seats_table.c.game_id == games_table.c.id)
             .where(games_table.c.id == bindparam("gid")).order_by(seats_table.c.seat))


def snapshot(live: LiveApp, table: Table) -> tuple:
    """What a request may not change: the game's row (seq, status, seat to move), its seats
    (names, tokens) and the number of its stored changes. Read after every request of the
    walk, so in one query, the changes counted rather than loaded."""
    with live.app.state.hub.storage.engine.connect() as conn:
        rows = conn.execute(_SNAPSHOT, {"gid": table.gid}).all()
    seq, status, to_move, changes = rows[0][:4]
    return (seq, status, to_move, tuple((r[4], r[5]) for r in rows), changes)


# -- REST --------------------------------------------------------------------------------
def _resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = spec["components"]["schemas"][name]
    if "anyOf" in schema:
        kinds = [s for s in schema["anyOf"] if s.get("type") != "null"]
        return _resolve(spec, kinds[0]) if kinds else schema
    return schema


def _value_for(name: str, schema: dict, table: Table, cred: Credential, step: int, seat: int | None) -> Any:
    by_name = {"game_id": table.gid, "game": table.game, "token": cred.secret, "key": cred.secret,
               "invite": cred.secret, "lang": "hu", "step": step, "seat": seat, "name": "x",
               "players": table.players, "tournament_id": table.tournament}
    if name in by_name:
        return by_name[name]
    kind = schema.get("type")
    return {"string": "x", "integer": 0, "number": 1, "boolean": False, "array": [], "object": {}}.get(kind)


def _body(spec: dict, op: dict, table: Table, cred: Credential, step: int, seat: int | None) -> dict | None:
    content = (op.get("requestBody") or {}).get("content", {}).get("application/json")
    if content is None:
        return None
    schema = _resolve(spec, content["schema"])
    body = {}
    for name, prop in (schema.get("properties") or {}).items():
        value = _value_for(name, _resolve(spec, prop), table, cred, step, seat)
        if value is not None or name in (schema.get("required") or []):
            body[name] = value
    if "record_text" in body:
        body.pop("game_id", None) if step % 2 else body.pop("record_text", None)
    return body


def _hostile(body: dict) -> dict:
    """The same body with every field at its worst: NUL and lone surrogates in text, numbers
    of 40 digits, booleans for numbers."""
    out = {}
    for k, v in body.items():
        if isinstance(v, str):
            out[k] = v + "\x00\ud800"
        elif isinstance(v, bool):
            out[k] = 1
        elif isinstance(v, int):
            out[k] = 10 ** 40
        else:
            out[k] = True
    return out


def audit_rest(live: LiveApp, table: Table, creds: list[Credential], k: int, findings: Findings,
               steps: list[int], control: LiveApp | None = None) -> None:
    """``control``: a server that holds no game. A component id in an answer that the same
    request also gets from it (a guided first game's own cards, say) is that route's own
    content, the same whatever game is played here, so it tells nothing of this one."""
    spec = HTTP.get(live.url + "/openapi.json").json()
    clients = {c.label: httpx.Client(base_url=live.url, timeout=60, cookies=c.cookies, verify=_TLS) for c in creds}
    other = httpx.Client(base_url=control.url, timeout=60, verify=_TLS) if control is not None else None
    before = snapshot(live, table)
    known = {c.label: (secrets_for(table, c, k), table.hidden(c, k)) for c in creds}  # once per position
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            findings.routes.add(f"{method.upper()} {path}")
            for cred in creds:
                if cred.cookies and f"{method.upper()} {path}" in SESSION_SKIPS:
                    continue
                if cred.label == OPERATOR and f"{method.upper()} {path}" in OPERATOR_SKIPS:
                    continue
                findings.credentials.add(cred.label)
                client = clients[cred.label]
                secrets, hidden = known[cred.label]
                # outside the operator's own routes the operator is one more account with no
                # seat, which "another account" walks at every step: once is enough there
                walked = steps if _mentions_step(spec, op) else [k]
                if cred.label == OPERATOR and not path.startswith("/api/admin/"):
                    walked = [k]
                for step in walked:
                    every_seat = step == k and cred.label in ("seat 0", "nobody")
                    for seat in ([None] + list(range(table.players)) if every_seat else [cred.seat]):
                        url = path
                        params = {}
                        for p in op.get("parameters", []):
                            v = _value_for(p["name"], p.get("schema", {}), table, cred, step, seat)
                            if p["in"] == "path":
                                url = url.replace("{" + p["name"] + "}", str(v))
                            elif p["in"] == "query" and p["name"] in ("key", "token") and v is not None:
                                params[p["name"]] = v
                        body = _body(spec, op, table, cred, step, seat)
                        hostile = cred is creds[0] and step == k and seat == cred.seat
                        variants = [body] if body is None else [body, _hostile(body)] if hostile else [body]
                        for b in variants:
                            where = f"{method.upper()} {path} as {cred.label} at {table.game} seq {k} step {step}"
                            headers = {} if b is None else {"content-type": "application/json"}
                            if cred.csrf:
                                headers["X-CSRF-Token"] = cred.csrf
                            body_kw = {} if b is None else {"content": json.dumps(b)}  # \ud800 as an escape
                            try:
                                r = client.request(method.upper(), url, params=params, headers=headers, **body_kw)
                            except httpx.TimeoutException:
                                findings.errors.append(f"{where}: no answer in {client.timeout.read} s")
                                continue
                            findings.requests += 1
                            if path.startswith("/api/admin/"):
                                findings.admin.setdefault(cred.label, Counter())[r.status_code] += 1
                            if r.status_code >= 500:
                                findings.errors.append(f"{where}: {r.status_code} {r.text[:200]}")
                            if r.status_code >= 400:
                                try:
                                    d = r.json()["detail"]
                                    assert {"code", "hu", "en"} <= set(d)
                                except Exception:
                                    findings.errors.append(f"{where}: an error without {{code, hu, en}}: "
                                                           f"{r.text[:200]}")
                            hits = _found(r.text, secrets)
                            findings.hidden_kinds |= hidden.kinds()
                            shown = hidden.found_in(_parsed(r), findings.compared)
                            if (hits or shown) and other is not None:
                                same = other.request(method.upper(), url, params=params,
                                                     **({} if b is None else
                                                        {"content": json.dumps(b),
                                                         "headers": {"content-type": "application/json"}}))
                                hits = [h for h in hits if h not in _found(same.text, {h})]
                                shown = sorted(set(shown) - set(hidden.found_in(_parsed(same))))
                            for hit in hits:
                                findings.leaks.append(f"{where}: names {hit!r}")
                            for hit in shown:
                                findings.leaks.append(f"{where}: shows a hidden value, {hit}")
                            after = snapshot(live, table)
                            if after != before:
                                findings.changes.append(f"{where}: the game changed {before} -> {after}")
                                before = after
    for c in clients.values():
        c.close()
    if other is not None:
        other.close()


def _parsed(r: httpx.Response) -> Any:
    """A JSON answer's value (None for any other answer: its bytes are searched as text)."""
    try:
        return r.json()
    except ValueError:
        return None


def _mentions_step(spec: dict, op: dict) -> bool:
    content = (op.get("requestBody") or {}).get("content", {}).get("application/json")
    if content is None:
        return False
    return "step" in (_resolve(spec, content["schema"]).get("properties") or {})


# -- WebSocket -----------------------------------------------------------------------------
def client_messages(state: dict[str, Any] | None, mover_legal: list[str], seq: int, can_undo: bool,
                    is_mover: bool) -> list[dict[str, Any]]:
    """One or more messages of every client message type in the protocol's schema, none of
    which may be accepted as a change."""
    out = []
    for variant in SCHEMAS["client message"]["oneOf"]:
        kind = variant["properties"]["type"]["const"]
        fields = [f for f in variant["required"] if f != "type"]
        if kind == "act":
            for code in mover_legal[:6] or ["pass"]:
                out.append({"type": "act", "code": code, "seq": seq + 1000 if is_mover else seq})
            out.append({"type": "act", "code": "no-such-move", "seq": seq})
        elif kind == "undo":
            out.append({"type": "undo", "seq": seq + 1000 if can_undo else seq})
        elif kind == "why":
            for code in mover_legal[:6] or ["pass"]:
                out.append({"type": "why", "code": code})
        elif kind == "lang":
            out += [{"type": "lang", "lang": "en"}, {"type": "lang", "lang": "hu"}]
        elif kind == "chat":  # a line (stored, sent to the game's sockets) and a malformed one
            out += [{"type": "chat", "text": "<script>alert(1)</script>"}, {"type": "chat", "text": 0}]
        else:
            msg = {"type": kind}
            for f in fields:
                msg[f] = 0
            out.append(msg)
    return out


def audit_ws(live: LiveApp, table: Table, creds: list[Credential], k: int, findings: Findings) -> None:
    st = table.states[k]
    mover_legal = [] if st.is_over else [a.code for a in st.legal_actions()]
    before = snapshot(live, table)
    for cred in creds:
        if cred.cookies:
            continue  # the socket reads no cookie: these are the seat and nobody credentials again
        secrets = secrets_for(table, cred, k)
        hidden = table.hidden(cred, k, ("hu", "en"))  # the socket asks for English too
        q = _socket_query(cred)
        where = f"WS as {cred.label} at {table.game} seq {k}"
        texts: list[str] = []
        try:
            with connect(f"ws://127.0.0.1:{live.port}/ws/games/{table.gid}{q}", open_timeout=20,
                         max_size=1 << 24, close_timeout=2) as ws:
                first = [ws.recv(timeout=20)]
                texts += first
                opening = json.loads(first[0])
                if opening["type"] == "error":  # refused (a forged token, a private game): then closed
                    try:
                        texts.append(ws.recv(timeout=10))
                    except ConnectionClosed:
                        pass
                else:
                    texts.append(ws.recv(timeout=20))  # the first state
                    is_mover = cred.sees_game and cred.seat is not None and cred.seat == st.to_move and not st.is_over
                    can_undo = cred.seat is not None and not st.is_over and st.can_undo(cred.seat)
                    for msg in client_messages(None, mover_legal, k, can_undo, is_mover):
                        findings.message_types.add(msg["type"])
                        ws.send(json.dumps(msg))
                        ws.send(json.dumps({"type": "ping"}))
                        findings.messages += 1
                        while True:
                            text = ws.recv(timeout=60)
                            texts.append(text)
                            if json.loads(text)["type"] == "pong":
                                break
        except (ConnectionClosed, TimeoutError) as e:
            if not (texts and json.loads(texts[0])["type"] == "error"):
                findings.errors.append(f"{where}: the connection dropped or stalled ({type(e).__name__})")
        for text in texts:
            for hit in _found(text, secrets):
                findings.leaks.append(f"{where}: names {hit!r} in {text[:120]}")
            findings.hidden_kinds |= hidden.kinds()
            for hit in hidden.found_in(json.loads(text), findings.compared):
                findings.leaks.append(f"{where}: shows a hidden value, {hit}")
        after = snapshot(live, table)
        if after != before:
            findings.changes.append(f"{where}: the game changed {before} -> {after}")
            before = after


def watchers(live: LiveApp, table: Table, findings: Findings, old: list[Watcher] | None = None) -> list[Watcher]:
    """An open socket for every credential of the table (kept while it is played); with
    ``old``, those still open are kept and those replaced by the audit's own sockets reopened."""
    if old is None:
        return [Watcher(live, table, cred, findings) for cred in credentials(table)]
    out = []
    for w in old:
        if w.open or w.refused != "replaced":
            out.append(w)
        else:
            w.close()
            out.append(Watcher(live, table, w.cred, findings))
    return out


def credentials(table: Table) -> list[Credential]:
    creds = [Credential(f"seat {i}", t, i, True) for i, t in enumerate(table.tokens)]
    creds.append(Credential("nobody", None, None, not table.private))
    creds.append(Credential("forged token", "F" * 43, None, False if table.private else True))
    if table.watch:
        creds.append(Credential("watch link", table.watch, None, True))
    return creds + table.accounts


def account_credentials(live: LiveApp, table: Table) -> list[Credential]:
    """Seat 0's player logged in (the seat linked to the account; it also organises the table's
    tournament), another account, that other account's cookie sent with seat 0's CSRF token, and
    an operator (the role given as ``asztal admin grant`` gives it): every route is walked with
    each session. Each account has an address, which only its own session may be shown."""
    out = []
    for label, prefix, seats in (("account of seat 0", "o", [{"game": table.gid, "token": table.tokens[0]}]),
                                 ("another account", "s", []), (OPERATOR, "p", [])):
        with httpx.Client(base_url=live.url, timeout=60, verify=_TLS) as c:
            name = f"{prefix}{table.gid}"[:32].replace("_", "x").replace("-", "x")
            email = f"{name.lower()}@audit.example.org"
            r = c.post("/api/account/register", json={"username": name, "password": PASSWORD, "seats": seats,
                                                      "email": email})
            assert r.status_code == 201, r.text
            cookies = dict(c.cookies)
        if label == OPERATOR:
            assert live.app.state.moderation.grant(name)
        owner = label == "account of seat 0"
        out.append(Credential(label, table.tokens[0] if owner else None, 0 if owner else None,
                              True if owner else not table.private, cookies, cookies["asztal_csrf"], email))
        table.emails.add(email)
    other = out[1]
    out.append(Credential("another account with seat 0's CSRF token", None, None, not table.private,
                          other.cookies, out[0].csrf, other.email))  # its session's own address
    with live.app.state.hub.storage.engine.connect() as conn:
        table.password_hashes = {h for (h,) in conn.execute(select(accounts_table.c.password_hash))}
    return out


def reported(live: LiveApp, table: Table, owner: Credential) -> None:
    """A chat line of seat 0 that its account reports: the operator's list of reports then holds
    a row (with the names of accounts that have addresses) for the walk to search."""
    with connect(f"ws://127.0.0.1:{live.port}/ws/games/{table.gid}?token={table.tokens[0]}",
                 open_timeout=20, close_timeout=2) as ws:
        ws.send(json.dumps({"type": "chat", "text": "audit line"}))
        while (msg := json.loads(ws.recv(timeout=20)))["type"] != "chat":
            pass
    r = httpx.post(live.url + "/api/moderation/reports", verify=_TLS, cookies=owner.cookies,
                   headers={"X-CSRF-Token": owner.csrf or ""},
                   json={"game_id": table.gid, "n": msg["n"], "reason": "audit"}, timeout=30)
    assert r.status_code == 201, r.text


def audit_position(live: LiveApp, table: Table, findings: Findings, control: LiveApp | None = None) -> None:
    """Every surface, every credential, at the table's current seq (``control``: see ``audit_rest``)."""
    k = len(table.states) - 1
    findings.positions += 1
    creds = credentials(table)
    steps = sorted({0, k} | set(range(1, k, max(1, k // 6))))
    audit_rest(live, table, creds, k, findings, steps, control)
    audit_ws(live, table, creds, k, findings)
