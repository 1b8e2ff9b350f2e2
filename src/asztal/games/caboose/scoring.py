"""End of round (a kör vége, CC-EOR-*), final scoring (játék végi pontozás, CC-SCORE-*) and the
winner with its tie-breaks (CC-WIN-*)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asztal.games.caboose.auction import begin_auction
from asztal.games.caboose.common import BUILDING_SET_VP, FRUIT_SET_VP, draw_auction, set_vp

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState


def end_round(s: CabooseState) -> bool:
    """Returns True: the new auction display is dealt face down -> face up (hidden information)."""
    s.own_decks()
    s.adisc.extend(s.adisp)  # CC-EOR-01 the untaken auction cards are discarded
    s.adisp = []
    last = s.order[-1]
    if s.round >= s.rounds:  # CC-EOR-03 (checked before dealing, CC-R-04): the last round ends the game
        final_scoring(s)
        return True
    s.round += 1  # CC-EOR-04
    revealed = False
    for _ in range(s.players + 1):  # CC-EOR-02 N + 1 new auction cards
        i = draw_auction(s)
        if i < 0:
            break
        s.adisp.append(i)
        revealed = True
    s.cleo = last  # CC-EOR-05, CC-Q-09: whoever took the last turn becomes start player (Cleo)
    begin_auction(s)  # CC-EOR-06 order markers off, gods lined up again
    if s.log is not None:
        s.emit("caboose.round", round=s.round, start=s.cleo, header=True)
    return revealed


def city_value(s: CabooseState, x: int) -> int:
    """Prestige tile (side by colour) + building bonus tiles + pyramid (CC-SCORE-CITY-01)."""
    pk = s.pk
    t = s.prestige[x]
    v = pk.prestige_dark[t] if pk.city_dark[x] else pk.prestige_light[t]
    for b in s.btiles[x]:
        v += pk.btile_value[b]
    if s.pyr[x] >= 0:
        v += pk.pyr_value[s.pyr[x]]  # CC-ACT-PYR-09
    return v


def trains_around(s: CabooseState, x: int) -> list[int]:
    """Each player's trains on the routes touching city ``x`` (CC-SCORE-CITY-02, CC-Q-35)."""
    P, rt = s.players, s.rt
    out = [0] * P
    for r in s.pk.city_routes[x]:
        row = r * P  # rt holds one row of P counts per route
        for q in range(P):
            n = rt[row + q]
            if n:
                out[q] += n
    return out


def city_awards(value: int, counts: list[int], players: int) -> list[int]:
    """VP each player scores for one city.

    First place the value (CC-SCORE-CITY-03), second half of it rounded up (CC-SCORE-CITY-04),
    third half of the second rounded up (CC-SCORE-CITY-05), no third place with 3 players
    (CC-SCORE-CITY-06). A player needs a train there to place. Tied players share the sum of the
    places they occupy, rounded up (CC-SCORE-CITY-07, CC-Q-19).
    """
    out = [0] * len(counts)
    if not any(counts):
        return out  # no trains there
    second = (value + 1) // 2
    places = [value, second] if players == 3 else [value, second, (second + 1) // 2]
    pos = 0
    for n in sorted(set(counts), reverse=True):
        if n <= 0 or pos >= len(places):
            break  # the rest have no train there, or the places are gone: they score 0
        tied = [q for q, m in enumerate(counts) if m == n]
        share = sum(places[pos:pos + len(tied)])
        each = -(-share // len(tied))
        for q in tied:
            out[q] = each
        pos += len(tied)
    return out


def final_scoring(s: CabooseState) -> None:
    P = s.players
    parts = final_parts(s)
    before = list(s.vp)
    s.own_seats()
    for q in range(P):
        s.vp[q] += parts["cities"][q] + parts["money"][q] + parts["buildings"][q] + parts["fruit"][q]
    s.final = {"before": before, **parts, "total": list(s.vp)}
    s.stack = ()
    s.is_over = True
    s.to_move = None
    s.acts_left = s.draws_left = 0
    if s.log is not None:
        s.emit("caboose.final", scores=list(s.vp), winners=winners(s))


def final_parts(s: CabooseState) -> dict[str, Any]:
    """The VP final scoring awards per source (also how a loaded finished position recomputes them)."""
    pk, P = s.pk, s.players
    cities = [0] * P
    per_city = []
    for x in range(pk.nc):
        value = city_value(s, x)
        awards = city_awards(value, trains_around(s, x), P)
        per_city.append({"city": pk.city_ids[x], "value": value, "vp": awards})
        for q in range(P):
            cities[q] += awards[q]
        # CC-SCORE-CITY-08: each city is scored once, here; its tiles stay in the saved state as a record
    money = [m // 3 for m in s.money]  # CC-SCORE-MONEY-01 full sets of 3, money kept for the tie-break
    buildings = [set_vp(BUILDING_SET_VP, len({pk.ac_type[b] for b in s.bcards[q]})) for q in range(P)]  # CC-Q-20
    fruit = [set_vp(FRUIT_SET_VP, len({f for k in s.fcards[q] for f in pk.ac_fruits[k]})) for q in range(P)]  # CC-Q-21
    return {"cities": cities, "money": money, "buildings": buildings, "fruit": fruit, "per_city": per_city}


def ranking_key(s: CabooseState, q: int) -> tuple[int, int, int, int]:
    """Most VP (CC-WIN-01), then money (CC-WIN-02), cards in hand (CC-WIN-03), lower god (CC-WIN-04, CC-Q-30)."""
    return (s.vp[q], s.money[q], len(s.chand[q]) + len(s.ahand[q]), -s.god[q])


def winners(s: CabooseState) -> list[int]:
    """CC-GOAL-02: the most VP after final scoring wins (one seat: god numbers break every tie)."""
    if not s.is_over:
        return []
    keys = [ranking_key(s, q) for q in range(s.players)]
    best = max(keys)
    return [q for q in range(s.players) if keys[q] == best]
