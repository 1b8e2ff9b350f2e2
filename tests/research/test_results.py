"""Results files: rows that replay to the same game, identical on every backend, resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asztal import games
from asztal.research import schema
from asztal.research.batch import Batch, run_batch
from asztal.research.report import read_rows, summarise
from asztal.sim.runner import game_seed

CASES = [("pax", 3), ("pax", 1), ("pocketciv", 1), ("caboose", 4)]


def rows_without_time(path: Path) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows([path])]


@pytest.mark.parametrize("game,players", CASES)
def test_rows_replay_to_their_scores_and_winners(tmp_path, game, players):
    out = tmp_path / "r.parquet"
    run_batch(Batch(game, players, ["greedy", "random"], 4, seed=11), out)
    rows = read_rows([out])
    assert [r["index"] for r in rows] == [0, 1, 2, 3]
    assert set(rows[0]) == set(schema.columns(game))
    for r in rows:
        record = json.loads(r["record"])
        assert record["seed"] == r["seed"] == game_seed(11, r["index"])
        final = games.load(game).replay(record)
        assert final.is_over
        assert [float(x) for x in final.scores()] == r["scores"]
        assert sorted(final.winners()) == sorted(r["winners"])
        assert r["length"] == len(record["actions"]) and sum(r["decisions"]) <= r["length"]


def test_caboose_vp_by_source_adds_up_to_the_score(tmp_path):
    out = tmp_path / "c.parquet"
    run_batch(Batch("caboose", 3, ["random"], 5, seed=2), out)
    sources = [c for c in schema.columns("caboose") if c.startswith("vp_")]
    for r in read_rows([out]):
        assert [sum(r[c][s] for c in sources) for s in range(3)] == r["scores"]
        assert 0 <= r["first_player"] < 3


def test_pax_stats_agree_with_the_outcome(tmp_path):
    out = tmp_path / "p.parquet"
    run_batch(Batch("pax", 2, ["random"], 6, seed=4), out)
    for r in read_rows([out]):
        final = games.load("pax").replay(json.loads(r["record"]))
        assert r["rome_won"] == final.outcome()["rome_won"]
        assert sorted(r["rome_holds"]) == sorted(final.outcome()["rome_holds"])
        assert r["beat_rome"] == ([] if r["rome_won"] else sorted(r["winners"]))


def test_csv_and_parquet_hold_the_same_rows(tmp_path):
    batch = Batch("pax", 2, ["random"], 5, seed=3)
    run_batch(batch, tmp_path / "a.parquet")
    run_batch(batch, tmp_path / "a.csv")
    assert rows_without_time(tmp_path / "a.parquet") == rows_without_time(tmp_path / "a.csv")
    assert schema.batch_metadata(schema.read_table(tmp_path / "a.csv"))["seed"] == 3


def test_one_and_two_processes_give_the_same_rows(tmp_path):
    batch = Batch("caboose", 3, ["random"], 8, seed=5)
    run_batch(batch, tmp_path / "one.parquet", jobs=1)
    run_batch(batch, tmp_path / "two.parquet", jobs=2)
    assert rows_without_time(tmp_path / "one.parquet") == rows_without_time(tmp_path / "two.parquet")


def test_resume_after_an_interrupt_gives_the_uninterrupted_file(tmp_path):
    batch = Batch("pax", 3, ["random"], 9, seed=8)
    whole = tmp_path / "whole.parquet"
    run_batch(batch, whole)

    out = tmp_path / "cut.parquet"

    def stop(done, total):
        if done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batch(batch, out, flush_every=2, progress=stop)
    assert not out.exists() and (tmp_path / "cut.parquet.parts").is_dir()
    with pytest.raises(ValueError, match="--resume"):
        run_batch(batch, out)
    seen = []
    run_batch(batch, out, resume=True, progress=lambda d, t: seen.append(d))
    assert seen[0] == 5  # the five kept games are not played again
    assert not (tmp_path / "cut.parquet.parts").exists()
    assert rows_without_time(out) == rows_without_time(whole)


def test_resume_extends_a_finished_batch_and_refuses_another(tmp_path):
    out = tmp_path / "r.csv"
    run_batch(Batch("pocketciv", 1, ["random"], 4, seed=1), out)
    run_batch(Batch("pocketciv", 1, ["random"], 7, seed=1), out, resume=True)
    assert [r["index"] for r in read_rows([out])] == list(range(7))
    with pytest.raises(ValueError, match="another batch"):
        run_batch(Batch("pocketciv", 1, ["greedy"], 7, seed=1), out, resume=True)


def test_summary_counts_every_win_once(tmp_path):
    out = tmp_path / "s.parquet"
    run_batch(Batch("caboose", 4, ["greedy", "random"], 6, seed=9), out)
    (summary,) = summarise(read_rows([out]))
    assert summary["games"] == 6
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(6 - summary["no_winner"])
    assert {b["bot"] for b in summary["bots"]} == {"greedy", "random"}
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        assert lo <= s["win_rate"] <= hi


def test_every_column_is_documented():
    text = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    for game in ("pax", "pocketciv", "caboose"):
        for name in schema.columns(game):
            assert f"`{name}`" in text, f"{game} column {name} is not in docs/research.md"
