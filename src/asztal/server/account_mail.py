"""The links an account gets by mail: confirming its address and resetting a forgotten password.

An address gets no notice until its owner opens the link mailed to it (``accounts.email_confirmed``);
a new address starts unconfirmed again and the old one's links stop working. A forgotten
password is reset from a link mailed to the account's confirmed address; the reset ends every
session of the account. Each link's token is 256 random bits kept only as a SHA-256 hash
(``account_tokens``), works once and expires (a confirmation in two days, a reset in an hour).

A link opens a page that asks before it acts (a mail scanner's GET changes nothing); the page is
in the browser's language, the mail in the account's (``accounts.lang``). Asking for a reset
(by username or by the confirmed address itself) answers the same whether the account exists,
has a confirmed address or neither, and the mails are rate-limited per client address and per
account, so the route tells nothing and floods nobody.
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import zoneinfo
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal
from urllib.parse import parse_qs

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from asztal.server import texts
from asztal.server.accounts import (
    MAX_PASSWORD,
    Accounts,
    Passwords,
    Refused,
    check_email,
    check_password,
    clean_text,
)
from asztal.server.bodies import ErrorBody
from asztal.server.identity import Identity
from asztal.server.mail import Mailer, MailSettings, compose
from asztal.server.ratelimit import RateLimit

log = logging.getLogger("asztal.server")

#: a confirmation link lasts two days, a reset link an hour
CONFIRM_SECONDS = 2 * 86400
RESET_SECONDS = 3600

#: the mails' and the pages' texts, Hungarian first
LINKS: dict[str, tuple[str, str]] = {
    "confirm_subject": ("Erősítsd meg az e-mail-címed", "Confirm your e-mail address"),
    "confirm_body": ("Szia {name}!\n\nEzt a címet adtad meg az asztal fiókodhoz. Ha a tiéd, erősítsd meg "
                     "(a hivatkozás két napig él, egyszer használható):\n{url}\n\nAmíg nem erősíted meg, "
                     "nem küldünk rá értesítést. Ha nem te adtad meg, ne tegyél semmit.",
                     "Hello {name},\n\nThis address was given for your asztal account. If it is yours, "
                     "confirm it (the link works once, for two days):\n{url}\n\nUntil you do, no notice is "
                     "sent to it. If you did not give it, do nothing."),
    "reset_subject": ("Új jelszó az asztalhoz", "A new password for asztal"),
    "reset_body": ("Szia {name}!\n\nÚj jelszót kértél. Itt adhatod meg (a hivatkozás egy óráig él, "
                   "egyszer használható):\n{url}\n\nAz új jelszó után minden eszközön újra be kell "
                   "jelentkezned. Ha nem te kérted, ne tegyél semmit: a jelszavad nem változik.",
                   "Hello {name},\n\nYou asked for a new password. Set it here (the link works once, for "
                   "an hour):\n{url}\n\nAfter the new password you log in again on every device. If you did "
                   "not ask for it, do nothing: your password stays as it is."),
    "confirm_title": ("E-mail-cím megerősítése", "Confirm your e-mail address"),
    "confirm_ask": ("Ez a cím a tiéd, és kéred rá az asztal értesítéseit?",
                    "Is this address yours, and do you want asztal's notices at it?"),
    "confirm_button": ("Megerősítem", "Confirm"),
    "confirm_done": ("Köszönjük, a címed megerősítve.", "Thank you, your address is confirmed."),
    "reset_title": ("Új jelszó", "New password"),
    "reset_label": ("Az új jelszó (legalább 8 karakter)", "Your new password (at least 8 characters)"),
    "reset_button": ("Beállítom", "Set it"),
    "reset_done": ("Az új jelszavad beállítva. Jelentkezz be vele újra.",
                   "Your new password is set. Log in again with it."),
}
texts.ERRORS.update({
    "bad_timezone": ("ismeretlen időzóna (például Europe/Budapest)", "unknown time zone (such as Europe/Budapest)"),
    "bad_link": ("ez a hivatkozás érvénytelen, lejárt vagy már felhasználták",
                 "this link is not valid, has expired or has been used"),
    "no_mail": ("ez a szerver nem küld e-mailt", "this server sends no e-mail"),
})


class SetEmail(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: str | None = Field(..., max_length=300, description="the new address (null or empty: none)")
    password: str = Field(..., max_length=1000)


class SetLang(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    lang: Literal["hu", "en"]


class SetTimezone(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    tz: str = Field(..., max_length=64, description="an IANA time zone, as the browser's Intl names it "
                                                    "(Europe/Budapest): the times in the account's mails")


@functools.cache
def known_zones() -> frozenset[str]:
    """The IANA zones this machine knows (``zoneinfo``): nothing else is stored as a zone."""
    return frozenset(zoneinfo.available_timezones())


class Forgot(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(..., max_length=300, description="the username, or the account's confirmed address "
                                                          "(a username holds no @)")


class Reset(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: str = Field(..., max_length=1000)


#: the reset's body as the OpenAPI description gives it (read by hand: a form or JSON)
_RESET_SCHEMA = Reset.model_json_schema()


class AccountMail:
    """Sends an account's link mails, on a thread of their own (a slow SMTP server holds up nothing)."""

    def __init__(self, accounts: Accounts, settings: MailSettings, mailer: Mailer | None = None) -> None:
        self.accounts = accounts
        self.settings = settings
        #: the hub whose sockets a reset closes (the seat tokens of the sessions it ends)
        self.hub: Any = None
        self.mailer = mailer or Mailer(settings)
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="asztal-links")
        #: per account: at most a few mails an hour (confirmations and resets together)
        self.per_account = RateLimit(5, 3600)
        #: per client address asking for resets
        self.per_address = RateLimit(10, 3600)
        self.metrics: Any = None  # the operator's series (metrics.py): mails sent and failed

    @property
    def enabled(self) -> bool:
        return self.settings.smtp is not None

    def _url(self, path: str, token: str) -> str:
        return f"{self.settings.public_url.rstrip('/')}{path}?token={token}"

    async def send_confirm(self, account_id: str, username: str, email: str, lang: str) -> None:
        """Mail ``email`` a link that confirms it for the account (nothing without SMTP)."""
        if not self.enabled or not self.per_account.allow(account_id):
            return
        token = await asyncio.to_thread(self.accounts.new_link, account_id, "confirm", CONFIRM_SECONDS, email)
        self._send("confirm", username, email, lang, self._url("/api/account/confirm", token))

    async def send_reset(self, account: dict[str, Any]) -> None:
        """Mail the account's confirmed address a reset link (nothing when it has none)."""
        if not self.enabled or not account.get("email") or not account.get("email_confirmed"):
            return
        if not self.per_account.allow(account["id"]):
            return
        token = await asyncio.to_thread(self.accounts.new_link, account["id"], "reset", RESET_SECONDS)
        self._send("reset", account["username"], account["email"], account["lang"],
                   self._url("/api/account/reset", token))

    def _send(self, kind: str, username: str, email: str, lang: str, url: str) -> None:
        k = 0 if lang == "hu" else 1
        msg = compose(self.settings, LINKS[f"{kind}_subject"][k], username, email,
                      LINKS[f"{kind}_body"][k].format(name=username, url=url) + "\n")
        self.pool.submit(self._deliver, msg, email, kind)

    def _deliver(self, msg: Any, email: str, kind: str) -> None:
        try:
            self.mailer.send(msg, email)
        except Exception:  # the owner can ask again
            log.exception("could not send the %s mail", kind)
            ok = False
        else:
            ok = True
        if self.metrics is not None:
            self.metrics.mailed(kind, ok)

    async def drain(self) -> None:
        """Wait for the mails under way (tests, and a clean shutdown)."""
        await asyncio.to_thread(lambda: self.pool.submit(lambda: None).result())


def _page(body: str, lang: str) -> HTMLResponse:
    return HTMLResponse(f"""<!doctype html><html lang="{lang}"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>asztal</title>
<body style="font-family: sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em">{body}</body></html>""")


def fail(status: int, code: str) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code))


def build_router(links: AccountMail, identity: Identity, passwords: Passwords) -> APIRouter:
    router = APIRouter(prefix="/api")
    accounts = links.accounts
    errors: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (400, 401, 403, 429)}
    refused_json = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    link_refusals: dict[int | str, dict[str, Any]] = {
        400: {"description": "the new password is refused", "content": refused_json},
        404: {"description": "the link is not valid, has expired or has been used", "content": refused_json},
        429: {"description": "too many requests", "content": refused_json}}
    token_query = Query(..., max_length=100, description="the token of a link mailed to the account")

    def lang_of(request: Request) -> tuple[str, int]:
        lang = texts.request_lang(request.headers.get("accept-language"))
        return lang, 0 if lang == "hu" else 1

    async def valid(token: str, purpose: str) -> None:
        if not clean_text(token) or not await asyncio.to_thread(accounts.link_valid, token, purpose):
            raise fail(404, "bad_link")

    @router.post("/account/email", status_code=204, responses=errors,
                 summary="Change the account's address (with the password); the new one is confirmed from a mail")
    async def set_email(body: SetEmail, request: Request) -> Response:
        s = await identity.required(request)
        account = await asyncio.to_thread(accounts.by_id, s.account_id)
        if account is None or not await passwords.verify(account["password_hash"], body.password):
            raise fail(403, "bad_password")
        try:
            email = check_email(body.email)
        except Refused as e:
            raise fail(e.status, e.code) from None
        await asyncio.to_thread(accounts.set_email, s.account_id, email)
        if email is not None:
            await links.send_confirm(s.account_id, s.username, email, s.lang)
        return Response(status_code=204)

    @router.post("/account/timezone", status_code=204, responses=errors,
                 summary="The time zone of the times in the account's mails")
    async def set_timezone(body: SetTimezone, request: Request) -> Response:
        s = await identity.required(request)
        if body.tz not in known_zones():
            raise fail(400, "bad_timezone")
        await asyncio.to_thread(accounts.set_tz, s.account_id, body.tz)
        return Response(status_code=204)

    @router.post("/account/lang", status_code=204, responses=errors,
                 summary="The language of the account's mails")
    async def set_lang(body: SetLang, request: Request) -> Response:
        s = await identity.required(request)
        await asyncio.to_thread(accounts.set_lang, s.account_id, body.lang)
        return Response(status_code=204)

    @router.get("/account/confirm", response_class=HTMLResponse, responses=link_refusals,
                summary="The link confirming an address: a page that asks (a mail scanner's visit changes nothing)")
    async def confirm_page(request: Request, token: str = token_query) -> HTMLResponse:
        await valid(token, "confirm")
        lang, k = lang_of(request)
        return _page(f"""<h1>{html.escape(LINKS['confirm_title'][k])}</h1><p>{html.escape(LINKS['confirm_ask'][k])}</p>
<form method="post"><button type="submit">{html.escape(LINKS['confirm_button'][k])}</button></form>""", lang)

    @router.post("/account/confirm", response_class=HTMLResponse, responses=link_refusals,
                 summary="Confirm the address (the page's button); the link works once")
    async def confirm(request: Request, token: str = token_query) -> HTMLResponse:
        if not clean_text(token) or await asyncio.to_thread(accounts.use_link, token, "confirm") is None:
            raise fail(404, "bad_link")
        lang, k = lang_of(request)
        return _page(f"<p>{html.escape(LINKS['confirm_done'][k])}</p>", lang)

    @router.post("/account/forgot", status_code=202, responses={s: {"model": ErrorBody} for s in (400, 429)},
                 summary="Mail a password reset link to the account's confirmed address; the same answer "
                         "whether the username exists or not")
    async def forgot(body: Forgot, request: Request) -> Response:
        if not links.enabled:
            raise fail(400, "no_mail")
        address = request.client.host if request.client else "?"
        if not links.per_address.allow(address):
            raise fail(429, "rate_limited")
        found: list[dict[str, Any]] = []
        if "@" in body.username:  # an address: every account that confirmed it
            found = await asyncio.to_thread(accounts.by_confirmed_email, body.username)
        elif clean_text(body.username):
            account = await asyncio.to_thread(accounts.by_username, body.username)
            found = [] if account is None else [account]
        for account in found:
            await links.send_reset(account)
        return Response(status_code=202)

    @router.get("/account/reset", response_class=HTMLResponse, responses=link_refusals,
                summary="The reset link: a page asking for the new password")
    async def reset_page(request: Request, token: str = token_query) -> HTMLResponse:
        await valid(token, "reset")
        lang, k = lang_of(request)
        return _page(f"""<h1>{html.escape(LINKS['reset_title'][k])}</h1>
<form method="post"><label>{html.escape(LINKS['reset_label'][k])}<br>
<input type="password" name="password" autocomplete="new-password" minlength="8" maxlength="{MAX_PASSWORD}"
 required></label> <button type="submit">{html.escape(LINKS['reset_button'][k])}</button></form>""", lang)

    @router.post("/account/reset", response_class=HTMLResponse, responses=link_refusals,
                 summary="Set the new password (the page's form, or JSON {password}); every session of the "
                         "account ends; the link works once",
                 openapi_extra={"requestBody": {"required": True, "content": {
                     "application/x-www-form-urlencoded": {"schema": _RESET_SCHEMA},
                     "application/json": {"schema": _RESET_SCHEMA}}}})
    async def reset(request: Request, token: str = token_query) -> HTMLResponse:
        password = await _password_of(request)
        try:
            check_password(password)
        except Refused as e:
            raise fail(e.status, e.code) from None
        if not clean_text(token):
            raise fail(404, "bad_link")
        stored = await passwords.hash(password)
        taken = await asyncio.to_thread(accounts.use_link, token, "reset")
        if taken is None:
            raise fail(404, "bad_link")
        await asyncio.to_thread(accounts.set_password, taken[0], stored)
        ended = await asyncio.to_thread(accounts.end_sessions, taken[0])
        if links.hub is not None:
            await links.hub.tokens_changed(ended)
        lang, k = lang_of(request)
        return _page(f"<p>{html.escape(LINKS['reset_done'][k])}</p>", lang)

    return router


async def _password_of(request: Request) -> str:
    """The new password of a reset: the page's form field, or a JSON body ``{password}``."""
    raw = await request.body()
    try:
        if request.headers.get("content-type", "").startswith("application/json"):
            return Reset.model_validate_json(raw).password
        values = parse_qs(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=4, strict_parsing=False)
        return Reset.model_validate({"password": values.get("password", [""])[0]}).password
    except (ValueError, UnicodeDecodeError):
        raise fail(400, "weak_password") from None


def install(app: FastAPI, identity: Identity, passwords: Passwords, settings: MailSettings) -> AccountMail:
    """Serve the link routes; ``app.state.links`` for tests (and ``account_api``'s register)."""
    links = AccountMail(identity.accounts, settings)
    app.include_router(build_router(links, identity, passwords))
    app.state.links = links
    return links
