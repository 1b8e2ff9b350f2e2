"""E-mail notices of turn-based games: "your turn" and "game over", through the operator's SMTP
server (``asztal serve --smtp host:port`` or ``ASZTAL_SMTP``; docs/operations.md).

Who gets one: the account linked to a seat (``account_seats``) whose e-mail address its owner has
confirmed (``account_mail.py``) and that has not opted out (``mail_prefs``), in its own language, in
a turn-based game (``turns.py``), and only when that seat has no socket open: a player looking at
the game reads it there, or when its player closed the game on their own turn and did not come
back within ``left_grace``. "Your turn" goes out at most once per game per hour per account, "game
over" once per game; the claim is a row of ``mail_sent`` written before the mail is sent, in one
transaction, so two instances never both send it (a mail whose sending fails is not retried: the
next turn sends the next one).

Every mail carries a link that opens the game (``/?open=ID``, which asks the account for a fresh
seat token after logging in) and an unsubscribe link whose token is stored only as a hash, valid
without logging in (RFC 8058 one-click: ``List-Unsubscribe`` with ``List-Unsubscribe-Post``).
The hub calls ``Notices.watch`` after every change this instance committed; the work (database,
SMTP) runs on a thread of its own, so a slow mail server never holds up a move.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import html
import logging
import os
import smtplib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asztal.engine.i18n import fill
from asztal.server import texts
from asztal.server.accounts import account_seats_table, accounts_table, clean_text, mail_address
from asztal.server.bodies import ErrorBody
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.room import Room, Seat
from asztal.server.storage import Change, metadata, now
from asztal.server.tokens import hash_secret, new_secret
from asztal.server.turns import is_turn_based

log = logging.getLogger("asztal.server")

mail_prefs_table = Table(
    "mail_prefs", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("notices", Boolean, nullable=False),  # no row: notices on (when the account has an address)
)

mail_sent_table = Table(
    "mail_sent", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(8), primary_key=True),  # turn | over
    Column("sent", DateTime(timezone=True), nullable=False),
)

unsubscribe_table = Table(
    "unsubscribe_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

#: the mails' and the unsubscribe page's texts, Hungarian first
MAIL: dict[str, tuple[str, str]] = {
    "turn_subject": ("Te következel: {title}", "Your turn: {title}"),
    "turn_body": ("Szia {name}!\n\nTe következel {title:a} játékban. Lépni eddig lehet: {deadline}.\n"
                  "Ha addig nem lépsz, a gép lép helyetted egyet, a hely a tiéd marad.\n\n"
                  "A játék megnyitása: {url}",
                  "Hello {name},\n\nIt is your turn in {title}. You can move until {deadline}.\n"
                  "If you do not, a bot makes that one move for you; the seat stays yours.\n\n"
                  "Open the game: {url}"),
    "over_subject": ("Véget ért: {title}", "Game over: {title}"),
    "over_body": ("Szia {name}!\n\nVéget ért {title:a} játék. Eredmény: {result}.\n\n"
                  "A játék megnyitása: {url}",
                  "Hello {name},\n\nThe game of {title} is over. Result: {result}.\n\nOpen the game: {url}"),
    "footer": ("Nem kérsz több e-mailt? Leiratkozás: {url}", "No more e-mails? Unsubscribe: {url}"),
    "no_deadline": ("nincs határidő", "no deadline"),
    "player": ("{n}. játékos", "Player {n}"),
    "unsub_title": ("Leiratkozás az értesítésekről", "Unsubscribe from notices"),
    "unsub_ask": ("Nem kérsz több e-mailt az asztal játékaidról?", "No more e-mails about your asztal games?"),
    "unsub_button": ("Leiratkozom", "Unsubscribe"),
    "unsub_done": ("Leiratkoztál: nem küldünk több értesítést. A fiókod beállításai között újra kérheted.",
                   "You are unsubscribed: no more notices. You can turn them on again in your account."),
}
texts.ERRORS.update({
    "bad_unsubscribe": ("ez a leiratkozási hivatkozás érvénytelen", "this unsubscribe link is not valid"),
})
#: unsubscribe tokens older than this are removed (a mail is not read a year later)
UNSUBSCRIBE_DAYS = 180


def parse_smtp(value: str) -> tuple[str, int]:
    """``host:port`` (IPv6 in brackets: ``[::1]:25``); port 25 if none is given."""
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or "]" in port:
        return value.strip("[]"), 25
    return host.strip("[]"), int(port)


@dataclass
class MailSettings:
    """The operator's SMTP server and the public address links point at (docs/operations.md)."""

    #: ``host:port`` of the SMTP server; None: no mail is sent
    smtp: str | None = field(default_factory=lambda: os.environ.get("ASZTAL_SMTP") or None)
    sender: str = field(default_factory=lambda: os.environ.get("ASZTAL_MAIL_FROM", "asztal@localhost"))
    user: str | None = field(default_factory=lambda: os.environ.get("ASZTAL_SMTP_USER") or None)
    password: str | None = field(default_factory=lambda: os.environ.get("ASZTAL_SMTP_PASSWORD") or None)
    #: STARTTLS before logging in (``ASZTAL_SMTP_STARTTLS=1``; always when a user is set)
    starttls: bool = field(default_factory=lambda: os.environ.get("ASZTAL_SMTP_STARTTLS", "") == "1")
    #: the address players open (``ASZTAL_PUBLIC_URL``), e.g. https://asztal.example
    public_url: str = field(default_factory=lambda: os.environ.get("ASZTAL_PUBLIC_URL", "http://127.0.0.1:8000"))
    #: seconds between two "your turn" mails of one game to one account
    turn_every: float = field(default_factory=lambda: float(os.environ.get("ASZTAL_MAIL_TURN_EVERY", 3600)))
    #: seconds a player who closed the game on their own turn may come back before they are mailed
    left_grace: float = field(default_factory=lambda: float(os.environ.get("ASZTAL_MAIL_LEFT_GRACE", 120)))


def compose(settings: MailSettings, subject: str, username: str, email: str, body: str) -> EmailMessage:
    """A mail of the server to one account (its name and checked address in ``To``)."""
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = formataddr(("asztal", settings.sender))
    msg["To"] = formataddr((username, mail_address(email)))
    msg["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2] or None)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(body)
    return msg


def local_time(stamp: float, tz: str | None, lang: str) -> str:
    """A moment as its reader writes it, in their time zone: ``2026. 12. 07. 14:30 (CET)`` in
    Hungarian, ``2026-12-07 14:30 (CET)`` in English (a zone no longer known: UTC)."""
    try:
        zone: dt.tzinfo = ZoneInfo(tz) if tz else dt.UTC
    except (ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    at = dt.datetime.fromtimestamp(stamp, zone)
    shape = "%Y. %m. %d. %H:%M" if lang == "hu" else "%Y-%m-%d %H:%M"
    return f"{at.strftime(shape)} ({at.tzname() or 'UTC'})"


class Mailer:
    """Sends one message at a time through the configured SMTP server (stdlib ``smtplib``)."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings

    def send(self, msg: EmailMessage, to: str) -> None:
        """Send ``msg`` to the one address ``to``: the envelope names it alone, whatever the
        headers say (an address is checked again here, as a stored one may predate the checks)."""
        assert self.settings.smtp is not None
        recipient = mail_address(to)
        host, port = parse_smtp(self.settings.smtp)
        with smtplib.SMTP(host, port, timeout=30) as smtp:
            if self.settings.starttls or self.settings.user:
                smtp.starttls()
            if self.settings.user:
                smtp.login(self.settings.user, self.settings.password or "")
            smtp.send_message(msg, from_addr=self.settings.sender, to_addrs=[recipient])


@dataclass
class Notice:
    kind: str               # turn | over
    game_id: str
    title: tuple[str, str]  # (hu, en)
    seats: list[int]        # the seats to tell
    deadline: float | None = None
    result: tuple[str, str] = ("", "")


class Notices:
    """Decides, claims and sends the notices of one server (see the module's docstring)."""

    def __init__(self, hub: Hub, settings: MailSettings, mailer: Mailer | None = None) -> None:
        self.hub = hub
        self.settings = settings
        self.mailer = mailer or Mailer(settings)
        self.engine = hub.storage.engine
        self.storage = hub.storage
        #: the notices being claimed and sent, on threads of their own (a slow SMTP server holds up nothing)
        self.pool = ThreadPoolExecutor(2, thread_name_prefix="asztal-mail")
        self.pending: set[Future[None]] = set()
        self.waiting: set[asyncio.Task[None]] = set()  # players who left on their turn, in their grace
        self.metrics: Any = None  # the operator's series (metrics.py): mails sent and failed

    # -- deciding (on the event loop, from the room as the change left it) ---------------------
    def watch(self, room: Room, change: Change) -> None:
        if self.settings.smtp is None or not is_turn_based(room.row):
            return
        notice = self.notice(room, change)
        if notice is not None:
            self._send(notice)

    def _send(self, notice: Notice) -> None:
        future = self.pool.submit(self._deliver, notice)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)

    def left(self, room: Room, seat: Seat) -> None:
        """``seat``'s last socket closed (here and on every instance). On its own turn of a
        turn-based game, its player is mailed "your turn" once ``left_grace`` has passed, unless
        they came back or the turn moved on meanwhile (the hour's bound of the turn notices holds)."""
        if (self.settings.smtp is None or not is_turn_based(room.row) or room.status != "running"
                or room.state.to_move != seat.seat):
            return
        task = asyncio.get_running_loop().create_task(self._after_grace(room, seat, room.seq))
        self.waiting.add(task)
        task.add_done_callback(self.waiting.discard)

    async def _after_grace(self, room: Room, seat: Seat, seq: int) -> None:
        await asyncio.sleep(self.settings.left_grace)
        if room.seq == seq and not seat.connected and self.hub.rooms.get(room.id) is room:
            notice = self.notice(room)
            if notice is not None and notice.seats == [seat.seat]:
                self._send(notice)

    def notice(self, room: Room, change: Change | None = None) -> Notice | None:
        """What to tell after ``change``; the join that started the game tells the first player to
        move unless it is the one who joined (who is opening the game just now)."""
        g = room.game
        title = (g.title.get("hu", g.name), g.title.get("en", g.name))
        if room.status == "finished":
            humans = [s.seat for s in room.seats if s.kind == "human" and not s.connected]
            scores = room.state.scores()
            hu = ", ".join(f"{s.name or MAIL['player'][0].format(n=s.seat + 1)} {float(x):g}"
                           for s, x in zip(room.seats, scores, strict=False))
            en = ", ".join(f"{s.name or MAIL['player'][1].format(n=s.seat + 1)} {float(x):g}"
                           for s, x in zip(room.seats, scores, strict=False))
            return Notice("over", room.id, title, humans, result=(hu, en)) if humans else None
        if room.status != "running":
            return None
        to_move = room.state.to_move
        if to_move is None:
            return None
        seat = room.seats[to_move]
        if seat.kind != "human" or seat.connected or seat.stand_in:
            return None
        if change is not None and change.kind == "start" and change.seat == seat.seat:
            return None
        return Notice("turn", room.id, title, [seat.seat], deadline=room.deadline)

    def _deliver(self, notice: Notice) -> None:
        try:
            messages = self._claim(notice)
        except Exception:  # a notice is not worth a move: log it and go on
            log.exception("could not claim the %s notice of game %s", notice.kind, notice.game_id)
            return
        for to, msg in messages:
            try:
                self.mailer.send(msg, to)
            except Exception:
                log.exception("could not send the %s notice of game %s", notice.kind, notice.game_id)
                ok = False
            else:
                ok = True
            if self.metrics is not None:
                self.metrics.mailed(notice.kind, ok)

    async def drain(self, graces: bool = False) -> None:
        """Wait for the notices under way (tests, and a clean shutdown); with ``graces``, for the
        graces of players who left on their turn first (else those are dropped)."""
        if graces:
            await asyncio.gather(*list(self.waiting), return_exceptions=True)
        for task in list(self.waiting):
            task.cancel()
        while self.pending:
            await asyncio.gather(*(asyncio.wrap_future(f) for f in list(self.pending)), return_exceptions=True)

    # -- claiming (one transaction per notice: whoever writes the row sends the mail) ----------
    def _claim(self, notice: Notice) -> list[tuple[str, EmailMessage]]:
        j = account_seats_table.join(accounts_table, account_seats_table.c.account_id == accounts_table.c.id) \
            .outerjoin(mail_prefs_table, mail_prefs_table.c.account_id == accounts_table.c.id)
        out: list[tuple[str, EmailMessage]] = []
        stamp = now()
        with self.storage._writing(), self.engine.begin() as conn:
            rows = conn.execute(select(accounts_table.c.id, accounts_table.c.username, accounts_table.c.email,
                                       accounts_table.c.lang, mail_prefs_table.c.notices,
                                       accounts_table.c.tz).select_from(j)
                                .where(account_seats_table.c.game_id == notice.game_id,
                                       account_seats_table.c.seat.in_(notice.seats),
                                       accounts_table.c.email_confirmed.is_(True))).all()
            for account_id, username, email, lang, wants, tz in rows:
                if not email or wants is False:
                    continue
                if not self._claim_one(conn, notice, account_id, stamp):
                    continue
                token = new_secret()
                conn.execute(insert(unsubscribe_table).values(token_hash=hash_secret(token), account_id=account_id,
                                                              created=stamp))
                out.append((email, self.message(notice, username, email, token, lang, tz)))
            conn.execute(delete(unsubscribe_table).where(
                unsubscribe_table.c.created < stamp - dt.timedelta(days=UNSUBSCRIBE_DAYS)))
        return out

    def _claim_one(self, conn: Connection, notice: Notice, account_id: str, stamp: dt.datetime) -> bool:
        key = ((mail_sent_table.c.game_id == notice.game_id) & (mail_sent_table.c.account_id == account_id)
               & (mail_sent_table.c.kind == notice.kind))
        if notice.kind == "turn":
            since = stamp - dt.timedelta(seconds=self.settings.turn_every)
            res = conn.execute(update(mail_sent_table).where(key, mail_sent_table.c.sent <= since).values(sent=stamp))
            if res.rowcount == 1:
                return True
        if conn.execute(select(mail_sent_table.c.sent).where(key)).first() is not None:
            return False  # sent within the hour (or the game's end was told already)
        try:
            with conn.begin_nested():
                conn.execute(insert(mail_sent_table).values(game_id=notice.game_id, account_id=account_id,
                                                            kind=notice.kind, sent=stamp))
        except IntegrityError:
            return False  # another instance claimed it meanwhile
        return True

    # -- the message -------------------------------------------------------------------------
    def message(self, notice: Notice, username: str, email: str, token: str, lang: str = "hu",
                tz: str | None = None) -> EmailMessage:
        """The notice in the account's one language (``accounts.lang``), its times in the
        account's time zone (``accounts.tz``; UTC when it has none)."""
        base = self.settings.public_url.rstrip("/")
        url = f"{base}/?open={notice.game_id}"
        unsub = f"{base}/api/mail/unsubscribe?token={token}"
        k = 0 if lang == "hu" else 1
        title = notice.title[k]
        if notice.deadline is not None:
            deadline = local_time(notice.deadline, tz, lang)
        else:
            deadline = MAIL["no_deadline"][k]
        kind = notice.kind
        body = fill(MAIL[f"{kind}_body"][k], lang, name=username, title=title, deadline=deadline, url=url,
                    result=notice.result[k])
        msg = compose(self.settings, MAIL[f"{kind}_subject"][k].format(title=title), username, email,
                      f"{body}\n\n-- \n{MAIL['footer'][k].format(url=unsub)}\n")
        msg["List-Unsubscribe"] = f"<{unsub}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        return msg

    # -- preferences and unsubscribing -----------------------------------------------------------
    def wants(self, account_id: str) -> bool:
        with self.engine.connect() as conn:
            r = conn.execute(select(mail_prefs_table.c.notices)
                             .where(mail_prefs_table.c.account_id == account_id)).first()
        return True if r is None else bool(r[0])

    def set_wants(self, account_id: str, wants: bool) -> None:
        with self.storage._writing(), self.engine.begin() as conn:
            res = conn.execute(update(mail_prefs_table).where(mail_prefs_table.c.account_id == account_id)
                               .values(notices=wants))
            if res.rowcount == 0:
                conn.execute(insert(mail_prefs_table).values(account_id=account_id, notices=wants))

    def unsubscribe(self, token: str) -> bool:
        with self.engine.connect() as conn:
            r = conn.execute(select(unsubscribe_table.c.account_id).where(
                unsubscribe_table.c.token_hash == hash_secret(token))).first()
        if r is None:
            return False
        self.set_wants(r[0], False)
        return True


class NoticePrefs(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    notices: bool


def _page(body: str, lang: str) -> HTMLResponse:
    return HTMLResponse(f"""<!doctype html><html lang="{lang}"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>asztal</title>
<body style="font-family: sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em">{body}</body></html>""")


def build_router(notices: Notices, identity: Identity) -> APIRouter:
    router = APIRouter(prefix="/api")
    #: what the account routes may refuse: not logged in, the CSRF token, the rate of requests
    refusals: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in (401, 403, 429)}
    #: an unsubscribe link that is not valid, and the rate of requests: refused as every route
    #: refuses (JSON), although the route's own answer is a page
    refused_json = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    link_refusals: dict[int | str, dict[str, Any]] = {
        404: {"description": "the link is not valid", "content": refused_json},
        429: {"description": "too many requests", "content": refused_json}}

    @router.get("/account/notices", response_model=NoticePrefs, responses=refusals,
                summary="Whether the account gets e-mail notices")
    async def get_prefs(request: Request) -> dict[str, Any]:
        s = await identity.required(request, csrf=False)
        return {"notices": await asyncio.to_thread(notices.wants, s.account_id)}

    @router.post("/account/notices", response_model=NoticePrefs, responses=refusals,
                 summary="Turn e-mail notices on or off")
    async def set_prefs(body: NoticePrefs, request: Request) -> dict[str, Any]:
        s = await identity.required(request)
        await asyncio.to_thread(notices.set_wants, s.account_id, body.notices)
        return {"notices": body.notices}

    token_query = Query(..., max_length=100, description="the token of an unsubscribe link")

    @router.get("/mail/unsubscribe", response_class=HTMLResponse, responses=link_refusals,
                summary="The unsubscribe link of a mail: a page that asks (a mail scanner's visit changes nothing)")
    async def unsubscribe_page(request: Request, token: str = token_query) -> HTMLResponse:
        # the mail says everything in both languages; the page, in the browser's
        lang = texts.request_lang(request.headers.get("accept-language"))
        k = 0 if lang == "hu" else 1
        return _page(f"""<h1>{html.escape(MAIL['unsub_title'][k])}</h1><p>{html.escape(MAIL['unsub_ask'][k])}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">{html.escape(MAIL['unsub_button'][k])}</button></form>""", lang)

    @router.post("/mail/unsubscribe", response_class=HTMLResponse, responses=link_refusals,
                 summary="Unsubscribe (the page's button, or a mail client's one-click POST, RFC 8058)")
    async def unsubscribe(request: Request, token: str = token_query) -> HTMLResponse:
        if not clean_text(token) or not await asyncio.to_thread(notices.unsubscribe, token):
            raise HTTPException(404, detail=texts.detail("bad_unsubscribe"))
        lang = texts.request_lang(request.headers.get("accept-language"))
        return _page(f"<p>{html.escape(MAIL['unsub_done'][0 if lang == 'hu' else 1])}</p>", lang)

    return router


def install(app: FastAPI, hub: Hub, identity: Identity, settings: MailSettings | None = None) -> Notices:
    """Watch the hub's changes and serve the routes; ``app.state.notices`` for tests."""
    notices = Notices(hub, settings or MailSettings())
    hub.watchers.append(notices.watch)
    hub.leavers.append(notices.left)
    app.include_router(build_router(notices, identity))
    app.state.notices = notices
    return notices
