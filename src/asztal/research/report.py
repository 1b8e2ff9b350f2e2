"""Summaries of results files: wins by seat and by bot with 95% intervals, scores, length.

>>> summary = summarise(read_rows([Path("caboose.parquet")]))   # doctest: +SKIP
>>> summary["seats"][0]["win_rate"], summary["seats"][0]["ci95"]  # doctest: +SKIP

Several files may be summarised together (e.g. one per player count); figures are then
given per (game, players) group. A shared win counts ``1/k`` for each of ``k`` winners.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from asztal.research import schema
from asztal.sim import stats


def read_rows(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """The rows of one or more results files (Parquet or CSV), file after file."""
    rows: list[dict[str, Any]] = []
    for p in paths:
        rows.extend(schema.read_table(Path(p)).to_pylist())
    if not rows:
        raise ValueError("the results files hold no games")
    return rows


def groups(rows: Sequence[dict[str, Any]]) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Rows by (game, players), in the order first seen."""
    out: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault((r["game"], r["players"]), []).append(r)
    return out


def _share(r: dict[str, Any], seat: int) -> float:
    w = r["winners"]
    return 1.0 / len(w) if seat in w else 0.0


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = stats.wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [lo, hi]}


def _scores(xs: list[float]) -> dict[str, float]:
    return {"mean_score": statistics.fmean(xs) if xs else 0.0, "median_score": stats.median(xs)}


def summarise_group(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Wins and scores by seat and by bot, and game length, of rows of one (game, players)."""
    players = rows[0]["players"]
    seats = []
    for s in range(players):
        wins = sum(_share(r, s) for r in rows)
        seats.append({"seat": s, "bot": rows[0]["bots"][s] if len({r["bots"][s] for r in rows}) == 1 else "mixed",
                      **_rate(wins, len(rows)), **_scores([r["scores"][s] for r in rows])})
    by_bot: dict[str, list[tuple[dict[str, Any], int]]] = defaultdict(list)
    for r in rows:
        for s, bot in enumerate(r["bots"]):
            by_bot[bot].append((r, s))
    bots = [{"bot": bot, **_rate(sum(_share(r, s) for r, s in games), len(games)),
             **_scores([r["scores"][s] for r, s in games])} for bot, games in by_bot.items()]
    lengths = [sum(r["decisions"]) for r in rows]
    return {
        "game": rows[0]["game"], "players": players, "games": len(rows),
        "no_winner": sum(1 for r in rows if not r["winners"]),
        "seats": seats, "bots": bots,
        "length": {"mean": statistics.fmean(lengths), "median": stats.median(lengths)},
        "seconds_per_game": statistics.fmean(r["seconds"] for r in rows),
    }


def summarise(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One summary per (game, players) group of the rows."""
    return [summarise_group(g) for g in groups(rows).values()]
