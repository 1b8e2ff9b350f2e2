"""PAX's observation for learning agents (its declared ``encoding`` part, read by
``asztal.adapters.encoding``): a seat's view as a fixed-size float32 vector.

Two encoders give the same numbers: ``view_encoder`` reads ``state.view(seat)`` (the
readable dict, so it shows a seat only what its view shows) and names every entry;
``state_encoder`` reads the state's own fields, only those the view is made of, without
building the view (``tests/adapters/test_fast_encoders.py`` checks them equal). Seats are
relative: block 0 is the observing seat.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from asztal.engine.features import Vec
from asztal.games.pax.frames import STAGE_NAMES, Stage
from asztal.games.pax.pack import BIT, CARD_CAT, CARD_IDS, CATEGORIES, NCARDS

#: where a PAX card can be, as the observing seat sees it (tableau0 is its own)
_PAX_PLACES = ("hand", "drawn", "rome", "rome_hidden", "deck_known", *[f"legion{i}" for i in range(1, 6)],
               *[f"tableau{k}" for k in range(4)], *[f"public{k}" for k in range(1, 4)])
_PAX_DRAW_USED = ("hand", "legion", "bottom")


def _pax(view: dict[str, Any], seat: int, v: Vec) -> None:
    n = view["players"]
    rel = [(seat + k) % n for k in range(n)]
    v.onehot("phase", view["phase"], STAGE_NAMES)
    v.num("to_move_is_me", view["to_move"] == seat)
    v.num("round", view["round"], 20)
    v.num("deck_size", view["deck_size"], 74)
    v.num("deck_ran_out", view["deck_ran_out"])
    v.num("level", view["level"], 5)
    v.num("money", view["money"], 20)
    where: dict[str, str] = {}
    for c in view["hand"]:
        where[c["id"]] = "hand"
    for k, s in enumerate(rel):
        t = view["tableaux"][s]
        for c in t["tableau"]:
            where[c["id"]] = f"tableau{k}"
        if k:  # the seat's own hand cards are "hand", the bought ones too
            for c in t["hand_public"]:
                where[c["id"]] = f"public{k}"
    for leg in view["legions"]:
        for c in leg["cards"]:
            where[c["id"]] = f"legion{leg['number']}"
    for c in view["rome"]["cards"]:
        where[c["id"]] = "rome"
    for c in view["rome"].get("hidden") or []:
        where[c["id"]] = "rome_hidden"
    for c in (view.get("draw") or {}).get("cards") or []:
        where[c["id"]] = "drawn"
    for _, cid in view.get("deck_known") or []:
        where.setdefault(cid, "deck_known")
    for cid in CARD_IDS:
        v.onehot(("card:", cid), where.get(cid), _PAX_PLACES)
    for cat in CATEGORIES:
        v.num(("rome:", cat), view["rome"]["symbols"][cat], 10)
    v.num("rome_hidden_count", view["rome"]["hidden_count"], 3)
    legions = {leg["number"]: leg["value"] for leg in view["legions"]}
    for i in range(1, 6):
        v.num(("legion", i, ":value"), legions.get(i), 10)
    for k in range(4):
        t = view["tableaux"][rel[k]] if k < n else None
        v.num(("seat", k, ":present"), t is not None)
        for cat in CATEGORIES:
            v.num(("seat", k, ":", cat), t and t["symbols"][cat], 10)
        for key, scale in (("hand_size", 10), ("limit", 10), ("bonus_armies", 3), ("bonus_fleets", 3),
                           ("saw_rome", 1), ("primus", 1), ("primus_conspiratus", 1)):
            v.num(("seat", k, ":", key), t and t[key], scale)
        v.num(("seat", k, ":money"), t and t["money"], 20)
        v.num(("seat", k, ":money_hidden"), t is not None and t["money"] is None)
    turn = view.get("turn") or {}
    v.num("turn:played", turn.get("played"), 5)
    v.num("turn:next_cost", turn.get("next_cost"), 5)
    v.multihot("turn:categories", turn.get("categories") or [], CATEGORIES)
    draw = view.get("draw") or {}
    v.num("draw:left", draw.get("left"), 3)
    v.multihot("draw:used", draw.get("used") or [], _PAX_DRAW_USED)


def view_encoder(state: Any) -> Callable[[dict[str, Any], int, Vec], None]:
    """The view-based encoder: ``fill(view, seat, vec)``."""
    return _pax


def state_encoder(state: Any, size: int) -> PaxFast:
    """The encoder from the state's fields, for observations of ``size`` numbers."""
    return PaxFast(size)


class PaxFast:
    """PAX (``_pax``) from ``PaxState``'s fields.

    The vector is a zeroed buffer: the card block gets its ones by one fancy assignment of
    flat positions, the numbers after it are packed in one call (``struct``, which rounds a
    double to float32 as numpy does)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.nphase = len(STAGE_NAMES)
        self.cards = self.nphase + 6  # the 74 x 17 block of where each card is
        self.after = self.cards + NCARDS * 17
        #: the flat position of card c's first place
        self.at17 = [self.cards + c * 17 for c in range(NCARDS)]
        self.tail = struct.Struct(f"{size - self.after}f")
        self.head = struct.Struct("6f")

    def __reduce__(self) -> tuple[Any, ...]:
        return (PaxFast, (self.size,))  # pickled by its size (a ``struct.Struct`` does not pickle)

    def __call__(self, s: Any, seat: int) -> np.ndarray:
        buf = bytearray(4 * self.size)
        out = np.frombuffer(buf, np.float32)
        n = s.players
        stage, frame = s.stage, s.frame
        over = stage == Stage.OVER
        out[stage] = 1.0
        self.head.pack_into(buf, 4 * self.nphase, s.to_move == seat, s.round_no / 20, len(s.deck) / 74,
                            bool(s.exhausted), (s.level or 0) / 5, s.money[seat] / 20)
        # where each card is, as the seat knows it (its flat position): later places override earlier ones
        at17 = self.at17
        place: dict[int, int] = {}
        for c in s.hands[seat]:
            place[c] = at17[c]
        known = s.known
        for k in range(n):
            q = (seat + k) % n
            for c in s.tableau[q]:
                place[c] = at17[c] + 10 + k
            if k:
                for c in s.hands[q]:
                    if known & BIT[c]:
                        place[c] = at17[c] + 13 + k
        for i, g in enumerate(s.legions):
            for c in g:
                place[c] = at17[c] + 5 + i
        for c in s.rome:
            place[c] = at17[c] + 2
        if over or s.rome_seen >> seat & 1:
            for c in s.rome_hidden:
                place[c] = at17[c] + 3
        if stage == Stage.DRAW and seat == s.to_move:
            for c in frame.held:
                place[c] = at17[c] + 1
        mine = s.slid[seat]  # the cards this seat put under the deck: those still in it
        while mine:
            c = (mine & -mine).bit_length() - 1
            mine &= mine - 1
            if c not in place and c in s.deck:
                place[c] = at17[c] + 4
        if place:
            out[np.fromiter(place.values(), np.intp, len(place))] = 1.0
        syms = s.syms
        rome = [0.0] * 7
        for c in s.rome:
            rome[CARD_CAT[c]] += syms[c] / 10
        tail = rome
        tail.append(len(s.rome_hidden) / 3)
        cost = s.cost
        # (loops and ``map`` rather than comprehensions: each comprehension is a call)
        legions = s.legions
        for g in legions[:5]:
            tail.append(sum(map(cost.__getitem__, g)) / 10)
        tail += _ZERO17[:5 - len(legions[:5])]
        sym = s.sym
        money, rome_seen, hands = s.money, s.rome_seen, s.hands
        for k in range(4):
            if k < n:
                q = (seat + k) % n
                b = q * 7
                ts = sym[b:b + 7]
                tail.append(1.0)
                tail += map(_TENTH, ts)
                shown = over or q == seat
                tail += (len(hands[q]) / 10,
                         max(ts[5], ts[6]) / 10,  # PAX-LIM-01: the larger of Estate and Conspiracy
                         (ts[1] // 3) / 3,  # PAX-FLT-01: bonus Armies from Fleets
                         (ts[2] // 3) / 3,  # PAX-ARM-01: bonus Fleets from Armies
                         rome_seen >> q & 1, q == s.primus, q == s.pc,
                         money[q] / 20 if shown else 0.0, 0.0 if shown else 1.0)
            else:
                tail += _ZERO17
        if stage == Stage.PLAY:
            cats, played = frame.categories, frame.played
            tail += (played / 5, played / 5)
            tail += _BITS7[cats]
        else:
            tail += _ZERO9
        if stage == Stage.DRAW:
            used = frame.placed
            tail += (frame.left / 3, used & 1, used >> 1 & 1, used >> 2 & 1)
        else:
            tail += (0.0, 0.0, 0.0, 0.0)
        self.tail.pack_into(buf, 4 * self.after, *tail)
        return out


_ZERO17 = (0.0,) * 17
_TENTH = (10).__rtruediv__  # x -> x / 10
_BITS7 = tuple(tuple(c >> k & 1 for k in range(7)) for c in range(128))  # a 7-bit set's bits
_ZERO9 = (0.0,) * 9
