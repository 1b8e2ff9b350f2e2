"""The arena: bots play many games against each other, and the results are summarised.

>>> result = run_arena("pax", ["mcts", "random"], games=100, seed=1)   # doctest: +SKIP
>>> result["entries"][0]["win_rate"], result["entries"][0]["ci95"]     # doctest: +SKIP

Several players: the bots (one *entry* per listed spec) take turns in every seat: game
``i`` puts entry ``(seat + i) % players`` in ``seat``. Solo games: every entry plays the
same ``games`` deals (paired seeds), per level when the game has levels. Every game's
seed and every bot's seed derive from the arena ``seed``, and results are gathered in
game order, so the same call gives the same figures with any number of ``jobs``.

A long run keeps what it has played: with ``record``, each game's result is appended to a
JSON-lines file as the game ends, under a first line naming the run (game, bots, players,
seed, options, level). Run again with the same file, the games already there are taken as
played, so a run stopped by a crash, a Ctrl-C or the end of a session goes on where it
stopped, and ``games`` can grow (game ``i`` is the same deal whatever ``games`` is). A file
of another run is refused rather than mixed in.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from asztal import games as games_registry
from asztal.bots import make_bot
from asztal.sim import stats
from asztal.sim.runner import play_game

_MASK64 = (1 << 64) - 1


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers (splitmix64 over the parts); stable across machines."""
    x = 0x2545F4914F6CDD1D
    for p in parts:
        x = (x ^ (p & _MASK64)) * 0x9E3779B97F4A7C15 & _MASK64
        x ^= x >> 31
        x = (x * 0xBF58476D1CE4E5B9) & _MASK64
        x ^= x >> 29
    return x >> 1


#: one game of the arena, ``play_game``'s arguments: (game, players, options, game seed, bot specs, bot seeds)
_Job = tuple[str, int, dict[str, Any], int, list[str], list[int]]


def _play_job(job: _Job) -> dict[str, Any]:
    return play_game(*job)


def entry_names(specs: Sequence[str]) -> list[str]:
    """Display names: the specs, numbered where the same spec appears more than once."""
    counts: dict[str, int] = {}
    for s in specs:
        counts[s] = counts.get(s, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        if counts[s] > 1:
            seen[s] = seen.get(s, 0) + 1
            out.append(f"{s}#{seen[s]}")
        else:
            out.append(s)
    return out


def run_arena(game_name: str, bots: Sequence[str], games: int = 100, players: int | None = None,
              jobs: int = 1, seed: int = 0, options: dict[str, Any] | None = None,
              level: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              record: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games (per entry and level in solo games) and summarise them.

    ``bots``: bot specs (``make_bot``). ``players``: default the number of specs (within
    the game's range); when there are more seats than specs the last spec fills them.
    ``level``: a solo level (PAX solitaire); None plays every level of a game that has them.
    ``progress(done, total)`` is called as games finish. ``record``: a JSON-lines file that
    keeps every game as it ends and holds the games already played (module docstring).
    The result is JSON-able.
    """
    game = games_registry.load(game_name)
    specs = [s.strip() for s in bots if s.strip()]
    if not specs:
        raise ValueError("name at least one bot (e.g. mcts,random)")
    for s in specs:
        make_bot(s, 0)  # validate early, with the spec's own error message
    if games < 1:
        raise ValueError("play at least one game")
    if players is None:
        players = min(max(len(specs), game.min_players), game.max_players)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game_name} is for {game.min_players}-{game.max_players} players, not {players}")
    options = dict(options or {})
    solo = players == 1
    if not solo:
        if len(specs) > players:
            raise ValueError(f"{len(specs)} bots for {players} seats: list at most one bot per seat")
        specs = specs + [specs[-1]] * (players - len(specs))
    names = entry_names(specs)

    # the games to play: (label of the level or None, options, game index, seat -> entry)
    plan: list[tuple[int | None, dict[str, Any], int, list[int]]] = []
    levels: list[int | None] = [None]
    level_opt = games_registry.load(game_name).solo_levels
    if level is not None:
        if level_opt is None:
            raise ValueError(f"{game_name} has no levels")
        levels = [level]
    elif solo and level_opt is not None and level_opt[0] not in options:
        levels = list(level_opt[1])
    for lv in levels:
        opts = dict(options)
        if lv is not None and level_opt is not None:  # a level is only ever set for a game with levels
            opts[level_opt[0]] = lv
        for i in range(games):
            if solo:
                for e in range(len(specs)):
                    plan.append((lv, opts, i, [e]))
            else:
                plan.append((lv, opts, i, [(s + i) % players for s in range(players)]))
    jobs_args: list[_Job] = []
    for lv, opts, i, seat_entries in plan:
        gseed = derive_seed(seed, i, lv or 0)
        bot_seeds = [derive_seed(seed, i, lv or 0, 1000 + s) for s in range(players)]
        jobs_args.append((game_name, players, opts, gseed, [specs[e] for e in seat_entries], bot_seeds))

    done: dict[tuple[int | None, int, tuple[int, ...]], dict[str, Any]] = {}
    sink = None
    if record is not None:
        run = {"arena": 1, "game": game_name, "bots": list(specs), "players": players, "seed": seed,
               "options": options, "level": level}
        done = read_record(record, run)
        sink = _open_record(record, run)
    todo = [k for k, (lv, _, i, ents) in enumerate(plan) if (lv, i, tuple(ents)) not in done]
    total = len(todo)
    t0 = time.perf_counter()
    finished = 0

    def keep(k: int, r: dict[str, Any]) -> None:
        nonlocal finished
        lv, _, i, ents = plan[k]
        r["level"], r["index"], r["entries"] = lv, i, ents
        done[(lv, i, tuple(ents))] = r
        if sink is not None:
            sink.write(json.dumps(r, ensure_ascii=False) + "\n")
            sink.flush()
            os.fsync(sink.fileno())
        finished += 1
        if progress:
            progress(finished, total)

    try:
        if jobs > 1 and total > 1:
            ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() \
                else None
            with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
                futures = {pool.submit(_play_job, jobs_args[k]): k for k in todo}
                for f in as_completed(futures):
                    keep(futures[f], f.result())
        else:
            for k in todo:
                keep(k, _play_job(jobs_args[k]))
    finally:
        if sink is not None:
            sink.close()
    wall = time.perf_counter() - t0
    results = [done[(lv, i, tuple(ents))] for lv, _, i, ents in plan]

    summary = summarise(game_name, players, names, results, solo)
    summary.update({"seed": seed, "games": games, "jobs": jobs, "wall_seconds": wall,
                    "options": options, "bots": list(specs)})
    return summary


def read_record(path: Path, run: dict[str, Any]) -> dict[tuple[int | None, int, tuple[int, ...]], dict[str, Any]]:
    """The games a record file holds, by (level, game index, seat entries); empty for a file
    that does not exist yet. A file whose first line names another run is refused; a last
    line cut short (the process killed while writing it) is not a game."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").split("\n")
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise ValueError(f"{path} is not an arena record") from None
    if not isinstance(head, dict) or head.get("arena") != 1:
        raise ValueError(f"{path} is not an arena record")
    for key, value in run.items():
        if head.get(key) != value:
            raise ValueError(f"{path} records another arena run ({_as_given(key, head.get(key))}, "
                             f"not {_as_given(key, value)})")
    out: dict[tuple[int | None, int, tuple[int, ...]], dict[str, Any]] = {}
    for n, line in enumerate(lines[1:], start=2):
        try:
            r = json.loads(line)
        except ValueError:
            if n == len(lines):
                continue  # the empty tail, or the last line cut short
            raise ValueError(f"{path} is not an arena record") from None
        try:
            out[(r["level"], int(r["index"]), tuple(r["entries"]))] = r
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{path} is not an arena record") from None
    return out


def _as_given(key: str, value: Any) -> str:
    """A run's setting as the command line gives it (``--seed 7``), for a refusal."""
    if key == "game":
        return str(value)
    if key == "bots" and isinstance(value, list):
        return "--bots " + ",".join(map(str, value))
    if key == "options" and isinstance(value, dict):
        return " ".join(f"--option {k}={v}" for k, v in value.items()) or "--option –"
    return f"--{key} {value}"


def _open_record(path: Path, run: dict[str, Any]) -> Any:
    """The record open for appending: a new file gets the run's line; a last line cut short
    is cut off, so that the next game starts a line of its own."""
    if not path.exists() or path.stat().st_size == 0:
        f = path.open("w", encoding="utf-8")
        f.write(json.dumps(run, ensure_ascii=False) + "\n")
        return f
    data = path.read_bytes()
    whole = data.rfind(b"\n") + 1
    if whole < len(data):
        with path.open("r+b") as g:
            g.truncate(whole)
    return path.open("a", encoding="utf-8")


def solo_endings(outcomes: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """How solo games ended, for a game whose outcome names its ending and the era it
    reached (PocketCiv): the count of each ending, the era reached, and the share of games
    played to the end of the last era with its 95% Wilson interval. None for other games."""
    if not outcomes or not all("ending" in o and "era" in o for o in outcomes):
        return None
    endings: dict[str, int] = {}
    eras: dict[str, int] = {}
    for o in outcomes:
        endings[str(o["ending"])] = endings.get(str(o["ending"]), 0) + 1
        eras[str(o["era"])] = eras.get(str(o["era"]), 0) + 1
    full = endings.get("eras", 0)
    return {"endings": dict(sorted(endings.items())),
            "era_reached": dict(sorted(eras.items(), key=lambda kv: int(kv[0]))),
            "all_eras_rate": full / len(outcomes), "all_eras_ci95": list(stats.wilson(full, len(outcomes)))}


def _paired(entries: list[dict[str, Any]], results: Sequence[dict[str, Any]]) -> None:
    """Solo entries play the same deals, so each entry after the first gets its score minus
    the first entry's, deal by deal: ``paired`` (mean, its 95% interval, and the deals it
    scored more, less and the same). A paired difference is far tighter than the two means'
    intervals, since a deal's luck falls on both."""
    first = {(r["level"], r["index"]): r["scores"][0] for r in results if r["entries"] == [0]}
    for e, entry in enumerate(entries[1:], start=1):
        diffs = [r["scores"][0] - first[(r["level"], r["index"])] for r in results
                 if r["entries"] == [e] and (r["level"], r["index"]) in first]
        if diffs:
            entry["paired"] = {"against": entries[0]["name"], "deals": len(diffs),
                               "mean": sum(diffs) / len(diffs), "ci95": list(stats.mean_interval(diffs)),
                               "more": sum(d > 0 for d in diffs), "less": sum(d < 0 for d in diffs),
                               "same": sum(d == 0 for d in diffs)}


def summarise(game_name: str, players: int, names: Sequence[str], results: Sequence[dict[str, Any]],
              solo: bool) -> dict[str, Any]:
    entries = []
    n_entries = len(names)
    for e, name in enumerate(names):
        mine = [(r, r["entries"].index(e)) for r in results if e in r["entries"]]
        n = len(mine)
        wins = 0.0
        scores = []
        think = decisions = 0
        for r, seat in mine:
            if seat in r["winners"]:
                wins += 1.0 / len(r["winners"])
            scores.append(r["scores"][seat])
            think += r["think"][seat]
            decisions += r["decisions"][seat]
        lo, hi = stats.wilson(wins, n)
        entry: dict[str, Any] = {
            "name": name, "games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
            "ci95": [lo, hi], "mean_score": sum(scores) / n if n else 0.0,
            "median_score": stats.median(scores),
            "seconds_per_move": think / decisions if decisions else 0.0,
        }
        if solo:
            per_level = {}
            for lv in sorted({r["level"] for r, _ in mine if r["level"] is not None}):
                lv_res = [r for r, _ in mine if r["level"] == lv]
                won = sum(1 for r in lv_res if r["winners"])
                lsc = [r["scores"][0] for r in lv_res]
                per_level[str(lv)] = {"games": len(lv_res), "success_rate": won / len(lv_res),
                                      "ci95": list(stats.wilson(won, len(lv_res))),
                                      "mean_score": sum(lsc) / len(lsc), "median_score": stats.median(lsc)}
            entry["success_rate"] = entry.pop("win_rate")
            entry["mean_ci95"] = list(stats.mean_interval(scores))
            if per_level:
                entry["levels"] = per_level
            endings = solo_endings([r["outcome"] for r, _ in mine])
            if endings is not None:
                entry.update(endings)
        entries.append(entry)
    if solo and n_entries > 1:
        _paired(entries, results)
    out: dict[str, Any] = {"game": game_name, "players": players, "solo": solo, "entries": entries,
                           "played": len(results), "rating": None}
    if not solo:
        draws = sum(1 for r in results if not r["winners"])
        out["no_winner_games"] = draws
        if players == 2 and n_entries == 2:
            r0, r1 = stats.elo_pair(entries[0]["win_rate"], entries[0]["games"])
            entries[0]["elo"], entries[1]["elo"] = r0, r1
            out["rating"] = "elo"
        else:
            rated = stats.openskill_ratings(
                [(r["entries"], stats.ranks_of(r["scores"], r["winners"])) for r in results], n_entries)
            if rated is not None:
                for entry, rating in zip(entries, rated, strict=True):
                    entry["openskill"] = rating
                out["rating"] = "openskill"
    return out
