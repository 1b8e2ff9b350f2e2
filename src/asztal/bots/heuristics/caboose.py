"""How a Cleopatra's Caboose player weighs a position, read from ``state.view(seat)``.

The points already on the score track, plus the final scoring as it would go now:

* **cities**: each city's value (prestige + building tiles + pyramid) to the players
  with the most and second most trains on the routes touching it (third with 4-5
  players), ties sharing (CC-SCORE-CITY-*); a majority held by one train is fragile,
  so the award is discounted while rounds remain;
* **money**: a point per 3 (CC-SCORE-MONEY-01), but worth more while it can still buy
  trains, pyramids and auctions;
* **sets**: different building types (1/3/6/10/15) and different fruits on fruit cards
  (2/5/9/14/20) (CC-SCORE-BLDG-01, CC-SCORE-FRUIT-01);
* **cards in hand**, while there is time to use them: train cards become trains on
  valuable cities, building cards points, city cards income.

The board (which routes touch which city) and the card texts are public component data,
read from the game's data pack file named in the view.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from asztal.engine import GameState
from asztal.games.caboose.pack import pack_for_view

BUILDING_SET_VP = (0, 1, 3, 6, 10, 15)
FRUIT_SET_VP = (0, 2, 5, 9, 14, 20)

TEMPERATURE = 6.0
#: what holding each god for the round is worth (CC-GOD-*): Bes's third action most
GOD_VALUE = {1: 1.0, 2: 0.5, 3: 1.0, 4: 0.5, 5: 1.0, 6: 1.5, 7: 2.5}
SCORE_SCALE = 40.0


@lru_cache(maxsize=8)
def board(pack_key: str | None) -> dict[str, Any]:
    """Public component data of a pack (named by the view's ``pack_key``): routes per city, card texts by id."""
    raw = pack_for_view(pack_key).raw
    routes = {r["id"]: tuple(r["cities"]) for r in raw["board"]["routes"]}
    city_routes: dict[str, list[str]] = {c["id"]: [] for c in raw["board"]["cities"]}
    for rid, (a, b) in routes.items():
        city_routes[a].append(rid)
        city_routes[b].append(rid)
    cards: dict[str, dict[str, Any]] = {}
    for c in raw["city_cards"]:
        cards[c["id"]] = {"kind": "city", "payout": c["payout"], "city": c["city"]}
    for c in raw["train_cards"]:
        cards[c["id"]] = {"kind": "train", "trains": c["trains"], "cost": c["cost"]}
    for c in raw["building_cards"]:
        cards[c["id"]] = {"kind": "building", "vp": c["vp"], "type": c["type"], "fruits": c["fruits"]}
    for c in raw["fruit_cards"]:
        cards[c["id"]] = {"kind": "fruit", "fruits": c["fruits"]}
    return {"routes": routes, "city_routes": city_routes, "cards": cards}


def city_awards(value: int, counts: list[int], players: int) -> list[int]:
    """Points per player for one city at final scoring (CC-SCORE-CITY-03..07)."""
    second = (value + 1) // 2
    places = [value, second] if players == 3 else [value, second, (second + 1) // 2]
    out = [0] * len(counts)
    pos = 0
    for n in sorted({n for n in counts if n > 0}, reverse=True):
        tied = [q for q, m in enumerate(counts) if m == n]
        share = sum(places[pos:pos + len(tied)])
        for q in tied:
            out[q] = -(-share // len(tied))
        pos += len(tied)
    return out


def projected(v: dict[str, Any]) -> list[float]:
    """Each seat's points if the game ended now, with the fragile parts discounted."""
    b = board(v.get("pack_key"))
    n = v["players"]
    over = v.get("phase") == "over"
    left = 0 if over else max(0, v["rounds"] - v["round"] + 1)
    trains_on = {r["id"]: r["trains"] for r in v["routes"]}
    pts = [float(s["vp"]) for s in v["seats"]]
    for c in v["cities"]:
        counts = [0] * n
        for rid in b["city_routes"].get(c["id"], ()):
            for q, k in trains_on.get(rid, {}).items():
                counts[int(q)] += k
        if not any(counts):
            continue
        awards: list[float] = [*city_awards(c["value"], counts, n)]
        if left:
            lead = sorted(counts, reverse=True)
            margin = lead[0] - (lead[1] if n > 1 else 0)
            keep = 1.0 - 0.25 * math.exp(-margin) * min(1.0, left / 4)
            awards = [a * keep for a in awards]
        for q in range(n):
            pts[q] += awards[q]
    auction = v.get("auction") or {}
    offers = auction.get("offers") or [0] * n
    for q, s in enumerate(v["seats"]):
        money = (s["money"] or 0) - 0.75 * (offers[q] or 0)  # a bid is mostly paid (CC-AUC-08..10)
        pts[q] += money / 3.0 if left == 0 else money * 0.45
        types = {b["cards"][x]["type"] for x in s["buildings"] if x in b["cards"]}
        pts[q] += BUILDING_SET_VP[min(len(types), 5)]
        fruits = {f for x in s["fruit_cards"] for f in b["cards"].get(x, {}).get("fruits", ())}
        pts[q] += FRUIT_SET_VP[min(len(fruits), 5)]
    return pts


def hand_value(v: dict[str, Any], seat: int) -> float:
    """What the seat's cards in hand are likely to bring in the rounds left."""
    if v.get("phase") == "over":
        return 0.0
    left: int = max(0, v["rounds"] - v["round"] + 1)
    if not left:
        return 0.0
    b = board(v.get("pack_key"))
    s = v["seats"][seat]
    urgency = min(1.0, left / 3)
    val: float = 0.0
    cap = left  # a city card is used by one of the ~2 actions a round, the other often draws
    city_hand = s.get("city_hand")
    if city_hand is None:
        val += 0.8 * min(s.get("city_cards", 0), cap)
    else:
        pays = sorted((b["cards"].get(x, {}).get("payout", 0) for x in city_hand), reverse=True)[:cap]
        val += sum(0.3 + 0.1 * p for p in pays)
    auction_hand = s.get("auction_hand")
    if auction_hand is None:
        val += 1.5 * min(s.get("auction_cards", 0), cap)
    else:
        worth = []
        for x in auction_hand:
            card = b["cards"].get(x, {})
            if card.get("kind") == "train":
                worth.append(0.9 * card["trains"] - 0.15 * card["cost"])
            elif card.get("kind") == "building":
                worth.append(0.5 * card["vp"] + 0.5)
        val += sum(sorted(worth, reverse=True)[:cap])
    god = s.get("god")
    if god:
        val += GOD_VALUE.get(god, 0.0)
    return val * urgency


def evaluate(state: GameState, seat: int) -> float:
    v = state.view(seat)
    return projected(v)[seat] + hand_value(v, seat)


def values(state: GameState) -> list[float]:
    """Every seat at once from the public view (hands by their size), for search cut-offs."""
    v = state.view(None)
    pts = projected(v)
    return [pts[q] + hand_value(v, q) for q in range(state.players)]
