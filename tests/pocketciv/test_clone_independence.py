"""A clone shares what seldom changes with its original (the terrain lists until one side
changes them, ``state.own_land``; the deck, discard pile and cards aside until one side moves
a card, ``state.own_cards``; an Empire's wonders, a tuple; in the multiplayer mode the Empires
of the seats not acting, ``state.own_seat``, and an event's bookkeeping, ``state.own_ledger``):
playing on either side must never change the other. Events that change the terrain (floods,
sandstorms, volcanoes, earthquakes, farms and forests bought), draws, and the multiplayer
round's steps that change every seat (growth, tribe upkeep, an event's losses shared out) are
played on clones many times here."""

from __future__ import annotations

import json
import random

import pytest

from asztal import games
from asztal.games.pocketciv.data import ADV_INDEX, NCARDS, WONDER_INDEX
from asztal.games.pocketciv.frames import Mp, MpEv
from asztal.games.pocketciv.mp import _losses
from asztal.games.pocketciv.state import SEAT, SHARED_ALL
from tests.contract.helpers import check_sides_stay_apart, play_on
from tests.pocketciv.policy import choose
from tests.pocketciv.test_multiplayer import areas_of, go, mp

GAME = games.load("pocketciv")


def _position(state) -> str:
    return json.dumps(state._state_dict(), sort_keys=True)


def test_playing_on_a_clone_never_changes_its_original_nor_the_reverse():
    changed = 0
    for players, seed in ((1, 1), (1, 2), (1, 3), (1, 4), (2, 1)):
        rnd = random.Random(seed)
        s = GAME.new_game(players, seed=seed)
        step = 0
        while not s.is_over:
            if step % 3 == 0:
                before = _position(s)
                twin = s.clone()
                land = (twin.forest, twin.mount, twin.farm, twin.desert, twin.fault)
                for _ in range(40):  # the clone plays on: the original must not move
                    if twin.is_over:
                        break
                    twin.apply(rnd.choice(twin.legal_actions()))
                assert _position(s) == before, f"{players}p seed {seed} step {step}: a clone changed its original"
                if land != (twin.forest, twin.mount, twin.farm, twin.desert, twin.fault):
                    changed += 1
                twin_before = _position(twin)
                if not s.is_over:  # and the original plays on: the clone must not move
                    probe = s.clone()
                    probe.apply(rnd.choice(probe.legal_actions()))
                    assert _position(twin) == twin_before
            s.apply(rnd.choice(s.legal_actions()))
            step += 1
    assert changed > 20, "the games played on clones changed the terrain too seldom to check the sharing"


def _shared_after_clone(state) -> int:
    """What a clone marks shared on both sides: every group but the acting Empire's seat."""
    for p, e in enumerate(state.seats):
        if e is state.emp:
            return SHARED_ALL & ~(SEAT << p)
    return SHARED_ALL  # an event's combination, or a copy standing in: every seat shared


@pytest.mark.parametrize("players", [2, 3, 4])
def test_neither_side_of_a_multiplayer_clone_sees_the_others_moves(players):
    """A clone at every step of seeded games: the clone plays on (1 to 400 decisions, often to
    the end), then the original plays one step; each side's JSON (every seat's Empire, the
    event's view and bookkeeping, the terrain, the cards, the PRNG) must be what it was before
    the other side moved. As ``tests.contract.helpers.check_copy_on_write_clones``, with what a
    clone shares depending on which seat acts. Random games are short (a seat soon falls), so
    several are played."""
    rnd = random.Random(players)
    clones = in_events = 0
    for seed in range(300, 306):
        s = GAME.new_game(players, seed=seed)
        s.log = None
        while not s.is_over:
            before = s.to_json()
            twin = s.clone()
            assert s._sh == twin._sh == _shared_after_clone(s)
            in_events += s.focus == -1
            play_on(twin, rnd, rnd.choice((1, 3, 12, 400)))
            twin.check_invariants()
            assert s.to_json() == before, f"seed {seed}: playing on a clone changed the original"
            after_twin = twin.to_json()
            play_on(s, rnd, 1)
            s.check_invariants()
            assert twin.to_json() == after_twin, f"seed {seed}: playing on the original changed its clone"
            clones += 1
    assert clones > 300 and in_events > 5, "too few clones, or none inside an event"


@pytest.mark.parametrize(("players", "seed"), [(2, 300), (2, 301), (3, 300)])
def test_multiplayer_clones_stay_apart_through_whole_games_of_the_scripted_player(players, seed):
    """As above, with the scripted player (``tests/pocketciv/policy.py``) on both sides: its
    games last to Era 8 (or a fall late), so clones are taken inside many events, at era
    changes and at the game's end, where an event cut short is shared out (``mp.end_mp``)."""
    s = GAME.new_game(players, seed=seed)
    s.log = None
    rnd = random.Random(seed)
    step = in_events = 0
    while not s.is_over:
        if step % 3 == 0 or s.focus == -1:
            before = s.to_json()
            twin = s.clone()
            assert s._sh == twin._sh == _shared_after_clone(s)
            in_events += s.focus == -1
            for _ in range(rnd.choice((1, 5, 400))):
                if twin.is_over:
                    break
                twin.apply(choose(twin))
            twin.check_invariants()
            assert s.to_json() == before, f"step {step}: playing on a clone changed the original"
            after_twin = twin.to_json()
            s.apply(choose(s))
            assert twin.to_json() == after_twin, f"step {step}: playing on the original changed its clone"
        else:
            s.apply(choose(s))
        step += 1
    s.check_invariants()
    assert s.era >= 5 and in_events > 20, "the scripted game ended too early to check events"


@pytest.mark.parametrize("players", [2, 3])
def test_clones_inside_multiplayer_events_stay_apart(players):
    """Every position inside an event of ten scripted games is cloned (the event's view, its
    bookkeeping: the red circle read, the pass under way, the cards a later pass reads again,
    the losses waiting to be shared out); the clone plays the event on, and neither side may
    see the other's moves. Decisions with cards still to be read again come up in few games."""
    rnd = random.Random(players)
    replays = 0
    for seed in range(300, 310):
        s = GAME.new_game(players, seed=seed)
        s.log = None
        while not s.is_over:
            if s.focus == -1:
                replays += bool(s.ev.rep)
                before = s.to_json()
                twin = s.clone()
                for _ in range(rnd.choice((1, 4, 40))):
                    if twin.is_over:
                        break
                    twin.apply(choose(twin))
                assert s.to_json() == before, f"seed {seed}: playing on a clone changed the original"
                after_twin = twin.to_json()
                s.apply(choose(s))
                assert twin.to_json() == after_twin, f"seed {seed}: playing on the original changed its clone"
            else:
                s.apply(choose(s))
    assert replays > 5, "too few decisions with cards still to be read again"


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 18, 40), (2, 18, 90), (3, 17, 120)])
def test_a_multiplayer_clone_of_a_clone_and_determinized_copies_stay_apart(players, seed, steps):
    """Clones of clones share the same seats' Empires; determinizing reshuffles the cards on
    its own copies only. ``steps`` puts the split at different places of the game."""
    s = GAME.new_game(players, seed=seed)
    s.log = None
    play_on(s, random.Random(seed), steps)
    assert not s.is_over
    a = s.clone()
    b = a.clone()
    c = s.determinize(0, 11)
    d = a.determinize(1, 12)
    check_sides_stay_apart((s, a, b, c, d), 60)


def _both_ways(state, act) -> None:
    """``act`` on a clone leaves ``state`` as it was; then on ``state`` it leaves the clone as
    that had become; the same step on equal states ends in equal states."""
    before = state.to_json()
    twin = state.clone()
    act(twin)
    after = twin.to_json()
    assert state.to_json() == before, "a step on the clone changed the original"
    act(state)
    assert twin.to_json() == after, "a step on the original changed the clone"
    assert state.to_json() == after


def test_wonders_an_event_destroys_come_from_each_sides_own_empires():
    """Ruling PC-R-MP-WONDERS (the other colours' wonders go first) taken from a shared area on
    one side of a clone only: the seat losing a wonder is not the one acting."""
    s = mp(totem=0)
    wall = WONDER_INDEX["great_wall"]
    s.seats[0].set_wonders(0, (wall,))
    s.seats[1].set_wonders(0, (wall,))
    s.stack = [Mp(3, 0)]
    s.enter_event()
    s.emp.set_wonders(0, (wall,))
    _both_ways(s, _losses)
    assert s.seats[0].wonders[0] == (wall,) and s.seats[1].wonders[0] == ()


def test_the_game_end_inside_an_event_and_its_scoring_change_one_side_only():
    """Ruling PC-R-MP-LAST-EVENT: Era 8 ends in the middle of an event (its losses shared out
    on the spot, ``mp.end_mp``) and every seat is scored (``scoring.end_game``) on a clone,
    then on its original. The position is ``test_multiplayer``'s for that ruling."""
    s = mp(totem=0, era=8)
    k = next(k for k in range(1, 9) if not any(s.seats[0].cav[n] for n in s.board.adj[areas_of(s, k)[0]]))
    a1 = areas_of(s, k)[0]
    card = next(c for c in range(NCARDS) if c != 2 and (c % 8) + 1 == k)
    last = next(c for c in range(NCARDS) if c not in (2, card))
    for e in s.seats:
        e.cav[a1], e.tribes[a1] = 2, 3
    s.seats[1].adv = 1 << ADV_INDEX["masonry"]
    s.discard = [c for c in range(NCARDS) if c not in (2, card, last)]
    s.deck = [last, card, 2]
    go(s, Mp(3, 0), MpEv(6, -1, 8, 1))
    _both_ways(s, lambda x: x.apply("totem:leave"))
    assert s.is_over and s.seats[1].cav[a1] == 0 and s.seats[1].vp > 0
