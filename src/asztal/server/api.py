"""The lobby over REST (``/api``): list, create and join games, meta data, finished records.

The answers are documented in the OpenAPI description FastAPI builds from the models here;
``docs/protocol.md`` explains them for client writers.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator

from asztal import games
from asztal.engine import BadOptions, Game, UnknownGame
from asztal.engine.errors import AsztalError
from asztal.server import meta, texts
from asztal.server.accounts import Session
from asztal.server.bodies import ErrorBody
from asztal.server.edge import GAME_ID, CleanStr, DisplayStr, check_json
from asztal.server.hub import Hub, OtherRules
from asztal.server.identity import Identity
from asztal.server.moves import record_of
from asztal.server.ratings import RATED_MIN_TIMER, Ratings
from asztal.server.room import Room
from asztal.server.storage import Change, Conflict, now
from asztal.server.tokens import hash_secret, new_game_id, new_secret, new_seed

if TYPE_CHECKING:  # social.py builds on this module's Game objects; app.py on its router
    from asztal.server.app import Settings
    from asztal.server.social import Social

Strength = Literal["easy", "normal", "hard", "random", "greedy"]


class Text(BaseModel):
    hu: str
    en: str


#: every request body: unknown fields refused, no coercion (``true`` is not 1, ``"3"`` is not 3)
STRICT = ConfigDict(extra="forbid", strict=True)


class SeatSpec(BaseModel):
    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    bot: Strength | None = Field(default=None, description="strength of a bot seat (default: normal)")
    name: DisplayStr = Field(default="", max_length=40)


class CreateGame(BaseModel):
    model_config = STRICT
    game: CleanStr = Field(..., max_length=40, examples=["pax"])
    players: int | None = Field(None, ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (see /api/meta)")
    seats: list[SeatSpec] = Field(default_factory=list, max_length=8)
    seat: int | None = Field(None, ge=0, le=7, description="the seat the creator takes")
    turn_timer: float | None = Field(None, ge=1, le=7 * 86400, description="seconds per decision")
    grace: float = Field(120, ge=0, le=7 * 86400, description="seconds away before a stand-in bot plays")
    stand_in: Strength = "normal"
    private: bool = Field(False, description="listed nowhere; seen only by its seats and with its watch link")
    rated: bool = Field(False, description="the result changes the players' ratings: every human seat a "
                                            "logged-in player's, each bot strength at most once, rated as a "
                                            "player of its own (ratings.py)")

    map: dict[str, Any] | None = Field(None, description="a PocketCiv map drawn in the browser's map editor "
                                                          "(the map itself, checked by the game's check_map)")

    @field_validator("options", "map")
    @classmethod
    def _plain_json(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is not None:
            check_json(value)
        return value


class JoinGame(BaseModel):
    model_config = STRICT
    seat: int | None = Field(None, ge=0, le=7)
    name: DisplayStr = Field("", max_length=40)
    invite: CleanStr | None = Field(None, max_length=100)


class SeatInfo(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    taken: bool
    connected: bool
    stand_in: bool
    reserved: bool = Field(False, description="kept for an invited account: only it may take the seat")


class GameInfo(BaseModel):
    id: str
    game: str
    title: Text
    players: int
    options: dict[str, Any]
    status: Literal["open", "running", "finished"]
    seq: int
    to_move: int | None
    seats: list[SeatInfo]
    turn_timer: float | None
    grace: float
    private: bool
    created: dt.datetime
    updated: dt.datetime
    scores: list[float] | None = None
    winners: list[int] | None = None
    closed: bool = Field(False, description="an operator ended the game before its end (no scores, no winner)")


class Invite(BaseModel):
    seat: int
    invite: str
    url: str


class Created(BaseModel):
    game: GameInfo
    seat: int | None
    token: str | None
    invites: list[Invite]
    watch: str | None = Field(None, description="a private game's watch secret (shown once)")
    watch_url: str | None = None


class Joined(BaseModel):
    seat: int
    token: str
    game: GameInfo


class RecordSeat(BaseModel):
    seat: int
    name: str
    kind: str
    bot: str | None


class RecordOut(BaseModel):
    record: dict[str, Any]
    seats: list[RecordSeat]


def fail(status: int, code: str, reason: texts.Reason | AsztalError | None = None) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code, reason))


ERRORS: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 403, 404, 409, 413, 422, 429)}

#: ``?key=``: a seat token, an invite or the watch secret, for a private game
KEY_QUERY = Query(None, max_length=100, description="a private game's seat token, invite or watch secret")


def valid_id(game_id: str) -> str:
    """A game id as the server makes them, or 404 before anything looks it up."""
    if not GAME_ID.fullmatch(game_id):
        raise fail(404, "no_game")
    return game_id


def game_info(row: dict[str, Any], seat_rows: list[dict[str, Any]], room: Room | None,
              kept: Collection[int] = ()) -> dict[str, Any]:
    """The public Game object: never the seed, a token, an invite or a pack's file path;
    ``kept``: the seats kept for invited accounts (``social.py``), listed as reserved."""
    g = games.load(row["game"])
    if room is not None:
        seats = room.seat_info()
        status, seq = room.status, room.seq
        to_move = None if room.state.is_over else room.state.to_move
    else:
        seats = [{"seat": r["seat"], "name": r["name"], "kind": r["kind"], "bot": r["bot"],
                  "taken": r["kind"] == "bot" or r["token_hash"] is not None,
                  "connected": r["kind"] == "bot", "stand_in": False} for r in seat_rows]
        status, seq, to_move = row["status"], row["seq"], row["to_move"]
    seats = [{**s, "reserved": s["seat"] in kept and not s["taken"]} for s in seats]
    info = {"id": row["id"], "game": row["game"],
            "title": {"hu": g.title.get("hu", g.name), "en": g.title.get("en", g.name)},
            "players": row["players"], "options": row["public_options"], "status": status, "seq": seq,
            "to_move": to_move, "seats": seats, "turn_timer": row["turn_timer"], "grace": row["grace"],
            "private": row["private"], "created": row["created"], "updated": row["updated"]}
    if status == "finished" and row.get("result"):
        info.update(row["result"])
    elif status == "finished" and room is not None:
        info.update({"scores": [float(x) for x in room.state.scores()], "winners": list(room.state.winners())})
    return info


#: a drawn map is a few kilobytes; anything far bigger is not a map
MAX_MAP_BYTES = 64 * 1024


def with_drawn_map(game: Game, players: int, options: dict[str, Any], drawn: dict[str, Any]) -> dict[str, Any]:
    """The options with a map drawn in the browser (data, never a path), checked by the game
    itself (PocketCiv's ``check_map``); stored with the game's options, so its replay works."""
    if "map" not in game.default_options:
        raise texts.OptionsRefused(texts.Reason("no_map", game=game.name))
    if len(json.dumps(drawn)) > MAX_MAP_BYTES:
        raise texts.OptionsRefused(texts.Reason("map_too_large"))
    return game.check_options(players, {**options, "map": drawn})


def build_router(hub: Hub, settings: Settings, identity: Identity | None = None, ratings: Ratings | None = None,
                 social: Social | None = None) -> APIRouter:
    """``identity``: who a request's session cookie belongs to; a logged-in player's seat is
    linked to the account when taken (``identity.py``). Without it every request is a guest's."""
    router = APIRouter(prefix="/api")
    storage = hub.storage

    async def player(request: Request) -> Session | None:
        return await identity.optional(request) if identity is not None else None

    def address_of(request: Request) -> str:
        return request.client.host if request.client else "?"

    def limited(request: Request) -> None:
        if not settings.rate.allow(address_of(request)):
            raise fail(429, "rate_limited")

    async def visible_row(game_id: str, key: str | None) -> dict[str, Any]:
        """The game's row, if whoever asks may see it (a private game: only with one of its secrets)."""
        row = await asyncio.to_thread(storage.game_row, valid_id(game_id))
        if row is None:
            raise fail(404, "no_game")
        if row["private"] and not (key and await asyncio.to_thread(storage.seat_of_secret, game_id,
                                                                    hash_secret(key)) is not None):
            raise fail(404, "no_game")  # not even whether it exists
        return row

    async def info_of(game_id: str, key: str | None = None, row: dict[str, Any] | None = None) -> dict[str, Any]:
        row = row if row is not None else await visible_row(game_id, key)
        seat_rows = await asyncio.to_thread(storage.seats, game_id)
        kept = await asyncio.to_thread(social.kept, game_id) if social is not None else {}
        return game_info(row, seat_rows, hub.rooms.get(game_id), kept)

    @router.get("/meta", summary="Games, options, packs and bot strengths")
    async def get_meta() -> dict[str, Any]:
        return meta.meta(settings.pack_dir)

    @router.get("/games", response_model=list[GameInfo], summary="List games, newest first")
    async def list_games(status: Literal["open", "running", "finished"] | None = None,
                         limit: int = Query(50, ge=1, le=200)) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(storage.list_games, status, limit)
        out = []
        for row in rows:
            seat_rows = await asyncio.to_thread(storage.seats, row["id"])
            kept = await asyncio.to_thread(social.kept, row["id"]) if social is not None else {}
            out.append(game_info(row, seat_rows, hub.rooms.get(row["id"]), kept))
        return out

    @router.post("/games", response_model=Created, status_code=201, responses=ERRORS, summary="Create a game")
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        limited(request)
        me = await player(request)
        try:
            game = games.load(body.game)
        except UnknownGame as e:
            raise fail(400, "bad_request", e) from None
        players = body.players if body.players is not None else game.min_players
        if not game.min_players <= players <= game.max_players:
            raise fail(400, "bad_request", texts.Reason("players", game=game.name, low=game.min_players,
                                                        high=game.max_players))
        if len(body.seats) > players:
            raise fail(400, "bad_request", texts.Reason("too_many_seats"))
        specs = list(body.seats) + [SeatSpec() for _ in range(players - len(body.seats))]
        if body.seat is not None and (body.seat >= players or specs[body.seat].kind != "human"):
            raise fail(400, "bad_request", texts.Reason("creator_human"))
        if body.rated and (ratings is None or me is None):
            raise fail(403, "rated_account")
        if body.rated and body.seat is None:
            raise fail(400, "rated_seat")
        strengths = [s.bot or "normal" for s in specs if s.kind == "bot"]
        if body.rated and len(set(strengths)) != len(strengths):  # a bot strength is one rated player
            raise fail(400, "rated_bot_twice")
        if body.rated and body.turn_timer is not None and body.turn_timer < RATED_MIN_TIMER:
            raise fail(400, "rated_timer")  # a live timer would let the stand-in play the game
        seed = new_seed()
        try:
            options = meta.game_options(game.name, players, body.options, settings.pack_dir)
            if body.map is not None:
                options = with_drawn_map(game, players, options, body.map)
            state = game.new_game(players, seed, options)
        except (BadOptions, ValueError) as e:
            raise fail(400, "bad_request", e if isinstance(e, (AsztalError, texts.Reason)) else None) from None
        game_id = new_game_id()
        token = new_secret() if body.seat is not None else None
        seat_rows, invites = [], []
        base = str(request.base_url).rstrip("/")
        for i, s in enumerate(specs):
            name = s.name.strip()  # empty: the default name, shown in the reader's language
            if i == body.seat and not name and me is not None:
                name = me.username
            r = {"seat": i, "name": name, "kind": s.kind, "bot": (s.bot or "normal") if s.kind == "bot" else None,
                 "token_hash": None, "invite_hash": None}
            if token is not None and i == body.seat:
                r["token_hash"] = hash_secret(token)
            elif s.kind == "human":
                invite = new_secret()
                r["invite_hash"] = hash_secret(invite)
                invites.append({"seat": i, "invite": invite,
                                "url": f"{base}/?join={game_id}&seat={i}&invite={invite}"})
            seat_rows.append(r)
        watch = new_secret() if body.private else None
        stamp = now()
        row = {"id": game_id, "game": game.name, "version": game.version, "players": players, "seed": seed,
               "options": state.options, "public_options": body.options,
               "status": "open" if invites else "running", "private": body.private,
               "turn_timer": body.turn_timer, "grace": body.grace, "stand_in": body.stand_in, "seq": 0,
               "to_move": state.to_move, "result": None, "created": stamp, "updated": stamp,
               "watch_hash": hash_secret(watch) if watch else None,
               # a game that runs at once (no seat to wait for): its first turn's deadline, stored as every later one
               "turn_deadline": (stamp + dt.timedelta(seconds=body.turn_timer)
                                 if not invites and body.turn_timer and not state.is_over
                                 and state.to_move is not None and specs[state.to_move].kind == "human"
                                 else None)}
        await asyncio.to_thread(storage.create_game, row, seat_rows)
        if body.rated and ratings is not None:
            await asyncio.to_thread(ratings.mark, game_id)
            if me is not None and body.seat is not None:
                await asyncio.to_thread(ratings.took_seat, game_id, body.seat, me.account_id, address_of(request))
        if body.seat is not None and identity is not None:
            await identity.link_seat(me, game_id, body.seat)
        room = await hub.room(game_id)
        return {"game": game_info(row, seat_rows, room), "seat": body.seat, "token": token, "invites": invites,
                "watch": watch, "watch_url": f"{base}/?watch={game_id}&key={watch}" if watch else None}

    @router.get("/games/{game_id}", response_model=GameInfo, responses=ERRORS, summary="One game")
    async def get_game(game_id: str, key: str | None = KEY_QUERY) -> dict[str, Any]:
        return await info_of(game_id, key)

    @router.post("/games/{game_id}/join", response_model=Joined, responses=ERRORS, summary="Take a free seat")
    async def join_game(game_id: str, body: JoinGame, request: Request) -> dict[str, Any]:
        limited(request)
        me = await player(request)
        try:
            room = await hub.room(valid_id(game_id))
        except OtherRules as e:
            raise fail(409, "other_rules", e.reason) from None
        if room is None:
            raise fail(404, "no_game")
        # seats friends keep for an account (social.py): only that account takes one, without the link
        kept = await asyncio.to_thread(social.kept, game_id) if social is not None else {}
        mine = [seat for seat, account in kept.items() if me is not None and account == me.account_id]
        if room.row["private"] and body.invite is None and not mine:
            raise fail(404, "no_game")  # a private game is joined by its invite only, and not seen without it
        if room.status == "finished":
            raise fail(409, "game_over")
        rated = ratings is not None and await asyncio.to_thread(ratings.is_rated, game_id)
        if me is None and rated:
            raise fail(403, "rated_account")
        if rated and me is not None and ratings is not None and await asyncio.to_thread(
                ratings.shares_address, game_id, me.account_id, address_of(request)):
            raise fail(403, "rated_same_address")
        seat_rows = await asyncio.to_thread(storage.seats, game_id)
        free = [r for r in seat_rows if r["kind"] == "human" and r["token_hash"] is None]
        if body.seat is not None and kept.get(body.seat) not in (None, me.account_id if me else None):
            raise fail(409, "seat_kept")
        free = [r for r in free if r["seat"] not in kept or r["seat"] in mine]
        if not free:
            raise fail(409, "full")
        chosen: dict[str, Any] | None
        if body.seat is None and body.invite is None and mine:
            chosen = next((r for r in free if r["seat"] in mine), free[0])
        elif body.seat is None:
            if body.invite is not None:
                match = [r for r in free if r["invite_hash"] == hash_secret(body.invite)]
                if not match:
                    raise fail(403, "bad_invite")
                chosen = match[0]
            else:
                chosen = free[0]
        else:
            chosen = next((r for r in free if r["seat"] == body.seat), None)
            if chosen is None:
                raise fail(409, "seat_taken")
        if body.invite is not None and chosen["invite_hash"] != hash_secret(body.invite) \
                and chosen["seat"] not in mine:
            raise fail(403, "bad_invite")
        token = new_secret()
        # no seat asked for: if another join takes the chosen one first, the next free one will do
        tries = [chosen] + ([r for r in free if r is not chosen] if body.seat is None and body.invite is None else [])
        for chosen in tries:
            seat = chosen["seat"]
            name = body.name.strip() or (me.username if me is not None else "")  # empty: the default name
            try:
                await asyncio.to_thread(storage.take_seat, game_id, seat, name, hash_secret(token))
                break
            except Conflict:
                continue
        else:
            raise fail(409, "seat_taken")
        if identity is not None:
            await identity.link_seat(me, game_id, seat)
        if rated and me is not None and ratings is not None:
            await asyncio.to_thread(ratings.took_seat, game_id, seat, me.account_id, address_of(request))
        if social is not None and seat in kept:
            await asyncio.to_thread(social.taken, game_id, seat)
        # every seat as the database has it now: a join on another instance may have come first
        was_open = room.status == "open"
        await hub.reload_seats(room)
        if was_open and room.status == "running":  # this join started the game: its first turn's notice
            hub.tell_watchers(room, Change(room.seq, "start", None, seat, "human"))
        hub.start_absence(room, room.seats[seat])
        return {"seat": seat, "token": token, "game": await info_of(game_id, token)}

    @router.get("/games/{game_id}/record", response_model=RecordOut, responses=ERRORS,
                summary="The record of a finished game")
    async def get_record(game_id: str, key: str | None = KEY_QUERY) -> dict[str, Any]:
        row = await visible_row(game_id, key)
        if row["status"] != "finished":
            raise fail(409, "not_finished")
        changes = await asyncio.to_thread(storage.changes, game_id)
        seat_rows = await asyncio.to_thread(storage.seats, game_id)
        record = record_of(row, changes)
        record["options"] = meta.options_to_network(row["game"], record["options"], settings.pack_dir)
        return {"record": record,
                "seats": [{"seat": r["seat"], "name": r["name"], "kind": r["kind"], "bot": r["bot"]}
                          for r in seat_rows]}

    return router
