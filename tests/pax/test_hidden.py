"""Hidden information: views and determinization (PAX-SETUP-13, PAX-TURN-05)."""

import json

from asztal import games
from asztal.games.pax.pack import BANK_START
from tests.contract.helpers import random_position
from tests.pax.scenario import build

GAME = games.load("pax")


def random_state(players, seed, steps):
    return random_position(GAME, players, seed, steps)


def test_views_never_show_another_hand_or_the_deck_order():
    """PAX-SETUP-13: a seat's view names no card of another hand (except bought ones), of the deck
    (except its own slid cards), of the boxed cards or of Rome's face-down cards (unless it passed)."""
    from asztal.games.pax.pack import BIT, CARD_IDS

    for seed in range(30):
        s = random_state(3, seed, 40 + seed)
        for seat in (0, 1, 2):
            text = json.dumps(s.view(seat))
            secret = [c for o in range(3) if o != seat for c in s.hands[o] if not s.known & BIT[c]]
            secret += [c for c in s.deck if not s.slid[seat] & BIT[c]] + list(s.removed)
            if not (s.is_over or s.rome_seen >> seat & 1):
                secret += list(s.rome_hidden)
            if s.to_move != seat:
                secret += list(getattr(s.frame, "held", ()))
            for c in secret:
                assert f'"{CARD_IDS[c]}"' not in text, f"seat {seat} sees {CARD_IDS[c]}"


def test_determinize_keeps_the_view_and_resamples_the_rest():
    """PAX-SETUP-13: determinize changes only what the seat cannot see."""
    changed = 0
    for seed in range(20):
        s = random_state(4, seed, 60)
        for seat in range(4):
            d = s.determinize(seat, seed * 10 + seat)
            assert d.view(seat) == s.view(seat)
            d.check_invariants()
            changed += d.hands != s.hands or d.deck != s.deck
    assert changed > 40


def test_a_seat_that_passed_keeps_knowing_romes_cards():
    """PAX-TURN-05: the state remembers who looked; determinize keeps Rome's hidden cards for them."""
    s = build(2)
    s.apply("pass")
    for k in range(10):
        assert s.determinize(0, k).rome_hidden == s.rome_hidden
    assert any(s.determinize(1, k).rome_hidden != s.rome_hidden for k in range(10))


def test_own_slid_cards_keep_their_place_in_the_deck():
    """PAX-DRAW-05: a player knows which cards they slid under the deck and where they are."""
    s = build(2, deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    s.apply("place:card=wealth-01,to=bottom")
    assert s.view(0)["deck_known"] == [[1, "wealth-01"]] and s.view(1)["deck_known"] == []
    assert all(s.determinize(0, k).deck[0] == 0 for k in range(5))


def test_money_is_hidden_until_the_end_and_the_bank_is_unlimited():
    """PAX-SETUP-13 (money secret), PAX-Q-03 (bank unlimited: payouts never capped; the balance
    is kept only for information and may go below zero)."""
    s = build(2, money=[0, 200], tableaux=[[], []])
    assert s.view(0)["tableaux"][1]["money"] is None
    assert s.bank == BANK_START - 200 < 0
    s.apply("pass")
    assert s.money[0] == 2 and s.bank == BANK_START - 202
    s.check_invariants()


def test_determinize_depends_only_on_the_view():
    """PAX-R-06: two positions that look the same to seat 0 determinize identically."""
    a = build(3, hands=[["wealth"], ["army-08", "fleet"], ["senator"]], deck_top=["estate-12"])
    b = build(3, hands=[["wealth"], ["estate-12", "fleet"], ["senator"]], deck_top=["army-08"])
    assert a.view(0) == b.view(0) and a.to_json() != b.to_json()
    for k in range(5):
        assert a.determinize(0, k)._state_dict() == b.determinize(0, k)._state_dict()
