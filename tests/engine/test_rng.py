"""The game PRNG is portable: these numbers are the same on every machine and Python."""

import random

import pytest

from asztal.engine.rng import Rng, as_rng


def test_known_stream_for_seed_42():
    r = Rng(42)
    assert [r.next32() for _ in range(4)] == [1144643240, 2799191684, 3948616860, 2113054660]


def test_known_shuffle_for_seed_7():
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [8, 4, 2, 9, 6, 3, 1, 0, 5, 7]


def test_big_bounds_are_supported():
    assert Rng(0).below(10**30) == 388229193364675691246268702776


def test_state_round_trip_continues_the_stream():
    r = Rng(5)
    r.next32()
    twin = Rng.from_state(r.get_state())
    assert [r.below(100) for _ in range(20)] == [twin.below(100) for _ in range(20)]


def test_copy_is_independent():
    r = Rng(9)
    c = r.copy()
    r.next32()
    assert c.next32() != r.next32() or c.state != r.state


def test_below_is_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_random_is_in_unit_interval():
    r = Rng(3)
    xs = [r.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs) and 0.4 < sum(xs) / 1000 < 0.6


def test_bad_bounds_and_states_are_refused():
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(ValueError):
        Rng.from_state([1, 2])  # the increment must be odd


def test_as_rng_accepts_int_random_and_rng():
    assert as_rng(5).next32() == Rng(5).next32()
    assert isinstance(as_rng(random.Random(1)), Rng)
    r = Rng(2)
    assert as_rng(r) is r
    with pytest.raises(TypeError):
        as_rng("seed")


def test_shuffle_draws_exactly_like_below():
    """The written-out shuffle is Fisher-Yates over ``below(i + 1)``: same orders, same stream
    afterwards (records made before it replay unchanged)."""
    for seed in range(200):
        n = seed % 40
        a, b = Rng(seed), Rng(seed)
        xs, ys = list(range(n)), list(range(n))
        a.shuffle(xs)
        for i in range(n - 1, 0, -1):
            j = b.below(i + 1)
            ys[i], ys[j] = ys[j], ys[i]
        assert xs == ys and a.get_state() == b.get_state()
