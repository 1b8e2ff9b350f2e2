"""What PAX waits for: one named frame per kind of pending decision.

A PAX turn never nests decisions, so the state holds exactly one frame (``state.frame``):
the card kept at setup (:class:`Keep`), the solitaire start cards (:class:`StartCards`),
the start of a turn (:class:`TurnStart`: draw or pass), placing the drawn cards
(:class:`Drawing`), buying (:class:`Buying`), playing (:class:`Playing`) and the end
(:class:`Over`). Each frame is a JSON-able value (``frame.to_json()``) carrying what the
decision needs besides the board: how many start cards are left, the cards drawn and not yet
placed, how the Religion symbols let the player draw, which destinations the draw already
used, how many cards this turn has played and in which categories.

A frame is never changed once made: clones share it, and the rules make a new one instead.
The frames are plain (not frozen) dataclasses and not the engine's ``Frame`` so that the
compiled build makes them native (mypyc 2.4 builds a frozen dataclass through the
interpreter's ``object.__setattr__``, and cannot compile a subclass of the interpreted
``Frame``): a ``Drawing`` per placed card then costs a C allocation, not a Python ``__init__``.

>>> import json
>>> frame = Drawing(DrawMode.TWO_THEN_ONE, (3, 9), 1, Placed.LEGION)
>>> json.dumps(frame.to_json())
'["pax.draw", 1, [3, 9], 1, 2]'
>>> frame == Drawing(1, (3, 9), 1, 2) and frame.STAGE == Stage.DRAW
True
>>> Drawing(DrawMode.ONE_BY_ONE, (3,), 2, 0).hand_waits
False
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum, IntFlag
from typing import Any, Final, cast


class Stage(IntEnum):
    """The part of the game a decision belongs to; ``name_json`` is its name in saves and views."""

    KEEP = 0
    SOLO_START = 1
    TURN = 2
    DRAW = 3
    BUY = 4
    PLAY = 5
    OVER = 6

    @property
    def name_json(self) -> str:
        return STAGE_NAMES[self]


#: the stages' names in the readable state JSON and in views (``docs/formats/pax.md``)
STAGE_NAMES = ("keep", "solo-start", "turn", "draw", "buy", "play", "over")


class DrawMode(IntEnum):
    """How a draw hands out its three cards (PAX-DRAW-02, PAX-REL-01, PAX-REL-02)."""

    ONE_BY_ONE = 0
    TWO_THEN_ONE = 1
    ALL_AT_ONCE = 2


#: the modes' names in saves and views, by mode
MODE_NAMES = ("one-by-one", "two-then-one", "all-at-once")


class Placed(IntFlag):
    """The destinations a draw already used (PAX-DRAW-03..06: each once). Frames keep the
    bits as a plain ``int`` (cheap to test); these members name them."""

    HAND = 1
    LEGION = 2
    BOTTOM = 4


#: (bit, name in saves and views), in the order the JSON lists them
PLACED_NAMES = ((int(Placed.HAND), "hand"), (int(Placed.LEGION), "legion"), (int(Placed.BOTTOM), "bottom"))


class _Frame:
    """What every PAX frame answers: its saved name (``KIND``), its part of the game (``STAGE``)
    and its JSON form ``[KIND, field, ...]``."""

    @property
    def KIND(self) -> str:  # noqa: N802 (the name every game's frames answer to)
        raise NotImplementedError

    @property
    def STAGE(self) -> Stage:  # noqa: N802
        raise NotImplementedError

    def to_json(self) -> list[Any]:
        return [self.KIND, *(getattr(self, f.name) for f in fields(cast(Any, self)))]


@dataclass(unsafe_hash=True)
class Keep(_Frame):
    """Setup: the player to move keeps one card of the hand (PAX-SETUP-12, PAX-SOLO-02)."""

    @property
    def KIND(self) -> str:
        return "pax.keep"

    @property
    def STAGE(self) -> Stage:
        return Stage.KEEP


@dataclass(unsafe_hash=True)
class StartCards(_Frame):
    """Solitaire games 3-5: ``left`` cards still to play at the start (PAX-SOLO-09..11)."""

    left: int

    @property
    def KIND(self) -> str:
        return "pax.start"

    @property
    def STAGE(self) -> Stage:
        return Stage.SOLO_START


@dataclass(unsafe_hash=True)
class TurnStart(_Frame):
    """A turn begins: draw (or, with an empty deck, take 2 Aureus), or pass (PAX-TURN-02)."""

    @property
    def KIND(self) -> str:
        return "pax.turn"

    @property
    def STAGE(self) -> Stage:
        return Stage.TURN


@dataclass(unsafe_hash=True)
class Drawing(_Frame):
    """Placing the drawn cards: ``held`` are drawn and not yet placed, ``left`` still to be
    drawn, ``placed`` the destinations used (bits of :class:`Placed`), ``mode`` a
    :class:`DrawMode` number."""

    mode: int
    held: tuple[int, ...]
    left: int
    placed: int

    @property
    def KIND(self) -> str:
        return "pax.draw"

    @property
    def STAGE(self) -> Stage:
        return Stage.DRAW

    @property
    def hand_waits(self) -> bool:
        """PAX-REL-01: with two cards held and the third still to come, neither goes to the hand."""
        return self.mode == DrawMode.TWO_THEN_ONE and self.left > 0 and len(self.held) > 1


@dataclass(unsafe_hash=True)
class Buying(_Frame):
    """After drawing: buy one group below a Legion, or nothing (PAX-BUY-01, PAX-Q-08)."""

    @property
    def KIND(self) -> str:
        return "pax.buy"

    @property
    def STAGE(self) -> Stage:
        return Stage.BUY


@dataclass(unsafe_hash=True)
class Playing(_Frame):
    """Playing cards: ``played`` so far this turn (the next costs that much, PAX-PLAY-02) and
    ``categories`` they were in (bits by category, for the income, PAX-INC-02)."""

    played: int
    categories: int

    @property
    def KIND(self) -> str:
        return "pax.play"

    @property
    def STAGE(self) -> Stage:
        return Stage.PLAY


@dataclass(unsafe_hash=True)
class Over(_Frame):
    """The game has ended (sections 11-13): nobody decides."""

    @property
    def KIND(self) -> str:
        return "pax.over"

    @property
    def STAGE(self) -> Stage:
        return Stage.OVER


KEEP: Final = Keep()
TURN: Final = TurnStart()
BUYING: Final = Buying()
PLAYING: Final = Playing(0, 0)
OVER: Final = Over()

#: the Playing frames made so far, by ``played << 7 | categories`` (at most a few thousand: a
#: turn plays at most the cards of one hand, in 7 categories)
_PLAYINGS: Final[dict[int, Playing]] = {0: PLAYING}


def playing(played: int, categories: int) -> Playing:
    """``Playing(played, categories)``, one shared value per pair (a turn makes one per card
    played; a lookup costs less than a new frame)."""
    key = played << 7 | categories
    f = _PLAYINGS.get(key)
    if f is None:
        f = _PLAYINGS[key] = Playing(played, categories)
    return f

PaxFrame = Keep | StartCards | TurnStart | Drawing | Buying | Playing | Over

__all__ = [
    "BUYING", "KEEP", "MODE_NAMES", "OVER", "PLACED_NAMES", "PLAYING", "STAGE_NAMES", "TURN",
    "Buying", "DrawMode", "Drawing", "Keep", "Over", "PaxFrame", "Placed", "Playing", "Stage",
    "StartCards", "TurnStart", "playing",
]
