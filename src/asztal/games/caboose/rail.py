"""1. Build a railway (vasút építése): money -> trains -> VP at game end (CC-ACT-TRAIN-*).

``rail:<train card>`` -> ``card:<city card>`` -> ``route:<route>``. Every legal list here is the
candidates that pass the matching ``*_refusal`` check, so a refusal names the rule it breaks.
SETH HENRY HARRIMAN's bonus is paid here too (CC-GOD-SETH-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import (
    Why,
    city_card_refusal,
    finish_first,
    hand_cities,
    named,
    no,
    remove_from,
)
from asztal.games.caboose.frames import RailCity, RailRoute
from asztal.games.caboose.pack import SETH
from asztal.games.caboose.transport import link, longest_route_cities
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "rail"


#: ``RailCity`` frames by card, each made once: frames are immutable values (shared by clones), and the
#: interpreter's frozen-dataclass ``__init__`` costs several times this lookup
_CITY_FRAMES: Final[dict[int, RailCity]] = {}


def rail_cities(s: CabooseState, p: int) -> int:
    """Bit ``x`` set when ``p`` could build a railway from city ``x``: a route from it with room
    (fewer than two owners) and none of p's trains; cached for every seat in ``s._rail``, and
    brought up to date by ``_rail_built`` when a railway is built."""
    masks = s._rail
    if masks is None:
        s._rail = masks = rail_masks(s)
    return masks[p]


def rail_masks(s: CabooseState) -> tuple[int, ...]:
    """``rail_cities`` of every seat, worked out from the routes (not cached)."""
    pk, rown, rt, P = s.pk, s.rown, s.rt, s.players
    ra, rb = pk.route_a, pk.route_b
    per = [0] * P
    for r in range(pk.nr):
        if rown[r] < 2:  # CC-ACT-TRAIN-04 at most two players; CC-ACT-TRAIN-06 not onto one's own
            both = 1 << ra[r] | 1 << rb[r]
            for q in range(P):
                if not rt[r * P + q]:
                    per[q] |= both
    return tuple(per)


# --------------------------------------------------------------------------- starting the action

def rail_from(s: CabooseState, p: int) -> int:
    """The cities of ``p``'s city cards with a route ``p`` may build on (bits, see ``rail_cities``)."""
    return hand_cities(s, p) & rail_cities(s, p)


def can_rail(s: CabooseState, p: int, i: int, cities: int) -> bool:
    """CC-ACT-TRAIN-01: a train card, a city card and the card's money; CC-ACT-TRAIN-09, CC-Q-18
    enough trains left; and a route out of the card's city the trains may go onto (``cities``:
    ``rail_from``). The menu offers train card ``i`` of the hand exactly when this holds."""
    pk = s.pk
    return pk.ac_cost[i] <= s.money[p] and pk.ac_trains[i] <= s.trains[p] and cities != 0


def rail_refusal(s: CabooseState, p: int, i: int) -> Why | None:
    """Why train card ``i`` cannot start a railway now (None: it can)."""
    pk = s.pk
    if i not in s.ahand[p]:
        return no("auction_card_not_in_hand", "CC-ACT-TRAIN-01", PART, acard=i)
    if can_rail(s, p, i, rail_from(s, p)):
        return None
    cost = pk.ac_cost[i]
    if cost > s.money[p]:
        return no("rail_money", "CC-ACT-TRAIN-01", PART, cost=cost, money=s.money[p])
    n = pk.ac_trains[i]
    if n > s.trains[p]:
        return no("rail_trains", "CC-ACT-TRAIN-09", PART, trains=n, left=s.trains[p])
    if not s.chand[p]:
        return no("no_city_cards", "CC-ACT-TRAIN-01", PART)
    return no("rail_no_city", "CC-ACT-TRAIN-04", PART)


def rail_start(s: CabooseState, p: int, i: int) -> bool:
    s.own_hands()
    s.ahand[p] = remove_from(s.ahand[p], i)  # CC-ACT-TRAIN-02 (i) play the card
    frame = _CITY_FRAMES.get(i)
    if frame is None:
        frame = _CITY_FRAMES[i] = RailCity(i)
    s.stack = (s.stack[0], frame)
    return False


# --------------------------------------------------------------------------- the city card

def city_refusal(s: CabooseState, p: int, c: int) -> Why | None:
    bad = city_card_refusal(s, p, c, "CC-ACT-TRAIN-02", PART)
    if bad is None and not rail_cities(s, p) >> s.pk.cc_city[c] & 1:
        return no("rail_city_closed", "CC-ACT-TRAIN-04", PART, city=s.pk.cc_city[c])
    return bad


def city_legal(s: CabooseState, p: int, frame: RailCity) -> list[Action]:
    """The cards of the hand that pass ``city_refusal``."""
    pk = s.pk
    A, cc_city, open_from = pk.A_CARD, pk.cc_city, rail_cities(s, p)
    return [A[c] for c in s.chand[p] if open_from >> cc_city[c] & 1]


# --------------------------------------------------------------------------- the route

def route_refusal(s: CabooseState, p: int, frame: RailRoute, r: int) -> Why | None:
    pk = s.pk
    x = pk.cc_city[frame.city_card]
    if r not in pk.city_routes[x]:  # CC-ACT-TRAIN-03 a route out of the chosen city
        return no("route_elsewhere", "CC-ACT-TRAIN-03", PART, route=r, city=x)
    if s.rt[r * s.players + p]:
        return no("route_own", "CC-ACT-TRAIN-06", PART, route=r)
    if s.rown[r] >= 2:
        return no("route_full", "CC-ACT-TRAIN-04", PART, route=r)
    return None


def route_legal(s: CabooseState, p: int, frame: RailRoute) -> list[Action]:
    pk = s.pk
    A = pk.A_ROUTE
    return [A[r] for r in pk.city_routes[pk.cc_city[frame.city_card]] if route_refusal(s, p, frame, r) is None]


# --------------------------------------------------------------------------- the frames' contract

def legal(s: CabooseState, p: int, frame: RailCity | RailRoute) -> list[Action]:
    return city_legal(s, p, frame) if isinstance(frame, RailCity) else route_legal(s, p, frame)


def refusal(s: CabooseState, p: int, frame: RailCity | RailRoute, action: Action) -> Why | None:
    if isinstance(frame, RailCity):
        if action.kind == "card":
            return city_refusal(s, p, action.args[0])
        return finish_first(frame, action, "CC-ACT-TRAIN-02", PART)
    if action.kind == "route":
        return route_refusal(s, p, frame, action.args[0])
    return finish_first(frame, action, "CC-ACT-TRAIN-03", PART)


def ask(s: CabooseState, p: int, frame: RailCity | RailRoute) -> Decision:
    pk = s.pk
    words = {"trains": pk.ac_trains[frame.card], "cost": pk.ac_cost[frame.card]}
    if isinstance(frame, RailCity):
        return Decision(p, frame.KIND, "caboose.ask.rail_city", words, "CC-ACT-TRAIN-02")
    words.update(city=pk.cc_city[frame.city_card], routes=len(route_legal(s, p, frame)))
    return Decision(p, frame.KIND, "caboose.ask.rail_route", named(pk, words), "CC-ACT-TRAIN-03")


def do(s: CabooseState, p: int, frame: RailCity | RailRoute, action: Action) -> bool:
    if isinstance(frame, RailCity):
        c = action.args[0]
        s.own_hands()
        s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-TRAIN-02 play the city card
        s.stack = (s.stack[0], RailRoute(frame.card, c))
        return False
    return _resolve(s, p, frame.card, frame.city_card, action.args[0])


def _rail_built(s: CabooseState, r: int) -> None:
    """``rail_cities`` after a railway on route ``r``: only the bits of r's two cities can change,
    and they come from the routes touching those cities."""
    masks = s._rail
    if masks is None:
        return
    pk, rown, rt, P = s.pk, s.rown, s.rt, s.players
    ra, rb = pk.route_a, pk.route_b
    a, b = ra[r], rb[r]
    near = pk.city_routes[a] + pk.city_routes[b]
    per = list(masks)
    for q in range(P):
        m = per[q] & ~(1 << a | 1 << b)
        for r2 in near:
            if rown[r2] < 2 and not rt[r2 * P + q]:  # as ``rail_cities``
                m |= 1 << ra[r2] | 1 << rb[r2]
        per[q] = m
    s._rail = tuple(per)


def _resolve(s: CabooseState, p: int, i: int, c: int, r: int) -> bool:
    pk, P = s.pk, s.players
    n = pk.ac_trains[i]
    s.own_seats()
    s.own_routes()
    s.own_decks()
    s.money[p] -= pk.ac_cost[i]  # CC-ACT-TRAIN-02 (ii) pay the bank
    s.trains[p] -= n
    s.rt[r * P + p] = n  # CC-ACT-TRAIN-03, CC-ACT-TRAIN-05 all trains on one route (CC-ACT-TRAIN-08: they
    # pay off in final scoring, in others' buildings and deliveries)
    s.rown[r] += 1
    _rail_built(s, r)
    if s.rown[r] == 1:
        link(s, r)
    s.adisc.append(i)  # CC-ACT-TRAIN-07 (iv) discard both cards
    s.cdisc.append(c)
    bonus = 0
    if s.god[p] == SETH:
        bonus = longest_route_cities(s, p)  # CC-GOD-SETH-01, CC-Q-24
        s.vp[p] += bonus
    if s.log is not None:
        s.emit("caboose.rail", seat=p, trains=n, cost=pk.ac_cost[i], route=pk.route_ids[r],
               route_hu=pk.route_text(r, "hu"), route_en=pk.route_text(r, "en"), vp=bonus)
    return action_done(s)
