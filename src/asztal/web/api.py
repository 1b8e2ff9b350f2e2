"""The browser UI's own endpoints, beside the server's lobby (``asztal.server.api``):

- ``GET /api/rules/{game}``: every rule ID of the game with its text, and which rule groups
  govern each kind of action, so the client can open "the rule behind this" for any action
  or refused click (rules at hand);
- ``POST /api/replay/frame``: one step of a finished game (or of a record file) drawn as a
  board, with the log up to there (replays step forward and back);
- ``POST /api/pocketciv/map``: a hand-drawn PocketCiv map checked against the map rules,
  answered with the map file (neighbours, Frontier, Sea and outlines filled in) or the
  first problem, for the live map editor.

The rule texts are our English specifications (``web/rules/<game>.md``, copied from the
project's rule specs and shipped as package data); each rule keeps its Hungarian terms.
"""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from asztal import games
from asztal.engine.errors import BadRecord

MAX_REPLAY_ACTIONS = 5000
_ENTRY = re.compile(r"^- \*\*`([A-Z]+(?:-[A-Z]+)*-\d+)`\*\*\s*(.*)$")
_HEADING = re.compile(r"^#{2,3} (.*)$")

def action_rules(game: str) -> dict[str, list[str]]:
    """The rule groups (ID prefixes) that govern each kind of action, by the code's first word,
    as the game declares them (``Game.rule_groups``)."""
    return {kind: list(groups) for kind, groups in games.load(game).rule_groups.items()}


@cache
def rules_of(game: str) -> dict[str, Any]:
    """Parse ``web/rules/<game>.md``: {"rules": {id: {"text", "section"}}, "actions": ...}."""
    text = resources.files(__package__).joinpath(f"rules/{game}.md").read_text(encoding="utf-8")
    rules: dict[str, dict[str, str]] = {}
    section = ""
    current: list[str] | None = None
    for line in text.splitlines():
        h = _HEADING.match(line)
        m = _ENTRY.match(line)
        if h or m or not line.strip() or line.startswith("- "):
            current = None
        if h:
            section = h.group(1).strip()
        elif m:
            current = [m.group(2).strip()]
            rules[m.group(1)] = {"section": section, "lines": current}  # type: ignore[dict-item]
        elif current is not None:
            current.append(line.strip())
    out = {rid: {"section": r["section"], "text": " ".join(r["lines"]).replace("**", "")}
           for rid, r in rules.items()}
    return {"game": game, "rules": out, "actions": action_rules(game),
            "note": {"hu": "A szabályok szövege a projekt angol nyelvű szabályleírása, a könyv magyar "
                           "kifejezéseivel zárójelben.",
                     "en": "The rule texts are the project's English rules specification, with the book's "
                           "Hungarian terms in brackets."}}


class FrameRequest(BaseModel):
    """A finished game by id, or a record file's text (sent as text: a JavaScript number cannot
    hold a 64-bit seed, so the browser never parses the record)."""

    game_id: str | None = Field(None, max_length=40)
    #: a seat's token: a running game replays through that seat's eyes only
    token: str | None = Field(None, max_length=200)
    record_text: str | None = Field(None, max_length=1 << 20)
    step: int = Field(ge=0)
    seat: int | None = None
    lang: str = Field("hu", pattern="^(hu|en)$")


class MapRequest(BaseModel):
    map: dict[str, Any]


def replay_frame(record: dict[str, Any], step: int, seat: int | None, lang: str) -> dict[str, Any]:
    """The board after ``step`` actions of ``record``, seen by ``seat`` (None: the seat to
    move then, so a replay of a finished game shows every hand as it was played)."""
    game = games.load(str(record.get("game")))
    actions = record.get("actions") or []
    if not isinstance(actions, list) or len(actions) > MAX_REPLAY_ACTIONS:
        raise BadRecord(f"a replay record must list at most {MAX_REPLAY_ACTIONS} actions")
    step = min(step, len(actions))
    state = game.replay({**record, "actions": actions[:step]})
    who = seat if seat is not None else (state.to_move if state.to_move is not None else 0)
    if not 0 <= who < state.players:
        raise BadRecord(f"seat {who} is not in this game")
    view = state.view(who)
    board = game.part("board")
    if board is None:
        raise BadRecord(f"{game.name} has no board to draw")
    log = [{"i": i, lang: game.describe(e, lang, who)} for i, e in enumerate(state.log_for(who, 0))]
    return {"step": step, "total": len(actions), "players": state.players, "seat": who, "to_move": state.to_move,
            "is_over": state.is_over, "board": board.draw(view, [], lang), "log": log,
            "last": actions[step - 1] if step else None}


def game_record(storage, game_id: str, token: str | None) -> tuple[dict[str, Any], int | None]:
    """The record of a game from the server's storage, and the seat it must be seen by: a
    finished game by anyone (all revealed, as ``GET /api/games/{id}/record``), a running one
    only by a seat's token and through that seat's eyes (its record holds the seed)."""
    from asztal.server.hub import record_of
    from asztal.server.tokens import hash_secret

    row = storage.game_row(game_id)
    if row is None:
        raise BadRecord("no such game / nincs ilyen játék")
    seat = None
    if row["status"] != "finished":
        seat = storage.seat_of_token(game_id, hash_secret(token)) if token else None
        if seat is None:
            raise BadRecord("a running game replays only for its own players / folyó játékot csak a "
                            "saját játékosai játszhatnak vissza")
    return record_of(row, storage.changes(game_id)), seat


def check_pocketciv_map(m: dict[str, Any]) -> dict[str, Any]:
    """Fill in what follows from the cells (neighbours, Frontier, Sea, outlines), then check
    the map by the game's own rules (``check_map``)."""
    hexes = games.load("pocketciv").part("map")  # the map rules and hex geometry
    assert hexes is not None, "PocketCiv declares its map part"
    areas = m.get("areas")
    if not isinstance(areas, list):
        raise ValueError("a map must be a JSON object with an 'areas' list")
    owner: dict[tuple[int, int], Any] = {}
    for key in ("frontier", "sea"):
        for c in (m.get(key) or {}).get("cells") or []:
            owner[(int(c[0]), int(c[1]))] = key
    for a in areas:
        for c in a.get("cells") or []:
            owner[(int(c[0]), int(c[1]))] = a.get("number")
    filled = []
    for a in areas:
        cells = [(int(c[0]), int(c[1])) for c in a.get("cells") or []]
        if not cells:
            raise ValueError(f"area {a.get('number')} has no cells")
        touch = {owner.get((q + dq, r + dr)) for q, r in cells for dq, dr in hexes.DIRS} - {a.get("number"), None}
        nb = sorted(x for x in touch if isinstance(x, int))
        loops = hexes.outline(cells)
        if len(loops) != 1:
            raise ValueError(f"area {a.get('number')} must be one piece without holes")
        filled.append({**a, "neighbours": nb, "frontier": "frontier" in touch, "sea": "sea" in touch,
                       "cells": [list(c) for c in cells], "polygon": loops[0]})
    out = {**m, "areas": filled, "x_scale": 1.7320508}
    for key in ("frontier", "sea"):
        cells = (m.get(key) or {}).get("cells") or []
        if cells:
            out[key] = {"cells": cells, "polygon": hexes.outline([tuple(c) for c in cells])[0]}
    return hexes.check_map(out)


class ErrorText(BaseModel):
    code: str
    hu: str
    en: str


class ErrorOut(BaseModel):
    detail: ErrorText


def build_router() -> APIRouter:
    router = APIRouter(prefix="/api", tags=["web"])

    @router.get("/rules/{game}", summary="Every rule of a game and the rules behind each kind of action",
                responses={404: {"model": ErrorOut, "description": "no such game"}})
    def rules(game: str) -> dict[str, Any]:
        if game not in games.names() or not games.load(game).rule_groups:
            raise HTTPException(404, {"code": "no_game", "hu": "nincs ilyen játék", "en": "no such game"})
        return rules_of(game)

    @router.post("/replay/frame", summary="One step of a finished game or a record file, drawn as a board",
                 responses={400: {"model": ErrorOut, "description": "no such game, not replayable, or a bad record"}})
    async def frame(body: FrameRequest, request: Request) -> dict[str, Any]:
        try:
            seat = body.seat
            if body.game_id is not None:
                record, own = await asyncio.to_thread(game_record, request.app.state.hub.storage, body.game_id,
                                                      body.token)
                seat = own if own is not None else seat
            else:
                data = json.loads(body.record_text or "null")
                record = data.get("record", data) if isinstance(data, dict) else data
                if not isinstance(record, dict):
                    raise BadRecord("a record must be a JSON object")
            return await asyncio.to_thread(replay_frame, record, body.step, seat, body.lang)
        except json.JSONDecodeError as e:
            raise HTTPException(400, {"code": "bad_record", "hu": f"hibás JSON: {e.msg}",
                                      "en": f"not valid JSON: {e.msg}"}) from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:
            # a record file is user input: any way it fails to replay is a bad record
            raise HTTPException(400, {"code": "bad_record", "hu": str(e)[:300], "en": str(e)[:300]}) from None

    @router.post("/pocketciv/map", summary="Check a hand-drawn PocketCiv map; answer the map file")
    def pocketciv_map(body: MapRequest) -> dict[str, Any]:
        try:
            return {"ok": True, "map": check_pocketciv_map(body.map)}
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:
            return {"ok": False, "error": str(e)[:300]}

    return router
