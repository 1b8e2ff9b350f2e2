"""5.5 Eras (Korszakok) and 5.6 End of the game: the era change, era scoring, the end.

Era scoring (PC-ERA-02..06): if the Empire has at least as many cities as the number of the
era that is ending (always at the end of Era 8), it scores the VPs of its most valuable
advances, at most as many as it has tribes (+4 with Written Record). Wonders score once,
when the game ends (PC-ERA-07, PC-END-02, ruling PC-Q-24). The multiplayer mode scores every
seat's Empire the same way, once, at its end (PC-MP-ERA-01, PC-Q-28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.games.pocketciv.actions import CONTINUE, END
from asztal.games.pocketciv.data import A_WRITTEN_RECORD, ADV_VP, NADV, WONDER_VP
from asztal.games.pocketciv.empire import Empire
from asztal.games.pocketciv.frames import Era, register
from asztal.games.pocketciv.outcome import Ending
from asztal.games.pocketciv.refuse import not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState


def wonder_points(e: Empire) -> int:
    """PC-END-02: the VPs of the wonders standing in Empire ``e``."""
    return sum(WONDER_VP[w] for ws in e.wonders for w in ws)


def advance_points(e: Empire) -> list[int]:
    """The VPs of Empire ``e``'s advances, most valuable first."""
    return sorted((ADV_VP[i] for i in range(NADV) if e.adv >> i & 1), reverse=True)


def era_points(e: Empire, ending_era: int) -> int:
    """The VPs Empire ``e`` scores at the end of ``ending_era`` (PC-ERA-02..06, PC-Q-02 (a))."""
    if ending_era < 8 and e.cities() < ending_era:  # PC-ERA-03, PC-ERA-04
        return 0
    # PC-ERA-06; Written Record's "may count 4 more" and "the most valuable ones" are taken as the
    # highest score without asking: era points change nothing but the score (audit, PC-R-MAY-AUDIT)
    n = e.total_tribes() + (4 if e.adv & A_WRITTEN_RECORD else 0)
    return sum(advance_points(e)[:n])


def end_game(s: PocketCivState, how: Ending) -> None:
    """The one end of the game, solo and multiplayer.

    PC-END-01..03: wonders score once at every end. PC-MP-END-01/02, PC-Q-28: in the
    multiplayer mode, where eras flow on without scoring, every seat is also scored now as in
    PC-END-02 with its own tribes and advances (the most valuable, at most as many as its
    tribes, +4 with Written Record), without the city check. An event cut short by the end is
    shared out before (``mp.end_mp``)."""
    multi = s.players > 1
    if multi:
        s.store()
    for p in range(len(s.seats)):
        e = s.own_seat(p)
        if multi:
            e.vp = era_points(e, 8)
        e.vp_wonders = wonder_points(e)
    s.ending = how
    s.is_over = True
    s.to_move = None
    if multi:
        s.emit("pocketciv.mp_over", how=how.value, scores=[e.vp + e.vp_wonders for e in s.seats])
    else:
        s.emit("pocketciv.game_over", how=how.value, vp=s.emp.vp + s.emp.vp_wonders, era=s.era)


def _era_run(s: PocketCivState, f: Era) -> bool:
    """Frame ``Era(step, card, code)``: the era change at the draw of ``card``, the deck's last
    (PC-ERA-11, ruling PC-R-ERA-AT-ONCE); ``code`` is the player's action that drew it, if any."""
    if f.step == 1:
        return False
    e = s.emp
    ending = s.era
    pts = era_points(e, ending)
    e.vp += pts
    limit = e.total_tribes() + (4 if e.adv & A_WRITTEN_RECORD else 0)
    s.emit("pocketciv.era_end", era=ending, vp=pts, cities=e.cities(), tribes=e.total_tribes(), limit=limit,
           scored=ending == 8 or e.cities() >= ending, counted=min(limit, len(advance_points(e))))
    if ending == 8:  # PC-END-01 (a), PC-Q-24: the Era-8 scoring is the final one
        end_game(s, Ending.ERAS)
        return True
    s.era = ending + 1  # PC-ERA-10
    s.stack[-1] = Era(1, f.card, f.code)
    return False


def _era_legal(s: PocketCivState, f: Era) -> list[Action]:
    return [CONTINUE, END]  # PC-ERA-09: after every era change the player may stop


def _era_act(s: PocketCivState, f: Era, action: Action) -> None:
    if action is END:
        end_game(s, Ending.STOPPED)  # PC-END-01 (c)
        return
    s.stack.pop()
    s.reshuffle_deck()  # PC-DECK-04, PC-Q-03 (2)
    s.emit("pocketciv.era_start", era=s.era, header=True)
    s.resume(f.card, f.code)  # PC-ERA-11: the interrupted event goes on in the new era


register("era", run=_era_run, legal=_era_legal, act=_era_act, refuse=lambda s, f, a: not_here(a, f.TAG))
