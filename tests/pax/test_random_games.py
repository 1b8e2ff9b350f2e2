"""Random games of every player count and every solitaire level: they end, keep the invariants
and replay identically (the contract suite does much more; this is the game's own smoke test)."""

import json
import random

import pytest

from asztal import games

GAME = games.load("pax")


@pytest.mark.parametrize("players,level", [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, None), (3, None),
                                           (4, None)])
def test_random_games_end_and_replay(players, level):
    """PAX-GOAL-03: every game ends with Rome or the players winning; PAX-SOLO-01: all 5 games play."""
    options = {"level": level} if level else {}
    outcomes = set()
    for seed in range(12):
        s = GAME.new_game(players, seed=seed, options=options)
        rnd = random.Random(seed)
        steps = 0
        while not s.is_over:
            acts = s.legal_actions()
            assert acts and s.legal_actions() is acts
            s.apply(rnd.choice(acts))
            s.check_invariants()
            steps += 1
            assert steps < 5000
        out = s.outcome()
        json.dumps(out)
        outcomes.add(out["rome_won"])
        if level:
            assert out["level"] == level and out["winners"] == ([0] if out["level_beaten"] else [])
        elif out["rome_won"]:
            assert out["winners"] == ([] if out["primus_conspiratus"] is None else [out["primus_conspiratus"]])
        else:
            best = max(out["scores"])
            assert out["winners"] == [i for i, p in enumerate(out["scores"]) if p == best]
        assert games.replay(json.loads(json.dumps(s.record))).to_json() == s.to_json()
    assert True in outcomes  # random play mostly feeds Rome


def test_players_can_beat_rome():
    """PAX-GOAL-03, PAX-WIN-05: a simple greedy policy (buy, then play as much as possible)
    sometimes beats Rome, so both endings occur."""
    wins = 0
    for seed in range(40):
        s = GAME.new_game(4, seed=seed)
        s.log = None
        while not s.is_over:
            acts = s.legal_actions()
            pick = next((a for a in acts if a.kind in ("buy", "play")), None)
            if pick is None:
                pick = next((a for a in acts if a.kind == "draw"), acts[0])
            s.apply(pick)
        wins += not s.outcome()["rome_won"]
    assert wins > 0


def test_same_seed_same_game_and_clone_independence():
    a, b = GAME.new_game(3, seed=99), GAME.new_game(3, seed=99)
    assert a.to_json() == b.to_json()
    rnd = random.Random(1)
    for _ in range(50):
        act = rnd.choice(a.legal_actions())
        before = a.to_json()
        twin = a.clone()
        a.apply(act)
        b.apply(act.code)
        assert twin.to_json() == before, "playing on the original changed its clone"
    assert a.to_json() == b.to_json()
