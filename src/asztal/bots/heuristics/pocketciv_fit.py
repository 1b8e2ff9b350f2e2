"""Fit the PocketCiv solo evaluation: how many points the scripted policy ends with from here.

The policy plays solo deals to the end (``--games`` deals from ``--seed``, the way MCTS's
play-outs play them: its move on the real state); every ``--every``-th position is paired
with the deal's final score, and least squares (numpy, a small ridge) fits the weights of
``asztal.bots.heuristics.pocketciv.features``. The next ``--holdout`` deals are kept apart:
the fitted model, the training mean and the hand-written estimate are scored on them (root
mean square error in victory points). The module text printed at the end is
``asztal.bots.heuristics.pocketciv_coeffs``::

    python -m asztal.bots.heuristics.pocketciv_fit --games 300 --seed 5000 --holdout 100 \\
        > src/asztal/bots/heuristics/pocketciv_coeffs.py
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

import numpy as np

from asztal import games
from asztal.bots import policies
from asztal.bots.heuristics import pocketciv as hand


def positions(seeds: range, every: int) -> Iterator[tuple[list[float], float, float]]:
    """(features, the hand estimate, final score) of every ``every``-th decision of the
    policy's solo deals ``seeds``."""
    game = games.load("pocketciv")
    pol = policies.get("pocketciv")
    assert pol is not None
    for seed in seeds:
        state = game.new_game(players=1, seed=seed)
        state.log = None
        rows: list[tuple[list[float], float]] = []
        n = 0
        while not state.is_over:
            acts = state.legal_actions()
            if len(acts) > 1:
                n += 1
                if n % every == 0:
                    v = state.view(0)
                    rows.append((hand.features(v), hand.estimate(v)))
            state.apply(pol.choose(state))
        final = float(state.scores()[0])
        for f, est in rows:
            yield f, est, final


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Least squares with a small ridge on the standardised features (the bias unpenalised)."""
    scale = np.maximum(np.abs(x).max(axis=0), 1e-9)
    xs = x / scale
    reg = ridge * len(y) * np.eye(x.shape[1])
    reg[0, 0] = 0.0
    w = np.linalg.solve(xs.T @ xs + reg, xs.T @ y)
    return np.asarray(w / scale)


def rmse(pred: np.ndarray, y: np.ndarray) -> float:
    return float(np.sqrt(np.mean((pred - y) ** 2)))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--holdout", type=int, default=100)
    ap.add_argument("--every", type=int, default=4)
    a = ap.parse_args(argv)
    train = list(positions(range(a.seed, a.seed + a.games), a.every))
    test = list(positions(range(a.seed + a.games, a.seed + a.games + a.holdout), a.every))
    x = np.array([f for f, _, _ in train])
    y = np.array([t for _, _, t in train])
    w = fit(x, y)
    xt = np.array([f for f, _, _ in test])
    yt = np.array([t for _, _, t in test])
    model = rmse(xt @ w, yt)
    const = rmse(np.full_like(yt, y.mean()), yt)
    handmade = rmse(np.array([e for _, e, _ in test]), yt)
    lo, hi = a.seed + a.games, a.seed + a.games + a.holdout - 1
    weights = "\n".join(f"    {float(c)!r},  # {n}" for n, c in zip(hand.NAMES, w, strict=True))
    sys.stdout.write(f'''"""Weights of the fitted PocketCiv solo evaluation (``pocketciv.NAMES`` in order).

Fitted by ``asztal.bots.heuristics.pocketciv_fit`` (least squares, small ridge) on {len(y)} positions
of {a.games} policy deals (seeds {a.seed}-{a.seed + a.games - 1}, every {a.every}th decision) against each
deal's final score. On {len(yt)} positions of {a.holdout} held-out deals (seeds {lo}-{hi})
the root mean square error is {model:.1f} VP, against {const:.1f} for the training mean and {handmade:.1f}
for the hand-written estimate. Refit (after changing a feature or the policy) with::

    python -m asztal.bots.heuristics.pocketciv_fit --games {a.games} --seed {a.seed} --holdout {a.holdout} \\\\
        > src/asztal/bots/heuristics/pocketciv_coeffs.py
"""

from __future__ import annotations

from typing import Final

#: the held-out root mean square errors (VP) of the model, the training mean, the hand estimate
HELD_OUT_RMSE: Final = ({model:.2f}, {const:.2f}, {handmade:.2f})
#: the training positions' mean final score
MEAN_SCORE: Final = {float(y.mean()):.3f}
WEIGHTS: Final[tuple[float, ...]] = (
{weights}
)
''')


if __name__ == "__main__":
    main()
