"""Observation encoders that read the state's own fields: the numbers of ``Encoder`` (which
reads ``view(seat)``), without building the view.

``view(seat)`` is a readable dict made for people and sockets; building it and walking it
costs 15-30 engine steps. These encoders write the same vector straight from the fields
``view(seat)`` is made of, and only those, so they show a seat exactly what its view shows
(``tests/adapters/test_fast_encoders.py`` checks them equal to the view-based encoder on
thousands of positions of every game). ``fast_encoder(game, encoder)`` returns the fast
function for a game, or None where there is none yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Encode = Callable[[Any, int], np.ndarray]


class PaxFast:
    """PAX (``encoding._pax``) from ``PaxState``'s fields."""

    def __init__(self, size: int) -> None:
        from asztal.games.pax.frames import STAGE_NAMES, Stage
        from asztal.games.pax.pack import BIT, CARD_CAT, NCARDS

        self.consts = (BIT, CARD_CAT, Stage.DRAW, Stage.OVER, Stage.PLAY)
        self.size = size
        self.nphase = len(STAGE_NAMES)
        self.cards = self.nphase + 6  # the 74 x 17 block of where each card is
        self.after = self.cards + NCARDS * 17
        self.ncards = NCARDS

    def __call__(self, s: Any, seat: int) -> np.ndarray:
        BIT, CARD_CAT, PH_DRAW, PH_OVER, PH_PLAY = self.consts  # noqa: N806 (the rules' names)
        out = np.zeros(self.size, np.float32)
        n = s.players
        stage, frame = s.stage, s.frame
        over = stage == PH_OVER
        out[stage] = 1.0
        at = self.nphase
        out[at:at + 6] = (s.to_move == seat, s.round_no / 20, len(s.deck) / 74, bool(s.exhausted),
                          (s.level or 0) / 5, s.money[seat] / 20)
        # where each card is, as the seat knows it: later places override earlier ones
        place: dict[int, int] = {}
        for c in s.hands[seat]:
            place[c] = 0
        known = s.known
        for k in range(n):
            q = (seat + k) % n
            for c in s.tableau[q]:
                place[c] = 10 + k
            if k:
                for c in s.hands[q]:
                    if known & BIT[c]:
                        place[c] = 13 + k
        for i, g in enumerate(s.legions):
            for c in g:
                place[c] = 5 + i
        for c in s.rome:
            place[c] = 2
        if over or s.rome_seen >> seat & 1:
            for c in s.rome_hidden:
                place[c] = 3
        if stage == PH_DRAW and seat == s.to_move:
            for c in frame.held:
                place[c] = 1
        mine = s.slid[seat]
        if mine:
            for c in s.deck:
                if mine & BIT[c] and c not in place:
                    place[c] = 4
        if place:
            cards = np.fromiter(place.keys(), np.int64, len(place))
            where = np.fromiter(place.values(), np.int64, len(place))
            out[self.cards + cards * 17 + where] = 1.0
        syms = s.syms
        rome = [0.0] * 7
        for c in s.rome:
            rome[CARD_CAT[c]] += syms[c] / 10
        tail = rome
        tail.append(len(s.rome_hidden) / 3)
        cost = s.cost
        legions = [sum(cost[c] for c in g) / 10 for g in s.legions[:5]]
        tail += legions
        tail += [0.0] * (5 - len(legions))
        sym = s.sym
        money, rome_seen = s.money, s.rome_seen
        for k in range(4):
            if k < n:
                q = (seat + k) % n
                b = q * 7
                ts = sym[b:b + 7]
                tail.append(1.0)
                tail += [x / 10 for x in ts]
                shown = over or q == seat
                tail += (len(s.hands[q]) / 10,
                         max(ts[5], ts[6]) / 10,  # PAX-LIM-01: the larger of Estate and Conspiracy
                         (ts[1] // 3) / 3,  # PAX-FLT-01: bonus Armies from Fleets
                         (ts[2] // 3) / 3,  # PAX-ARM-01: bonus Fleets from Armies
                         rome_seen >> q & 1, q == s.primus, q == s.pc,
                         money[q] / 20 if shown else 0.0, 0.0 if shown else 1.0)
            else:
                tail += _ZERO17
        if stage == PH_PLAY:
            cats, played = frame.categories, frame.played
            tail += (played / 5, played / 5, *[cats >> k & 1 for k in range(7)])
        else:
            tail += _ZERO9
        if stage == PH_DRAW:
            used = frame.placed
            tail += (frame.left / 3, used & 1, used >> 1 & 1, used >> 2 & 1)
        else:
            tail += (0.0, 0.0, 0.0, 0.0)
        out[self.after:] = tail
        return out


_ZERO17 = (0.0,) * 17
_ZERO9 = (0.0,) * 9


class CabooseFast:
    """Caboose (``encoding._caboose``) from ``CabooseState``'s fields."""

    def __init__(self, size: int) -> None:
        from asztal.games.caboose.common import ACTIONS, PHASE_NAMES, STEP_NAMES
        from asztal.games.caboose.scoring import city_value

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
        cubes, value = s.cubes, self.city_value
        block = []
        for x in range(nc):
            block += (value(s, x) / 10, pk.city_dark[x])
            block += [c / 3 for c in cubes[x * nf:(x + 1) * nf]]
            block += (s.pyr[x] >= 0, len(s.btiles[x]) / 3)
        rt = s.rt
        for r in range(nr):
            for k in range(5):
                block.append(rt[r * n + (seat + k) % n] / 3 if k < n else 0.0)
        out[at:at + len(block)] = block
        at += len(block)
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


class PocketCivFast:
    """Solo PocketCiv (``encoding._pocketciv``) from the state's fields."""

    def __init__(self, size: int) -> None:
        from asztal.adapters.encoding import _pocketciv_steps
        from asztal.games.pocketciv.data import ADV_IDS, MAXAREA, NCARDS, WONDER_IDS

        self.size = size
        self.ncards, self.nadv, self.maxarea = NCARDS, len(ADV_IDS), MAXAREA
        steps = _pocketciv_steps()
        self.nsteps = len(steps)
        self.step_at = {name: i for i, name in enumerate(steps)}
        self.nwonders = len(WONDER_IDS)
        self.per_area = 12 + self.nwonders

    def __call__(self, s: Any, seat: int) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        nc = self.ncards
        e = s.emp  # the Empire the rules act on (the solo game's one)
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
        hit = s.hit
        for a in s.board.areas:
            b = at + a * per
            m = s.mount[a]
            out[b:b + 11] = (1.0, e.tribes[a] / 10, e.cav[a] / 10, e.moved[a] / 10, e.capital == a,
                             bool(s.forest[a]), m == 1, m == 2, bool(s.farm[a]), bool(s.desert[a]), bool(s.fault[a]))
            for w in e.wonders[a]:
                out[b + 11 + w] = 1.0
            out[b + 11 + nw] = hit >> a & 1
        return out


def fast_encoder(game: str, size: int) -> Encode | None:
    """The state-field encoder of ``game`` for observations of ``size`` numbers, if it has one."""
    if game == "pax":
        return PaxFast(size)
    if game == "caboose":
        return CabooseFast(size)
    if game == "pocketciv":
        return PocketCivFast(size)
    return None
