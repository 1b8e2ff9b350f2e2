"""The PocketCiv lesson teaches what the game does (issue 33): the Famine's area comes from the
card drawn after the event card, a city grows with tribes from any area, "vff"/"övff" are
spelled out where they first appear, and every move that names an area can be made on the map."""

from __future__ import annotations

import re

from asztal.games.pocketciv.data import RED
from asztal.learn import Lesson, script
from asztal.server.learn_api import lesson_view

SCRIPT = script("pocketciv")


def _index(expect: str, after: int = 0) -> int:
    return next(i for i, st in enumerate(SCRIPT.steps) if i >= after and st.expect == expect)


def test_the_famines_area_comes_from_the_next_cards_red_circle() -> None:
    """PC-EVT-FAMINE (the active area is drawn, p. 19 „Új lapot kell húzni; a vörös kör jelzi az
    aktív területet”): card 10 brings the Famine, its own red circle is 2, and the card drawn
    next (red circle 6) names area 6 — as the step says."""
    k = _index("farm:area=7")
    lesson = Lesson.at(SCRIPT, k)
    log = lesson.state.log
    event = next(e for e in log if e["key"] == "pocketciv.event")
    assert (event["card"], event["event"]) == (10, "famine") and RED[event["card"] - 1] == 2
    assert next(e for e in log if e["key"] == "pocketciv.famine")["area"] == 6
    discard = [c + 1 for c in lesson.state.discard]
    assert discard[-1] == 10 and RED[discard[-2] - 1] == 6    # the area card, discarded before the event card
    hu, en = SCRIPT.steps[k].say
    assert "10. eseménylapot" in hu and "(abban 2 áll)" in hu and "6-os szám jelölte ki a 6. területet" in hu
    assert "event card 10" in en and "(which shows 2)" in en and "made area 6 the active area" in en


def test_the_city_could_grow_with_tribes_from_any_area_but_has_too_few() -> None:
    """PC-UPK-CITYDEV (p. 15 „ezek a törzsek eredetileg bármely területen tartózkodhattak”): the
    step where the city does not grow says the Empire has too few tribes, not that its own area
    has none; the game agrees (no growth offered, one tribe in all, outside the city's area)."""
    k = _index("adv:city=7,id=slave_labor") + 2
    lesson = Lesson.at(SCRIPT, k)
    s = lesson.state
    assert [a.code for a in s.legal_actions()] == ["done"] and s.stack[-1].step == 4    # city development
    assert s.emp.cav[6] == 1 and sum(s.emp.tribes) == 1 and s.emp.tribes[7] == 1
    hu, en = SCRIPT.steps[k].say
    assert "bármelyik területéről" in hu and "csak 1 törzsed van" in hu and "nincs egy sem" not in hu
    assert "from any area of the Empire" in en and "only 1 tribe" in en


def test_the_abbreviations_are_spelled_out_where_they_first_appear() -> None:
    for lang, short, long in ((0, "vff", "városfejlettségi foka, röviden vff"),
                              (0, "övff", "városfejlettségi fok, röviden övff"),
                              (1, "CAV", "city advance value, CAV for short"),
                              (1, "TCAV", "total city advance value, TCAV for short")):
        first = next(st.say[lang] for st in SCRIPT.steps if re.search(rf"\b{short}\b", st.say[lang]))
        assert long in first, (short, first)


def test_every_move_that_names_an_area_is_on_the_map() -> None:
    """Each step whose move names an area (a tribe placed or moved, a farm, a city, an advance
    bought by a city, a top-up, a growth) is offered on the board the lesson page shows: the
    shape carries the move alone (``data-code``) or among the others made there (``data-codes``,
    a menu on the page)."""
    lesson = Lesson(SCRIPT)
    checked = 0
    while not lesson.finished:
        expect = lesson.step.expect
        if expect and re.search(r"\b(area|from|city)=", expect):
            board = lesson_view(lesson, "hu")["board"]
            on_map = set(re.findall(r'data-code="([^"]*)"', board))
            for codes in re.findall(r'data-codes="([^"]*)"', board):
                on_map.update(codes.split())
            assert expect in on_map, (lesson.index, expect)
            checked += 1
        assert lesson.answer(expect).ok
    assert checked >= 12
