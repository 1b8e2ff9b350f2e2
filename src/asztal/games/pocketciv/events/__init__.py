"""5.2 Events (Események) and chapter 7, the events themselves.

Phase II draws one card (``EvDraw``); if it has a box for the current era, that event's
frame (``frames.EventFrame``: step, card, era, ...) is pushed. Each event is a small step machine in
its own module; every step draws at most one card, before it changes anything, so the era
change a draw of the deck's last card brings (PC-ERA-11, PC-Q-03, ``PocketCivState.draw``)
comes right after that draw and before the card is applied.

Shared sub-decisions: ``Loss`` (the player spreads a tribe loss over some areas, one tribe
per action) and ``CavLoss`` (the player spreads a CAV loss over cities).
"""

from __future__ import annotations

from asztal.games.pocketciv.actions import ASTRONOMY, CAV, DONE, LOSE, WLOSS
from asztal.games.pocketciv.data import A_ASTRONOMY, BITS, BOX
from asztal.games.pocketciv.frames import Astro, Dev, EvDraw, Loss, Wonders, register, start_frame


def box_of(f):
    """The box of the original event card that started frame ``f`` (PC-EVT-02)."""
    return BOX[f.card][f.era]


# -- phase II ---------------------------------------------------------------------------------
def _event_run(s, f) -> bool:
    s.stack[-1] = Dev()  # phase III comes after the event
    s.stack.append(EvDraw(s.era))
    return True


def _evdraw_run(s, f) -> bool:
    era = f.era  # PC-Q-03 (a): the card is read in the era it is drawn in, even if it empties the deck
    c = s.draw_aside()  # PC-EVP-01
    box = BOX[c][era]  # PC-EVP-02: the box of the current era
    if box is None:  # PC-EVP-03: no event this round
        s.emit("pocketciv.no_event", card=c + 1, era=era)
        s.end_event(c)
        return True
    s.emit("pocketciv.event", card=c + 1, era=era, event=box[0])
    if s.adv & A_ASTRONOMY and s.astro_era != s.era:  # PC-EVT-ASTRONOMY-01
        s.stack[-1] = Astro(c, era)
    else:
        s.stack[-1] = start_frame(box[0], c, era)
    return True


def _astro_legal(s, f):
    return [ASTRONOMY, DONE]


def _astro_act(s, f, action) -> None:
    c, era = f.card, f.era
    if action is ASTRONOMY:  # PC-EVT-ASTRONOMY-01: once per era ignore the card, draw again
        s.astro_era = s.era
        s.aside.remove(c)
        s.discard.append(c)
        s.stack[-1] = EvDraw(s.era)
        s.emit("pocketciv.astronomy", card=c + 1)
    else:
        s.stack[-1] = start_frame(BOX[c][era][0], c, era)


register("event", run=_event_run)
register("evdraw", run=_evdraw_run)
register("astro", legal=_astro_legal, act=_astro_act)


# -- shared sub-decisions -----------------------------------------------------------------------
def _cands(s, mask, counts):
    return [a for a in s.board.areas if mask & BITS[a] and counts[a]]


def _spread(s, f):
    """What a spread loss falls on, and how it is removed: tribes (``Loss``) or CAV (``CavLoss``)."""
    return (s.tribes, s.rm_tribes) if type(f) is Loss else (s.cav, s.reduce_cav)


def _spread_run(s, f) -> bool:
    """A loss spread as the player likes over the areas in ``mask``, one unit per action:
    tribes (``loss``: all of it must be used while tribes remain there; a surplus is ignored,
    PC-Q-21) or CAV of cities (``cavloss``: PC-EVT-ANARCHY-07, PC-EVT-CORRUPTION-02; a city at
    0 is destroyed, PC-CON-12). With one candidate, or too little to choose, it falls at once."""
    amount, mask = f.left, f.mask
    counts, remove = _spread(s, f)
    cands = _cands(s, mask, counts)
    if amount <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(counts[a] for a in cands) <= amount:
        left = amount
        for a in cands:
            left -= remove(a, left)
        s.stack.pop()
        return True
    return False


def _spread_legal(s, f):
    acts = LOSE if type(f) is Loss else CAV
    return [acts[a] for a in _cands(s, f.mask, _spread(s, f)[0])]


def _spread_act(s, f, action) -> None:
    _spread(s, f)[1](action.args[0], 1)
    s.stack[-1] = type(f)(f.left - 1, f.mask)


register("loss", run=_spread_run, legal=_spread_legal, act=_spread_act)
register("cavloss", run=_spread_run, legal=_spread_legal, act=_spread_act)


def lose_wonders(s, a: int, k: int) -> None:
    """Destroy ``k`` of the wonders in area ``a``. Which ones is the player's choice (ruling
    PC-R-WONDER-CHOICE, *"wonders of your choice"*): a ``Wonders`` frame asks, one wonder at a
    time, unless the choice cannot matter: every wonder there goes, or they are all alike."""
    ws = s.wonders[a]
    if k <= 0 or not ws:
        return
    if k < len(ws) and len(set(ws)) > 1:
        s.stack.append(Wonders(a, k))
        return
    s.wonders[a] = ws[k:]
    s.hit |= BITS[a]
    s.emit("pocketciv.wonders_lost", area=a + 1, count=min(k, len(ws)))


def _wonders_legal(s, f):
    return [WLOSS[w] for w in sorted(set(s.wonders[f.area]))]


def _wonders_act(s, f, action) -> None:
    a, k = f.area, f.left
    ws = list(s.wonders[a])
    ws.remove(action.args[0])
    s.wonders[a] = tuple(ws)
    s.hit |= BITS[a]
    s.emit("pocketciv.wonders_lost", area=a + 1, count=1)
    s.stack.pop()
    lose_wonders(s, a, k - 1)


register("wonders", legal=_wonders_legal, act=_wonders_act)


def area_mask(s, a: int) -> int:
    """The active area and its neighbours."""
    return BITS[a] | s.board.adjmask[a]


from asztal.games.pocketciv.events import (  # noqa: E402,F401  (register the events)
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
