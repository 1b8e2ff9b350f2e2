"""The strength targets of issues 7 and 16, measured with the arena. Long: run with ASZTAL_SOAK=1.

The figures in docs/bots.md come from the same arena with more games; these checks use
fewer games and bounds a little below the targets, so that they catch a regression
without flaking. The bots have iteration budgets (``NORMAL``, ``HARD``: five times as many)
so that the checks do not depend on how loaded the machine is.
"""

from __future__ import annotations

import os

import pytest

from asztal import games
from asztal.sim.arena import run_arena

pytestmark = [
    pytest.mark.soak,
    pytest.mark.skipif(os.environ.get("ASZTAL_SOAK") != "1", reason="soak: set ASZTAL_SOAK=1"),
]


NORMAL = "mcts:normal:iters=400"
HARD = "mcts:hard:iters=2000"


def need(name):
    if name not in games.names():
        pytest.skip(f"{name} is not installed")


def test_pax_mcts_beats_random_and_greedy():
    need("pax")
    r = run_arena("pax", [NORMAL, "random"], games=30, seed=11, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.85
    r = run_arena("pax", [NORMAL, "greedy"], games=30, seed=12, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.6


def test_pax_solitaire_level_one():
    need("pax")
    r = run_arena("pax", [NORMAL], games=20, players=1, level=1, seed=13, jobs=2)
    assert r["entries"][0]["levels"]["1"]["success_rate"] >= 0.5


def test_caboose_mcts_against_two_random_and_two_greedy():
    need("caboose")
    r = run_arena("caboose", [NORMAL, "random", "random"], games=12, seed=14, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.7
    r = run_arena("caboose", [NORMAL, "greedy", "greedy"], games=12, seed=15, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.4


def test_pocketciv_mcts_outscores_greedy_and_random():
    need("pocketciv")
    r = run_arena("pocketciv", ["mcts:iters=50", "greedy", "random"], games=10, seed=16, jobs=2)
    mcts, greedy, rnd = (e["mean_score"] for e in r["entries"])
    assert mcts > greedy and mcts > rnd


def test_hard_beats_normal():
    need("pax")
    r = run_arena("pax", [HARD, NORMAL], games=20, seed=17, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.5


def test_pocketciv_two_player_empires_survive_to_era_4():
    """Issue 33: greedy and the policy against themselves reach Era 4 in 85 and 87 of 100 deals
    (docs/bots.md, ``--seed 1``); the bound catches a return to the 55 and 77 before."""
    need("pocketciv")
    from asztal.sim.runner import run_games

    for spec in ("greedy", "policy"):
        eras = [r["outcome"]["era"] for r in run_games("pocketciv", 2, [spec], 60, seed=101, jobs=2)]
        assert sum(e >= 4 for e in eras) >= 0.75 * len(eras), (spec, eras)


def test_pocketciv_solo_search_is_not_weaker_than_its_policy():
    """Issue 39: the search cut at a horizon with the fitted evaluation, at `normal`'s
    iteration-equivalent budget (docs/bots.md), against the policy on the same deals; the
    guard keeps it from falling far below the policy, and 12 deals cannot show more."""
    need("pocketciv")
    r = run_arena("pocketciv", ["mcts:iters=200:reuse=1", "policy"], games=12, players=1, seed=7, jobs=2)
    mcts, pol = (e["mean_score"] for e in r["entries"])
    assert mcts >= pol - 5.0, (mcts, pol)
