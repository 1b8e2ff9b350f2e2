"""What the fitted PocketCiv solo evaluation reads from a position (``state.view``).

MCTS cuts its solo play-outs a few turns ahead and asks how many points the scripted policy
would still end with from there (``asztal.bots.heuristics.pocketciv_fit``). A linear model
over a few numbers a player would look at answers that well enough and costs one view:
points scored, the era and how far the era's deck has run, tribes, cities and their value
(CAV), the advances and what they will score at the era changes still to come, farms,
gold, and the hand-written estimate of ``asztal.bots.heuristics.pocketciv``.

``NAMES`` and ``features`` must stay in step with the coefficients in
``asztal.bots.heuristics.pocketciv_coeffs`` (refit them when a feature changes).
"""

from __future__ import annotations

from typing import Any

from asztal.bots.heuristics import pocketciv as hand
from asztal.bots.heuristics.pocketciv_coeffs import WEIGHTS

NAMES: tuple[str, ...] = (
    "bias", "scored", "eras_left", "era_progress", "tribes", "tribes_x_left", "cities",
    "cities_x_left", "cav", "cav_x_left", "advances", "per_era", "per_era_x_left",
    "per_era_x_left_x_cities_ok", "farms", "gold", "hand_estimate",
)


def features(v: dict[str, Any]) -> list[float]:
    """The numbers of ``NAMES`` for the solo view ``v`` of an unfinished game."""
    adv_vp, _ = hand.points_table()
    areas = v["areas"]
    tribes = sum(a["tribes"] for a in areas)
    cities = sum(1 for a in areas if a["city"])
    cav = sum(a["city"] for a in areas)
    farms = sum(1 for a in areas if a["farm"])
    owned = sorted((adv_vp.get(x, 0) for x in v["advances"]), reverse=True)
    counted = tribes + (4 if "written_record" in v["advances"] else 0)
    per_era = float(sum(owned[:counted]))
    era = int(v["era"])
    left = float(max(0, hand.ERAS - era + 1))
    deck, discard = int(v.get("deck_size", 0)), int(v.get("discard_size", 0))
    progress = discard / (deck + discard) if deck + discard else 0.0
    cities_ok = 1.0 if cities >= era else 0.0  # PC-ERA-02: an era scores with >= era cities
    scored = float(v["vp"]) + hand.wonder_points(v)
    return [
        1.0, scored, left, progress, float(min(tribes, 30)), min(tribes, 30) * left, float(cities),
        cities * left, float(cav), cav * left, float(len(v["advances"])), per_era, per_era * left,
        per_era * left * cities_ok, float(farms), float(v.get("gold", 0)), hand.estimate(v),
    ]


def predict(v: dict[str, Any]) -> float:
    """The final score the policy is expected to reach from the solo view ``v`` (unfinished)."""
    return sum(w * f for w, f in zip(WEIGHTS, features(v), strict=True))
