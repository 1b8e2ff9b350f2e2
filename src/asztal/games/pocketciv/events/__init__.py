"""5.2 Events (Események) and chapter 7, the events themselves.

Phase II draws one card (``evdraw``); if it has a box for the current era, that event's
frame ``(event_id, step, card, era, ...)`` is pushed. Each event is a small step machine in
its own module; every step draws at most one card, so an era change (deck exhausted) always
falls between two steps, as the book wants (PC-ERA-11, PC-Q-03).

Shared sub-decisions: ``loss`` (the player spreads a tribe loss over some areas, one tribe
per action) and ``cavloss`` (the player spreads a CAV loss over cities).
"""

from __future__ import annotations

from asztal.games.pocketciv.actions import ASTRONOMY, CAV, DONE, LOSE
from asztal.games.pocketciv.data import A_ASTRONOMY, BITS, BOX, WONDER_VP
from asztal.games.pocketciv.frames import register


def box_of(f):
    """The box of the original event card that started frame ``f`` (PC-EVT-02)."""
    return BOX[f[2]][f[3]]


def start_frame(event_id: str, card: int, era: int) -> tuple:
    return (event_id, 0, card, era, 0, 0, 0, 0)


# -- phase II ---------------------------------------------------------------------------------
def _event_run(s, f) -> bool:
    s.stack[-1] = ("dev",)  # phase III comes after the event
    s.stack.append(("evdraw",))
    return True


def _evdraw_run(s, f) -> bool:
    c = s.draw_aside()  # PC-EVP-01
    box = BOX[c][s.era]  # PC-EVP-02: the box of the current era
    if box is None:  # PC-EVP-03: no event this round
        s.emit("pocketciv.no_event", card=c + 1, era=s.era)
        s.end_event(c)
        return True
    s.emit("pocketciv.event", card=c + 1, era=s.era, event=box[0])
    if s.adv & A_ASTRONOMY and s.astro_era != s.era:
        s.stack[-1] = ("astro", c, s.era)
    else:
        s.stack[-1] = start_frame(box[0], c, s.era)
    return True


def _astro_legal(s, f):
    return [ASTRONOMY, DONE]


def _astro_act(s, f, action) -> None:
    _, c, era = f
    if action is ASTRONOMY:  # Csillagászat (English card): once per era ignore the card, draw again
        s.astro_era = s.era
        s.aside.remove(c)
        s.discard.append(c)
        s.stack[-1] = ("evdraw",)
        s.emit("pocketciv.astronomy", card=c + 1)
    else:
        s.stack[-1] = start_frame(BOX[c][era][0], c, era)


register("event", run=_event_run)
register("evdraw", run=_evdraw_run)
register("astro", legal=_astro_legal, act=_astro_act)


# -- shared sub-decisions -----------------------------------------------------------------------
def _cands(s, mask, counts):
    return [a for a in s.board.areas if mask & BITS[a] and counts[a]]


def _loss_run(s, f) -> bool:
    """Tribe loss spread as the player likes over ``mask``; all of it must be used while
    tribes remain there; a surplus is ignored (PC-Q-21)."""
    _, amount, mask = f
    tribes = s.tribes
    cands = _cands(s, mask, tribes)
    if amount <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(tribes[a] for a in cands) <= amount:
        left = amount
        for a in cands:
            left -= s.rm_tribes(a, left)
        s.stack.pop()
        return True
    return False


def _loss_legal(s, f):
    return [LOSE[a] for a in _cands(s, f[2], s.tribes)]


def _loss_act(s, f, action) -> None:
    s.rm_tribes(action.args[0], 1)
    s.stack[-1] = ("loss", f[1] - 1, f[2])


def _cavloss_run(s, f) -> bool:
    """CAV loss spread as the player likes over the cities in ``mask`` (PC-EVT-ANARCHY-07,
    Corruption); a city at 0 is destroyed (PC-CON-12)."""
    _, amount, mask = f
    cav = s.cav
    cands = _cands(s, mask, cav)
    if amount <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(cav[a] for a in cands) <= amount:
        left = amount
        for a in cands:
            left -= s.reduce_cav(a, left)
        s.stack.pop()
        return True
    return False


def _cavloss_legal(s, f):
    return [CAV[a] for a in _cands(s, f[2], s.cav)]


def _cavloss_act(s, f, action) -> None:
    s.reduce_cav(action.args[0], 1)
    s.stack[-1] = ("cavloss", f[1] - 1, f[2])


register("loss", run=_loss_run, legal=_loss_legal, act=_loss_act)
register("cavloss", run=_cavloss_run, legal=_cavloss_legal, act=_cavloss_act)


def lose_wonders(s, a: int, k: int) -> None:
    """Destroy ``k`` wonders in area ``a``; where the player may choose, the least valuable
    go first (ruling PC-R-WONDER-ORDER)."""
    if k <= 0 or not s.wonders[a]:
        return
    ws = sorted(s.wonders[a], key=lambda w: (WONDER_VP[w], w))
    lost, kept = ws[:k], ws[k:]
    s.wonders[a] = tuple(kept)
    s.hit |= BITS[a]
    s.emit("pocketciv.wonders_lost", area=a + 1, count=len(lost))


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
