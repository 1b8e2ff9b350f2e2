"""The strength targets of issue 7, measured with the arena. Long: run with ASZTAL_SOAK=1.

The figures in docs/bots.md come from the same arena with more games; these checks use
fewer games and bounds a little below the targets, so that they catch a regression
without flaking.
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


def need(name):
    if name not in games.names():
        pytest.skip(f"{name} is not installed")


def test_pax_mcts_beats_random_and_greedy():
    need("pax")
    r = run_arena("pax", ["mcts", "random"], games=30, seed=11, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.85
    r = run_arena("pax", ["mcts", "greedy"], games=30, seed=12, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.6


def test_pax_solitaire_level_one():
    need("pax")
    r = run_arena("pax", ["mcts"], games=20, players=1, level=1, seed=13, jobs=2)
    assert r["entries"][0]["levels"]["1"]["success_rate"] >= 0.5


def test_caboose_mcts_against_two_random_and_two_greedy():
    need("caboose")
    r = run_arena("caboose", ["mcts", "random", "random"], games=12, seed=14, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.7
    r = run_arena("caboose", ["mcts", "greedy", "greedy"], games=12, seed=15, jobs=2)
    assert r["entries"][0]["win_rate"] >= 0.4


def test_pocketciv_mcts_outscores_greedy_and_random():
    need("pocketciv")
    r = run_arena("pocketciv", ["mcts", "greedy", "random"], games=10, seed=16, jobs=2)
    mcts, greedy, rnd = (e["mean_score"] for e in r["entries"])
    assert mcts > greedy and mcts > rnd
