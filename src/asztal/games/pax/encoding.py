"""PAX's observation for learning agents (its declared ``encoding`` part, read by
``asztal.adapters.encoding``): a seat's view as a fixed-size float32 vector.

Two encoders give the same numbers: ``view_encoder`` reads ``state.view(seat)`` (the
readable dict, so it shows a seat only what its view shows) and names every entry;
``state_encoder`` reads the state's own fields, only those the view is made of, without
building the view (``tests/adapters/test_fast_encoders.py`` checks them equal). Seats are
relative: block 0 is the observing seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import numpy as np
from librt.vecs import vec
from mypy_extensions import i64

from asztal.engine.features import Obs, Vec, seat_buffers
from asztal.games.pax.frames import STAGE_NAMES, Drawing, Playing, Stage
from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CATEGORIES, NCARDS
from asztal.games.pax.state import PaxState

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


def state_encoder(state: Any, size: int, bound: float = math.inf) -> PaxFast:
    """The encoder from the state's fields, for observations of ``size`` numbers (clamped to ``±bound``)."""
    return PaxFast(size, bound)


_DRAW: Final = int(Stage.DRAW)
_PLAY: Final = int(Stage.PLAY)
_OVER: Final = int(Stage.OVER)
#: a card's place: its offset in ``_PAX_PLACES`` (constants the compiler inlines)
_DRAWN: Final = 1
_ROME: Final = 2
_HIDDEN: Final = 3
_DECK: Final = 4
_LEGION: Final = 5
_TABLEAU: Final = 10
_PUBLIC: Final = 13
_NCARDS: Final = 74
_CARD_CAT: Final = CARD_CAT  # a C static in the compiled build (another module's global is a dict lookup)


class PaxFast:
    """PAX (``_pax``) from ``PaxState``'s fields, compiled with the rules.

    Each seat has its buffer (``Obs``): a number is written only where it changed, and a block
    is computed again only when what it is read from changed (the seats' rows, the turn's, by
    their keys); the 74 x 17 block of where each card is, one place per card (a one-hot
    row), only for the cards that moved since the seat's last call (``_places``): two writes
    each, and the other cards not looked at."""

    def __init__(self, size: int, bound: float = math.inf) -> None:
        self.size = size
        self.bound = bound
        self.nphase = len(STAGE_NAMES)
        self.cards = self.nphase + 6  # the 74 x 17 block of where each card is
        self.after = self.cards + _NCARDS * 17
        assert NCARDS == _NCARDS
        self.seats: list[Obs] = []
        #: the kind of the last frame read, and its part of the game; each kind's part, found
        #: once (``int`` of the frame's ``STAGE``, an ``IntEnum``, is a call into Python)
        self.kind: type | None = None
        self.stage = 0
        self.stages: dict[type, int] = {}
        #: Rome's symbols by category, summed again when Rome changed
        self.rome: vec[i64] = vec[i64]([0] * 7)
        #: each seat's card block as last written (``_places``)
        self.kept: list[_Cards] = []

    def __reduce__(self) -> tuple[Any, ...]:
        return (PaxFast, (self.size, self.bound))  # pickled by its size (the buffers are made again)

    def __call__(self, s: PaxState, seat: int) -> np.ndarray:
        return self.fill(s, seat).copy()

    def as_list(self, s: PaxState, seat: int) -> list[float]:
        return self.fill(s, seat).as_list()

    def fill(self, s: PaxState, seat: int) -> Obs:
        o = seat_buffers(self.seats, seat, self.size, self.bound)
        n: i64 = s.players
        me: i64 = seat
        frame = s.frame
        kind = type(frame)
        if kind is not self.kind:  # (its part of the game read once per kind of frame)
            stage = self.stages.get(kind, -1)
            if stage < 0:
                stage = self.stages[kind] = int(frame.STAGE)
            self.kind, self.stage = kind, stage
        stage = self.stage
        over = stage == _OVER
        o.onehot(7, 0, self.nphase, stage)  # (the blocks' keys: 1-4 the seats', 5 the turn's, 6 the drawing's, 7 this)
        at: i64 = self.nphase
        to = s.to_move
        moving = to is not None and to == seat
        o.flag(at, moving)
        # (the counts read at every call, compared here first: most are as they were, and a
        # call costs more than the comparison)
        ints = o.ints
        x: int = s.round_no
        if ints[at + 1] != x:
            o.num(at + 1, x, 20)
        x = len(s.deck)
        if ints[at + 2] != x:
            o.num(at + 2, x, 74)
        o.flag(at + 3, s.exhausted)
        x = s.level or 0
        if ints[at + 4] != x:
            o.num(at + 4, x, 5)
        x = s.money[me]
        if ints[at + 5] != x:
            o.num(at + 5, x, 20)
        shown_hidden = over or (s.rome_seen >> me & 1) != 0
        drawing = stage == _DRAW and moving and isinstance(frame, Drawing)
        kept = self._places(o, s, seat, drawing, shown_hidden)
        changed = kept.changed
        at = self.after
        # Rome's symbols and each Legion's value: computed again only when its tuple was
        # replaced (``_places`` compared them), or the pack's
        if s.syms is not kept.syms or s.cost is not kept.cost:
            kept.syms, kept.cost = s.syms, s.cost
            changed |= _ROME_LEGIONS
        if changed & 1 << _SLOT_ROME:
            syms = s.syms
            rome = self.rome
            for j in range(7):
                rome[j] = 0
            for c in s.rome:
                j = _CARD_CAT[c]
                rome[j] = rome[j] + syms[c]
            for j in range(7):
                o.num(at + j, rome[j], 10)
        if changed & _LEGIONS:
            cost = s.cost
            legions = s.legions
            for j in range(5):
                if changed & 1 << _SLOT_LEGION + j:
                    v = 0
                    if j < len(legions):
                        for c in legions[j]:
                            v += cost[c]
                    o.num(at + 8 + j, v, 10)
        x = len(s.rome_hidden)
        if ints[at + 7] != x:
            o.num(at + 7, x, 3)
        at += 13
        sym, money, rome_seen, hands = s.sym, s.money, s.rome_seen, s.hands
        # the seats' numbers, a row each, written again only where what they are read from
        # changed: the symbols (and the limit and bonuses) when the seat's tableau was
        # replaced, the hand's size when its hand was, the other numbers when their key did (a
        # step changes one seat's at most)
        primus: i64 = s.primus
        pc: i64 = s.pc
        q = me  # (the seat k places from this one)
        for k in range(4):
            if k < n:
                shown = over or q == me
                m: i64 = money[q] if shown else 0
                seen: i64 = rome_seen >> q & 1
                key: i64 = -1
                if 0 <= m < 1 << 40:
                    key = m << 1 | seen
                    key = key << 1 | (1 if q == primus else 0)
                    key = key << 1 | (1 if q == pc else 0)
                    key = (key << 1 | (1 if shown else 0)) << 1 | 1  # (and present)
                if not o.same(1 + k, key):
                    o.flag(at, True)
                    o.num(at + 12, seen, 1)
                    o.flag(at + 13, q == primus)
                    o.flag(at + 14, q == pc)
                    o.num(at + 15, m, 20)
                    o.flag(at + 16, not shown)
                if changed & 1 << _SEAT_TABLEAU + 2 * k:
                    b = q * 7
                    for j in range(7):
                        o.num(at + 1 + j, sym[b + j], 10)
                    o.num(at + 9, max(sym[b + 5], sym[b + 6]), 10)  # PAX-LIM-01: the larger of Estate and Conspiracy
                    o.num(at + 10, sym[b + 1] // 3, 3)  # PAX-FLT-01: bonus Armies from Fleets
                    o.num(at + 11, sym[b + 2] // 3, 3)  # PAX-ARM-01: bonus Fleets from Armies
                if changed & _ROW_HAND[k]:
                    o.num(at + 8, len(hands[q]), 10)
                q = q + 1 if q + 1 < n else 0
            elif not o.same(1 + k, 0):  # (no seat here: a row of zeros)
                for j in range(17):
                    o.num(at + j, 0, 1)
            at += 17
        at = self.after + 13 + 4 * 17
        # the turn's numbers and the drawing's, written again when they changed
        key = 0
        if stage == _PLAY and isinstance(frame, Playing):
            cats, played = frame.categories, frame.played
            key = (played << 8 | cats) << 1 | 1 if 0 <= played < 1 << 20 and 0 <= cats < 256 else -1
            if not o.same(5, key):
                o.num(at, played, 5)
                o.num(at + 1, played, 5)
                for j in range(7):
                    o.num(at + 2 + j, cats >> j & 1, 1)
        elif not o.same(5, key):
            for j in range(9):
                o.num(at + j, 0, 1)
        at += 9
        key = 0
        if stage == _DRAW and isinstance(frame, Drawing):
            left, used = frame.left, frame.placed
            key = (left << 8 | used) << 1 | 1 if 0 <= left < 1 << 20 and 0 <= used < 256 else -1
            if not o.same(6, key):
                o.num(at, left, 3)
                for j in range(3):
                    o.num(at + 1 + j, used >> j & 1, 1)
        elif not o.same(6, key):
            for j in range(4):
                o.num(at + j, 0, 1)
        return o

    def _places(self, o: Obs, s: PaxState, seat: int, drawing: bool, shown_hidden: bool) -> _Cards:
        """The 74 x 17 block of where each card is, as the seat knows it, written again only
        for the cards that moved: the places a card can be seen in are slots, in the order in
        which a later one overrides an earlier one; each card keeps the set of slots holding
        it (a bit mask), and a slot whose tuple was replaced since the last call toggles the
        bits of its new and its old cards (``_Cards.part``: a card in both is toggled twice,
        unchanged). The cards toggled, and those whose known or slid flag changed
        (``_Cards.flip``), are listed once each (``_Cards.moved``) and placed again."""
        every = self.kept
        while len(every) <= seat:
            every.append(_Cards())
        kept = every[seat]
        kept.changed = 0
        n: i64 = s.players
        me: i64 = seat
        hands, tableau, legions, frame = s.hands, s.tableau, s.legions, s.frame
        parts = kept.parts
        part = hands[me]
        if part is not parts[_OWN]:
            kept.part(_OWN, part)
        q = me
        for k in range(4):  # (q: the seat k places from this one)
            part = tableau[q] if k < n else ()
            if part is not parts[_SEAT_TABLEAU + 2 * k]:
                kept.part(_SEAT_TABLEAU + 2 * k, part)
            part = hands[q] if 0 < k < n else ()
            if part is not parts[_SEAT_HAND + 2 * k]:
                kept.part(_SEAT_HAND + 2 * k, part)
            q = q + 1 if q + 1 < n else 0
        nlegions: i64 = len(legions)
        for i in range(5):
            part = legions[i] if i < nlegions else ()
            if part is not parts[_SLOT_LEGION + i]:
                kept.part(_SLOT_LEGION + i, part)
        if s.rome is not parts[_SLOT_ROME]:
            kept.part(_SLOT_ROME, s.rome)
        part = s.rome_hidden if shown_hidden else ()
        if part is not parts[_SLOT_HIDDEN]:
            kept.part(_SLOT_HIDDEN, part)
        part = frame.held if drawing and isinstance(frame, Drawing) else ()
        if part is not parts[_SLOT_DRAWN]:
            kept.part(_SLOT_DRAWN, part)
        known = s.known  # the cards in a hand that every seat knows (bought ones)
        if known != kept.known:
            kept.flip(known ^ kept.known, _KNOWN)
            kept.known = known
        # the cards this seat slid under the deck: those in it (a card leaves the deck only
        # through ``deck.pop``, which clears its bits, so the set changes when one of them moves)
        mine = s.slid[me]
        if mine != kept.mine:
            kept.flip(mine ^ kept.mine, _MINE)
            kept.mine = mine
        count = kept.count
        if count == 0:
            return kept
        kept.count = 0
        deck = s.deck
        at: i64 = self.cards
        slots, flags, moved, place = kept.slots, kept.flags, kept.moved, kept.place
        for j in range(count):
            c = moved[j]
            # the card's last slot (the other seats' hands there seen only when known)
            m = slots[c] & _SLOTS
            slots[c] = m
            if m & _OTHER_HANDS and not flags[c] & _KNOWN:
                m &= ~_OTHER_HANDS
            if m:
                p: i64 = _SLOT_PLACE[int(m).bit_length() - 1]
            elif flags[c] & _MINE and c in deck:
                p = _DECK
            else:
                p = -1
            was = place[c]
            if p != was:
                if was >= 0:
                    o.flag(at + c * 17 + was, False)
                if p >= 0:
                    o.flag(at + c * 17 + p, True)
                place[c] = p
        return kept


#: the slots of a card's place, in the order in which a later one overrides an earlier one: the
#: seat's own hand; for each seat from this one, its tableau, and (for the others) its hand
#: cards that every seat knows; the Legions; Rome; Rome's hidden cards; the cards drawn
_OWN: Final = 0
_SEAT_TABLEAU: Final = 1
_SEAT_HAND: Final = 2
_SLOT_LEGION: Final = 9
_SLOT_ROME: Final = 14
_SLOT_HIDDEN: Final = 15
_SLOT_DRAWN: Final = 16
#: every slot's bit (``_Cards.slots``), and the bit beyond them: the card is listed in ``moved``
_SLOTS: Final = (1 << 17) - 1
_LISTED: Final = 1 << 17
#: the slots read by the numbers of Rome and the Legions, and by each seat's row (from this
#: seat: its tableau, slot ``_SEAT_TABLEAU + 2 * k``, and its hand, the seat's own for row 0)
_LEGIONS: Final = 0b11111 << _SLOT_LEGION
_ROME_LEGIONS: Final = _LEGIONS | 1 << _SLOT_ROME
_ROW_HAND: Final[tuple[int, ...]] = (1 << _OWN, 1 << _SEAT_HAND + 2, 1 << _SEAT_HAND + 4, 1 << _SEAT_HAND + 6)
#: the slots of the other seats' hands (a card there is seen only when known)
_OTHER_HANDS: Final = 1 << _SEAT_HAND + 2 | 1 << _SEAT_HAND + 4 | 1 << _SEAT_HAND + 6
#: a card's flags (``_Cards.flags``): in a hand and known to every seat (``s.known``), slid under
#: the deck by the observing seat (``s.slid``)
_KNOWN: Final = 1
_MINE: Final = 2
#: each slot's place (its offset in ``_PAX_PLACES``; slot 2, the seat's own hand cards known to
#: all, is never filled: they are "hand")
_SLOT_PLACE: Final[tuple[int, ...]] = (
    0, _TABLEAU, -1, _TABLEAU + 1, _PUBLIC + 1, _TABLEAU + 2, _PUBLIC + 2, _TABLEAU + 3, _PUBLIC + 3,
    _LEGION, _LEGION + 1, _LEGION + 2, _LEGION + 3, _LEGION + 4, _ROME, _HIDDEN, _DRAWN)
#: the bits of the known and slid sets read at a time (``_Cards.flip``): a C integer
_CHUNK: Final = 60


class _Cards:
    """One seat's card block as last written: the tuple each slot held; each card's slots (a
    bit mask), flags (known, slid by this seat) and place (-1: none); the known and slid cards
    it was read with; the cards listed to be placed again; and the slots replaced in the last
    call. The per-card records are ``vec[i64]`` (read and written as C integers, where a list's
    items are objects) and the list of cards is one with a count (no list made per call, each
    card listed once)."""

    def __init__(self) -> None:
        self.parts: list[tuple[int, ...]] = [()] * 17
        self.slots: vec[i64] = vec[i64]([0] * _NCARDS)
        self.flags: vec[i64] = vec[i64]([0] * _NCARDS)
        self.place: vec[i64] = vec[i64]([-1] * _NCARDS)
        #: the cards to place again, the first ``count`` (a card is listed once: ``_LISTED``)
        self.moved: vec[i64] = vec[i64]([0] * _NCARDS)
        self.count: i64 = 0
        self.known = 0
        self.mine = 0
        #: the slots whose tuple was replaced in this call (bits): the seats' rows and Rome's
        #: symbols read them (a seat's symbols change only with its tableau, ``add_to_tableau``)
        self.changed: i64 = 0
        #: the pack's tuples the Rome and Legion numbers were last computed with
        self.syms: tuple[int, ...] = ()
        self.cost: tuple[int, ...] = ()

    def part(self, slot: i64, cards: tuple[int, ...]) -> None:
        """Slot ``slot`` holds ``cards`` now (another tuple): the cards that came into it or
        left it are listed. What the old and the new tuple begin and end with alike stayed
        (a step adds a card at the end of a hand or a tableau, or takes one out: the rest is
        not looked at again); in the parts between, the slot's bit is toggled for the new
        cards, then for the old ones (a card in both is toggled twice: unchanged, listed all
        the same). A card is in one place at a time, so a tuple holds it at most once."""
        old = self.parts[slot]
        self.parts[slot] = cards
        bit: i64 = 1 << slot
        self.changed |= bit
        slots, moved, count = self.slots, self.moved, self.count
        lo: i64 = 0
        end: i64 = len(cards)
        was: i64 = len(old)
        new_o: tuple[object, ...] = cards  # (compared as objects: a card is a small int, one object
        old_o: tuple[object, ...] = old  # each; an unequal pair only costs a toggle more)
        while lo < end and lo < was and new_o[lo] is old_o[lo]:
            lo += 1
        while end > lo and was > lo and new_o[end - 1] is old_o[was - 1]:
            end -= 1
            was -= 1
        for i in range(lo, end):
            c: i64 = cards[i]
            m = slots[c] ^ bit
            if not m & _LISTED:
                m |= _LISTED
                moved[count] = c
                count += 1
            slots[c] = m
        for i in range(lo, was):
            c = old[i]
            m = slots[c] ^ bit
            if not m & _LISTED:
                m |= _LISTED
                moved[count] = c
                count += 1
            slots[c] = m
        self.count = count

    def flip(self, x: int, flag: i64) -> None:
        """The cards of the set ``x`` (a bit per card, up to 74 bits: a Python integer) had
        their ``flag`` changed: toggled, and listed. Read ``_CHUNK`` bits at a time as a C
        integer (not a long-integer operation, with a new object, per card)."""
        flags, slots, moved, count = self.flags, self.slots, self.moved, self.count
        base: i64 = 0
        while x:
            bits = i64(x & (1 << _CHUNK) - 1)
            x >>= _CHUNK
            while bits:
                low = bits & -bits
                bits ^= low
                c = base + int(low).bit_length() - 1
                flags[c] = flags[c] ^ flag
                m = slots[c]
                if not m & _LISTED:
                    slots[c] = m | _LISTED
                    moved[count] = c
                    count += 1
            base += _CHUNK
        self.count = count
