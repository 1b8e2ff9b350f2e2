"""The pending decision of Cleopatra's Caboose as a stack of named frames.

The bottom frame is the phase of the round (the auction, choosing gods, a phase B turn); an
action that needs more than one choice pushes one frame per remaining choice on top of the
turn, holding what was chosen so far (the card played, the city card, the fruits still
missing). The top frame is what the player decides now; an empty stack is a finished game.

A frame is a frozen value: a step replaces it, so clones share frames and the saved state
(docs/formats/caboose.md, the ``turn`` object) is read from them. Fields are indices into
the state's pack, never ids: names are the catalogue's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from asztal.engine.decision import Frame

# phases of a round (CC-RND-02), as the readable JSON and the views name them
AUCTION, GODS, ACTIONS, OVER = 0, 1, 2, 3
PHASE_NAMES = ("auction", "gods", "actions", "over")


@dataclass(frozen=True, slots=True)
class Bidding(Frame):
    """Phase A: raise the bid or pass (CC-AUC-02)."""

    KIND: ClassVar[str] = "caboose.bid"
    PHASE: ClassVar[int] = AUCTION


@dataclass(frozen=True, slots=True)
class GodChoice(Frame):
    """Phase A's end: take one of the gods still lined up (CC-AUC-12)."""

    KIND: ClassVar[str] = "caboose.god"
    PHASE: ClassVar[int] = GODS


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """A phase B turn's menu: an auction card, one of the six actions, a god's power, or done."""

    KIND: ClassVar[str] = "caboose.turn"
    PHASE: ClassVar[int] = ACTIONS
    STEP: ClassVar[str] = "main"


@dataclass(frozen=True, slots=True)
class RailCity(Frame):
    """Building a railway: the train card ``card`` is played; which city card names the city."""

    KIND: ClassVar[str] = "caboose.rail.city"
    STEP: ClassVar[str] = "rail_card"
    card: int


@dataclass(frozen=True, slots=True)
class RailRoute(Frame):
    """Building a railway: both cards played; which route out of the city gets the trains."""

    KIND: ClassVar[str] = "caboose.rail.route"
    STEP: ClassVar[str] = "rail_route"
    card: int
    city_card: int


@dataclass(frozen=True, slots=True)
class BuildCity(Frame):
    """Building a building: the building card ``card`` is played; which city card names the city."""

    KIND: ClassVar[str] = "caboose.build.city"
    STEP: ClassVar[str] = "build_card"
    card: int


@dataclass(frozen=True, slots=True)
class BuildFruit(Frame):
    """Building a building: where the lowest missing fruit of ``need`` (a fruit mask) comes from.

    ``sources`` the ``(city, fruit)`` cubes chosen so far, ``used`` the played fruit cards used."""

    KIND: ClassVar[str] = "caboose.build.fruit"
    STEP: ClassVar[str] = "build_source"
    card: int
    city_card: int
    need: int
    sources: tuple[tuple[int, int], ...] = ()
    used: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeliverFruit(Frame):
    """Delivering fruit: the city card is played; which fruit comes from which city."""

    KIND: ClassVar[str] = "caboose.deliver.fruit"
    STEP: ClassVar[str] = "deliver_source"
    city_card: int


@dataclass(frozen=True, slots=True)
class GrowCity(Frame):
    """Growing fruit: the fruit card ``card`` is chosen; which city card names the city."""

    KIND: ClassVar[str] = "caboose.grow.city"
    STEP: ClassVar[str] = "grow_card"
    card: int


@dataclass(frozen=True, slots=True)
class PyramidCity(Frame):
    """Building a pyramid: the tile is chosen; which empty city gets it."""

    KIND: ClassVar[str] = "caboose.pyramid.city"
    STEP: ClassVar[str] = "pyramid_city"
    tile: int


@dataclass(frozen=True, slots=True)
class SwapFirst(Frame):
    """HORUS K. HOLLIDAY's swap: the first of the two cubes."""

    KIND: ClassVar[str] = "caboose.horus.first"
    STEP: ClassVar[str] = "swap_first"


@dataclass(frozen=True, slots=True)
class SwapSecond(Frame):
    """HORUS K. HOLLIDAY's swap: the cube that trades places with ``fruit`` in ``city``."""

    KIND: ClassVar[str] = "caboose.horus.second"
    STEP: ClassVar[str] = "swap_second"
    city: int
    fruit: int


#: the frame that starts each phase (shared: frames are immutable)
BIDDING, GOD_CHOICE, TURN = Bidding(), GodChoice(), Turn()
#: HORUS's first question, which carries nothing
SWAP_FIRST = SwapFirst()
#: the frames of a phase B turn by the name the readable JSON and the views give their step
STEP_FRAMES: dict[str, type[Frame]] = {f.STEP: f for f in (Turn, RailCity, RailRoute, BuildCity, BuildFruit,
                                                            DeliverFruit, GrowCity, PyramidCity, SwapFirst,
                                                            SwapSecond)}
#: the pending choice inside a phase B turn, as the readable JSON and the views name it
STEP_NAMES = tuple(STEP_FRAMES)
