"""Ratings: an openskill (Plackett-Luce) rating per account, game and player count, updated when a
rated game ends; leaderboards (``/api/ratings/{game}``) and a player's profile
(``/api/players/{username}``: ratings, win rates, and the rating after each rated game).

A game is rated when its creator asks for it (``rated`` at creation): the creator takes a seat,
every human seat is a logged-in player's (a guest cannot join it), and a seat may be a bot's. Each
bot strength ("normal", "greedy", ...) is rated as a player of its own per game and player count
(``bot_ratings``, shown as "Gép (mohó)" / "Bot (greedy)", never an account), so "beat the bot"
moves a human's rating as much as beating a friend does. A stand-in that plays a human's turn
plays for that human: the seat stays the account's.
The game's winners take the first place and the final scores order the rest (equal scores
share a place), so a game of 3 or 5 players counts every place, not only the winner. A game is
rated once: the row of ``rated_games`` is claimed in the transaction that writes the new
ratings, so two instances never rate it twice. The shown rating is openskill's ordinal
(mu - 3 sigma): it starts at 0 and grows as the rating grows surer.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Query
from openskill.models import PlackettLuce
from pydantic import BaseModel, Field
from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asztal import games
from asztal.server import texts
from asztal.server.accounts import account_seats_table, accounts_table, clean_text, username_key
from asztal.server.bodies import ErrorBody
from asztal.server.hub import Hub
from asztal.server.meta import BOTS
from asztal.server.room import Room
from asztal.server.storage import Change, Storage, actions_table, metadata, now, seats_table
from asztal.server.tokens import hash_secret

log = logging.getLogger("asztal.server")

rated_games_table = Table(
    "rated_games", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("applied", DateTime(timezone=True), nullable=True),  # when its ratings were written
)


def _rating_columns() -> list[Column[Any]]:
    """What a rating holds, for an account and for a bot strength alike (new Column objects:
    a column belongs to one table)."""
    return [Column("mu", Float, nullable=False), Column("sigma", Float, nullable=False),
            Column("games", Integer, nullable=False), Column("wins", Integer, nullable=False),
            Column("updated", DateTime(timezone=True), nullable=False)]


ratings_table = Table(
    "ratings", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("players", Integer, primary_key=True),
    *_rating_columns(),
)

#: a bot strength's rating per game and player count: a leaderboard entry of its own
bot_ratings_table = Table(
    "bot_ratings", metadata,
    Column("bot", String(40), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("players", Integer, primary_key=True),
    *_rating_columns(),
)

rating_history_table = Table(
    "rating_history", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

texts.ERRORS.update({
    "rated_seat": ("értékelt játékban a létrehozónak is ülnie kell", "the creator of a rated game takes a seat"),
    "rated_bot_twice": ("értékelt játékban minden gép más erősségű",
                        "in a rated game each bot has a strength of its own"),
    "rated_account": ("értékelt játékhoz be kell jelentkezni", "log in to play a rated game"),
    "no_player": ("nincs ilyen játékos", "no such player"),
    "rated_no_hint": ("értékelt játékban nincs tipp: itt a saját játékod számít",
                      "no hints in a rated game: it measures your own play"),
    "rated_no_undo": ("értékelt játékban nem lehet visszavonni lépést", "no takebacks in a rated game"),
    "rated_timer": ("értékelt játékban a lépésidő legalább 12 óra (vagy nincs időkorlát)",
                    "a rated game's turn timer is at least 12 hours (or none)"),
    "rated_same_address": ("értékelt játékban nem ülhet két fiók ugyanarról a hálózati címről",
                           "two accounts from the same network address cannot play a rated game together"),
})

#: the shortest turn timer of a rated game, in seconds: a live timer would let the stand-in play
RATED_MIN_TIMER = 12 * 3600


def stand_in_share() -> float:
    """The share of a seat's moves a stand-in may play in a rated game; a seat played more by it
    counts as a loss (``ASZTAL_RATED_STAND_IN_SHARE``, docs/operations.md)."""
    return float(os.environ.get("ASZTAL_RATED_STAND_IN_SHARE", 0.25))

MODEL = PlackettLuce()

#: the network address (SHA-256) each seat of a rated game was taken from
rated_addresses_table = Table(
    "rated_addresses", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("address_hash", String(64), nullable=False),
)


def shown(mu: float, sigma: float) -> float:
    """The rating a person reads: openskill's ordinal, rounded."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(), 2)


def ranks_of(scores: list[float], winners: list[int] | None = None) -> list[int]:
    """Places: the game's winners first (a game may decide its winner by more than the score,
    as PAX does), then by score; equal places share a rank (1, 2, 2, 4)."""
    keys = [(i in (winners or []), s) for i, s in enumerate(scores)]
    return [1 + sum(1 for o in keys if o > k) for k in keys]


class Ratings:
    """The rating tables of one server's database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="asztal-ratings")
        self.pending: set[Future[None]] = set()
        #: two accounts of one network address may play a rated game together (a club behind one
        #: router: ``ASZTAL_RATED_SHARED_ADDRESS=1``; docs/operations.md)
        self.shared_address = os.environ.get("ASZTAL_RATED_SHARED_ADDRESS", "") == "1"

    def mark(self, game_id: str) -> None:
        with self.storage._writing(), self.engine.begin() as conn:
            conn.execute(insert(rated_games_table).values(game_id=game_id, applied=None))

    def is_rated(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(rated_games_table.c.game_id)
                                .where(rated_games_table.c.game_id == game_id)).first() is not None

    # -- who sits at a rated game ----------------------------------------------------------
    def shares_address(self, game_id: str, account_id: str, address: str) -> bool:
        """Whether the account about to take a seat shares a network address with another account
        of the rated game: the one it comes from now or registered from, against the ones the
        others took their seats from or registered from."""
        if self.shared_address:
            return False
        j = rated_addresses_table.outerjoin(accounts_table, rated_addresses_table.c.account_id == accounts_table.c.id)
        with self.engine.connect() as conn:
            others = conn.execute(select(rated_addresses_table.c.address_hash, accounts_table.c.address_hash)
                                  .select_from(j).where(rated_addresses_table.c.game_id == game_id,
                                                        rated_addresses_table.c.account_id != account_id)).all()
            mine = conn.execute(select(accounts_table.c.address_hash)
                                .where(accounts_table.c.id == account_id)).scalar()
        theirs = {h for row in others for h in row if h}
        return bool({hash_secret(address), mine} & theirs)

    def took_seat(self, game_id: str, seat: int, account_id: str, address: str) -> None:
        with self.storage._writing(), self.engine.begin() as conn:
            conn.execute(insert(rated_addresses_table).values(game_id=game_id, seat=seat, account_id=account_id,
                                                              address_hash=hash_secret(address)))

    # -- a game ends ------------------------------------------------------------------
    def watch(self, room: Room, change: Change) -> None:
        """The hub's hook: a game that ended is rated (on a thread: the move is not held up)."""
        if room.status != "finished":
            return
        scores = [float(x) for x in room.state.scores()]
        winners = list(room.state.winners())
        future = self.pool.submit(self._rate_logged, room.id, room.game.name, scores, winners)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)

    async def drain(self) -> None:
        while self.pending:
            await asyncio.gather(*(asyncio.wrap_future(f) for f in list(self.pending)), return_exceptions=True)

    def _rate_logged(self, game_id: str, game: str, scores: list[float], winners: list[int]) -> None:
        try:
            self.rate(game_id, game, scores, winners)
        except Exception:
            log.exception("could not rate game %s", game_id)

    def rate(self, game_id: str, game: str, scores: list[float], winners: list[int]) -> bool:
        """Write the ratings of a rated game that ended; False if it is not rated, was rated
        already, or none of its players still has an account. A seat whose account was
        deleted during the game, or that a stand-in played too much of, takes the last place.
        Two instances that end games with the same bot at once both write its row: the first
        row of a new entry may be inserted by both, so the loser of that race tries again (its
        claim of the game was rolled back with it)."""
        for attempt in range(3):
            try:
                return self._rate_once(game_id, game, scores, winners)
            except IntegrityError:
                if attempt == 2:
                    raise
        return False

    def _rate_once(self, game_id: str, game: str, scores: list[float], winners: list[int]) -> bool:
        players = len(scores)
        stamp = now()
        with self.storage._writing(), self.engine.begin() as conn:
            claimed = conn.execute(update(rated_games_table).where(rated_games_table.c.game_id == game_id,
                                                                   rated_games_table.c.applied.is_(None))
                                   .values(applied=stamp))
            if claimed.rowcount != 1:
                return False
            owners = dict(conn.execute(select(account_seats_table.c.seat, account_seats_table.c.account_id)
                                       .where(account_seats_table.c.game_id == game_id)).all())
            bots = dict(conn.execute(select(seats_table.c.seat, seats_table.c.bot).where(
                seats_table.c.game_id == game_id, seats_table.c.kind == "bot")).all())
            # who plays each seat: an account, or a bot strength (a stand-in plays for its human);
            # a human seat whose account was deleted meanwhile forfeits: rated from the start, not kept
            who: list[tuple[Any, str] | None] = [
                (bot_ratings_table, str(bots[seat])) if seat in bots
                else (ratings_table, str(owners[seat])) if seat in owners else None for seat in range(players)]
            known = [w for w in who if w is not None]
            if not known or len(set(known)) != len(known):
                return False
            lost = {seat for seat, w in enumerate(who) if w is None} | self._stood_in(conn, game_id, set(bots))
            current = [self._current(conn, w, game, players) if w is not None else (MODEL.mu, MODEL.sigma, 0, 0)
                       for w in who]
            teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _, _ in current]
            # a forfeit, or a seat the stand-in played too much of, shares the last place
            marked = [players + 1 if seat in lost else r for seat, r in enumerate(ranks_of(scores, winners))]
            ranks = [1 + sum(1 for o in marked if o < m) for m in marked]
            # the winners that still stand; if every one forfeited, whoever is now first. A game
            # nobody won (PAX when Rome wins and no one holds Primus Conspiratus) gives no win
            kept = [s for s in winners if s not in lost]
            if winners and not kept:
                kept = [s for s in range(players) if ranks[s] == 1]
            new = MODEL.rate(teams, ranks=[float(r) for r in ranks])
            for seat, w in enumerate(who):
                if w is None:
                    continue
                table, key = w
                r = new[seat][0]
                _, _, played, wins = current[seat]
                won = seat in kept
                values = {"mu": r.mu, "sigma": r.sigma, "games": played + 1, "wins": wins + int(won),
                          "updated": stamp}
                res = conn.execute(update(table).where(*self._entry(table, key, game, players)).values(**values))
                if res.rowcount == 0:
                    conn.execute(insert(table).values({self._key(table).name: key, "game": game,
                                                       "players": players, **values}))
                if table is ratings_table:
                    conn.execute(insert(rating_history_table).values(
                        account_id=key, game=game, players=players, game_id=game_id, mu=r.mu, sigma=r.sigma,
                        rank=ranks[seat], won=won, at=stamp))
        return True

    @staticmethod
    def _stood_in(conn: Connection, game_id: str, bots: set[int]) -> set[int]:
        """The human seats of which a stand-in played more than ``stand_in_share()`` of the moves."""
        counts: dict[int, list[int]] = {}
        for seat, by in conn.execute(select(actions_table.c.seat, actions_table.c.by).where(
                actions_table.c.game_id == game_id, actions_table.c.kind == "act")):
            if seat is None or seat in bots:
                continue
            c = counts.setdefault(seat, [0, 0])
            c[0] += 1
            c[1] += by == "stand_in"
        limit = stand_in_share()
        return {seat for seat, (total, stood) in counts.items() if total and stood / total > limit}

    @staticmethod
    def _key(table: Table) -> Column[str]:
        return table.c.bot if table is bot_ratings_table else table.c.account_id

    @classmethod
    def _entry(cls, table: Table, key: str, game: str, players: int) -> list[Any]:
        return [cls._key(table) == key, table.c.game == game, table.c.players == players]

    @classmethod
    def _current(cls, conn: Connection, who: tuple[Table, str], game: str,
                 players: int) -> tuple[float, float, int, int]:
        """A player's rating now, its row locked (PostgreSQL) until the new one is written."""
        table, key = who
        r = conn.execute(select(table.c.mu, table.c.sigma, table.c.games, table.c.wins)
                         .where(*cls._entry(table, key, game, players)).with_for_update()).first()
        if r is None:
            return MODEL.mu, MODEL.sigma, 0, 0
        return float(r[0]), float(r[1]), int(r[2]), int(r[3])

    # -- reading ------------------------------------------------------------------------
    def leaderboard(self, game: str, players: int | None, limit: int) -> list[dict[str, Any]]:
        j = ratings_table.join(accounts_table, ratings_table.c.account_id == accounts_table.c.id)
        q = select(accounts_table.c.username, ratings_table).select_from(j).where(ratings_table.c.game == game)
        if players is not None:
            q = q.where(ratings_table.c.players == players)
        b = select(bot_ratings_table).where(bot_ratings_table.c.game == game)
        if players is not None:
            b = b.where(bot_ratings_table.c.players == players)
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
            bots = conn.execute(b).mappings().all()
        out = [_public(r) for r in rows] + [_public(r) for r in bots]
        out.sort(key=lambda r: (-r["rating"], r["username"] or "", r["bot"] or ""))
        return out[:limit]

    def profile(self, username: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            acc = conn.execute(select(accounts_table.c.id, accounts_table.c.username, accounts_table.c.created)
                               .where(accounts_table.c.username_key == username_key(username))).first()
            if acc is None:
                return None
            rows = conn.execute(select(accounts_table.c.username, ratings_table).select_from(
                ratings_table.join(accounts_table, ratings_table.c.account_id == accounts_table.c.id))
                .where(ratings_table.c.account_id == acc[0])).mappings().all()
            history = conn.execute(select(rating_history_table).where(rating_history_table.c.account_id == acc[0])
                                   .order_by(rating_history_table.c.id.desc()).limit(200)).mappings().all()
        return {"username": acc[1], "since": acc[2],
                "ratings": sorted((_public(r) for r in rows), key=lambda r: (r["game"], r["players"])),
                "history": [{"game": h["game"], "players": h["players"], "game_id": h["game_id"],
                             "rating": shown(h["mu"], h["sigma"]), "rank": h["rank"], "won": h["won"],
                             "at": h["at"]} for h in reversed(history)]}


def bot_name(bot: str) -> dict[str, str]:
    """A bot strength as a leaderboard names it, in each language ("Gép (mohó)", "Bot (greedy)"),
    as a game names its seat ("Gép 3")."""
    _, hu, en = BOTS.get(bot, ("", bot, bot))
    return {"hu": f"Gép ({hu})", "en": f"Bot ({en})"}


def _public(r: Any) -> dict[str, Any]:
    bot = r.get("bot")
    return {"username": r.get("username"), "bot": bot, "bot_name": bot_name(bot) if bot else None,
            "game": r["game"], "players": r["players"],
            "rating": shown(r["mu"], r["sigma"]), "mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3),
            "games": r["games"], "wins": r["wins"],
            "win_rate": round(r["wins"] / r["games"], 3) if r["games"] else 0.0}


class BotName(BaseModel):
    hu: str
    en: str


class Rated(BaseModel):
    username: str | None = Field(None, description="the account's name; none for a bot")
    bot: str | None = Field(None, description="the bot strength this entry rates; none for an account")
    bot_name: BotName | None = Field(None, description="the bot's name as a leaderboard shows it")
    game: str
    players: int
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    win_rate: float


class RatedGame(BaseModel):
    game: str
    players: int
    game_id: str
    rating: float
    rank: int
    won: bool
    at: Any


class Profile(BaseModel):
    username: str
    since: Any
    ratings: list[Rated]
    history: list[RatedGame]


def build_router(ratings: Ratings) -> APIRouter:
    router = APIRouter(prefix="/api")

    #: no such game or player, and the rate of requests
    refusals: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (404, 429)}

    @router.get("/ratings/{game}", response_model=list[Rated], responses=refusals,
                summary="A game's leaderboard, best first")
    async def leaderboard(game: str, players: int | None = Query(None, ge=1, le=8),
                          limit: int = Query(50, ge=1, le=200)) -> list[dict[str, Any]]:
        if game not in games.names():
            raise HTTPException(404, detail=texts.detail("no_game"))
        return await asyncio.to_thread(ratings.leaderboard, game, players, limit)

    @router.get("/players/{username}", response_model=Profile, responses=refusals,
                summary="A player's ratings, win rates and the rating after each rated game")
    async def profile(username: str) -> dict[str, Any]:
        found = (await asyncio.to_thread(ratings.profile, username)
                 if len(username) <= 64 and clean_text(username) else None)
        if found is None:
            raise HTTPException(404, detail=texts.detail("no_player"))
        return found

    return router


def install(app: FastAPI, hub: Hub, ratings: Ratings) -> Ratings:
    """Rate the games that end and serve the leaderboards; ``app.state.ratings`` for tests."""
    hub.watchers.append(ratings.watch)
    hub.is_rated = ratings.is_rated
    app.include_router(build_router(ratings))
    app.state.ratings = ratings
    return ratings
