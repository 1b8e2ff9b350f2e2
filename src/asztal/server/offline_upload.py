"""A game played offline (the page's engine, docs/offline.md) kept in an account's history.

The offline page plays with no server, so nothing it says about a game can be believed: what
it sends is only the record (game, rules version, players, seed, options, action codes) and
its seats. ``POST /api/me/offline-games`` replays that record with the server's own engine and
keeps the game only if every action is legal under this server's rules version and the game
has ended; the scores and winners stored are the replay's, never the page's. The game is kept
as a finished, unrated game (no rating is marked for it) with its actions in the action log,
so "my games" lists it and the replay shows it like any game played here.

The game's id is a digest of its record, so the same game sent twice (a second tap, a second
browser, another account) is refused as a duplicate by the database's key itself. Bounded: a
logged-in account only (with its CSRF token), ``MAX_ACTIONS`` action codes, a few uploads an
hour per account, and the body limit every request has (``edge.py``).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError

from asztal import games
from asztal.engine import BadRecord, GameState, IllegalAction
from asztal.engine.decision import Refusal
from asztal.engine.errors import AsztalError, UnknownGame, brief
from asztal.server import meta, texts
from asztal.server.accounts import account_seats_table
from asztal.server.api import GameInfo, Strength, game_info
from asztal.server.bodies import ErrorBody
from asztal.server.edge import CleanStr, check_json
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.ratelimit import RateLimit
from asztal.server.storage import actions_table, games_table, now, seats_table

texts.ERRORS.update({
    "upload_unfinished": ("a játék még nem ért véget: csak befejezett játékot lehet feltölteni",
                          "the game has not ended: only a finished game can be uploaded"),
    "upload_duplicate": ("ezt a játékot már feltöltötték", "this game has already been uploaded"),
    "upload_replay": ("a játék nem játszható újra ezen a szerveren, ezért nem tölthető fel",
                      "the game does not replay on this server, so it cannot be uploaded"),
    "upload_seats": ("a helyek nem illenek a játékhoz: egy emberi hely kell, a többi gép",
                     "the seats do not fit the game: one human seat, the others bots"),
})

#: action codes one uploaded game may hold (the longest offline games take a few hundred)
MAX_ACTIONS = 5000
#: uploads one account may make in an hour
UPLOADS_PER_HOUR = 30
#: the prefix of an uploaded game's id (the rest is its record's digest)
ID_PREFIX = "off-"

Code = Annotated[CleanStr, Field(max_length=200)]


class OfflineRecord(BaseModel):
    """A game's record as the offline page keeps it (``GameState.record``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: CleanStr = Field(..., max_length=40, examples=["pocketciv"])
    version: CleanStr = Field(..., max_length=20, description="the rules version it was played under")
    players: int = Field(..., ge=1, le=8)
    seed: int = Field(..., ge=0, lt=1 << 63)
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[Code] = Field(..., max_length=MAX_ACTIONS)

    @field_validator("options")
    @classmethod
    def _plain_json(cls, value: dict[str, Any]) -> dict[str, Any]:
        check_json(value)
        return value


class OfflineSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot"]
    bot: Strength | None = None


class OfflineGame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    record: OfflineRecord
    seats: list[OfflineSeat] = Field(..., min_length=1, max_length=8)
    seat: int = Field(0, ge=0, le=7, description="the seat the account's player played")


class Uploaded(BaseModel):
    game: GameInfo


def fail(status: int, code: str, reason: texts.Reason | AsztalError | None = None) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code, reason))


def game_id_of(record: dict[str, Any]) -> str:
    """The uploaded game's id: the digest of its record (the same game, the same id)."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()[:15]).decode()
    return ID_PREFIX + digest


def replayed(record: dict[str, Any], pack_dir: Path | None) -> tuple[GameState, list[int | None]]:
    """The record replayed by the server's engine, and the seat that made each of its moves
    (raises ``AsztalError`` if it does not replay: another rules version, an illegal action)."""
    game = games.load(record["game"])
    options = meta.options_from_network(game.name, record["options"], pack_dir)
    state = game.replay({**record, "options": options, "actions": []})
    movers: list[int | None] = []
    for i, code in enumerate(record["actions"]):
        movers.append(state.to_move if isinstance(state.to_move, int) else None)
        try:
            state.apply(code)
        except IllegalAction:
            raise BadRecord(f"action {i + 1} ({brief(code)}) of the record is not legal",
                            Refusal("engine.bad.record.action", None, {"n": i + 1, "action": brief(code)})) from None
    return state, movers


def build_router(hub: Hub, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")
    storage = hub.storage
    uploads = RateLimit(UPLOADS_PER_HOUR, 3600)

    def keep(row: dict[str, Any], seat_rows: list[dict[str, Any]], codes: list[str], movers: list[int | None],
             account_id: str, seat: int) -> None:
        """The game, its seats, its actions and the account's seat, in one transaction."""
        stamp = row["updated"]
        kinds = {r["seat"]: r["kind"] for r in seat_rows}
        with storage._writing(), storage.engine.begin() as conn:
            conn.execute(insert(games_table).values(**row))
            conn.execute(insert(seats_table), [{"game_id": row["id"], **s} for s in seat_rows])
            if codes:
                conn.execute(insert(actions_table), [
                    {"game_id": row["id"], "seq": i + 1, "kind": "act", "code": code, "seat": mover,
                     "by": kinds.get(mover, "human") if mover is not None else "human", "at": stamp}
                    for i, (code, mover) in enumerate(zip(codes, movers, strict=True))])
            conn.execute(insert(account_seats_table).values(game_id=row["id"], seat=seat, account_id=account_id,
                                                            attached=stamp))

    @router.post("/me/offline-games", response_model=Uploaded, status_code=201,
                 responses={s: {"model": ErrorBody} for s in (400, 401, 403, 409, 413, 422, 429)},
                 summary="Keep a game played offline in the account's history (replayed here; unrated)")
    async def upload(body: OfflineGame, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        if not uploads.allow(me.account_id):
            raise fail(429, "rate_limited")
        record = body.record.model_dump()
        try:
            game = games.load(record["game"])
        except UnknownGame as e:
            raise fail(400, "bad_request", e) from None
        seats = body.seats
        if (len(seats) != record["players"] or body.seat >= len(seats) or seats[body.seat].kind != "human"
                or any(s.kind != "bot" for i, s in enumerate(seats) if i != body.seat)):
            raise fail(400, "upload_seats")
        game_id = game_id_of(record)
        if await asyncio.to_thread(storage.game_row, game_id) is not None:
            raise fail(409, "upload_duplicate")
        settings = request.app.state.settings
        try:
            state, movers = await asyncio.to_thread(replayed, record, settings.pack_dir)
        except AsztalError as e:
            raise fail(400, "upload_replay", e) from None
        if not state.is_over:
            raise fail(409, "upload_unfinished")
        stamp = now()
        seat_rows = [{"seat": i, "name": me.username if i == body.seat else "", "kind": s.kind,
                      "bot": (s.bot or "normal") if s.kind == "bot" else None, "token_hash": None,
                      "invite_hash": None} for i, s in enumerate(seats)]
        public = meta.options_to_network(game.name, state.options, settings.pack_dir)
        row = {"id": game_id, "game": game.name, "version": game.version, "players": state.players,
               "seed": state.seed, "options": state.options, "public_options": public, "status": "finished",
               "private": False, "turn_timer": None, "grace": 0.0, "stand_in": "normal",
               "seq": len(record["actions"]), "to_move": None,
               "result": {"scores": [float(x) for x in state.scores()], "winners": list(state.winners())},
               "created": stamp, "updated": stamp, "watch_hash": None, "turn_deadline": None}
        try:
            await asyncio.to_thread(keep, row, seat_rows, list(record["actions"]), movers, me.account_id,
                                    body.seat)
        except IntegrityError:  # the same game sent twice at once: the other one kept it
            raise fail(409, "upload_duplicate") from None
        return {"game": game_info(row, seat_rows, None)}

    return router


def install(app: FastAPI, hub: Hub, identity: Identity) -> None:
    app.include_router(build_router(hub, identity))
