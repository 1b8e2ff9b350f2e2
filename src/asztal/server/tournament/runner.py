"""Tournaments that run themselves: sign-up, the rounds paired as the games end, withdrawals.

Nothing here holds a tournament in memory: every decision is read from the database and each
step is one transaction that cannot be done twice, so a restart (or a second instance on
PostgreSQL) loses nothing and pairs nothing twice:

- a round is paired by the transaction that inserts its ``tournament_rounds`` row (primary key
  tournament, round) together with its tables and their games: of two instances pairing the same
  round, one commits and the other's insert is refused whole;
- a table is scored by an UPDATE that only writes a table not scored yet;
- a table's players are told of it (lobby and e-mail) by whoever first marks it ``noticed``.

When to look (``tick``): when a tournament game ends (the hub's watcher, on the instance that
committed the last move), after a sign-up or withdrawal, and every ``TICK`` seconds (a start time,
a round's deadline, an instance that stopped between a game's end and its scoring).

A tournament game is an ordinary turn-based game (the turn timer of 12 h and up, its stand-in
rule: turns.py): each human seat linked to its player's account (``account_seats``), so the
game is in "my games" and the seat's token is fetched there; its seats' own tokens are secrets
nobody is given. Its grace (how long a player may be away before a stand-in plays on while
another player waits) is the turn timer itself: a player who steps away for a day loses no more
to a bot than the turn timer's own rule takes (one move per turn run out).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
from collections.abc import Sequence
from email.message import EmailMessage
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asztal import games
from asztal.engine import Game
from asztal.server import meta
from asztal.server.accounts import account_seats_table, accounts_table
from asztal.server.hub import Hub
from asztal.server.mail import MAIL as NOTICE_MAIL
from asztal.server.mail import Notices, compose, unsubscribe_table
from asztal.server.ratings import rated_games_table
from asztal.server.room import Room
from asztal.server.storage import Change, games_table, now, seats_table
from asztal.server.tokens import hash_secret, new_game_id, new_secret, new_seed
from asztal.server.tournament import pairing, scoring
from asztal.server.tournament.tables import (
    tournament_players_table,
    tournament_rounds_table,
    tournament_tables_table,
    tournaments_table,
)

log = logging.getLogger("asztal.server")

#: players one tournament takes (the pairing's searches are sized for club fields)
MAX_PLAYERS = 64

#: seconds between two looks at every tournament (start times, deadlines)
TICK = float(os.environ.get("ASZTAL_TOURNAMENT_TICK", 60))

#: the new-table mail, Hungarian first
MAIL = {
    "subject": ("Új asztal: {name}, {round}. forduló", "New table: {name}, round {round}"),
    "body": ("Szia {user}!\n\nÚj forduló kezdődött ({name}, {round}. forduló), és kész az asztalod "
             "({title}). A játék megnyitása: {url}\n\nA verseny állása: {standings}",
             "Hello {user},\n\nRound {round} of {name} has begun and your table is ready ({title}). "
             "Open the game: {url}\n\nThe standings: {standings}"),
}


def least(g: Game) -> int:
    """The fewest players at a tournament table: the game's minimum, and never a solo game."""
    return max(2, g.min_players)


class Refused(Exception):
    """A request the tournament rules do not allow: ``code`` is an error of texts.ERRORS."""

    def __init__(self, code: str, status: int = 409) -> None:
        super().__init__(code)
        self.code, self.status = code, status


def aware(t: dt.datetime) -> dt.datetime:
    """SQLite gives back naive datetimes (stored as UTC)."""
    return t if t.tzinfo is not None else t.replace(tzinfo=dt.UTC)


class Tournaments:
    """The tournaments of one server's database, and the rounds they run."""

    def __init__(self, hub: Hub, notices: Notices | None = None, pack_dir: Any = None) -> None:
        self.hub = hub
        self.storage = hub.storage
        self.engine = hub.storage.engine
        self.notices = notices
        self.pack_dir = pack_dir
        self._locks: dict[str, asyncio.Lock] = {}
        self._task: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    # -- the loop ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._loop())

    async def drain(self) -> None:
        """Wait for the looks at tournaments that games' ends began (tests, and a clean shutdown)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def close(self) -> None:
        tasks = [t for t in (self._task, *self._pending) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick_all()
            except Exception:
                log.exception("could not run the tournaments")
            await asyncio.sleep(TICK)

    def watch(self, room: Room, change: Change) -> None:
        """The hub's hook: a game that ended may end its tournament round."""
        if room.status != "finished":
            return
        task = asyncio.get_running_loop().create_task(self._after_game(room.id))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _after_game(self, game_id: str) -> None:
        try:
            tid = await asyncio.to_thread(self.tournament_of_game, game_id)
            if tid is not None:
                await self.tick(tid)
        except Exception:
            log.exception("could not score tournament game %s", game_id)

    async def tick_all(self) -> None:
        for tid in await asyncio.to_thread(self._due):
            await self.tick(tid)

    def _due(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournaments_table.c.id, tournaments_table.c.status,
                                       tournaments_table.c.starts)
                                .where(tournaments_table.c.status != "finished")).all()
        stamp = now()
        return [r[0] for r in rows if r[1] == "running" or aware(r[2]) <= stamp]

    async def tick(self, tid: str) -> None:
        """Do whatever the tournament is due for: start it, score the ended tables, pair the
        next round or finish; then tell the players of tables not told yet."""
        lock = self._locks.setdefault(tid, asyncio.Lock())
        async with lock:
            while await self._step(tid):
                pass
            await self._tell(tid)

    async def _step(self, tid: str) -> bool:
        """One step forward; False when there is nothing to do now."""
        t = await asyncio.to_thread(self.row, tid)
        if t is None or t["status"] == "finished":
            return False
        if t["status"] == "signup":
            if aware(t["starts"]) > now():
                return False
            return await asyncio.to_thread(self._begin, t)
        current = await asyncio.to_thread(self.current_round, tid)
        if current is None:
            return await self._pair(t, 1)
        number, deadline = current
        await asyncio.to_thread(self._score_finished, tid, number)
        open_tables = await asyncio.to_thread(self.tables, tid, number, True)
        if open_tables:
            if aware(deadline) > now():
                return False
            for table in open_tables:  # the round's time is up: scored as they stand
                await self._close_table(table, [], "adjudicated")
        total = t["rounds"] or 0
        if number >= total:
            return await asyncio.to_thread(self._finish, tid)
        return await self._pair(t, number + 1)

    # -- starting, pairing, finishing ---------------------------------------------------------
    def _begin(self, t: dict[str, Any]) -> bool:
        """The start time came: fix the round-robin schedule and run (too few players: it ends)."""
        players = self.active(t["id"])
        g = games.load(t["game"])
        values: dict[str, Any] = {"status": "running"}
        if len(players) < 2:
            values = {"status": "finished", "rounds": 0}
        elif t["format"] == "round_robin":
            schedule = pairing.round_robin(players, t["table_size"], least(g))
            values.update(schedule=[[list(table) for table in tables] for tables in schedule],
                          rounds=len(schedule))
        with self.storage._writing(), self.engine.begin() as conn:
            res = conn.execute(update(tournaments_table).where(tournaments_table.c.id == t["id"],
                                                               tournaments_table.c.status == "signup")
                               .values(**values))
            return res.rowcount == 1

    def _finish(self, tid: str) -> bool:
        with self.storage._writing(), self.engine.begin() as conn:
            res = conn.execute(update(tournaments_table).where(tournaments_table.c.id == tid,
                                                               tournaments_table.c.status == "running")
                               .values(status="finished"))
            return res.rowcount == 1

    def next_tables(self, t: dict[str, Any], number: int) -> list[pairing.Table]:
        """The tables of round ``number``: Swiss from the standings, round-robin from the schedule
        (a withdrawn player's seat there is played by a bot)."""
        g = games.load(t["game"])
        active = self.active(t["id"])
        if t["format"] == "round_robin":
            out = []
            for table in t["schedule"][number - 1]:
                seats = tuple(p if p in active else None for p in table)
                if any(p is not None for p in seats):
                    out.append(seats)
            return out
        if not active:
            return []
        history = self.history(t["id"])
        order = [s.player for s in scoring.standings(self.players(t["id"]), self.results(t["id"]), swiss=True)
                 if s.player in active]
        return pairing.swiss(order, history, t["table_size"], least(g))

    async def _pair(self, t: dict[str, Any], number: int) -> bool:
        tables = await asyncio.to_thread(self.next_tables, t, number)
        made = await asyncio.to_thread(self._store_round, t, number, tables)
        for game_id in made:  # bots and turn timers start on this instance (any other loads a game when opened)
            try:
                await self.hub.room(game_id)
            except Exception:
                log.exception("could not open tournament game %s", game_id)
        return True

    def _store_round(self, t: dict[str, Any], number: int, tables: Sequence[pairing.Table]) -> list[str]:
        """Insert the round, its tables and their games in one transaction; [] if the round was
        paired already (by another instance, or before a restart)."""
        g = games.load(t["game"])
        stamp = now()
        names = self._usernames([p for table in tables for p in table if p is not None])
        made: list[str] = []
        try:
            with self.storage._writing(), self.engine.begin() as conn:
                conn.execute(insert(tournament_rounds_table).values(
                    tournament_id=t["id"], round=number, paired=stamp,
                    deadline=stamp + dt.timedelta(days=t["round_days"])))
                for no, table in enumerate(tables):
                    game_id = self._new_game(conn, g, t, table, names, stamp)
                    conn.execute(insert(tournament_tables_table).values(
                        tournament_id=t["id"], round=number, table_no=no, game_id=game_id, seats=list(table)))
                    made.append(game_id)
        except IntegrityError:
            return []
        return made

    def _new_game(self, conn: Connection, g: Any, t: dict[str, Any], table: pairing.Table,
                  names: dict[str, str], stamp: dt.datetime) -> str:
        """A turn-based game for one table, its human seats linked to their players' accounts."""
        players = len(table)
        options = meta.game_options(g.name, players, t["options"], self.pack_dir)
        seed = new_seed()
        state = g.new_game(players, seed, options)
        game_id = new_game_id()
        first_human = state.to_move is not None and table[state.to_move] is not None and not state.is_over
        conn.execute(insert(games_table).values(
            id=game_id, game=g.name, version=g.version, players=players, seed=seed, options=state.options,
            public_options=t["options"], status="running", private=t["private"], turn_timer=t["turn_timer"],
            grace=t["turn_timer"], stand_in="normal", seq=0, to_move=state.to_move, result=None, created=stamp,
            updated=stamp, watch_hash=None,
            turn_deadline=stamp + dt.timedelta(seconds=t["turn_timer"]) if first_human else None))
        for seat, p in enumerate(table):
            if p is None:
                conn.execute(insert(seats_table).values(game_id=game_id, seat=seat, name="", kind="bot",
                                                        bot="normal", token_hash=None, invite_hash=None))
            else:
                conn.execute(insert(seats_table).values(game_id=game_id, seat=seat, name=names.get(p, ""),
                                                        kind="human", bot=None,
                                                        token_hash=hash_secret(new_secret()), invite_hash=None))
                conn.execute(insert(account_seats_table).values(game_id=game_id, seat=seat, account_id=p,
                                                                attached=stamp))
        if t["rated"]:
            conn.execute(insert(rated_games_table).values(game_id=game_id, applied=None))
        return game_id

    # -- scoring tables -------------------------------------------------------------------------
    def _score_finished(self, tid: str, number: int) -> None:
        """Score the round's tables whose games have ended: places by the game's winners and scores."""
        j = tournament_tables_table.join(games_table, tournament_tables_table.c.game_id == games_table.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournament_tables_table.c.table_no, games_table.c.result)
                                .select_from(j)
                                .where(tournament_tables_table.c.tournament_id == tid,
                                       tournament_tables_table.c.round == number,
                                       tournament_tables_table.c.ended.is_(None),
                                       games_table.c.status == "finished")).all()
        for no, result in rows:
            result = result or {}
            scores = [float(x) for x in result.get("scores") or []]
            winners = [int(w) for w in result.get("winners") or []]
            self._write_result(tid, number, no, scoring.places(scores, winners), scores, "played")

    def _write_result(self, tid: str, number: int, no: int, places: list[int], scores: list[float],
                      how: str) -> bool:
        with self.storage._writing(), self.engine.begin() as conn:
            res = conn.execute(update(tournament_tables_table).where(
                tournament_tables_table.c.tournament_id == tid, tournament_tables_table.c.round == number,
                tournament_tables_table.c.table_no == no, tournament_tables_table.c.ended.is_(None))
                .values(places=places, scores=scores, how=how, ended=now()))
            return res.rowcount == 1

    async def _close_table(self, table: dict[str, Any], out: list[int], how: str) -> None:
        """Score a table whose game has not ended: the seats in ``out`` last, the others by their
        score now."""
        scores = [0.0] * len(table["seats"])
        if table["game_id"] is not None:
            room = await self.hub.room(table["game_id"])
            if room is not None:
                scores = [float(x) for x in room.state.scores()]
        places = scoring.forfeit_places(scores, out)
        await asyncio.to_thread(self._write_result, table["tournament_id"], table["round"], table["table_no"],
                                places, scores, how)

    # -- signing up and withdrawing ------------------------------------------------------------
    def sign_up(self, tid: str, account_id: str, key: str | None) -> None:
        t = self.row(tid)
        if t is None or (t["private"] and not (key and hash_secret(key) == t["invite_hash"])
                         and account_id != t["creator"]):
            raise Refused("no_tournament", 404)
        if t["status"] != "signup" or aware(t["signup_until"]) < now():
            raise Refused("signup_closed")
        try:
            with self.storage._writing(), self.engine.begin() as conn:
                if len(conn.execute(select(tournament_players_table.c.account_id).where(
                        tournament_players_table.c.tournament_id == tid)).all()) >= MAX_PLAYERS:
                    raise Refused("tournament_full")
                conn.execute(insert(tournament_players_table).values(tournament_id=tid, account_id=account_id,
                                                                     joined=now(), withdrawn=None))
        except IntegrityError:
            raise Refused("signed_up_already") from None

    async def withdraw(self, tid: str, account_id: str) -> None:
        """Before the start the sign-up is simply taken back; once running the player plays no
        more rounds and their table of the current round is scored with them last (forfeit)."""
        t = await asyncio.to_thread(self.row, tid)
        if t is None:
            raise Refused("no_tournament", 404)
        if not await asyncio.to_thread(self._withdraw_row, t, account_id):
            raise Refused("not_signed_up")
        if t["status"] == "running":
            async with self._locks.setdefault(tid, asyncio.Lock()):
                current = await asyncio.to_thread(self.current_round, tid)
                if current is not None:
                    for table in await asyncio.to_thread(self.tables, tid, current[0], True):
                        if account_id in table["seats"]:
                            await self._close_table(table, [table["seats"].index(account_id)], "forfeit")
        await self.tick(tid)

    def _withdraw_row(self, t: dict[str, Any], account_id: str) -> bool:
        key = ((tournament_players_table.c.tournament_id == t["id"])
               & (tournament_players_table.c.account_id == account_id))
        with self.storage._writing(), self.engine.begin() as conn:
            if t["status"] == "signup":
                return conn.execute(delete(tournament_players_table).where(key)).rowcount == 1
            return conn.execute(update(tournament_players_table).where(
                key, tournament_players_table.c.withdrawn.is_(None)).values(withdrawn=now())).rowcount == 1

    # -- telling players of their tables ---------------------------------------------------------
    async def _tell(self, tid: str) -> None:
        for table, number in await asyncio.to_thread(self._claim_notices, tid):
            if self.notices is not None and self.notices.settings.smtp is not None:
                await asyncio.to_thread(self._mail, tid, number, table)

    def _claim_notices(self, tid: str) -> list[tuple[dict[str, Any], int]]:
        """The tables not told yet, each claimed by this instance (only one instance tells)."""
        out = []
        with self.storage._writing(), self.engine.begin() as conn:
            rows = conn.execute(select(tournament_tables_table).where(
                tournament_tables_table.c.tournament_id == tid,
                tournament_tables_table.c.noticed.is_(None))).mappings().all()
            for r in rows:
                res = conn.execute(update(tournament_tables_table).where(
                    tournament_tables_table.c.tournament_id == tid, tournament_tables_table.c.round == r["round"],
                    tournament_tables_table.c.table_no == r["table_no"],
                    tournament_tables_table.c.noticed.is_(None)).values(noticed=now()))
                if res.rowcount == 1 and r["ended"] is None:
                    out.append((dict(r), int(r["round"])))
        return out

    def _mail(self, tid: str, number: int, table: dict[str, Any]) -> None:
        assert self.notices is not None
        t = self.row(tid)
        if t is None:
            return
        g = games.load(t["game"])
        base = self.notices.settings.public_url.rstrip("/")
        people = [p for p in table["seats"] if p is not None]
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_table.c.id, accounts_table.c.username, accounts_table.c.email,
                                       accounts_table.c.lang)
                                .where(accounts_table.c.id.in_(people),
                                       accounts_table.c.email_confirmed.is_(True))).all()
        for account_id, username, email, lang in rows:
            # only a confirmed address is mailed, in its account's one language (mail.py)
            if not email or not self.notices.wants(account_id):
                continue
            token = new_secret()  # its unsubscribe link, as every notice has (mail.py)
            with self.storage._writing(), self.engine.begin() as conn:
                conn.execute(insert(unsubscribe_table).values(token_hash=hash_secret(token), account_id=account_id,
                                                              created=now()))
            try:
                self.notices.mailer.send(self._message(t, g, number, table["game_id"], username, email, base, token,
                                                       lang or "hu"), email)
            except Exception:
                log.exception("could not mail the new table of %s to an account", tid)

    def _message(self, t: dict[str, Any], g: Any, number: int, game_id: str, username: str, email: str,
                 base: str, token: str, lang: str) -> EmailMessage:
        assert self.notices is not None
        unsub = f"{base}/api/mail/unsubscribe?token={token}"
        fields = {"name": t["name"], "round": number, "user": username, "url": f"{base}/?open={game_id}",
                  "standings": f"{base}/?tournament={t['id']}"}
        k = 0 if lang == "hu" else 1
        body = MAIL["body"][k].format(title=g.title.get(lang, g.name), **fields)
        msg = compose(self.notices.settings, MAIL["subject"][k].format(**fields), username, email,
                      f"{body}\n\n-- \n{NOTICE_MAIL['footer'][k].format(url=unsub)}\n")
        msg["List-Unsubscribe"] = f"<{unsub}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        return msg

    # -- reading ----------------------------------------------------------------------------------
    def row(self, tid: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tournaments_table).where(tournaments_table.c.id == tid)).mappings().first()
            return dict(r) if r else None

    def tournament_of_game(self, game_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(tournament_tables_table.c.tournament_id)
                                .where(tournament_tables_table.c.game_id == game_id)).scalar()

    def players(self, tid: str) -> list[str]:
        """Every player who signed up, in sign-up order (withdrawn ones too)."""
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(tournament_players_table.c.account_id)
                                               .where(tournament_players_table.c.tournament_id == tid)
                                               .order_by(tournament_players_table.c.joined,
                                                         tournament_players_table.c.account_id))]

    def active(self, tid: str) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(tournament_players_table.c.account_id)
                                               .where(tournament_players_table.c.tournament_id == tid,
                                                      tournament_players_table.c.withdrawn.is_(None))
                                               .order_by(tournament_players_table.c.joined,
                                                         tournament_players_table.c.account_id))]

    def current_round(self, tid: str) -> tuple[int, dt.datetime] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tournament_rounds_table.c.round, tournament_rounds_table.c.deadline)
                             .where(tournament_rounds_table.c.tournament_id == tid)
                             .order_by(tournament_rounds_table.c.round.desc()).limit(1)).first()
        return None if r is None else (int(r[0]), r[1])

    def deadlines(self, tid: str) -> dict[int, dt.datetime]:
        with self.engine.connect() as conn:
            return {int(r[0]): r[1] for r in conn.execute(
                select(tournament_rounds_table.c.round, tournament_rounds_table.c.deadline)
                .where(tournament_rounds_table.c.tournament_id == tid))}

    def open_tables_of(self, account_id: str) -> list[dict[str, Any]]:
        """The account's tables not scored yet, in running tournaments (the lobby's notice)."""
        j = tournament_tables_table.join(tournaments_table,
                                         tournament_tables_table.c.tournament_id == tournaments_table.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournament_tables_table.c.tournament_id, tournaments_table.c.name,
                                       tournaments_table.c.game, tournament_tables_table.c.round,
                                       tournament_tables_table.c.game_id, tournament_tables_table.c.seats)
                                .select_from(j).where(tournaments_table.c.status == "running",
                                                      tournament_tables_table.c.ended.is_(None))).all()
        out = []
        for tid, name, game, number, game_id, seats in rows:
            if account_id in seats and game_id is not None:
                g = games.load(game)
                out.append({"tournament_id": tid, "name": name, "round": number, "game_id": game_id,
                            "title": {"hu": g.title.get("hu", g.name), "en": g.title.get("en", g.name)}})
        return out

    def tables(self, tid: str, number: int | None = None, open_only: bool = False) -> list[dict[str, Any]]:
        q = select(tournament_tables_table).where(tournament_tables_table.c.tournament_id == tid)
        if number is not None:
            q = q.where(tournament_tables_table.c.round == number)
        if open_only:
            q = q.where(tournament_tables_table.c.ended.is_(None))
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(tournament_tables_table.c.round,
                                           tournament_tables_table.c.table_no)).mappings().all()
        return [dict(r) for r in rows]

    def history(self, tid: str) -> list[list[pairing.Table]]:
        rounds: dict[int, list[pairing.Table]] = {}
        for r in self.tables(tid):
            rounds.setdefault(r["round"], []).append(tuple(r["seats"]))
        return [rounds[k] for k in sorted(rounds)]

    def results(self, tid: str) -> list[scoring.Result]:
        return self.results_of(self.tables(tid))

    @staticmethod
    def results_of(tables: list[dict[str, Any]]) -> list[scoring.Result]:
        """The scored ones of ``tables`` (rows of ``tournament_tables``) as the scoring reads them."""
        return [scoring.Result(tuple(r["seats"]), tuple(r["places"]), tuple(float(x) for x in r["scores"]))
                for r in tables if r["ended"] is not None]

    def _usernames(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            return dict(conn.execute(select(accounts_table.c.id, accounts_table.c.username)
                                     .where(accounts_table.c.id.in_(ids))).all())
