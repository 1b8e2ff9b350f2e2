"""Who sends a request: the account behind its session cookie, if any, checked the same way
for every route that reads it.

Playing needs no account; a request without a session cookie (or with one that has expired) is
a guest's. A request whose cookie opens a live session is the account's, and if it changes
anything it must carry that session's CSRF token in ``X-CSRF-Token``: otherwise it is refused
(403 ``csrf``) rather than quietly treated as a guest's, so a forged cross-site request can
neither act for the account nor take a seat the account would not see in its list.

``link_seat`` is the hook of creating and joining a game: a logged-in player's new seat is
linked to the account at once, so "my games" follows the account to any browser.
"""

from __future__ import annotations

import asyncio
import hmac

from fastapi import HTTPException, Request

from asztal.server import texts
from asztal.server.accounts import Accounts, Session
from asztal.server.tokens import hash_secret

SESSION_COOKIE = "asztal_session"
CSRF_COOKIE = "asztal_csrf"
CSRF_HEADER = "X-CSRF-Token"


def fail(status: int, code: str) -> HTTPException:
    return HTTPException(status, detail=texts.detail(code))


class Identity:
    """The sessions of one server's accounts, read from requests."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def optional(self, request: Request, csrf: bool = True) -> Session | None:
        """The request's live session, or None for a guest; with ``csrf``, a live session whose
        token is missing or wrong is refused (403 ``csrf``)."""
        token = request.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 100:
            return None
        found = await asyncio.to_thread(self.accounts.session, token)
        if found is None:
            return None
        if csrf:
            sent = request.headers.get(CSRF_HEADER, "")
            if len(sent) > 100 or not hmac.compare_digest(hash_secret(sent), found.csrf_hash):
                raise fail(403, "csrf")
        return found

    async def required(self, request: Request, csrf: bool = True) -> Session:
        """As ``optional``, but a guest is refused (401 ``not_logged_in``)."""
        found = await self.optional(request, csrf)
        if found is None:
            raise fail(401, "not_logged_in")
        return found

    async def link_seat(self, session: Session | None, game_id: str, seat: int) -> None:
        """Link a seat just taken to the session's account (nothing for a guest)."""
        if session is not None:
            await asyncio.to_thread(self.accounts.link, session.account_id, game_id, seat)
