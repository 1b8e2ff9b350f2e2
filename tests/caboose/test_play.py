"""Whole random games, the log in both languages and the terminal rendering."""

import random

import pytest
from rich.console import Console

from asztal.engine.i18n import missing_translations
from asztal.games.caboose import GAME
from asztal.games.caboose.render import render
from tests.contract.helpers import play_random_game


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_and_keep_the_contract(players):
    for seed in range(3):
        final = play_random_game(GAME, players, seed)
        assert final.final is not None and len(final.winners()) == 1


def test_every_log_event_has_both_languages():
    assert missing_translations(GAME.messages) == []
    seen = set()
    for seed in range(6):
        s = GAME.new_game(3 + seed % 3, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            s.apply(rnd.choice(s.legal_actions()))
        for event in s.log:
            seen.add(event["key"])
            assert event["key"] in GAME.messages
            for lang in ("hu", "en"):
                line = GAME.describe(event, lang)
                assert "{" not in line and "=" not in line, line  # every field filled by its template
    assert {"caboose.bid", "caboose.pass", "caboose.god", "caboose.take", "caboose.final"} <= seen


def test_actions_have_labels_in_both_languages():
    s = GAME.new_game(4, seed=3)
    rnd = random.Random(3)
    while not s.is_over:
        for a in s.legal_actions():
            assert a.hu and a.en and a.hu != a.code
        s.apply(rnd.choice(s.legal_actions()))


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_render_shows_map_market_auction_hand(lang):
    s = GAME.new_game(4, seed=1)
    rnd = random.Random(1)
    for _ in range(120):
        s.apply(rnd.choice(s.legal_actions()))
    console = Console(width=140, record=True, color_system=None)
    console.print(render(s.view(0), lang))
    text = console.export_text()
    assert ("REKONSTRU" if lang == "hu" else "RECONSTRUCTED") in text
    assert ("Piac" if lang == "hu" else "Market") in text
    assert ("A kezed" if lang == "hu" else "Your hand") in text
    assert ("Gíza" if lang == "hu" else "Giza") in text
    spectator = Console(width=140, record=True, color_system=None)
    spectator.print(render(s.view(None), lang))
    assert ("A kezed" if lang == "hu" else "Your hand") not in spectator.export_text()


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_render_shows_final_scoring_by_category(lang):
    """CC-SCORE-CITY-*, CC-SCORE-MONEY-01, CC-SCORE-BLDG-01, CC-SCORE-FRUIT-01 shown per category at the
    end, in the interface language; the default pack is named in that language too."""
    s = GAME.new_game(3, seed=2)
    rnd = random.Random(2)
    while not s.is_over:
        s.apply(rnd.choice(s.legal_actions()))
    console = Console(width=160, record=True, color_system=None)
    console.print(render(s.view(None), lang))
    text = console.export_text()
    heads = (("Végső pontozás", "városok", "épülettípusok", "gyümölcsfajták", "összesen", "rekonstruált")
             if lang == "hu" else
             ("Final scoring", "cities", "building types", "fruit kinds", "total", "reconstructed"))
    for h in heads:
        assert h in text, h
    f = s.final
    labels = (("játék közben", "városok", "pénz (3-anként 1)", "épülettípusok", "gyümölcsfajták", "összesen")
              if lang == "hu" else ("during play", "cities", "money (1 per 3)", "building types", "fruit kinds",
                                    "total"))
    lines = [line for line in text.splitlines() if "│" in line]
    for label, key in zip(labels, ("before", "cities", "money", "buildings", "fruit", "total"), strict=True):
        # one row per category (the last one so named: the final table comes last), one column per seat
        row = [line for line in lines if line.split("│")[0].strip() == label][-1]
        assert [int(v.strip()) for v in row.split("│")[1:4]] == [f[key][q] for q in range(3)], (label, row)
