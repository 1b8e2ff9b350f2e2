"""Texts a player reads: action labels, log messages, terminal rendering (hu and en)."""

import random

from rich.console import Console

from asztal import games
from asztal.engine.i18n import missing_translations
from asztal.games.pax.actions import ACTIONS
from asztal.games.pax.render import render

GAME = games.load("pax")


def finished(players, seed, level=None):
    s = GAME.new_game(players, seed=seed, options={"level": level} if level else {})
    rnd = random.Random(seed)
    while not s.is_over:
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_every_action_has_both_labels_and_round_trips():
    assert len(ACTIONS) > 700
    for key in list(ACTIONS._by_key):
        a = ACTIONS(key)
        assert a.hu and a.en and a.hu != a.en and ACTIONS.by_code(a.code) is a


def test_hungarian_rulebook_names_in_labels():
    labels = " ".join(ACTIONS(k).hu for k in ACTIONS._by_key)
    for word in ("Gazdagság", "Flotta", "Sereg", "Vallás", "Szenátor", "Birtok", "Cselszövés", "légió",
                 "Aureus"):
        assert word in labels
    assert "Primus Conspiratus" in GAME.messages["pax.primus_conspiratus"]["hu"]


def test_every_logged_event_has_both_templates():
    assert missing_translations(GAME.messages) == []
    seen = set()
    for seed in range(20):
        s = finished(seed % 4 + 1, seed)
        for e in s.log:
            seen.add(e["key"])
            for lang in ("hu", "en"):
                line = GAME.describe(e, lang)
                assert e["key"] not in line, f"{e['key']} has no template field for {e}"
    assert {"pax.setup", "pax.draw", "pax.income", "pax.rome"} <= seen
    assert seen <= set(GAME.messages)


def test_render_both_languages_every_phase():
    console = Console(width=140, record=True, color_system=None)
    for seed in range(8):
        s = GAME.new_game(seed % 4 + 1, seed=seed)
        rnd = random.Random(seed)
        while True:
            for seat in (None, s.to_move if s.to_move is not None else 0):
                for lang in ("hu", "en"):
                    console.print(render(s.view(seat), lang))
            if s.is_over:
                break
            for _ in range(7):
                if not s.is_over:
                    s.apply(rnd.choice(s.legal_actions()))
    text = console.export_text()
    assert "Róma ereje" in text and "Rome's strength" in text and "rekonstruált" in text
    assert "Légiók" in text and "Vége" in text and "Game over" in text


def test_render_shows_the_hand_and_money_of_the_viewer_only():
    s = GAME.new_game(2, seed=3)
    console = Console(width=140, record=True, color_system=None)
    console.print(render(s.view(0), "en"))
    text = console.export_text()
    assert "Your hand" in text and "?" in text
