"""Clones share their lists with the original until one side writes (copy-on-write by groups,
``PaxState.own_*``): whatever either side plays, the other must never see it."""

import random

import pytest

from asztal.games.pax import GAME
from asztal.games.pax.state import SHARED_ALL


def _play(state, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "level"), [(1, 1), (1, 5), (2, 0), (3, 0), (4, 0)])
def test_neither_side_of_a_clone_sees_the_others_moves(players, level):
    """A clone at every step of a seeded game: the clone plays on (every kind of action, up to
    the end of the game), then the original plays one step; each side's JSON (the deck and who
    slid what, the Legions, hands, tableaux, money, the PRNG) must be what it was before the
    other side moved. Solitaire game 5 starts with start cards played from the hand."""
    rnd = random.Random(players + level)
    s = GAME.new_game(players, seed=200 + players, options={"level": level} if level else None)
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
    assert clones > 20


@pytest.mark.parametrize("players", [1, 3, 4])
def test_a_clone_of_a_clone_and_determinized_copies_stay_apart(players):
    """Determinizing rewrites the hands, the deck and who slid what: on its own copies only."""
    rnd = random.Random(7)
    s = GAME.new_game(players, seed=7)
    s.log = None
    _play(s, rnd, 12)
    a = s.clone()
    b = a.clone()
    c = s.determinize(s.to_move, 11)
    d = a.determinize((s.to_move + 1) % players, 12)
    sides = (s, a, b, c, d)
    texts = [x.to_json() for x in sides]
    for i, x in enumerate(sides):
        _play(x, random.Random(i), 30)
        others = [y.to_json() for j, y in enumerate(sides) if j != i]
        assert others == [t for j, t in enumerate(texts) if j != i], f"side {i} changed another side"
        texts[i] = x.to_json()
