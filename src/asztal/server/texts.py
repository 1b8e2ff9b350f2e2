"""The server's own messages, Hungarian first: refusals and seat events."""

from __future__ import annotations

from pydantic import BaseModel

from asztal.engine.errors import AsztalError
from asztal.engine.game import Game


class ErrorDetail(BaseModel):
    """A refusal as every route answers it (``detail``): a stable code and the reason in each language."""

    code: str
    hu: str
    en: str


class ErrorBody(BaseModel):
    detail: ErrorDetail

ERRORS: dict[str, tuple[str, str]] = {
    "bad_message": ("érthetetlen üzenet", "malformed message"),
    "too_large": ("túl hosszú üzenet", "message too large"),
    "stale": ("elavult állás: a játék már továbblépett", "stale: the game has moved on"),
    "not_your_turn": ("nem te következel", "it is not your turn"),
    "spectator": ("nézőként nem lehet lépni", "a spectator cannot act"),
    "illegal": ("szabálytalan lépés", "illegal action"),
    "nothing_to_undo": ("nincs visszavonható lépés", "nothing to take back"),
    "not_started": ("a játék még vár a játékosokra", "the game is still waiting for players"),
    "game_over": ("a játék véget ért", "the game is over"),
    "busy": ("közben más lépés történt, próbáld újra", "another change came first; try again"),
    "bad_token": ("érvénytelen belépőkód", "invalid seat token"),
    "no_game": ("nincs ilyen játék", "no such game"),
    "full": ("a játékban nincs szabad hely", "the game has no free seat"),
    "seat_taken": ("ez a hely foglalt", "that seat is taken"),
    "bad_invite": ("érvénytelen meghívó", "invalid invite"),
    "not_finished": ("a játék még tart: a lejátszás a végén kérhető le",
                     "the game is still running: its record is given out when it ends"),
    "rate_limited": ("túl sok kérés, várj egy kicsit", "too many requests, wait a little"),
    "bad_request": ("hibás kérés", "bad request"),
    "other_rules": ("ez a játék nem folytatható", "this game cannot go on"),  # the engine's reason names the versions
    "bad_record": ("hibás játékleírás", "bad record"),
    "not_found": ("nincs ilyen cím", "no such address"),
    "private": ("zárt játék: csak a játékosai és a nézői hivatkozás birtokosai láthatják",
                "a private game: only its players and whoever has its watch link may see it"),
    "too_many_sockets": ("túl sok kapcsolat erről a címről", "too many connections from this address"),
    "too_slow": ("a kapcsolat nem olvasta az üzeneteket, ezért bezártuk; kapcsolódj újra",
                 "the connection did not read its messages and was closed; connect again"),
    "replaced": ("ez a hely egy másik ablakban nyílt meg", "this seat was opened in another window"),
    "shutting_down": ("a szerver újraindul, kapcsolódj újra", "the server is restarting; connect again"),
}

SEAT_EVENTS: dict[str, tuple[str, str]] = {
    "joined": ("{name} leült a(z) {n}. helyre", "{name} took seat {n}"),
    "connected": ("{name} csatlakozott", "{name} connected"),
    "disconnected": ("{name} kilépett", "{name} disconnected"),
    "stand_in": ("{name} helyett gép játszik", "a bot plays for {name}"),
    "returned": ("{name} visszatért, újra maga játszik", "{name} is back and plays again"),
    "played_for": ("{name} helyett a gép lépett", "the bot made a move for {name}"),
}


def error(code: str, detail: str | AsztalError | None = None, game: Game | None = None, **extra) -> dict:
    """An ``error`` message. ``detail`` says why: an engine error, told in each language in the
    game's words when ``game`` is given (``AsztalError.words``), or the server's own one-line
    reason written ``"english / magyar"``."""
    hu, en = ERRORS[code]
    if isinstance(detail, AsztalError):
        hu, en = f"{hu}: {detail.words('hu', game)[:300]}", f"{en}: {detail.words('en', game)[:300]}"
    elif detail:
        d_en, sep, d_hu = detail.partition(" / ")
        hu, en = f"{hu}: {d_hu if sep else d_en}", f"{en}: {d_en}"
    return {"type": "error", "code": code, "hu": hu, "en": en, **extra}


def detail(code: str, reason: str | AsztalError | None = None) -> dict:
    """The body of an HTTP error (``{"code", "hu", "en"}``)."""
    msg = error(code, reason)
    return {"code": code, "hu": msg["hu"], "en": msg["en"]}


def seat_event(event: str, seat: int, name: str) -> dict:
    """A seat's event; a seat stored without a name (the default) is named in each language."""
    hu, en = SEAT_EVENTS[event]
    name_hu, name_en = name or f"Játékos {seat + 1}", name or f"Player {seat + 1}"
    return {"type": "seat", "seat": seat, "event": event, "name": name,
            "hu": hu.format(name=name_hu, n=seat + 1), "en": en.format(name=name_en, n=seat + 1)}
