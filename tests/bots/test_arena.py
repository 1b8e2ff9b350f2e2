"""The arena: seat rotation, determinism, figures that add up, the CLI's outputs."""

from __future__ import annotations

import csv
import json

import pytest

from asztal.sim import stats
from asztal.sim.arena import derive_seed, entry_names, read_record, run_arena


def test_wilson_interval_known_values():
    lo, hi = stats.wilson(8, 10)
    assert abs(lo - 0.4902) < 1e-3 and abs(hi - 0.9433) < 1e-3
    assert stats.wilson(0, 0) == (0.0, 1.0)
    lo, hi = stats.wilson(0, 20)
    assert lo == 0.0 and 0 < hi < 0.2


def test_elo_from_win_rate():
    assert stats.elo_pair(0.5, 100) == (1500.0, 1500.0)
    hi, lo = stats.elo_pair(0.76, 100)
    assert abs((hi - lo) - 200) < 2  # 76% is about +200 Elo
    assert stats.elo_difference(1.0, 10) < 1000  # clamped, finite


def test_ranks_winners_first_then_scores():
    assert stats.ranks_of([3, 9, 9], [0]) == [1, 2, 2]
    assert stats.ranks_of([5, 1, 3], []) == [1, 3, 2]


def test_rates_sum_to_one_and_intervals_hold_the_rate():
    result = run_arena("nim", ["mcts:easy:iters=60", "greedy", "random"], games=24, seed=3)
    entries = result["entries"]
    assert [e["name"] for e in entries] == ["mcts:easy:iters=60", "greedy", "random"]
    assert abs(sum(e["win_rate"] for e in entries) - 1.0) < 1e-9
    for e in entries:
        assert e["games"] == 24  # every bot plays every game, rotating seats
        lo, hi = e["ci95"]
        assert 0.0 <= lo <= e["win_rate"] <= hi <= 1.0
    assert result["rating"] in ("openskill", None)


def test_two_player_arena_gives_elo_that_agrees_with_the_win_rate():
    result = run_arena("nim", ["mcts:easy:iters=60", "random"], games=20, seed=1)
    a, b = result["entries"]
    assert result["rating"] == "elo"
    assert (a["elo"] > b["elo"]) == (a["win_rate"] > b["win_rate"])
    assert abs(a["elo"] + b["elo"] - 3000) < 1e-6


def test_seats_rotate():
    result = run_arena("nim", ["random", "greedy"], games=4, seed=0)
    assert result["played"] == 4
    from asztal.sim import arena

    seen = []
    orig = arena.play_game

    def spy(game, players, options, seed, specs, bot_seeds):
        seen.append(list(specs))
        return orig(game, players, options, seed, specs, bot_seeds)

    arena.play_game = spy
    try:
        run_arena("nim", ["random", "greedy"], games=4, seed=0)
    finally:
        arena.play_game = orig
    assert seen == [["random", "greedy"], ["greedy", "random"]] * 2


def test_same_seed_same_figures_with_any_number_of_jobs():
    keep = ("wins", "mean_score", "median_score", "ci95")
    one = run_arena("nim", ["mcts:iters=30", "random", "random"], games=8, seed=9, jobs=1)
    two = run_arena("nim", ["mcts:iters=30", "random", "random"], games=8, seed=9, jobs=2)
    assert [{k: e[k] for k in keep} for e in one["entries"]] == [{k: e[k] for k in keep} for e in two["entries"]]
    assert [e["name"] for e in one["entries"]] == ["mcts:iters=30", "random#1", "random#2"]


def test_last_bot_fills_the_remaining_seats():
    result = run_arena("nim", ["mcts:easy:iters=60", "random"], games=3, players=3, seed=1)
    assert [e["name"] for e in result["entries"]] == ["mcts:easy:iters=60", "random#1", "random#2"]


def test_solo_arena_reports_success_and_scores():
    result = run_arena("dicetoy", ["greedy", "random"], games=10, seed=4)
    assert result["solo"] and result["rating"] is None
    for e in result["entries"]:
        assert e["games"] == 10
        assert 0.0 <= e["ci95"][0] <= e["success_rate"] <= e["ci95"][1] <= 1.0
        assert e["median_score"] >= 0


def test_arena_refuses_nonsense():
    with pytest.raises(ValueError):
        run_arena("nim", ["random"] * 4, games=2)
    with pytest.raises(ValueError):
        run_arena("nim", ["mcts:bogus"], games=2)
    with pytest.raises(ValueError):
        run_arena("nim", ["random"], games=0)
    with pytest.raises(ValueError):
        run_arena("nim", ["random"], games=2, level=1)


def test_seeds_spread():
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 2) != derive_seed(2, 1)
    assert entry_names(["a", "b", "a"]) == ["a#1", "b", "a#2"]


@pytest.fixture
def cli():
    import typer
    from typer.testing import CliRunner

    from asztal.cli.arena import arena

    app = typer.Typer()
    app.command()(arena)
    app.command("noop")(lambda: None)  # two commands: the arena is a subcommand, as in asztal
    return lambda *args: CliRunner().invoke(app, ["arena", *args])


def test_cli_json_and_csv(cli, tmp_path):
    out = tmp_path / "r.csv"
    res = cli("nim", "--bots", "mcts:easy:iters=60,random", "-n", "6", "--json", "--csv", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["game"] == "nim" and len(data["entries"]) == 2
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["bot"] for r in rows] == ["mcts:easy:iters=60", "random"]
    assert abs(sum(float(r["win_rate"]) for r in rows) - 1.0) < 1e-9


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_cli_table(cli, lang):
    res = cli("nim", "--bots", "greedy,random", "-n", "4", "--lang", lang)
    assert res.exit_code == 0, res.output
    assert "greedy" in res.output and ("Elo" in res.output or "Élő" in res.output)


def test_cli_solo_table(cli):
    res = cli("dicetoy", "--bots", "greedy,random", "-n", "4", "--lang", "en")
    assert res.exit_code == 0, res.output
    assert "Success" in res.output and "Median" in res.output


def test_pocketciv_solo_reports_how_games_ended():
    from asztal.cli.arena import ending_lines

    result = run_arena("pocketciv", ["policy"], games=4, players=1, seed=2)
    e = result["entries"][0]
    assert sum(e["endings"].values()) == 4 == sum(e["era_reached"].values())
    assert set(e["endings"]) <= {"eras", "collapse", "stopped"}
    assert all(1 <= int(k) <= 8 for k in e["era_reached"])
    lo, hi = e["all_eras_ci95"]
    assert lo <= e["all_eras_rate"] == e["endings"].get("eras", 0) / 4 <= hi
    mlo, mhi = e["mean_ci95"]
    assert mlo <= e["mean_score"] <= mhi
    en, hu = ending_lines(result, "en"), ending_lines(result, "hu")
    assert len(en) == len(hu) == 1 and "era 8" in en[0] and "korszak" in hu[0]


def test_mean_interval():
    assert stats.mean_interval([]) == (0.0, 0.0)
    assert stats.mean_interval([3.0]) == (3.0, 3.0)
    lo, hi = stats.mean_interval([0.0, 10.0] * 50)  # sd 5.03, n 100: ±0.99
    assert abs(lo - 4.014) < 0.01 and abs(hi - 5.986) < 0.01


def test_other_games_report_no_endings():
    result = run_arena("nim", ["random"], games=2, seed=0)
    assert "endings" not in result["entries"][0]


def _counting(monkeypatch):
    """Count the games the arena actually plays (not those a record already holds)."""
    from asztal.sim import arena

    played = []
    orig = arena._play_job

    def counted(job):
        played.append(job[3])
        return orig(job)

    monkeypatch.setattr(arena, "_play_job", counted)
    return played


def test_a_record_keeps_every_game_and_a_second_run_goes_on_from_it(tmp_path, monkeypatch):
    played = _counting(monkeypatch)
    path = tmp_path / "run.jsonl"
    first = run_arena("nim", ["greedy", "random"], games=6, seed=4, record=path)
    assert len(played) == 6 and len(path.read_text().splitlines()) == 1 + 6
    again = run_arena("nim", ["greedy", "random"], games=6, seed=4, record=path)
    assert len(played) == 6  # nothing replayed
    assert again["entries"] == first["entries"]
    more = run_arena("nim", ["greedy", "random"], games=9, seed=4, record=path)
    assert len(played) == 9  # only games 6-8 are new
    fresh = run_arena("nim", ["greedy", "random"], games=9, seed=4)["entries"]

    def figures(entries):  # all but the clock
        return [{k: v for k, v in e.items() if k != "seconds_per_move"} for e in entries]

    assert figures(more["entries"]) == figures(fresh)


def test_a_record_cut_short_mid_line_loses_only_that_game(tmp_path, monkeypatch):
    path = tmp_path / "run.jsonl"
    run_arena("pocketciv", ["policy"], players=1, games=3, seed=2, record=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2])  # killed while writing
    played = _counting(monkeypatch)
    result = run_arena("pocketciv", ["policy"], players=1, games=3, seed=2, record=path)
    assert len(played) == 1 and result["played"] == 3

    def games(text):  # every line whole, the clock left out
        return [{k: v for k, v in json.loads(line).items() if k != "think"} for line in text.splitlines()]

    assert games(path.read_text()) == games("\n".join(lines))  # the same game again, on a line of its own


def test_a_record_of_another_run_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "run.jsonl"
    run_arena("nim", ["greedy", "random"], games=2, seed=4, record=path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match=r"another arena run \(--seed 4, not --seed 5\)"):
        run_arena("nim", ["greedy", "random"], games=2, seed=5, record=path)
    with pytest.raises(ValueError, match=r"another arena run \(--bots greedy,random, not --bots random,greedy\)"):
        run_arena("nim", ["random", "greedy"], games=2, seed=4, record=path)
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    with pytest.raises(ValueError, match="is not an arena record"):
        run_arena("nim", ["greedy"], games=1, record=other)
    assert path.read_bytes() == before and other.read_text() == "my notes\n"
    lines = before.decode().splitlines()
    for bad in ("[1, 2]", '{"index": 0}', "not json"):  # a line in the middle that is not a game
        edited = tmp_path / "edited.jsonl"
        edited.write_text("\n".join([lines[0], bad, *lines[1:]]) + "\n")
        with pytest.raises(ValueError, match="is not an arena record"):
            run_arena("nim", ["greedy", "random"], games=2, seed=4, record=edited)


@pytest.mark.parametrize("lang, words", [("hu", "másik versenyé (--seed 4, nem --seed 5)"),
                                         ("en", "another run (--seed 4, not --seed 5)")])
def test_cli_record_refusal_in_the_readers_language(tmp_path, lang, words):
    import subprocess
    import sys

    path = tmp_path / "run.jsonl"
    run_arena("pax", ["random", "random"], games=1, seed=4, record=path)
    out = subprocess.run([sys.executable, "-m", "asztal", "arena", "pax", "--bots", "random,random", "-n", "1",
                          "--seed", "5", "--record", str(path), "--lang", lang],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert words in " ".join(out.stderr.split())


def test_solo_entries_are_compared_deal_by_deal():
    result = run_arena("pocketciv", ["policy", "random"], players=1, games=4, seed=5)
    first, second = result["entries"]
    pd = second["paired"]
    assert "paired" not in first and pd["against"] == "policy" and pd["deals"] == 4
    assert abs(pd["mean"] - (second["mean_score"] - first["mean_score"])) < 1e-9
    assert pd["more"] + pd["less"] + pd["same"] == 4
    assert pd["ci95"][0] <= pd["mean"] <= pd["ci95"][1]
    from asztal.cli.arena import ending_lines

    assert any(line.startswith("random against policy on the same deals") for line in ending_lines(result, "en"))
    assert any("ugyanazokon a leosztásokon" in line for line in ending_lines(result, "hu"))


def test_the_committed_long_runs_are_whole_records():
    """benchmarks/runs/ keeps the study's long runs (docs/bots.md's figures come from them):
    each file must stay a record the arena resumes, its games those of the run it names."""
    import pathlib

    runs = sorted((pathlib.Path(__file__).parents[2] / "benchmarks" / "runs").glob("*.jsonl"))
    assert runs, "benchmarks/runs/ holds the long runs' records"
    for path in runs:
        head = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
        games = read_record(path, {k: head[k] for k in ("arena", "game", "bots", "players", "seed", "options",
                                                        "level")})
        assert len(games) == len(path.read_text(encoding="utf-8").strip().splitlines()) - 1, path
        for (level, index, entries), r in games.items():
            lv = level or 0
            assert r["seed"] == derive_seed(head["seed"], index, lv), (path, index)
            assert len(r["scores"]) == head["players"] and len(entries) == (1 if head["players"] == 1 else
                                                                             head["players"])
