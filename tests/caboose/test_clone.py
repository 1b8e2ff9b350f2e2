"""Clones share their lists with the original until one side writes (copy-on-write by groups,
``CabooseState.own_*``): whatever either side plays, the other must never see it."""

import random

import pytest

from asztal.games.caboose import GAME
from asztal.games.caboose.state import SHARED_ALL


def _play(state, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_neither_side_of_a_clone_sees_the_others_moves(players):
    """A clone at every step of a seeded game: the clone plays on (every kind of action, up to
    the end of the game), then the original plays one step; each side's JSON (every list, the
    decks, the hands, the PRNG) must be what it was before the other side moved."""
    rnd = random.Random(players)
    s = GAME.new_game(players, seed=100 + players)
    s.log = None
    clones = 0
    while not s.is_over:
        before = s.to_json()
        twin = s.clone()
        assert s._sh == twin._sh == SHARED_ALL
        _play(twin, rnd, rnd.choice((1, 3, 12, 400)))
        twin.check_invariants()
        assert s.to_json() == before, "playing on a clone changed the original"
        after_twin = twin.to_json()
        _play(s, rnd, 1)
        s.check_invariants()
        assert twin.to_json() == after_twin, "playing on the original changed its clone"
        clones += 1
    assert clones > 100


def test_a_clone_of_a_clone_and_a_determinized_copy_stay_apart():
    rnd = random.Random(7)
    s = GAME.new_game(4, seed=7)
    s.log = None
    _play(s, rnd, 60)
    a = s.clone()
    b = a.clone()
    c = s.determinize(s.to_move, 11)
    texts = [x.to_json() for x in (s, a, b, c)]
    for i, x in enumerate((s, a, b, c)):
        _play(x, random.Random(i), 40)
        others = [y.to_json() for j, y in enumerate((s, a, b, c)) if j != i]
        assert others == [t for j, t in enumerate(texts) if j != i], f"side {i} changed another side"
        texts[i] = x.to_json()
