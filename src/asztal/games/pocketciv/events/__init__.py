"""5.2 Events (Események) and chapter 7, the events themselves.

Phase II draws one card (``EvDraw``); if it has a box for the current era, that event's
frame (``frames.EventFrame``: step, card, era, ...) is pushed. Each event is a small step machine in
its own module; every step draws at most one card, before it changes anything, so the era
change a draw of the deck's last card brings (PC-ERA-11, PC-Q-03, ``PocketCivState.draw``)
comes right after that draw and before the card is applied.

The shared sub-decisions (``Loss``, ``CavLoss``, ``Wonders``) and helpers are in
``events/common.py``; this module is the registry: it imports every event's module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.games.pocketciv.actions import ASTRONOMY, DONE
from asztal.games.pocketciv.data import A_ASTRONOMY, BOX
from asztal.games.pocketciv.events import (  # noqa: F401  (each registers its steps)
    anarchy,
    attack,
    bandits,
    civil_war,
    corruption,
    earthquake,
    epidemic,
    famine,
    flood,
    sandstorm,
    superstition,
    trade,
    tribal_war,
    uprising,
    visitation,
    volcano,
)
from asztal.games.pocketciv.frames import PHASE_DEV, Astro, EvDraw, Event, register, start_frame
from asztal.games.pocketciv.refuse import not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


# -- phase II ---------------------------------------------------------------------------------
def _event_run(s: PocketCivState, f: Event) -> bool:
    s.stack[-1] = PHASE_DEV  # phase III comes after the event
    s.stack.append(EvDraw(s.era))
    return True


def _evdraw_run(s: PocketCivState, f: EvDraw) -> bool:
    era = f.era  # PC-Q-03 (a): the card is read in the era it is drawn in, even if it empties the deck
    c = s.draw_aside(era)  # PC-EVP-01
    box = BOX[c][era]  # PC-EVP-02: the box of the current era
    if box is None:  # PC-EVP-03: no event this round
        s.emit("pocketciv.no_event", card=c + 1, era=era)
        s.end_event(c)
        return True
    s.emit("pocketciv.event", card=c + 1, era=era, event=box[0])
    if s.emp.adv & A_ASTRONOMY and s.emp.astro_era != s.era:  # PC-EVT-ASTRONOMY-01
        s.stack[-1] = Astro(c, era)
    else:
        s.stack[-1] = start_frame(box[0], c, era)
    return True


def _astro_legal(s: PocketCivState, f: Astro) -> list[Action]:
    return [ASTRONOMY, DONE]


def _astro_act(s: PocketCivState, f: Astro, action: Action) -> None:
    c, era = f.card, f.era
    if action is ASTRONOMY:  # PC-EVT-ASTRONOMY-01: once per era ignore the card, draw again
        s.emp.astro_era = s.era
        s.own_cards()
        s.aside.remove(c)
        s.discard.append(c)
        s.stack[-1] = EvDraw(s.era)
        s.emit("pocketciv.astronomy", card=c + 1)
    else:
        box = BOX[c][era]
        assert box is not None, "a card that starts an event holds one in this era"
        s.stack[-1] = start_frame(box[0], c, era)


register("event", run=_event_run)
register("evdraw", run=_evdraw_run)
register("astro", legal=_astro_legal, act=_astro_act, refuse=lambda s, f, a: not_here(a, f.TAG))

