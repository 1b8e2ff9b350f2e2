"""The words around the rules (issue 14): good Hungarian, players counted from 1, no ids.

Whole random games of every game are read as a seat and as a spectator would — every log
line, every option, the drawn board at the end — and the text must hold no ``a(z)``, no
``(s)``, no ``key=value`` fallback, no Python list, no 0th player and no internal id.
"""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from asztal import games
from asztal.cli.show import log_lines, option_labels, view_renderable
from asztal.engine.i18n import article, bot_words, number, percent, player_name, seats_text, with_article

GAME_PLAYERS = [("pax", 1), ("pax", 3), ("pocketciv", 1), ("pocketciv", 2), ("caboose", 3), ("caboose", 5)]

BAD = [
    (re.compile(r"a\(z\)|A\(z\)"), "a(z)"),
    (re.compile(r"\w\(s\)"), "(s)"),
    (re.compile(r"\b[a-z_]+=\S"), "key=value"),
    (re.compile(r"\[[\d, '\"]*\]"), "a Python list"),
    (re.compile(r"\b0\. játékos|[Pp]layer 0\b|\bseat \d"), "a 0-based or engine seat"),
    (re.compile(r"\b(?:army|fleet|wealth|estate|senator|religion|conspiracy|city|building|train)-[\w-]*\d\b"),
     "a card id"),
    (re.compile(r"\b(?:tribal_war|basic_tools|civil_war|great_wall)\b|\((?:collapse|stopped|eras)\)"),
     "an internal id"),
]
ARTICLE = re.compile(r"(?<![\w(])(a|az|A|Az) (\w+)")


def check_articles(line):
    """Hungarian: every "a"/"az" agrees with how the next word (or number) is read."""
    for art, word in ARTICLE.findall(line):
        assert art.lower() == article(word), f"'{art} {word}' in {line!r}"


def texts_of_a_game(name, players, seed):
    rnd = random.Random(seed)
    state = games.load(name).new_game(players, seed=seed)
    seat = rnd.randrange(players)
    out = []
    steps = 0
    while not state.is_over and steps < 400:
        acts = state.legal_actions()
        if state.to_move == seat:
            for lang in ("hu", "en"):
                out += [(lang, x) for x in option_labels(state, seat, acts, lang)]
        state.apply(rnd.choice(acts))
        steps += 1
    for lang in ("hu", "en"):
        for viewer in (seat, None):
            out += [(lang, line) for line in log_lines(state, 0, lang, viewer)]
            console = Console(width=160, record=True, color_system=None, file=open("/dev/null", "w"))
            console.print(view_renderable(state, viewer, lang))
            out += [(lang, line) for line in console.export_text().splitlines()]
    return out


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_what_a_player_reads_is_good_text(name, players):
    for seed in (1, 2):
        for lang, line in texts_of_a_game(name, players, seed):
            for pattern, what in BAD:
                assert not pattern.search(line), f"{what} in {lang} text: {line!r}"
            if lang == "hu":
                check_articles(line)


@pytest.mark.parametrize("word,art", [
    (1, "az"), (2, "a"), (5, "az"), (10, "a"), (11, "a"), (50, "az"), (100, "a"), (500, "az"), (1000, "az"),
    (1999, "az"), (2000, "a"), (5000, "az"), (10_000, "a"), (1_000_000, "az"), ("I", "az"), ("II", "a"),
    ("IV", "a"), ("V", "az"), ("alma", "az"), ("körte", "a"), ("Őr", "az"), ("Fejlődés", "a"), ("Úthálózat", "az"),
])
def test_hungarian_article_follows_how_the_next_word_is_read(word, art):
    assert article(word) == art
    assert with_article(word, capital=True) == f"{art.capitalize()} {word}"


def test_numbers_and_percentages_per_language():
    assert number(167491, "hu") == "167\u00a0491" and number(167491, "en") == "167,491"
    assert number(2.5, "hu", 1) == "2,5" and number(2.5, "en", 1) == "2.5"
    assert percent(0.905, "hu") == "90,5%" and percent(0.905, "en") == "90.5%"


def test_players_have_one_name_counted_from_one():
    assert player_name(1, "hu", "mcts:normal") == "2. játékos (normál robot)"
    assert player_name(1, "en", "normal") == "Player 2 (normal bot)"
    assert player_name(0, "hu") == "1. játékos" and bot_words("mcts:hard", "en") == "hard bot"
    assert seats_text([0, 2, 3], "hu") == "1., 3. és 4." and seats_text([0, 2], "en") == "1 and 3"
