"""Phase B, the actions (B. fázis: akciók): a turn, the six actions and the gods' powers.

CC-GOAL-01: actions, money and time are limited: two actions a turn, money for bids, railways
and pyramids, deliveries earn money, buildings VP.

A turn is a sequence of atomic decisions. The main menu lists the auction cards that may be
taken, the first step of each action that can be completed (CC-TURN-06: an action is offered
only if all its requirements are met, so no started action can get stuck), the gods' free
powers and ``done``. An action then asks for its remaining choices one at a time:

* build railway: ``rail:<train card>`` -> ``card:<city card>`` -> ``route:<route>``
* build building: ``build:<building card>`` -> ``card:<city card>`` -> one ``src:<city>:<fruit>`` or
  ``use:<fruit card>`` per required fruit
* deliver fruit: ``deliver:<city card>`` -> ``src:<city>:<fruit>``
* grow fruit: ``grow:<fruit card>`` -> ``card:<city card>``
* build pyramid: ``pyramid:<tile>`` -> ``city:<city>``
* draw 2 city cards: ``citydraw:<display card>`` (or ``citydraw`` when the display is empty)
"""

from __future__ import annotations

from operator import add

from asztal.games.caboose.auction import begin_turn
from asztal.games.caboose.common import (
    BUILD_CARD,
    BUILD_SRC,
    CITY_DISPLAY,
    DELIVER_SRC,
    GROW_CARD,
    MAIN,
    PYR_CITY,
    RAIL_CARD,
    RAIL_ROUTE,
    SWAP1,
    SWAP2,
    add_cube,
    draw_city,
    move_market,
    remove_cube,
    remove_from,
)
from asztal.games.caboose.pack import (
    AMUN,
    CITYDECK,
    DONE,
    FRUIT,
    HORUS_ACT,
    PTAH,
    SEKHMET,
    SETH,
    TRAIN,
)
from asztal.games.caboose.scoring import end_round, trains_around
from asztal.games.caboose.transport import board_masks, components, link, longest_route_cities

# --------------------------------------------------------------------------- requirements

def pyramid_price(s, p: int, t: int) -> int:
    """Twice the tile's value (CC-ACT-PYR-03); AMUN VANDERBILT 5 less, never below 0 (CC-Q-17)."""
    price = 2 * s.pk.pyr_value[t]
    if s.god[p] == AMUN:
        price = max(0, price - 5)  # CC-GOD-AMUN-01
    return price


def route_open(s, p: int, r: int) -> bool:
    # CC-ACT-TRAIN-04 at most two players per route; CC-ACT-TRAIN-06 not onto a route already yours
    return s.rown[r] < 2 and not s.rt[r * s.players + p]


def rail_cities(s, p: int) -> int:
    """Bit ``x`` set when ``p`` could build a railway from city ``x``: a route from it with room
    (fewer than two owners) and none of p's trains; cached for every seat in ``s._rail`` until a
    railway is built."""
    masks = s._rail
    if masks is None:
        pk, rown, rt, P = s.pk, s.rown, s.rt, s.players
        ra, rb = pk.route_a, pk.route_b
        masks = [0] * P
        for r in range(pk.nr):
            if rown[r] < 2:  # CC-ACT-TRAIN-04 at most two players; CC-ACT-TRAIN-06 not onto one's own
                both = 1 << ra[r] | 1 << rb[r]
                for q in range(P):
                    if not rt[r * P + q]:
                        masks[q] |= both
        s._rail = masks = tuple(masks)
    return masks[p]


def free_pyramids(s) -> tuple:
    """Pyramid tiles still in the supply (CC-ACT-PYR-02), one per distinct value (CC-R-07: equal tiles are
    one outcome); cached."""
    out = s._pfree
    if out is None:
        placed = set(s.pyr)
        seen, lst = set(), []
        vals = s.pk.pyr_value
        for t in range(len(vals)):
            if t not in placed and vals[t] not in seen:
                seen.add(vals[t])
                lst.append(t)
        out = s._pfree = tuple(lst)
    return out


def fruit_card_mask(s, p: int) -> int:
    m = 0
    acm = s.pk.ac_mask
    for k in s.fcards[p]:
        m |= acm[k]
    return m


# --------------------------------------------------------------------------- legal actions

def turn_legal(s) -> list:
    step = s.step
    if step == MAIN:
        return main_menu(s)
    pk, p = s.pk, s.to_move
    if step == RAIL_CARD:
        rail = rail_cities(s, p)
        return [pk.A_CARD[c] for c in s.chand[p] if rail >> pk.cc_city[c] & 1]
    if step == RAIL_ROUTE:
        x = pk.cc_city[s.p_city]
        return [pk.A_ROUTE[r] for r in pk.city_routes[x] if route_open(s, p, r)]  # CC-ACT-TRAIN-03
    if step == BUILD_CARD:
        sites = board_masks(s)[0]
        short = pk.ac_mask[s.p_card] & ~fruit_card_mask(s, p)  # what the played fruit cards cannot supply
        cc_city, A = pk.cc_city, pk.A_CARD
        out = []
        pyr = s.pyr
        for c in s.chand[p]:
            x = cc_city[c]
            if pyr[x] < 0 and sites[x] >> short & 1:  # CC-ACT-BUILD-05, CC-ACT-BUILD-13
                out.append(A[c])
        return out
    if step == BUILD_SRC:
        return build_sources(s, p)
    if step == DELIVER_SRC:
        return deliver_sources(s, p)
    if step == GROW_CARD:  # CC-Q-32 a city that already has the fruit is fine
        return [pk.A_CARD[c] for c in s.chand[p] if s.pyr[pk.cc_city[c]] < 0]  # CC-ACT-GROW-06
    if step == PYR_CITY:
        # CC-ACT-PYR-01 an empty city (no fruit, CC-Q-17); CC-ACT-PYR-07 one pyramid per city
        return [pk.A_CITY[x] for x in range(pk.nc) if not s.cmask[x] and s.pyr[x] < 0]
    if step == SWAP1:  # CC-Q-22 a cube that has a partner: another city's cube of another fruit
        out = []
        nf, fruits, A = pk.nf, pk.mask_fruits, pk.A_SWAP
        held = [(y, m) for y, m in enumerate(s.cmask) if m]
        for x, mx in held:
            for f in fruits[mx]:
                other = ~(1 << f)
                for y, m in held:
                    if y != x and m & other:
                        out.append(A[x * nf + f])
                        break
        return out
    if step == SWAP2:
        nf, fruits, A = pk.nf, pk.mask_fruits, pk.A_SWAP
        x, other = s.p_x, ~(1 << s.p_f)
        out = []
        for y, m in enumerate(s.cmask):
            if y != x:
                for g in fruits[m & other]:
                    out.append(A[y * nf + g])
        return out
    raise AssertionError(f"unknown step {step}")


def hand_masks(s, chand: tuple) -> tuple:
    """``(fits, delivers, cities)`` of a hand of city cards on the current board: bit m of ``fits`` when
    the fruits of mask m can be brought to the city of some card without a pyramid (bit 0: any such
    site), the deliveries the cards allow, and the cities of the cards as a bit mask.

    Cached in ``s._hand`` with the hand and the board masks it was computed from (both are
    replaced, never changed in place, so their identity says whether it is still valid): a turn's
    draws and many actions leave both alone.
    """
    bm = board_masks(s)
    hm = s._hand
    if hm is not None and hm[0] is chand and hm[1] is bm:
        return hm[2]
    sites, dm = bm[0], bm[1]
    pk = s.pk
    # one pass over the city cards: what the hand can supply a building with, and deliveries
    # (CC-ACT-DELIVER-01 a demanded fruit that can be brought; CC-ACT-DELIVER-03 not yet there;
    # CC-ACT-DELIVER-12 no pyramid: see board_masks)
    cc_city, ccm, A, pyr = pk.cc_city, pk.cc_mask, pk.A_DELIVER, s.pyr
    fits = cities = 0
    delivers = []
    for c in chand:
        x = cc_city[c]
        cities |= 1 << x
        if pyr[x] < 0:  # CC-ACT-BUILD-13, CC-ACT-GROW-06 nothing built or grown on a pyramid city
            fits |= sites[x]
        if ccm[c] & dm[x]:
            delivers.append(A[c])
    out = (fits, tuple(delivers), cities)
    s._hand = (chand, bm, out)
    return out


def main_menu(s) -> list:
    pk, p = s.pk, s.to_move
    acts = []
    if s.draws_left:  # CC-TURN-02, CC-Q-04, CC-Q-06: from the face-up display; CC-TURN-08, CC-Q-25 any time
        A = pk.A_TAKE
        for i in s.adisp:
            acts.append(A[i])
    if s.acts_left:  # CC-TURN-04, CC-TURN-05, CC-TURN-07: any of the six, the same one again allowed
        money = s.money[p]
        empty = board_masks(s)[2]
        chand = s.chand[p]
        if chand:
            fits, delivers, cities = hand_masks(s, chand)
            ahand = s.ahand[p]
            if ahand:
                kind, acm = pk.ac_kind, pk.ac_mask
                rail_ok = tab = None
                for i in ahand:
                    if kind[i] == TRAIN:
                        # CC-ACT-TRAIN-01: train card, city card and its money; CC-ACT-TRAIN-09, CC-Q-18 enough trains
                        if pk.ac_cost[i] <= money and pk.ac_trains[i] <= s.trains[p]:
                            if rail_ok is None:
                                rail_ok = cities & rail_cities(s, p)  # a card of a city p can rail from
                            if rail_ok:
                                acts.append(pk.A_RAIL[i])
                        continue
                    # CC-ACT-BUILD-01: building card, city card and the fruit to be had there
                    if tab is None:
                        tab = fruit_card_mask(s, p)
                    if fits >> (acm[i] & ~tab) & 1:  # what the played fruit cards cannot supply
                        acts.append(pk.A_BUILD[i])
            acts += delivers
            fc = s.fcards[p]
            if fc and fits & 1:
                # CC-ACT-GROW-01: city card (CC-ACT-GROW-06 not a pyramid city), own fruit card, its cubes
                # in the supply
                sup = 0
                for f, n in enumerate(s.supply):
                    if n:
                        sup |= 1 << f
                acm = pk.ac_mask
                for k in fc:
                    if not acm[k] & ~sup:
                        acts.append(pk.A_GROW[k])
        # CC-ACT-PYR-01: money and an empty city (no city card needed)
        if empty:
            cut = 5 if s.god[p] == AMUN else 0
            vals, A = pk.pyr_value, pk.A_PYRAMID
            for t in free_pyramids(s):
                if 2 * vals[t] - cut <= money:  # CC-ACT-PYR-03 (see pyramid_price)
                    acts.append(A[t])
        # CC-ACT-CITY-01: one from the display and one from the deck
        if s.cdisp:
            A = pk.A_CITYDRAW
            for c in s.cdisp:
                acts.append(A[c])
        elif s.cdeck or s.cdisc:
            acts.append(CITYDECK)  # CC-Q-26 an empty display: the draw shrinks to the deck's top card
        if s.god[p] == SEKHMET and s.sekhmet < 0:  # CC-GOD-SEKHMET-01, CC-R-02 while actions are left
            A, rown = pk.A_SEKHMET, s.rown
            for r in range(pk.nr):
                if not rown[r]:
                    acts.append(A[r])
    if s.horus_left and swap_possible(s):  # CC-GOD-HORUS-01, CC-Q-22 once per turn, any time
        acts.append(HORUS_ACT)
    acts.append(DONE)  # CC-R-05 giving up what is left (CC-Q-25)
    return acts


def swap_possible(s) -> bool:
    seen_mask = 0
    cities = 0
    for m in s.cmask:
        if m:
            cities += 1
            seen_mask |= m
    # two cities with cubes and at least two fruits among them; then some pair differs unless every
    # non-empty city holds exactly the same single fruit
    return cities >= 2 and bool(seen_mask & (seen_mask - 1))


def build_sources(s, p: int) -> list:
    """Sources for the first required fruit still missing (CC-ACT-BUILD-04): the player decides, fruit
    by fruit, which source supplies it, "any combination" of cubes and own fruit cards (CC-R-09)."""
    pk = s.pk
    need = s.p_need
    f = (need & -need).bit_length() - 1
    bit = 1 << f
    x = pk.cc_city[s.p_city]
    nf, cubes, A, acm = pk.nf, s.cubes, pk.A_SRC, pk.ac_mask
    # CC-R-09 a card already used for another fruit may supply this one too; which of several such
    # cards does it makes no difference (every used card is discarded), so it is offered once
    used = next((k for k in s.p_use if acm[k] & bit), -1)
    # CC-ACT-BUILD-04 1) by rail from a connected city, 2) the city's own cube (CC-R-07: by source city)
    out = []
    for y in components(s)[0][x]:
        if cubes[y * nf + f] and not (y == x and used >= 0 and _own_cube_as_card(s, p, f, need & ~bit)):
            out.append(A[y * nf + f])
    if used >= 0:
        out.append(pk.A_USE[used])
    seen = 0
    for k in s.fcards[p]:
        m = acm[k]
        if m & bit and not seen >> m & 1:  # CC-ACT-BUILD-04 3) own fruit card; CC-R-07 equal cards once
            seen |= 1 << m
            out.append(pk.A_USE[k])
    return out


def _own_cube_as_card(s, p: int, f: int, rest: int) -> bool:
    """Whether taking the built city's own ``f`` cube, while a used card shows ``f``, ends exactly like
    letting that card supply it (CC-R-07): the card's ``f`` then goes onto the city (CC-ACT-BUILD-06) and
    the cube leaves (CC-ACT-BUILD-07), which nets out only if every ``f`` left unused, also by cards that
    may still be used for the ``rest`` of the fruits, finds a supply cube and the market never hits the
    track's bottom."""
    acm, bit = s.pk.ac_mask, 1 << f
    n = sum(1 for k in s.p_use if acm[k] & bit)
    n += sum(1 for k in s.fcards[p] if acm[k] & bit and acm[k] & rest)
    return n <= s.supply[f] and s.market[f] - n >= s.pk.market_min


def deliver_sources(s, p: int) -> list:
    pk = s.pk
    c = s.p_city
    x = pk.cc_city[c]
    near = components(s)[0][x]
    nf, cubes, A = pk.nf, s.cubes, pk.A_SRC
    out = []
    for f in pk.cc_fruits[c]:  # CC-ACT-DELIVER-08, CC-Q-33 either fruit shown
        if cubes[x * nf + f]:
            continue  # CC-ACT-DELIVER-03
        for y in near:
            if y != x and cubes[y * nf + f]:  # CC-ACT-DELIVER-04 any built railways
                out.append(A[y * nf + f])
    return out


# --------------------------------------------------------------------------- applying

def _take(s, p, args) -> bool:
    pk = s.pk
    i = args[0]
    s.adisp.remove(i)  # CC-TURN-02 the display is not refilled (CC-Q-04)
    if pk.ac_kind[i] == FRUIT:
        s.fcards[p] = s.fcards[p] + (i,)  # CC-TURN-03, CC-SETUP-10 fruit cards face up
    else:
        s.ahand[p] = s.ahand[p] + (i,)
    s.draws_left -= 1
    if s.log is not None:
        s.emit("caboose.take", seat=p, card=pk.ac_ids[i], card_hu=pk.auction_text(i, "hu"),
               card_en=pk.auction_text(i, "en"))
    return _after(s)


def _done(s, p, args) -> bool:
    return end_turn(s)


def _play_card(s, p: int, i: int, step: int) -> bool:
    """Play train or building card ``i`` from the hand and ask for the city card next."""
    s.ahand[p] = remove_from(s.ahand[p], i)
    s.p_card = i
    s.step = step
    return False


def _rail(s, p, args) -> bool:
    return _play_card(s, p, args[0], RAIL_CARD)  # CC-ACT-TRAIN-02 (i) play the card


def _card(s, p, args) -> bool:
    c = args[0]
    s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-TRAIN-02, CC-ACT-BUILD-02, CC-ACT-GROW-02 play the city card
    s.p_city = c
    step = s.step
    if step == RAIL_CARD:
        s.step = RAIL_ROUTE
        return False
    if step == BUILD_CARD:
        s.p_need = s.pk.ac_mask[s.p_card]  # CC-ACT-BUILD-03 the fruits on the card
        s.step = BUILD_SRC
        return False
    return resolve_grow(s, p)


def _route(s, p, args) -> bool:
    return resolve_rail(s, p, args[0])


def _src(s, p, args) -> bool:
    y, f = args
    if s.step == DELIVER_SRC:
        return resolve_deliver(s, p, y, f)
    s.p_src = s.p_src + ((y, f),)
    s.p_need &= ~(1 << f)
    return resolve_build(s, p) if not s.p_need else False


def _use(s, p, args) -> bool:
    k = args[0]
    if k not in s.p_use:
        s.fcards[p] = remove_from(s.fcards[p], k)
        s.p_use = s.p_use + (k,)
    need = s.p_need
    s.p_need = need & (need - 1)  # CC-R-09: the card supplies the one fruit being sourced
    return resolve_build(s, p) if not s.p_need else False


def _build(s, p, args) -> bool:
    return _play_card(s, p, args[0], BUILD_CARD)  # CC-ACT-BUILD-02 (i) play the card


def _deliver(s, p, args) -> bool:
    c = args[0]
    s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-DELIVER-02 (i) play the city card
    s.p_city = c
    s.step = DELIVER_SRC
    return False


def _grow(s, p, args) -> bool:
    k = args[0]
    s.fcards[p] = remove_from(s.fcards[p], k)  # CC-ACT-GROW-02 choose one of your fruit cards
    s.p_card = k
    s.step = GROW_CARD
    return False


def _pyramid(s, p, args) -> bool:
    s.p_card = args[0]  # CC-ACT-PYR-02 any tile from the supply
    s.step = PYR_CITY
    return False


def _city(s, p, args) -> bool:
    return resolve_pyramid(s, p, args[0])


def _citydraw(s, p, args) -> bool:
    return resolve_citydraw(s, p, args[0])


def _horus(s, p, args) -> bool:
    s.step = SWAP1
    return False


def _swap(s, p, args) -> bool:
    x, f = args
    if s.step == SWAP1:
        s.p_x, s.p_f = x, f
        s.step = SWAP2
        return False
    return resolve_swap(s, p, x, f)


def _sekhmet(s, p, args) -> bool:
    pk = s.pk
    r = s.sekhmet = args[0]  # CC-GOD-SEKHMET-01, CC-R-02: one unbuilt route for the rest of the turn
    link(s, r)
    if s.log is not None:
        s.emit("caboose.sekhmet", seat=p, route=pk.route_ids[r], route_hu=pk.route_text(r, "hu"),
               route_en=pk.route_text(r, "en"))
    return False


def _action_done(s) -> bool:
    s.acts_left -= 1
    s.step = MAIN
    s.p_card = s.p_city = s.p_x = s.p_f = -1  # clear_pending, inlined on this hot path
    s.p_need = 0
    s.p_src = s.p_use = ()
    return _after(s)


def _after(s) -> bool:
    """End the turn by itself once nothing but ``done`` is left to decide (CC-R-05)."""
    if not s.acts_left and not (s.draws_left and s.adisp) and not (s.horus_left and swap_possible(s)):
        return end_turn(s)
    return False


def resolve_rail(s, p: int, r: int) -> bool:
    pk, P = s.pk, s.players
    i, c = s.p_card, s.p_city
    n = pk.ac_trains[i]
    s.money[p] -= pk.ac_cost[i]  # CC-ACT-TRAIN-02 (ii) pay the bank
    s.trains[p] -= n
    s.rt[r * P + p] = n  # CC-ACT-TRAIN-03, CC-ACT-TRAIN-05 all trains on one route (CC-ACT-TRAIN-08: they
    # pay off in final scoring, in others' buildings and deliveries)
    s.rown[r] += 1
    s._rail = None
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
    return _action_done(s)


def resolve_build(s, p: int) -> bool:
    pk = s.pk
    b, c = s.p_card, s.p_city
    x = pk.cc_city[c]
    fed = pk.ac_mask[b]  # the required fruits some used card supplied: those no cube supplied
    for _, f in s.p_src:
        fed &= ~(1 << f)
    # CC-ACT-BUILD-06 (iii), CC-Q-14: every fruit on a used fruit card that it did not supply for the
    # building (CC-R-09) grows on the city, if the supply has the cube; the market drops by one
    for k in s.p_use:
        for g in pk.ac_fruits[k]:
            if fed >> g & 1:
                fed &= ~(1 << g)  # one card supplied it; another card's same fruit is unused
            elif s.supply[g]:
                s.supply[g] -= 1
                add_cube(s, x, g)
                move_market(s, g, -1)
    # CC-ACT-BUILD-07 (iv): the cubes used leave the board for the supply (CC-Q-15), market +1 each
    for y, f in s.p_src:
        remove_cube(s, y, f)
        s.supply[f] += 1
        move_market(s, f, +1)
    vp = pk.ac_vp[b]  # CC-ACT-BUILD-08 (v)
    if s.god[p] == PTAH:
        vp += 2  # CC-ACT-BUILD-14, CC-GOD-PTAH-01, CC-Q-23 the holder's own buildings
    s.vp[p] += vp
    t = pk.ac_tile[b]
    if t >= 0:
        s.btiles[x] = s.btiles[x] + (t,)  # CC-ACT-BUILD-09 (vi) the bonus tile; CC-Q-29 one tile per card
    paid = trains_around(s, x)  # CC-ACT-BUILD-10 others paid per train on the city's routes
    paid[p] = 0
    s.money[:] = map(add, s.money, paid)
    s.bcards[p] = s.bcards[p] + (b,)  # CC-ACT-BUILD-11 (vii) the card in front of the builder
    s.cdisc.append(c)  # CC-ACT-BUILD-12 (viii) discard the city card and any fruit card
    s.adisc.extend(s.p_use)
    if s.log is not None:
        s.emit("caboose.build", seat=p, building=pk.ac_ids[b], building_hu=pk.auction_text(b, "hu"),
               building_en=pk.auction_text(b, "en"), city=pk.city_ids[x], city_hu=pk.city_hu[x],
               city_en=pk.city_en[x], vp=vp, paid=paid)
    return _action_done(s)


def resolve_deliver(s, p: int, y: int, f: int) -> bool:
    pk = s.pk
    c = s.p_city
    x = pk.cc_city[c]
    # CC-ACT-DELIVER-05 (iii): payout plus the market value before the move; CC-Q-13 never negative
    income = max(0, pk.cc_pay[c] + s.market[f])
    s.money[p] += income
    move_market(s, f, -1)  # CC-ACT-DELIVER-06 (iv)
    for g in pk.cc_fruits[c]:
        if g != f:
            move_market(s, g, +1)  # CC-ACT-DELIVER-07 (v) the fruit not delivered
    remove_cube(s, y, f)  # CC-ACT-DELIVER-02 (ii), CC-Q-11: the cube moves into the city and stays
    add_cube(s, x, f)
    gained = trains_around(s, x)  # CC-ACT-DELIVER-09, CC-Q-12 VP per train on the destination's routes
    gained[p] = 0
    acm, bit = pk.ac_mask, 1 << f
    for q, fc in enumerate(s.fcards):
        if q != p:
            for k in fc:
                if acm[k] & bit:
                    gained[q] += 1  # CC-ACT-DELIVER-10 one VP for holding that fruit on a played card
                    break
    s.vp[:] = map(add, s.vp, gained)
    s.cdisc.append(c)  # CC-ACT-DELIVER-11 (vii)
    if s.log is not None:
        s.emit("caboose.deliver", seat=p, fruit=pk.fruit_ids[f], fruit_hu=pk.fruit_hu[f], fruit_en=pk.fruit_en[f],
               source=pk.city_ids[y], source_hu=pk.city_hu[y], source_en=pk.city_en[y], city=pk.city_ids[x],
               city_hu=pk.city_hu[x], city_en=pk.city_en[x], income=income, vp=gained)
    return _action_done(s)


def resolve_grow(s, p: int) -> bool:
    pk = s.pk
    k, c = s.p_card, s.p_city
    x = pk.cc_city[c]
    for f in pk.ac_fruits[k]:  # CC-ACT-GROW-03 (ii) the card's fruits onto the city
        s.supply[f] -= 1
        add_cube(s, x, f)
        move_market(s, f, -1)  # CC-ACT-GROW-04 (iii)
    s.cdisc.append(c)  # CC-ACT-GROW-05 (iv) discard both cards
    s.adisc.append(k)
    if s.log is not None:
        s.emit("caboose.grow", seat=p, city=pk.city_ids[x], city_hu=pk.city_hu[x], city_en=pk.city_en[x],
               fruit_hu=pk.fruit_list(pk.ac_fruits[k], "hu"), fruit_en=pk.fruit_list(pk.ac_fruits[k], "en"))
    return _action_done(s)


def resolve_pyramid(s, p: int, x: int) -> bool:
    pk = s.pk
    t = s.p_card
    price = pyramid_price(s, p, t)
    s.money[p] -= price  # CC-ACT-PYR-04 (i)
    s.pyr[x] = t  # CC-ACT-PYR-05 (ii)
    s._pfree = None
    s._cm = None
    s.vp[p] += pk.pyr_value[t]  # CC-ACT-PYR-06
    if s.log is not None:
        s.emit("caboose.pyramid", seat=p, tile=pk.pyr_ids[t], value=pk.pyr_value[t], price=price,
               city=pk.city_ids[x], city_hu=pk.city_hu[x], city_en=pk.city_en[x])
    return _action_done(s)


def resolve_citydraw(s, p: int, c: int) -> bool:
    if c >= 0:
        s.cdisp.remove(c)  # CC-ACT-CITY-01 one face-up card; CC-ACT-CITY-02 no refill during the turn
        taken = (c,)
    else:
        taken = ()
    top = draw_city(s)  # and the top of the deck
    if top >= 0:
        taken += (top,)
    s.chand[p] += taken
    if s.log is not None:
        pk = s.pk
        s.emit("caboose.citydraw", seat=p, count=len(taken), card=None if c < 0 else pk.cc_ids[c],
               secret={"seat": p, "cards": [pk.cc_ids[x] for x in taken],
                       "cards_hu": ", ".join(pk.card_text(x, "hu") for x in taken),
                       "cards_en": ", ".join(pk.card_text(x, "en") for x in taken)})
    return _action_done(s) or top >= 0


def resolve_swap(s, p: int, y: int, g: int) -> bool:
    pk = s.pk
    x, f = s.p_x, s.p_f
    remove_cube(s, x, f)  # CC-GOD-HORUS-01, CC-Q-22: swap two cubes of different fruits and cities
    remove_cube(s, y, g)
    add_cube(s, x, g)
    add_cube(s, y, f)
    s.horus_left = False
    s.step = MAIN
    s.p_x = s.p_f = -1
    if s.log is not None:
        s.emit("caboose.horus", seat=p, a_hu=f"{pk.fruit_hu[f]} ({pk.city_hu[x]})",
               a_en=f"{pk.fruit_en[f]} ({pk.city_en[x]})", b_hu=f"{pk.fruit_hu[g]} ({pk.city_hu[y]})",
               b_en=f"{pk.fruit_en[g]} ({pk.city_en[y]})")
    return _after(s)


def end_turn(s) -> bool:
    """Refill the city display (CC-Q-31), then the next god in order, or the end of the round."""
    revealed = False
    while len(s.cdisp) < CITY_DISPLAY:
        c = draw_city(s)
        if c < 0:
            break
        s.cdisp.append(c)
        revealed = True
    if s.sekhmet >= 0:  # CC-R-02 the Sekhmet route counts for this turn only
        s.sekhmet = -1
        s._comp = None
        s._cm = None
    s.acts_left = s.draws_left = 0
    s.horus_left = False
    s.step = MAIN
    s.oidx += 1
    if s.oidx < s.players:
        begin_turn(s, s.order[s.oidx])
        return revealed
    return end_round(s) or revealed


#: the phase B handler of each action kind: ``handler(state, seat, args)``, True if it revealed hidden cards
TURN_HANDLERS = {
    "take": _take, "done": _done, "rail": _rail, "card": _card, "route": _route, "src": _src, "use": _use,
    "build": _build, "deliver": _deliver, "grow": _grow, "pyramid": _pyramid, "city": _city,
    "citydraw": _citydraw, "horus": _horus, "swap": _swap, "sekhmet": _sekhmet,
}
