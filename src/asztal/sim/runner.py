"""Play many seeded games with bots in every seat, in this process or a process pool.

Each game is a pure function of (game, players, bot specs, seed, options), so results do
not depend on how games are spread over workers.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from asztal import games
from asztal.bots import make_bot


def seat_bots(specs: list[str], players: int) -> list[str]:
    """One bot spec per seat: the list as given, its last entry repeated to fill the table."""
    specs = [s for s in specs if s] or ["random"]
    return [specs[min(i, len(specs) - 1)] for i in range(players)]


MAX_STEPS = 200_000


def play_game(game_name: str, players: int, options: dict[str, Any], game_seed: int,
              specs: Sequence[str], bot_seeds: Sequence[int], keep_log: bool = False,
              finish: Callable[[Any], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play one game, seat ``s`` played by ``make_bot(specs[s], bot_seeds[s])``.

    Returns scores, winners, the game's outcome, moves, and per seat the thinking time and
    the number of real decisions (forced moves, with one legal action, are played at once).
    The log is dropped for speed unless ``keep_log``; ``finish(state)``, when given, reads
    the finished state and its dict is returned under ``"extra"``.
    """
    game = games.load(game_name)
    state = game.new_game(players=players, seed=game_seed, options=options)
    if not keep_log:
        state.log = None
    bots = [make_bot(spec, seed) for spec, seed in zip(specs, bot_seeds, strict=True)]
    think = [0.0] * players
    decisions = [0] * players
    steps = 0
    perf = time.perf_counter
    while not state.is_over:
        seat = state.to_move
        assert seat is not None, "a game not over has a seat to move"
        if len(state.legal_actions()) == 1:  # a forced move is not a decision
            state.apply(state.legal_actions()[0])
            steps += 1
            continue
        t0 = perf()
        action = bots[seat].choose(state)
        think[seat] += perf() - t0
        decisions[seat] += 1
        state.apply(action)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{game_name} seed {game_seed}: no end after {MAX_STEPS} actions")
    outcome = state.outcome()
    result = {
        "seed": game_seed,
        "scores": [float(x) for x in state.scores()],
        "winners": list(state.winners()),
        "outcome": _jsonable(outcome),
        "actions": steps,
        "think": think,
        "decisions": decisions,
    }
    if finish is not None:
        result["extra"] = finish(state)
    return result


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


#: batch seeds and game indices below this are mixed without collision (``game_seed``)
SEED_LIMIT = 1 << 29
_MASK58 = (1 << 58) - 1


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch of seed ``batch_seed``.

    The pair is packed into 58 bits and mixed by a bijection of 58-bit words (xor-shifts and
    odd multipliers), so two different (batch seed, index) pairs never give the same game:
    batches of seeds S and S+1 share nothing (with ``seed + index`` they overlapped but for
    one game). Below 2**58, so the bots' seeds (``bot_seeds``) fit a signed 64-bit column."""
    if not (0 <= batch_seed < SEED_LIMIT and 0 <= index < SEED_LIMIT):
        raise ValueError(f"batch seeds and game indices are whole numbers below {SEED_LIMIT}")
    x = (batch_seed << 29) | index
    x ^= x >> 31
    x = (x * 0x2545F4914F6CDD1D) & _MASK58  # odd: a bijection modulo 2**58
    x ^= x >> 29
    x = (x * 0x1D8E4E27C47D124F) & _MASK58
    x ^= x >> 32
    return x


def bot_seeds(seed: int, players: int) -> list[int]:
    """The seeds of the bots in a game of seed ``seed`` played by ``simulate``."""
    return [seed * 31 + seat for seat in range(players)]


#: one worker's share of ``run_games``: (game, players, bot specs, game seeds, options, setup)
_Chunk = tuple[str, int, list[str], list[int], dict[str, Any], Callable[[], None] | None]


def _play_chunk(args: _Chunk) -> list[dict[str, Any]]:
    game_name, players, bot_specs, seeds, options, setup = args
    if setup:
        setup()
    return [play_game(game_name, players, options, s, bot_specs, bot_seeds(s, players)) for s in seeds]


def run_games(game_name: str, players: int, bot_specs: list[str], n_games: int, seed: int = 0,
              options: dict[str, Any] | None = None, jobs: int = 1,
              setup: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
    """Yield the results of ``n_games`` games (seeds ``seed .. seed+n-1``) as they finish."""
    seeds = list(range(seed, seed + n_games))
    options = options or {}
    bot_specs = seat_bots(bot_specs, players)
    if jobs <= 1:
        for s in seeds:
            yield play_game(game_name, players, options, s, bot_specs, bot_seeds(s, players))
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

    def add(self, r: dict[str, Any]) -> None:
        """Count one result of ``play_game``."""
        if not self.wins:
            self.wins = [0.0] * self.players
            self.scores = [[] for _ in range(self.players)]
        self.games += 1
        for w in r["winners"]:
            self.wins[w] += 1.0 / len(r["winners"])
        for seat, sc in enumerate(r["scores"]):
            self.scores[seat].append(sc)
        self.lengths.append(r["actions"])

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
