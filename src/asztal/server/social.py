"""Inviting a friend by username: a free seat of a game is kept for that account, which sees the
invitation in its lobby (``/api/me/invitations``) and takes the seat by joining, without the
invite link (a private game's too). Nobody else may take a seat kept for someone.

Only a player of the game (a seat linked to the inviting account) may invite, a seat at a time;
an invitation names the game and who invited, nothing more. An unknown username, or one that
cannot be invited (already at the table or invited), gets the same answer as a real invitation
(the seat that would be kept) and nothing is stored, so the route tells no more about which names
exist than the public profiles (``/api/players/{name}``) do. An account that blocked the inviter
gets nothing either, and the inviter the same answer (``moderation.py``). An account sends at most
``ASZTAL_INVITES_PER_HOUR`` invitations an hour (30).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, delete, insert, select

from asztal.server import texts
from asztal.server.accounts import account_seats_table, accounts_table, clean_id, clean_text, username_key
from asztal.server.api import GameInfo, game_info
from asztal.server.bodies import ErrorBody
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.moderation import mutes_table
from asztal.server.ratelimit import RateLimit
from asztal.server.storage import Storage, games_table, metadata, now, seats_table

seat_invites_table = Table(
    "seat_invites", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("by_account", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

texts.ERRORS.update({
    "not_a_player": ("csak a játék egy játékosa hívhat meg valakit", "only a player of the game can invite"),
    "no_free_seat": ("nincs szabad hely a meghíváshoz", "no free seat to invite to"),
    "seat_kept": ("ez a hely egy meghívott játékosnak van fenntartva", "that seat is kept for an invited player"),
})

#: invitations one account may hold at once (the oldest go first)
MAX_INVITATIONS = 100


def kept_hours() -> float:
    """How long an invitation keeps its seat (``ASZTAL_KEPT_HOURS``, 24): then anyone may take it,
    so a player cannot hold a game's seats away from strangers for good."""
    return float(os.environ.get("ASZTAL_KEPT_HOURS", 24))


def _live() -> Any:
    return seat_invites_table.c.created > now() - dt.timedelta(hours=kept_hours())


class Social:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def kept(self, game_id: str) -> dict[int, str]:
        """Seat -> the account it is kept for."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_invites_table.c.seat, seat_invites_table.c.account_id)
                                .where(seat_invites_table.c.game_id == game_id, _live())).all()
        return {int(r[0]): str(r[1]) for r in rows}

    def invite(self, by_account: str, game_id: str, username: str, seat: int | None) -> int:
        """Keep a free human seat of ``game_id`` for ``username``'s account; the seat kept."""
        with self.storage._writing(), self.engine.begin() as conn:
            mine = conn.execute(select(account_seats_table.c.seat).where(
                account_seats_table.c.game_id == game_id, account_seats_table.c.account_id == by_account)).first()
            status = conn.execute(select(games_table.c.status).where(games_table.c.id == game_id)).scalar()
            if mine is None or status is None:
                raise Refused("not_a_player", 403)
            conn.execute(delete(seat_invites_table).where(seat_invites_table.c.game_id == game_id, ~_live()))
            kept = dict(conn.execute(select(seat_invites_table.c.seat, seat_invites_table.c.account_id)
                                     .where(seat_invites_table.c.game_id == game_id)).all())
            free = [r[0] for r in conn.execute(select(seats_table.c.seat).where(
                seats_table.c.game_id == game_id, seats_table.c.kind == "human",
                seats_table.c.token_hash.is_(None)).order_by(seats_table.c.seat)) if r[0] not in kept]
            if status != "open" or not free or (seat is not None and seat not in free):
                raise Refused("no_free_seat", 409)
            chosen = seat if seat is not None else free[0]
            friend = conn.execute(select(accounts_table.c.id).where(
                accounts_table.c.username_key == username_key(username))).scalar()
            playing = {r[0] for r in conn.execute(select(account_seats_table.c.account_id)
                                                  .where(account_seats_table.c.game_id == game_id))}
            blocked = friend is not None and conn.execute(select(mutes_table.c.target_id).where(
                mutes_table.c.account_id == friend, mutes_table.c.target_id == by_account,
                mutes_table.c.blocked.is_(True))).first() is not None
            if friend is None or friend in playing or friend in kept.values() or blocked:
                return chosen  # the same answer, and nothing kept: the name's existence is not told
            conn.execute(insert(seat_invites_table).values(game_id=game_id, seat=chosen, account_id=friend,
                                                           by_account=by_account, created=now()))
            old = [(r[0], r[1]) for r in conn.execute(
                select(seat_invites_table.c.game_id, seat_invites_table.c.seat)
                .where(seat_invites_table.c.account_id == friend)
                .order_by(seat_invites_table.c.created.desc()).offset(MAX_INVITATIONS))]
            for g, s in old:
                conn.execute(delete(seat_invites_table).where(seat_invites_table.c.game_id == g,
                                                              seat_invites_table.c.seat == s))
        return chosen

    def taken(self, game_id: str, seat: int) -> None:
        """The seat was taken: its invitation is done."""
        with self.storage._writing(), self.engine.begin() as conn:
            conn.execute(delete(seat_invites_table).where(seat_invites_table.c.game_id == game_id,
                                                          seat_invites_table.c.seat == seat))

    def invitations(self, account_id: str) -> list[dict[str, Any]]:
        inviter = accounts_table.alias("inviter")
        j = seat_invites_table.join(inviter, seat_invites_table.c.by_account == inviter.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_invites_table.c.game_id, seat_invites_table.c.seat,
                                       inviter.c.username).select_from(j)
                                .where(seat_invites_table.c.account_id == account_id, _live())
                                .order_by(seat_invites_table.c.created.desc())).all()
        return [{"game_id": r[0], "seat": r[1], "by": r[2]} for r in rows]


class Refused(Exception):
    def __init__(self, code: str, status: int) -> None:
        super().__init__(code)
        self.code, self.status = code, status


class InviteFriend(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=100)
    seat: int | None = Field(None, ge=0, le=7)


class Invited(BaseModel):
    seat: int
    username: str


class Invitation(BaseModel):
    seat: int
    by: str
    game: GameInfo


def build_router(hub: Hub, social: Social, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")
    per_account = RateLimit(int(os.environ.get("ASZTAL_INVITES_PER_HOUR", 30)), 3600)

    def fail(status: int, code: str) -> HTTPException:
        return HTTPException(status, detail=texts.detail(code))

    #: what these routes may refuse: not logged in, the CSRF token, no such game or seat or
    #: friend, a seat already taken, the rate of requests
    refusals: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 401, 403, 404, 409, 429)}

    @router.post("/games/{game_id}/invite", response_model=Invited, responses=refusals,
                 summary="Keep a free seat for a friend, named by username (they see it in their lobby)")
    async def invite(game_id: str, body: InviteFriend, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        if not clean_id(game_id) or not clean_text(body.username):
            raise fail(404, "no_game")
        if not per_account.allow(me.account_id):
            raise fail(429, "rate_limited")
        try:
            seat = await asyncio.to_thread(social.invite, me.account_id, game_id, body.username, body.seat)
        except Refused as e:
            raise fail(e.status, e.code) from None
        return {"seat": seat, "username": body.username}

    @router.get("/me/invitations", response_model=list[Invitation], responses=refusals,
                summary="Seats friends keep for this account, newest first")
    async def invitations(request: Request) -> list[dict[str, Any]]:
        me = await identity.required(request, csrf=False)
        out = []
        for inv in await asyncio.to_thread(social.invitations, me.account_id):
            row = await asyncio.to_thread(hub.storage.game_row, inv["game_id"])
            if row is None or row["status"] != "open":
                continue
            seats = await asyncio.to_thread(hub.storage.seats, inv["game_id"])
            out.append({"seat": inv["seat"], "by": inv["by"],
                        "game": game_info(row, seats, hub.rooms.get(inv["game_id"]))})
        return out

    return router


def install(app: FastAPI, hub: Hub, social: Social, identity: Identity) -> None:
    app.include_router(build_router(hub, social, identity))
