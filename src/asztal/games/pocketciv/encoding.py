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
from collections.abc import Callable
from typing import Any

import numpy as np

from asztal.engine.features import Vec
from asztal.games.pocketciv import frames
from asztal.games.pocketciv.data import ADV_IDS, MAXAREA, NCARDS, WONDER_IDS

_PC_CARDS = tuple(range(1, 17))


@functools.cache
def _pocketciv_steps() -> tuple[str, ...]:
    """Every kind of pending step (the frames the rules register)."""
    return tuple(sorted(set(frames.RUN) | set(frames.LEGAL) | set(frames.ACT)))


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


def state_encoder(state: Any, size: int) -> PocketCivFast:
    """The encoder from the state's fields, for observations of ``size`` numbers."""
    return PocketCivFast(size)


def _empire(state: Any, seat: int) -> Any:
    """The Empire of ``seat`` (the solo game's one Empire)."""
    return state.seats[seat]


class PocketCivFast:
    """Solo PocketCiv (``_pocketciv``) from the state's fields."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.ncards, self.nadv, self.maxarea = NCARDS, len(ADV_IDS), MAXAREA
        steps = _pocketciv_steps()
        self.nsteps = len(steps)
        self.step_at = {name: i for i, name in enumerate(steps)}
        self.nwonders = len(WONDER_IDS)
        self.per_area = 12 + self.nwonders

    def __call__(self, s: Any, seat: int) -> np.ndarray:
        e = _empire(s, seat)
        out = np.zeros(self.size, np.float32)
        nc = self.ncards
        out[0:9] = (s.era / 8, s.round_no / 30, e.gold / 10, e.vp / 50, e.vp_wonders / 50, len(s.deck) / nc,
                    len(s.discard) / nc, bool(e.grown), 0.0)  # no view shows an "era_due"
        if s.discard:
            out[9 + s.discard[-1]] = 1.0
        at = 9 + 16
        adv = e.adv
        for i in range(self.nadv):
            if adv >> i & 1:
                out[at + i] = 1.0
        at += self.nadv
        stack = s.stack
        if stack:
            i = self.step_at.get(stack[-1].TAG, -1)
            if i >= 0:
                out[at + i] = 1.0
            i = self.step_at.get(stack[0].TAG, -1)
            if i >= 0:
                out[at + self.nsteps + i] = 1.0
        at += 2 * self.nsteps
        per, nw = self.per_area, self.nwonders
        hit, capital = s.hit, e.capital
        tribes, cav, moved, wonders = e.tribes, e.cav, e.moved, e.wonders
        mount, forest, farm, desert, fault = s.mount, s.forest, s.farm, s.desert, s.fault
        for a in s.board.areas:
            b = at + a * per
            m = mount[a]
            out[b:b + 11] = (1.0, tribes[a] / 10, cav[a] / 10, moved[a] / 10, capital == a,
                             bool(forest[a]), m == 1, m == 2, bool(farm[a]), bool(desert[a]), bool(fault[a]))
            for w in wonders[a]:
                out[b + 11 + w] = 1.0
            out[b + 11 + nw] = hit >> a & 1
        return out
