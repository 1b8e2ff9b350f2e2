"""The tournament routes (``/api/tournaments``) and the lobby's list of a player's new tables.

Who may do what: anyone lists the open tournaments and reads one (its players by username, its
tables, the standings); a logged-in account creates one, signs up (a private tournament: with
its invitation key, given once to its creator) and withdraws itself. The creator, or an operator
named in ``ASZTAL_TOURNAMENT_OPERATORS`` (usernames, comma-separated) or given the server's operator
role (``asztal admin grant``), withdraws any player. A
private tournament is seen only by its creator, its players and whoever has its key.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import insert, select
from sqlalchemy.engine import Engine

from asztal import games
from asztal.engine import BadOptions
from asztal.server import meta, texts
from asztal.server.accounts import Session, accounts_table, clean_id, username_key
from asztal.server.bodies import ErrorBody
from asztal.server.edge import CleanStr, check_json
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.moderation import Moderation
from asztal.server.ratings import bot_name
from asztal.server.storage import Storage, games_table, now
from asztal.server.tokens import hash_secret, new_game_id, new_secret
from asztal.server.tournament import scoring
from asztal.server.tournament.runner import Refused, Tournaments, aware, least
from asztal.server.tournament.tables import tournament_players_table, tournaments_table

texts.ERRORS.update({
    "no_tournament": ("nincs ilyen verseny", "no such tournament"),
    "signup_closed": ("erre a versenyre már nem lehet jelentkezni", "sign-up for this tournament is closed"),
    "tournament_full": ("ez a verseny betelt", "this tournament is full"),
    "signed_up_already": ("már jelentkeztél erre a versenyre", "you have signed up for this tournament already"),
    "not_signed_up": ("ez a játékos nem játszik ebben a versenyben", "that player is not playing in this tournament"),
    "not_organiser": ("ezt csak a verseny szervezője teheti meg", "only the tournament's organiser can do that"),
    "table_size": ("ennél a játéknál nem lehet ekkora az asztal (PAX és Civilizációk Hajnala: 2–4, "
                   "Cleopatra vasúti kocsija: 3–5 fő)",
                   "a table of this game cannot be that size (PAX and PocketCiv: 2-4, Caboose: 3-5 players)"),
    "signup_after_start": ("a jelentkezés a kezdés előtt zárul", "sign-up must close before the start"),
})


def operators() -> set[str]:
    return {username_key(n.strip()) for n in os.environ.get("ASZTAL_TOURNAMENT_OPERATORS", "").split(",")
            if n.strip()}


def operating(storage: Storage, me: Session) -> bool:
    """Whether ``me`` organises every tournament: named in ``ASZTAL_TOURNAMENT_OPERATORS``, or
    holding the server's operator role (``asztal admin grant``, moderation.py)."""
    return username_key(me.username) in operators() or Moderation(storage).is_operator(me.account_id)


class CreateTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: CleanStr = Field(..., min_length=1, max_length=80)
    game: CleanStr = Field(..., max_length=40, examples=["pax"])
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (see /api/meta)")
    table_size: int = Field(..., ge=2, le=5, description="PAX and PocketCiv 2-4, Caboose 3-5")
    format: Literal["swiss", "round_robin"] = "swiss"
    rounds: int | None = Field(None, ge=1, le=20, description="Swiss: how many rounds (round-robin: as many "
                                                            "as it takes)")
    turn_timer: float = Field(86400, ge=12 * 3600, le=7 * 86400, description="seconds per decision: 12 h and up")
    round_days: float = Field(14, ge=1, le=60, description="days a round may last; then its tables are "
                                                            "scored as they stand")
    rated: bool = False
    private: bool = Field(False, description="seen and joined only with its invitation key")
    starts: Annotated[dt.datetime, Field(strict=False)]
    signup_until: Annotated[dt.datetime | None, Field(strict=False)] = None

    @field_validator("options")
    @classmethod
    def _plain_json(cls, value: dict[str, Any]) -> dict[str, Any]:
        check_json(value)
        return value


class Key(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    key: CleanStr | None = Field(None, max_length=100, description="a private tournament's invitation key")


class Withdraw(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: CleanStr | None = Field(None, max_length=64, description="whom (the organiser); none: yourself")


class Name(BaseModel):
    hu: str
    en: str


class Summary(BaseModel):
    id: str
    name: str
    game: str
    title: Name
    table_size: int
    format: Literal["swiss", "round_robin"]
    rounds: int | None
    turn_timer: float
    round_days: float
    rated: bool
    private: bool
    status: Literal["signup", "running", "finished"]
    starts: dt.datetime
    signup_until: dt.datetime
    organiser: str | None
    players: int
    round: int = Field(0, description="the round being played (0: none yet)")


class Seat(BaseModel):
    username: str | None = Field(None, description="none: a bot plays this seat")
    bot: Name | None = None
    place: int | None = None
    points: float | None = None
    score: float | None = None


class TableOut(BaseModel):
    table: int
    game_id: str | None
    status: str | None = Field(None, description="the game's: running or finished")
    how: Literal["played", "forfeit", "adjudicated"] | None = None
    seats: list[Seat]


class StandingOut(BaseModel):
    rank: int
    username: str
    points: float
    buchholz: float
    head_to_head: float
    game_points: float
    games: int
    withdrawn: bool


class RoundOut(BaseModel):
    round: int
    deadline: dt.datetime
    tables: list[TableOut]
    standings: list[StandingOut] | None = Field(None, description="the standings after this round, once every "
                                                                  "table of it is scored")


class Detail(Summary):
    entrants: list[str]
    rounds_played: list[RoundOut]
    standings: list[StandingOut]
    signed_up: bool = Field(False, description="whether the asking account plays in it")
    organising: bool = Field(False, description="whether the asking account may withdraw players")


class Created(BaseModel):
    tournament: Detail
    key: str | None = Field(None, description="a private tournament's invitation key (shown once)")


class MyTable(BaseModel):
    tournament_id: str
    name: str
    round: int
    game_id: str
    title: Name


def build_router(hub: Hub, tournaments: Tournaments, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")
    engine = hub.storage.engine
    refusals: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 401, 403, 404, 409, 429)}

    def fail(status: int, code: str) -> HTTPException:
        return HTTPException(status, detail=texts.detail(code))

    def may_see(t: dict[str, Any], me: Session | None, key: str | None, players: list[str]) -> bool:
        if not t["private"]:
            return True
        if key and hash_secret(key) == t["invite_hash"]:
            return True
        return me is not None and (me.account_id == t["creator"] or me.account_id in players)

    def names(ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        with engine.connect() as conn:
            return dict(conn.execute(select(accounts_table.c.id, accounts_table.c.username)
                                     .where(accounts_table.c.id.in_(ids))).all())

    def summary(t: dict[str, Any], count: int, current: int, organiser: str | None) -> dict[str, Any]:
        g = games.load(t["game"])
        return {**{k: t[k] for k in ("id", "name", "game", "table_size", "format", "rounds", "turn_timer",
                                     "round_days", "rated", "private", "status")},
                "starts": aware(t["starts"]), "signup_until": aware(t["signup_until"]),
                "title": {"hu": g.title.get("hu", g.name), "en": g.title.get("en", g.name)},
                "organiser": organiser, "players": count, "round": current}

    def detail(t: dict[str, Any], me: Session | None) -> dict[str, Any]:
        tid = t["id"]
        signed = tournaments.players(tid)
        with engine.connect() as conn:
            withdrawn = {r[0] for r in conn.execute(select(tournament_players_table.c.account_id).where(
                tournament_players_table.c.tournament_id == tid,
                tournament_players_table.c.withdrawn.is_not(None)))}
        tables = tournaments.tables(tid)
        who = names([*signed, *([t["creator"]] if t["creator"] else [])])
        game_ids = [r["game_id"] for r in tables if r["game_id"]]
        with engine.connect() as conn:
            status = dict(conn.execute(select(games_table.c.id, games_table.c.status)
                                       .where(games_table.c.id.in_(game_ids))).all()) if game_ids else {}
        rounds: dict[int, list[dict[str, Any]]] = {}
        for r in tables:
            points = scoring.placement_points(r["places"]) if r["places"] else None
            seats = []
            for i, p in enumerate(r["seats"]):
                seats.append({"username": who.get(p, "?") if p is not None else None,
                              "bot": bot_name("normal") if p is None else None,
                              "place": r["places"][i] if r["places"] else None,
                              "points": float(points[i]) if points else None,
                              "score": r["scores"][i] if r["scores"] else None})
            rounds.setdefault(r["round"], []).append({"table": r["table_no"] + 1, "game_id": r["game_id"],
                                                      "status": status.get(r["game_id"]), "how": r["how"],
                                                      "seats": seats})
        deadlines = tournaments.deadlines(tid)
        swiss = t["format"] == "swiss"

        def table_of(rows: list[scoring.Standing]) -> list[dict[str, Any]]:
            return [{"rank": s.rank, "username": who.get(s.player, "?"), "points": float(s.points),
                     "buchholz": float(s.buchholz), "head_to_head": float(s.head_to_head),
                     "game_points": s.game_points, "games": s.games, "withdrawn": s.player in withdrawn}
                    for s in rows]

        after: dict[int, list[dict[str, Any]]] = {}
        for k in sorted(rounds):
            if all(r["ended"] is not None for r in tables if r["round"] == k):
                done = [r for r in tables if r["round"] <= k and r["ended"] is not None]
                after[k] = table_of(scoring.standings(signed, tournaments.results_of(done), swiss))
        organising = me is not None and (me.account_id == t["creator"] or operating(hub.storage, me))
        out = summary(t, len(signed), max(rounds, default=0), who.get(t["creator"]) if t["creator"] else None)
        out.update({
            "entrants": [who.get(p, "?") for p in signed],
            "rounds_played": [{"round": k, "deadline": aware(deadlines[k]), "tables": rounds[k],
                               "standings": after.get(k)} for k in sorted(rounds) if k in deadlines],
            "standings": table_of(scoring.standings(signed, tournaments.results_of(tables), swiss)),
            "signed_up": me is not None and me.account_id in signed,
            "organising": organising})
        return out

    async def visible(tid: str, me: Session | None, key: str | None) -> dict[str, Any]:
        t = await asyncio.to_thread(tournaments.row, tid) if clean_id(tid) and len(tid) <= 32 else None
        if t is None:
            raise fail(404, "no_tournament")
        players = await asyncio.to_thread(tournaments.players, tid)
        if not may_see(t, me, key, players):
            raise fail(404, "no_tournament")  # not even whether it exists
        return t

    def listing(me: Session | None) -> list[dict[str, Any]]:
        with engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(select(tournaments_table)
                                                  .order_by(tournaments_table.c.starts.desc()).limit(200)).mappings()]
            mine = set() if me is None else {r[0] for r in conn.execute(
                select(tournament_players_table.c.tournament_id)
                .where(tournament_players_table.c.account_id == me.account_id))}
        out = []
        for t in rows:
            if t["private"] and not (me is not None and (t["id"] in mine or t["creator"] == me.account_id)):
                continue
            count = len(tournaments.players(t["id"]))
            current = tournaments.current_round(t["id"])
            organiser = names([t["creator"]]).get(t["creator"]) if t["creator"] else None
            out.append(summary(t, count, current[0] if current else 0, organiser))
        return out

    @router.get("/tournaments", response_model=list[Summary], summary="Tournaments, the latest start first")
    async def list_tournaments(request: Request) -> list[dict[str, Any]]:
        me = await identity.optional(request, csrf=False)
        return await asyncio.to_thread(listing, me)

    @router.post("/tournaments", response_model=Created, status_code=201, responses=refusals,
                 summary="Create a tournament (logged in)")
    async def create(body: CreateTournament, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        if body.game not in games.names():
            raise fail(400, "bad_request")
        g = games.load(body.game)
        low, high = least(g), g.max_players
        if not low <= body.table_size <= high:
            raise fail(400, "table_size")
        if body.format == "swiss" and body.rounds is None:
            raise fail(400, "bad_request")
        starts = body.starts if body.starts.tzinfo else body.starts.replace(tzinfo=dt.UTC)
        until = body.signup_until or starts
        until = until if until.tzinfo else until.replace(tzinfo=dt.UTC)
        if until > starts:
            raise fail(400, "signup_after_start")
        try:  # every table size the field may need
            for n in {body.table_size, max(low, body.table_size - 1)}:
                meta.game_options(g.name, n, body.options, tournaments.pack_dir)
        except (BadOptions, ValueError):
            raise fail(400, "bad_request") from None
        tid = new_game_id()
        key = new_secret() if body.private else None
        row = {"id": tid, "name": body.name.strip(), "game": g.name, "options": body.options,
               "table_size": body.table_size, "format": body.format,
               "rounds": body.rounds if body.format == "swiss" else None, "turn_timer": body.turn_timer,
               "round_days": body.round_days, "rated": body.rated, "private": body.private,
               "invite_hash": hash_secret(key) if key else None, "creator": me.account_id, "starts": starts,
               "signup_until": until, "status": "signup", "schedule": None, "created": now()}

        def store() -> None:
            with hub.storage._writing(), engine.begin() as conn:
                conn.execute(insert(tournaments_table).values(**row))

        await asyncio.to_thread(store)
        return {"tournament": await asyncio.to_thread(detail, row, me), "key": key}

    key_query = Query(None, max_length=100, description="a private tournament's invitation key")

    @router.get("/tournaments/{tournament_id}", response_model=Detail, responses=refusals,
                summary="A tournament: its players, rounds, tables and standings")
    async def get_one(tournament_id: str, request: Request, key: str | None = key_query) -> dict[str, Any]:
        me = await identity.optional(request, csrf=False)
        t = await visible(tournament_id, me, key)
        return await asyncio.to_thread(detail, t, me)

    @router.post("/tournaments/{tournament_id}/signup", response_model=Detail, responses=refusals,
                 summary="Sign up (logged in; a private tournament: with its key)")
    async def sign_up(tournament_id: str, body: Key, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        t = await visible(tournament_id, me, body.key)
        try:
            await asyncio.to_thread(tournaments.sign_up, t["id"], me.account_id, body.key)
        except Refused as e:
            raise fail(e.status, e.code) from None
        return await asyncio.to_thread(detail, t, me)

    @router.post("/tournaments/{tournament_id}/withdraw", response_model=Detail, responses=refusals,
                 summary="Withdraw yourself, or (the organiser) a player: their open game is forfeited")
    async def withdraw(tournament_id: str, body: Withdraw, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        t = await visible(tournament_id, me, None)
        target = me.account_id
        if body.username is not None and username_key(body.username) != username_key(me.username):
            if me.account_id != t["creator"] and not await asyncio.to_thread(operating, hub.storage, me):
                raise fail(403, "not_organiser")
            found = await asyncio.to_thread(_account_of, engine, body.username)
            if found is None:
                raise fail(409, "not_signed_up")
            target = found
        try:
            await tournaments.withdraw(t["id"], target)
        except Refused as e:
            raise fail(e.status, e.code) from None
        fresh = await asyncio.to_thread(tournaments.row, t["id"])
        return await asyncio.to_thread(detail, fresh or t, me)

    @router.get("/me/tournament-tables", response_model=list[MyTable], responses=refusals,
                summary="The account's tournament tables being played now (the lobby's notice)")
    async def my_tables(request: Request) -> list[dict[str, Any]]:
        me = await identity.required(request, csrf=False)
        return await asyncio.to_thread(tournaments.open_tables_of, me.account_id)

    return router


def _account_of(engine: Engine, username: str) -> str | None:
    with engine.connect() as conn:
        account_id: str | None = conn.execute(select(accounts_table.c.id)
                                              .where(accounts_table.c.username_key == username_key(username))).scalar()
        return account_id


def install(app: FastAPI, hub: Hub, identity: Identity) -> Tournaments:
    """Run the tournaments (the hub tells them of games that end) and serve their routes;
    ``app.state.tournaments`` for the app's start and stop, and for tests."""
    notices = getattr(app.state, "notices", None)
    settings = getattr(app.state, "settings", None)
    tournaments = Tournaments(hub, notices, getattr(settings, "pack_dir", None))
    hub.watchers.append(tournaments.watch)
    app.include_router(build_router(hub, tournaments, identity))
    app.state.tournaments = tournaments
    return tournaments
