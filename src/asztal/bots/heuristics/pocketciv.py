"""How a PocketCiv (Civilizációk Hajnala) player weighs a position, read from ``state.view``.

Points come from advances, scored again at every era change while the Empire has at
least as many cities as the era number (PC-ERA-02..06, at most as many advances as there
are tribes), and from wonders at the end (PC-END-02). So a position is worth:

* the victory points already scored, and the wonders built;
* the advances owned times the era changes still to come, discounted when the Empire
  lacks the cities the next era change asks for, or the tribes to count them;
* what keeps the civilisation growing and alive through disasters: cities and their
  value (CAV), the capital, tribes, farms (food), gold; an Empire with neither a tribe nor
  a city is over (PC-POP-04).

Advance and wonder points are public component data, read from the game's data files.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any

from asztal.bots.heuristics.pocketciv_coeffs import WEIGHTS
from asztal.bots.policies.pocketciv import gentle, safer
from asztal.engine import Action, GameState
from asztal.games.pocketciv.state import PocketCivState

SCORE_SCALE = 40.0
ERAS = 8
#: roll-outs should not end the game at an era change by chance (PC-ERA-09)
ROLLOUT_AVOID = frozenset({"era:end"})
#: roll-outs take these when they can (most of the time): founding cities, acquiring advances
ROLLOUT_PREFER = frozenset({"city", "adv"})
#: solo MCTS play-outs follow the policy this many moves (a few turns), then the fitted
#: evaluation predicts the final score (``predict``, docs/bots.md)
SOLO_ROLLOUT_DEPTH = 60


@lru_cache(maxsize=1)
def points_table() -> tuple[dict[str, int], dict[str, int]]:
    """Victory points of every advance and wonder (public card data)."""
    pkg = resources.files("asztal.games.pocketciv")
    adv = json.loads(pkg.joinpath("data/advances.json").read_text(encoding="utf-8"))["advances"]
    won = json.loads(pkg.joinpath("data/wonders.json").read_text(encoding="utf-8"))["wonders"]
    return ({a["id"]: int(a["victory_points"]) for a in adv}, {w["id"]: int(w["victory_points"]) for w in won})


def _sig(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def wonder_points(v: dict[str, Any]) -> int:
    _, won = points_table()
    return sum(won.get(w, 0) for a in v["areas"] for w in a["wonders"])


def seat_view(v: dict[str, Any], seat: int) -> dict[str, Any]:
    """The solo-shaped view of one empire: a multiplayer view (PC 6.*) keeps per-player lists
    in each area and the empires apart; this picks ``seat``'s share of them."""
    if "empires" not in v:
        return v
    emp = v["empires"][seat]
    areas = []
    for a in v["areas"]:
        b = dict(a)
        b["tribes"], b["city"], b["wonders"] = a["tribes"][seat], a["cities"][seat], a["wonders"][seat]
        b["capital"] = emp.get("capital") is not None and emp.get("capital") == a.get("id", a["number"])
        areas.append(b)
    out = dict(v)
    out.update(emp)
    out["areas"] = areas
    out["map"] = None  # area numbers repeat on the larger map; the sea test is skipped
    return out


def estimate(v: dict[str, Any]) -> float:
    """Expected final score of the position ``v`` (a solo-shaped view, see ``seat_view``)."""
    adv_vp, _ = points_table()
    areas = v["areas"]
    tribes = sum(a["tribes"] for a in areas)
    cities = sum(1 for a in areas if a["city"])
    wonders = wonder_points(v)
    done = float(v["vp"]) + wonders
    if v.get("is_over") or v.get("ending"):
        return done
    owned = sorted((adv_vp.get(x, 0) for x in v["advances"]), reverse=True)
    counted = tribes + (4 if "written_record" in v["advances"] else 0)
    per_era = sum(owned[:counted])
    era: int = v["era"]
    left = max(0, ERAS - era + 1)  # era changes still to come, this era's included
    cities_ok = _sig(2.0 * (cities - era + 0.5))  # PC-ERA-02: this era scores with >= era cities
    future = per_era * left * (0.35 + 0.65 * cities_ok) * 0.8
    # advances also change the rules in the Empire's favour (most are marked +)
    future += 1.5 * len(v["advances"])
    growth = foundations(v, tribes, cities)
    return done + future + growth * (0.4 + 0.6 * left / ERAS)


def foundations(v: dict[str, Any], tribes: int, cities: int) -> float:
    """Cities that will keep their value, tribes the land can feed, farms, gold, the capital."""
    areas = v["areas"]
    owned = set(v["advances"])
    map_areas = {a["number"]: a for a in (v.get("map") or {}).get("areas", [])}
    farms = sum(1 for a in areas if a["farm"])
    spare_farms = farms - sum(1 for a in areas if a["city"] and a["farm"])
    fed_tribes = 0
    value: float = 0.0
    for a in areas:
        cap = int(a["forest"]) + int(a["mountain"]) + int(a["volcano"]) + int(a["farm"]) + a["city"]  # PC-UPK-TRIBE-01
        fed_tribes += min(a["tribes"], cap)
        if a["city"]:
            fed = a["farm"] or ("fishing" in owned and map_areas.get(a["number"], {}).get("sea"))  # PC-UPK-CITY-01/02
            if not fed and "cartage" in owned and spare_farms > 0:  # PC-UPK-CITY-03
                spare_farms -= 1
                fed = True
            # a city is the engine of the game: advances, era scoring (PC-ERA-02), tribe support;
            # one without food loses a CAV each upkeep and at CAV 1 is gone (PC-UPK-CITY-01)
            if fed:
                value += 11.0 + 1.5 * a["city"]
            elif a["city"] > 1:
                value += 8.0 + 1.5 * (a["city"] - 1)
            else:
                value += 0.5
            if a.get("capital"):
                value += 2.0
    value += 1.0 * min(fed_tribes, 8) + 0.4 * max(0, fed_tribes - 8) + 0.1 * (tribes - fed_tribes)
    # a farm where a city can still be founded prepares one (the book's advice, PC-DEV-CITY note)
    value += 1.0 * farms + 1.5 * sum(1 for a in areas if a["farm"] and not a["city"]) + 0.3 * v.get("gold", 0)
    # every area with a tribe grows one more each round (PC-POP-01): spreading out is growth
    value += 0.7 * sum(1 for a in areas if a["tribes"])
    # four tribes in one area found a city (PC-DEV-CITY-01): gathering them is progress
    cost = 2 if "common_tongue" in owned else 4
    muster = max((a["tribes"] for a in areas if not a["city"]), default=0)
    if cities < 8:
        value += 1.2 * min(muster, cost)
    if cities == 0:  # no city yet: the tribes are all there is (PC-POP-04)
        value -= 3.0 * max(0, 4 - fed_tribes)
    return value


#: multiplayer: an Empire with fewer tribes than this (counting a city as ``CITY_GUARD``
#: tribes) is one event away from being wiped out, which ends the game with its loss
#: (PC-MP-END-01); each missing tribe costs ``SURVIVAL`` points of greedy's evaluation, and
#: ``FALL_RISK`` of a chance to fall in MCTS's cut-off play-outs (``cutoff``)
SAFE_TRIBES = 8
CITY_GUARD = 4
SURVIVAL = 4.0


def _holdings(v: dict[str, Any], seat: int) -> tuple[int, int]:
    """``seat``'s tribes and city value in a multiplayer view."""
    return (sum(a["tribes"][seat] for a in v["areas"]), sum(a["cities"][seat] for a in v["areas"]))


def danger(v: dict[str, Any], seat: int) -> float:
    """How far ``seat``'s Empire is from weathering a bad event (0 when it is safe)."""
    tribes, cav = _holdings(v, seat)
    return float(max(0, SAFE_TRIBES - tribes - CITY_GUARD * cav))


def _value(v: dict[str, Any], seat: int) -> float:
    if "empires" not in v:
        return estimate(v)
    return estimate(seat_view(v, seat)) - SURVIVAL * danger(v, seat)


def evaluate(state: GameState, seat: int) -> float:
    return _value(state.view(seat), seat)


def winners(state: GameState) -> list[int]:
    """The winners of a finished game for the bots: in a multiplayer game an Empire with
    neither a tribe nor a city has lost (PC-MP-END-01, PC-Q-28), whatever its points, so a
    bot never counts its own fall as a shared win."""
    won = list(state.winners())
    if state.players == 1:
        return won
    v = state.view(None)
    alive = [q for q in range(state.players) if any(_holdings(v, q))]
    if len(alive) == state.players:
        return won
    return [q for q in won if q in alive] or alive


#: what a win by the other Empire's fall is worth to the bots, against 0.9 for a win on points.
#: The book reminds the players that PocketCiv is no war game, its aim the most developed
#: civilisation (PC-MP-02, p. 17: „a PocketCiv nem harci játék … az a cél, hogy a legfejlettebb
#: civilizációt teremtsük meg”); a search that counts the other's fall as a full win steers
#: the Totem holder's choices in an event (PC-MP-TOTEM-10) onto the weaker Empire's last
#: tribes, and the game ends in Era 1-3 (docs/bots.md, "The other Empire's fall is no prize").
#: Below the worth of playing on (0.5 between equals), a fall is never what a bot plays for;
#: its own fall stays worth nothing (``winners``). The rules are untouched: the survivor still
#: wins the game (PC-MP-END-01, ruling PC-R-MP-WIPEOUT-LOSES).
FALL_WIN = 0.3


def win_share(state: GameState) -> float:
    """What the winners of a finished multiplayer game share for the bots: 0.9 for a win on
    points, ``FALL_WIN`` when the game ended with an Empire's fall."""
    v = state.view(None)
    standing = sum(1 for q in range(state.players) if any(_holdings(v, q)))
    return FALL_WIN if standing < state.players else 0.9


#: the chance of an Empire's fall before the end that one missing tribe of ``danger`` stands
#: for, in ``cutoff``: an Empire with no tribe to spare (``danger`` 8) falls one time in two
FALL_RISK = 1.0 / (2 * SAFE_TRIBES)
#: the value difference that makes one Empire e times likelier to win on points
TEMPERATURE = 5.0


def cutoff(state: GameState) -> list[float]:
    """The rewards of an unfinished multiplayer position, as ``terminal_rewards`` would pay
    them in expectation: each Empire falls with a chance that grows with its ``danger``
    (``FALL_RISK`` a missing tribe); an Empire that falls gets nothing, one whose rival fell
    ``FALL_WIN``, and if none falls the points decide (a softmax of the estimates: a win's 0.9
    and the 0.1 of the better score together). A softmax
    of ``values`` alone would pay a seat for the other's danger as for its own progress, and a
    search cut short would steer losses onto the weaker Empire (docs/bots.md, "The other
    Empire's fall is no prize")."""
    v = state.view(None)
    n = state.players
    est = [estimate(seat_view(v, q)) for q in range(n)]
    top = max(est)
    ex = [math.exp((e - top) / TEMPERATURE) for e in est]
    z = sum(ex)
    risk = [min(1.0, FALL_RISK * danger(v, q)) for q in range(n)]
    out = []
    for i in range(n):
        others_stand = math.prod(1.0 - risk[j] for j in range(n) if j != i)
        out.append((1.0 - risk[i]) * (others_stand * ex[i] / z + (1.0 - others_stand) * FALL_WIN))
    return out


def solo_estimate(state: GameState) -> float:
    """The reward of an unfinished solo game: the fitted prediction of the final score
    (``predict``) squashed like a final score."""
    return squash(predict(state.view(0)))


def solo_reward(state: GameState) -> float:
    return squash(state.scores()[0])


def squash(x: float) -> float:
    return x / (x + SCORE_SCALE) if x > 0 else 0.0


def reward_points(r: float) -> float:
    """The victory points a solo reward stands for (the inverse of ``squash``), for reviews."""
    r = min(max(r, 0.0), 0.999)
    return SCORE_SCALE * r / (1.0 - r)


#: the phases where one move's evaluation cannot see the danger it makes, so the greedy bot
#: plays the scripted policy's move instead (its caution): where the tribes stand and what
#: they are spent on decide what an Attack or the upkeep takes (PC-R-ATTACK-04,
#: PC-MP-CITY-02) only after the event and the upkeep. Measured on 150 two-player deals,
#: greedy against itself reaches Era 4 in 126 with them scripted, 89 without (docs/bots.md)
SCRIPTED = frozenset({"mpsetup", "move", "topup", "dev", "upkeep"})


def scripted(state: GameState) -> bool:
    """Should the greedy bot play the scripted policy's move here (a multiplayer game only)?"""
    if state.players == 1:
        return False
    return state.view(state.to_move)["stack"][-1][0] in SCRIPTED

def survive(state: GameState, action: Action) -> Action:
    """The move MCTS chose, or the other answer to the Totem question of a two-player game
    whose Empire one event could wipe out, when sampling the event read out shows that it
    saves the Empire more often (``policies.pocketciv.safer``, as the ``policy`` bot
    answers), or the Totem holder's choice inside an event that wipes out fewer Empires
    (``policies.pocketciv.gentle``): a search of a few dozen iterations cannot weigh a fall
    that the unseen cards decide in a few worlds of a hundred."""
    if state.players != 2 or not isinstance(state, PocketCivState):
        return action
    return gentle(state, safer(state, action))


def caution(state: GameState, action: Action) -> Action:
    """The greedy bot's move, or the Totem holder's choice inside an event of a two-player
    game that wipes out fewer Empires (``policies.pocketciv.gentle``): greedy's one-move
    evaluation counts the other Empire's fall as its win and steers an Attack onto its last
    tribes, and a fall ends the game (PC-MP-END-01)."""
    if state.players != 2 or not isinstance(state, PocketCivState):
        return action
    return gentle(state, action)


# -- the fitted solo evaluation ---------------------------------------------------------------
# MCTS cuts its solo play-outs ``SOLO_ROLLOUT_DEPTH`` moves ahead and asks how many points the
# scripted policy would still end with from there (``pocketciv_fit``). A linear model over a
# few numbers a player would look at answers that well enough and costs one view: points
# scored, the era and how far the era's deck has run, tribes, cities and their value (CAV),
# the advances and what they will score at the era changes still to come, farms, gold, and
# the hand-written ``estimate`` above. ``NAMES`` and ``features`` must stay in step with the
# weights in ``pocketciv_coeffs`` (refit them when a feature changes).

NAMES: tuple[str, ...] = (
    "bias", "scored", "eras_left", "era_progress", "tribes", "tribes_x_left", "cities",
    "cities_x_left", "cav", "cav_x_left", "advances", "per_era", "per_era_x_left",
    "per_era_x_left_x_cities_ok", "farms", "gold", "hand_estimate",
)


def features(v: dict[str, Any]) -> list[float]:
    """The numbers of ``NAMES`` for the solo view ``v`` of an unfinished game."""
    adv_vp, _ = points_table()
    areas = v["areas"]
    tribes = sum(a["tribes"] for a in areas)
    cities = sum(1 for a in areas if a["city"])
    cav = sum(a["city"] for a in areas)
    farms = sum(1 for a in areas if a["farm"])
    owned = sorted((adv_vp.get(x, 0) for x in v["advances"]), reverse=True)
    counted = tribes + (4 if "written_record" in v["advances"] else 0)
    per_era = float(sum(owned[:counted]))
    era = int(v["era"])
    left = float(max(0, ERAS - era + 1))
    deck, discard = int(v.get("deck_size", 0)), int(v.get("discard_size", 0))
    progress = discard / (deck + discard) if deck + discard else 0.0
    cities_ok = 1.0 if cities >= era else 0.0  # PC-ERA-02: an era scores with >= era cities
    scored = float(v["vp"]) + wonder_points(v)
    return [
        1.0, scored, left, progress, float(min(tribes, 30)), min(tribes, 30) * left, float(cities),
        cities * left, float(cav), cav * left, float(len(v["advances"])), per_era, per_era * left,
        per_era * left * cities_ok, float(farms), float(v.get("gold", 0)), estimate(v),
    ]


def predict(v: dict[str, Any]) -> float:
    """The final score the policy is expected to reach from the solo view ``v`` (unfinished)."""
    return sum(w * f for w, f in zip(WEIGHTS, features(v), strict=True))
