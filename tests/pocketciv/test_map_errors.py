"""The map editor's problems in the reader's language (issue 23): every catalogue line has a
Hungarian and an English text, check_map's refusals carry their key, and the map endpoint
answers in the language asked for."""

from __future__ import annotations

import re

import pytest

from asztal.games.pocketciv.map_errors import MESSAGES, MapError, map_error_text
from asztal.games.pocketciv.setup import check_map
from asztal.server.ui_api import check_pocketciv_map
from tests.pocketciv.scenario import MAP
from tests.words.test_guides import EN_WORDS, HU_WORDS, foreign

ARGS = {"n": 3, "bad": "9", "area": 5, "flag": "forest", "a": 1, "b": 2, "max": 1000, "field": "cells",
        "lo": -256, "hi": 256}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_line_reads_in_both_languages(key: str) -> None:
    e = MapError(key, **ARGS)
    hu, en = e.text("hu"), e.text("en")
    assert str(e) == en and hu != en and "{" not in hu + en
    assert not foreign(hu, HU_WORDS, EN_WORDS) and not foreign(en, EN_WORDS, HU_WORDS)
    assert "a(z)" not in hu.lower()


def test_articles_follow_the_number_and_the_word() -> None:
    assert MapError("one_piece", area=5).text("hu").startswith("Az 5. területnek")
    assert MapError("one_piece", area=2).text("hu").startswith("A 2. területnek")
    assert "az „erdő”" in MapError("flag", area=3, flag="forest").text("hu")
    assert "a „Tenger”" in MapError("flag", area=3, flag="sea").text("hu")


@pytest.mark.parametrize(("areas", "key", "hu"), [
    (MAP["areas"][:7], "area_count", "pontosan 8 terület"),
    ([dict(a, frontier=True) for a in MAP["areas"]], "frontier", "Peremvidéknek 4 vagy 5"),
    ([dict(a, mountain=True) for a in MAP["areas"]], "mountains", "hegységet"),
    ([dict(a, sea=False) for a in MAP["areas"]], "sea", "Tengerrel"),
])
def test_check_map_refusals_carry_their_key(areas, key, hu) -> None:
    with pytest.raises(MapError) as info:
        check_map({"areas": areas})
    assert info.value.key == key and hu in map_error_text(info.value, "hu")


def test_the_editor_endpoints_check_names_the_area_in_hungarian() -> None:
    with pytest.raises(MapError) as info:
        check_pocketciv_map({"areas": [{"number": 4, "cells": []}]})
    assert map_error_text(info.value, "hu") == "A 4. területnek egyetlen mezője sincs."
    assert map_error_text(ValueError("x: bad"), "hu") == "A térképfájl szerkezete hibás."
    assert re.search(r"no cells", map_error_text(info.value, "en"))
