"""A clone shares what seldom changes with its original (the terrain lists until one side
changes them, ``state.own_land``; the deck, discard pile and cards aside until one side moves
a card, ``state.own_cards``; an Empire's wonders, a tuple): playing on either side must never
change the other. Events that change the terrain (floods, sandstorms, volcanoes, earthquakes,
farms and forests bought) and draws are played on clones many times here."""

from __future__ import annotations

import json
import random

from asztal import games

GAME = games.load("pocketciv")


def _position(state) -> str:
    return json.dumps(state._state_dict(), sort_keys=True)


def test_playing_on_a_clone_never_changes_its_original_nor_the_reverse():
    changed = 0
    for players, seed in ((1, 1), (1, 2), (1, 3), (1, 4), (2, 1)):
        rnd = random.Random(seed)
        s = GAME.new_game(players, seed=seed)
        step = 0
        while not s.is_over:
            if step % 3 == 0:
                before = _position(s)
                twin = s.clone()
                land = (twin.forest, twin.mount, twin.farm, twin.desert, twin.fault)
                for _ in range(40):  # the clone plays on: the original must not move
                    if twin.is_over:
                        break
                    twin.apply(rnd.choice(twin.legal_actions()))
                assert _position(s) == before, f"{players}p seed {seed} step {step}: a clone changed its original"
                if land != (twin.forest, twin.mount, twin.farm, twin.desert, twin.fault):
                    changed += 1
                twin_before = _position(twin)
                if not s.is_over:  # and the original plays on: the clone must not move
                    probe = s.clone()
                    probe.apply(rnd.choice(probe.legal_actions()))
                    assert _position(twin) == twin_before
            s.apply(rnd.choice(s.legal_actions()))
            step += 1
    assert changed > 20, "the games played on clones changed the terrain too seldom to check the sharing"
