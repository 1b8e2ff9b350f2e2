"""The browser UI's own endpoints, beside the server's lobby (``asztal.server.api``):

- ``GET /api/rules/{game}?lang=hu|en``: every rule ID of the game with the player's passage
  that covers it, and which rule groups govern each kind of action, so the client can open
  "the rule behind this" for any action or refused click (rules at hand);
- ``POST /api/replay/frame``: one step of a finished game (or of a record file) drawn as a
  board, with the log up to there (replays step forward and back);
- ``GET /api/pocketciv/canvas``: the hex cells the map editor lets a player paint, with
  their corners (the game's own hex geometry: the editor computes none);
- ``POST /api/pocketciv/map``: a hand-drawn PocketCiv map checked against the map rules,
  answered with the map file (neighbours, Frontier, Sea and outlines filled in) or the
  first problem, for the live map editor.

The rule IDs are those of our English specifications (``web/rules/<game>.md``, copied from the
project's rule specs); the texts a player reads are the games' own guides written for players
(``games/<game>/guide/<lang>.md``), in the reader's language.
"""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator

from asztal import games
from asztal.engine.errors import AsztalError, BadRecord, IllegalAction
from asztal.server import meta, texts
from asztal.server.edge import GAME_ID, CleanStr, check_json
from asztal.server.hub import Hub
from asztal.server.storage import Storage

MAX_REPLAY_ACTIONS = 5000
_ENTRY = re.compile(r"^- \*\*`([A-Z]+(?:-[A-Z]+)*-\d+)`\*\*\s*(.*)$")
#: a ruling of ours or an open question of the spec (``PC-R-TSUNAMI-ADJACENT``, ``PC-Q-28``)
_RULING = re.compile(r"^[A-Z]+-[RQ]-[A-Z0-9]+(?:-[A-Z0-9]+)*$")


class Refused(BadRecord):
    """A refusal of this module, with its own sentence in each language."""

    def __init__(self, en: str, hu: str) -> None:
        super().__init__(en)
        self.hu = hu

    def words(self, lang: str = "hu", game: object = None) -> str:
        return self.hu if lang == "hu" else str(self)

def action_rules(game: str) -> dict[str, list[str]]:
    """The rule groups (ID prefixes) that govern each kind of action, by the code's first word,
    as the game declares them (``Game.rule_groups``)."""
    return {kind: list(groups) for kind, groups in games.load(game).rule_groups.items()}


@cache
def rules_of(game: str, lang: str = "hu") -> dict[str, Any]:
    """The rules a player reads, in ``lang``: {"rules": {id: {"text", "section", "passage"}},
    "passages": [...], "actions": ...}. The spec's rule IDs (``web/rules/<game>.md``) stay the
    index, with the rulings and questions the guide tags; each opens the player's passage that covers
    it (``games/<game>/guide/<lang>.md``)."""
    from asztal.games.guide import guide

    g = guide(game, lang)
    text = resources.files("asztal.web").joinpath(f"rules/{game}.md").read_text(encoding="utf-8")
    out: dict[str, dict[str, str]] = {}
    for line in text.splitlines():
        m = _ENTRY.match(line)
        p = g.of_rule(m.group(1)) if m else None
        if m and p is not None:
            out[m.group(1)] = {"section": p.title, "text": p.text, "passage": p.id}
    # the rulings and questions have no entry of that form: the guide's tags place them, so that
    # a refusal resting on one, or a search for it, opens its passage too (issue 33)
    for p in g.passages:
        for r in p.rules:
            if _RULING.match(r):
                out.setdefault(r, {"section": p.title, "text": p.text, "passage": p.id})
    return {"game": game, "lang": lang, "title": g.title, "rules": out,
            "passages": [p.to_json() for p in g.passages], "actions": action_rules(game)}


class FrameRequest(BaseModel):
    """A finished game by id, or a record file's text (sent as text: a JavaScript number cannot
    hold a 64-bit seed, so the browser never parses the record). A record file may name only
    the packs and maps this server offers, by name: it never names a file on the server."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game_id: CleanStr | None = Field(None, max_length=40)
    #: a seat's token: a running game replays through that seat's eyes only (a private finished
    #: game: a seat token, an invite or its watch secret)
    token: CleanStr | None = Field(None, max_length=200)
    record_text: CleanStr | None = Field(None, max_length=1 << 20)
    step: int = Field(ge=0, le=1_000_000)
    seat: int | None = Field(None, ge=0, le=7)
    lang: str = Field("hu", pattern="^(hu|en)$")


class MapRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    map: dict[str, Any]
    lang: str = Field("hu", pattern="^(hu|en)$")

    @field_validator("map")
    @classmethod
    def _plain_json(cls, value: dict[str, Any]) -> dict[str, Any]:
        check_json(value)
        return value

class ReviewRequest(BaseModel):
    """A finished game's review for one seat (a private game: with one of its secrets)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game_id: CleanStr = Field(max_length=40)
    token: CleanStr | None = Field(None, max_length=200)
    seat: int = Field(ge=0, le=7)
    lang: str = Field("hu", pattern="^(hu|en)$")


def replay_frame(record: dict[str, Any], step: int, seat: int | None, lang: str,
                 names: list[str] | None = None, show_codes: bool = True) -> dict[str, Any]:
    """The board after ``step`` actions of ``record``, seen by ``seat`` (None: the seat to
    move then, so a replay of a finished game shows every hand as it was played); ``names``
    are the seats' names.

    ``show_codes`` False (a running game, seen by one seat): ``last`` is None and the last
    move is not marked on the board, since a raw action code (or the places it touched) names
    what it names whoever played it (a kept or drawn card); the seat reads what happened in
    its own log, which tells it exactly what it saw then."""
    game = games.load(str(record.get("game")))
    actions = record.get("actions") or []
    if not isinstance(actions, list) or len(actions) > MAX_REPLAY_ACTIONS:
        raise Refused(f"a replay record must list at most {MAX_REPLAY_ACTIONS} actions",
                      f"egy visszajátszott felvétel legfeljebb {MAX_REPLAY_ACTIONS} lépésből állhat")
    step = min(step, len(actions))
    state = game.replay({**record, "actions": actions[:max(0, step - 1)]})
    mark = None
    if step:
        mark = len(state.log or [])
        try:
            state.apply(game.parse_action(state, actions[step - 1]))
        except IllegalAction as e:
            raise Refused(f"move {step} of the record: {e.words('en', game)}",
                          f"a felvétel {step}. lépése: {e.words('hu', game)}") from None
    who = seat if seat is not None else (state.to_move if state.to_move is not None else 0)
    if not 0 <= who < state.players:
        raise Refused(f"seat {who + 1} is not in this game", f"ebben a játékban nincs {who + 1}. hely")
    view = state.view(who)
    board = game.part("board")
    if board is None:
        raise Refused(f"{game.name} has no board to draw", "ennek a játéknak nincs rajzolható táblája")
    log: list[dict[str, Any]] = [{"i": i, lang: game.describe(e, lang, who)}
                                 for i, e in enumerate(state.log_for(who, 0))]
    if names:
        from asztal.server.present import with_names

        log = [{"i": e["i"], lang: with_names(e[lang], names, lang)} for e in log]
    last = [e for e in state.log_for(who, mark) if not e.get("header")] if mark is not None else []
    return {"step": step, "total": len(actions), "players": state.players, "seat": who, "to_move": state.to_move,
            "is_over": state.is_over, "log": log,
            "board": board.draw(view, [], lang, names=names, last=last if show_codes else []),
            "last_from": mark if show_codes else None,
            "last": actions[step - 1] if step and show_codes else None}


def game_record(storage: Storage, game_id: str, token: str | None) -> tuple[dict[str, Any], int | None, bool]:
    """The record of a game from the server's storage, the seat it must be seen by, and whether
    it is finished: a finished game by anyone (all revealed, as ``GET /api/games/{id}/record``;
    a private one only with one of its secrets), a running one only by a seat's token and
    through that seat's eyes (its record holds the seed)."""
    from asztal.server.moves import record_of
    from asztal.server.tokens import hash_secret

    row = storage.game_row(game_id) if GAME_ID.fullmatch(game_id) else None
    if row is not None and row["private"] and row["status"] == "finished":
        if not token or storage.seat_of_secret(game_id, hash_secret(token)) is None:
            row = None
    if row is None:
        raise Refused("no such game", "nincs ilyen játék")
    seat = None
    if row["status"] != "finished":
        seat = storage.seat_of_token(game_id, hash_secret(token)) if token else None
        if seat is None:
            raise Refused("a running game replays only for its own players",
                          "folyó játékot csak a saját játékosai játszhatnak vissza")
    return record_of(row, storage.changes(game_id)), seat, row["status"] == "finished"


def seat_names(storage: Storage, game_id: str, lang: str) -> list[str]:
    """The seats' names as a reader of ``lang`` sees them (defaults in that language)."""
    from asztal.server.present import seat_label

    return [seat_label(r["name"], r["seat"], r["kind"], lang) for r in storage.seats(game_id)]


def check_pocketciv_map(m: dict[str, Any]) -> dict[str, Any]:
    """Fill in what follows from the cells (neighbours, Frontier, Sea, outlines), then check
    the map by the game's own rules: both the game's map part does (its hex geometry is the
    one every PocketCiv map is drawn with)."""
    hexes = games.load("pocketciv").part("map")  # the map rules and hex geometry
    assert hexes is not None, "PocketCiv declares its map part"
    filled: dict[str, Any] = hexes.map_from_cells(m)
    return filled


class ErrorText(BaseModel):
    code: str
    hu: str
    en: str


class ErrorOut(BaseModel):
    detail: ErrorText


def build_router() -> APIRouter:
    router = APIRouter(prefix="/api", tags=["web"])

    @router.get("/rules/{game}", summary="Every rule of a game, written for players, and the rules behind each "
                "kind of action", responses={404: {"model": ErrorOut, "description": "no such game"}})
    def rules(game: str, lang: str = Query("hu", pattern="^(hu|en)$")) -> dict[str, Any]:
        if game not in games.names() or not games.load(game).rule_groups:
            raise HTTPException(404, {"code": "no_game", "hu": "nincs ilyen játék", "en": "no such game"})
        return rules_of(game, lang)

    @router.post("/replay/frame", summary="One step of a finished game or a record file, drawn as a board",
                 responses={400: {"model": ErrorOut, "description": "no such game, not replayable, or a bad record"}})
    async def frame(body: FrameRequest, request: Request) -> dict[str, Any]:
        settings = request.app.state.settings
        address = request.client.host if request.client else "?"
        if not settings.frame_rate.allow(address):
            raise HTTPException(429, {"code": "rate_limited", "hu": "túl sok kérés, várj egy kicsit",
                                      "en": "too many requests, wait a little"})
        try:
            seat, show_codes = body.seat, True
            if body.game_id is not None:
                storage = request.app.state.hub.storage
                record, own, show_codes = await asyncio.to_thread(game_record, storage, body.game_id, body.token)
                seat = own if own is not None else seat
                names = await asyncio.to_thread(seat_names, storage, body.game_id, body.lang)
            else:
                data = json.loads(body.record_text or "null")
                record = data.get("record", data) if isinstance(data, dict) else data
                if not isinstance(record, dict):
                    raise Refused("a record must be a JSON object", "a felvétel nem JSON-objektum")
                check_json(record, budget=[200_000])
                game = games.load(str(record.get("game")))
                record = {**record, "options": meta.options_from_network(game.name, record.get("options") or {},
                                                                         settings.pack_dir)}
                names = None
            return await asyncio.to_thread(replay_frame, record, body.step, seat, body.lang, names, show_codes)
        except json.JSONDecodeError as e:
            raise HTTPException(400, {"code": "bad_record", "hu": f"hibás JSON: {e.msg}",
                                      "en": f"not valid JSON: {e.msg}"}) from None
        except HTTPException:
            raise
        except Exception as e:
            # a record file is user input: any way it fails to replay is a bad record, told in
            # each language (an engine error in its own words, anything else after the general line)
            bad = e if isinstance(e, (AsztalError, texts.Reason)) else BadRecord(str(e)[:300] or type(e).__name__)
            raise HTTPException(400, {"code": "bad_record", "hu": bad.words("hu")[:400],
                                      "en": bad.words("en")[:400]}) from None

    @router.post("/review", summary="A finished game's review for one seat: its biggest mistakes on the board",
                 responses={400: {"model": ErrorOut, "description": "no such game, or not finished"},
                            429: {"model": ErrorOut, "description": "other reviews are waiting"}})
    async def review_route(body: ReviewRequest, request: Request) -> dict[str, Any]:
        from asztal.server.review import Busy

        hub: Hub = request.app.state.hub
        storage = hub.storage
        try:
            if not GAME_ID.fullmatch(body.game_id):
                raise Refused("no such game", "nincs ilyen játék")
            record, _, finished = await asyncio.to_thread(game_record, storage, body.game_id, body.token)
            if not finished:
                raise Refused("only a finished game is reviewed", "csak befejezett játékot lehet elemezni")
            if not body.seat < int(record["players"]):
                raise Refused(f"no seat {body.seat + 1} in this game", f"ebben a játékban nincs {body.seat + 1}. hely")
            names = await asyncio.to_thread(seat_names, storage, body.game_id, body.lang)
            return await hub.pool.review(body.game_id, record, body.seat, body.lang, names)
        except Busy:
            raise HTTPException(429, {"code": "busy", "hu": "épp más elemzések futnak, próbáld újra kicsit később",
                                      "en": "other reviews are running; try again in a moment"}) from None
        except BadRecord as e:
            raise HTTPException(400, {"code": "bad_record", "hu": e.words("hu")[:400],
                                      "en": e.words("en")[:400]}) from None

    @router.get("/pocketciv/canvas", summary="The hex cells the PocketCiv map editor draws, with their corners")
    def pocketciv_canvas() -> dict[str, Any]:
        hexes = games.load("pocketciv").part("map")  # the one hex geometry of every PocketCiv map
        assert hexes is not None, "PocketCiv declares its map part"
        canvas: dict[str, Any] = hexes.editor_canvas()
        return canvas

    @router.post("/pocketciv/map", summary="Check a hand-drawn PocketCiv map; answer the map file")
    def pocketciv_map(body: MapRequest) -> dict[str, Any]:
        try:
            return {"ok": True, "map": check_pocketciv_map(body.map)}
        except ValueError as e:
            hexes = games.load("pocketciv").part("map")
            assert hexes is not None, "PocketCiv declares its map part"
            texts = {lang: hexes.map_error_text(e, lang)[:300] for lang in ("hu", "en")}
            return {"ok": False, "error": texts[body.lang], **texts}
        except Exception:  # a drawn map is user input: any other way it fails is a malformed map
            texts = {"hu": "A térkép leírása hibás.", "en": "the map is malformed"}
            return {"ok": False, "error": texts[body.lang], **texts}

    return router
