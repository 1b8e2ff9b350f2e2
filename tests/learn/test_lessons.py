"""The guided first games (issue 23): each lesson is followed to its end by making the moves it
asks for, every step speaks both languages, a move it does not ask for changes nothing and
is answered with the reason, and a lesson is a pure function of the steps done (the
browser API replays it)."""

from __future__ import annotations

import pytest
from rich.console import Console

from asztal.cli.learn import run_lesson
from asztal.learn import GAMES, Lesson, script
from asztal.learn.core import OTHERS, REST
from tests.words.test_guides import EN_WORDS, HU_WORDS, foreign, sentences


def follow(game: str) -> Lesson:
    lesson = Lesson(script(game))
    while not lesson.finished:
        reply = lesson.answer(lesson.step.expect, "hu")
        assert reply.ok, (game, lesson.index, reply.message)
    return lesson


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_is_followed_to_the_end_and_the_scoring_explained(game: str) -> None:
    s = script(game)
    lesson = follow(game)
    assert lesson.state.is_over                       # the game was played to its end
    for lang in ("hu", "en"):
        v = lesson.view(lang)
        assert v["done"] and len(v["summary"]) >= 3   # the final scoring, part by part
    asked = [st.expect.split(":")[0] for st in s.steps if st.expect]
    assert len(set(asked)) >= 4                       # several kinds of move, not one repeated
    assert any(st.auto in (OTHERS, REST) for st in s.steps) and s.steps[-1].passage


@pytest.mark.parametrize("game", GAMES)
def test_every_step_speaks_both_languages_and_names_its_rule(game: str) -> None:
    s = script(game)
    from asztal.games.guide import guide
    passages = {p.id for p in guide(game, "hu").passages}
    for st in s.steps:
        hu, en = st.say
        assert hu and en and hu != en and st.passage in passages
        assert not [x for x in sentences(hu) if foreign(x, HU_WORDS, EN_WORDS)], hu
        assert not [x for x in sentences(en) if foreign(x, EN_WORDS, HU_WORDS)], en
        if st.why:
            assert st.why[0] != st.why[1]


@pytest.mark.parametrize("game", GAMES)
def test_another_move_changes_nothing_and_is_explained(game: str) -> None:
    s = script(game)
    k = next(i for i, st in enumerate(s.steps) if st.expect)
    lesson = Lesson.at(s, k)
    other = next((a.code for a in lesson.state.legal_actions() if a.code != lesson.step.expect), None)
    before = (lesson.index, len(lesson.state.history))
    asked = lesson.expected_label("hu")
    if other is not None:
        reply = lesson.answer(other, "hu")
        assert not reply.ok and "szabályos lépés" in reply.message and asked in reply.message
    reply = lesson.answer("nincs:ilyen", "hu")
    assert not reply.ok and asked in reply.message
    reply = lesson.answer("nincs:ilyen", "en")
    assert not reply.ok and "lesson asks for" in reply.message
    assert (lesson.index, len(lesson.state.history)) == before
    assert lesson.answer(lesson.step.expect).ok and lesson.index == k + 1


def test_a_refused_move_gets_the_games_own_reason() -> None:
    """PAX, the buying step: playing a card now is refused by the game, and the lesson says
    what it asks for instead and why."""
    s = script("pax")
    k = next(i for i, st in enumerate(s.steps) if st.expect == "buy:legion=2")
    lesson = Lesson.at(s, k)
    message = lesson.answer("play:card=estate-09", "hu").message
    assert "Megveszed a II. légió alatti csoportot 4 Aureusért" in message
    assert lesson.index == k


@pytest.mark.parametrize("game", GAMES)
def test_moves_are_named_as_on_the_game_page(game: str) -> None:
    """The lesson's moves are labelled for the learner with the game's own words (the game
    page's and the terminal's ``render.option_label``: "Megtartod: …", not "Megtartja: …")."""
    lesson = Lesson(script(game))
    render = lesson.game.part("render")
    checked = 0
    while not lesson.finished:
        for lang in ("hu", "en"):
            v = lesson.view(lang)
            seen = lesson.state.view(0)
            labels = [render.option_label(seen, a, lang) for a in lesson.state.legal_actions()]
            if v["actions"]:
                assert [a["label"] for a in v["actions"]] == labels
                assert v["expect_label"] in labels
                checked += 1
        assert lesson.answer(lesson.step.expect).ok
    assert checked > 6


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_replays_to_the_same_step(game: str) -> None:
    s = script(game)
    k = len(s.steps) // 2
    a, b = Lesson.at(s, k), Lesson.at(s, k)
    assert a.index == b.index == k and a.state.to_json() == b.state.to_json()
    assert a.view("en") == b.view("en")


def test_the_terminal_lesson_reads_numbers_and_explains(tmp_path) -> None:
    """`asztal learn pocketciv` with typed answers: the rule, an advance asked by the name the
    screen shows (any case), an internal id (not a name: refused), then every move the lesson
    asks for by its number, "?2" and "?" on the first move (Enter on the steps that only explain)."""
    lesson = Lesson(script("pocketciv"))
    lines: list[str] = ["r", "? kőművesség", "? masonry", ""]
    asked = []

    def read(prompt: str) -> str:
        if lines:
            return lines.pop(0)
        v = lesson.view("hu")
        if not v["expect"]:
            return ""
        if not asked:
            asked.append(v["actions"][1]["label"])
            lines.append("?2")
            return "?"
        return str(1 + [a["code"] for a in v["actions"]].index(v["expect"]))

    out = Console(file=(tmp_path / "out.txt").open("w"), width=120, color_system=None)
    assert run_lesson(lesson, "hu", read, out)
    out.file.close()
    text = (tmp_path / "out.txt").read_text()
    assert "Kőművesség" in text and "Vége a játéknak" in text and "Összesen" in text and "A lecke véget ért" in text
    assert "Nincs ilyen nevű lap, vívmány, csoda, isten, épület vagy esemény: masonry" in text
    assert f"2. {asked[0]}" in text and "A szabály:" in text  # ?2: the option, what it names and its rule


@pytest.mark.parametrize(("width", "lang"), [(80, "hu"), (120, "en")])
def test_the_terminal_lesson_fits_the_screen(tmp_path, width: int, lang: str) -> None:
    """`asztal learn caboose` at 80 and 120 columns: no line wider than the terminal."""
    lesson = Lesson(script("caboose"))

    def read(prompt: str) -> str:
        v = lesson.view(lang)
        return str(1 + [a["code"] for a in v["actions"]].index(v["expect"])) if v["expect"] else ""

    path = tmp_path / "out.txt"
    with path.open("w") as f:
        assert run_lesson(lesson, lang, read, Console(file=f, width=width, color_system=None))
    lines = path.read_text().splitlines()
    assert len(lines) > 100 and max(len(x) for x in lines) <= width
