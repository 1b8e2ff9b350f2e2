"""Names and chat lines others read: no control character (a line break in a name included), no
writing-direction override or isolate, and not only invisible characters."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from asztal.server.edge import bad_display
from tests.server.test_accounts import refused
from tests.server.test_chat_limits import say, solo
from tests.server.test_mail import make_app

REFUSED = {"Anna\n": "control", "An\tna": "control", "Anna\x85": "control", "\u202eevil": "bidi",
           "a\u202db": "bidi", "\u2067Anna\u2069": "bidi", "\u2066x": "bidi", "\u200b\u200b": "invisible",
           "\ufeff": "invisible", " \u2060 ": "invisible", "\u3164": "invisible", "\u2800\u2800": "invisible"}
SHOWN = ["Ödön", "", "דוד", "Анна", "👩\u200d👩\u200d👧 csapat", "Kiss Anna", "A\u0301da"]


@pytest.mark.parametrize("text, why", REFUSED.items())
def test_refused_as_a_name(text, why):
    reason = bad_display(text)
    assert reason is not None and reason.key == why


@pytest.mark.parametrize("text", SHOWN)
def test_names_of_every_script_are_shown(text):
    assert bad_display(text) is None


def test_a_seat_name_with_a_line_break_or_an_override_is_refused(db_url):
    app = make_app(db_url, None)
    with TestClient(app) as c:
        for bad in ("Anna\n", "\u202eAnna", "\u200b"):
            refused(c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0,
                                               "seats": [{"kind": "human", "name": bad}]}), 422, "bad_request")
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0}).json()
        refused(c.post(f"/api/games/{made['game']['id']}/join", json={"name": "Béla\u2066"}), 422, "bad_request")
        assert c.post(f"/api/games/{made['game']['id']}/join", json={"name": "Béla"}).status_code == 200


def test_a_chat_line_with_an_override_or_only_invisible_characters_is_refused(db_url):
    app = make_app(db_url, None)
    with TestClient(app) as c:
        gid, token = solo(c)
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            while ws.receive_json()["type"] != "state":
                pass
            for text, code in (("\u202eevil", "bad_message"), ("\u200b\u200b\u200b", "chat_empty"),
                               ("\u3164", "chat_empty")):
                ws.send_json({"type": "chat", "text": text})
                while (msg := ws.receive_json())["type"] != "error":
                    assert msg["type"] != "chat"
                assert msg["code"] == code, (text, msg)
        assert say(c, gid, token, 1) == ["ok"]
