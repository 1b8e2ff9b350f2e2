"""The offline page's Web Worker calls into Python through these four functions, JSON text in
and out (one text crosses from JavaScript to Python and back, never a proxy of an object).

The worker holds one game at a time: ``start`` makes it (a new game, or one saved in the page's
IndexedDB), ``send`` hands it one socket message of the page, ``bot`` plays one bot move, and
``saved`` gives what the page keeps after every accepted decision. The answers are the server
socket's messages (``session.Session``)."""

from __future__ import annotations

import json
from typing import Any

from asztal.engine.errors import AsztalError
from asztal.offline.session import Session
from asztal.server import texts

_game: list[Session] = []  # the worker's one game (empty before ``start``)


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def start(request: str) -> str:
    """Start a game: ``{"game", "seats": [{kind, bot, name}], "seat", "seed", "options", "lang"}``,
    or ``{"saved": …}`` to resume one. Answers ``[hello, state]``, or ``[error]`` when refused."""
    try:
        req = json.loads(request)
        if "saved" in req:
            session = Session.resume(req["saved"], game_id=str(req.get("id", "offline")))
        else:
            session = Session.new(req["game"], req["seats"], int(req.get("seat", 0)), seed=int(req["seed"]),
                                  options=req.get("options") or {}, lang=req.get("lang", "hu"),
                                  game_id=str(req.get("id", "offline")))
    except AsztalError as e:
        return _dumps([texts.error("bad_request", e)])
    except (ValueError, KeyError, TypeError, IndexError):
        return _dumps([texts.error("bad_request")])
    _game[:] = [session]
    return _dumps([session.hello(), session.message(whole=True)])


def send(message: str) -> str:
    """The answers to one page message (``[error]`` before a game is started)."""
    if not _game:
        return _dumps([texts.error("not_started")])
    try:
        msg = json.loads(message)
    except ValueError:
        return _dumps([texts.error("bad_message", texts.Reason("not_json"))])
    return _dumps(_game[0].handle(msg))


def bot() -> str:
    """One bot move's ``state``, or ``null`` when no bot is to move."""
    return _dumps(_game[0].bot_step() if _game else None)


def saved() -> str:
    """What the page keeps to resume the game (``null`` before a game is started)."""
    return _dumps(_game[0].saved() if _game else None)
