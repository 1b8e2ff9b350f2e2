"""Seeded games played with random legal moves, one digest per decision: the same in Pyodide as here.

This file is run twice by ``test_same_rules.py``: imported here, and read as source into
Pyodide (with the offline pack: ``tools/pack_offline.py``), so it imports only what the pack
holds. A solo game is played through ``asztal.offline.session.Session`` (the page's own path),
so its digests cover the ``state`` messages the page is sent (view, board, labels, log) as well
as the state; a game of several seats is played on the state alone (view of the seat to move).

Known differences (docs/offline.md), left out of the digests unless ``raw``: PocketCiv's map
outlines start at another corner of the same loop (``map.outline`` walks a set of cells, whose
order follows the hash width: 64 bits natively, 32 in Pyodide), and its board places an area's
symbols in another order; the digests take each loop from its smallest corner and leave the
PocketCiv board out. ``test_same_rules`` shows the raw difference, so its fix is noticed.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from asztal import games
from asztal.offline.session import Session

#: (game, players, options): solo and multi of all three games
KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("pocketciv", 1, {}), ("pax", 1, {"level": 1}), ("caboose", 3, {}), ("pax", 2, {}),
    ("pocketciv", 2, {}), ("pax", 1, {"level": 4}), ("caboose", 5, {}), ("pax", 4, {}),
    ("pocketciv", 4, {}), ("pax", 1, {"level": 5}),
]
#: decisions per game at most (every game above ends sooner or later; the cap bounds the run)
MAX_MOVES = 120


def plan(count: int = 50) -> list[tuple[str, int, dict[str, Any], int]]:
    return [(*KINDS[i % len(KINDS)], 1000 + i) for i in range(count)]


def canonical(data: Any) -> Any:
    """``data`` (JSON) with every outline loop (``polygon``, ``polygons``) begun at its smallest corner."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if key == "polygon" and isinstance(value, list) and value:
                out[key] = _from_smallest(value)
            elif key == "polygons" and isinstance(value, list):
                out[key] = [_from_smallest(loop) for loop in value]
            else:
                out[key] = canonical(value)
        return out
    if isinstance(data, list):
        return [canonical(v) for v in data]
    return data


def _from_smallest(loop: list) -> list:
    i = loop.index(min(loop))
    return loop[i:] + loop[:i]


def _text(data: Any, raw: bool) -> str:
    return json.dumps(data if raw else canonical(data), sort_keys=True)


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def play(game: str, players: int, options: dict[str, Any], seed: int, raw: bool = False) -> list[str]:
    """One digest per decision (and one for the start) of the game ``seed`` plays with random moves
    (``raw``: without leaving the known differences out)."""
    rng = random.Random(seed * 7919 + 17)
    out = []
    if players == 1:
        session = Session.new(game, [{"kind": "human", "name": ""}], 0, seed=seed, options=options)
        msg = session.message(whole=True)
        out.append(_digest(_text(session.state.to_dict(), raw), _message(msg, game, raw)))
        while not session.state.is_over and len(out) <= MAX_MOVES:
            code = msg["legal"][rng.randrange(len(msg["legal"]))]["code"]
            (msg,) = session.handle({"type": "act", "code": code, "seq": session.seq})
            out.append(_digest(_text(session.state.to_dict(), raw), _message(msg, game, raw)))
        return out
    state = games.load(game).new_game(players=players, seed=seed, options=options)
    out.append(_digest(_text(state.to_dict(), raw)))
    while not state.is_over and len(out) <= MAX_MOVES:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seat = None if state.is_over else state.to_move
        out.append(_digest(_text(state.to_dict(), raw), _text(state.view(seat), raw)))
    return out


def _message(msg: dict[str, Any], game: str, raw: bool) -> str:
    if game == "pocketciv" and not raw:
        msg = {k: v for k, v in msg.items() if k != "board"}
    return _text(msg, raw)


def play_all(count: int = 50) -> str:
    """Every planned game's digests, as JSON (what the Pyodide run prints)."""
    return json.dumps([play(*p) for p in plan(count)])


def first_raw(seeds: list[int]) -> str:
    """The raw first digest of a PocketCiv solo game per seed (the known differences kept)."""
    return json.dumps([play("pocketciv", 1, {}, seed, raw=True)[0] for seed in seeds])
