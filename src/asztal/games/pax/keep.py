"""Setup decisions (Előkészületek): each player keeps one card of the first hand, and in the
solitaire games 3-5 the player first lays out start cards (Pasziánsz játék).

Each decision has one check (``check_keep``, ``check_start``): the legal list is the
candidates that pass it, and a refused action is refused by it, with its reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine import Action, Refusal
from asztal.games.pax import deck
from asztal.games.pax.actions import KEEP, START
from asztal.games.pax.frames import KEEP as KEEP_FRAME
from asztal.games.pax.frames import TURN, StartCards
from asztal.games.pax.messages import card_fields
from asztal.games.pax.play import add_to_tableau

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState


def check_keep(s: PaxState, c: int) -> Refusal | None:
    """PAX-SETUP-12 / PAX-SOLO-02: the card kept must be one of the hand."""
    seat = s.to_move
    assert seat is not None
    if c not in s.hands[seat]:
        return Refusal("pax.no.keep.card", "PAX-SETUP-12", {"card": c})
    return None


def keep_list(s: PaxState) -> list[Action]:
    seat = s.to_move
    assert seat is not None
    return [KEEP[c] for c in s.hands[seat] if check_keep(s, c) is None]


def keep(s: PaxState, seat: int, c: int) -> bool:
    """PAX-SETUP-12 / PAX-SOLO-02: keep one card, slide the others under the deck (in drawn order)."""
    hand = s.hands[seat]
    s.own_hands()
    s.hands[seat] = (c,)
    for x in hand:
        if x != c:
            deck.to_bottom(s, seat, x)
    if s.log is not None:
        s.emit("pax.keep", seat=seat, player=seat + 1, bottom=len(hand) - 1,
               secret={"seat": seat, **card_fields(s, c)})
    s.turns += 1
    if s.turns < s.players:
        s.to_move = (seat + 1) % s.players
        return False
    # PAX-SETUP-14: one card face up below each Legion; PAX-Q-17: also in the solitaire game
    s.own_legions()
    legions, lval, cost = s.legions, s.lval, s.cost
    for n in range(s.nleg):
        card = deck.pop(s)
        legions[n] = (card,)
        lval[n] = cost[card]
    s.turns = 0
    s.to_move = s.primus  # PAX-SETUP-15
    s.frame = TURN
    if s.log is not None:
        s.emit("pax.round", round=s.round_no, header=True)
    return True


def check_start(s: PaxState, c: int) -> Refusal | None:
    """PAX-SOLO-09..11: a start card comes from the hand."""
    if c not in s.hands[0]:
        return Refusal("pax.no.start.card", "PAX-SOLO-09", {"card": c})
    return None


def start_list(s: PaxState) -> list[Action]:
    return [START[c] for c in s.hands[0] if check_start(s, c) is None]


def start_card(s: PaxState, frame: StartCards, c: int) -> bool:
    """PAX-SOLO-09..11: play a start card; free (PAX-Q-17) and not limited (PAX-SOLO-12, PAX-LIM-06)."""
    hand = s.hands[0]
    i = hand.index(c)
    s.own_hands()
    s.hands[0] = hand[:i] + hand[i + 1:]
    add_to_tableau(s, 0, c)
    if s.log is not None:
        s.emit("pax.start_play", seat=0, player=1, **card_fields(s, c))
    left = frame.left - 1
    s.frame = StartCards(left) if left else KEEP_FRAME
    return False
