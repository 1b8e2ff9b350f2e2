"""Which card the board shows beside the map, and what it is, read from the view alone.

The board shows one card: the event's own card while an event is carried out (it waits
aside, PC-EVT-02), otherwise the top of the discard pile. Right after the deck is shuffled
(at the start, PC-SETUP-07, and at every era change, PC-DECK-04) that top card is only one of
the three cards discarded unread: calling it "the card" with this era's event beside it made
it look like an event under way (issue 37). Nothing else takes a card off the discard pile,
and every draw adds to it or sets the card aside, so a pile of exactly three with nothing
aside means nothing has been drawn since the shuffle. The terminal (``render``) and the
browser (``board``) both ask here, so they name the card alike.
"""

from __future__ import annotations

from typing import Any, Literal

#: ``event``: the card of the event being carried out; ``last``: the card turned up last, whose
#: event is over (from the second round on, the movement shows last round's card: called
#: "the card" it read as an event to come); ``start`` / ``era``: one of the three discarded at
#: the start or at the latest era change
CardKind = Literal["event", "last", "start", "era"]

#: PC-SETUP-07, PC-DECK-04: the three top cards discarded after the shuffle
DISCARDED_AT_SHUFFLE = 3

#: what the card is called, (Hungarian, English), for each kind
CARD_NAMES: dict[CardKind, tuple[str, str]] = {
    "event": ("Lap", "Card"),
    "last": ("Legutóbb húzott lap", "Last card drawn"),
    "start": ("Kezdéskor eldobott lap", "Discarded at the start"),
    "era": ("Korszakváltáskor eldobott lap", "Discarded at the era change"),
}

#: why a discarded card's event is not carried out, (Hungarian, English)
NOT_READ: dict[CardKind, tuple[str, str]] = {
    "start": ("Eseménye nem történik meg; még nincs húzott lap", "Its event does not happen; no card drawn yet"),
    "era": ("Eseménye nem történik meg; az új Korszakban még nincs húzott lap",
            "Its event does not happen; no card drawn in the new era yet"),
}


def shown_card(view: dict[str, Any]) -> tuple[int | None, CardKind]:
    """The card number (1-16, None before the first shuffle) the board shows, and its kind."""
    if view.get("aside"):
        return int(view["aside"][0]), "event"
    top = view.get("discard_top")
    if top and view.get("discard_size") == DISCARDED_AT_SHUFFLE:
        return int(top), "start" if view.get("era") == 1 else "era"
    return top, "last"


def card_words(kind: CardKind, lang: str, table: dict[CardKind, tuple[str, str]] = CARD_NAMES) -> str:
    """A kind's words from ``table`` in ``lang`` (Hungarian unless ``en``)."""
    hu, en = table[kind]
    return en if lang == "en" else hu
