"""What PAX waits for: one named frame per kind of pending decision.

A PAX turn never nests decisions, so the state holds exactly one frame (``state.frame``):
the card kept at setup (:class:`Keep`), the solitaire start cards (:class:`StartCards`),
the start of a turn (:class:`TurnStart`: draw or pass), placing the drawn cards
(:class:`Drawing`), buying (:class:`Buying`), playing (:class:`Playing`) and the end
(:class:`Over`). Each frame is a frozen, JSON-able value (``frame.to_json()``) carrying
what the decision needs besides the board: how many start cards are left, the cards drawn
and not yet placed, how the Religion symbols let the player draw, which destinations the
draw already used, how many cards this turn has played and in which categories.

>>> import json
>>> frame = Drawing(DrawMode.TWO_THEN_ONE, (3, 9), 1, Placed.LEGION)
>>> saved = json.dumps(frame.to_json())
>>> saved
'["pax.draw", 1, [3, 9], 1, 2]'
>>> Frame.from_json(json.loads(saved)) == frame
True
>>> Drawing(DrawMode.ONE_BY_ONE, (3,), 2, 0).hand_waits
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, IntFlag
from typing import ClassVar

from asztal.engine.decision import Frame


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


@dataclass(frozen=True, slots=True)
class Keep(Frame):
    """Setup: the player to move keeps one card of the hand (PAX-SETUP-12, PAX-SOLO-02)."""

    KIND: ClassVar[str] = "pax.keep"
    STAGE: ClassVar[Stage] = Stage.KEEP


@dataclass(frozen=True, slots=True)
class StartCards(Frame):
    """Solitaire games 3-5: ``left`` cards still to play at the start (PAX-SOLO-09..11)."""

    KIND: ClassVar[str] = "pax.start"
    STAGE: ClassVar[Stage] = Stage.SOLO_START
    left: int


@dataclass(frozen=True, slots=True)
class TurnStart(Frame):
    """A turn begins: draw (or, with an empty deck, take 2 Aureus), or pass (PAX-TURN-02)."""

    KIND: ClassVar[str] = "pax.turn"
    STAGE: ClassVar[Stage] = Stage.TURN


@dataclass(frozen=True, slots=True)
class Drawing(Frame):
    """Placing the drawn cards: ``held`` are drawn and not yet placed, ``left`` still to be
    drawn, ``placed`` the destinations used (bits of :class:`Placed`)."""

    KIND: ClassVar[str] = "pax.draw"
    STAGE: ClassVar[Stage] = Stage.DRAW
    mode: DrawMode
    held: tuple[int, ...]
    left: int
    placed: int

    @property
    def hand_waits(self) -> bool:
        """PAX-REL-01: with two cards held and the third still to come, neither goes to the hand."""
        return self.mode == DrawMode.TWO_THEN_ONE and self.left > 0 and len(self.held) > 1


@dataclass(frozen=True, slots=True)
class Buying(Frame):
    """After drawing: buy one group below a Legion, or nothing (PAX-BUY-01, PAX-Q-08)."""

    KIND: ClassVar[str] = "pax.buy"
    STAGE: ClassVar[Stage] = Stage.BUY


@dataclass(frozen=True, slots=True)
class Playing(Frame):
    """Playing cards: ``played`` so far this turn (the next costs that much, PAX-PLAY-02) and
    ``categories`` they were in (bits by category, for the income, PAX-INC-02)."""

    KIND: ClassVar[str] = "pax.play"
    STAGE: ClassVar[Stage] = Stage.PLAY
    played: int
    categories: int


@dataclass(frozen=True, slots=True)
class Over(Frame):
    """The game has ended (sections 11-13): nobody decides."""

    KIND: ClassVar[str] = "pax.over"
    STAGE: ClassVar[Stage] = Stage.OVER


KEEP = Keep()
TURN = TurnStart()
BUYING = Buying()
PLAYING = Playing(0, 0)
OVER = Over()

#: the Playing frames made so far, by ``played << 7 | categories`` (at most a few thousand: a
#: turn plays at most the cards of one hand, in 7 categories)
_PLAYINGS: dict[int, Playing] = {0: PLAYING}


def playing(played: int, categories: int) -> Playing:
    """``Playing(played, categories)``, one shared value per pair: a frozen dataclass costs
    several attribute sets to make, and a turn makes one per card played."""
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
