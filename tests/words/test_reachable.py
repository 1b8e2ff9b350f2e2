"""Every text a PocketCiv player can reach is in the reader's language (issue 33).

Walked: what the server sends a seat (``present.decorate``: the moves as the seat reads them,
the decision, the panels, the end screen's scoring and verdict, and the board's SVG with its
tooltips — an advance's among them), the log, every refusal met on the way, every item's
explanation (advances, wonders, events, event cards), the whole message catalogue with its
word tables, the guide, the lesson as its page shows it, and the terminal's screen and move
list — in seeded random games alone and for two players. A Hungarian sentence may not read as
English and an English one may not read as Hungarian; the detector counts words that belong
to one language only (the guide test's function words and some of the game's own nouns and
verbs), so a short tooltip such as "Free. Gain 5 gold once when acquired." is caught too.
"""

from __future__ import annotations

import html
import io
import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from rich.console import Console

from asztal import games
from asztal.cli.show import log_lines, option_labels, view_renderable
from asztal.games.guide import guide
from asztal.games.pocketciv import board, messages
from asztal.games.pocketciv.data import ADV_IDS
from asztal.games.pocketciv.items import ITEM_IDS, effect, explain
from asztal.learn import Lesson, script
from asztal.server.learn_api import lesson_view
from asztal.server.present import decorate
from tests.words.test_guides import EN_WORDS, HU_WORDS, sentences, words

GAME = games.load("pocketciv")

#: words of one language only, as this game uses them ("farm", "Totem", "is", "has", "must"
#: are left out: the same word, or a Hungarian one, in the other language)
EN_ONLY = EN_WORDS | frozenset(
    "gold tribe tribes city cities area areas card cards draw draws gain gains lose loses free cost costs advance "
    "advances wonder wonders event events round once player players new than only its into was will would "
    "era destroyed other none left more every".split())
HU_ONLY = HU_WORDS | frozenset(
    "törzs törzset törzsek terület területen területre arany aranyat város várost városa lap lapot vívmány "
    "vívmányt esemény korszak korszakban játékos forduló kész nincs még fázis".split())


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def reads_as(sentence: str, theirs: frozenset[str], mine: frozenset[str]) -> bool:
    """Two of the other language's words, and more of them than of the reader's own."""
    w = words(sentence)
    other = sum(x in theirs for x in w)
    return other >= 2 and other > sum(x in mine for x in w)


def foreign_sentences(texts: Iterator[tuple[str, str]], lang: str) -> list[tuple[str, str]]:
    theirs, mine = (EN_ONLY, HU_ONLY) if lang == "hu" else (HU_ONLY, EN_ONLY)
    return [(where, s) for where, text in texts for s in sentences(text) if reads_as(s, theirs, mine)]


def svg_texts(svg: str) -> Iterator[str]:
    """The words an SVG shows or tells on hover: its text nodes and ``<title>``s."""
    for m in re.finditer(r">([^<>]+)<", svg):
        text = html.unescape(m.group(1)).strip()
        if text:
            yield text


def strings(value: Any, lang: str) -> Iterator[str]:
    """Every string in a message meant for ``lang`` (the other language's twin keys skipped;
    the board's SVG read as the texts it shows)."""
    other = "en" if lang == "hu" else "hu"
    if isinstance(value, str):
        if value.lstrip().startswith("<svg"):
            yield from svg_texts(value)
        elif re.search(r"[^\W\d_]{2}", value):
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in (other, "code", "codes", "kind", "rule", "colour", "type", "status"):
                yield from strings(v, lang)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v, lang)


def page_message(state, seat: int, lang: str, names: list[str]) -> dict[str, Any]:
    """What the server sends ``seat`` reading ``lang`` (as ``room._base`` builds it)."""
    view = state.view(seat)
    legal = [{"code": a.code} for a in state.legal_actions()] if not state.is_over and state.to_move == seat else []
    msg: dict[str, Any] = {"legal": legal}
    seats = [{"seat": s, "name": names[s], "kind": "human"} for s in range(state.players)]
    decorate(msg, state, seat, lang, view, seats, 0, board)
    if state.is_over:
        msg["verdict"] = board.verdict(view, lang, msg["names"], list(state.winners()))
    msg["log"] = [GAME.describe(e, lang, seat) for e in state.log_for(seat, 0)]
    return msg


def terminal(state, seat: int | None, lang: str) -> list[str]:
    console = Console(width=120, record=True, color_system=None, file=io.StringIO())
    console.print(view_renderable(state, seat, lang))
    return console.export_text().splitlines()


def game_texts(players: int, seed: int, lang: str) -> Iterator[tuple[str, str]]:
    """A seeded random game read by the seat to move: the page's message every few moves and at
    the end, the refusal of every code seen legal earlier, and the terminal's screen and moves."""
    rnd = random.Random(seed)
    state = GAME.new_game(players, seed=seed)
    names = [f"{n}" for n in ("Anna", "Bence", "Csilla", "Dani")[:players]]
    seen: dict[str, Any] = {}
    step = 0
    while not state.is_over and step < 300:
        acts = state.legal_actions()
        seat = state.to_move
        for a in acts:
            seen.setdefault(a.code, a)
        if step % 7 == 0:
            for text in strings(page_message(state, seat, lang, names), lang):
                yield f"page, move {step}", text
            legal = set(acts)
            for code, a in list(seen.items())[:60]:
                if a not in legal:
                    refusal = state.refusal(a)
                    if refusal is not None:
                        yield f"refusal of {code}", GAME.describe_refusal(refusal, lang)
        if step % 25 == 0:
            for line in terminal(state, seat, lang) + option_labels(state, seat, acts, lang):
                yield f"terminal, move {step}", line
        state.apply(rnd.choice(acts))
        step += 1
    for seat in range(players):
        for text in strings(page_message(state, seat, lang, names), lang):
            yield "page at the end", text
    for line in terminal(state, 0, lang) + log_lines(state, 0, lang, 0):
        yield "terminal at the end", line


def catalogue_texts(lang: str) -> Iterator[tuple[str, str]]:
    """The message catalogue's templates and every word table of ``messages`` (refusals,
    decisions, log lines, end sentences, step names, causes)."""
    for key, twins in messages.MESSAGES.items():
        yield key, PLACEHOLDER.sub("0", twins[lang])
    i = 0 if lang == "hu" else 1
    for name in dir(messages):
        table = getattr(messages, name)
        if name.isupper() and isinstance(table, dict):
            for key, value in table.items():
                if isinstance(value, tuple) and len(value) == 2 and all(isinstance(x, str) for x in value):
                    yield f"{name}[{key}]", value[i]


def item_texts(lang: str) -> Iterator[tuple[str, str]]:
    for item in ITEM_IDS:
        text = explain(item, lang)
        yield item, f"{text.name}. {text.text}"
    # every advance as an offered chip on the board, its tooltip included
    legal = [{"code": f"adv:city=1,id={aid}", lang: aid} for aid in ADV_IDS]
    view = GAME.new_game(1, seed=1).view(0)
    for text in svg_texts(board.draw(view, legal, lang)):
        if text not in ADV_IDS:
            yield "advance chips", text


def lesson_texts(lang: str) -> Iterator[tuple[str, str]]:
    lesson = Lesson(script("pocketciv"))
    while True:
        v = lesson_view(lesson, lang)
        for text in strings({k: x for k, x in v.items() if k not in ("game", "lang", "expect")}, lang):
            yield f"lesson step {lesson.index}", text
        if lesson.finished:
            return
        other = next((a.code for a in lesson.state.legal_actions() if a.code != lesson.step.expect), "nincs:ilyen")
        yield f"lesson step {lesson.index}, another move", lesson.answer(other, lang).message
        assert lesson.answer(lesson.step.expect).ok


def guide_texts(lang: str) -> Iterator[tuple[str, str]]:
    for p in guide("pocketciv", lang).passages:
        yield p.id, f"{p.title}.\n{p.text}"


SOURCES = {"catalogue": catalogue_texts, "items": item_texts, "lesson": lesson_texts, "guide": guide_texts}


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_no_sentence_of_the_other_language(source: str, lang: str) -> None:
    texts = list(SOURCES[source](lang))
    assert len(texts) > 20 and not foreign_sentences(iter(texts), lang)


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("players,seed", [(p, seed) for p in (1, 2) for seed in (1, 2, 3, 4)])
def test_a_game_on_the_page_and_in_the_terminal_speaks_one_language(players: int, seed: int, lang: str) -> None:
    texts = list(game_texts(players, seed, lang))
    assert len(texts) > 200 and not foreign_sentences(iter(texts), lang)


def test_every_advance_says_what_it_does_in_both_languages() -> None:
    """The tooltip's line (``items.effect``) exists for every advance, wonder and event, and
    the two languages differ (no text is left untranslated)."""
    for item in ITEM_IDS:
        if item.startswith("card-"):
            continue
        hu, en = effect(item, "hu"), effect(item, "en")
        assert hu and en and hu != en, item


def test_the_detector_catches_the_english_tooltip() -> None:
    """Not vacuous: the data file's English summary is caught in a Hungarian text, a Hungarian
    sentence in an English one, and neither language's own sentences."""
    data = json.loads(resources.files("asztal.games.pocketciv").joinpath("data/advances.json").read_text("utf-8"))
    summary = next(a["effect_summary"] for a in data["advances"] if a["id"] == "black_market")
    assert summary.startswith("Free. Gain 5 gold")
    assert foreign_sentences(iter([("x", summary)]), "hu")
    assert foreign_sentences(iter([("x", "Free. Gain 5 gold once when acquired.")]), "hu")
    assert foreign_sentences(iter([("x", effect("black_market", "hu"))]), "en")
    assert not foreign_sentences(iter([("x", effect("black_market", "hu"))]), "hu")
    assert not foreign_sentences(iter([("x", effect("black_market", "en"))]), "en")
