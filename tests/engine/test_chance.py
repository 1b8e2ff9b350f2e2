"""The chance API (``asztal.engine.rng``): one call per draw, seeded as before or chosen outside."""

from __future__ import annotations

import random

import pytest

from asztal import games
from asztal.adapters.chance import Explicit
from asztal.engine import ChanceNode, ExplicitChance, Rng
from asztal.engine.rng import UnroutedDraw


def test_seeded_calls_are_the_plain_generator():
    a, b = Rng(5), Rng(5)
    pile = list(range(10))
    assert a.draw(pile, "x") == 9 and pile == list(range(9))
    assert a.below(7, "die") == b.below(7)
    assert a.chance("x", "abc") == "abc"[b.below(3)]
    # weighted: one draw below the total, read off the cumulative weights
    w = a.chance("x", ["p", "q"], [1, 3])
    assert w == ("p" if b.below(4) < 1 else "q")
    x, y = list(range(20)), list(range(20))
    a.shuffle(x, "deck", deck=True)
    b.shuffle(y)
    assert x == y  # a face-down deck is shuffled at once in normal play


def test_wide_shuffle_is_a_permutation_with_its_own_stream():
    r = Rng(3)
    items = list(range(74))
    r.shuffle(items, "pax.deck", wide=True)
    assert sorted(items) == list(range(74)) and items != list(range(74))


def test_explicit_draw_names_the_unseen_cards_with_their_weights():
    r = ExplicitChance()
    pile = [7, 1, 2, 2, 5]
    with pytest.raises(ChanceNode) as e:
        r.draw(pile, "bag")
    assert e.value.what == "bag" and e.value.outcomes == (1, 2, 5, 7)
    assert e.value.probs == pytest.approx((0.2, 0.4, 0.2, 0.2))
    # only the top two cards lie in an unknown order: the others are not offered
    with pytest.raises(ChanceNode) as e:
        r.draw([9, 8, 3, 4], "deck", unfixed=2)
    assert e.value.outcomes == (3, 4)
    r = ExplicitChance([2])
    assert r.draw(pile, "bag") == 2 and sorted(pile) == [1, 2, 5, 7] and r.taken == 1
    assert ExplicitChance().draw([4, 4], "bag") == 4  # one possible outcome: no node


def test_explicit_mode_refuses_an_unnamed_draw():
    with pytest.raises(UnroutedDraw):
        ExplicitChance().next32()
    with pytest.raises(UnroutedDraw):
        ExplicitChance().random()


def test_explicit_shuffle_decides_each_place():
    r = ExplicitChance([3, 1, 2])
    items = [0, 1, 2, 3]
    r.shuffle(items, "tiles")
    assert items[3] == 3 and items[2] == 1 and items[1] == 2 and sorted(items) == [0, 1, 2, 3]


@pytest.mark.parametrize(("name", "players"), [("pax", 1), ("pax", 3), ("pocketciv", 1), ("pocketciv", 2),
                                               ("caboose", 3)])
def test_every_draw_of_a_game_is_a_chance_node(name, players):
    """Whole games with every draw chosen from outside: a draw the rules did not route through
    the chance API would raise ``UnroutedDraw``."""
    for seed in range(3):
        r = random.Random(seed)
        ex = Explicit(games.load(name), players, {})
        nodes = 0
        for _ in range(20000):
            if ex.node is not None:
                nodes += 1
                assert sum(ex.node.probs) == pytest.approx(1.0)
                ex.choose(ex.node.outcomes[r.randrange(len(ex.node.outcomes))])
            elif ex.state.is_over:
                break
            else:
                ex.play(r.choice(ex.state.legal_actions()))
        assert ex.state.is_over and nodes > 5
        ex.state.check_invariants()
