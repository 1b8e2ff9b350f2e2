"""Moderation: what a player does about another (mute, block, report a chat line) and what an
operator does about anyone (read the reports, hide a line, ban an account, close a game).

A mute or a block is the account's, kept on the server: the muted account's chat lines are not
sent to any socket the muter reads (its seat's or, logged in, a spectator's), on any device. A
block mutes and also drops every invitation from the blocked account (``social.py`` stores none,
and answers as if it had). A report copies the line as it was, so hiding or deleting it later
leaves the operator what was reported.

An operator is an account given the role on the command line (``asztal admin grant USERNAME``,
against the configured database); no route gives or takes it. Every operator action is written
to ``moderation_audit`` in the same transaction as the action itself. A banned account's
sessions and the seat tokens they gave end at once (their sockets close), and its login is
refused with ``banned``; its seats play on as every absent player's do.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Integer, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection

from asztal.server import texts
from asztal.server.accounts import (
    Accounts,
    Session,
    account_seats_table,
    accounts_table,
    clean_id,
    clean_text,
    username_key,
)
from asztal.server.bodies import ErrorBody
from asztal.server.chat import chat_table
from asztal.server.edge import bad_display
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.ratelimit import RateLimit
from asztal.server.room import Client
from asztal.server.storage import Storage, games_table, metadata, now, seats_table
from asztal.server.tokens import hash_secret, new_secret

T = TypeVar("T")

operators_table = Table(
    "operators", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("granted", DateTime(timezone=True), nullable=False),
)

mutes_table = Table(
    "account_mutes", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("target_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True),
    Column("blocked", Boolean, nullable=False),  # a block: muted, and no invitation from them either
    Column("created", DateTime(timezone=True), nullable=False),
)

reports_table = Table(
    "chat_reports", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("n", Integer, nullable=False),
    Column("reporter", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("author", String(32), ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("text", String(200), nullable=False),  # the line as it was reported
    Column("reason", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("closed", DateTime(timezone=True), nullable=True, index=True),
)

bans_table = Table(
    "bans", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("reason", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

audit_table = Table(
    "moderation_audit", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("operator", String(32), nullable=True),  # the operator's username then (None: the command line)
    Column("action", String(16), nullable=False),   # grant, revoke, hide, ban, unban, close_game, close_report
    Column("target", String(80), nullable=False),
    Column("detail", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

texts.ERRORS.update({
    "not_operator": ("ehhez üzemeltetői jog kell", "this needs the operator's role"),
    "no_player": ("nincs ilyen nevű játékos", "there is no player of that name"),
    "not_yourself": ("saját magadat nem némíthatod", "you cannot mute yourself"),
    "no_line": ("nincs ilyen üzenet ebben a játékban", "there is no such message in this game"),
    "banned": ("ezt a fiókot az üzemeltető letiltotta; ha tévedésnek gondolod, írj a szerver üzemeltetőjének",
               "this account was banned by the operator; if you think it a mistake, write to the server's operator"),
    "game_closed": ("ezt a játékot az üzemeltető lezárta", "the operator closed this game"),
    "no_report": ("nincs ilyen bejelentés", "there is no such report"),
    "bad_reason": ("az indoklás egyetlen sor olvasható szöveg", "a reason is one line of readable text"),
    "not_banned": ("ez a játékos nincs kitiltva", "this player is not banned"),
})


class Moderation:
    """The moderation tables of one server's database (every method is one transaction)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def _writing(self) -> AbstractContextManager[object]:
        return self.storage._writing()

    def _account(self, conn: Connection, username: str) -> str | None:
        account_id: str | None = conn.execute(select(accounts_table.c.id).where(
            accounts_table.c.username_key == username_key(username))).scalar()
        return account_id

    # -- a player's ------------------------------------------------------------------
    def mute(self, account_id: str, username: str, blocked: bool) -> str:
        """Mute (or block) ``username`` for ``account_id``; the muted account's id."""
        with self._writing(), self.engine.begin() as conn:
            target = self._account(conn, username)
            if target is None:
                raise Refused("no_player", 404)
            if target == account_id:
                raise Refused("not_yourself", 400)
            conn.execute(delete(mutes_table).where(mutes_table.c.account_id == account_id,
                                                   mutes_table.c.target_id == target))
            conn.execute(insert(mutes_table).values(account_id=account_id, target_id=target, blocked=blocked,
                                                    created=now()))
        return str(target)

    def unmute(self, account_id: str, username: str) -> str | None:
        with self._writing(), self.engine.begin() as conn:
            target = self._account(conn, username)
            if target is not None:
                conn.execute(delete(mutes_table).where(mutes_table.c.account_id == account_id,
                                                       mutes_table.c.target_id == target))
        return target

    def muted(self, account_id: str) -> list[dict[str, Any]]:
        j = mutes_table.join(accounts_table, mutes_table.c.target_id == accounts_table.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_table.c.username, mutes_table.c.blocked).select_from(j)
                                .where(mutes_table.c.account_id == account_id)
                                .order_by(accounts_table.c.username)).all()
        return [{"username": r[0], "blocked": bool(r[1])} for r in rows]

    def tell_instances(self, account_id: str, target: str, muted: bool) -> None:
        """Tell the other instances, through each unfinished game the account holds a seat of, that
        its sockets there stop (or start again) being sent ``target``'s lines (PostgreSQL)."""
        if not self.storage.is_postgres:
            return
        j = account_seats_table.join(games_table, account_seats_table.c.game_id == games_table.c.id)
        with self.engine.begin() as conn:
            for (game_id,) in conn.execute(select(account_seats_table.c.game_id).select_from(j).where(
                    account_seats_table.c.account_id == account_id, games_table.c.status != "finished")):
                self.storage._notify(conn, {"game": game_id, "what": "muted", "account": account_id,
                                            "target": target, "on": muted})

    def muted_ids(self, account_id: str) -> set[str]:
        with self.engine.connect() as conn:
            return {r[0] for r in conn.execute(select(mutes_table.c.target_id)
                                               .where(mutes_table.c.account_id == account_id))}

    def seat_account(self, game_id: str, seat: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(account_seats_table.c.account_id).where(
                account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat)).scalar()

    def report(self, reporter: str, game_id: str, n: int, reason: str) -> int:
        """Report line ``n`` of ``game_id`` (a line the reporter could read: a public game's, or
        one of a game it holds a seat of); the report's number."""
        with self._writing(), self.engine.begin() as conn:
            found = self._readable_line(conn, reporter, game_id, n)
            res = conn.execute(insert(reports_table).values(game_id=game_id, n=n, reporter=reporter, author=found[1],
                                                            text=found[0], reason=reason, created=now()))
            key = res.inserted_primary_key
            assert key is not None  # an INSERT of one row always has its key
            return int(key[0])

    def _readable_line(self, conn: Any, reader: str, game_id: str, n: int) -> tuple[str, str | None]:
        """Line ``n`` of ``game_id`` as (its text, its writer's account id or None), when ``reader``
        could read it: a public game's line, or one of a game it holds a seat of."""
        j = chat_table.outerjoin(account_seats_table, (account_seats_table.c.game_id == chat_table.c.game_id)
                                 & (account_seats_table.c.seat == chat_table.c.seat))
        found = conn.execute(select(chat_table.c.text, account_seats_table.c.account_id).select_from(j).where(
            chat_table.c.game_id == game_id, chat_table.c.n == n, chat_table.c.hidden.is_(False))).first()
        private = conn.execute(select(games_table.c.private).where(games_table.c.id == game_id)).scalar()
        mine = conn.execute(select(account_seats_table.c.seat).where(
            account_seats_table.c.game_id == game_id, account_seats_table.c.account_id == reader)).first()
        if found is None or (private and mine is None):
            raise Refused("no_line", 404)
        return str(found[0]), found[1]

    def line_author(self, reader: str, game_id: str, n: int) -> str:
        """The username of line ``n``'s writer (the chat's „Némítás” names a line, as the page
        knows no account behind a seat); ``no_player`` when a guest's seat wrote it."""
        with self.engine.connect() as conn:
            author = self._readable_line(conn, reader, game_id, n)[1]
            name = None if author is None else conn.execute(
                select(accounts_table.c.username).where(accounts_table.c.id == author)).scalar()
        if name is None:
            raise Refused("no_player", 404)
        return str(name)

    # -- an operator's -------------------------------------------------------------------
    def is_operator(self, account_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(operators_table.c.account_id)
                                .where(operators_table.c.account_id == account_id)).first() is not None

    def _audit(self, conn: Any, operator: str | None, action: str, target: str, detail: str = "") -> None:
        conn.execute(insert(audit_table).values(operator=operator, action=action, target=target[:80],
                                                detail=detail[:200], at=now()))

    def grant(self, username: str, give: bool = True) -> bool:
        """Give (or take) the operator's role: the command line's ``asztal admin``; False when
        there is no such account."""
        with self._writing(), self.engine.begin() as conn:
            target = self._account(conn, username)
            if target is None:
                return False
            conn.execute(delete(operators_table).where(operators_table.c.account_id == target))
            if give:
                conn.execute(insert(operators_table).values(account_id=target, granted=now()))
            self._audit(conn, None, "grant" if give else "revoke", username)
        return True

    def reports(self, open_only: bool, limit: int = 200) -> list[dict[str, Any]]:
        reporter, author = accounts_table.alias("reporter"), accounts_table.alias("author")
        j = (reports_table.join(reporter, reports_table.c.reporter == reporter.c.id)
             .outerjoin(author, reports_table.c.author == author.c.id))
        q = (select(reports_table, reporter.c.username.label("reporter_name"), author.c.username.label("author_name"))
             .select_from(j).order_by(reports_table.c.id.desc()).limit(limit))
        if open_only:
            q = q.where(reports_table.c.closed.is_(None))
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
        return [{"id": r["id"], "game_id": r["game_id"], "n": r["n"], "text": r["text"], "reason": r["reason"],
                 "reporter": r["reporter_name"], "author": r["author_name"], "created": aware(r["created"]),
                 "closed": aware(r["closed"])} for r in rows]

    def close_report(self, operator: str, report_id: int) -> None:
        with self._writing(), self.engine.begin() as conn:
            res = conn.execute(update(reports_table).where(reports_table.c.id == report_id,
                                                           reports_table.c.closed.is_(None)).values(closed=now()))
            if res.rowcount != 1:
                raise Refused("no_report", 404)
            self._audit(conn, operator, "close_report", str(report_id))

    def hide(self, operator: str, game_id: str, n: int, reason: str) -> None:
        with self._writing(), self.engine.begin() as conn:
            res = conn.execute(update(chat_table).where(chat_table.c.game_id == game_id, chat_table.c.n == n)
                               .values(hidden=True))
            if res.rowcount != 1:
                raise Refused("no_line", 404)
            self._audit(conn, operator, "hide", f"{game_id}/{n}", reason)
            self.storage._notify(conn, {"game": game_id, "what": "chat_hidden", "n": n})

    def ban(self, operator: str, username: str, reason: str, banned: bool = True) -> tuple[str, list[tuple[str, int]]]:
        """Ban (or lift the ban of) ``username``: (the account's id, the seats of its games not
        finished, whose tokens a ban replaces with one nobody holds: their sockets are closed by
        the caller and, told by NOTIFY, by the other instances)."""
        seats: list[tuple[str, int]] = []
        with self._writing(), self.engine.begin() as conn:
            target = self._account(conn, username)
            if target is None:
                raise Refused("no_player", 404)
            lifted = conn.execute(delete(bans_table).where(bans_table.c.account_id == target)).rowcount
            if not banned and lifted != 1:
                raise Refused("not_banned", 409)  # nothing to lift: no audit row either
            if banned:
                conn.execute(insert(bans_table).values(account_id=target, reason=reason, created=now()))
                j = account_seats_table.join(games_table, account_seats_table.c.game_id == games_table.c.id)
                seats = [(r[0], r[1]) for r in conn.execute(
                    select(account_seats_table.c.game_id, account_seats_table.c.seat).select_from(j)
                    .where(account_seats_table.c.account_id == target, games_table.c.status != "finished"))]
                for game_id, seat in seats:
                    conn.execute(update(seats_table).where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                                 .values(token_hash=hash_secret(new_secret())))
                    self.storage._notify(conn, {"game": game_id, "what": "token", "seat": seat})
            self._audit(conn, operator, "ban" if banned else "unban", username, reason)
        return str(target), seats

    def bans(self, limit: int = 200) -> list[dict[str, Any]]:
        """The banned accounts, newest ban first (the operator's page lists them to lift one)."""
        j = bans_table.join(accounts_table, bans_table.c.account_id == accounts_table.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_table.c.username, bans_table.c.reason, bans_table.c.created)
                                .select_from(j).order_by(bans_table.c.created.desc()).limit(limit)).all()
        return [{"username": r[0], "reason": r[1], "created": aware(r[2])} for r in rows]

    def is_banned(self, account_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(bans_table.c.account_id)
                                .where(bans_table.c.account_id == account_id)).first() is not None

    def close_game(self, operator: str, game_id: str, reason: str) -> None:
        """End a game that is not finished, unrated and with no winner."""
        with self._writing(), self.engine.begin() as conn:
            res = conn.execute(update(games_table).where(games_table.c.id == game_id,
                                                         games_table.c.status != "finished")
                               .values(status="finished", result={"closed": True}, to_move=None, turn_deadline=None,
                                       updated=now()))
            if res.rowcount != 1:
                known = conn.execute(select(games_table.c.id).where(games_table.c.id == game_id)).first()
                raise Refused("game_over", 409) if known is not None else Refused("no_game", 404)
            self._audit(conn, operator, "close_game", game_id, reason)
            self.storage._notify(conn, {"game": game_id, "what": "closed"})

    def audit(self, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(audit_table).order_by(audit_table.c.id.desc()).limit(limit)).mappings().all()
        return [{"id": r["id"], "operator": r["operator"], "action": r["action"], "target": r["target"],
                 "detail": r["detail"], "at": aware(r["at"])} for r in rows]


def aware(stamp: dt.datetime | None) -> dt.datetime | None:
    """A stored time with its UTC offset (SQLite gives them back without one)."""
    if stamp is None:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.UTC)


class Refused(Exception):
    def __init__(self, code: str, status: int) -> None:
        super().__init__(code)
        self.code, self.status = code, status


# -- the live sockets ---------------------------------------------------------------------
async def reader(hub: Hub, moderation: Moderation, client: Client, game_id: str, cookie: str | None) -> None:
    """Who reads a socket that opens (its seat's account, else a logged-in spectator's) and
    whom that account muted: the chat sent to it leaves their lines out. A mute made later
reaches it here (``_remute``) or, on another instance, by NOTIFY through each unfinished game
the muter holds a seat of."""
    account = None
    if client.seat is not None:
        account = await asyncio.to_thread(moderation.seat_account, game_id, client.seat)
    elif cookie and len(cookie) <= 100:
        found = await asyncio.to_thread(Accounts(hub.storage).session, cookie)
        account = found.account_id if found is not None else None
    client.account_id = account
    if account is not None:
        client.muted = await asyncio.to_thread(moderation.muted_ids, account)


def _remute(hub: Hub, account_id: str, target: str, muted: bool) -> None:
    """The account's sockets on this instance stop (or start again) being sent ``target``'s lines."""
    for room in hub.rooms.values():
        for c in room.clients:
            if c.account_id == account_id:
                (c.muted.add if muted else c.muted.discard)(target)


async def _hidden_note(hub: Hub, payload: dict[str, Any]) -> None:
    room = hub.rooms.get(str(payload.get("game")))
    if room is not None:
        room.broadcast({"type": "chat_hidden", "n": int(payload.get("n", 0))})


async def _closed_note(hub: Hub, payload: dict[str, Any]) -> None:
    """The game was closed by an operator: its sockets are told and closed, its room forgotten."""
    room = hub.rooms.pop(str(payload.get("game")), None)
    if room is None:
        return
    room.status = "finished"
    for c in list(room.clients):
        c.close(4410, texts.error("game_closed"))


# -- the routes ---------------------------------------------------------------------------
class Mute(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=100)
    block: bool = Field(False, description="also refuse every invitation from them")


class Unmute(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=100)


class MuteLine(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game_id: str = Field(..., max_length=32)
    n: int = Field(..., ge=1, le=100_000, description="the line's number (a chat message's n)")


class MutedPlayer(BaseModel):
    username: str
    blocked: bool


class Report(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game_id: str = Field(..., max_length=32)
    n: int = Field(..., ge=1, le=100_000, description="the line's number (a chat message's n)")
    reason: str = Field("", max_length=200)


class Reported(BaseModel):
    id: int


class Why(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    reason: str = Field("", max_length=200)


class ReportRow(BaseModel):
    id: int
    game_id: str
    n: int
    text: str
    reason: str
    reporter: str
    author: str | None
    created: dt.datetime
    closed: dt.datetime | None


class BanRow(BaseModel):
    username: str
    reason: str
    created: dt.datetime


class AuditRow(BaseModel):
    id: int
    operator: str | None
    action: str
    target: str
    detail: str
    at: dt.datetime


def fail(status: int, code: str) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code))


def _text(value: str) -> str:
    """A reason as one line of readable text (``bad_reason`` when it is not)."""
    if bad_display(value, breaks=True) is not None and value.strip():
        raise fail(400, "bad_reason")
    return " ".join(value.split())


def build_router(hub: Hub, moderation: Moderation, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")
    reports_rate = RateLimit(int(os.environ.get("ASZTAL_REPORTS_PER_HOUR", 20)), 3600)
    #: what these routes may refuse: not logged in, the CSRF token, not an operator, no such
    #: player, line, game or report, a bad field, nothing to undo (no ban to lift, a game already
    #: ended), the rate of requests
    refusals: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 401, 403, 404, 409, 429)}

    async def operator(request: Request, csrf: bool = True) -> Session:
        me = await identity.required(request, csrf)
        if not await asyncio.to_thread(moderation.is_operator, me.account_id):
            raise fail(403, "not_operator")
        return me

    async def run(fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.to_thread(fn, *args)
        except Refused as e:
            raise fail(e.status, e.code) from None

    def name_ok(username: str) -> None:
        if not clean_text(username):
            raise fail(404, "no_player")

    @router.post("/moderation/mute", status_code=204, responses=refusals,
                 summary="Mute a player (block: also refuse their invitations): their chat is hidden on every device")
    async def mute(body: Mute, request: Request) -> None:
        me = await identity.required(request)
        name_ok(body.username)
        target = await run(moderation.mute, me.account_id, body.username, body.block)
        _remute(hub, me.account_id, target, True)
        await asyncio.to_thread(moderation.tell_instances, me.account_id, target, True)

    @router.post("/moderation/mute-line", response_model=MutedPlayer, responses=refusals,
                 summary="Mute the writer of a chat line one could read (the chat's button): the muted player")
    async def mute_line(body: MuteLine, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        if not clean_id(body.game_id):
            raise fail(404, "no_line")
        username = await run(moderation.line_author, me.account_id, body.game_id, body.n)
        target = await run(moderation.mute, me.account_id, username, False)
        _remute(hub, me.account_id, target, True)
        await asyncio.to_thread(moderation.tell_instances, me.account_id, target, True)
        return {"username": username, "blocked": False}

    @router.post("/moderation/unmute", status_code=204, responses=refusals, summary="Hear a muted player again")
    async def unmute(body: Unmute, request: Request) -> None:
        me = await identity.required(request)
        name_ok(body.username)
        target = await run(moderation.unmute, me.account_id, body.username)
        if target is not None:
            _remute(hub, me.account_id, target, False)
            await asyncio.to_thread(moderation.tell_instances, me.account_id, target, False)

    @router.get("/moderation/muted", response_model=list[MutedPlayer], responses=refusals,
                summary="The players this account muted or blocked")
    async def muted(request: Request) -> list[dict[str, Any]]:
        me = await identity.required(request, csrf=False)
        return await run(moderation.muted, me.account_id)

    @router.post("/moderation/reports", response_model=Reported, status_code=201, responses=refusals,
                 summary="Report a chat line to the operators")
    async def report(body: Report, request: Request) -> dict[str, Any]:
        me = await identity.required(request)
        if not clean_id(body.game_id):
            raise fail(404, "no_line")
        reason = _text(body.reason)
        if not reports_rate.allow(me.account_id):
            raise fail(429, "rate_limited")
        return {"id": await run(moderation.report, me.account_id, body.game_id, body.n, reason)}

    @router.get("/admin/reports", response_model=list[ReportRow], responses=refusals,
                summary="The reports, newest first (operators only)")
    async def reports(request: Request,
                      open: bool = Query(True, description="only those not closed")) -> list[dict[str, Any]]:
        await operator(request, csrf=False)
        return await run(moderation.reports, open)

    @router.post("/admin/reports/{report_id}/close", status_code=204, responses=refusals,
                 summary="Mark a report dealt with (operators only)")
    async def close_report(report_id: int, request: Request) -> None:
        me = await operator(request)
        await run(moderation.close_report, me.username, report_id)

    @router.post("/admin/games/{game_id}/chat/{n}/hide", status_code=204, responses=refusals,
                 summary="Hide a chat line from everyone (operators only)")
    async def hide(game_id: str, n: int, body: Why, request: Request) -> None:
        me = await operator(request)
        if not clean_id(game_id):
            raise fail(404, "no_line")
        await run(moderation.hide, me.username, game_id, n, _text(body.reason))
        await _hidden_note(hub, {"game": game_id, "n": n})

    @router.post("/admin/accounts/{username}/ban", status_code=204, responses=refusals,
                 summary="Ban an account: its sessions and sockets end, its logins are refused (operators only)")
    async def ban(username: str, body: Why, request: Request) -> None:
        me = await operator(request)
        name_ok(username)
        target, seats = await run(moderation.ban, me.username, username, _text(body.reason))
        await hub.tokens_changed(seats + await asyncio.to_thread(Accounts(hub.storage).end_sessions, target))

    @router.get("/admin/bans", response_model=list[BanRow], responses=refusals,
                summary="The banned accounts, newest ban first (operators only)")
    async def bans(request: Request) -> list[dict[str, Any]]:
        await operator(request, csrf=False)
        return await run(moderation.bans)

    @router.post("/admin/accounts/{username}/unban", status_code=204, responses=refusals,
                 summary="Lift a ban (operators only; 409 not_banned when there is none)")
    async def unban(username: str, body: Why, request: Request) -> None:
        me = await operator(request)
        name_ok(username)
        await run(moderation.ban, me.username, username, _text(body.reason), False)

    @router.post("/admin/games/{game_id}/close", status_code=204, responses=refusals,
                 summary="End a game at once, unrated, with no winner (operators only; 409 game_over when it "
                         "already ended)")
    async def close_game(game_id: str, body: Why, request: Request) -> None:
        me = await operator(request)
        if not clean_id(game_id):
            raise fail(404, "no_game")
        await run(moderation.close_game, me.username, game_id, _text(body.reason))
        await _closed_note(hub, {"game": game_id})

    @router.get("/admin/audit", response_model=list[AuditRow], responses=refusals,
                summary="What the operators did, newest first (operators only)")
    async def audit(request: Request) -> list[dict[str, Any]]:
        await operator(request, csrf=False)
        return await run(moderation.audit)

    return router


def install(app: FastAPI, hub: Hub, identity: Identity) -> Moderation:
    """The routes, the hub's hooks (who reads a socket; another instance's hidden line or closed
    game) and ``app.state.moderation`` (login and invitations ask it)."""
    moderation = Moderation(hub.storage)
    app.state.moderation = moderation
    hub.moderation = moderation

    async def hidden(room: Any, payload: dict[str, Any]) -> None:
        await _hidden_note(hub, payload)

    async def closed(room: Any, payload: dict[str, Any]) -> None:
        await _closed_note(hub, payload)

    async def muted(room: Any, payload: dict[str, Any]) -> None:
        for c in room.clients:  # another instance's mute: this game's sockets of the muter
            if c.account_id == payload.get("account"):
                (c.muted.add if payload.get("on") else c.muted.discard)(str(payload.get("target")))

    hub.on_note["chat_hidden"] = hidden
    hub.on_note["muted"] = muted
    hub.on_note["closed"] = closed
    app.include_router(build_router(hub, moderation, identity))
    return moderation

