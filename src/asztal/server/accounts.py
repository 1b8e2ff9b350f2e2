"""Player accounts: usernames, Argon2id passwords, cookie sessions, and the seats that follow them.

A guest keeps playing with seat tokens exactly as before; an account is what lets those seats
follow a person to another device. Nothing secret is stored in clear: passwords as Argon2id
hashes (``argon2-cffi``), session and CSRF tokens (256 random bits each) as SHA-256 hashes, so a
reader of the database or of a backup can neither log in nor act for anyone.

A seat is linked to an account in ``account_seats``; the seat's own token stays the credential
of the game socket. Another device of the same account gets a fresh seat token from the account
(``new_seat_token``), which replaces the old one: a seat is open in one place at a time.

The methods here are synchronous (SQLAlchemy Core, one transaction each); the routes
(``account_api.py``) call them from worker threads.
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import os
import re
import secrets
import unicodedata
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from email_validator import EmailNotValidError, validate_email
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Integer, String, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from asztal.server import texts
from asztal.server.storage import Storage, games_table, metadata, now, seats_table
from asztal.server.tokens import hash_secret, new_secret

accounts_table = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("username", String(32), nullable=False),             # as its owner wrote it (NFC)
    Column("username_key", String(64), nullable=False, unique=True),  # NFKC + casefold: one owner per look-alike
    Column("email", String(254), nullable=True),                 # optional, for notices (normalised)
    # whether the address's owner opened the confirmation link: no notice goes to it before
    Column("email_confirmed", Boolean, nullable=False, default=False),
    Column("lang", String(2), nullable=False, default="hu"),     # the language of its notices: hu | en
    Column("address_hash", String(64), nullable=True),           # SHA-256 of the address it registered from
    Column("password_hash", String(255), nullable=False),        # Argon2id, with its own salt and parameters
    Column("tz", String(64), nullable=True),                     # IANA time zone of its mail's times (None: UTC)
    Column("created", DateTime(timezone=True), nullable=False),
)

sessions_table = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),          # SHA-256 of the cookie's value
    Column("csrf_hash", String(64), nullable=False),             # SHA-256 of the X-CSRF-Token this session sends
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)

#: the links sent by mail: confirming an address, resetting a password (single-use, expiring)
account_tokens_table = Table(
    "account_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),          # SHA-256 of the link's token
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("purpose", String(8), nullable=False),                # confirm | reset
    Column("email", String(254), nullable=True),                 # the address a confirm link confirms
    Column("expires", DateTime(timezone=True), nullable=False),
)

#: the session that gave a seat its present token (``new_seat_token``): ending the session ends it
session_seats_table = Table(
    "session_seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("session_hash", String(64), nullable=False, index=True),
)

account_seats_table = Table(
    "account_seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("attached", DateTime(timezone=True), nullable=False),
)

#: the refusals of this module, in the server's {code, hu, en} shape (``texts.detail``)
texts.ERRORS.update({
    "bad_login": ("hibás felhasználónév vagy jelszó", "wrong username or password"),
    "not_logged_in": ("nem vagy bejelentkezve (vagy lejárt a munkamenet)",
                      "you are not logged in (or the session has expired)"),
    "csrf": ("a kérésből hiányzik az oldal biztonsági kódja; töltsd újra az oldalt",
             "the request lacks the page's security code; reload the page"),
    "username_taken": ("ez a felhasználónév már foglalt", "that username is taken"),
    "bad_username": ("a felhasználónév 3-32 betű, szám, pont, kötőjel vagy aláhúzás, betűvel vagy számmal kezdve",
                     "a username is 3-32 letters, digits, dots, hyphens or underscores, starting with a letter "
                     "or digit"),
    "weak_password": ("a jelszó legalább 8 és legfeljebb 200 karakter", "a password is 8 to 200 characters"),
    "bad_password": ("hibás jelszó", "wrong password"),
    "bad_email": ("érvénytelen e-mail-cím (egyetlen cím, például nev@pelda.hu)",
                  "invalid e-mail address (a single address, such as name@example.org)"),
    "not_your_seat": ("ez a hely nem a fiókodhoz tartozik", "that seat does not belong to your account"),
    "seat_owned": ("ez a hely egy másik fiókhoz tartozik", "that seat belongs to another account"),
})

_USERNAME = re.compile(r"[^\W_][\w.-]{2,31}")
_BAD_CHARS = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MIN_PASSWORD, MAX_PASSWORD = 8, 200
#: sessions one account may hold at once (the oldest end first)
MAX_SESSIONS = 20
#: seats attached in one request
MAX_ATTACH = 100


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


@dataclass
class AccountSettings:
    """The accounts' limits, from the environment (``docs/operations.md`` lists them)."""

    #: a session's life in days (the cookie's Max-Age and the stored expiry)
    session_days: float = field(default_factory=lambda: float(os.environ.get("ASZTAL_SESSION_DAYS", 30)))
    #: cookies marked Secure even when the request looks like plain HTTP (behind a TLS proxy not named
    #: with --proxy); a request that arrives as https always gets Secure cookies
    secure_cookies: bool = field(default_factory=lambda: os.environ.get("ASZTAL_SECURE_COOKIES", "") == "1")
    #: Argon2id cost: memory in KiB and passes (RFC 9106's second recommendation by default)
    argon2_memory: int = field(default_factory=lambda: _env_int("ASZTAL_ARGON2_MEMORY_KIB", 65536))
    argon2_time: int = field(default_factory=lambda: _env_int("ASZTAL_ARGON2_TIME", 3))
    #: password hashes worked out at once (each takes argon2_memory KiB)
    hashing_at_once: int = field(default_factory=lambda: _env_int("ASZTAL_HASHING_AT_ONCE", 2))
    #: login attempts per client address per minute
    logins_per_minute: int = field(default_factory=lambda: _env_int("ASZTAL_LOGINS_PER_MINUTE", 20))
    #: failed logins per username per 15 minutes (counted whether the username exists or not)
    failures_per_account: int = field(default_factory=lambda: _env_int("ASZTAL_LOGIN_FAILURES", 10))
    #: accounts registered per client address per hour
    registrations_per_hour: int = field(default_factory=lambda: _env_int("ASZTAL_REGISTRATIONS_PER_HOUR", 10))


class Refused(Exception):
    """A refusal with its code in ``texts.ERRORS``."""

    def __init__(self, code: str, status: int = 400) -> None:
        super().__init__(code)
        self.code, self.status = code, status


def username_key(username: str) -> str:
    """What two usernames must not share: ``Anna`` and ``anna`` (and look-alike compatibility forms)."""
    return unicodedata.normalize("NFKC", username).casefold()


def check_username(username: str) -> str:
    name = unicodedata.normalize("NFC", username)
    if not _USERNAME.fullmatch(name):
        raise Refused("bad_username")
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD or _BAD_CHARS.search(password):
        raise Refused("weak_password")


def check_email(email: str | None) -> str | None:
    """The address normalised by ``email-validator`` (one mailbox, no display name, no list, no
    comment: nothing a mail header could read as a second recipient); None for no address."""
    if email is None or email == "":
        return None
    if len(email) > 254 or _BAD_CHARS.search(email):
        raise Refused("bad_email")
    try:
        found = validate_email(email, check_deliverability=False, allow_smtputf8=False,
                               allow_quoted_local=False, allow_domain_literal=False, allow_display_name=False)
    except EmailNotValidError:
        raise Refused("bad_email") from None
    return found.normalized


def mail_address(email: str) -> str:
    """The one envelope recipient of ``email`` (checked again: a row of an older release may hold
    anything); ValueError when it is not a single valid address."""
    try:
        return check_email(email) or ""
    except Refused:
        raise ValueError("not a single valid address") from None


def clean_id(value: str) -> bool:
    """Whether ``value`` can be a game id at all (anything else is looked up nowhere: PostgreSQL
    refuses a NUL in text)."""
    return _GAME_ID.fullmatch(value) is not None


def clean_text(value: str) -> bool:
    """Whether ``value`` holds no NUL or other control character (PostgreSQL refuses a NUL; the
    request models, strict, already refuse a lone surrogate)."""
    return _BAD_CHARS.search(value) is None


def _made_up_hash(hasher: PasswordHasher) -> str:
    """An Argon2id hash of nobody's password with ``hasher``'s parameters: random salt and
    digest, so verifying any password against it does all the work of a real verify and fails.
    Made up rather than worked out (a real hash is about 0.2 s of CPU at every server start)."""
    def b64(n: int) -> str:
        return base64.b64encode(secrets.token_bytes(n)).decode().rstrip("=")

    return (f"$argon2id$v=19$m={hasher.memory_cost},t={hasher.time_cost},p={hasher.parallelism}"
            f"${b64(hasher.salt_len)}${b64(hasher.hash_len)}")


class Passwords:
    """Argon2id hashing, a few at a time (each takes tens of MiB), off the event loop.

    ``verify_or_dummy`` checks a password against a made-up hash when there is no account, so an
    unknown username costs the same time as a wrong password.
    """

    def __init__(self, settings: AccountSettings) -> None:
        self.hasher = PasswordHasher(time_cost=settings.argon2_time, memory_cost=settings.argon2_memory,
                                     parallelism=1)
        self._gate = asyncio.Semaphore(settings.hashing_at_once)
        self._dummy = _made_up_hash(self.hasher)

    async def hash(self, password: str) -> str:
        async with self._gate:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """True if ``password`` matches ``stored``; with ``stored`` None, the same work and False."""
        async with self._gate:
            return await asyncio.to_thread(self._verify, stored, password)

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            ok = self.hasher.verify(stored or self._dummy, password)
        except (VerificationError, InvalidHashError):
            return False
        return ok and stored is not None

    def needs_rehash(self, stored: str) -> bool:
        return self.hasher.check_needs_rehash(stored)


@dataclass
class Session:
    account_id: str
    username: str
    email: str | None
    token_hash: str
    csrf_hash: str
    email_confirmed: bool = False
    lang: str = "hu"


class Accounts:
    """The account tables of one server's database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def _writing(self) -> AbstractContextManager[object]:
        return self.storage._writing()  # SQLite: one writer at a time, shared with the game log

    # -- accounts -----------------------------------------------------------------
    def create(self, username: str, email: str | None, password_hash: str, lang: str = "hu",
               address: str | None = None) -> str:
        """A new account's id; Refused("username_taken") if the name (or a look-alike) is taken."""
        account_id = secrets.token_urlsafe(12)
        try:
            with self._writing(), self.engine.begin() as conn:
                conn.execute(insert(accounts_table).values(
                    id=account_id, username=username, username_key=username_key(username), email=email,
                    email_confirmed=False, lang=lang, password_hash=password_hash, created=now(),
                    address_hash=hash_secret(address) if address else None))
        except IntegrityError:
            raise Refused("username_taken", 409) from None
        return account_id

    def by_username(self, username: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(accounts_table).where(
                accounts_table.c.username_key == username_key(username))).mappings().first()
            return dict(r) if r else None

    def by_confirmed_email(self, email: str, limit: int = 5) -> list[dict[str, Any]]:
        """The accounts (a few at most) whose confirmed address is ``email``: a forgotten password
        asked for by address. An address that is not one gives none."""
        try:
            address = check_email(email)
        except Refused:
            return []
        if address is None:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_table).where(
                accounts_table.c.email == address, accounts_table.c.email_confirmed.is_(True))
                .order_by(accounts_table.c.created).limit(limit)).mappings().all()
        return [dict(r) for r in rows]

    def by_id(self, account_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(accounts_table).where(accounts_table.c.id == account_id)).mappings().first()
            return dict(r) if r else None

    def set_password(self, account_id: str, password_hash: str) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account_id)
                         .values(password_hash=password_hash))

    def set_email(self, account_id: str, email: str | None) -> None:
        """A new address (or none): unconfirmed until its owner opens the link mailed to it; the
        links of an earlier address stop working."""
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account_id)
                         .values(email=email, email_confirmed=False))
            conn.execute(delete(account_tokens_table).where(account_tokens_table.c.account_id == account_id,
                                                            account_tokens_table.c.purpose == "confirm"))

    def set_tz(self, account_id: str, tz: str) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account_id).values(tz=tz))

    def set_lang(self, account_id: str, lang: str) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account_id).values(lang=lang))

    # -- links sent by mail -------------------------------------------------------------
    def new_link(self, account_id: str, purpose: str, seconds: float, email: str | None = None) -> str:
        """A fresh single-use token for a link; the account's earlier links of the same purpose end."""
        token = new_secret()
        stamp = now()
        with self._writing(), self.engine.begin() as conn:
            conn.execute(delete(account_tokens_table).where(account_tokens_table.c.expires <= stamp))
            conn.execute(delete(account_tokens_table).where(account_tokens_table.c.account_id == account_id,
                                                            account_tokens_table.c.purpose == purpose))
            conn.execute(insert(account_tokens_table).values(
                token_hash=hash_secret(token), account_id=account_id, purpose=purpose, email=email,
                expires=stamp + dt.timedelta(seconds=seconds)))
        return token

    def link_valid(self, token: str, purpose: str) -> bool:
        """Whether a link's token would be taken (the page a link opens asks before it acts)."""
        with self.engine.connect() as conn:
            return conn.execute(select(account_tokens_table.c.account_id).where(
                account_tokens_table.c.token_hash == hash_secret(token), account_tokens_table.c.purpose == purpose,
                account_tokens_table.c.expires > now())).first() is not None

    def use_link(self, token: str, purpose: str) -> tuple[str, str | None] | None:
        """Take a link's token (it works once): (account, address) or None when unknown, used or
        expired. A confirm link confirms its address only while the account still has it."""
        with self._writing(), self.engine.begin() as conn:
            r = conn.execute(select(account_tokens_table.c.account_id, account_tokens_table.c.email).where(
                account_tokens_table.c.token_hash == hash_secret(token), account_tokens_table.c.purpose == purpose,
                account_tokens_table.c.expires > now())).first()
            if r is None:
                return None
            gone = conn.execute(delete(account_tokens_table).where(
                account_tokens_table.c.token_hash == hash_secret(token)))
            if gone.rowcount != 1:
                return None  # another request (or instance) took it first
            if purpose == "confirm":
                conn.execute(update(accounts_table).where(accounts_table.c.id == r[0], accounts_table.c.email == r[1])
                             .values(email_confirmed=True))
        return r[0], r[1]

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Delete the account, its sessions and its links to seats; its seats keep playing under the
        neutral default name (stored as an empty name, shown in each reader's language). Returns
        the (game, seat) pairs renamed."""
        with self._writing(), self.engine.begin() as conn:
            seats = [(r[0], r[1]) for r in conn.execute(
                select(account_seats_table.c.game_id, account_seats_table.c.seat)
                .where(account_seats_table.c.account_id == account_id))]
            for game_id, seat in seats:
                conn.execute(update(seats_table).where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                             .values(name=""))
            conn.execute(delete(account_seats_table).where(account_seats_table.c.account_id == account_id))
            conn.execute(delete(sessions_table).where(sessions_table.c.account_id == account_id))
            conn.execute(delete(accounts_table).where(accounts_table.c.id == account_id))
        return seats

    # -- sessions -----------------------------------------------------------------
    def start_session(self, account_id: str, days: float) -> tuple[str, str, dt.datetime]:
        """A new session: (cookie token, CSRF token, expiry). Expired sessions of anyone and this
        account's sessions beyond ``MAX_SESSIONS`` are removed on the way."""
        token, csrf = new_secret(), new_secret()
        stamp = now()
        expires = stamp + dt.timedelta(days=days)
        with self._writing(), self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.expires <= stamp))
            old = [r[0] for r in conn.execute(
                select(sessions_table.c.token_hash).where(sessions_table.c.account_id == account_id)
                .order_by(sessions_table.c.created.desc()).offset(MAX_SESSIONS - 1))]
            if old:
                conn.execute(delete(sessions_table).where(sessions_table.c.token_hash.in_(old)))
            conn.execute(insert(sessions_table).values(token_hash=hash_secret(token), csrf_hash=hash_secret(csrf),
                                                       account_id=account_id, created=stamp, expires=expires))
        return token, csrf, expires

    def session(self, token: str) -> Session | None:
        """The live session whose cookie is ``token`` (None when unknown or expired)."""
        j = sessions_table.join(accounts_table, sessions_table.c.account_id == accounts_table.c.id)
        with self.engine.connect() as conn:
            r = conn.execute(select(sessions_table.c.token_hash, sessions_table.c.csrf_hash,
                                    accounts_table.c.id, accounts_table.c.username, accounts_table.c.email,
                                    accounts_table.c.email_confirmed, accounts_table.c.lang)
                             .select_from(j).where(sessions_table.c.token_hash == hash_secret(token),
                                                   sessions_table.c.expires > now())).mappings().first()
        if r is None:
            return None
        return Session(r["id"], r["username"], r["email"], r["token_hash"], r["csrf_hash"],
                       bool(r["email_confirmed"]), r["lang"])

    def end_session(self, token_hash: str, revoke: bool = True) -> list[tuple[str, int]]:
        """End a session; with ``revoke`` the seat tokens it gave stop working too (returned as
        (game, seat): their sockets are closed by the caller and, told by NOTIFY, other instances)."""
        with self._writing(), self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.token_hash == token_hash))
            return self._revoke(conn, [token_hash]) if revoke else []

    def end_sessions(self, account_id: str) -> list[tuple[str, int]]:
        """End every session of the account and the seat tokens they gave (as ``end_session``)."""
        with self._writing(), self.engine.begin() as conn:
            hashes = [r[0] for r in conn.execute(select(sessions_table.c.token_hash)
                                                 .where(sessions_table.c.account_id == account_id))]
            conn.execute(delete(sessions_table).where(sessions_table.c.account_id == account_id))
            return self._revoke(conn, hashes)

    def _revoke(self, conn: Any, session_hashes: list[str]) -> list[tuple[str, int]]:
        """Give the seats whose token these sessions gave a token nobody holds (the account asks
        for a fresh one on its next device) and tell the other instances."""
        if not session_hashes:
            return []
        seats = [(r[0], r[1]) for r in conn.execute(
            select(session_seats_table.c.game_id, session_seats_table.c.seat)
            .where(session_seats_table.c.session_hash.in_(session_hashes)))]
        for game_id, seat in seats:
            conn.execute(update(seats_table).where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                         .values(token_hash=hash_secret(new_secret())))
            self.storage._notify(conn, {"game": game_id, "what": "token", "seat": seat})
        conn.execute(delete(session_seats_table).where(session_seats_table.c.session_hash.in_(session_hashes)))
        return seats

    # -- seats --------------------------------------------------------------------
    def attach(self, account_id: str, held: list[tuple[str, str]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Link to the account each (game, seat token) whose token the server knows; returns
        (attached, refused): ``{game, seat}`` and ``{game, code}`` (``bad_token``, ``seat_owned``)."""
        attached: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        with self._writing(), self.engine.begin() as conn:
            for game_id, token in held:
                if not clean_id(game_id) or not clean_text(token):
                    refused.append({"game": game_id if clean_text(game_id) else "", "code": "bad_token"})
                    continue
                r = conn.execute(select(seats_table.c.seat).where(
                    seats_table.c.game_id == game_id, seats_table.c.token_hash == hash_secret(token))).first()
                if r is None:
                    refused.append({"game": game_id, "code": "bad_token"})
                    continue
                seat = r[0]
                owner = conn.execute(select(account_seats_table.c.account_id).where(
                    account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat)).first()
                if owner is None:
                    conn.execute(insert(account_seats_table).values(game_id=game_id, seat=seat,
                                                                    account_id=account_id, attached=now()))
                elif owner[0] != account_id:
                    refused.append({"game": game_id, "code": "seat_owned"})
                    continue
                attached.append({"game": game_id, "seat": seat})
        return attached, refused

    def link(self, account_id: str, game_id: str, seat: int) -> None:
        """Link a seat the account's player has just taken (creating or joining a game)."""
        with self._writing(), self.engine.begin() as conn:
            owner = conn.execute(select(account_seats_table.c.account_id).where(
                account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat)).first()
            if owner is None:
                conn.execute(insert(account_seats_table).values(game_id=game_id, seat=seat, account_id=account_id,
                                                                attached=now()))

    def new_seat_token(self, account_id: str, game_id: str, session_hash: str | None = None) -> tuple[int, str]:
        """A fresh token for the account's seat in ``game_id`` (it replaces the seat's old token,
        whose sockets are closed: here by the caller, elsewhere told by NOTIFY); ``session_hash``
        is the session that asked, whose end ends the token too."""
        token = new_secret()
        with self._writing(), self.engine.begin() as conn:
            r = conn.execute(select(account_seats_table.c.seat).where(
                account_seats_table.c.game_id == game_id, account_seats_table.c.account_id == account_id)).first()
            if r is None:
                raise Refused("not_your_seat", 404)
            conn.execute(update(seats_table).where(seats_table.c.game_id == game_id, seats_table.c.seat == r[0])
                         .values(token_hash=hash_secret(token)))
            conn.execute(delete(session_seats_table).where(session_seats_table.c.game_id == game_id,
                                                           session_seats_table.c.seat == r[0]))
            if session_hash is not None:
                conn.execute(insert(session_seats_table).values(game_id=game_id, seat=r[0],
                                                                session_hash=session_hash))
            self.storage._notify(conn, {"game": game_id, "what": "token", "seat": r[0]})
        return r[0], token

    def games(self, account_id: str, limit: int = 200) -> list[tuple[dict[str, Any], int]]:
        """(game row, seat) of each seat linked to the account, most recently changed first."""
        j = account_seats_table.join(games_table, account_seats_table.c.game_id == games_table.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_table, account_seats_table.c.seat).select_from(j)
                                .where(account_seats_table.c.account_id == account_id)
                                .order_by(games_table.c.updated.desc()).limit(limit)).mappings().all()
        return [({k: v for k, v in r.items() if k != "seat"}, r["seat"]) for r in rows]


def turn_state(status: str, to_move: int | None, seat: int) -> str:
    """``your_turn``, ``waiting`` (for others, or for players to join) or ``finished``."""
    if status == "finished":
        return "finished"
    if status == "running" and to_move == seat:
        return "your_turn"
    return "waiting"
