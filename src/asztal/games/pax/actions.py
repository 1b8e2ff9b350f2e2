"""Every decision of PAX as an interned Action, built once at import.

Codes (stable, used in records):

=============================  =================================================================
``keep:card=ID``               setup: keep this card, the others go under the deck (PAX-SETUP-12)
``start:card=ID``              solitaire games 3-5: play this card at the start (PAX-SOLO-09..11)
``pass``                       pass: peek at Rome's face-down cards, take 2 Aureus (PAX-TURN-05)
``draw``                       draw cards (PAX-DRAW-01)
``nodraw``                     the deck is empty: take 2 Aureus instead (PAX-END-02)
``place:card=ID,to=hand``      a drawn card into the hand (PAX-DRAW-03)
``place:card=ID,to=legion-N``  a drawn card below Legion N (PAX-DRAW-04)
``place:card=ID,to=bottom``    a drawn card under the deck (PAX-DRAW-05)
``buy:legion=N``               buy the whole group below Legion N (PAX-BUY-01)
``nobuy``                      buy nothing this turn
``play:card=ID``               play a card from the hand (PAX-PLAY-01)
``done``                       stop playing and collect income (PAX-INC-01, PAX-INC-07)
=============================  =================================================================

``args`` is ``(op, card, dest)``: ``op`` one of the ``OP_*`` numbers, ``card`` a card index
(or -1), ``dest`` a Legion index 0-4, ``HAND`` or ``BOTTOM`` (or -1 when unused).
"""

from __future__ import annotations

from typing import Final

from asztal.engine import Action, ActionTable
from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CAT_EN, CAT_HU, LEGION_NUMERALS, NCARDS

# the ops, as ``Final`` literals: the compiled build inlines them (a plain global is a dict lookup)
OP_KEEP: Final = 0
OP_START: Final = 1
OP_PASS: Final = 2
OP_DRAW: Final = 3
OP_NODRAW: Final = 4
OP_PLACE: Final = 5
OP_BUY: Final = 6
OP_NOBUY: Final = 7
OP_PLAY: Final = 8
OP_DONE: Final = 9
HAND: Final = 5  # destinations of a drawn card besides Legions 0..4
BOTTOM: Final = 6
NLEGIONS: Final = 5


def _number(c: int) -> int:
    """The card's number within its category (``fleet-09``: 9), which tells two alike apart."""
    return int(CARD_IDS[c].rsplit("-", 1)[1])


def card_hu(c: int) -> str:
    """``9. flottakártya``: the category's card as the items name it, numbered, never the id."""
    return f"{_number(c)}. {CAT_HU[CARD_CAT[c]].lower()}kártya"


def card_en(c: int) -> str:
    return f"{CAT_EN[CARD_CAT[c]]} card {_number(c)}"


def legion_hu(n: int, suffix: str = "") -> str:
    """``az I. légió``, ``a II. légió``: the article follows how the ordinal is read aloud."""
    article = "az" if n in (0, 4) else "a"  # első, ötödik / második, harmadik, negyedik
    return f"{article} {LEGION_NUMERALS[n]}. légió{suffix}"


def _make(key: tuple[int, ...]) -> Action:
    op = key[0]
    if op == OP_KEEP:
        c = key[1]
        return Action(f"keep:card={CARD_IDS[c]}", "keep", (op, c, -1),
                      f"Megtartja: {card_hu(c)}, a többi a pakli alá", f"Keep {card_en(c)}, the rest under the deck")
    if op == OP_START:
        c = key[1]
        return Action(f"start:card={CARD_IDS[c]}", "start", (op, c, -1),
                      f"Kezdéskor maga elé teszi: {card_hu(c)}", f"Play at the start: {card_en(c)}")
    if op == OP_PASS:
        return Action("pass", "pass", (op, -1, -1), "Passz: megnézi Róma 3 képpel lefelé fordított lapját, +2 Aureus",
                      "Pass: look at Rome's 3 face-down cards, +2 Aureus")
    if op == OP_DRAW:
        return Action("draw", "draw", (op, -1, -1), "Kártyahúzás (3 lap), vásárlás, kijátszás",
                      "Draw cards (3), then buy and play")
    if op == OP_NODRAW:
        return Action("nodraw", "nodraw", (op, -1, -1),
                      "Elfogyott a pakli: 2 Aureus húzás helyett, majd vásárlás, kijátszás",
                      "The deck is empty: 2 Aureus instead of drawing, then buy and play")
    if op == OP_PLACE:
        c, dest = key[1], key[2]
        if dest == HAND:
            to, hu, en = "hand", f"{card_hu(c)} → kézbe", f"{card_en(c)} → into your hand"
        elif dest == BOTTOM:
            to, hu, en = "bottom", f"{card_hu(c)} → a pakli alá", f"{card_en(c)} → under the deck"
        else:
            to = f"legion-{dest + 1}"
            hu = f"{card_hu(c)} → {legion_hu(dest)} alá"
            en = f"{card_en(c)} → below Legion {LEGION_NUMERALS[dest]}"
        return Action(f"place:card={CARD_IDS[c]},to={to}", "place", (op, c, dest), hu, en)
    if op == OP_BUY:
        n = key[2]
        return Action(f"buy:legion={n + 1}", "buy", (op, -1, n),
                      f"Megveszi {legion_hu(n)} alatti csoportot", f"Buy the group below Legion {LEGION_NUMERALS[n]}")
    if op == OP_NOBUY:
        return Action("nobuy", "nobuy", (op, -1, -1), "Nem vásárol", "Buy nothing")
    if op == OP_PLAY:
        c = key[1]
        return Action(f"play:card={CARD_IDS[c]}", "play", (op, c, -1),
                      f"Kijátssza: {card_hu(c)}", f"Play {card_en(c)}")
    if op == OP_DONE:
        return Action("done", "done", (op, -1, -1), "Kész: bevétel begyűjtése", "Done: collect income")
    raise KeyError(key)


ACTIONS: Final = ActionTable(_make)

# ``Final``: the compiled rules read them from C statics, not through this module's dict
KEEP: Final = tuple(ACTIONS((OP_KEEP, c)) for c in range(NCARDS))
START: Final = tuple(ACTIONS((OP_START, c)) for c in range(NCARDS))
PLAY: Final = tuple(ACTIONS((OP_PLAY, c)) for c in range(NCARDS))
#: PLACE[c][dest] for dest in Legions 0..4, HAND, BOTTOM
PLACE: Final = tuple(tuple(ACTIONS((OP_PLACE, c, d)) for d in range(7)) for c in range(NCARDS))
BUY: Final = tuple(ACTIONS((OP_BUY, -1, n)) for n in range(NLEGIONS))
PASS: Final = ACTIONS((OP_PASS,))
DRAW: Final = ACTIONS((OP_DRAW,))
NODRAW: Final = ACTIONS((OP_NODRAW,))
NOBUY: Final = ACTIONS((OP_NOBUY,))
DONE: Final = ACTIONS((OP_DONE,))
