"""Small statistics for the arena: Wilson intervals, Elo from a win rate, openskill ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n == 0.

    ``successes`` may be fractional (a shared win counts 1/k for each of k winners).
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval always holds p; min/max only absorb rounding at p = 0 or 1
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def elo_difference(rate: float, n: int) -> float:
    """The Elo difference that predicts winning ``rate`` of the games (clamped for 0% / 100%)."""
    eps = 0.5 / max(n, 1)
    p = min(max(rate, eps), 1 - eps)
    return 400.0 * math.log10(p / (1 - p))


def elo_pair(rate0: float, n: int, base: float = 1500.0) -> tuple[float, float]:
    """Ratings of two players, centred on ``base``, from the first one's score rate."""
    d = elo_difference(rate0, n)
    return base + d / 2, base - d / 2


def openskill_ratings(games: Sequence[tuple[Sequence[int], Sequence[int]]],
                      entries: int) -> list[dict[str, float]] | None:
    """Plackett-Luce ratings (openskill) from games given as (entries by seat, rank by seat).

    Ranks: 1 is best, equal ranks are ties. Returns ``[{"mu", "sigma", "ordinal"}]`` per
    entry, or None when openskill is not installed.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(entries)]
    for seats, ranks in games:
        teams = [[ratings[e]] for e in seats]
        new = model.rate(teams, ranks=list(ranks))
        for e, team in zip(seats, new, strict=True):
            ratings[e] = team[0]
    return [{"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for r in ratings]


def ranks_of(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Ranks per seat (1 best): winners first, then by score, equal scores tie."""
    n = len(scores)
    keys = [(1 if s in winners else 0, scores[s]) for s in range(n)]
    order = sorted(set(keys), reverse=True)
    return [order.index(k) + 1 for k in keys]


def mean_interval(xs: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """A normal-approximation 95% interval of the mean (sample standard deviation); with
    fewer than two values, the mean itself at both ends."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    m = sum(xs) / n
    if n < 2:
        return (m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = z * sd / math.sqrt(n)
    return (m - h, m + h)


def median(xs: Sequence[float]) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    m = len(ys) // 2
    return float(ys[m]) if len(ys) % 2 else (ys[m - 1] + ys[m]) / 2
