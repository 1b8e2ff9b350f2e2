"""The server's own messages, Hungarian first: refusals, their reasons and seat events.

Every message is written once per language in these catalogues and sent as ``{hu, en}``;
the client shows the one in its reader's language, so a person reads one language at a time
(``tests/server/test_texts.py`` checks that no entry mixes the two).
"""

from __future__ import annotations

from typing import Any

from asztal.engine.errors import AsztalError, BadOptions
from asztal.engine.game import Game
from asztal.engine.i18n import fill

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
    "token_replaced": ("ennek a helynek új belépőkódja lett (másik eszközön nyitottad meg, vagy kijelentkeztél); "
                       "nyisd meg újra a játékot", "this seat has a new token (opened on another device, or you "
                       "logged out); open the game again"),
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

#: why a request or a socket message was refused, after the refusal's own words ("hibás kérés: …");
#: templates use ``asztal.engine.i18n.fill``'s grammar (``{n:a}``: "a 2." / "az 1.")
REASONS: dict[str, tuple[str, str]] = {
    # the socket's messages (ws.parse)
    "text_frames": ("JSON szöveget küldj", "send JSON text frames"),
    "max_chars": ("legfeljebb {n} karakter", "at most {n} characters"),
    "not_json": ("nem JSON", "not JSON"),
    "unknown_type": ("ismeretlen üzenettípus; lehet: {types}", "type must be one of {types}"),
    "unknown_field": ("ismeretlen mező: {name}", "unknown field {name}"),
    "field_text": ("{name}: szöveg kell", "{name} must be text"),
    "field_number": ("{name}: egész szám kell", "{name} must be a whole number"),
    "field_long": ("{name}: túl hosszú", "{name} is too long"),
    "field_range": ("{name}: 0-tól induló egész szám kell", "{name} must be a whole number from 0"),
    "field_bad": ("{name}: {reason}", "{name}: {reason}"),
    "action_code": ("a lépéskód betűkből, számokból és :=,.-_+/ jelekből álló szó",
                    "an action code is one word of letters, digits and :=,.-_+/"),
    "lang": ("a nyelv hu vagy en", "lang must be hu or en"),
    "no_chat": ("ezen a szerveren nincs csevegő", "this server has no chat"),
    # text and JSON anywhere (edge.bad_text, edge.check_json)
    "nul": ("NUL karaktert tartalmaz", "contains a NUL character"),
    "surrogate": ("nem érvényes Unicode szöveg", "contains a lone surrogate (not Unicode text)"),
    "control": ("vezérlőkaraktert tartalmaz", "contains a control character"),
    "bidi": ("írásirányt átállító karaktert tartalmaz", "contains a character that overrides the writing direction"),
    "invisible": ("csak láthatatlan karakterekből áll", "is made only of invisible characters"),
    "nested": ("túl nagy vagy túl mélyen egymásba ágyazott", "too large or too deeply nested"),
    "long_text": ("túl hosszú szöveg", "a text is too long"),
    "big_number": ("túl nagy szám", "a number is out of range"),
    "not_finite": ("nem véges szám", "a number is not finite"),
    # HTTP requests (edge.install, api)
    "body_not_json": ("a kérés törzse nem JSON", "the body is not JSON"),
    "body_unreadable": ("a kérés törzse nem olvasható", "the body could not be read"),
    "max_bytes": ("legfeljebb {n} bájt", "at most {n} bytes"),
    "bad_field": ("hibás mező: {name}", "{name}: {reason}"),
    "bad_value": ("hibás érték", "{reason}"),
    "field_reason": ("{name}: {reason}", "{name}: {reason}"),
    "players": ("ehhez a játékhoz {low}-{high} játékos kell", "{game} is for {low}-{high} players"),
    "too_many_seats": ("több a hely, mint a játékos", "more seats than players"),
    "creator_human": ("a létrehozó csak emberi helyre ülhet", "the creator's seat must be a human seat"),
    "no_map": ("ez a játék nem kér térképet", "{game} takes no map"),
    "map_too_large": ("túl nagy a térkép", "the map is too large"),
    "unknown_pack": ("ismeretlen csomag: {name}; ezen a szerveren: {known}",
                     "unknown {key} {name}; this server has: {known}"),
    "record_options": ("a felvétel beállításai nem JSON-objektum", "record 'options' must be an object"),
}


class Reason(ValueError):
    """A reason of the server's own: a key of :data:`REASONS` and its fields, told in each
    language. A ``ValueError``, so a request model's validator may raise it too and the
    refusal still says why in the reader's language; ``str()`` is the English line (logs)."""

    def __init__(self, reason: str, /, **fields: Any) -> None:
        self.key = reason
        self.fields = fields
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        hu, en = REASONS[self.key]
        fields = {k: v.words(lang) if isinstance(v, Reason) else v for k, v in self.fields.items()}
        return fill(hu if lang == "hu" else en, lang, **fields)


class OptionsRefused(BadOptions):
    """Game options the server refuses for a reason of its own (a pack it does not have, a map
    the game does not take): a ``BadOptions`` like the games' own, told in each language."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason

    def words(self, lang: str = "hu", game: object = None) -> str:
        return self.reason.words(lang)


def request_lang(accept_language: str | None) -> str:
    """The language of a page asked for without one (a link in a mail, the bare server's home):
    the first of hu/en in the browser's ``Accept-Language`` by its weights, else Hungarian."""
    best, best_q = "hu", -1.0
    for part in (accept_language or "")[:500].split(","):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        if lang not in ("hu", "en"):
            continue
        try:
            q = float(params.strip()[2:]) if params.strip().startswith("q=") else 1.0
        except ValueError:
            q = 0.0
        if q > best_q and q > 0:  # q=0: "not this one"
            best, best_q = lang, q
    return best


SEAT_EVENTS: dict[str, tuple[str, str]] = {
    "joined": ("{name} leült {n:a}. helyre", "{name} took seat {n}"),
    "connected": ("{name} csatlakozott", "{name} connected"),
    "disconnected": ("{name} kilépett", "{name} disconnected"),
    "stand_in": ("{name} helyett gép játszik", "a bot plays for {name}"),
    "returned": ("{name} visszatért, újra maga játszik", "{name} is back and plays again"),
    "played_for": ("{name} helyett a gép lépett", "the bot made a move for {name}"),
    "time_short": ("{name} ideje hamarosan lejár; utána a gép lép helyette", "{name}'s time is nearly up; then a bot "
                   "moves for them"),
}


def error(code: str, detail: Reason | AsztalError | None = None, game: Game | None = None,
          **extra: Any) -> dict[str, Any]:
    """An ``error`` message, ``{hu, en}``, each in one language. ``detail`` says why: the
    server's own :class:`Reason`, or an engine error told in the game's words when ``game`` is
    given (``AsztalError.words``)."""
    hu, en = ERRORS[code]
    if isinstance(detail, Reason):
        hu, en = f"{hu}: {detail.words('hu')[:300]}", f"{en}: {detail.words('en')[:300]}"
    elif isinstance(detail, AsztalError):
        hu, en = f"{hu}: {detail.words('hu', game)[:300]}", f"{en}: {detail.words('en', game)[:300]}"
    return {"type": "error", "code": code, "hu": hu, "en": en, **extra}


def detail(code: str, reason: Reason | AsztalError | None = None) -> dict[str, Any]:
    """The body of an HTTP error (``{"code", "hu", "en"}``)."""
    msg = error(code, reason)
    return {"code": code, "hu": msg["hu"], "en": msg["en"]}


def seat_event(event: str, seat: int, name: str) -> dict[str, Any]:
    """A seat's event; a seat stored without a name (the default) is named in each language."""
    hu, en = SEAT_EVENTS[event]
    name_hu, name_en = name or f"Játékos {seat + 1}", name or f"Player {seat + 1}"
    return {"type": "seat", "seat": seat, "event": event, "name": name,
            "hu": fill(hu, "hu", name=name_hu, n=seat + 1), "en": fill(en, "en", name=name_en, n=seat + 1)}
