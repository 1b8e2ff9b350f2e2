"""A player takes their data: ``GET /api/account/export``, everything the server keeps about the
logged-in account as one JSON document (GDPR's right of access and portability).

What it holds: the account (name, address and whether it is confirmed, language, when made), its
seats and their games, its ratings and rating history, the chat lines its seats wrote, the
invitations it holds and sent, and its mail preference. Never a secret or its hash (password,
session, seat tokens, links), nor a network address (only their hashes are stored anyway), nor a
running game's hidden state: a game is listed by its public facts, as the lobby shows it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from sqlalchemy import select

from asztal.server.accounts import account_seats_table, accounts_table
from asztal.server.bodies import ErrorBody
from asztal.server.chat import chat_table
from asztal.server.identity import Identity
from asztal.server.mail import mail_prefs_table
from asztal.server.ratings import rating_history_table, ratings_table
from asztal.server.social import seat_invites_table
from asztal.server.storage import Storage, games_table

#: chat lines in one export at most (a game keeps 5000 lines at most)
MAX_LINES = 20_000


def export(storage: Storage, account_id: str) -> dict[str, Any]:
    """The account's data, read in one connection."""
    with storage.engine.connect() as conn:
        acc = conn.execute(select(accounts_table.c.username, accounts_table.c.email,
                                  accounts_table.c.email_confirmed, accounts_table.c.lang,
                                  accounts_table.c.created).where(accounts_table.c.id == account_id)).mappings().first()
        j = account_seats_table.join(games_table, account_seats_table.c.game_id == games_table.c.id)
        seats = conn.execute(select(account_seats_table.c.game_id, account_seats_table.c.seat,
                                    account_seats_table.c.attached, games_table.c.game, games_table.c.players,
                                    games_table.c.status, games_table.c.created, games_table.c.result)
                             .select_from(j).where(account_seats_table.c.account_id == account_id)
                             .order_by(games_table.c.created)).mappings().all()
        c = chat_table.join(account_seats_table, (account_seats_table.c.game_id == chat_table.c.game_id)
                            & (account_seats_table.c.seat == chat_table.c.seat))
        lines = conn.execute(select(chat_table.c.game_id, chat_table.c.n, chat_table.c.text, chat_table.c.at)
                             .select_from(c).where(account_seats_table.c.account_id == account_id)
                             .order_by(chat_table.c.at).limit(MAX_LINES)).mappings().all()
        ratings = conn.execute(select(ratings_table.c.game, ratings_table.c.players, ratings_table.c.mu,
                                      ratings_table.c.sigma, ratings_table.c.games, ratings_table.c.wins)
                               .where(ratings_table.c.account_id == account_id)).mappings().all()
        history = conn.execute(select(rating_history_table.c.game, rating_history_table.c.players,
                                      rating_history_table.c.game_id, rating_history_table.c.mu,
                                      rating_history_table.c.sigma, rating_history_table.c.rank,
                                      rating_history_table.c.won, rating_history_table.c.at)
                               .where(rating_history_table.c.account_id == account_id)
                               .order_by(rating_history_table.c.id)).mappings().all()
        held = conn.execute(select(seat_invites_table.c.game_id, seat_invites_table.c.seat,
                                   seat_invites_table.c.created)
                            .where(seat_invites_table.c.account_id == account_id)).mappings().all()
        sent = conn.execute(select(seat_invites_table.c.game_id, seat_invites_table.c.seat,
                                   seat_invites_table.c.created)
                            .where(seat_invites_table.c.by_account == account_id)).mappings().all()
        wants = conn.execute(select(mail_prefs_table.c.notices)
                             .where(mail_prefs_table.c.account_id == account_id)).scalar()
    return {"account": dict(acc) if acc else None, "notices": True if wants is None else bool(wants),
            "seats": [dict(r) for r in seats], "chat": [dict(r) for r in lines],
            "ratings": [dict(r) for r in ratings], "rating_history": [dict(r) for r in history],
            "invitations_held": [dict(r) for r in held], "invitations_sent": [dict(r) for r in sent]}


def build_router(storage: Storage, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")

    @router.get("/account/export", responses={s: {"model": ErrorBody} for s in (401, 403, 429)},
                summary="Everything the server keeps about the logged-in account, as JSON")
    async def export_route(request: Request) -> dict[str, Any]:
        s = await identity.required(request, csrf=False)
        return await asyncio.to_thread(export, storage, s.account_id)

    return router


def install(app: FastAPI, storage: Storage, identity: Identity) -> None:
    app.include_router(build_router(storage, identity))
