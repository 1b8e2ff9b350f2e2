"""Reading the state JSON (docs/formats/caboose.md) back into a state, with clear errors.

Every id must come from the state's pack; a position that breaks a rule of the game
(a card in two places, 21 trains of one colour, a third player on a route) is refused by
``check_invariants`` afterwards (the engine turns both into ``BadRecord``).
"""

from __future__ import annotations

from typing import Any

from asztal.games.caboose.common import OVER, PHASE_NAMES, STEP_NAMES, TRAINS_PER_PLAYER


def _id(table: dict[str, int], key: Any, what: str) -> int:
    if not isinstance(key, str) or key not in table:
        raise ValueError(f"unknown {what} {key!r}")
    return table[key]


def _ids(table, keys, what) -> list[int]:
    if not isinstance(keys, list):
        raise ValueError(f"{what} list expected, got {type(keys).__name__}")
    return [_id(table, k, what) for k in keys]


def _int(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{what} must be a whole number, not {v!r}")
    return v


def _seat(v: Any, players: int, what: str, none_ok: bool = False) -> int:
    if v is None and none_ok:
        return -1
    v = _int(v, what)
    if not 0 <= v < players:
        raise ValueError(f"{what} {v} is not a seat")
    return v


def load_state_dict(s, d: dict[str, Any]) -> None:
    pk, P = s.pk, s.players
    nf, nc = pk.nf, pk.nc
    if d.get("pack", pk.name) != pk.name:
        raise ValueError(f"position is for pack {d.get('pack')!r}, the game uses {pk.name!r}")
    if d["phase"] not in PHASE_NAMES:
        raise ValueError(f"unknown phase {d['phase']!r}")
    s.phase = PHASE_NAMES.index(d["phase"])
    s.round = _int(d["round"], "round")
    s.rounds = _int(d.get("rounds", pk.rounds[P]), "rounds")
    s.cleo = _seat(d["start_player"], P, "start_player")
    s.market = [_int(d["market"][k], "market value") for k in pk.fruit_ids]
    s.supply = [_int(d["supply"][k], "supply count") for k in pk.fruit_ids]
    cities = d["cities"]
    if sorted(c["id"] for c in cities) != sorted(pk.city_ids):
        raise ValueError("'cities' must list every city of the pack once")
    s.cubes = [0] * (nc * nf)
    s.prestige = [0] * nc
    s.btiles = [()] * nc
    s.pyr = [-1] * nc
    for c in cities:
        x = pk.city_idx[c["id"]]
        s.prestige[x] = _id(pk.prestige_idx, c["prestige"], "prestige tile")
        for k, n in (c.get("fruit") or {}).items():
            s.cubes[x * nf + _id(pk.fruit_idx, k, "fruit")] = _int(n, "cube count")
        s.pyr[x] = -1 if c.get("pyramid") is None else _id(pk.pyr_idx, c["pyramid"], "pyramid tile")
        s.btiles[x] = tuple(_ids(pk.btile_idx, c.get("building_tiles", []), "building tile"))
    s.cmask = [0] * nc
    for x in range(nc):
        for f in range(nf):
            if s.cubes[x * nf + f]:
                s.cmask[x] |= 1 << f
    s.rt = [0] * (pk.nr * P)
    for r_d in d["routes"]:
        r = _id(pk.route_idx, r_d["id"], "route")
        for q, n in (r_d.get("trains") or {}).items():
            s.rt[r * P + _seat(int(q), P, "route seat")] = _int(n, "train count")
    s.rown = [sum(1 for q in range(P) if s.rt[r * P + q]) for r in range(pk.nr)]
    ac, cc = pk.ac_idx, pk.cc_idx
    s.adisp = _ids(ac, d["auction_display"], "auction card")
    s.adeck = _ids(ac, d["auction_deck"], "auction card")[::-1]  # the JSON lists the top card first
    s.adisc = _ids(ac, d["auction_discard"], "auction card")
    s.cdisp = _ids(cc, d["city_display"], "city card")
    s.cdeck = _ids(cc, d["city_deck"], "city card")[::-1]
    s.cdisc = _ids(cc, d["city_discard"], "city card")
    seats = d["seats"]
    if not isinstance(seats, list) or len(seats) != P:
        raise ValueError(f"'seats' must list the {P} players")
    s.money, s.vp, s.trains, s.god = [], [], [], []
    s.chand, s.ahand, s.fcards, s.bcards = [], [], [], []
    for q, sd in enumerate(seats):
        s.money.append(_int(sd["money"], "money"))
        s.vp.append(_int(sd.get("vp", 0), "vp"))
        on_board = sum(s.rt[r * P + q] for r in range(pk.nr))
        s.trains.append(_int(sd.get("trains", TRAINS_PER_PLAYER - on_board), "trains"))
        g = sd.get("god")
        if g is not None and (not isinstance(g, int) or not 1 <= g <= 7):
            raise ValueError(f"god must be 1..7 or null, not {g!r}")
        s.god.append(g or 0)
        s.chand.append(tuple(_ids(cc, sd.get("city_hand", []), "city card")))
        s.ahand.append(tuple(_ids(ac, sd.get("auction_hand", []), "auction card")))
        s.fcards.append(tuple(_ids(ac, sd.get("fruit_cards", []), "fruit card")))
        s.bcards.append(tuple(_ids(ac, sd.get("buildings", []), "building card")))
    a = d.get("auction") or {}
    s.high = _int(a.get("high", 0), "auction high bid")
    s.offer = [_int(v, "offer") for v in a.get("offers", [0] * P)]
    s.active = [bool(v) for v in a.get("in", [True] * P)]
    s.place = [_int(v, "place") for v in a.get("places", [0] * P)]
    if not len(s.offer) == len(s.active) == len(s.place) == P:
        raise ValueError("auction offers/in/places must have one entry per seat")
    s.passes = _int(a.get("passes", 0), "passes")
    s.first_pass = _seat(a.get("first_pass"), P, "first_pass", none_ok=True)
    s.order = tuple(_seat(q, P, "order seat") for q in a.get("order", []))
    s.oidx = _int(a.get("index", 0), "order index")
    t = d.get("turn") or {}
    s.acts_left = _int(t.get("actions_left", 0), "actions_left")
    s.draws_left = _int(t.get("draws_left", 0), "draws_left")
    s.horus_left = bool(t.get("horus", False))
    sek = t.get("sekhmet_route")
    s.sekhmet = -1 if sek is None else _id(pk.route_idx, sek, "route")
    step = t.get("step", "main")
    if step not in STEP_NAMES:
        raise ValueError(f"unknown turn step {step!r}")
    s.step = STEP_NAMES.index(step)
    card = t.get("card")
    if card is None:
        s.p_card = -1
    elif step == "pyramid_city":
        s.p_card = _id(pk.pyr_idx, card, "pyramid tile")
    else:
        s.p_card = _id(ac, card, "auction card")
    s.p_city = -1 if t.get("city_card") is None else _id(cc, t["city_card"], "city card")
    sw = t.get("swap")
    if sw is None:
        s.p_x = s.p_f = -1
    else:
        s.p_x, s.p_f = _id(pk.city_idx, sw[0], "city"), _id(pk.fruit_idx, sw[1], "fruit")
    s.p_need = 0
    for k in t.get("need", []):
        s.p_need |= 1 << _id(pk.fruit_idx, k, "fruit")
    s.p_src = tuple((_id(pk.city_idx, y, "city"), _id(pk.fruit_idx, f, "fruit")) for y, f in t.get("sources", []))
    s.p_use = tuple(_ids(ac, t.get("fruit_cards_used", []), "fruit card"))
    s.final = d.get("final")
    s.is_over = s.phase == OVER
    s.to_move = None if s.is_over else _seat(d["to_move"], P, "to_move")
    s._legal = None
    s._comp = None
    s._cm = None
    s._pfree = None
    s._rail = None
    s._hand = None
    _check_step(s)


def _check_step(s) -> None:
    """A pending sub-decision must have the cards it works on."""
    step = STEP_NAMES[s.step]
    if step in ("rail_card", "rail_route", "build_card", "build_source", "grow_card", "pyramid_city") and s.p_card < 0:
        raise ValueError(f"turn step {step} needs its 'card'")
    if step in ("rail_route", "build_source", "deliver_source") and s.p_city < 0:
        raise ValueError(f"turn step {step} needs its 'city_card'")
    if step == "build_source" and not s.p_need:
        raise ValueError("turn step build_source needs the fruits still missing ('need')")
    if step == "swap_second" and s.p_x < 0:
        raise ValueError("turn step swap_second needs the first cube ('swap')")
