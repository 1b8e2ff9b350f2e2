"""The SVG boards (``games/<name>/board.py``): they parse, every legal action that has a
place on the board is clickable there and nothing else is, nothing a seat may not see is
drawn for it, and both languages are drawn."""

from __future__ import annotations

import importlib
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from asztal import games
from asztal.games.svg import placed_codes

#: which legal actions have a place on each board (the rest are the client's buttons)
PLACEABLE = {
    "pax": re.compile(r"^(buy|play|keep|place):|^(draw|nodraw)$"),
    "pocketciv": re.compile(r"(area|from)=|^adv:"),
    "caboose": re.compile(r"^(take|citydraw|god|route|sekhmet|city|src|swap|deliver|card|rail|build|grow|use|"
                          r"pyramid):"),
}
CASES = [("pax", 1), ("pax", 3), ("pax", 4), ("pocketciv", 1), ("pocketciv", 2), ("caboose", 3), ("caboose", 5)]
IDS = re.compile(r'"([a-z]+(?:-[a-z]+)*-\d+)"')


def _board(name):
    return importlib.import_module(f"asztal.games.{name}.board")


def _positions(name: str, players: int, games_n: int = 3, every: int = 3):
    """States along a few seeded random games (every ``every``-th decision, and the end)."""
    game = games.load(name)
    for seed in range(games_n):
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        i = 0
        while not state.is_over:
            if i % every == 0:
                yield state
            state.apply(rng.choice(state.legal_actions()))
            i += 1
        yield state


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_placeable_legal_action_is_clickable_and_nothing_else(name, players):
    board = _board(name)
    seen = set()
    for state in _positions(name, players):
        legal = [] if state.is_over else state.legal_actions()
        seat = state.to_move if state.to_move is not None else 0
        svg = board.draw(state.view(seat), legal, "hu")
        ET.fromstring(svg)
        codes = {a.code for a in legal}
        placed = placed_codes(svg)
        assert placed <= codes, f"stale codes on the board: {placed - codes}"
        want = {c for c in codes if PLACEABLE[name].search(c)}
        assert want <= placed, f"legal actions with no place on the board: {want - placed}"
        seen.update(c.split(":")[0] for c in placed)
    assert seen, "the games offered nothing to click"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_nothing_hidden_from_a_seat_is_drawn_for_it(name, players):
    """A card id that only another seat's view holds never appears in this seat's board."""
    board = _board(name)
    checked = 0
    for state in _positions(name, players, games_n=2, every=5):
        for seat in [None, *range(players)]:
            mine = json.dumps(state.view(seat))
            others = {i for o in range(players) if o != seat for i in IDS.findall(json.dumps(state.view(o)))}
            secret = {i for i in others if f'"{i}"' not in mine}
            svg = board.draw(state.view(seat), [], "hu")
            leaked = {i for i in secret if i in svg}
            assert not leaked, f"seat {seat} sees {leaked}"
            checked += len(secret)
    if players > 1 and name != "pocketciv":
        assert checked, "the positions had no hidden cards to check"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_both_languages_are_drawn(name, players):
    board = _board(name)
    state = next(s for i, s in enumerate(_positions(name, players)) if i == 4)
    legal = state.legal_actions()
    hu = board.draw(state.view(state.to_move), legal, "hu")
    en = board.draw(state.view(state.to_move), legal, "en")
    assert ET.fromstring(hu).get("lang") == "hu" and ET.fromstring(en).get("lang") == "en"
    words = {"pax": ("forduló", "round"), "pocketciv": ("korszak", "Era"), "caboose": ("kör", "round")}[name]
    assert words[0] in hu and words[1] in en
    # the hover texts of clickable elements are the action labels in the board's language
    by_code = {a.code: a for a in legal}
    for svg, lang in ((hu, "hu"), (en, "en")):
        for e in ET.fromstring(svg).iter():
            code = e.get("data-code")
            if code:
                title = e.find("{http://www.w3.org/2000/svg}title")
                assert title is not None and getattr(by_code[code], lang) in title.text


def test_text_is_escaped():
    """Texts are escaped by ElementTree: a label with markup stays text."""
    state = games.load("pax").new_game(2, seed=1)
    legal = [{"code": a.code, "hu": "<script>alert(1)</script>", "en": "x"} for a in state.legal_actions()]
    svg = _board("pax").draw(state.view(state.to_move), legal, "hu")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)
