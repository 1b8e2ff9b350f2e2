"""The deck (Pakli): taking its top card, sliding a card under it, and who knows where.

Every part of the game that touches the deck goes through these three calls, so that the
record of which seat knows a card's place under the deck (``slid``, ``slid_all``) never
goes stale: a card slid under the deck is known to the seat that slid it until it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.games.pax.pack import BIT

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

_BIT: Final = BIT  # a C static in the compiled build (another module's global is a dict lookup)


def pop(s: PaxState) -> int:
    """The top card of the deck, taken off it (a chance draw: the cards slid under the deck lie
    below all the others, in places their sliders know, so only the rest is unfixed)."""
    s.own_deck()
    c = s.rng.draw(s.deck, "pax.deck", len(s.deck) - s.slid_all.bit_count())
    if s.slid_all & _BIT[c]:
        _unslide(s, c)
    return c


def _unslide(s: PaxState, c: int) -> None:
    """``c`` left the deck: nobody knows its place in the deck any more."""
    b = _BIT[c]
    s.slid_all ^= b
    slid = s.slid
    for i in range(len(slid)):
        if slid[i] & b:
            slid[i] ^= b


def to_bottom(s: PaxState, seat: int, c: int) -> None:
    """PAX-DRAW-05: ``seat`` slides ``c`` under the deck, face down; it knows where the card is."""
    s.own_deck()
    s.deck.insert(0, c)
    b = _BIT[c]
    s.slid[seat] |= b
    s.slid_all |= b
