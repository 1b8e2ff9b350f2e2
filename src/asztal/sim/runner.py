"""Play many seeded games with bots in every seat, in this process or a process pool.

Each game is a pure function of (game, players, bot specs, seed, options), so results do
not depend on how games are spread over workers.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from asztal import games


@dataclass(frozen=True)
class GameResult:
    seed: int
    scores: list[float]
    winners: list[int]
    steps: int
    outcome: dict[str, Any] = field(default_factory=dict)


def seat_bots(specs: list[str], players: int) -> list[str]:
    """One bot spec per seat: the list as given, its last entry repeated to fill the table."""
    specs = [s for s in specs if s] or ["random"]
    return [specs[min(i, len(specs) - 1)] for i in range(players)]


def play_game(game_name: str, players: int, bot_specs: list[str], seed: int,
              options: dict[str, Any] | None = None) -> GameResult:
    """Play one game to the end with a bot in every seat."""
    from asztal.bots import make_bot

    state = games.load(game_name).new_game(players, seed=seed, options=options or {})
    state.log = None
    bots = [make_bot(spec, seed=seed * 31 + seat) for seat, spec in enumerate(seat_bots(bot_specs, players))]
    steps = 0
    while not state.is_over:
        state.apply(bots[state.to_move].choose(state))
        steps += 1
    return GameResult(seed, list(state.scores()), list(state.winners()), steps, state.outcome())


def _play_chunk(args) -> list[GameResult]:
    game_name, players, bot_specs, seeds, options, setup = args
    if setup:
        setup()
    return [play_game(game_name, players, bot_specs, s, options) for s in seeds]


def run_games(game_name: str, players: int, bot_specs: list[str], n_games: int, seed: int = 0,
              options: dict[str, Any] | None = None, jobs: int = 1,
              setup: Callable[[], None] | None = None) -> Iterator[GameResult]:
    """Yield the results of ``n_games`` games (seeds ``seed .. seed+n-1``) as they finish."""
    seeds = list(range(seed, seed + n_games))
    if jobs <= 1:
        for s in seeds:
            yield play_game(game_name, players, bot_specs, s, options)
        return
    size = max(1, min(50, n_games // (jobs * 4) or 1))
    chunks = [(game_name, players, bot_specs, seeds[i:i + size], options, setup) for i in range(0, len(seeds), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in pool.map(_play_chunk, chunks):
            yield from batch


@dataclass
class Summary:
    """Wins by seat, score statistics by seat, and game length."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    def add(self, r: GameResult) -> None:
        if not self.wins:
            self.wins = [0.0] * self.players
            self.scores = [[] for _ in range(self.players)]
        self.games += 1
        for w in r.winners:
            self.wins[w] += 1.0 / len(r.winners)
        for seat, sc in enumerate(r.scores):
            self.scores[seat].append(sc)
        self.lengths.append(r.steps)

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seats": [
                {"seat": s, "wins": self.wins[s], "win_rate": self.wins[s] / self.games if self.games else 0.0,
                 "mean_score": statistics.fmean(self.scores[s]) if self.scores[s] else 0.0,
                 "median_score": statistics.median(self.scores[s]) if self.scores[s] else 0.0}
                for s in range(self.players)
            ] if self.games else [],
            "length": {"mean": statistics.fmean(self.lengths) if self.lengths else 0.0,
                       "median": statistics.median(self.lengths) if self.lengths else 0.0},
        }
