"""The simulator and the benchmark harness work on any registered game (no timings asserted)."""

from asztal.sim.bench import bench, clone_rate, playout_rate
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


def test_bench_reports_rates_per_game():
    assert playout_rate("nim", 2, seconds=0.05)["steps"] > 0
    assert clone_rate("nim", 2, seconds=0.05) > 0
    result = bench(["nim"], seconds=0.05)
    assert [r["players"] for r in result["games"]] == [2, 3]
    assert all(r["steps_per_s"] > 0 and r["clones_per_s"] > 0 for r in result["games"])
