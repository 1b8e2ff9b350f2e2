"""The browser's guided first games ("Tanuld meg") and item explanations:

- ``GET /api/learn``: the lessons there are, with their titles;
- ``GET /api/learn/{game}?lang=hu|en``: the first step of a lesson;
- ``POST /api/learn/{game}/step``: ``{"done": N, "code": "..." | null, "lang": "hu"}`` — the
  learner's answer at step N. The server keeps nothing: a lesson is a pure function of its
  script and the number of steps done, so it is replayed to step N and the answer checked
  there. A move the step does not ask for is answered with the reason and the same step;
- ``GET /api/explain/{game}/{item}?lang=hu|en``: what a card, advance, wonder, god, building
  or event does, and the guide passage behind it.

Every step carries the board (the game's own SVG) as seat 0 sees it; the seats are named as
the game page names them ("Játékos 1", "Gép 2"), and moves as the deciding seat reads them.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, Field

from asztal import games
from asztal.games.guide import explain
from asztal.learn import GAMES, Lesson, script
from asztal.server.present import seat_label, with_names
from asztal.server.ui_api import ErrorOut

_LANG = "^(hu|en)$"
_NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": ErrorOut, "description": "no such game or item"}}
_NO_GAME = {"code": "no_game", "hu": "ehhez a játékhoz nincs lecke", "en": "there is no lesson for this game"}


class StepRequest(BaseModel):
    #: how many steps of the lesson the learner has done (the step being answered)
    done: int = Field(ge=0, le=1000)
    #: the learner's move; null on a step that only explains ("go on")
    code: str | None = Field(None, max_length=200)
    lang: str = Field("hu", pattern=_LANG)


def lesson_names(lesson: Lesson, lang: str) -> list[str]:
    """The seats as the game page names a game nobody named: the learner "Játékos 1", the
    computer opponents "Gép 2", "Gép 3" (in the reader's language)."""
    return [seat_label("", s, "human" if s == 0 else "bot", lang) for s in range(lesson.script.players)]


def lesson_view(lesson: Lesson, lang: str) -> dict[str, Any]:
    """The step's view with the board drawn for seat 0, the seats named as on the game page
    (the board, the log lines, the scoring), the moves on the board labelled as in the list."""
    board = games.load(lesson.script.game).part("board")
    assert board is not None, "a game with lessons has a board"
    view = lesson.view(lang)
    names = lesson_names(lesson, lang)
    legal = [{"code": a["code"], lang: a["label"]} for a in view["actions"]]
    named = {**view, "news": [with_names(x, names, lang) for x in view["news"]],
             "summary": [with_names(x, names, lang) for x in view["summary"]]}
    return {**named, "names": names, "board": board.draw(lesson.state.view(0), legal, lang, names=names)}


def start(game: str, lang: str) -> dict[str, Any]:
    return lesson_view(Lesson(script(game)), lang)


def step(game: str, body: StepRequest) -> dict[str, Any]:
    s = script(game)
    lesson = Lesson.at(s, min(body.done, len(s.steps)))
    reply = lesson.answer(body.code, body.lang)
    message = with_names(reply.message, lesson_names(lesson, body.lang), body.lang)
    return {"ok": reply.ok, "message": message, "view": lesson_view(lesson, body.lang)}


def build_router() -> APIRouter:
    router = APIRouter(prefix="/api", tags=["learn"])

    @router.get("/learn", summary="The guided first games")
    def lessons(lang: str = Query("hu", pattern=_LANG)) -> list[dict[str, str]]:
        return [{"game": g, "title": script(g).title[0 if lang == "hu" else 1]} for g in GAMES]

    @router.get("/learn/{game}", summary="The first step of a game's guided first game", responses=_NOT_FOUND)
    async def first(game: str, lang: str = Query("hu", pattern=_LANG)) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, _NO_GAME)
        return await asyncio.to_thread(start, game, lang)

    @router.post("/learn/{game}/step", summary="Answer a step of a guided first game", responses=_NOT_FOUND)
    async def answer(game: str, body: StepRequest) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, _NO_GAME)
        return await asyncio.to_thread(step, game, body)

    @router.get("/explain/{game}/{item}", summary="What a card, advance, wonder, god or event does",
                responses=_NOT_FOUND)
    def item(game: str, item: str, lang: str = Query("hu", pattern=_LANG)) -> dict[str, str]:
        if game not in GAMES:
            raise HTTPException(404, {"code": "no_game", "hu": "nincs ilyen játék", "en": "no such game"})
        try:
            return explain(game, item, lang).to_json()
        except KeyError:
            raise HTTPException(404, {"code": "no_item", "hu": "nincs ilyen elem", "en": "no such item"}) from None

    return router
