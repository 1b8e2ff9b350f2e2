"""Cleopatra's Caboose's observation for learning agents (its declared ``encoding`` part,
read by ``asztal.adapters.encoding``): a seat's view as a fixed-size float32 vector.

Two encoders give the same numbers: ``view_encoder`` reads ``state.view(seat)`` (the
readable dict, so it shows a seat only what its view shows) and names every entry;
``state_encoder`` reads the state's own fields, only those the view is made of, without
building the view (``tests/adapters/test_fast_encoders.py`` checks them equal). Seats are
relative: block 0 is the observing seat. The sizes follow the state's data pack.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from asztal.engine.features import Vec
from asztal.games.caboose.frames import ACTIONS, PHASE_NAMES, STEP_NAMES
from asztal.games.caboose.pack import Pack
from asztal.games.caboose.scoring import city_value

_GODS = tuple(range(1, 8))


def _caboose(view: dict[str, Any], seat: int, v: Vec, pk: Pack) -> None:

    n = view["players"]
    rel = [(seat + k) % n for k in range(n)]
    v.onehot("phase", view["phase"], PHASE_NAMES)
    v.num("to_move_is_me", view["to_move"] == seat)
    v.num("round", view["round"], view["rounds"])
    v.num("start_player", (view["start_player"] - seat) % n if view["start_player"] is not None else 0, 5)
    for f in pk.fruit_ids:
        v.num(("market:", f), view["market"][f], 5)
        v.num(("supply:", f), view["supply"][f], 10)
    for c in view["cities"]:
        v.num(("city:", c["id"], ":value"), c["value"], 10)
        v.num(("city:", c["id"], ":dark"), c["dark"])
        for f in pk.fruit_ids:
            v.num(("city:", c["id"], ":", f), c["fruit"].get(f), 3)
        v.num(("city:", c["id"], ":pyramid"), c["pyramid"] is not None)
        v.num(("city:", c["id"], ":tiles"), len(c["building_tiles"]), 3)
    for r in view["routes"]:
        for k in range(5):
            v.num(("route:", r["id"], ":seat", k), r["trains"].get(str(rel[k])) if k < n else 0, 3)
    v.multihot("auction_display", view["auction_display"], pk.ac_ids)
    v.multihot("city_display", view["city_display"], pk.cc_ids)
    v.num("auction_deck", view["auction_deck"], 60)
    v.num("city_deck", view["city_deck"], 60)
    me = view["seats"][seat]
    v.multihot("my_city_hand", me.get("city_hand") or [], pk.cc_ids)
    v.multihot("my_auction_hand", me.get("auction_hand") or [], pk.ac_ids)
    auction = view.get("auction") or {}
    for k in range(5):
        s = view["seats"][rel[k]] if k < n else None
        v.num(("seat", k, ":present"), s is not None)
        for key, scale in (("money", 50), ("vp", 50), ("trains", 20), ("city_cards", 20), ("auction_cards", 10)):
            v.num(("seat", k, ":", key), s and s[key], scale)
        v.onehot(("seat", k, ":god"), s and s["god"], _GODS)
        v.num(("seat", k, ":fruit_cards"), s and len(s["fruit_cards"]), 5)
        v.num(("seat", k, ":buildings"), s and len(s["buildings"]), 5)
        offers, inside = auction.get("offers") or [], auction.get("in") or []
        v.num(("seat", k, ":offer"), offers[rel[k]] if k < n and offers else 0, 50)
        v.num(("seat", k, ":in_auction"), inside[rel[k]] if k < n and inside else 0)
    v.num("auction:high", auction.get("high"), 50)
    turn = view.get("turn") or {}
    v.num("turn:actions_left", turn.get("actions_left"), 3)
    v.num("turn:draws_left", turn.get("draws_left"), 2)
    v.num("turn:horus", turn.get("horus"))
    v.onehot("turn:step", turn.get("step"), STEP_NAMES)


def _caboose_fill(view: dict[str, Any], seat: int, v: Vec, pk: Pack) -> None:
    _caboose(view, seat, v, pk)


def view_encoder(state: Any) -> Callable[[dict[str, Any], int, Vec], None]:
    """The view-based encoder for ``state``'s pack: ``fill(view, seat, vec)`` (a partial, not
    a lambda, so that it pickles)."""
    return functools.partial(_caboose_fill, pk=state.pk)


def state_encoder(state: Any, size: int) -> CabooseFast:
    """The encoder from the state's fields, for observations of ``size`` numbers."""
    return CabooseFast(size)


class CabooseFast:
    """Caboose (``_caboose``) from ``CabooseState``'s fields."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.nphase, self.nstep = len(PHASE_NAMES), len(STEP_NAMES)
        self.actions = ACTIONS
        self.step_at = {name: i for i, name in enumerate(STEP_NAMES)}  # a turn's pending frame, by its STEP
        self.city_value = city_value

    def __call__(self, s: Any, seat: int) -> np.ndarray:
        pk = s.pk
        nf, nc, nr, nac, ncc = pk.nf, pk.nc, pk.nr, len(pk.ac_ids), len(pk.cc_ids)
        n = s.players
        out = np.zeros(self.size, np.float32)
        out[s.phase] = 1.0
        at = self.nphase
        head = [s.to_move == seat, s.round / s.rounds, ((s.cleo - seat) % n) / 5]
        for f in range(nf):
            head += (s.market[f] / 5, s.supply[f] / 10)
        out[at:at + len(head)] = head
        at += len(head)
        # the cities, a row each (value, dark, fruit cubes, pyramid, tiles), then the routes, a
        # row each (the seats' trains, this seat first): written column by column; the
        # arithmetic in doubles, as the view encoder's, then stored as float32
        w = nf + 4
        cities = out[at:at + nc * w].reshape(nc, w)
        value = self.city_value
        cities[:, 0] = [value(s, x) / 10 for x in range(nc)]
        cities[:, 1] = pk.city_dark
        cities[:, 2:2 + nf] = np.array(s.cubes, np.float64).reshape(nc, nf) / 3
        cities[:, 2 + nf] = [p >= 0 for p in s.pyr]
        cities[:, 3 + nf] = [len(b) / 3 for b in s.btiles]
        at += nc * w
        routes = out[at:at + nr * 5].reshape(nr, 5)
        routes[:, :n] = (np.array(s.rt, np.float64).reshape(nr, n) / 3)[:, [(seat + k) % n for k in range(n)]]
        at += nr * 5
        for i in s.adisp:
            out[at + i] = 1.0
        at += nac
        for c in s.cdisp:
            out[at + c] = 1.0
        at += ncc
        out[at] = len(s.adeck) / 60
        out[at + 1] = len(s.cdeck) / 60
        at += 2
        for c in s.chand[seat]:
            out[at + c] = 1.0
        at += ncc
        for i in s.ahand[seat]:
            out[at + i] = 1.0
        at += nac
        offer, active = s.offer, s.active
        for k in range(5):
            if k < n:
                q = (seat + k) % n
                out[at:at + 6] = (1.0, s.money[q] / 50, s.vp[q] / 50, s.trains[q] / 20, len(s.chand[q]) / 20,
                                  len(s.ahand[q]) / 10)
                if s.god[q]:
                    out[at + 5 + s.god[q]] = 1.0
                out[at + 13] = len(s.fcards[q]) / 5
                out[at + 14] = len(s.bcards[q]) / 5
                if offer:
                    out[at + 15] = offer[q] / 50
                if active:
                    out[at + 16] = active[q]
            at += 17
        out[at] = (s.high or 0) / 50
        out[at + 1] = s.acts_left / 3
        out[at + 2] = s.draws_left / 2
        out[at + 3] = s.horus_left
        out[at + 4 + self.step_at[s.frame.STEP if s.phase == self.actions else "main"]] = 1.0
        return out

