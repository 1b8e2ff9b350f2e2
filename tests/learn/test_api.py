"""The browser API of the guided first games and of item explanations (issue 23), on the
router alone: the first step, a wrong answer (the same step and the reason), the right one
(the next step), a whole lesson followed through the API, and bounded input."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from asztal.learn import GAMES, script
from asztal.server.learn_api import build_router
from asztal.server.ui_api import build_router as web_router


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(build_router())
    app.include_router(web_router())
    return TestClient(app)


def test_the_lessons_are_listed_in_the_readers_language(client: TestClient) -> None:
    hu = client.get("/api/learn").json()
    en = client.get("/api/learn?lang=en").json()
    assert [x["game"] for x in hu] == list(GAMES) and hu[0]["title"] != en[0]["title"]
    assert client.get("/api/learn?lang=de").status_code == 422


def test_a_wrong_answer_keeps_the_step_and_says_why(client: TestClient) -> None:
    first = client.get("/api/learn/pax?lang=hu").json()
    assert first["step"] == 0 and first["text"].startswith("Üdv Rómában") and first["expect"] is None
    ET.fromstring(first["board"])
    step1 = client.post("/api/learn/pax/step", json={"done": 0, "code": None}).json()
    assert step1["ok"] and step1["view"]["step"] == 1 and step1["view"]["actions"]
    wrong = client.post("/api/learn/pax/step", json={"done": 1, "code": "keep:card=army-01", "lang": "en"}).json()
    assert not wrong["ok"] and "allowed too" in wrong["message"] and wrong["view"]["step"] == 1
    right = client.post("/api/learn/pax/step", json={"done": 1, "code": "keep:card=estate-06"}).json()
    assert right["ok"] and right["view"]["step"] == 2 and right["view"]["news"]


def test_a_whole_lesson_through_the_api(client: TestClient) -> None:
    s = script("caboose")
    v = client.get("/api/learn/caboose?lang=en").json()
    while not v["done"]:
        res = client.post("/api/learn/caboose/step", json={"done": v["step"], "code": v["expect"], "lang": "en"})
        assert res.status_code == 200 and res.json()["ok"], res.text
        v = res.json()["view"]
    assert v["step"] == len(s.steps) and any(line.startswith("In all") for line in v["summary"])


@pytest.mark.parametrize("game", GAMES)
def test_the_seats_are_named_as_on_the_game_page(client: TestClient, game: str) -> None:
    """The game page calls an unnamed learner "Játékos 1" and the bots "Gép 2", "Gép 3": so do
    the lesson's board, its news and its scoring, in each language; never "2. játékos"."""
    from asztal.server.present import with_names

    for lang, bot, plain in (("hu", "Gép 2", "2. játékos"), ("en", "Bot 2", "Player 2")):
        v = client.get(f"/api/learn/{game}?lang={lang}").json()
        boards, words = [], []
        while not v["done"]:
            boards.append(v["board"])
            words += [v["text"], *v["news"], *v["summary"]]
            res = client.post(f"/api/learn/{game}/step", json={"done": v["step"], "code": v["expect"], "lang": lang})
            v = res.json()["view"]
        words += [*v["news"], *v["summary"]]
        names = v["names"]
        assert names[0] == ("Játékos 1" if lang == "hu" else "Player 1") and names[1:2] in ([], [bot])
        assert not [b for b in boards if plain in b] and (len(names) == 1 or any(names[-1] in b for b in boards))
        # the log lines as the game page's log shows them (a list such as "1., 3. és 2. játékos" stays)
        assert [w for w in words if with_names(w, names, lang) != w] == []


def test_bad_requests_are_refused(client: TestClient) -> None:
    assert client.get("/api/learn/chess").status_code == 404
    assert client.post("/api/learn/pax/step", json={"done": -1}).status_code == 422
    assert client.post("/api/learn/pax/step", json={"done": 1, "code": "x" * 500}).status_code == 422


def test_items_and_rules_in_the_readers_language(client: TestClient) -> None:
    x = client.get("/api/explain/pocketciv/irrigation?lang=hu").json()
    assert x["name"] == "Öntözőrendszer" and "farm" in x["text"] and x["passage"] == "vivmanyok"
    assert client.get("/api/explain/pocketciv/nothing").status_code == 404
    rules = client.get("/api/rules/caboose?lang=en").json()
    assert rules["lang"] == "en" and rules["rules"]["CC-AUC-08"]["passage"] == "aukcio"
    assert client.get("/api/rules/caboose?lang=xx").status_code == 422


def test_the_map_endpoint_answers_in_the_language_asked(client: TestClient) -> None:
    bad = {"areas": [{"number": 3, "cells": []}]}
    hu = client.post("/api/pocketciv/map", json={"map": bad}).json()
    en = client.post("/api/pocketciv/map", json={"map": bad, "lang": "en"}).json()
    assert not hu["ok"] and hu["error"] == "A 3. területnek egyetlen mezője sincs." == hu["hu"]
    assert en["error"] == "area 3 has no cells" == hu["en"]
