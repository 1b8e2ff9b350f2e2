"""Typed errors of the engine contract.

Every error a player or a file can cause is a ``ValueError`` subclass whose message is
one line a person understands; the state it was raised against is left unchanged.
"""


class IllegalAction(ValueError):
    """An action that is unknown, malformed or not allowed now. The state is unchanged."""


class UnknownGame(ValueError):
    """A game name that no registered game answers to."""


class BadRecord(ValueError):
    """A game record or saved state that cannot be read (corrupt, wrong game, wrong version)."""


class BadOptions(ValueError):
    """Game options (player count, level, data pack, ...) that the game does not accept."""
