"""The surface audit (``audit.py``) on SQLite and PostgreSQL, and the proof that it bites: a
planted leaking route makes it fail."""

from __future__ import annotations

import random

import pytest

from asztal.server.app import Settings, create_app
from tests.server.audit import Findings, LiveApp, advance, audit_position, make_table, watchers

#: (game, players, private): every game, a solo and a multiplayer PocketCiv, one private table
TABLES = [("pax", 3, False), ("caboose", 3, False), ("pocketciv", 2, True), ("pocketciv", 1, False)]
#: the running positions audited (seq), then the finished game
POSITIONS = (9, 40)


def _app(db_url: str):
    return create_app(Settings(db_url=db_url, workers=1, side_workers=1, bot_time=0.05, rate_per_minute=10 ** 6,
                               frames_per_minute=10 ** 6, requests_per_minute=10 ** 6))


@pytest.mark.parametrize("game, players, private", TABLES)
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
    # the routes of accounts, mail, ratings and friends, walked with sessions as well
    assert {"POST /api/games/{game_id}/invite", "GET /api/me/invitations", "GET /api/ratings/{game}",
            "GET /api/players/{username}", "POST /api/mail/unsubscribe", "POST /api/account/notices"} <= findings.routes
    assert {"account of seat 0", "another account", "another account with seat 0's CSRF token"} <= findings.credentials
    print(f"{game}/{players}: {len(findings.routes)} routes, {findings.requests} requests, "
          f"{findings.messages} messages, {findings.positions} positions")


def test_a_planted_leak_is_found(env, tmp_path):
    """A route added later is walked without anyone listing it: one that shows seat 0's view to
    anyone fails the audit."""
    app = _app(f"sqlite:///{tmp_path / 'leak.db'}")

    @app.get("/api/games/{game_id}/peek")
    async def peek(game_id: str) -> dict:
        room = app.state.hub.rooms[game_id]
        return room.state.view(0)

    app.router.routes.insert(0, app.router.routes.pop())  # before the static files mounted at /
    rng = random.Random("leak")
    findings = Findings()
    with LiveApp(app) as live:
        table = make_table(live, "pax", 3, False, rng)
        advance(live, table, 9, rng)
        with LiveApp(_app(f"sqlite:///{tmp_path / 'control.db'}")) as control:
            audit_position(live, table, findings, control)
    assert "GET /api/games/{game_id}/peek" in findings.routes
    assert findings.leaks and all("/peek" in x for x in findings.leaks), findings.summary()
    assert not findings.errors and not findings.changes
