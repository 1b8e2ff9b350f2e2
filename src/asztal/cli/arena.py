"""``asztal arena GAME --bots mcts:hard,greedy,random --games N --jobs J``.

Registered by the app with ``app.command()(arena)``. Prints a Rich table (win rates with
95% Wilson intervals, Elo or openskill ratings, mean scores, time per move; solo games:
mean/median score and success rate per level); ``--json`` prints the whole result,
``--csv FILE`` writes one row per bot (and level); ``--record FILE`` keeps every game as it
ends, so that a long run survives being stopped and goes on when run again.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from asztal.engine.i18n import check_lang, number, percent

if TYPE_CHECKING:  # Rich is imported by the functions that draw (start-up time)
    from rich.table import Table

_T = {
    "title": ("{game}: {played} játszma, {players} játékos, mag {seed}",
              "{game}: {played} games, {players} players, seed {seed}"),
    "bot": ("Robot", "Bot"), "games": ("Játszma", "Games"), "wins": ("Győz.", "Wins"),
    "rate": ("Arány", "Win rate"), "ci": ("95% KI", "95% CI"), "elo": ("Élő", "Elo"),
    "os": ("Értékszám", "Rating"), "mean": ("Átlag", "Mean"),
    "median": ("Medián", "Median"), "spm": ("mp/lép", "s/move"), "level": ("Szint", "Level"),
    "success": ("Siker", "Success"), "playing": ("Játszmák", "Playing"),
    "nowin": ("Győztes nélküli játszmák: {n}", "Games without a winner: {n}"),
    "wall": ("Idő: {s} mp", "Time: {s} s"),
    "paired": ("{bot} a(z) {first} ellenében ugyanazokon a leosztásokon: átlagosan {d} pont (95% KI {lo}–{hi}); "
               "több {more}, kevesebb {less}, ugyanannyi {same}",
               "{bot} against {first} on the same deals: {d} points on average (95% CI {lo}–{hi}); "
               "more {more}, less {less}, the same {same}"),
    "endings": ("{bot}: átlag 95% KI {lo}–{hi}; a 8. korszak végéig {n}/{g} ({ci}); "
                "összeomlott {collapse}, megállt {stopped}; elért korszak: {eras}",
                "{bot}: mean 95% CI {lo}–{hi}; to the end of era 8 {n}/{g} ({ci}); "
                "collapsed {collapse}, stopped {stopped}; era reached: {eras}"),
}


_MIN_WIDTH = {"ci": 11, "rate": 6, "success": 6, "elo": 5, "os": 5, "mean": 6, "spm": 6}


def _t(key: str, lang: str, **kw: Any) -> str:
    hu, en = _T[key]
    return (en if lang == "en" else hu).format(**kw)


def _pct(x: float, lang: str = "en") -> str:
    return percent(x, lang)


def _ci(ci: list[float], lang: str = "en") -> str:
    return f"{number(100 * ci[0], lang, 1)}–{percent(ci[1], lang)}"


def csv_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per bot (and per level in solo games with levels)."""
    rows = []
    for e in result["entries"]:
        base = {"game": result["game"], "players": result["players"], "bot": e["name"], "games": e["games"],
                "mean_score": e["mean_score"], "median_score": e["median_score"],
                "seconds_per_move": e["seconds_per_move"]}
        if result["solo"] and e.get("levels"):
            for lv, d in e["levels"].items():
                rows.append({**base, "level": lv, "games": d["games"], "success_rate": d["success_rate"],
                             "ci95_low": d["ci95"][0], "ci95_high": d["ci95"][1],
                             "mean_score": d["mean_score"], "median_score": d["median_score"]})
        elif result["solo"]:
            rows.append({**base, "level": "", "success_rate": e["success_rate"],
                         "ci95_low": e["ci95"][0], "ci95_high": e["ci95"][1]})
        else:
            rating = e.get("elo", e.get("openskill", {}).get("ordinal", ""))
            rows.append({**base, "wins": e["wins"], "win_rate": e["win_rate"], "ci95_low": e["ci95"][0],
                         "ci95_high": e["ci95"][1], "rating": rating})
    return rows


def write_csv(result: dict[str, Any], path: Path) -> None:
    rows = csv_rows(result)
    fields: list[str] = []
    for r in rows:
        fields += [k for k in r if k not in fields]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def render_table(result: dict[str, Any], lang: str = "en") -> Table:
    title = _t("title", lang, game=result["game"], played=result["played"], players=result["players"],
               seed=result["seed"])
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_t("bot", lang), justify="left", overflow="fold")
    if result["solo"]:
        has_levels = any(e.get("levels") for e in result["entries"])
        if has_levels:
            table.add_column(_t("level", lang), justify="right")
        for key in ("games", "success", "ci", "mean", "median", "spm"):
            table.add_column(_t(key, lang), justify="right", no_wrap=True,
                         min_width=max(len(_t(key, lang)), _MIN_WIDTH.get(key, 0)))
        for e in result["entries"]:
            rows = [(lv, d) for lv, d in e["levels"].items()] if has_levels else [(None, {
                "games": e["games"], "success_rate": e["success_rate"], "ci95": e["ci95"],
                "mean_score": e["mean_score"], "median_score": e["median_score"]})]
            for lv, d in rows:
                cells = [e["name"]] + ([str(lv)] if has_levels else [])
                cells += [str(d["games"]), _pct(d["success_rate"], lang), _ci(d["ci95"], lang),
                          number(d["mean_score"], lang, 2), number(d["median_score"], lang),
                          number(e["seconds_per_move"], lang, 3)]
                table.add_row(*cells)
        return table
    rating = result.get("rating")
    cols = ["games", "wins", "rate", "ci"] + (["elo"] if rating == "elo" else ["os"] if rating else [])
    cols += ["mean", "spm"]
    for key in cols:
        table.add_column(_t(key, lang), justify="right", no_wrap=True,
                         min_width=max(len(_t(key, lang)), _MIN_WIDTH.get(key, 0)))
    for e in result["entries"]:
        cells = [e["name"], str(e["games"]), number(e["wins"], lang), _pct(e["win_rate"], lang), _ci(e["ci95"], lang)]
        if rating == "elo":
            cells.append(f"{e['elo']:.0f}")
        elif rating:
            cells.append(f"{e['openskill']['ordinal']:.1f}")
        cells += [number(e["mean_score"], lang, 2), number(e["seconds_per_move"], lang, 3)]
        table.add_row(*cells)
    return table


def ending_lines(result: dict[str, Any], lang: str = "en") -> list[str]:
    """Solo games that report how they ended (PocketCiv): per bot the interval of the mean,
    the games played to the end, the collapses and stops, and the era each game reached; in
    any solo game, each later entry's score against the first's on the same deals."""
    out = []
    for e in result["entries"]:
        if "endings" not in e:
            continue
        lo, hi = e["mean_ci95"]
        eras = ", ".join(f"{k}: {v}" for k, v in e["era_reached"].items())
        out.append(_t("endings", lang, bot=e["name"], lo=number(lo, lang, 1), hi=number(hi, lang, 1),
                      n=e["endings"].get("eras", 0), g=e["games"], ci=_ci(e["all_eras_ci95"], lang),
                      collapse=e["endings"].get("collapse", 0), stopped=e["endings"].get("stopped", 0),
                      eras=eras))
    for e in result["entries"]:
        pd = e.get("paired")
        if pd:
            out.append(_t("paired", lang, bot=e["name"], first=pd["against"], d=number(pd["mean"], lang, 2),
                          lo=number(pd["ci95"][0], lang, 1), hi=number(pd["ci95"][1], lang, 1),
                          more=pd["more"], less=pd["less"], same=pd["same"]))
    return out


def arena(
    game: str = typer.Argument(..., help="pax | pocketciv | caboose"),
    bots: str = typer.Option("mcts,greedy,random", "--bots", "-b",
                             help="bot specs, comma separated (random, greedy, mcts, mcts:hard, mcts:iters=500)"),
    games: int = typer.Option(100, "--games", "-n", help="games (per bot and level in solo games)"),
    players: int | None = typer.Option(None, "--players", "-p", help="default: one seat per bot"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes"),
    seed: int = typer.Option(0, "--seed", help="the random seed"),
    json_out: bool = typer.Option(False, "--json", help="print the result as JSON"),
    csv_out: Path | None = typer.Option(None, "--csv", help="write one row per bot to this file"),
    level: int | None = typer.Option(None, "--level", help="PAX solitaire level (default: every level)"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value"),
    lang: str = typer.Option("hu", "--lang", help="hu | en"),
    record: Path | None = typer.Option(
        None, "--record", help="keep each game in this file (JSON lines) as it ends; run again with it to "
                               "go on where the run stopped, or to add games"),
) -> None:
    """Bots against bots: seat rotation, win rates with 95% intervals, ratings, scores."""
    # imported here, not at the top: ``asztal --help`` must not pay for them
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from asztal.sim.arena import run_arena

    check_lang(lang)
    options: dict[str, Any] = {}
    if option:
        from asztal.cli.files import parse_options

        options = parse_options(option)
    console = Console()
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=json_out) as progress:
        task = progress.add_task(_t("playing", lang), total=None)

        def on_progress(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        result = run_arena(game, specs, games=games, players=players, jobs=jobs, seed=seed,
                           options=options, level=level, progress=on_progress, record=record)
    if csv_out is not None:
        write_csv(result, csv_out)
    if json_out:
        print(json.dumps(result, ensure_ascii=False))
        return
    console.print(render_table(result, lang))
    for line in ending_lines(result, lang):
        console.print(line)
    if result.get("no_winner_games"):
        console.print(_t("nowin", lang, n=result["no_winner_games"]))
    console.print(_t("wall", lang, s=number(result["wall_seconds"], lang, 1)))


def main() -> None:  # pragma: no cover - for running this command alone
    typer.run(arena)


if __name__ == "__main__":  # pragma: no cover - ``python -m asztal.cli.arena GAME ...``
    main()
