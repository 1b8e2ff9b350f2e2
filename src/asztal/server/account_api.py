"""Accounts over REST: ``/api/account/...`` (register, log in and out, password, delete) and
``/api/me/...`` (the seats that follow an account).

The session is an HttpOnly, SameSite=Lax cookie (``asztal_session``). Every state-changing
request made with it must also carry the session's CSRF token in the ``X-CSRF-Token`` header; the
token is given in the login answer and in a readable cookie (``asztal_csrf``), and checked
against the hash stored with the session, so a cookie planted by another site is not enough.
Register and log in take no cookie; they read JSON bodies only, which a cross-site form cannot
send. Every refusal is the server's ``{code, hu, en}`` body.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from asztal.server import texts
from asztal.server.account_mail import AccountMail
from asztal.server.accounts import (
    MAX_ATTACH,
    Accounts,
    AccountSettings,
    Passwords,
    Refused,
    Session,
    check_email,
    check_password,
    check_username,
    clean_id,
    clean_text,
    turn_state,
    username_key,
)
from asztal.server.api import GameInfo, game_info
from asztal.server.bodies import ErrorBody
from asztal.server.hub import Hub
from asztal.server.identity import CSRF_COOKIE, SESSION_COOKIE, Identity
from asztal.server.ratelimit import RateLimit
from asztal.server.room import epoch
from asztal.server.tokens import hash_secret


class HeldSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(..., max_length=32)
    token: str = Field(..., max_length=100)


class Register(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=100)
    password: str = Field(..., max_length=1000)
    email: str | None = Field(None, max_length=300, description="one address, confirmed from the link mailed to it")
    lang: Literal["hu", "en"] | None = Field(None, description="the language of the account's mails "
                                                                "(default: the browser's)")
    seats: list[HeldSeat] = Field(default_factory=list, max_length=MAX_ATTACH,
                                  description="seat tokens this browser holds, to attach to the account")


class Login(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=100)
    password: str = Field(..., max_length=1000)
    seats: list[HeldSeat] = Field(default_factory=list, max_length=MAX_ATTACH)


class ChangePassword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    old: str = Field(..., max_length=1000)
    new: str = Field(..., max_length=1000)


class Confirm(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: str = Field(..., max_length=1000)


class Attach(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seats: list[HeldSeat] = Field(..., max_length=MAX_ATTACH)


class AccountInfo(BaseModel):
    username: str
    email: str | None
    email_confirmed: bool = Field(False, description="whether the owner confirmed the address (no notice before)")
    lang: Literal["hu", "en"] = "hu"
    operator: bool = Field(False, description="whether the account holds the operator's role (the page shows "
                                              "its moderation page then)")


class AttachedSeat(BaseModel):
    game: str
    seat: int


class RefusedSeat(BaseModel):
    game: str
    code: str


class LoggedIn(BaseModel):
    account: AccountInfo
    csrf: str = Field(..., description="send it as the X-CSRF-Token header of every state-changing request")
    attached: list[AttachedSeat]
    refused: list[RefusedSeat]


class Attached(BaseModel):
    attached: list[AttachedSeat]
    refused: list[RefusedSeat]


class MyGame(BaseModel):
    state: Literal["your_turn", "waiting", "finished"]
    seat: int
    deadline: float | None = Field(None, description="Unix time when the seat to move runs out of time")
    game: GameInfo


class SeatToken(BaseModel):
    seat: int
    token: str


def fail(status: int, code: str) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code))


def info(account: dict[str, Any]) -> dict[str, Any]:
    """What the account's owner sees of it (``AccountInfo``)."""
    return {"username": account["username"], "email": account["email"],
            "email_confirmed": bool(account.get("email_confirmed")), "lang": account.get("lang") or "hu"}


async def is_operator(request: Request, account_id: str) -> bool:
    """Whether the account holds the operator's role (given by ``asztal admin``): the page then
    shows the way to its moderation page."""
    moderation = getattr(request.app.state, "moderation", None)
    return moderation is not None and bool(await asyncio.to_thread(moderation.is_operator, account_id))


ERRORS: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 401, 403, 404, 409, 429)}
_ORDER = {"your_turn": 0, "waiting": 1, "finished": 2}


def build_router(hub: Hub, settings: AccountSettings | None = None, identity: Identity | None = None,
                 passwords: Passwords | None = None, links: AccountMail | None = None) -> APIRouter:
    """The routes; ``links`` mails a new account's address its confirmation link."""
    settings = settings or AccountSettings()
    router = APIRouter(prefix="/api")
    identity = identity or Identity(Accounts(hub.storage))
    accounts = identity.accounts
    passwords = passwords or Passwords(settings)
    login_rate = RateLimit(settings.logins_per_minute)
    failures = RateLimit(settings.failures_per_account, 15 * 60)
    register_rate = RateLimit(settings.registrations_per_hour, 3600)

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    def set_cookies(request: Request, response: Response, token: str, csrf: str) -> None:
        age = int(settings.session_days * 86400)
        secure = settings.secure_cookies or request.url.scheme == "https"
        response.set_cookie(SESSION_COOKIE, token, max_age=age, path="/", httponly=True, samesite="lax",
                            secure=secure)
        response.set_cookie(CSRF_COOKIE, csrf, max_age=age, path="/", httponly=False, samesite="lax",
                            secure=secure)

    def clear_cookies(response: Response) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/")
        response.delete_cookie(CSRF_COOKIE, path="/")

    async def session(request: Request, csrf: bool = True) -> Session:
        """The request's live session; with ``csrf`` its X-CSRF-Token must be the session's."""
        return await identity.required(request, csrf)

    async def logged_in(request: Request, response: Response, account: dict[str, Any],
                        held: list[HeldSeat]) -> dict[str, Any]:
        old = request.cookies.get(SESSION_COOKIE)
        if old and len(old) <= 100:
            # this browser logs in again: the seats it holds stay open
            await asyncio.to_thread(accounts.end_session, hash_secret(old), False)
        token, csrf, _ = await asyncio.to_thread(accounts.start_session, account["id"], settings.session_days)
        set_cookies(request, response, token, csrf)
        attached, refused = await asyncio.to_thread(accounts.attach, account["id"],
                                                    [(s.game, s.token) for s in held])
        return {"account": {**info(account), "operator": await is_operator(request, account["id"])}, "csrf": csrf,
                "attached": attached, "refused": refused}

    @router.post("/account/register", response_model=LoggedIn, status_code=201, responses=ERRORS,
                 summary="Make an account (and log in), attaching the seats this browser holds")
    async def register(body: Register, request: Request, response: Response) -> dict[str, Any]:
        if not register_rate.allow(address(request)):
            raise fail(429, "rate_limited")
        try:
            username = check_username(body.username)
            check_password(body.password)
            email = check_email(body.email)
        except Refused as e:
            raise fail(e.status, e.code) from None
        lang = body.lang or texts.request_lang(request.headers.get("accept-language"))
        stored = await passwords.hash(body.password)
        try:
            account_id = await asyncio.to_thread(accounts.create, username, email, stored, lang, address(request))
        except Refused as e:
            raise fail(e.status, e.code) from None
        account = {"id": account_id, "username": username, "email": email, "email_confirmed": False, "lang": lang}
        if email is not None and links is not None:
            await links.send_confirm(account_id, username, email, lang)
        return await logged_in(request, response, account, body.seats)

    @router.post("/account/login", response_model=LoggedIn, responses=ERRORS,
                 summary="Log in; the same answer whether the username exists or not")
    async def login(body: Login, request: Request, response: Response) -> dict[str, Any]:
        key = username_key(body.username)
        if not login_rate.allow(address(request)) or failures.full(key):
            raise fail(429, "rate_limited")
        account = (await asyncio.to_thread(accounts.by_username, body.username)
                   if clean_text(body.username) else None)
        ok = await passwords.verify(account["password_hash"] if account else None, body.password)
        if not ok or account is None:
            failures.allow(key)
            raise fail(401, "bad_login")
        banned = getattr(request.app.state, "moderation", None)  # an operator's ban (moderation.py)
        if banned is not None and await asyncio.to_thread(banned.is_banned, account["id"]):
            raise fail(403, "banned")
        if passwords.needs_rehash(account["password_hash"]):
            await asyncio.to_thread(accounts.set_password, account["id"], await passwords.hash(body.password))
        return await logged_in(request, response, account, body.seats)

    @router.post("/account/logout", status_code=204, responses=ERRORS, summary="End this session")
    async def logout(request: Request) -> Response:
        s = await session(request)
        await hub.tokens_changed(await asyncio.to_thread(accounts.end_session, s.token_hash))
        out = Response(status_code=204)
        clear_cookies(out)
        return out

    @router.get("/account", response_model=AccountInfo, responses=ERRORS, summary="Who is logged in")
    async def whoami(request: Request) -> dict[str, Any]:
        s = await session(request, csrf=False)
        return {"username": s.username, "email": s.email, "email_confirmed": s.email_confirmed, "lang": s.lang,
                "operator": await is_operator(request, s.account_id)}

    @router.post("/account/password", response_model=LoggedIn, responses=ERRORS,
                 summary="Change the password: every session ends, this browser gets a new one")
    async def change_password(body: ChangePassword, request: Request, response: Response) -> dict[str, Any]:
        s = await session(request)
        account = await asyncio.to_thread(accounts.by_id, s.account_id)
        if account is None or not await passwords.verify(account["password_hash"], body.old):
            raise fail(403, "bad_password")
        try:
            check_password(body.new)
        except Refused as e:
            raise fail(e.status, e.code) from None
        await asyncio.to_thread(accounts.set_password, s.account_id, await passwords.hash(body.new))
        await hub.tokens_changed(await asyncio.to_thread(accounts.end_sessions, s.account_id))
        return await logged_in(request, response, account, [])

    @router.post("/account/delete", status_code=204, responses=ERRORS,
                 summary="Delete the account; its games go on under a neutral name")
    async def delete_account(body: Confirm, request: Request) -> Response:
        s = await session(request)
        account = await asyncio.to_thread(accounts.by_id, s.account_id)
        if account is None or not await passwords.verify(account["password_hash"], body.password):
            raise fail(403, "bad_password")
        renamed = await asyncio.to_thread(accounts.delete, s.account_id)
        if hub.chat is not None:  # its chat lines stay, as „törölt játékos” / "deleted player"
            await asyncio.to_thread(hub.chat.authors_gone, renamed)
        for game_id, seat in renamed:  # a game held in memory shows the neutral name at once
            room = hub.rooms.get(game_id)
            if room is not None and seat < len(room.seats):
                room.seats[seat].name = ""
        out = Response(status_code=204)
        clear_cookies(out)
        return out

    @router.post("/me/seats", response_model=Attached, responses=ERRORS,
                 summary="Attach seats this browser holds (by their tokens) to the account")
    async def attach(body: Attach, request: Request) -> dict[str, Any]:
        s = await session(request)
        attached, refused = await asyncio.to_thread(accounts.attach, s.account_id,
                                                    [(h.game, h.token) for h in body.seats])
        return {"attached": attached, "refused": refused}

    @router.get("/me/games", response_model=list[MyGame], responses=ERRORS,
                summary="The account's games: your turn first, then waiting, then finished")
    async def my_games(request: Request) -> list[dict[str, Any]]:
        s = await session(request, csrf=False)
        out: list[dict[str, Any]] = []
        for row, seat in await asyncio.to_thread(accounts.games, s.account_id):
            room = hub.rooms.get(row["id"])
            seat_rows = await asyncio.to_thread(hub.storage.seats, row["id"])
            info = game_info(row, seat_rows, room)
            state = turn_state(info["status"], info["to_move"], seat)
            deadline = room.deadline if room is not None else epoch(row.get("turn_deadline"))
            out.append({"state": state, "seat": seat, "deadline": deadline, "game": info})
        out.sort(key=lambda g: _ORDER[str(g["state"])])  # stable: most recently changed first within each
        return out

    @router.post("/me/games/{game_id}/token", response_model=SeatToken, responses=ERRORS,
                 summary="A fresh token for the account's seat in a game (the seat's old token stops working)")
    async def seat_token(game_id: str, request: Request) -> dict[str, Any]:
        s = await session(request)
        if not clean_id(game_id):
            raise fail(404, "not_your_seat")
        try:
            seat, token = await asyncio.to_thread(accounts.new_seat_token, s.account_id, game_id, s.token_hash)
        except Refused as e:
            raise fail(e.status, e.code) from None
        await hub.tokens_changed([(game_id, seat)])  # the old token's sockets close at once
        return {"seat": seat, "token": token}

    return router
