"""PAX solitaire: Rome's final strength estimated from the cards still to come (issue 28).

The estimate reads only the seat's view and the pack's printed values (public component
data), so it must not change when only what the seat cannot see changes, it must count
exactly the cards the seat has not seen, and at the end of a game it must be Rome's real
strength.
"""

from __future__ import annotations

import random

import pytest

from asztal import games
from asztal.bots.heuristics import pax as H
from asztal.games.pax.pack import NCARDS

GAME = games.load("pax")


def _positions(level: int, seed: int):
    s = GAME.new_game(players=1, seed=seed, options={"level": level})
    r = random.Random(seed)
    while not s.is_over:
        yield s
        s.apply(r.choice(s.legal_actions()))
    yield s


def _seen(v: dict) -> set[str]:
    groups = [v["rome"]["cards"], v["rome"]["hidden"] or [], v.get("hand") or [],
              (v.get("draw") or {}).get("cards") or []]
    groups += [g["cards"] for g in v["legions"]]
    for p in v["tableaux"]:
        groups += [p["tableau"], p["hand_public"]]
    return {c["id"] for g in groups for c in g} | {cid for _, cid in v["deck_known"]}


@pytest.mark.parametrize("level,seed", [(1, 3), (3, 4), (5, 5)])
def test_the_unseen_pool_is_every_card_the_seat_has_not_seen(level, seed):
    for s in _positions(level, seed):
        v = s.view(0)
        pool = H.unseen_pool(v, s.pack)
        assert len(pool) == NCARDS - len(_seen(v))
        # the deck, the cards set aside and Rome's face-down cards (unless looked at) are all in it
        hidden = 0 if v["rome"]["hidden"] is not None else v["rome"]["hidden_count"]
        assert len(pool) == v["deck_size"] - len(v["deck_known"]) + v["removed"] + hidden


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_estimate_depends_only_on_the_view(seed):
    for i, s in enumerate(_positions(3, seed)):
        if s.is_over or i % 5:
            continue
        twin = s.determinize(0, seed + i)
        assert twin.view(0) == s.view(0)
        assert H.solo_rome(twin.view(0), twin.pack) == H.solo_rome(s.view(0), s.pack)
        assert H.solo_estimate(twin) == H.solo_estimate(s)


@pytest.mark.parametrize("seed", [1, 2])
def test_at_the_end_the_estimate_is_romes_real_strength(seed):
    *_, s = _positions(4, seed)
    v = s.view(0)
    rome, var, gain = H.solo_rome(v, s.pack)
    real = {k: float(x) for k, x in v["rome"]["symbols"].items()}
    for c in v["rome"]["hidden"]:
        real[c["category"]] += c["symbols"]
    assert rome == H._with_bonus(real)
    assert set(var.values()) == set(gain.values()) == {0.0}


def test_early_on_rome_is_expected_to_grow_and_the_estimate_is_uncertain():
    s = next(_positions(3, 7))
    v = s.view(0)
    rome, var, gain = H.solo_rome(v, s.pack)
    now = H.rome_estimate(v)
    assert sum(rome.values()) > sum(now.values()) + 10  # a dozen rounds of groups still to come
    assert all(x > 0 for x in var.values()) and all(x > 0 for x in gain.values())
