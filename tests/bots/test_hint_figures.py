"""Hints and the review agree with themselves (issue 39): on seeded positions of every game,
the hinted move has the best figure shown, the next best the second, in the review's unit,
and the Hungarian and the English hint tell the same figures from one search."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from asztal import games
from asztal.bots.hint import advise, hint_texts, word
from asztal.bots.mcts import MctsBot
from asztal.bots.ranking import rank, unit
from asztal.bots.review import review_decision

hint_module = importlib.import_module("asztal.bots.hint")  # the package's ``hint`` is the function

#: (game, players) of every game: its solo mode where it has one and a table of several
TABLES = [(n, p) for n in ("pax", "pocketciv", "caboose") if n in games.names()
          for p in sorted({games.load(n).min_players, max(2, games.load(n).min_players)})]


def positions(name: str, players: int, seed: int, count: int = 3):
    """``count`` seeded positions with a real choice, a few random moves apart."""
    rng = random.Random(seed)
    s = games.load(name).new_game(players, seed=seed)
    out = []
    while len(out) < count and not s.is_over:
        for _ in range(rng.randrange(3, 12)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over and len(s.legal_actions()) > 1:
            out.append(s.clone())
    return out


@pytest.fixture(autouse=True)
def _iterations(monkeypatch):
    # the iterations decide, not the clock (a loaded machine would cut the search short)
    monkeypatch.setattr(hint_module, "HINT_SECONDS", None)
    monkeypatch.setattr(hint_module, "HINT_ITERATIONS", 60)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_hinted_move_has_the_best_figure_shown(name, players):
    found = 0
    for seed in (1,):
        for s in positions(name, players, seed, count=2):
            seat = s.to_move
            adv = advise(s, seat, seed=3)
            assert adv.action in s.legal_actions()
            assert adv.figure is not None
            assert adv.unit == unit(s)[0]
            if adv.alt is None:
                continue
            found += 1
            assert adv.alt.code != adv.action.code
            assert adv.figure >= adv.alt_figure
            for lang in ("hu", "en"):
                text = word(adv, lang)
                shown = [int(x) for x in re.findall(r"(\d+)(?:%| győzelmi pont| victory points| pont| points)", text)]
                assert len(shown) == 2 and shown[0] >= shown[1], text
    assert found, f"no position of {name} with two moves tried"


def test_both_languages_tell_one_search():
    name = "pax" if "pax" in games.names() else games.names()[0]
    s = positions(name, 2, 6, count=1)[0]
    action, texts = hint_texts(s, s.to_move, seed=3)
    adv = advise(s, s.to_move, seed=3)
    assert action.code == adv.action.code
    assert texts == {lang: word(adv, lang) for lang in ("hu", "en")}


def test_the_ranking_orders_trusted_moves_by_their_figure():
    s = positions("pocketciv", 2, 5)[0] if "pocketciv" in games.names() else positions("pax", 2, 5)[0]
    bot = MctsBot(seed=2, iterations=60)
    root = bot.search(s)
    ranked = rank(s, root, [a.code for a in s.legal_actions()])
    trusted = [r for r in ranked if r.visits >= ranked[0].visits * 0.1 and r.visits >= 5]
    assert [r.figure for r in trusted] == sorted((r.figure for r in trusted), reverse=True)


@pytest.mark.parametrize(("name", "players"), [t for t in TABLES if t[0] == "pocketciv"])
def test_the_review_calls_best_the_move_with_the_best_figure(name, players):
    for s in positions(name, players, 4, count=1):
        bot = MctsBot(seed=1, level="normal", iterations=60)
        played = s.legal_actions()[-1].code
        d = review_decision(s, s.to_move, played, bot, "en")
        assert d["unit"] == unit(s)[0]
        assert d["best"]["value"] >= d["played"]["value"]
