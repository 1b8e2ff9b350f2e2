"""PAX solitaire level 5 (issue 39): the search's reward aims at the level's own test.

Level 5 is won only with more symbols than Rome in all seven categories (PAX-SOLO-11).
The chance of that is a few in a thousand early on; beside it the closeness term of a lost
game, a sum of the categories' chances, decided every move: the bot widened leads Rome could
not reach and lost the game in its weakest category. In level 5 the closeness is now the
seventh root of the chance of the level (``all_seven``), so the reward rises and falls
with that chance alone.
"""

from __future__ import annotations

import copy

from asztal import games
from asztal.bots.heuristics import pax as H
from asztal.bots.heuristics.pax import solo as S
from tests.bots.test_pax_solo_estimate import _positions

GAME = games.load("pax")


def _successors(s):
    for a in s.legal_actions():
        t = s.clone()
        t.log = None
        t.apply(a)
        yield a.code, t


def _sum_closeness(v, pack) -> float:
    """The closeness the other levels use (the categories played and the chances of being
    ahead, summed), as the level-5 reward used it before issue 39."""
    p_win, p_ahead, pr = S.chances(v, pack)
    progress = (0.5 * sum(pr["p_play"].values()) / 7.0
                + 0.5 * min(sum(p_ahead.values()) / pr["need"], 1.0))
    return p_win + (1.0 - p_win) * 0.4 * progress


def test_level_five_ranks_the_moves_as_the_chance_of_the_level_does():
    """Over the decisions of seeded level-5 games, the move the reward prefers is the move
    that gives the best chance of beating Rome in all seven categories, while a sum of the
    categories' chances would prefer another move in some of them."""
    decisions = disagreements = 0
    for seed in (1, 2, 3):
        for i, s in enumerate(_positions(5, 40 + seed)):
            if s.is_over or i % 2 or len(s.legal_actions()) < 2 or s.view(0)["phase"] == "turn":
                continue
            est, win, old = {}, {}, {}
            for code, t in _successors(s):
                v = t.view(0)
                est[code] = S.estimate(v, t.pack) if not t.is_over else H.solo_reward(t)
                win[code] = S.chances(v, t.pack)[0]
                old[code] = _sum_closeness(v, t.pack)
            if max(win.values()) < 1e-9 or len(set(win.values())) < 2:
                continue  # no move keeps a chance, or every move keeps the same one
            decisions += 1
            best = max(win.values())
            assert win[max(est, key=est.get)] >= best * (1 - 1e-9)  # moves tied up to rounding
            if win[max(old, key=old.get)] < best * (1 - 1e-6):
                disagreements += 1
    assert decisions >= 20
    assert disagreements >= 3


def test_a_lost_level_five_game_is_scored_by_its_weakest_category():
    """At the end of a lost level-5 game the reward is the closeness on the last round's
    scale: Rome further ahead in any category lowers it, and it stays below a win."""
    *_, s = _positions(5, 9)
    assert not s.winners()
    v = s.view(0)
    r = H.solo_reward(s)
    assert r == 0.4 * S.final_all_seven(v, s.pack) and 0.0 <= r < 0.4
    worse = copy.deepcopy(v)
    pr = S.project(v, s.pack)
    weakest = min(S.CATS, key=lambda k: pr["mine"][k] - pr["rome"][k])
    worse["rome"]["symbols"][weakest] += 1
    assert all(pr["played"].values())  # this deal's random game plays every category
    assert S.final_all_seven(worse, s.pack) < S.final_all_seven(v, s.pack)


def test_the_other_levels_keep_their_reward():
    """Levels 1-4 may give up categories, so their closeness stays the sum (level 3 is won
    81 % of the time with it): the same numbers, position by position."""
    for level in (1, 3, 4):
        for i, s in enumerate(_positions(level, 50 + level)):
            if i % 3 == 0 and not s.is_over:
                v = s.view(0)
                assert S.estimate(v, s.pack) == _sum_closeness(v, s.pack)
