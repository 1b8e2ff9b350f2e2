"""Typed errors of the engine contract.

Every error a player or a file can cause is a ``ValueError`` subclass whose message is
one line a person understands; the state it was raised against is left unchanged.
"""


class IllegalAction(ValueError):
    """An action that is unknown, malformed or not allowed now. The state is unchanged.

    ``refusal`` (an ``asztal.engine.decision.Refusal``, or None for a malformed code) says
    why in a form every interface renders in its reader's language with
    ``Game.describe_refusal``; ``str(error)`` is a one-line fallback for logs and tests.
    """

    def __init__(self, message: str, refusal: object | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class UnknownGame(ValueError):
    """A game name that no registered game answers to."""


class BadRecord(ValueError):
    """A game record or saved state that cannot be read (corrupt, wrong game, wrong version)."""


class BadSeat(ValueError):
    """A seat argument (of ``view``, ``determinize``, ``undo``) that is not a seat of this game."""


class BadOptions(ValueError):
    """Game options (player count, level, data pack, ...) that the game does not accept."""


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
