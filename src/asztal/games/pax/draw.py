"""A turn's first step and drawing (Játékmenet, Kártyahúzás): pass, draw three cards and
place them (one into the hand, one below a Legion, one under the deck), or, once the deck
is empty, take 2 Aureus instead of drawing.

Each decision has one check (``check_turn``, ``check_place``): the legal list is the
candidates that pass it, and a refused action is refused by it, with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from asztal.engine import Action, Refusal
from asztal.games.pax import deck
from asztal.games.pax.actions import BOTTOM, DRAW, HAND, NODRAW, OP_DRAW, OP_NODRAW, PASS, PLACE
from asztal.games.pax.buy import enter_buy
from asztal.games.pax.frames import MODE_NAMES, Drawing, DrawMode, Placed
from asztal.games.pax.messages import card_fields
from asztal.games.pax.pack import LEGION_NUMERALS, RELIGION
from asztal.games.pax.round_end import end_turn

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

MODE_HU = ("egyesével", "előbb kettőt együtt, aztán a harmadikat", "mind a hármat egyszerre")
MODE_EN = ("one at a time", "two together, then the third", "all three at once")
# the destinations' bits and the modes as ``Final`` numbers: the compiled build keeps them as
# machine integers (an enum member read off its class is a Python attribute lookup)
_HAND: Final = int(Placed.HAND)
_LEGION: Final = int(Placed.LEGION)
_BOTTOM: Final = int(Placed.BOTTOM)
_ONE: Final = int(DrawMode.ONE_BY_ONE)
_TWO: Final = int(DrawMode.TWO_THEN_ONE)
_ALL: Final = int(DrawMode.ALL_AT_ONCE)


def mode_words(mode: int, n: int) -> tuple[str, str]:
    """How the ``n`` cards come (Hungarian, English), true to the count: a deck down to two
    cards draws „mindkettőt egyszerre”, never „mind a hármat”."""
    if n == 1:
        return "az utolsót a pakliból", "the last one in the deck"
    if n == 2 and mode != _ONE:
        return "mindkettőt egyszerre", "both at once"
    return MODE_HU[mode], MODE_EN[mode]


# ---------------------------------------------------------------- the start of a turn
def turn_refusal(deck_size: int, op: int) -> Refusal | None:
    """PAX-TURN-02: act or pass; PAX-END-02: with an empty deck the draw becomes 2 Aureus."""
    if op == OP_DRAW and not deck_size:
        return Refusal("pax.no.draw.empty", "PAX-END-02")
    if op == OP_NODRAW and deck_size:
        return Refusal("pax.no.nodraw.cards", "PAX-END-02", {"n": deck_size})
    return None


def check_turn(s: PaxState, op: int) -> Refusal | None:
    return turn_refusal(len(s.deck), op)


#: the start of a turn's legal list, for an empty deck (0) and a deck with cards (1): the
#: candidates that pass ``turn_refusal``, computed once
_TURN_LISTS: Final = tuple(tuple(a for a in (DRAW, NODRAW, PASS) if turn_refusal(has, a.args[0]) is None)
                           for has in (0, 1))


def turn_list(s: PaxState) -> tuple[Action, ...]:
    return _TURN_LISTS[1 if s.deck else 0]


def pass_turn(s: PaxState, seat: int) -> bool:
    """PAX-TURN-05: peek at Rome's 3 face-down cards, 2 Aureus, no other action;
    PAX-Q-16: no base income on top."""
    s.own_money()
    s.money[seat] += 2  # PAX-TURN-06: no limit on Aureus (nor on the hand)
    s.bank -= 2
    s.rome_seen |= 1 << seat
    if s.log is not None:
        s.emit("pax.pass", seat=seat, player=seat + 1)
    end_turn(s)
    return True


def no_draw(s: PaxState, seat: int) -> bool:
    """PAX-END-02: a player who cannot draw even one card gets 2 Aureus, then buys and plays."""
    s.own_money()
    s.money[seat] += 2
    s.bank -= 2
    s.exhausted = True  # PAX-END-03: the game ends with this round
    if s.log is not None:
        s.emit("pax.nodraw", seat=seat, player=seat + 1)
    return enter_buy(s)


def draw(s: PaxState, seat: int) -> bool:
    """PAX-DRAW-01: three cards (PAX-Q-10: fewer if the deck holds fewer), handed out as the
    Religion symbols allow (PAX-DRAW-07, PAX-REL-01, PAX-REL-02; PAX-Q-18: counted now)."""
    religion = s.sym[seat * 7 + RELIGION]
    mode = _ALL if religion >= 6 else _TWO if religion >= 3 else _ONE
    n = min(3, len(s.deck))
    if s.log is not None:
        hu, en = mode_words(mode, n)
        s.emit("pax.draw", seat=seat, player=seat + 1, cards=n, mode=MODE_NAMES[mode], mode_hu=hu, mode_en=en)
    k = 1 if mode == _ONE else (2 if n >= 2 else n) if mode == _TWO else n
    held = tuple(deck.pop(s) for _ in range(k))
    s.frame = Drawing(mode, held, n - k, 0)
    return True


# ---------------------------------------------------------------- placing the drawn cards
def destination_refusal(nleg: int, placed: int, hand_waits: bool, d: int) -> Refusal | None:
    """Whether a drawn card may go to ``d`` (a Legion 0-4, ``HAND`` or ``BOTTOM``) in a game of
    ``nleg`` Legions, the destinations ``placed`` used, and ``hand_waits`` (PAX-REL-01)."""
    if d == HAND:
        if placed & _HAND:
            return Refusal("pax.no.place.hand_used", "PAX-DRAW-03")
        if hand_waits:
            return Refusal("pax.no.place.hand_waits", "PAX-REL-01")
    elif d == BOTTOM:
        if placed & _BOTTOM:
            return Refusal("pax.no.place.bottom_used", "PAX-DRAW-05")
    elif d >= nleg:
        return Refusal("pax.no.legion", "PAX-SETUP-06", {"legion": d})
    elif placed & _LEGION:
        return Refusal("pax.no.place.legion_used", "PAX-DRAW-04")
    return None


def check_destination(s: PaxState, f: Drawing, d: int) -> Refusal | None:
    return destination_refusal(s.nleg, f.placed, f.hand_waits, d)


def check_place(s: PaxState, f: Drawing, c: int, d: int) -> Refusal | None:
    """PAX-DRAW-03..06: each drawn card goes to one of the three destinations, each used once."""
    if c not in f.held:
        return Refusal("pax.no.place.card", "PAX-DRAW-02", {"card": c})
    return check_destination(s, f, d)


def _open_destinations(nleg: int, placed: int, hand_waits: bool) -> tuple[int, ...]:
    """The destinations that pass ``destination_refusal``, in the order the legal list offers
    them (hand, Legions, bottom); they do not depend on the card."""
    order = (HAND, *range(nleg), BOTTOM)
    return tuple(d for d in order if destination_refusal(nleg, placed, hand_waits, d) is None)


#: every answer of ``_open_destinations``, computed once, at ``(nleg * 8 + placed) * 2 + waits``
#: (a list indexed by a small number: cheaper than a dict keyed by a tuple made per lookup)
_OPEN: Final = [_open_destinations(k >> 4, k >> 1 & 7, bool(k & 1)) for k in range(6 * 16)]
#: the legal list for a lone held card (the common case), at ``nleg * 8 + placed``, then by card
_LONE: Final = [tuple(tuple(PLACE[c][d] for d in _OPEN[k * 2]) for c in range(len(PLACE))) for k in range(6 * 8)]


def place_list(s: PaxState, f: Drawing) -> Sequence[Action]:
    held = f.held
    if len(held) == 1:  # a lone card never waits for a third one (PAX-REL-01 needs two held)
        return _LONE[s.nleg * 8 + f.placed][held[0]]
    waits = 1 if f.mode == _TWO and f.left > 0 else 0  # ``f.hand_waits``, inlined
    open_ = _OPEN[(s.nleg * 8 + f.placed) * 2 + waits]
    return [PLACE[c][d] for c in held for d in open_]


def place(s: PaxState, f: Drawing, seat: int, c: int, d: int) -> bool:
    held = f.held
    if len(held) == 1:
        held = ()
    else:
        i = held.index(c)
        held = held[:i] + held[i + 1:]
    if d == HAND:
        s.own_hands()
        s.hands[seat] += (c,)  # PAX-DRAW-03
        used = _HAND
        if s.log is not None:
            s.emit("pax.to_hand", seat=seat, player=seat + 1, secret={"seat": seat, **card_fields(s, c)})
    elif d == BOTTOM:
        deck.to_bottom(s, seat, c)  # PAX-DRAW-05
        used = _BOTTOM
        if s.log is not None:
            s.emit("pax.to_bottom", seat=seat, player=seat + 1, secret={"seat": seat, **card_fields(s, c)})
    else:
        s.own_legions()
        s.legions[d] += (c,)  # PAX-DRAW-04, PAX-Q-13: face up, joins the group
        s.lval[d] += s.cost[c]
        used = _LEGION
        if s.log is not None:
            s.emit("pax.to_legion", seat=seat, player=seat + 1, legion=d + 1, numeral=LEGION_NUMERALS[d],
                   **card_fields(s, c))
    left = f.left
    if left and (not held or (f.mode == _TWO and len(held) == 1)):
        # PAX-DRAW-02: the next card only after placing; PAX-REL-01: the third card
        s.frame = Drawing(f.mode, held + (deck.pop(s),), left - 1, f.placed | used)
        return True
    if not held:
        return enter_buy(s)
    s.frame = Drawing(f.mode, held, left, f.placed | used)
    return False
