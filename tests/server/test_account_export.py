"""A player takes their data: everything kept about the account as JSON, never a secret."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.server.test_accounts import PASSWORD, csrf, refused, register, rows
from tests.server.test_chat_limits import say, solo
from tests.server.test_mail import make_app


def test_the_export_holds_the_accounts_data_and_no_secret(env, db_url):
    app = make_app(db_url, None)
    with TestClient(app) as c, TestClient(app) as guest:
        refused(guest.get("/api/account/export"), 401, "not_logged_in")
        register(c, "Anna", email="anna@example.org", lang="en")
        gid, token = solo(c)
        assert say(c, gid, token, 1) == ["ok"]
        out = c.get("/api/account/export")
        assert out.status_code == 200
        data = out.json()
        assert data["account"]["username"] == "Anna" and data["account"]["email"] == "anna@example.org"
        assert data["account"]["lang"] == "en" and data["account"]["email_confirmed"] is False
        assert [(s["game_id"], s["seat"], s["game"]) for s in data["seats"]] == [(gid, 0, "pocketciv")]
        assert [(m["game_id"], m["text"]) for m in data["chat"]] == [(gid, "sor 0")]
        assert data["notices"] is True and data["ratings"] == [] and data["invitations_held"] == []
        # no secret, hash or seed: nothing of the stored rows' hashes appears
        text = json.dumps(data)
        secrets = {rows(app, "accounts")[0]["password_hash"], *(r["token_hash"] for r in rows(app, "sessions")),
                   *(r["token_hash"] for r in rows(app, "seats") if r["token_hash"]), token, PASSWORD,
                   str(rows(app, "games")[0]["seed"])}
        assert not [s for s in secrets if s in text]
        assert "address_hash" not in text and "password" not in text and "seed" not in text
        # another account sees only its own
        register(guest, "Bela")
        assert guest.get("/api/account/export").json()["seats"] == []
        assert csrf(guest)  # the export needs no CSRF token: it changes nothing
