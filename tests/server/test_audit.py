"""The surface audit (``audit.py``) on SQLite and PostgreSQL, and the proof that it bites: a
planted leaking route makes it fail."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select

from asztal import games
from asztal.server.accounts import accounts_table
from asztal.server.app import Settings, create_app
from tests.server.audit import Findings, LiveApp, advance, audit_position, make_table, watchers

#: (game, players, private): every game, a solo and a multiplayer PocketCiv, one private table
TABLES = [("pax", 3, False), ("caboose", 3, False), ("pocketciv", 2, True), ("pocketciv", 1, False)]
#: the running positions audited (seq), then the finished game
POSITIONS = (9, 40)
#: the kinds of hidden value each game has (knowledge.py), each compared with what the answers hold:
#: PAX: other seats' Aureus and hands, the cards drawn, Rome's face-down cards, the deck (in the
#: views, the panels and the board's texts); Caboose: the other hands' city and auction cards (the
#: views, the hand a seat's board draws); PocketCiv: the deck and the discard pile (the views)
HIDDEN = {"pax": {"view", "panels", "texts"}, "caboose": {"view", "texts"}, "pocketciv": {"view"}}


def _app(db_url: str):
    return create_app(Settings(db_url=db_url, workers=1, side_workers=1, bot_time=0.05, rate_per_minute=10 ** 6,
                               frames_per_minute=10 ** 6, requests_per_minute=10 ** 6))


#: every table on SQLite; on PostgreSQL the private PocketCiv table of two: what PostgreSQL changes
#: is the storage under the routes and the sockets (its notifications, its replays, who may read a
#: private game), the same code for every game, so one table walks all of it (PAX's table walked
#: that code again, at two minutes of a test worker)
CASES = [("sqlite", *t) for t in TABLES] + [("postgresql", *t) for t in TABLES if t[2]]


@pytest.mark.parametrize("db_url, game, players, private", CASES, indirect=["db_url"])
def test_every_surface_for_every_credential(env, db_url, game, players, private, tmp_path):
    rng = random.Random(f"audit-{game}-{players}")
    findings = Findings()
    # the control server holds no game: what it answers too is a route's own content
    with LiveApp(_app(db_url)) as live, LiveApp(_app(f"sqlite:///{tmp_path / 'control.db'}")) as control:
        table = make_table(live, game, players, private, rng)
        open_sockets = watchers(live, table, findings)  # what each change sends is audited as it comes
        for k in POSITIONS + (None,):
            advance(live, table, k, rng, open_sockets, findings)
            audit_position(live, table, findings, control)
            if table.states[-1].is_over:
                break
            open_sockets = watchers(live, table, findings, open_sockets)
        for w in open_sockets:
            w.close()
    assert findings.ok(), findings.summary()
    # what was walked: every route, every client message type, real answers
    assert {"POST /api/replay/frame", "GET /api/games/{game_id}", "POST /api/games/{game_id}/join"} <= findings.routes
    assert findings.message_types == {"act", "undo", "hint", "why", "lang", "ping", "chat"}
    # the open sockets were sent the incremental states (what changed) and had them audited
    assert {"state:view", "state:view_patch", "state:board", "state:board_patch", "state:log"} <= findings.received
    assert findings.positions >= 2 and findings.requests > 100 and findings.messages > 30
    # the hidden values the engine's views give were looked for where the answers hold views,
    # panels and boards (a search that met none would pass whatever the server sent)
    assert findings.hidden_kinds == HIDDEN[game], findings.hidden_kinds
    assert all(findings.compared[kind] > 0 for kind in HIDDEN[game]), findings.compared
    # the routes of accounts, mail, ratings and friends, walked with sessions as well
    assert {"POST /api/games/{game_id}/invite", "GET /api/me/invitations", "GET /api/ratings/{game}",
            "GET /api/players/{username}", "POST /api/mail/unsubscribe", "POST /api/account/notices",
            "POST /api/account/email", "POST /api/account/confirm", "POST /api/account/forgot",
            "POST /api/account/reset", "POST /api/account/lang", "GET /api/account/export",
            "POST /api/account/timezone", "POST /api/me/offline-games",
            "GET /metrics", "GET /healthz", "GET /readyz"} <= findings.routes
    # and the tournaments' (server/tournament/api.py)
    assert {"GET /api/tournaments", "POST /api/tournaments", "GET /api/tournaments/{tournament_id}",
            "POST /api/tournaments/{tournament_id}/signup", "POST /api/tournaments/{tournament_id}/withdraw",
            "GET /api/me/tournament-tables"} <= findings.routes
    # and moderation's: a player's mutes and reports, an operator's (nobody of the table is one: refused)
    assert {"POST /api/moderation/mute", "POST /api/moderation/unmute", "GET /api/moderation/muted",
            "POST /api/moderation/reports", "GET /api/admin/reports", "POST /api/admin/reports/{report_id}/close",
            "POST /api/admin/games/{game_id}/chat/{n}/hide", "POST /api/admin/accounts/{username}/ban",
            "POST /api/admin/accounts/{username}/unban", "POST /api/admin/games/{game_id}/close",
            "GET /api/admin/audit", "GET /api/admin/bans"} <= findings.routes
    assert {"account of seat 0", "another account", "another account with seat 0's CSRF token",
            "operator"} <= findings.credentials
    # the operator's routes answered the operator (the reports and the audit table it was walked
    # through, searched like every answer) and refused everyone else
    assert findings.admin["operator"][200] >= 2, findings.admin["operator"]
    for label, statuses in findings.admin.items():
        if label != "operator":
            assert set(statuses) <= {401, 403, 404, 422}, (label, statuses)
    assert {401, 403} <= set().union(*(set(v) for k, v in findings.admin.items() if k != "operator"))
    print(f"{game}/{players}: {len(findings.routes)} routes, {findings.requests} requests, "
          f"{findings.messages} messages, {findings.positions} positions, compared {dict(findings.compared)}")


def test_planted_leaks_are_found(env, tmp_path):
    """Routes added later are walked without anyone listing them, and each kind of leak fails
    the audit: seat 0's view shown to anyone (its cards), every seat's Aureus in a list of
    panels (numbers only, no card), and a spectator's board drawn with seat 1's Aureus filled in
    (a picture only: the number is in a text of the SVG)."""
    app = _app(f"sqlite:///{tmp_path / 'leak.db'}")
    board = games.load("pax").part("board")

    @app.get("/api/games/{game_id}/peek")
    async def peek(game_id: str) -> dict:
        return app.state.hub.rooms[game_id].state.view(0)

    @app.get("/api/games/{game_id}/purses")
    async def purses(game_id: str) -> dict:
        st = app.state.hub.rooms[game_id].state
        return {"panels": [{"money": st.money[s], "hand": len(st.hands[s]), "score": None, "marks": []}
                           for s in range(st.players)]}

    @app.get("/api/games/{game_id}/picture")
    async def picture(game_id: str) -> dict:
        st = app.state.hub.rooms[game_id].state
        view = st.view(None)
        view["tableaux"][1]["money"] = st.money[1]
        return {"svg": board.draw(view, [], "hu", names=table.names)}

    @app.get("/api/games/{game_id}/accounts")
    async def accounts(game_id: str) -> dict:
        with app.state.hub.storage.engine.connect() as conn:
            rows = conn.execute(select(accounts_table.c.email, accounts_table.c.password_hash)).all()
        return {"emails": [r[0] for r in rows], "hashes": [r[1] for r in rows]}

    for _ in range(4):
        app.router.routes.insert(0, app.router.routes.pop())  # before the static files mounted at /
    rng = random.Random("leak")
    findings = Findings()
    with LiveApp(app) as live:
        table = make_table(live, "pax", 3, False, rng)
        advance(live, table, 9, rng)
        with LiveApp(_app(f"sqlite:///{tmp_path / 'control.db'}")) as control:
            audit_position(live, table, findings, control)
    planted = ("/peek", "/purses", "/picture", "/accounts")
    assert {f"GET /api/games/{{game_id}}{p}" for p in planted} <= findings.routes
    assert findings.leaks and all(any(p in x for p in planted) for x in findings.leaks), findings.summary()
    for p in planted:
        assert any(p in x for x in findings.leaks), (p, findings.summary())
    # the numbers are found by what they are (seat 1's Aureus), seen by seat 0 and by a spectator
    for who in ("seat 0", "nobody"):
        assert any("/purses" in x and f"as {who} " in x and "panels[1, 'money']" in x for x in findings.leaks)
    # a board's text says whose it is only by its place: seat 0's own line may read the same as
    # seat 1's (the same hand size and Aureus), so the picture is asserted for a spectator, who
    # never reads an Aureus
    assert any("/picture" in x and "as nobody " in x and "board text" in x for x in findings.leaks)
    # every account's address and every password hash, to everyone else (the address to its own
    # session only: the operator's own is no leak to the operator)
    for who in ("nobody", "operator", "another account"):
        leaked = [x for x in findings.leaks if "/accounts" in x and f"as {who} " in x]
        assert any("@audit.example.org" in x for x in leaked) and any("$argon2" in x for x in leaked), who
    own = next(c.email for c in table.accounts if c.label == "operator")
    assert own and not any("as operator " in x and own in x for x in findings.leaks)
    # and only what that credential may not see: seat 1 knows its own Aureus
    mine = [x for x in findings.leaks if "as seat 1 " in x]
    assert not any("/picture" in x or "panels[1, 'money']" in x for x in mine), "\n".join(mine)
    assert not findings.errors and not findings.changes
