"""Typed errors of the engine contract.

Every error a player or a file can cause is a ``ValueError`` subclass whose message is
one line a person understands; the state it was raised against is left unchanged.
"""

from __future__ import annotations

from typing import Protocol

from asztal.engine.decision import MESSAGES, Refusal
from asztal.engine.i18n import render_message


class _Describes(Protocol):
    def describe_refusal(self, refusal: Refusal, lang: str = "hu") -> str: ...


class AsztalError(ValueError):
    """An error a player or a file can cause. ``refusal`` (an ``asztal.engine.decision.Refusal``:
    a catalogue key, its arguments and the rule ID, or None where the error has no sentence
    of its own yet) says why in a form every interface renders in its reader's language
    (``Game.describe_refusal``); ``str(error)`` is a one-line fallback for logs and tests.
    """

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal

    #: the engine's sentence for an error of this kind that has no refusal of its own
    GENERAL = "engine.error.action"

    def words(self, lang: str = "hu", game: _Describes | None = None) -> str:
        """The error in ``lang``, for a person: its refusal's sentence (in the game's words when
        ``game`` is given); else, for an error that has no sentence of its own yet, the engine's
        sentence for its kind with the one-line detail after it (in English: the detail)."""
        if self.refusal is not None:
            if game is not None:
                return game.describe_refusal(self.refusal, lang)
            if self.refusal.key in MESSAGES:
                return render_message(MESSAGES, {**self.refusal.args, "key": self.refusal.key}, lang)
        text = str(self)
        if lang == "en":
            return text
        return f"{MESSAGES[self.GENERAL]['hu']} ({text})"

    @property
    def code(self) -> str | None:
        """The refusal's catalogue key (``"engine.bad.players"``), a stable code for clients."""
        return None if self.refusal is None else self.refusal.key


class IllegalAction(AsztalError):
    """An action that is unknown, malformed or not allowed now. The state is unchanged."""

    GENERAL = "engine.error.action"


class UnknownGame(AsztalError):
    """A game name that no registered game answers to."""

    GENERAL = "engine.error.game"


class BadRecord(AsztalError):
    """A game record or saved state that cannot be read (corrupt, wrong game, wrong version)."""

    GENERAL = "engine.error.record"


class BadSeat(AsztalError):
    """A seat argument (of ``view``, ``determinize``, ``undo``) that is not a seat of this game."""

    GENERAL = "engine.error.seat"


class BadOptions(AsztalError):
    """Game options (player count, level, data pack, ...) that the game does not accept."""

    GENERAL = "engine.error.options"


#: the longest error line the engine lets through (a server echoes it to a stranger)
MAX_LINE = 200


def brief(value: object) -> str:
    """A short description of a value for an error line: never megabytes of input."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else "a huge number"
    if isinstance(value, (str, float)):
        r = repr(value)
        return r if len(r) <= 40 else r[:36] + "...'"
    return f"a {type(value).__name__}"


def one_line(message: str) -> str:
    """``message`` on one line of at most ``MAX_LINE`` characters."""
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 3] + "..."
