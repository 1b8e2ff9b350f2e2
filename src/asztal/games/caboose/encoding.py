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
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from asztal.engine.features import Obs, Vec, list_bits, seat_buffers, tuple_bits
from asztal.games.caboose.frames import ACTIONS, PHASE_NAMES, STEP_NAMES
from asztal.games.caboose.pack import Pack
from asztal.games.caboose.scoring import city_value
from asztal.games.caboose.state import CabooseState

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


def state_encoder(state: Any, size: int, bound: float = math.inf) -> CabooseFast:
    """The encoder from the state's fields, for observations of ``size`` numbers (clamped to ``±bound``)."""
    return CabooseFast(size, bound)


class CabooseFast:
    """Caboose (``_caboose``) from ``CabooseState``'s fields, compiled with the rules.

    Each seat has its buffer (``Obs``): every number is computed at each call and written only
    where it changed. The pack's sizes are read once per pack (the pack is an interpreted
    object)."""

    def __init__(self, size: int, bound: float = math.inf) -> None:
        self.size = size
        self.bound = bound
        self.nphase, self.nstep = len(PHASE_NAMES), len(STEP_NAMES)
        self.step_at = {name: i for i, name in enumerate(STEP_NAMES)}  # a turn's pending frame, by its STEP
        self.main_step = self.step_at["main"]
        #: the kind of the last pending frame read, and its step
        self.top: type | None = None
        self.top_step = 0
        self.seats: list[Obs] = []
        self.pk: Pack | None = None
        self.nf = self.nc = self.nr = self.nac = self.ncc = 0
        self.dark: list[bool] = []
        #: each city's value and what it was computed from (``_city_value``)
        self.cv_prestige: list[int] = []
        self.cv_pyr: list[int] = []
        self.cv_tiles: list[tuple[int, ...]] = []
        self.cv: list[int] = []
        #: each seat's lists and count of writes its market, cities and routes were last read from
        self.seen: list[_Seen] = []

    def __reduce__(self) -> tuple[Any, ...]:
        return (CabooseFast, (self.size, self.bound))

    def __call__(self, s: CabooseState, seat: int) -> np.ndarray:
        return self.fill(s, seat).copy()

    def as_list(self, s: CabooseState, seat: int) -> list[float]:
        return self.fill(s, seat).as_list()

    def _pack(self, pk: Pack) -> None:
        self.pk = pk
        self.nf, self.nc, self.nr, self.nac, self.ncc = pk.nf, pk.nc, pk.nr, len(pk.ac_ids), len(pk.cc_ids)
        self.dark = [bool(d) for d in pk.city_dark]
        self.seats = []  # buffers of another pack's sizes
        self.seen = []
        self.cv_prestige = [-1] * self.nc
        self.cv_pyr = [-2] * self.nc
        self.cv_tiles = [()] * self.nc
        self.cv = [0] * self.nc

    def fill(self, s: CabooseState, seat: int) -> Obs:
        if s.pk is not self.pk:
            self._pack(s.pk)
        nf, nc, nr, nac, ncc = self.nf, self.nc, self.nr, self.nac, self.ncc
        o = seat_buffers(self.seats, seat, self.size, self.bound)
        n = s.players
        phase = s.phase
        # (the blocks' keys: the cities', the routes', the seats', the phase's, the step's, the gods')
        o.onehot(nc + nr + 5, 0, self.nphase, phase)
        at = self.nphase
        o.flag(at, s.to_move == seat)
        o.num(at + 1, s.round, s.rounds)
        o.num(at + 2, (s.cleo - seat) % n, 5)
        at += 3
        # the market and supply, the cities, a row each (value, dark, fruit cubes, pyramid,
        # tiles), then the routes, a row each (the seats' trains, this seat first): not looked at
        # when the state's lists are those of the last call and no rule was about to write them
        # since (``_bw``: three calls in four); else a row is written when its numbers (packed in
        # a key when they fit) changed
        market, supply, cubes, pyr, btiles, rt = s.market, s.supply, s.cubes, s.pyr, s.btiles, s.rt
        seen = self._seen(seat)
        board = seen.board
        if (len(board) == 7 and board[0] is cubes and board[1] is pyr and board[2] is btiles and board[3] is rt
                and board[4] is s.prestige and board[5] is market and board[6] is supply and seen.bw == s._bw):
            at += 2 * nf + nc * (nf + 4) + nr * 5
        else:
            seen.board, seen.bw = [cubes, pyr, btiles, rt, s.prestige, market, supply], s._bw
            for f in range(nf):
                o.num(at, market[f], 5)
                o.num(at + 1, supply[f], 10)
                at += 2
            at = self._map(o, s, seat, at)
        # the displays and this seat's hands, each a set of cards (one bit each: 59 and 60
        # cards fit in one machine integer), written where a card came or went
        o.bits(0, at, list_bits(s.adisp))
        at += nac
        o.bits(1, at, list_bits(s.cdisp))
        at += ncc
        o.num(at, len(s.adeck), 60)
        o.num(at + 1, len(s.cdeck), 60)
        at += 2
        o.bits(2, at, tuple_bits(s.chand[seat]))
        at += ncc
        o.bits(3, at, tuple_bits(s.ahand[seat]))
        at += nac
        offer, active, god = s.offer, s.active, s.god
        money, vp, trains, chand, ahand, fcards, bcards = s.money, s.vp, s.trains, s.chand, s.ahand, s.fcards, s.bcards
        # the seats' numbers, a row each, written again only when the numbers the row is made
        # of (packed in a key when they fit) changed: a step changes one or two seats'
        for k in range(5):
            if k < n:
                q = (seat + k) % n
                m, p, tr, g = money[q], vp[q], trains[q], god[q]
                nch, nah, nf_, nb = len(chand[q]), len(ahand[q]), len(fcards[q]), len(bcards[q])
                bid = offer[q] if offer else 0
                inside = bool(active) and active[q]
                fits = (0 <= m < 256 and 0 <= p < 256 and 0 <= tr < 64 and 0 <= g < 16 and nch < 64 and nah < 32
                        and nf_ < 32 and nb < 32 and 0 <= bid < 256)
                key = ((((m << 8 | p) << 6 | tr) << 6 | nch) << 5 | nah) << 5 | nf_
                key = (((key << 5 | nb) << 8 | bid) << 1 | inside) << 1 | 1  # (and present)
                o.onehot(nc + nr + 7 + k, at + 6, 7, g - 1)  # (the god's two flags, not seven)
                if not o.same(nc + nr + k, key if fits else -1):
                    o.flag(at, True)
                    o.num(at + 1, m, 50)
                    o.num(at + 2, p, 50)
                    o.num(at + 3, tr, 20)
                    o.num(at + 4, nch, 20)
                    o.num(at + 5, nah, 10)
                    o.num(at + 13, nf_, 5)
                    o.num(at + 14, nb, 5)
                    o.num(at + 15, bid, 50)
                    o.flag(at + 16, inside)
            elif not o.same(nc + nr + k, 0):  # (no seat here: a row of zeros)
                for j in range(17):
                    o.num(at + j, 0, 1)
                o.same(nc + nr + 7 + k, -1)  # (its god's flags written over: as never written)
            at += 17
        o.num(at, s.high or 0, 50)
        o.num(at + 1, s.acts_left, 3)
        o.num(at + 2, s.draws_left, 2)
        o.flag(at + 3, s.horus_left)
        step = self.main_step
        if phase == ACTIONS:
            top = s.stack[-1]
            if type(top) is not self.top:  # (an interpreted frame: its STEP read once per kind)
                self.top, self.top_step = type(top), self.step_at[top.STEP]
            step = self.top_step
        o.onehot(nc + nr + 6, at + 4, self.nstep, step)
        return o

    def _map(self, o: Obs, s: CabooseState, seat: int, at: int) -> int:
        """The cities' rows and the routes', from ``at``; where the next block begins."""
        nf, nc, nr, n = self.nf, self.nc, self.nr, s.players
        cubes, pyr, btiles, dark, rt = s.cubes, s.pyr, s.btiles, self.dark, s.rt
        if not o.same_lists(0, [cubes, pyr, btiles, s.prestige]):  # (else no city changed)
            for x in range(nc):
                b = at + x * (nf + 4)
                value = self._city_value(s, x)
                key = value
                fits = 0 <= value < 1 << 20
                for f in range(nf):
                    q = cubes[x * nf + f]
                    fits = fits and 0 <= q < 16
                    key = key << 4 | q
                tiles = len(btiles[x])
                key = (key << 1 | (pyr[x] >= 0)) << 4 | tiles
                if not o.same(x, key if fits and tiles < 16 else -1):
                    o.num(b, value, 10)
                    o.flag(b + 1, dark[x])
                    for f in range(nf):
                        o.num(b + 2 + f, cubes[x * nf + f], 3)
                    o.flag(b + 2 + nf, pyr[x] >= 0)
                    o.num(b + 3 + nf, tiles, 3)
        at += nc * (nf + 4)
        if not o.same_lists(1, [rt]):  # (else no route changed)
            for r in range(nr):
                key = n  # (the seats' order depends on their number)
                for k in range(n):
                    q = rt[r * n + (seat + k) % n]
                    key = key << 4 | q if 0 <= q < 16 and key >= 0 else -1
                if not o.same(nc + r, key):
                    for k in range(5):
                        o.num(at + r * 5 + k, rt[r * n + (seat + k) % n] if k < n else 0, 3)
        at += nr * 5
        return at

    def _seen(self, seat: int) -> _Seen:
        seen = self.seen
        while len(seen) <= seat:
            seen.append(_Seen())
        return seen[seat]

    def _city_value(self, s: CabooseState, x: int) -> int:
        """``city_value``, kept for the city's prestige tile, pyramid and building tiles it was
        last computed from (the pack's tables are an interpreted object's: slow to read)."""
        pres, pyr, tiles = s.prestige[x], s.pyr[x], s.btiles[x]
        if self.cv_prestige[x] != pres or self.cv_pyr[x] != pyr or self.cv_tiles[x] != tiles:
            self.cv_prestige[x], self.cv_pyr[x], self.cv_tiles[x] = pres, pyr, tiles
            self.cv[x] = city_value(s, x)
        return self.cv[x]


class _Seen:
    """What one seat's market, cities and routes were last read from: the state's lists (kept,
    so that their identities are never another list's) and its count of writes to them (``_bw``)."""

    def __init__(self) -> None:
        self.board: list[object] = []
        self.bw = -1
