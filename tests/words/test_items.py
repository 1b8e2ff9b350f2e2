"""Every card, advance, wonder, god, building and event explained in both languages (issue 23).

Each game lists its items (``items.ITEM_IDS``); every one must have a name and a text in
Hungarian and in English, the two must differ, neither may read as the other language, and
the passage it points to ("the rule behind this") must exist in the guide.
"""

from __future__ import annotations

import pytest

from asztal.games.guide import explain, guide, item_ids
from asztal.games.pocketciv.data import ADV_IDS, WONDER_IDS
from tests.words.test_guides import EN_WORDS, HU_WORDS, foreign, sentences

GAMES = ("pax", "caboose", "pocketciv")


@pytest.mark.parametrize("game", GAMES)
def test_every_item_is_explained_in_both_languages(game: str) -> None:
    ids = item_ids(game)
    assert len(ids) == len(set(ids)) > 50
    passages = {p.id for p in guide(game, "hu").passages}
    for i in ids:
        hu, en = explain(game, i, "hu"), explain(game, i, "en")
        assert hu.name and hu.text and en.name and en.text, i
        assert hu.text != en.text and hu.passage == en.passage in passages, i
        assert not [s for s in sentences(hu.text) if foreign(s, HU_WORDS, EN_WORDS)], (i, hu.text)
        assert not [s for s in sentences(en.text) if foreign(s, EN_WORDS, HU_WORDS)], (i, en.text)
        if "-" in i or "_" in i:                            # no internal ids shown
            assert i not in hu.text + hu.name + en.text + en.name, i


def test_pocketciv_advances_and_wonders_all_have_hungarian_effects() -> None:
    """The data files have English summaries only; texts.json gives every one both languages."""
    ids = set(item_ids("pocketciv"))
    assert set(ADV_IDS) <= ids and set(WONDER_IDS) <= ids and len(ADV_IDS) == 49 and len(WONDER_IDS) == 10
    assert "vff" in explain("pocketciv", "masonry", "hu").text
    assert explain("pocketciv", "irrigation", "hu").text.count("Mezőgazdálkodás") == 1   # the prerequisite, named
    assert explain("pocketciv", "card-1", "en").text.startswith("Red circle 1")


def test_unknown_items_and_languages_are_refused() -> None:
    with pytest.raises(KeyError):
        explain("pax", "nonsense", "hu")
    with pytest.raises(ValueError):
        explain("pax", "army-01", "de")
