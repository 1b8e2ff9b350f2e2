"""Charts are written as real PNGs; simulate --out/--plot and report work from the command line."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from asztal.cli.app import app

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def assert_pngs(folder, names):
    for name in names:
        data = (folder / f"{name}.png").read_bytes()
        assert data.startswith(PNG) and len(data) > 5000, name


def test_simulate_writes_rows_and_charts(tmp_path):
    out, plots = tmp_path / "c.parquet", tmp_path / "plots"
    result = runner.invoke(app, ["simulate", "caboose", "-p", "3", "-n", "6", "--bots", "random", "--out", str(out),
                                 "--plot", str(plots), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "6 rows" in result.output
    assert_pngs(plots, ["caboose-3p-scores-by-seat", "caboose-3p-scores-by-bot", "caboose-3p-win-rate-by-seat",
                        "caboose-3p-length", "caboose-3p-random-vp-by-source", "caboose-3p-random-first-player"])


def test_report_combines_files_and_draws_each_games_charts(tmp_path):
    files = []
    for p in (2, 3):
        files.append(tmp_path / f"pax{p}.csv")
        assert runner.invoke(app, ["simulate", "pax", "-p", str(p), "-n", "5", "--out", str(files[-1])]).exit_code == 0
    pc = tmp_path / "pc.parquet"
    assert runner.invoke(app, ["simulate", "pocketciv", "-n", "6", "--out", str(pc)]).exit_code == 0
    result = runner.invoke(app, ["report", *map(str, files), str(pc), "--plot", str(tmp_path / "p"), "--json"])
    assert result.exit_code == 0, result.output
    summaries = json.loads(result.stdout)
    assert [(s["game"], s["players"], s["games"]) for s in summaries] == [("pax", 2, 5), ("pax", 3, 5),
                                                                           ("pocketciv", 1, 6)]
    assert_pngs(tmp_path / "p", ["pax-rome-win-rate-by-players", "pax-rome-strength", "pax-2p-length",
                                 "pocketciv-survival-by-era", "pocketciv-endings"])


def test_resume_needs_a_file():
    result = runner.invoke(app, ["simulate", "pax", "--resume", "--lang", "en"])
    assert result.exit_code != 0 and "--out" in str(result.exception)
