"""Reading the state JSON (docs/formats/caboose.md) back into a state, with clear errors.

Every id must come from the state's pack; a position that breaks a rule of the game
(a card in two places, 21 trains of one colour, a third player on a route) is refused by
``check_invariants`` afterwards (the engine turns both into ``BadRecord``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asztal.engine.errors import brief
from asztal.engine.fields import flag, listed, obj, one_of, whole
from asztal.games.caboose.common import TRAINS_PER_PLAYER
from asztal.games.caboose.frames import (
    ACTIONS,
    AUCTION,
    BIDDING,
    GOD_CHOICE,
    GODS,
    OVER,
    PHASE_NAMES,
    STEP_FRAMES,
    STEP_NAMES,
    TURN,
    BuildFruit,
    PyramidCity,
    SwapSecond,
    Turn,
)
from asztal.games.caboose.pack import MAX_MONEY
from asztal.games.caboose.scoring import final_parts

if TYPE_CHECKING:
    from asztal.engine.decision import Frame
    from asztal.games.caboose.pack import Pack
    from asztal.games.caboose.state import CabooseState

#: the most VP a seat may have in a position (no game gets near it)
MAX_VP = 999
_SEAT_FIELDS = frozenset({"money", "vp", "trains", "god", "fruit_cards", "buildings", "city_hand", "auction_hand",
                          "auction_hand_public"})
_AUCTION_FIELDS = frozenset({"high", "offers", "in", "places", "passes", "first_pass", "order", "index"})
_TURN_FIELDS = frozenset({"actions_left", "draws_left", "horus", "sekhmet_route", "step", "card", "city_card",
                          "swap", "need", "sources", "fruit_cards_used"})


def _id(table: dict[str, int], key: Any, what: str) -> int:
    if type(key) is not str or key not in table:
        raise ValueError(f"unknown {what} {brief(key)}")
    return table[key]


def _ids(table: dict[str, int], keys: Any, what: str) -> list[int]:
    return [_id(table, k, what) for k in listed(keys, what, 0, len(table))]


def _int(v: Any, what: str, lo: int = 0, hi: int = MAX_MONEY) -> int:
    return whole(v, what, lo, hi)


def _seat(v: Any, players: int, what: str, none_ok: bool = False) -> int:
    if v is None and none_ok:
        return -1
    return whole(v, what, 0, players - 1)


def _fruit_map(pk: Pack, v: Any, what: str, lo: int, hi: int, complete: bool) -> list[int]:
    obj(v, what)
    out = [0] * pk.nf
    for k, n in v.items():
        out[_id(pk.fruit_idx, k, "fruit")] = whole(n, what, lo, hi)
    if complete and set(v) != set(pk.fruit_ids):
        raise ValueError(f"{what} must give every fruit")
    return out


def load_state_dict(s: CabooseState, d: dict[str, Any]) -> None:
    """A hand-written position, every field checked for type and range (docs/formats/caboose.md)."""
    pk, P = s.pk, s.players
    nf, nc = pk.nf, pk.nc
    if d.get("pack", pk.name) != pk.name:
        raise ValueError(f"position is for pack {brief(d.get('pack'))}, the game uses {pk.name!r}")
    phase = PHASE_NAMES.index(one_of(d["phase"], "phase", PHASE_NAMES))
    s._sh = 0  # every list below is new: nothing shared with a clone
    s.rounds = pk.rounds[P]
    if d.get("rounds", s.rounds) != s.rounds:
        raise ValueError(f"rounds must be {s.rounds} with {P} players (CC-RND-01)")
    s.round = _int(d["round"], "round", 1, s.rounds)
    s.cleo = _seat(d["start_player"], P, "start_player")
    s.market = _fruit_map(pk, d["market"], "market", pk.market_min, pk.market_max, True)
    s.supply = _fruit_map(pk, d["supply"], "supply", 0, pk.per_fruit, True)
    cities = listed(d["cities"], "cities", nc, nc)
    s.cubes = [0] * (nc * nf)
    s.prestige = [0] * nc
    s.btiles = [()] * nc
    s.pyr = [-1] * nc
    seen = set()
    for c in cities:
        obj(c, "city", frozenset({"id", "prestige", "fruit", "pyramid", "building_tiles"}))
        x = _id(pk.city_idx, c.get("id"), "city")
        if x in seen:
            raise ValueError("'cities' must list every city of the pack once")
        seen.add(x)
        s.prestige[x] = _id(pk.prestige_idx, c.get("prestige"), "prestige tile")
        s.cubes[x * nf:x * nf + nf] = _fruit_map(pk, c.get("fruit") or {}, "fruit cubes on a city", 0, pk.per_fruit,
                                                 False)
        s.pyr[x] = -1 if c.get("pyramid") is None else _id(pk.pyr_idx, c["pyramid"], "pyramid tile")
        s.btiles[x] = tuple(_ids(pk.btile_idx, c.get("building_tiles", []), "building tile"))
    s.cmask = [0] * nc
    for x in range(nc):
        for f in range(nf):
            if s.cubes[x * nf + f]:
                s.cmask[x] |= 1 << f
    s.rt = [0] * (pk.nr * P)
    seats_txt = {str(q): q for q in range(P)}
    for r_d in listed(d["routes"], "routes", 0, pk.nr):
        obj(r_d, "route", frozenset({"id", "trains"}))
        r = _id(pk.route_idx, r_d.get("id"), "route")
        for seat_txt, n in obj(r_d.get("trains") or {}, "route trains").items():
            s.rt[r * P + _id(seats_txt, seat_txt, "route seat")] = _int(n, "train count", 1, TRAINS_PER_PLAYER)
    s.rown = [sum(1 for q in range(P) if s.rt[r * P + q]) for r in range(pk.nr)]
    ac, cc = pk.ac_idx, pk.cc_idx
    s.adisp = _ids(ac, d["auction_display"], "auction card")
    s.adeck = _ids(ac, d["auction_deck"], "auction card")[::-1]  # the JSON lists the top card first
    s.adisc = _ids(ac, d["auction_discard"], "auction card")
    s.cdisp = _ids(cc, d["city_display"], "city card")
    s.cdeck = _ids(cc, d["city_deck"], "city card")[::-1]
    s.cdisc = _ids(cc, d["city_discard"], "city card")
    seats = listed(d["seats"], "seats", P, P)
    s.money, s.vp, s.trains, s.god = [], [], [], []
    s.chand, s.ahand, s.fcards, s.bcards = [], [], [], []
    for q, sd in enumerate(seats):
        obj(sd, "seat", _SEAT_FIELDS)
        s.money.append(_int(sd["money"], "money"))
        s.vp.append(_int(sd.get("vp", 0), "vp", 0, MAX_VP))
        on_board = sum(s.rt[r * P + q] for r in range(pk.nr))
        s.trains.append(_int(sd.get("trains", TRAINS_PER_PLAYER - on_board), "trains", 0, TRAINS_PER_PLAYER))
        g = sd.get("god")
        s.god.append(0 if g is None else _int(g, "god", 1, 7))
        s.chand.append(tuple(_ids(cc, sd.get("city_hand", []), "city card")))
        s.ahand.append(tuple(_ids(ac, sd.get("auction_hand", []), "auction card")))
        s.fcards.append(tuple(_ids(ac, sd.get("fruit_cards", []), "fruit card")))
        s.bcards.append(tuple(_ids(ac, sd.get("buildings", []), "building card")))
    a = obj(d.get("auction") or {}, "auction", _AUCTION_FIELDS)
    s.high = _int(a.get("high", 0), "auction high bid")
    s.offer = [_int(v, "offer") for v in listed(a.get("offers", [0] * P), "auction offers", P, P)]
    s.active = [flag(v, "auction in") for v in listed(a.get("in", [True] * P), "auction in", P, P)]
    s.place = [_int(v, "place", 0, P) for v in listed(a.get("places", [0] * P), "auction places", P, P)]
    s.passes = _int(a.get("passes", 0), "passes", 0, P - 1)
    s.first_pass = _seat(a.get("first_pass"), P, "first_pass", none_ok=True)
    s.order = tuple(_seat(q, P, "order seat") for q in listed(a.get("order", []), "auction order", 0, P))
    s.oidx = _int(a.get("index", 0), "order index", 0, P)
    t = obj(d.get("turn") or {}, "turn", _TURN_FIELDS)
    s.acts_left = _int(t.get("actions_left", 0), "actions_left", 0, 3)
    s.draws_left = _int(t.get("draws_left", 0), "draws_left", 0, 2)
    s.horus_left = flag(t.get("horus", False), "horus")
    sek = t.get("sekhmet_route")
    s.sekhmet = -1 if sek is None else _id(pk.route_idx, sek, "route")
    s.stack = _stack(s, phase, t)
    s.is_over = phase == OVER
    s.to_move = None if s.is_over else _seat(d["to_move"], P, "to_move")
    s.known = [0] * P
    for q, sd in enumerate(seats):
        for i in _ids(ac, sd.get("auction_hand_public", []), "auction card"):
            if i not in s.ahand[q]:
                raise ValueError("auction_hand_public: a card that is not in that seat's auction hand")
            s.known[q] |= 1 << i
    s._comp = None
    s._cm = None
    s._dirty = 0
    s._bw = 0
    s._pfree = None
    s._rail = None
    s.final = None
    if s.is_over:  # recomputed from the position, as final scoring made it (the given one is not read)
        parts = final_parts(s)
        before = [s.vp[q] - sum(parts[k][q] for k in ("cities", "money", "buildings", "fruit")) for q in range(P)]
        if min(before) < 0:
            raise ValueError("a finished position's VP are below what final scoring awarded")
        s.final = {"before": before, **parts, "total": list(s.vp)}
    _check_phase(s)


def _check_phase(s: CabooseState) -> None:
    """The bookkeeping of the phase in progress adds up (CC-AUC-*, CC-RND-03)."""
    P = s.players
    if s.phase == AUCTION:
        if s.order or any(s.god):
            raise ValueError("no god order or gods during the auction (CC-EOR-06)")
        if any(o > m for o, m in zip(s.offer, s.money, strict=True)) or s.high != max(s.offer):
            raise ValueError("auction offers must be at most each seat's money, the highest one 'high' (CC-AUC-05)")
        assert s.to_move is not None  # not over: ``to_move`` was read as a seat
        if not s.active[s.to_move]:
            raise ValueError("the seat to bid has passed (CC-Q-08)")
    elif s.phase in (GODS, ACTIONS):
        if sorted(s.order) != list(range(P)) or s.oidx >= P:
            raise ValueError("the god order must list every seat once, its index a position in it")
        if s.to_move != s.order[s.oidx]:
            raise ValueError("the seat to move is not the one in turn in 'order'")
        chosen = [s.god[q] for q in s.order[:s.oidx]] if s.phase == GODS else s.god
        if not all(chosen) or len(set(chosen)) != len(chosen):
            raise ValueError("the seats before the one in turn hold distinct gods (CC-GOD-01)")
        if s.phase == GODS and any(s.god[q] for q in s.order[s.oidx:]):
            raise ValueError("a seat still to choose already holds a god")
        if s.phase == ACTIONS and list(s.order) != sorted(range(P), key=s.god.__getitem__):
            raise ValueError("turns go in ascending god number (CC-RND-03)")
def _stack(s: CabooseState, phase: int, t: dict[str, Any]) -> tuple[Frame, ...]:
    """The pending decision: the phase's frame, and in phase B the step of an action in progress
    with the cards it works on (a field the step does not use must be empty)."""
    if phase != ACTIONS:
        if t.get("step", "main") != "main":
            raise ValueError("a turn step outside phase B")
        return () if phase == OVER else (BIDDING if phase == AUCTION else GOD_CHOICE,)
    pk = s.pk
    step = one_of(t.get("step", "main"), "turn step", STEP_NAMES)
    cls = STEP_FRAMES[step]
    wanted = set(cls.__dataclass_fields__)
    given = {"card": t.get("card"), "city_card": t.get("city_card"), "swap": t.get("swap"),
             "need": t.get("need") or None, "sources": t.get("sources") or None,
             "used": t.get("fruit_cards_used") or None}
    if cls is PyramidCity:
        given["tile"] = given.pop("card")
    if cls is SwapSecond:
        given["city"] = given.pop("swap")
    for k, v in given.items():
        if v is None and k in wanted and k not in ("sources", "used"):
            raise ValueError(f"turn step {step} needs its {_FIELD_NAMES.get(k, k)!r}")
        if v is not None and k not in wanted:
            raise ValueError(f"turn step {step} has no {_FIELD_NAMES.get(k, k)!r}")
    if cls is Turn:
        return (TURN,)
    ac = pk.ac_idx
    args: dict[str, Any] = {}
    if "card" in wanted:
        args["card"] = _id(ac, given["card"], "auction card")
    if "tile" in wanted:
        args["tile"] = _id(pk.pyr_idx, given["tile"], "pyramid tile")
    if "city_card" in wanted:
        args["city_card"] = _id(pk.cc_idx, given["city_card"], "city card")
    if cls is SwapSecond:
        sw = listed(given["city"], "turn swap", 2, 2)
        args["city"], args["fruit"] = _id(pk.city_idx, sw[0], "city"), _id(pk.fruit_idx, sw[1], "fruit")
    if cls is BuildFruit:
        need = 0
        for k in listed(given["need"], "turn need", 1, pk.nf):
            need |= 1 << _id(pk.fruit_idx, k, "fruit")
        args["need"] = need
        args["sources"] = tuple((_id(pk.city_idx, y, "city"), _id(pk.fruit_idx, f, "fruit"))
                                for y, f in (listed(p, "turn source", 2, 2)
                                             for p in listed(given["sources"] or [], "turn sources", 0, pk.nf)))
        args["used"] = tuple(_ids(pk.ac_idx, given["used"] or [], "fruit card"))
    return (TURN, cls(**args))


#: the readable JSON's name of each frame field
_FIELD_NAMES = {"tile": "card", "city": "swap", "used": "fruit_cards_used"}
