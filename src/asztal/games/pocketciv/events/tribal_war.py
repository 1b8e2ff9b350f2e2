"""Tribal War (Törzsi háború), English v2 rules (events.md §11); PC-EVT-TRIBALWAR-*.
Frame: ("tribal_war", step, card, era, area, warring, left, picked)."""

from __future__ import annotations

from asztal.games.pocketciv.actions import PICK
from asztal.games.pocketciv.data import A_GOVERNMENT, A_MUSIC, A_SENSE_OF_COMMUNITY, BITS
from asztal.games.pocketciv.frames import register


def _choices(s, f):
    return [n for n in s.board.adj[f[4]] if s.tribes[n] and not f[7] & BITS[n]]


def _run(s, f) -> bool:
    step = f[1]
    if step == 0:
        if s.adv & A_GOVERNMENT:  # PC-EVT-TRIBALWAR-01
            s.end_event(f[2])
            return True
        c = s.draw()
        a = s.red_area(c)
        if not s.tribes[a]:  # PC-EVT-TRIBALWAR-02
            s.end_event(f[2])
            return True
        warring = s.tribes[a] * (1 if s.adv & A_SENSE_OF_COMMUNITY else 2)  # PC-EVT-TRIBALWAR-03
        targets = 1 if s.adv & A_MUSIC else 2  # PC-EVT-TRIBALWAR-04
        s.emit("pocketciv.tribal_war", area=a + 1, warring=warring)
        s.stack[-1] = ("tribal_war", 1, f[2], f[3], a, warring, targets, 0)
        return True
    if step == 1:
        choices = _choices(s, f)
        if f[6] > 0 and choices:
            if len(choices) > f[6]:
                return False
            for n in choices:
                s.rm_tribes(n, f[5])
        s.rm_tribes(f[4], 1 if s.adv & A_MUSIC else 3)  # PC-EVT-TRIBALWAR-05
        s.end_event(f[2])
        return True
    return False


def _legal(s, f):
    return [PICK[n] for n in _choices(s, f)]


def _act(s, f, action) -> None:
    n = action.args[0]
    s.rm_tribes(n, f[5])
    s.stack[-1] = ("tribal_war", 1, f[2], f[3], f[4], f[5], f[6] - 1, f[7] | BITS[n])


register("tribal_war", run=_run, legal=_legal, act=_act)
