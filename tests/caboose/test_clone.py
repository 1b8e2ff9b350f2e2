"""Clones share their lists with the original until one side writes (copy-on-write by groups,
``CabooseState.own_*``): whatever either side plays, the other must never see it."""

import random

import pytest

from asztal.games.caboose import GAME
from asztal.games.caboose.state import SHARED_ALL
from tests.contract.helpers import check_copy_on_write_clones, check_sides_stay_apart, play_on


@pytest.mark.parametrize("players", [3, 4, 5])
def test_neither_side_of_a_clone_sees_the_others_moves(players):
    """A clone at every step of a seeded game: the clone plays on (every kind of action, up to
    the end of the game), then the original plays one step; each side's JSON (every list, the
    decks, the hands, the PRNG) must be what it was before the other side moved."""
    s = GAME.new_game(players, seed=100 + players)
    s.log = None
    assert check_copy_on_write_clones(s, random.Random(players), SHARED_ALL) > 100


def test_a_clone_of_a_clone_and_a_determinized_copy_stay_apart():
    s = GAME.new_game(4, seed=7)
    s.log = None
    play_on(s, random.Random(7), 60)
    a = s.clone()
    check_sides_stay_apart((s, a, a.clone(), s.determinize(s.to_move, 11)), 40)
