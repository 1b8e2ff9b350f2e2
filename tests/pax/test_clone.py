"""Clones share their lists with the original until one side writes (copy-on-write by groups,
``PaxState.own_*``): whatever either side plays, the other must never see it."""

import random

import pytest

from asztal.games.pax import GAME
from asztal.games.pax.state import SHARED_ALL
from tests.contract.helpers import check_copy_on_write_clones, check_sides_stay_apart, play_on


@pytest.mark.parametrize(("players", "level"), [(1, 1), (1, 5), (2, 0), (3, 0), (4, 0)])
def test_neither_side_of_a_clone_sees_the_others_moves(players, level):
    """A clone at every step of a seeded game: the clone plays on (every kind of action, up to
    the end of the game), then the original plays one step; each side's JSON (the deck and who
    slid what, the Legions, hands, tableaux, money, the PRNG) must be what it was before the
    other side moved. Solitaire game 5 starts with start cards played from the hand."""
    s = GAME.new_game(players, seed=200 + players, options={"level": level} if level else None)
    s.log = None
    assert check_copy_on_write_clones(s, random.Random(players + level), SHARED_ALL) > 20


@pytest.mark.parametrize("players", [1, 3, 4])
def test_a_clone_of_a_clone_and_determinized_copies_stay_apart(players):
    """Determinizing rewrites the hands, the deck and who slid what: on its own copies only."""
    s = GAME.new_game(players, seed=7)
    s.log = None
    play_on(s, random.Random(7), 12)
    a = s.clone()
    b = a.clone()
    c = s.determinize(s.to_move, 11)
    d = a.determinize((s.to_move + 1) % players, 12)
    check_sides_stay_apart((s, a, b, c, d), 30)
