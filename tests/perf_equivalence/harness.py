"""Same seeds and actions, same games: a digest of a seeded random game, to compare code
before and after a change that must not change behaviour (speed work, the PocketCiv state
redesign).

A game is played from ``new_game(players, seed)`` by a uniform-random policy seeded with the
same seed. The digest covers every step's legal action codes (so the policy's choices, i.e.
the whole record, follow from it), every action taken, the final readable state
(``_state_dict``) and the outcome. The log is left out: its wording is not behaviour.

Only the public game API is used, so ``make_records.py`` can run this file against an older
checkout of the games.
"""

from __future__ import annotations

import hashlib
import json
import random

from asztal import games

#: (game, players, games in ``make test``, games under ASZTAL_SOAK=1)
CONFIGS = (
    ("pocketciv", 1, 120, 2000),
    ("pocketciv", 2, 60, 1000),
    ("pocketciv", 3, 40, 500),
    ("pocketciv", 4, 40, 500),
    ("pax", 2, 40, 1000),
    ("pax", 4, 20, 300),
    ("caboose", 3, 20, 300),
    ("caboose", 5, 10, 150),
)


def play(game_name: str, players: int, seed: int) -> tuple[int, str]:
    """``(actions, digest)`` of the seeded random game."""
    game = games.load(game_name)
    state = game.new_game(players, seed=seed)
    state.log = None
    rand = random.Random(seed).random
    h = hashlib.sha256()
    n = 0
    while not state.is_over:
        acts = state.legal_actions()
        h.update("|".join(a.code for a in acts).encode())
        a = acts[int(rand() * len(acts))]
        h.update(b"\n>" + a.code.encode() + b"\n")
        state.apply(a)
        n += 1
    h.update(json.dumps(state._state_dict(), sort_keys=True, ensure_ascii=False).encode())
    h.update(json.dumps(state.outcome(), sort_keys=True).encode())
    return n, h.hexdigest()[:24]
