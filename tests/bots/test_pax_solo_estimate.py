"""PAX solitaire: the chance of beating the level, judged from the seat's view (issue 28).

The evaluation reads only the seat's view and the pack's printed values (public component
data), so it must not change when only what the seat cannot see changes; it must count
exactly the cards the seat has not seen, count the cards the seat slid under the deck as
cards still to come, need all seven categories played, and at the end of a game it must be
the real result.
"""

from __future__ import annotations

import copy
import random

import pytest

from asztal import games
from asztal.bots.heuristics import pax as H
from asztal.bots.heuristics.pax import solo as S
from asztal.games.pax.pack import NCARDS

#: a spy replaces the evaluation's function, which compiled callers reach directly: these run on
#: the pure sources (``make test-pure``)
needs_pure = pytest.mark.skipif(not (S.__file__ or "").endswith(".py"),
                                reason="a compiled module's calls cannot be spied on; make test-pure runs it")

GAME = games.load("pax")


def _positions(level: int, seed: int):
    s = GAME.new_game(players=1, seed=seed, options={"level": level})
    r = random.Random(seed)
    while not s.is_over:
        yield s
        s.apply(r.choice(s.legal_actions()))
    yield s


def _seen(v: dict) -> set[str]:
    groups = [v["rome"]["cards"], v["rome"]["hidden"] or [], v.get("hand") or [],
              (v.get("draw") or {}).get("cards") or []]
    groups += [g["cards"] for g in v["legions"]]
    for p in v["tableaux"]:
        groups += [p["tableau"], p["hand_public"]]
    return {c["id"] for g in groups for c in g} | {cid for _, cid in v["deck_known"]}


@pytest.mark.parametrize("level,seed", [(1, 3), (3, 4), (5, 5)])
def test_the_unseen_pool_is_every_card_the_seat_has_not_seen(level, seed):
    for s in _positions(level, seed):
        v = s.view(0)
        pool = S.unseen_pool(v, s.pack)
        assert len(pool) == NCARDS - len(_seen(v))
        # the deck, the cards set aside and Rome's face-down cards (unless looked at) are all in it
        hidden = 0 if v["rome"]["hidden"] is not None else v["rome"]["hidden_count"]
        assert len(pool) == v["deck_size"] - len(v["deck_known"]) + v["removed"] + hidden


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_estimate_depends_only_on_the_view(seed):
    for i, s in enumerate(_positions(3, seed)):
        if s.is_over or i % 5:
            continue
        twin = s.determinize(0, seed + i)
        assert twin.view(0) == s.view(0)
        assert S.chances(twin.view(0), twin.pack)[0] == S.chances(s.view(0), s.pack)[0]
        assert H.solo_estimate(twin) == H.solo_estimate(s)


@pytest.mark.parametrize("seed", [1, 2])
def test_at_the_end_the_projection_is_the_real_result(seed):
    *_, s = _positions(4, seed)
    v = s.view(0)
    res = v["result"]
    pr = S.project(v, s.pack)
    assert pr["rome"] == {k: float(x) for k, x in res["rome_totals"].items()}
    assert pr["mine"] == {k: float(x) for k, x in res["player_totals"][0].items()}
    p_win, p_ahead, _ = S.chances(v, s.pack)
    stronger = set(res["breakdown"][0]["stronger_in"])
    for k, p in p_ahead.items():
        assert (p > 0.5) == (k in stronger)
    assert (p_win > 0.5) == res["level_beaten"]


def test_cards_slid_under_the_deck_are_cards_still_to_come():
    s = next(p for p in _positions(3, 11) if len(p.view(0)["deck_known"]) >= 2)
    v = s.view(0)
    mean, _, share = S.deck_composition(v, s.pack, S.unseen_pool(v, s.pack))
    # a deck of only the known cards: its composition is theirs, whatever the pool holds
    v2 = dict(v, deck_size=len(v["deck_known"]))
    mean2, var2, share2 = S.deck_composition(v2, s.pack, S.unseen_pool(v, s.pack))
    known = [next(c for c in GAME_CARDS(s) if c["id"] == cid) for _, cid in v["deck_known"]]
    for k in S.CATS:
        mine = [c["symbols"] for c in known if c["category"] == k]
        assert mean2[k] == pytest.approx(sum(mine) / len(known))
        assert share2[k] == pytest.approx(len(mine) / len(known))
    assert sum(share.values()) == pytest.approx(1.0) and sum(share2.values()) == pytest.approx(1.0)


def GAME_CARDS(s):
    from asztal.games.pax.view import card_json
    return [card_json(s, c) for c in range(NCARDS)]


def test_a_category_never_played_loses_the_level():
    """All seven categories must be played (PAX-SOLO-06): with one category unplayed and no
    round left to play it, the chance is nil however far ahead the other six are."""
    for s in _positions(3, 8):
        v = s.view(0)
        if s.is_over or S.rounds_left(v) > 0 or v["phase"] != "play":
            continue
        me = v["tableaux"][0]
        hand_cats = {c["category"] for c in v["hand"]}
        missing = [k for k in S.CATS if me["cards"][k] == 0 and k not in hand_cats]
        if missing:
            assert S.chances(v, s.pack)[0] == 0.0
            return
    pytest.fail("no last-round position with an unplayed category in this game")


@pytest.mark.parametrize("seed", range(3))
def test_one_lost_category_loses_level_five_only(seed):
    """Level 5 asks for all seven categories (PAX-SOLO-11), level 1 for three of them
    (PAX-SOLO-07): the same position with Rome out of reach in one category has no chance
    left in level 5, and keeps a good part of it in level 1
    (on average over the positions of a game)."""
    checked, before, after = 0, 0.0, 0.0
    for i, s in enumerate(_positions(5, 30 + seed)):
        v = s.view(0)
        if s.is_over or i % 3 or S.rounds_left(v) < 1:
            continue
        p_ahead = S.chances(v, s.pack)[1]
        best = max(S.CATS, key=lambda k: p_ahead[k])
        lost = copy.deepcopy(v)
        lost["rome"]["symbols"][best] += 20
        assert S.chances(lost, s.pack)[0] < 1e-4
        easy, easy_lost = dict(v, level=1), dict(lost, level=1)
        before += S.chances(easy, s.pack)[0]
        after += S.chances(easy_lost, s.pack)[0]
        checked += 1
    assert checked >= 5
    assert after > 0.3 * before


def _mid_game(level: int = 3, seed: int = 4):
    return next(s for i, s in enumerate(_positions(level, seed))
                if i > 8 and S.rounds_left(s.view(0)) > 6 and s.view(0)["phase"] == "draw"
                and len(s.legal_actions()) > 1)


def _spy(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = S.estimate

    def spy(v, pack):
        calls.append(1)
        return real(v, pack)

    monkeypatch.setattr(S, "estimate", spy)
    return calls


@needs_pure
def test_hints_review_and_greedy_judge_solitaire_with_this_evaluation(monkeypatch):
    """One evaluation where players meet the bots: the hint (the normal bot), the review (the
    hard bot) and greedy all turn solitaire positions into rewards with ``pax_solo``."""
    from asztal.bots import hint, make_bot
    from asztal.bots.mcts import MctsBot
    from asztal.bots.review import review_decision

    s = _mid_game()
    calls = _spy(monkeypatch)
    hint(s, 0, "en")
    assert calls
    calls.clear()
    played = s.legal_actions()[0].code
    review_decision(s, 0, played, MctsBot(seed=1, level="hard", iterations=40))
    assert calls
    calls.clear()
    make_bot("greedy", 1).choose(s)
    assert calls


@needs_pure
def test_solitaire_roll_outs_stop_where_the_evaluation_judges(monkeypatch):
    """A solitaire roll-out plays ``SOLO_ROLLOUT_DEPTH`` moves and hands the position to the
    evaluation; a spec's own depth still wins."""
    from asztal.bots.mcts import MctsBot

    s = _mid_game(seed=6)
    seen: list[int] = []
    real = S.estimate

    def spy(v, pack):
        seen.append(v["round"])
        return real(v, pack)

    monkeypatch.setattr(S, "estimate", spy)
    MctsBot(seed=2, iterations=30).search(s)
    short = max(seen)
    seen.clear()
    MctsBot(seed=2, iterations=30, depth=30).search(s)
    # 30 random moves reach later rounds than 8 (a pass ends a round in one move)
    assert short < max(seen)
