"""Seeded games played with random legal moves, one digest per decision: the same in Pyodide as here.

This file is run twice by ``test_same_rules.py``: imported here, and read as source into
Pyodide (with the offline pack: ``tools/pack_offline.py``), so it imports only what the pack
holds. A solo game is played through ``asztal.offline.session.Session`` (the page's own path),
so its digests cover the ``state`` messages the page is sent (view, board, labels, log) as well
as the state; a game of several seats is played on the state alone (view of the seat to move).

Every field is compared as it is, PocketCiv's map and board too: its outlines once started
at the corner a set of cells yielded first (an order that follows the hash width, 64 bits natively
and 32 in Pyodide), and its board's symbols once followed a float sum that CPython 3.12 changed;
both are fixed in the rules code (``map.outline``, ``board``), and ``first_board`` shows it.
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


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def play(game: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """One digest per decision (and one for the start) of the game ``seed`` plays with random moves."""
    rng = random.Random(seed * 7919 + 17)
    out = []
    if players == 1:
        session = Session.new(game, [{"kind": "human", "name": ""}], 0, seed=seed, options=options)
        msg = session.message(whole=True)
        out.append(_digest(_text(session.state.to_dict()), _text(msg)))
        while not session.state.is_over and len(out) <= MAX_MOVES:
            code = msg["legal"][rng.randrange(len(msg["legal"]))]["code"]
            (msg,) = session.handle({"type": "act", "code": code, "seq": session.seq})
            out.append(_digest(_text(session.state.to_dict()), _text(msg)))
        return out
    state = games.load(game).new_game(players=players, seed=seed, options=options)
    out.append(_digest(_text(state.to_dict())))
    while not state.is_over and len(out) <= MAX_MOVES:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seat = None if state.is_over else state.to_move
        out.append(_digest(_text(state.to_dict()), _text(state.view(seat))))
    return out


def play_all(count: int = 50) -> str:
    """Every planned game's digests, as JSON (what the Pyodide run prints)."""
    return json.dumps([play(*p) for p in plan(count)])


def first_board(seeds: list[int]) -> str:
    """The whole first ``state`` message (map and board drawn) of a PocketCiv solo game per seed."""
    return json.dumps([Session.new("pocketciv", [{"kind": "human", "name": ""}], 0, seed=seed).message(whole=True)
                       for seed in seeds], sort_keys=True)
