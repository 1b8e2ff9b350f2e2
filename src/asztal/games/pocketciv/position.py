"""Reading hand-written positions (docs/formats/pocketciv.md), solo and multiplayer: every
value checked for type and range before the state takes it."""

from __future__ import annotations

from typing import Any

from asztal.engine.fields import listed, one_of, whole
from asztal.games.pocketciv.data import NCARDS, NWONDER, WONDER_INDEX
from asztal.games.pocketciv.frames import PCFrame, load_frame

#: bounds no game reaches: counts of tribes, gold or points, rounds
MAX_COUNT = 9999
MAX_ROUND = 9999
#: the keys of an area of a solo position
AREA_FIELDS = frozenset({"number", "tribes", "city", "capital", "forest", "mountain", "volcano", "farm", "desert",
                         "fault", "wonders", "moved"})


def cards(v: Any, field: str) -> list[int]:
    """Card numbers 1-16 (as printed) to indices 0-15."""
    return [whole(c, field, 1, NCARDS) - 1 for c in listed(v, field, 0, NCARDS)]


def area_bits(v: Any, field: str, n: int) -> int:
    """Area numbers 1..n (no 0 that would wrap to the last area) as a bit set."""
    bits = 0
    for a in listed(v, field, 0, n):
        bits |= 1 << (whole(a, field, 1, n) - 1)
    return bits


def name_bits(v: Any, field: str, index: dict[str, int]) -> int:
    bits = 0
    for x in listed(v, field, 0, len(index)):
        bits |= 1 << index[one_of(x, field, index)]
    return bits


def wonder_tuple(v: Any, field: str) -> tuple[int, ...]:
    return tuple(WONDER_INDEX[one_of(w, field, WONDER_INDEX)] for w in listed(v, field, 0, NWONDER))


def check_stack(v: Any, multi: bool) -> list[PCFrame]:
    """The pending steps of a hand-written position: known kinds with checked values, the
    phase (solo) or the round controller (multiplayer) at the bottom."""
    stack = [load_frame(f) for f in listed(v, "stack", 1, 12)]
    for f in stack:
        if f.MULTI and not multi:
            raise ValueError(f"pending step {f.TAG} is for the multiplayer game only")
    bottom = stack[0]
    if not bottom.PHASE or bottom.MULTI != multi:
        want = "mp" if multi else "a phase of the round"
        raise ValueError(f"the bottom pending step must be {want}, not {bottom.TAG}")
    # multiplayer: a seat's phase stands on the round controller
    if any(f.PHASE and (f.MULTI or not multi) for f in stack[1:]):
        raise ValueError("a phase of the round can only be the bottom pending step")
    return stack
