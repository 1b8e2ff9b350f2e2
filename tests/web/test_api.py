"""The UI's own endpoints as functions: rule texts parsed from the shipped specs, the rules
behind every kind of action, replay frames, and checking a hand-drawn PocketCiv map."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from asztal import games
from asztal.engine.errors import BadRecord
from asztal.engine.rng import Rng
from asztal.games.pocketciv.setup import generate_map
from asztal.server.ui_api import action_rules, check_pocketciv_map, replay_frame, rules_of

#: a spec rule (``PC-DEV-CITY-01``), or a ruling or question the guide tags (``PC-R-WALL``, ``PC-Q-28``)
RULE_ID = re.compile(r"^[A-Z]+(?:-[A-Z]+)*-\d+$|^[A-Z]+-[RQ]-[A-Z0-9-]+$")
#: the four rulings of rules version 4 (issue 33) and words of the passage each opens
RULINGS_V4 = {"PC-R-TSUNAMI-ADJACENT": ("szomszédos tengerparti területekre", "coastal areas next to"),
              "PC-R-ANARCHY-EVERY-AREA": ("minden területe annyi törzset veszít", "every area of the Empire"),
              "PC-R-CAV-CAP-SUM": ("az emelések összeadódnak", "the raises add up"),
              "PC-R-MP-WIPEOUT-LOSES": ("ő elvesztette", "has lost")}


@pytest.mark.parametrize("game", ["pax", "pocketciv", "caboose"])
def test_every_kind_of_action_has_rules_and_texts(game):
    data = rules_of(game)
    assert all(RULE_ID.match(i) and r["text"] for i, r in data["rules"].items())
    assert data["rules"][{"pax": "PAX-BUY-01", "pocketciv": "PC-DEV-CITY-01", "caboose": "CC-AUC-01"}[game]]
    for kind, groups in action_rules(game).items():
        for g in groups:
            assert any(re.match(rf"^{g}-\d+$", i) for i in data["rules"]), f"{game} {kind}: no rule in {g}"
    # every action kind the game really offers is mapped to its rules
    seen = set()
    for players in range(games.load(game).min_players, min(games.load(game).max_players, 3) + 1):
        state = games.load(game).new_game(players, seed=2)
        rng = random.Random(2)
        while not state.is_over:
            legal = state.legal_actions()
            seen.update(re.split(r"[:=]", a.code)[0] for a in legal)
            state.apply(rng.choice(legal))
    assert seen <= set(action_rules(game)), seen - set(action_rules(game))


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_rulings_open_the_passage_that_says_them(lang):
    """The rules panel's index holds our rulings too: a refusal resting on one, or a search for
    its ID, opens the guide's passage that tells it (the four of rules version 4 checked by their words)."""
    data = rules_of("pocketciv", lang)
    text = {p["id"]: p["text"] for p in data["passages"]}
    for rule, words in RULINGS_V4.items():
        passage = data["rules"][rule]["passage"]
        assert words[lang == "en"] in text[passage], (rule, passage)
    assert "PC-R-TSUNAMI-ACTIVE" not in data["rules"]  # withdrawn by rules version 4


def test_a_rule_opens_the_players_passage_in_the_readers_language():
    hu, en = rules_of("pax", "hu"), rules_of("pax", "en")
    assert hu["rules"]["PAX-TURN-05"]["passage"] == en["rules"]["PAX-TURN-05"]["passage"] == "kor"
    assert "Passzolhatsz" in hu["rules"]["PAX-TURN-05"]["text"]
    assert hu["rules"]["PAX-TURN-05"]["section"] == "A te köröd"
    assert "you may pass" in en["rules"]["PAX-TURN-05"]["text"]
    assert "PAX-EX-SCORING" in next(p for p in hu["passages"] if p["id"] == "pontozas")["rules"]


def test_replay_frame_steps_through_a_record_and_reveals_the_mover():
    state = games.load("pax").new_game(3, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record
    first = replay_frame(record, 0, None, "hu")
    assert first["step"] == 0 and first["total"] == len(record["actions"])
    ET.fromstring(first["board"])
    mid = replay_frame(record, 10, 2, "en")
    assert mid["seat"] == 2 and "Your hand" in mid["board"] and mid["last"] == record["actions"][9]
    end = replay_frame(record, 10**6, None, "hu")
    assert end["is_over"] and end["step"] == len(record["actions"])
    with pytest.raises(BadRecord):
        replay_frame({**record, "actions": ["nonsense"]}, 1, None, "hu")


def test_a_drawn_map_is_completed_and_checked():
    m = generate_map(Rng(5))
    drawn = {"areas": [{"number": a["number"], "cells": a["cells"], "mountain": a["mountain"],
                        "forest": a["forest"], "desert": a["desert"]} for a in m["areas"]],
             "frontier": {"cells": m["frontier"]["cells"]}, "sea": {"cells": m["sea"]["cells"]}}
    out = check_pocketciv_map(drawn)
    for a, b in zip(out["areas"], m["areas"], strict=True):
        assert a["neighbours"] == b["neighbours"] and a["frontier"] == b["frontier"] and a["sea"] == b["sea"]
        assert a["polygon"]
    games.load("pocketciv").new_game(1, seed=1, options={"map": out})  # the game starts from it
    broken = {**drawn, "areas": drawn["areas"][:7]}
    with pytest.raises(ValueError, match="8 areas"):
        check_pocketciv_map(broken)
    split = {**drawn, "areas": [{**drawn["areas"][0], "cells": drawn["areas"][0]["cells"] + [[9, 9]]},
                                *drawn["areas"][1:]]}
    with pytest.raises(ValueError, match="one piece"):
        check_pocketciv_map(split)


def test_the_map_editor_draws_the_games_own_canvas():
    """The editor computes no hex geometry: the canvas endpoint gives the cells (every cell a
    generated map uses among them, its Frontier and Sea included) with their centres and
    corners from the game's map module."""
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from asztal.games.pocketciv.map import CORNERS, X_SCALE
    from asztal.server.ui_api import build_router

    app = FastAPI()
    app.include_router(build_router())
    c = TestClient(app).get("/api/pocketciv/canvas").json()
    cells = {tuple(x) for x in c["cells"]}
    assert len(cells) == len(c["cells"]) == len(c["centres"])
    assert all(centre == [2 * q + r, 3 * r] for (q, r), centre in zip(c["cells"], c["centres"], strict=True))
    assert c["corners"] == [list(x) for x in CORNERS] and c["x_scale"] == X_SCALE
    m = generate_map(Rng(5))
    used = [x for a in m["areas"] for x in a["cells"]] + m["frontier"]["cells"] + m["sea"]["cells"]
    assert {tuple(x) for x in used} <= cells
