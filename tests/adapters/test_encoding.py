"""The fixed action numbering covers every legal action; observations have one size and
read only the seat's view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from asztal import games
from asztal.adapters.encoding import ActionSpace, Encoder
from asztal.engine.rng import Rng

CASES = [("pax", 1), ("pax", 2), ("pax", 4), ("pocketciv", 1), ("caboose", 3), ("caboose", 5)]


@pytest.mark.parametrize("game,players", CASES)
def test_every_legal_action_has_a_number_and_the_observation_a_fixed_size(game, players):
    g = games.load(game)
    first = g.new_game(players, seed=0)
    space, enc = ActionSpace(game, first), Encoder(game, first)
    assert len(set(space.codes)) == space.n and len(set(enc.names)) == enc.size
    rnd = random.Random(players)
    for seed in range(4):
        state = g.new_game(players, seed=seed)
        state.log = None
        while not state.is_over:
            legal = space.legal(state)
            mask = space.mask(state)
            assert mask.sum() == len(set(legal)) and all(mask[i] for i in legal)
            i = rnd.choice(legal)
            assert space.action(state, i) in state.legal_actions()
            obs = enc.encode(state, state.to_move)
            assert obs.shape == (enc.size,) and obs.dtype == np.float32 and np.isfinite(obs).all()
            state.apply(space.action(state, i))


@pytest.mark.parametrize("game,players", [("pax", 3), ("caboose", 4)])
def test_an_observation_is_unchanged_when_the_hidden_rest_is_resampled(game, players):
    g = games.load(game)
    enc = Encoder(game, g.new_game(players, seed=0))
    rnd = random.Random(5)
    state = g.new_game(players, seed=9)
    for step in range(120):
        if state.is_over:
            break
        seat = state.to_move
        if step % 10 == 0:
            other = state.determinize(seat, Rng(step))
            assert np.array_equal(enc.encode(state, seat), enc.encode(other, seat))
        state.apply(rnd.choice(state.legal_actions()))


def test_an_action_that_is_not_legal_is_refused():
    g = games.load("pax")
    state = g.new_game(2, seed=1)
    space = ActionSpace("pax", state)
    illegal = next(i for i in range(space.n) if i not in space.legal(state))
    with pytest.raises(ValueError, match="not legal"):
        space.action(state, illegal)
    with pytest.raises(ValueError, match="outside"):
        space.action(state, space.n)
