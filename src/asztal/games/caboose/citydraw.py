"""6. Draw 2 city cards (húzz 2 városkártyát): one from the face-up display, one from the top of
the deck (CC-ACT-CITY-*); ``citydraw:<display card>``, or ``citydraw`` when the display is empty
(CC-Q-26)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.caboose.common import Why, draw_city, no
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "citydraw"


def citydraw_refusal(s: CabooseState, p: int, c: int) -> Why | None:
    if c >= 0:
        if c not in s.cdisp:  # CC-ACT-CITY-01 one of the face-up cards
            return no("citydraw_not_displayed", "CC-ACT-CITY-01", PART, card=c)
        return None
    if s.cdisp:
        return no("citydraw_display_first", "CC-ACT-CITY-01", PART)
    if not (s.cdeck or s.cdisc):
        return no("citydraw_none", "CC-Q-26", PART)
    return None  # CC-Q-26 an empty display: the draw shrinks to the deck's top card


def citydraw(s: CabooseState, p: int, c: int) -> bool:
    s.own_decks()
    if c >= 0:
        s.cdisp.remove(c)  # CC-ACT-CITY-01 one face-up card; CC-ACT-CITY-02 no refill during the turn
        taken: tuple[int, ...] = (c,)
    else:
        taken = ()
    top = draw_city(s)  # and the top of the deck
    if top >= 0:
        taken += (top,)
    s.own_hands()
    s.chand[p] += taken
    if s.log is not None:
        pk = s.pk
        s.emit("caboose.citydraw", seat=p, count=len(taken), card=None if c < 0 else pk.cc_ids[c],
               secret={"seat": p, "cards": [pk.cc_ids[x] for x in taken],
                       "cards_hu": ", ".join(pk.card_text(x, "hu") for x in taken),
                       "cards_en": ", ".join(pk.card_text(x, "en") for x in taken)})
    return action_done(s) or top >= 0
