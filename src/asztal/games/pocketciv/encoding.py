"""PocketCiv's observation for learning agents (its declared ``encoding`` part, read by
``asztal.adapters.encoding``): the solo game's view as a fixed-size float32 vector.

Two encoders give the same numbers: ``view_encoder`` reads ``state.view(seat)`` (the
readable dict) and names every entry; ``state_encoder`` reads the state's own fields, only
those the view is made of, without building the view (``tests/adapters/test_fast_encoders.py``
checks them equal). The multiplayer game has no encoding yet.

The state encoder reads the Empire's fields (tribes, cities, gold, VPs, advances, ...) from
the object ``_empire`` returns, so a change of where the state keeps an Empire is one line
here.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from asztal.engine.features import Obs, Vec, seat_buffers
from asztal.games.pocketciv import frames
from asztal.games.pocketciv.data import ADV_IDS, MAXAREA, NCARDS, WONDER_IDS
from asztal.games.pocketciv.empire import Empire
from asztal.games.pocketciv.state import PocketCivState

_PC_CARDS = tuple(range(1, 17))


@functools.cache
def _pocketciv_steps() -> tuple[str, ...]:
    """Every kind of pending step (the frames the rules register)."""
    return tuple(sorted(frames.registered()))


def _pocketciv(view: dict[str, Any], seat: int, v: Vec) -> None:
    steps = _pocketciv_steps()
    v.num("era", view["era"], 8)
    v.num("round", view["round"], 30)
    for key, scale in (("gold", 10), ("vp", 50), ("vp_wonders", 50), ("deck_size", NCARDS),
                       ("discard_size", NCARDS), ("grown", 1), ("era_due", 1)):
        v.num(key, view.get(key), scale)
    v.onehot("discard_top", view.get("discard_top"), _PC_CARDS)
    v.multihot("advance", view["advances"], ADV_IDS)
    stack = view.get("stack") or [[None]]
    v.onehot("step", stack[-1][0], steps)
    v.onehot("phase", stack[0][0], steps)
    areas = {a["number"]: a for a in view["areas"]}
    hit = set(view.get("hit") or [])
    for n in range(1, MAXAREA + 1):
        a = areas.get(n)
        v.num(("area", n, ":present"), a is not None)
        for key, scale in (("tribes", 10), ("city", 10), ("moved", 10)):
            v.num(("area", n, ":", key), a and a[key], scale)
        for key in ("capital", "forest", "mountain", "volcano", "farm", "desert", "fault"):
            v.num(("area", n, ":", key), a and a[key])
        v.multihot(("area", n, ":wonder"), (a or {}).get("wonders") or [], WONDER_IDS)
        v.num(("area", n, ":hit"), n in hit)


def view_encoder(state: Any) -> Callable[[dict[str, Any], int, Vec], None]:
    """The view-based encoder: ``fill(view, seat, vec)``; ValueError for the multiplayer game."""
    if state.players > 1:
        raise ValueError("multiplayer PocketCiv has no observation encoding yet: play it solo (players=1)")
    return _pocketciv


def state_encoder(state: Any, size: int, bound: float = math.inf) -> PocketCivFast:
    """The encoder from the state's fields, for observations of ``size`` numbers (clamped to ``±bound``)."""
    return PocketCivFast(size, bound)


def _empire(state: PocketCivState, seat: int) -> Empire:
    """The Empire of ``seat`` (the solo game's one Empire)."""
    return state.seats[seat]


class PocketCivFast:
    """Solo PocketCiv (``_pocketciv``) from the state's fields, compiled with the rules.

    Each seat has its buffer (``Obs``): every number is computed at each call and written only
    where it changed."""

    def __init__(self, size: int, bound: float = math.inf) -> None:
        self.size = size
        self.bound = bound
        self.ncards, self.nadv, self.maxarea = NCARDS, len(ADV_IDS), MAXAREA
        steps = _pocketciv_steps()
        self.nsteps = len(steps)
        step_at = {name: i for i, name in enumerate(steps)}
        #: each kind of frame's step, by the kind's number (``NO``: no string looked up per call)
        self.step_of = [step_at.get(tag, -1) for tag in frames.KINDS]
        self.nwonders = len(WONDER_IDS)
        self.per_area = 12 + self.nwonders
        self.seats: list[Obs] = []

    def __reduce__(self) -> tuple[Any, ...]:
        return (PocketCivFast, (self.size, self.bound))

    def __call__(self, s: PocketCivState, seat: int) -> np.ndarray:
        return self.fill(s, seat).copy()

    def as_list(self, s: PocketCivState, seat: int) -> list[float]:
        return self.fill(s, seat).as_list()

    def fill(self, s: PocketCivState, seat: int) -> Obs:
        o = seat_buffers(self.seats, seat, self.size, self.bound)
        e = _empire(s, seat)
        nc = self.ncards
        o.num(0, s.era, 8)
        o.num(1, s.round_no, 30)
        o.num(2, e.gold, 10)
        o.num(3, e.vp, 50)
        o.num(4, e.vp_wonders, 50)
        o.num(5, len(s.deck), nc)
        o.num(6, len(s.discard), nc)
        o.flag(7, bool(e.grown))
        o.flag(8, False)  # no view shows an "era_due"
        o.onehot(0, 9, 16, s.discard[-1] if s.discard else -1)
        at = 9 + 16
        adv = e.adv
        if not o.same(1, adv):
            for i in range(self.nadv):
                o.num(at + i, adv >> i & 1, 1)
        at += self.nadv
        stack = s.stack
        last = first = -1
        if stack:
            last = self.step_of[stack[-1].NO]
            first = self.step_of[stack[0].NO]
        o.onehot(2, at, self.nsteps, last)
        o.onehot(4 + self.maxarea, at + self.nsteps, self.nsteps, first)
        at += 2 * self.nsteps
        per, nw = self.per_area, self.nwonders
        hit, capital = s.hit, e.capital
        tribes, cav, moved, wonders = e.tribes, e.cav, e.moved, e.wonders
        mount, forest, farm, desert, fault = s.mount, s.forest, s.farm, s.desert, s.fault
        keys = o.keys
        areas = len(s.board.areas)
        # the areas the map lacks are rows of zeros: looked at again only when the map's size changed
        upto = areas if o.same(3 + self.maxarea, areas) else self.maxarea
        for a in range(upto):
            b = at + a * per
            if a >= areas:  # no such area on this map
                if not o.same(3 + a, 0):
                    for j in range(per):
                        o.num(b + j, 0, 1)
                continue
            m = mount[a]
            t, c, mv = tribes[a], cav[a], moved[a]
            flags = (256 | (capital == a) << 7 | (forest[a] != 0) << 6 | (m == 1) << 5 | (m == 2) << 4
                     | (farm[a] != 0) << 3 | (desert[a] != 0) << 2 | (fault[a] != 0) << 1 | (hit >> a & 1))
            wmask = 0
            for w in wonders[a]:
                wmask |= 1 << w
            # the area's numbers packed in a key, when they fit (else it is written every time)
            fits = 0 <= t < 1024 and 0 <= c < 1024 and 0 <= mv < 1024 and nw <= 20
            key = (((t << 10 | c) << 10 | mv) << nw | wmask) << 9 | flags if fits else -1
            old = keys[3 + a] if 3 + a < len(keys) else -1
            if o.same(3 + a, key):
                continue
            # the area's entries are what its old key says (an area the map lacks: 0, all zeros):
            # only the parts whose bits changed are written (tribes move at most steps); without
            # two keys to compare, every part (-1: all bits changed)
            changed = old ^ key if old >= 0 and key >= 0 else -1
            if changed >> (9 + nw):
                o.num(b + 1, t, 10)
                o.num(b + 2, c, 10)
                o.num(b + 3, mv, 10)
            if changed >> 9 & ((1 << nw) - 1):
                for w in range(nw):
                    o.flag(b + 11 + w, (wmask >> w & 1) == 1)
            if changed & 511:
                o.flag(b, True)
                o.flag(b + 4, capital == a)
                o.flag(b + 5, bool(forest[a]))
                o.flag(b + 6, m == 1)
                o.flag(b + 7, m == 2)
                o.flag(b + 8, bool(farm[a]))
                o.flag(b + 9, bool(desert[a]))
                o.flag(b + 10, bool(fault[a]))
                o.num(b + 11 + nw, hit >> a & 1, 1)
        return o
