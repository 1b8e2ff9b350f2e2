"""The state-field encoders give exactly the view-based encoder's numbers, position after
position, for every seat (so they show a seat what its view shows, and nothing more)."""

from __future__ import annotations

import os
import random
from array import array

import numpy as np
import pytest

from asztal import games
from asztal.adapters.table import OBS_BOUND, Table
from asztal.engine.features import Encode, Kept, Obs, list_bits, tuple_bits

SOAK = bool(os.environ.get("ASZTAL_SOAK"))
CASES = [("pax", 1), ("pax", 2), ("pax", 3), ("pax", 4), ("caboose", 3), ("caboose", 4), ("caboose", 5),
         ("pocketciv", 1)]


@pytest.mark.parametrize("game,players", CASES)
def test_fast_encoder_equals_the_view_encoder(game, players):
    table = Table(game, players)
    fast = table.encoder.fast
    checked = 0
    for seed in range(40 if SOAK else {"pax": 6, "caboose": 3, "pocketciv": 30}[game]):
        table.new(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                slow = table.encoder.encode_view(table.state.view(seat), seat)
                got = fast(table.state, seat)
                if not np.array_equal(slow, got):
                    bad = [table.encoder.names[i] for i in np.flatnonzero(slow != got)[:8]]
                    pytest.fail(f"{game} seed {seed} step {len(table.state.history)} seat {seat}: {bad}")
                checked += 1
            if table.over:
                break
            table.play(rng.choice(table.legal()))
    assert checked > 300


@pytest.mark.parametrize("game,players", [("pax", 1), ("pax", 3), ("pax", 4), ("caboose", 3), ("caboose", 5),
                                          ("pocketciv", 1)])
def test_the_kept_buffers_give_the_same_numbers_in_any_order(game, players):
    """A state encoder keeps each seat's last vector and rewrites only what changed, and skips
    a block whose inputs are those it was last written from (the same tuples, equal lists,
    equal keys): positions of several games, in shuffled order, still give the view encoder's
    numbers (clamped ones too)."""
    table = Table(game, players)
    rng = random.Random(11)
    states = []
    for seed in range(3):
        table.new(seed)
        while not table.over:
            states.append(table.state.clone())
            table.play(rng.choice(table.legal()))
        states.append(table.state)
    rng.shuffle(states)
    enc = table.encoder
    for state in states[:300]:
        seat = rng.randrange(players)
        slow = enc.encode_view(state.view(seat), seat)
        assert np.array_equal(enc.encode(state, seat), slow)
        assert np.array_equal(enc.observe(state, seat), np.clip(slow, -OBS_BOUND, OBS_BOUND))
        assert enc.fast.as_list(state, seat) == slow.tolist()


def test_a_buffer_clamps_and_writes_what_changed():
    o = Obs(4, bound=OBS_BOUND)
    o.num(0, 250, 10)
    o.num(1, -30, 1)
    o.flag(2, True)
    o.bits(0, 0, list_bits([3]))  # a set over entries 0..3 (here overlapping, to see the flags written)
    assert o.copy().tolist() == [10.0, -10.0, 1.0, 1.0] and list(o.ints) == [250, -30, 1, 1]
    first = o.as_list()
    o.num(0, 1, 2)
    o.bits(0, 0, tuple_bits((2,)))
    assert o.as_list() == [0.5, -10.0, 1.0, 0.0] and first == [10.0, -10.0, 1.0, 1.0]
    assert o.same(0, 7) is False and o.same(0, 7) is True and o.same(0, -1) is False and o.same(0, -1) is False
    lists = [[1, 2], [3]]
    assert o.same_lists(0, lists) is False and o.same_lists(0, lists) is True
    lists[1].append(4)  # (changed in place: computed again)
    assert o.same_lists(0, lists) is False and o.same_lists(0, [[1, 2], [3, 4]]) is True


def test_a_set_of_flags_writes_the_members_that_came_and_went():
    """``bits`` writes the entries whose bit changed since the block's last call, and only those:
    an entry it should not write keeps what was put there behind its back."""
    o = Obs(64)
    o.as_list()  # (the list is written along)
    o.bits(1, 0, tuple_bits((0, 5, 63)))
    assert np.flatnonzero(o.copy()).tolist() == [0, 5, 63] and o.as_list() == o.copy().tolist()
    two = array("f", [2.0]).tobytes()
    o.vals[5] = o.vals[63] = array("i", two)[0]  # (not written again while they stay members)
    o.bits(1, 0, list_bits([5, 7, 63]))  # 0 went, 7 came
    assert o.copy().tolist() == [2.0 if i in (5, 63) else 1.0 if i == 7 else 0.0 for i in range(64)]
    o.bits(1, 0, list_bits([63, 7, 5]))  # (the same set in another order: nothing written)
    o.bits(2, 60, 0)  # (another block, never written: nothing to clear)
    assert o.copy()[[5, 7, 63]].tolist() == [2.0, 1.0, 2.0] and o.masks[1] == 1 << 5 | 1 << 7 | 1 << 63
    assert o.as_list() == [1.0 if i in (5, 7, 63) else 0.0 for i in range(64)]  # (the list was not poked)
    assert list_bits([]) == tuple_bits(()) == 0 and tuple_bits((61, 2)) == (1 << 61) + 4


def test_a_list_handed_out_is_never_changed_while_held():
    """``as_list`` writes again the list it handed out last only when its caller let it go."""
    o = Obs(3)
    o.num(0, 1, 1)
    held = o.as_list()
    o.num(1, 1, 1)
    again = o.as_list()
    assert held == [1.0, 0.0, 0.0] and again == [1.0, 1.0, 0.0] and again is not held
    del held
    o.num(2, 1, 1)
    assert o.as_list() == [1.0, 1.0, 1.0] and again == [1.0, 1.0, 0.0]
    del again
    o.num(0, 0, 1)
    assert o.as_list() == [0.0, 1.0, 1.0]


def test_an_array_handed_out_is_never_changed_while_held():
    """``Kept`` writes again an array it handed out only when nobody else holds it: not while
    its caller holds it, a view of it or a ``memoryview`` over it; and it writes it whole, so
    what a caller wrote into an array it let go is gone."""
    k = Kept(6, "b")
    first = k.flags((1, 4))
    second = k.flags((0,))
    third = k.flags((5,))  # both held: a new array
    assert first.tolist() == [0, 1, 0, 0, 1, 0] and second.tolist() == [1, 0, 0, 0, 0, 0]
    assert third.tolist() == [0, 0, 0, 0, 0, 1] and third is not first and third is not second
    view, mem = first[1:], memoryview(second)
    del first, second
    fourth = k.flags((2,))
    fifth = k.flags((3,))
    assert view.tolist() == [1, 0, 0, 1, 0] and mem.tolist() == [1, 0, 0, 0, 0, 0]
    assert third.tolist() == [0, 0, 0, 0, 0, 1] and fourth.tolist() == [0, 0, 1, 0, 0, 0]
    assert fifth.tolist() == [0, 0, 0, 1, 0, 0]
    fifth[:] = 1  # written into by its caller, then let go
    del fifth
    again = k.flags((0, 5))
    assert again.tolist() == [1, 0, 0, 0, 0, 1] and fourth.tolist() == [0, 0, 1, 0, 0, 0]
    del fourth, again
    ids = [id(k.flags((i,))) for i in range(4)]  # each let go at once: the two kept arrays in turn
    assert ids[0] != ids[1] and ids[2:] == ids[:2] and set(ids) == {id(a) for a in k.arrays}
    o = Obs(2)
    o.num(0, 3, 1)
    held = o.copy()
    o.num(1, 5, 1)
    later = o.copy()
    o.num(0, 7, 1)
    assert held.tolist() == [3.0, 0.0] and later.tolist() == [3.0, 5.0] and o.copy().tolist() == [7.0, 5.0]
    assert held.dtype == np.float32 and o.copy() is not held


def test_a_list_let_go_is_written_in_place():
    """The list handed out last is written along with the buffer once its caller let it go: the
    same list again, with every number written since (counts beyond the scales' tables too)."""
    o = Obs(3, bound=OBS_BOUND)
    first = o.as_list()
    kept = id(first)
    del first
    for k in range(10):
        o.num(k % 2, k, 1)
    o.num(2, 1000, 3)
    again = o.as_list()
    assert id(again) == kept and again == [8.0, 9.0, 10.0] and o.copy().tolist() == again
    del again
    o.num(2, -7, 2)
    last = o.as_list()
    assert id(last) == kept and last == o.copy().tolist() == [8.0, 9.0, -3.5]


@pytest.mark.parametrize("game", ["pax", "caboose", "pocketciv"])
def test_an_encoder_kept_over_many_steps_equals_one_made_afresh(game):
    """A state encoder writes again only what a step changed (the cards that moved, the seats
    whose numbers changed): one encoder kept over every step of several games, of every player
    count it encodes, gives for every seat the numbers of an encoder made for that position alone."""
    part = games.load(game).part("encoding")
    kept: Encode | None = None
    checked = 0
    for players in [p for name, p in CASES if name == game]:
        table = Table(game, players)
        if kept is None:
            size = table.encoder.size
            kept = part.state_encoder(table.state, size)
            bounded = part.state_encoder(table.state, size, OBS_BOUND)
        for seed in range(12 if SOAK else 2) if game != "pocketciv" else range(150 if SOAK else 20):
            table.new(seed)
            rng = random.Random(seed)
            while True:
                for seat in rng.sample(range(players), players):
                    afresh = part.state_encoder(table.state, size)(table.state, seat)
                    got = kept(table.state, seat)
                    if not np.array_equal(afresh, got):
                        bad = [table.encoder.names[i] for i in np.flatnonzero(afresh != got)[:8]]
                        pytest.fail(f"{game} {players}p seed {seed} step {len(table.state.history)} seat {seat}: {bad}")
                    assert bounded.as_list(table.state, seat) == np.clip(afresh, -OBS_BOUND, OBS_BOUND).tolist()
                    checked += 1
                if table.over:
                    break
                table.play(rng.choice(table.legal()))
    assert checked > 500


def test_a_kept_pax_encoder_sees_a_card_in_another_hand_become_known():
    """A card another seat holds is shown once every seat knows it (a bought one): a change of
    ``known`` alone, every hand the same tuple, is written by a kept encoder too."""
    table = Table("pax", 3)
    table.new(0)
    rng = random.Random(0)
    while not all(table.state.hands[1:]):
        table.play(rng.choice(table.legal()))
    state = table.state
    part = games.load("pax").part("encoding")
    kept = part.state_encoder(state, table.encoder.size)
    for seat in range(3):
        kept(state, seat)
    changed = state.clone()
    for q in (1, 2):
        for c in changed.hands[q]:
            changed.known ^= 1 << c
    for seat in range(3):
        afresh = part.state_encoder(changed, table.encoder.size)(changed, seat)
        assert np.array_equal(kept(changed, seat), afresh)
        assert not np.array_equal(afresh, part.state_encoder(state, table.encoder.size)(state, seat))


@pytest.mark.parametrize("game", ["pax", "caboose"])
def test_a_kept_encoder_goes_back_to_more_players(game):
    """A seat row absent with fewer players is written as zeros over what it held: a late
    position of the most players, then one of the fewest, then the first again gives the
    numbers of an encoder made afresh (a row's one-hot kept as written would skip its god)."""
    counts = [p for name, p in CASES if name == game]
    part = games.load(game).part("encoding")
    late = []
    for players in (counts[-1], counts[0]):
        table = Table(game, players)
        table.new(3)
        rng = random.Random(3)
        for _ in range(150):
            if table.over:
                break
            table.play(rng.choice(table.legal()))
        late.append(table.state)
    size = Table(game, counts[-1]).encoder.size
    kept = part.state_encoder(late[0], size)
    for state in (late[0], late[1], late[0]):
        for seat in range(state.players):
            assert np.array_equal(kept(state, seat), part.state_encoder(state, size)(state, seat))


@pytest.mark.parametrize("game,players", [("pax", 3), ("caboose", 4)])
def test_a_kept_encoder_follows_clones_that_part(game, players):
    """Clones share their lists until one side writes (copy-on-write), and the Caboose encoder
    skips the map when a state's lists and count of writes to them are those it last read: two
    clones played on apart from one position, read in turn by one kept encoder, give the numbers
    of an encoder made afresh for each."""
    table = Table(game, players)
    part = games.load(game).part("encoding")
    kept = part.state_encoder(table.state, table.encoder.size)
    checked = 0
    for seed in range(2):
        table.new(seed)
        rng = random.Random(seed)
        while not table.over:
            if rng.random() < 0.15:
                sides = [table.state, table.state.clone()]
                for _ in range(6):
                    for side in sides:
                        if not side.is_over:
                            side.apply(rng.choice(side.legal_actions()))
                        for seat in range(players):
                            afresh = part.state_encoder(side, table.encoder.size)(side, seat)
                            assert np.array_equal(kept(side, seat), afresh)
                            checked += 1
            if not table.over:
                table.play(rng.choice(table.legal()))
    assert checked > 200
