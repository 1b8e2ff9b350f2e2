"""The simulator and the benchmark harness work on any registered game (no timings asserted)."""

import json

import pytest

from asztal import games
from asztal.sim.bench import Clones, Playouts, bench, load_positions, player_counts
from asztal.sim.runner import Summary, play_game, run_games, seat_bots


def test_seat_bots_fill_the_table():
    assert seat_bots(["mcts", "random"], 4) == ["mcts", "random", "random", "random"]
    assert seat_bots([], 2) == ["random", "random"]


def test_same_seed_same_result():
    a = play_game("nim", 2, {}, 5, ["random", "random"], [1, 2])
    b = play_game("nim", 2, {}, 5, ["random", "random"], [1, 2])
    for r in (a, b):
        r.pop("think")  # seconds spent thinking differ from run to run
    assert a == b and a["actions"] > 0 and len(a["winners"]) == 1
    assert sum(a["decisions"]) <= a["actions"]


def test_summary_counts_every_game():
    summary = Summary(3)
    for r in run_games("nim", 3, ["random"], 20, seed=1):
        summary.add(r)
    data = summary.as_dict()
    assert data["games"] == 20 and abs(sum(s["wins"] for s in data["seats"]) - 20) < 1e-9
    assert data["length"]["mean"] >= 5


def test_playouts_count_strict_decisions_and_forced_steps():
    m = Playouts("nim", 2).run(0.05)
    assert m["steps"] >= m["strict"] > 0 and m["games"] > 0
    assert Clones.of_game("nim", 2).run(0.02)["clones"] > 0


def test_bench_reports_rates_per_game():
    result = bench(["nim"], seconds=0.04, rounds=2, reference=False)
    assert [r["players"] for r in result["games"]] == [2, 3]
    for r in result["games"]:
        assert r["decisions_per_s"]["min"] <= r["decisions_per_s"]["median"] <= r["decisions_per_s"]["max"]
        assert r["clones_per_s"]["median"] > 0 and 0 <= r["forced_share"] < 1
        assert r["decisions"] <= r["steps"]
    assert result["reference"] is None and json.loads(json.dumps(result)) == result


def test_reference_is_interleaved_and_gives_ratios():
    pytest.importorskip("pyspiel")
    result = bench(["nim"], seconds=0.04, rounds=2, players=[2])
    ref = result["reference"]
    assert ref["decisions_per_s"]["median"] > 0 and ref["player_decisions_per_s"]["median"] > 0
    row = result["games"][0]
    assert row["decisions_ratio"]["median"] > 0 and row["clones_ratio"]["median"] > 0


@pytest.mark.parametrize("name", ["pax", "pocketciv", "caboose"])
def test_shipped_positions_load_for_every_player_count(name):
    """MCTS is measured from fixed mid-game positions shipped with the bench
    (``benchmarks/make_positions.py`` writes them); each loads and is a live decision."""
    for n in player_counts(name):
        positions = load_positions(name, n)
        assert len(positions) == 4
        for state in positions:
            assert state.players == n and not state.is_over and len(state.legal_actions()) >= 2
            assert state.game is games.load(name)
