"""Scenario builder: set up a Caboose position in a few lines, then check what one action does.

    s = scene(players=4)                                   # a fresh game, seed 0, empty map
    turn(s, 0, god=3, city=["city-giza-3"], auction=["building-temple-1"])
    cubes(s, giza={"dates": 1}); trains(s, "r07", 1, 2)
    act(s, "build:building-temple-1", "card:city-giza-3", ...)

Every helper moves components from wherever they are (so nothing appears or vanishes) and
finishes with ``check_invariants``.
"""

from __future__ import annotations

from asztal import games
from asztal.games.caboose.pack import FRUIT
from asztal.games.caboose.turn import begin_turn

GAME = games.load("caboose")


def refresh(s) -> None:
    """Drop the state's caches after a test changed it in place, outside the engine (the one
    place that must: the engine drops its legal-list cache only on moves and loads)."""
    s._legal = None
    s._comp = None
    s._cm = None
    s._pfree = None
    s._rail = None


def _fresh(s) -> None:
    refresh(s)
    s.check_invariants()


def scene(players: int = 3, seed: int = 0, empty: bool = True):
    """A new game; with ``empty`` every fruit cube goes back to the supply (market unchanged)."""
    s = GAME.new_game(players, seed=seed)
    if empty:
        nf = s.pk.nf
        for x in range(s.pk.nc):
            for f in range(nf):
                s.supply[f] += s.cubes[x * nf + f]
                s.cubes[x * nf + f] = 0
            s.cmask[x] = 0
    _fresh(s)
    return s


def _take_city_card(s, c: int) -> None:
    for lst in (s.cdeck, s.cdisp, s.cdisc):
        if c in lst:
            lst.remove(c)
            return
    for q, h in enumerate(s.chand):
        if c in h:
            s.chand[q] = tuple(x for x in h if x != c)
            return
    raise AssertionError(f"city card {c} not found")


def _take_auction_card(s, i: int) -> None:
    for lst in (s.adeck, s.adisp, s.adisc):
        if i in lst:
            lst.remove(i)
            return
    for field in ("ahand", "fcards", "bcards"):
        rows = getattr(s, field)
        for q, h in enumerate(rows):
            if i in h:
                rows[q] = tuple(x for x in h if x != i)
                return
    raise AssertionError(f"auction card {i} not found")


def give(s, seat: int, city=None, auction=None, fruit=None, buildings=None, tiles_at: str = "thebes") -> None:
    """Set the seat's city hand / auction hand / played fruit cards / played buildings exactly
    (None: leave as is); cards replaced go to the discard piles. The bonus tiles of the buildings
    given are put on the city ``tiles_at``."""
    pk = s.pk
    if city is not None:
        s.cdisc.extend(s.chand[seat])
        s.chand[seat] = ()
        ids = [pk.cc_idx[c] for c in city]
        for c in ids:
            _take_city_card(s, c)
        s.chand[seat] = tuple(ids)
    for field, cards in (("ahand", auction), ("fcards", fruit), ("bcards", buildings)):
        if cards is None:
            continue
        rows = getattr(s, field)
        old = rows[seat]
        rows[seat] = ()
        if field == "bcards":
            for b in old:  # their tiles leave the board with them
                t = pk.ac_tile[b]
                if t >= 0:
                    for x in range(pk.nc):
                        if t in s.btiles[x]:
                            s.btiles[x] = tuple(y for y in s.btiles[x] if y != t)
        s.adisc.extend(old)
        ids = [pk.ac_idx[i] for i in cards]
        for i in ids:
            _take_auction_card(s, i)
        rows[seat] = tuple(ids)
        if field == "bcards":
            x = pk.city_idx[tiles_at]
            s.btiles[x] = s.btiles[x] + tuple(pk.ac_tile[b] for b in ids if pk.ac_tile[b] >= 0)
    _fresh(s)


def turn(s, seat: int, god: int = 1, gods=None, **cards) -> None:
    """Phase B, ``seat`` to act holding ``god``; the other seats get the lowest other gods
    (or ``gods``: a list of god numbers per seat). Keyword cards as for ``give``."""
    P = s.players
    if gods is None:
        rest = iter(g for g in range(1, 8) if g != god)
        gods = [god if q == seat else next(rest) for q in range(P)]
    s.god = list(gods)
    s.order = tuple(sorted(range(P), key=s.god.__getitem__))
    s.oidx = s.order.index(seat)
    s.sekhmet = -1
    begin_turn(s, seat)  # phase B: the turn's menu, nothing pending
    if cards:
        give(s, seat, **cards)
    _fresh(s)


def cubes(s, **cities) -> None:
    """Set the cubes of the named cities exactly, e.g. ``cubes(s, giza={"dates": 2})``."""
    pk, nf = s.pk, s.pk.nf
    for name, fruit in cities.items():
        x = pk.city_idx[name]
        for f in range(nf):
            s.supply[f] += s.cubes[x * nf + f]
            s.cubes[x * nf + f] = 0
        s.cmask[x] = 0
        for fname, n in fruit.items():
            f = pk.fruit_idx[fname]
            assert s.supply[f] >= n, f"not enough {fname} in the supply"
            s.supply[f] -= n
            s.cubes[x * nf + f] = n
            if n:
                s.cmask[x] |= 1 << f
    _fresh(s)


def supply(s, **counts) -> None:
    """Set supply counts by moving cubes between the supply and a parking city (Thebes)."""
    pk, nf = s.pk, s.pk.nf
    park = pk.city_idx["thebes"]
    for fname, n in counts.items():
        f = pk.fruit_idx[fname]
        total = s.supply[f] + s.cubes[park * nf + f]
        assert total >= n, f"cannot reach {n} {fname} in the supply"
        s.supply[f] = n
        s.cubes[park * nf + f] = total - n
        s.cmask[park] = sum(1 << g for g in range(nf) if s.cubes[park * nf + g])
    _fresh(s)


def market(s, **values) -> None:
    for fname, v in values.items():
        s.market[s.pk.fruit_idx[fname]] = v
    _fresh(s)


def trains(s, route: str, seat: int, n: int) -> None:
    """Put ``n`` of ``seat``'s trains on ``route`` (0 removes them)."""
    pk, P = s.pk, s.players
    r = pk.route_idx[route]
    old = s.rt[r * P + seat]
    s.trains[seat] += old - n
    s.rt[r * P + seat] = n
    s.rown[r] = sum(1 for q in range(P) if s.rt[r * P + q])
    _fresh(s)


def act(s, *codes: str) -> None:
    for code in codes:
        s.apply(code)
        s.check_invariants()


def codes(s) -> list[str]:
    return [a.code for a in s.legal_actions()]


def kinds(s) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def seat_of_fruit_cards(s, seat: int) -> list[str]:
    return [s.pk.ac_ids[k] for k in s.fcards[seat]]


def fruit_at(s, city: str, fruit: str) -> int:
    pk = s.pk
    return s.cubes[pk.city_idx[city] * pk.nf + pk.fruit_idx[fruit]]


def mkt(s, fruit: str) -> int:
    return s.market[s.pk.fruit_idx[fruit]]


def sup(s, fruit: str) -> int:
    return s.supply[s.pk.fruit_idx[fruit]]


def is_fruit_card(s, card_id: str) -> bool:
    return s.pk.ac_kind[s.pk.ac_idx[card_id]] == FRUIT
