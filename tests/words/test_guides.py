"""The rules written for players (issue 23): every spec rule ID reachable, one language at a time.

The spec (``web/rules/<game>.md``, a copy of ``../shared/rules``) is the index; the guides
(``games/<game>/guide/{hu,en}.md``) are what a player reads. Every rule ID the spec defines
must be covered by a passage in both languages, the two guides must have the same passages
with the same tags, and no sentence of the Hungarian guide may be English (nor the reverse),
judged by function words that exist in only one of the two languages.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from asztal.games.guide import expand, guide, parse

GAMES = ("pax", "caboose", "pocketciv")
ID = re.compile(r"\b((?:PAX|PC|CC)-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)\b")

#: words that are common in one language and never occur in the other one's running text
#: ("a", "is", "in" are left out: Hungarian article, Hungarian "also", Latin "in floribus")
EN_WORDS = frozenset("the and of to you your with for are this that it be if or on at from by not can may "
                     "when each every one they their then there what which".split())
HU_WORDS = frozenset("és az egy hogy nem van meg minden ha akkor csak vagy kell után lesz mint amely ahol "
                     "egy ami annyi amíg már még sem".split())


def spec_ids(game: str) -> list[str]:
    """The rule IDs the spec defines: those that open a line (as ../shared/tools/rule_coverage.py reads them)."""
    text = resources.files("asztal.web").joinpath(f"rules/{game}.md").read_text(encoding="utf-8")
    ids: list[str] = []
    for line in text.splitlines():
        m = ID.match(line.lstrip("-*#>| \t`"))
        if m and m.group(1) not in ids:
            ids.append(m.group(1))
    return ids


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?:;])\s+|\n+", text) if s.strip()]


def words(sentence: str) -> list[str]:
    return re.findall(r"[0-9a-záéíóöőúüű]+(?:-[0-9a-záéíóöőúüű]+)*", sentence.lower())


def foreign(sentence: str, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """A sentence reads as the other language when it has two of that language's function
    words and more of them than of its own."""
    w = words(sentence)
    other = sum(x in theirs for x in w)
    own = sum(x in mine for x in w)
    return other >= 2 and other > own


def test_range_tags_expand() -> None:
    assert expand("PC-UPK-CITYDEV-08..10") == ["PC-UPK-CITYDEV-08", "PC-UPK-CITYDEV-09", "PC-UPK-CITYDEV-10"]
    assert expand("PAX-EX-BUY") == ["PAX-EX-BUY"]


def test_parse_reads_passages_and_tags() -> None:
    g = parse("# T\n## A {#a}\n<!-- rules: X-A-01..02 X-B -->\nText one.\n\n## B {#b}\nText two.\n", "x", "hu")
    assert g.title == "T"
    assert [(p.id, p.title, p.rules, p.text) for p in g.passages] == [
        ("a", "A", ("X-A-01", "X-A-02", "X-B"), "Text one."), ("b", "B", (), "Text two.")]
    assert g.of_rule("X-A-02").id == "a"
    assert g.of_rule("X-B-07").id == "a"      # a bare group tag covers the group
    assert g.of_rule("X-A").id == "a"         # a group opens its first rule's passage
    assert g.of_rule("Y-Q-01") is None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_spec_rule_is_reachable(game: str, lang: str) -> None:
    """Every rule ID of the spec opens a passage (PAX-GOAL-01 ... PC-Q-31 ... CC-TV-TIEBREAK)."""
    g = guide(game, lang)
    missing = [r for r in spec_ids(game) if g.of_rule(r) is None]
    assert spec_ids(game) and not missing
    assert all(p.text and p.title for p in g.passages)


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_have_the_same_passages(game: str) -> None:
    hu, en = guide(game, "hu"), guide(game, "en")
    assert [(p.id, p.rules) for p in hu.passages] == [(p.id, p.rules) for p in en.passages]
    assert len({p.id for p in hu.passages}) == len(hu.passages)


@pytest.mark.parametrize("game", GAMES)
def test_no_english_sentence_in_hungarian(game: str) -> None:
    text = [s for p in guide(game, "hu").passages for s in sentences(p.title + ".\n" + p.text)]
    bad = [s for s in text if foreign(s, HU_WORDS, EN_WORDS)]
    assert len(text) > 50 and not bad


@pytest.mark.parametrize("game", GAMES)
def test_no_hungarian_sentence_in_english(game: str) -> None:
    text = [s for p in guide(game, "en").passages for s in sentences(p.title + ".\n" + p.text)]
    bad = [s for s in text if foreign(s, EN_WORDS, HU_WORDS)]
    assert len(text) > 50 and not bad


def test_the_heuristic_catches_a_spec_sentence() -> None:
    """The check is not vacuous: the spec's own English sentence is caught in a Hungarian text."""
    spec = "The book names no way for a played card to leave a tableau; played cards stay until the end."
    assert foreign(spec, HU_WORDS, EN_WORDS)
    assert foreign("Ha nincs elég lap a pakliban, a játék véget ér, és nem osztunk ki semmit.", EN_WORDS, HU_WORDS)
    assert not foreign("Ha nincs elég lap a pakliban, a játék véget ér.", HU_WORDS, EN_WORDS)


def test_hungarian_guides_speak_to_the_player() -> None:
    """Second person singular, as rulebooks address players: "te" forms appear in every game."""
    for game in GAMES:
        text = " ".join(p.text for p in guide(game, "hu").passages)
        assert re.search(r"\b(kapsz|húzol|veszel|választasz|játszol|szerezhetsz|veszítesz)\b", text), game


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_the_game_names_opens_a_passage(game: str) -> None:
    """The rule IDs the game's code and its rulings carry (a refusal's or a decision's rule,
    the engine's own IDs for the events the book lacks, PC-R-*, CC-R-*) all open a passage."""
    root = Path(__file__).resolve().parents[2]
    prefix = {"pax": "PAX-", "caboose": "CC-", "pocketciv": "PC-"}[game]
    files = [*(root / "src" / "asztal" / "games" / game).rglob("*.py"), root / "docs" / "rules" / f"{game}.md"]
    named = {m for f in files if f.exists() for m in ID.findall(f.read_text(encoding="utf-8")) if m.startswith(prefix)}
    g = guide(game, "hu")
    assert len(named) > 100 and not sorted(i for i in named if g.of_rule(i) is None)
