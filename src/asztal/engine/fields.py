"""Reading the fields of a hand-written position: exact JSON types and the game's ranges.

Every game's loader reads its numbers, flags and lists through these, so a float where a
count belongs (``2.7``), a ``true`` where a number belongs, a count the game cannot reach or
a list longer than the game's components is refused with one ``ValueError`` line naming the
field (the engine turns it into ``BadRecord``), never echoing the input.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from asztal.engine.errors import brief


def whole(value: Any, field: str, lo: int, hi: int) -> int:
    """An ``int`` (not a bool) in ``[lo, hi]``."""
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"{field} must be a whole number {lo}..{hi}, not {brief(value)}")
    return value


def flag(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{field} must be true or false, not {brief(value)}")
    return value


def listed(value: Any, field: str, lo: int = 0, hi: int = 1000) -> list[Any]:
    """A JSON list of ``lo..hi`` entries."""
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise ValueError(f"{field} must be a list of {lo}..{hi} entries")
    return value


def obj(value: Any, field: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """A JSON object; with ``keys``, only those keys."""
    if not isinstance(value, dict):
        raise ValueError(f"{field} must be an object")
    if keys is not None:
        extra = next((k for k in value if k not in keys), None)
        if extra is not None:
            raise ValueError(f"{field}: unknown field {brief(extra)}")
    return value


def one_of(value: Any, field: str, names: Container[str]) -> str:
    """One of ``names`` (an enum value given as text)."""
    if type(value) is not str or value not in names:
        raise ValueError(f"{field}: unknown value {brief(value)}")
    return value
