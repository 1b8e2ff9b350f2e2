"""Weights of the fitted PocketCiv solo evaluation (``pocketciv.NAMES`` in order).

Fitted by ``asztal.bots.heuristics.pocketciv_fit`` (least squares, small ridge) on 16666 positions
of 300 policy deals (seeds 5000-5299, every 4th decision) against each
deal's final score. On 5989 positions of 100 held-out deals (seeds 5300-5399)
the root mean square error is 27.0 VP, against 44.0 for the training mean and 55.4
for the hand-written estimate. Refit (after changing a feature or the policy) with::

    python -m asztal.bots.heuristics.pocketciv_fit --games 300 --seed 5000 --holdout 100 \\
        > src/asztal/bots/heuristics/pocketciv_coeffs.py
"""

from __future__ import annotations

from typing import Final

#: the held-out root mean square errors (VP) of the model, the training mean, the hand estimate
HELD_OUT_RMSE: Final = (27.00, 44.03, 55.43)
#: the training positions' mean final score
MEAN_SCORE: Final = 51.050
WEIGHTS: Final[tuple[float, ...]] = (
    -21.776607202395123,  # bias
    0.6484987979643049,  # scored
    4.9263733241882965,  # eras_left
    -6.357862266703848,  # era_progress
    -0.2898848482082173,  # tribes
    0.2323434157447345,  # tribes_x_left
    -0.6853881599466366,  # cities
    -0.14359614450649244,  # cities_x_left
    0.8188819412216379,  # cav
    -0.13965105205296172,  # cav_x_left
    2.677525597583459,  # advances
    0.7995790849748895,  # per_era
    -0.3064488569752319,  # per_era_x_left
    0.16844163157615996,  # per_era_x_left_x_cities_ok
    0.5398589530274307,  # farms
    0.39683698759566144,  # gold
    0.2700932914175638,  # hand_estimate
)
