"""The fixed action numbering covers every legal action; observations have one size and
read only the seat's view."""

from __future__ import annotations

import copy
import pickle
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


@pytest.mark.parametrize("game,players", CASES)
def test_a_kept_numbering_answers_as_a_fresh_one_at_every_step(game, players):
    """``ActionSpace`` keeps the numbers of the last legal list it numbered (and their sorted
    copy) by the list's identity, and plays a number itself (``play``): one space kept over every
    step of several games, asked in a shuffled order, answers as the codes say (the mask, the
    legal numbers, sorted, the action of each number, the seat to move after it); a copy and a
    pickled one, made mid-game, answer alike."""
    g = games.load(game)
    space = ActionSpace(game, g.new_game(players, seed=0))
    rnd = random.Random(players * 31)
    steps = 0
    for seed in range(6):
        state = g.new_game(players, seed=seed)
        state.log = None
        while not state.is_over:
            legal = state.legal_actions()
            numbers = [space.index[a.code] for a in legal]
            fresh = np.zeros(space.n, np.int8)
            fresh[numbers] = 1
            if steps == 40:
                space = rnd.choice([copy.deepcopy(space), pickle.loads(pickle.dumps(space))])
            asks = ["mask", "legal", "sorted", "action"]
            rnd.shuffle(asks)
            for ask in asks:
                if ask == "mask":
                    assert np.array_equal(space.mask(state), fresh)
                elif ask == "legal":
                    assert space.legal(state) == numbers
                elif ask == "sorted":
                    assert space.legal_sorted(state) == sorted(numbers)
                else:
                    assert all(space.action(state, i) is a for i, a in zip(numbers, legal, strict=True))
            k = rnd.randrange(len(legal))
            other = state.clone()
            other.apply(legal[k])
            assert space.play(state, numbers[k]) == (-1 if other.is_over else other.to_move)
            assert state.history[-1] is legal[k]
            steps += 1
    assert steps > 40


def test_a_number_not_legal_leaves_the_state_as_it_was():
    g = games.load("caboose")
    state = g.new_game(3, seed=2)
    space = ActionSpace("caboose", state)
    illegal = next(i for i in range(space.n) if i not in space.legal(state))
    before = state.to_json()
    for i in (illegal, space.n, -1):
        with pytest.raises(ValueError):
            space.play(state, i)
    assert state.to_json() == before
