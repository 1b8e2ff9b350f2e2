"""The engine contract, checked over every registered game and player count.

``ASZTAL_CONTRACT_GAMES`` sets how many seeded random games each game and player count
plays (100 by default, 25 in ``make test-pure``'s second pass on the pure sources, 2,000 in
``make soak``). Games run in chunks so pytest-xdist spreads them.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asztal import games
from asztal.engine import BadRecord, IllegalAction, UnknownGame
from tests.contract.helpers import MAX_STEPS, play_random_game, snapshot

GAMES_PER_COUNT = int(os.environ.get("ASZTAL_CONTRACT_GAMES", "100"))
CHUNK = 25


def _cases():
    for name in games.names():
        game = games.load(name)
        for players in range(game.min_players, game.max_players + 1):
            for start in range(0, GAMES_PER_COUNT, CHUNK):
                yield pytest.param(name, players, start, id=f"{name}-{players}p-{start}")


def _counts():
    for name in games.names():
        game = games.load(name)
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name,players,start", list(_cases()))
def test_random_games_keep_the_contract(name, players, start):
    """Each game ends, replays identically, round-trips through JSON, rejects bad input
    unchanged, leaks nothing through determinize, and keeps its invariants every step."""
    game = games.load(name)
    for seed in range(start, min(start + CHUNK, GAMES_PER_COUNT)):
        final = play_random_game(game, players, seed * 7919 + players)
        again = games.replay(json.loads(json.dumps(final.record)))
        assert snapshot(again) == snapshot(final), f"replay of seed {seed} differs"


@pytest.mark.parametrize("name,players", list(_counts()))
def test_same_seed_same_game(name, players):
    game = games.load(name)
    a, b = game.new_game(players, seed=11), game.new_game(players, seed=11)
    assert snapshot(a) == snapshot(b)
    assert [x.code for x in a.legal_actions()] == [x.code for x in b.legal_actions()]


@pytest.mark.parametrize("name,players", list(_counts()))
def test_a_state_pickles_and_plays_on_alike(name, players):
    """Research backends (OpenSpiel, Ray) pickle states: a pickled copy, on either build, is
    the same position and goes on as the original does (a compiled class is pickled through
    what it is made from)."""
    import pickle
    import random

    game = games.load(name)
    state, rng = game.new_game(players, seed=23), random.Random(23)
    for step in range(60):
        if state.is_over:
            break
        copy = pickle.loads(pickle.dumps(state))
        assert snapshot(copy) == snapshot(state), f"step {step}"
        code = rng.choice(state.legal_actions()).code
        state.apply(code)
        copy.apply(code)
        assert snapshot(copy) == snapshot(state), f"step {step} after {code}"


@pytest.mark.parametrize("name,players", list(_counts()))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(min_value=0, max_value=2**31), max_size=400), seed=st.integers(0, 2**32))
def test_fuzzed_action_sequences(name, players, choices, seed):
    """Hypothesis picks the moves: every prefix keeps the invariants and replays identically."""
    game = games.load(name)
    state = game.new_game(players, seed=seed)
    for c in choices:
        if state.is_over:
            break
        acts = state.legal_actions()
        state.apply(acts[c % len(acts)])
        state.check_invariants()
    assert snapshot(games.replay(state.record)) == snapshot(state)
    assert game.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("name,players", list(_counts()))
@settings(max_examples=40, deadline=None)
@given(code=st.text(max_size=40))
def test_garbage_codes_are_refused(name, players, code):
    game = games.load(name)
    state = game.new_game(players, seed=3)
    before = snapshot(state)
    legal = {a.code for a in state.legal_actions()}
    if code.strip() in legal:
        return
    with pytest.raises(IllegalAction):
        state.apply(code)
    assert snapshot(state) == before


@pytest.mark.parametrize("name", games.names())
def test_corrupt_saves_are_refused(name):
    game = games.load(name)
    state = game.new_game(game.min_players, seed=5)
    good = json.loads(state.to_json())
    for text in ("", "{", "[]", json.dumps({**good, "schema": 999}), json.dumps({**good, "game": "chess"}),
                 json.dumps({**good, "state": {}}), json.dumps({**good, "record": {**good["record"],
                                                                                   "actions": ["??"]}})):
        with pytest.raises(BadRecord):
            game.from_json(text)


@pytest.mark.parametrize("name", games.names())
def test_bad_records_are_refused(name):
    game = games.load(name)
    state = game.new_game(game.min_players, seed=5)
    rec = state.record
    with pytest.raises(BadRecord):
        games.replay({**rec, "actions": ["not-an-action"]})
    with pytest.raises(BadRecord):
        games.replay({**rec, "game": 3})
    with pytest.raises(ValueError):
        games.replay({**rec, "players": game.max_players + 1})


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="unknown game"):
        games.load("chess")


def test_step_limit_is_generous():
    assert MAX_STEPS >= 100_000
