"""``asztal simulate`` and ``asztal report``: batches of bot games as data, and their charts.

``simulate GAME --games N --out results.parquet|.csv [--plot DIR] [--resume]
[--backend local|ray [--address A]] [--jobs J]`` plays a batch (``asztal.research.batch``)
with a progress bar and ETA and prints wins by seat with 95% intervals; ``report FILE...
[--plot DIR]`` summarises files made earlier. Registered by the app like ``arena``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from asztal.cli.text import t
from asztal.engine.i18n import check_lang, number, percent

if TYPE_CHECKING:  # Rich, the games and the batch runner are imported when a command runs
    from rich.console import Console

_T = {
    "ci": ("95% KI", "95% CI"),
    "kept": ("Megtartott játszmák: {n} (folytatás)", "Kept games: {n} (resumed)"),
    "wrote": ("Eredmények: {path} ({n} sor)", "Results: {path} ({n} rows)"),
    "plots": ("Ábrák: {n} PNG itt: {dir}", "Charts: {n} PNG files in {dir}"),
    "stopped": ("Megszakítva: {n} játszma megtartva itt: {dir}; folytatás: ugyanez a parancs --resume",
                "Interrupted: {n} games kept in {dir}; continue with the same command and --resume"),
    "nowin": ("Győztes nélküli játszmák: {n}", "Games without a winner: {n}"),
    "report": ("Jelentés: {game}, {games} játszma, {players} játékos",
               "Report: {game}, {games} games, {players} players"),
    "need_out": ("a --resume mellé add meg a fájlt is (--out)", "--resume needs the results file (--out)"),
    "min_games": ("legalább 1 játszma kell (--games), nem {n}", "--games must be at least 1, not {n}"),
    "min_jobs": ("legalább 1 folyamat kell (--jobs), nem {n}", "--jobs must be at least 1, not {n}"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    hu, en = _T[key]
    return (en if lang == "en" else hu).format(**params)


def print_summary(console: Console, summary: dict[str, Any], lang: str, title: str) -> None:
    """Wins by seat (95% Wilson interval), mean and median scores, game length."""
    from rich.table import Table

    table = Table(title=title)
    for col in ("sim.seat", "sim.bot", "sim.wins", "sim.win_rate"):
        table.add_column(t(col, lang), justify="right")
    table.add_column(_t("ci", lang), justify="right")
    for col in ("sim.mean", "sim.median"):
        table.add_column(t(col, lang), justify="right")
    for row in summary["seats"]:
        lo, hi = row["ci95"]
        table.add_row(str(row["seat"] + 1), row["bot"], number(row["wins"], lang), percent(row["win_rate"], lang),
                      f"{percent(lo, lang)}–{percent(hi, lang)}", number(row["mean_score"], lang, 2),
                      number(row["median_score"], lang))
    console.print(table)
    length = summary["length"]
    console.print(t("sim.length", lang, mean=number(length["mean"], lang, 1), median=number(length["median"], lang, 0)))
    if summary["no_winner"]:
        console.print(_t("nowin", lang, n=summary["no_winner"]))


def _write_plots(console: Console, rows: list[dict[str, Any]], plot: Path, lang: str) -> None:
    from asztal.research.plots import write_plots

    written = write_plots(rows, plot, lang)
    console.print(_t("plots", lang, n=len(written), dir=plot))


def simulate(
    game: str = typer.Argument(..., help="pax | pocketciv | caboose"),
    n_games: int = typer.Option(100, "--games", "-n", help="number of games (at least 1)"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    bots: str = typer.Option("random", "--bots", help="one bot spec per seat, comma separated"),
    seed: int = typer.Option(0, "--seed", help="batch seed, 0-536870911: two batch seeds share no game"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (local) or CPUs of a new local Ray"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value"),
    out: Path | None = typer.Option(None, "--out", help="write one row per game: FILE.parquet or FILE.csv"),
    plot: Path | None = typer.Option(None, "--plot", help="write PNG charts into this folder"),
    resume: bool = typer.Option(False, "--resume", help="keep the games already in --out (or its .parts)"),
    backend: str = typer.Option("local", "--backend", help="local (process pool) | ray"),
    address: str | None = typer.Option(None, "--address", help="Ray cluster: auto or ray://host:port"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
    lang: str = typer.Option("hu", "--lang", help="hu | en"),
) -> None:
    """Play many games between bots: a summary, and with --out one row per game (docs/research.md)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from asztal import games
    from asztal.cli.errors import Told
    from asztal.cli.files import parse_options
    from asztal.research.batch import Batch, run_batch
    from asztal.research.report import read_rows, summarise_group

    check_lang(lang)
    if n_games < 1:
        raise Told(_t("min_games", lang, n=n_games))
    if jobs < 1:
        raise Told(_t("min_jobs", lang, n=jobs))
    if resume and out is None:
        raise Told(_t("need_out", lang))
    g = games.load(game)
    batch = Batch(game, players or g.min_players, bots.split(","), n_games, seed, parse_options(option))
    console = Console(stderr=as_json)
    with tempfile.TemporaryDirectory() as tmp:
        target = out or Path(tmp) / "results.parquet"
        columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
        with Progress(*columns, console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task(g.title.get(lang, game), total=n_games)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            try:
                run_batch(batch, target, backend=backend, jobs=jobs, address=address, resume=resume,
                          progress=advance)
            except KeyboardInterrupt:
                if out is None:
                    raise
                done = int(progress.tasks[0].completed)
                console.print(_t("stopped", lang, n=done, dir=target.with_name(target.name + ".parts")))
                raise typer.Exit(130) from None
        rows = read_rows([target])
    summary = summarise_group(rows)
    if plot is not None:
        _write_plots(console, rows, plot, lang)
    if as_json:
        print(json.dumps({"game": game, "players": batch.players, "bots": batch.bots, **summary}))
        return
    print_summary(console, summary, lang, t("sim.title", lang, game=game, games=len(rows), players=batch.players))
    if out is not None:
        console.print(_t("wrote", lang, path=out, n=len(rows)))


def report(
    files: list[Path] = typer.Argument(..., help="results files (.parquet or .csv) written by simulate --out"),
    plot: Path | None = typer.Option(None, "--plot", help="write PNG charts into this folder"),
    as_json: bool = typer.Option(False, "--json", help="print the result as JSON"),
    lang: str = typer.Option("hu", "--lang", help="hu | en"),
) -> None:
    """Summarise results files made earlier (several: one table per game and player count)."""
    from rich.console import Console

    from asztal.research.report import read_rows, summarise

    check_lang(lang)
    rows = read_rows(files)
    summaries = summarise(rows)
    console = Console(stderr=as_json)
    if plot is not None:
        _write_plots(console, rows, plot, lang)
    if as_json:
        print(json.dumps(summaries))
        return
    for s in summaries:
        print_summary(console, s, lang, _t("report", lang, game=s["game"], games=s["games"], players=s["players"]))
