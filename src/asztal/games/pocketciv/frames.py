"""The stack of pending sub-decisions: every kind of frame, as a named value.

The rules are a stack of frames in the state (``state.stack``): the bottom one is the phase
of the round (``Setup``, ``Pop``, ``TopUp``, ``Move``, ``Event``, ``Dev``, ``Upkeep``; in the
multiplayer game the round controller ``Mp``), and events and procedures push theirs on top.
A frame has named fields of plain ints (areas and cards 0-based, bit masks of areas), so a
position in the middle of an event clones with one list copy and code reads ``f.era``, never
``f[3]``.

Every kind has a number (``K_*``, a frame's ``NO``) and a tag (``KINDS[NO]``, ``f.TAG``: its
name in the readable state). For each kind a module registers, in tables indexed by that
number:

- ``run(state, frame) -> bool``: do automatic work (replace, pop or push frames) and
  return True; return False when the frame waits for the player;
- ``legal(state, frame) -> list[Action]`` and ``act(state, frame, action)`` for a frame
  that waits for the player;
- ``refuse(state, frame, action) -> Refusal | None``: why an action is not legal here,
  from the same checks the legal list is built from (``refuse.py``).

What a waiting frame asks the player is said by ``decisions.py``, per frame class.

The frames are plain (not frozen) dataclasses, and not the engine's ``Frame``, so that the
compiled build makes them native classes, as PAX's (``games/pax/frames.py``): mypyc builds a
frozen dataclass through ``object.__setattr__``, and cannot compile a subclass of the
interpreted ``Frame`` whose ``ClassVar`` kinds it would take for fields (the kind is therefore
the property ``NO``). Each frame writes its own ``__init__`` (the dataclass keeps it and adds
equality, hashing and ``fields``): mypyc calls a written ``__init__`` natively, while the one
``dataclass`` makes runs in the interpreter with its arguments packed (0.06 against 0.45 us a
frame, measured alone). A frame is still never changed once made: clones share it, and the rules
make a new one instead. The step tables are indexed by ``NO``, so a step finds its function
by an index, not a dictionary lookup by tag.

The readable state (``_state_dict``, docs/formats/pocketciv.md) keeps a frame as the list
``[tag, value, ...]`` it always had (``saved``/``load_frame``): an event frame that has not
started yet is 8 wide, as the saved games and the equivalence records have it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, cast

from asztal.engine.decision import Refusal
from asztal.engine.errors import brief
from asztal.engine.fields import listed, whole

if TYPE_CHECKING:
    from asztal.engine.action import Action

#: the kinds of frame, numbered (a frame's ``NO``): the index of its steps in the tables below
K_SETUP: Final = 0
K_POP: Final = 1
K_TOPUP: Final = 2
K_MOVE: Final = 3
K_EVENT: Final = 4
K_DEV: Final = 5
K_UPKEEP: Final = 6
K_EXP: Final = 7
K_MINE: Final = 8
K_TAX: Final = 9
K_DROP: Final = 10
K_PAY: Final = 11
K_SACRIFICE: Final = 12
K_STARVE: Final = 13
K_ERA: Final = 14
K_EVDRAW: Final = 15
K_ASTRO: Final = 16
K_LOSS: Final = 17
K_CAVLOSS: Final = 18
K_WONDERS: Final = 19
K_ATTACK: Final = 20
K_TRADE: Final = 21
K_ANARCHY: Final = 22
K_BANDITS: Final = 23
K_CIVIL_WAR: Final = 24
K_CORRUPTION: Final = 25
K_EARTHQUAKE: Final = 26
K_EPIDEMIC: Final = 27
K_FAMINE: Final = 28
K_FLOOD: Final = 29
K_SANDSTORM: Final = 30
K_SUPERSTITION: Final = 31
K_TRIBAL_WAR: Final = 32
K_UPRISING: Final = 33
K_VISITATION: Final = 34
K_VOLCANO: Final = 35
K_MP: Final = 36
K_MPSETUP: Final = 37
K_MPEV: Final = 38
K_ALLOC: Final = 39
K_MPERA: Final = 40
#: the tags by number: each kind's name in the readable state
KINDS: Final = (
    "setup", "pop", "topup", "move", "event", "dev", "upkeep", "exp", "mine", "tax", "drop", "pay",
    "sacrifice", "starve", "era", "evdraw", "astro", "loss", "cavloss", "wonders", "attack", "trade",
    "anarchy", "bandits", "civil_war", "corruption", "earthquake", "epidemic", "famine", "flood",
    "sandstorm", "superstition", "tribal_war", "uprising", "visitation", "volcano", "mp", "mpsetup",
    "mpev", "alloc", "mpera",
)
#: the phases of the round (only ever the bottom frame), by number
PHASES: Final = frozenset((K_SETUP, K_POP, K_TOPUP, K_MOVE, K_EVENT, K_DEV, K_UPKEEP, K_MP))
#: the multiplayer-only kinds, by number
MULTIS: Final = frozenset((K_MP, K_MPSETUP, K_MPEV, K_ALLOC, K_MPERA))
NKINDS: Final = 41

#: the step tables, by frame number (``NO``): ``RUN[no](state, frame)`` carries out an automatic
#: step (False: it waits for a player), ``LEGAL`` lists the legal actions, ``ACT`` carries one
#: out, ``REFUSE`` says why an action is not legal (a ``Refusal``; True/None from the checks
#: the legal list is built from); None where a kind has no such step
RUN: Final[list[Callable[[Any, Any], bool] | None]] = [None] * NKINDS
LEGAL: Final[list[Callable[[Any, Any], Sequence[Action]] | None]] = [None] * NKINDS
ACT: Final[list[Callable[[Any, Any, Action], None] | None]] = [None] * NKINDS
REFUSE: Final[list[Callable[[Any, Any, Action], Refusal | bool | None] | None]] = [None] * NKINDS

#: a bound no frame argument reaches
MAX_FRAME_ARG = 1 << 20


def register(kind: str, run: Callable[[Any, Any], bool] | None = None,
             legal: Callable[[Any, Any], Sequence[Action]] | None = None,
             act: Callable[[Any, Any, Action], None] | None = None,
             refuse: Callable[[Any, Any, Action], Refusal | bool | None] | None = None) -> None:
    """Install what a kind of frame (its tag) does: runs on its own, offers, does, refuses."""
    no = KINDS.index(kind)
    if run is not None:
        RUN[no] = run
    if legal is not None:
        LEGAL[no] = legal
    if act is not None:
        ACT[no] = act
    if refuse is not None:
        REFUSE[no] = refuse


def registered() -> list[str]:
    """The tags of the kinds some module gave a step (the rules' modules are imported)."""
    return [KINDS[i] for i in range(NKINDS) if RUN[i] is not None or LEGAL[i] is not None or ACT[i] is not None]


class PCFrame:
    """A PocketCiv frame: its kind's number ``NO`` (each class answers its own), and from it
    its tag ``TAG``, ``PHASE`` (a phase of the round: only ever the bottom frame) and ``MULTI``
    (multiplayer only)."""

    __slots__ = ()

    @property
    def NO(self) -> int:  # noqa: N802 (a constant of the class, as the other games' KIND)
        raise NotImplementedError

    @property
    def TAG(self) -> str:  # noqa: N802
        return KINDS[self.NO]

    @property
    def PHASE(self) -> bool:  # noqa: N802
        return self.NO in PHASES

    @property
    def MULTI(self) -> bool:  # noqa: N802
        return self.NO in MULTIS

    def saved(self) -> list[Any]:
        """The frame in the readable state: ``[tag, value, ...]``."""
        return [self.TAG, *(getattr(self, f.name) for f in fields(cast(Any, self)))]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its class and values (OpenSpiel and Ray pickle states): a compiled class
        with a written ``__init__`` is not made without its arguments."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(cast(Any, self))))


def _code(v: Any, tag: str) -> str:
    from asztal.games.pocketciv.actions import TABLE

    if type(v) is not str or (v and TABLE.by_code(v) is None):
        raise ValueError(f"stack frame {tag}: not an action code: {brief(v)}")
    return v


def _load(cls: type[PCFrame], tag: str, values: list[Any]) -> PCFrame:
    """The frame of a saved ``[tag, value, ...]`` (without the tag), each value checked:
    whole numbers in range, an action code where the field is one. Values beyond the
    fields may only be the zeros older saves padded with."""
    fs = fields(cast(Any, cls))
    if len(values) < len(fs):
        raise ValueError(f"stack frame {tag} needs {len(fs)} values, not {len(values)}")
    if any(v != 0 for v in values[len(fs):]) or any(type(v) is not int for v in values[len(fs):]):
        raise ValueError(f"stack frame {tag} has at most {len(fs)} values")
    out: list[Any] = []
    for f, v in zip(fs, values, strict=False):
        if f.type in ("str", str):  # a string annotation in the sources, the type itself compiled
            out.append(_code(v, tag))
        else:
            out.append(whole(v, f"stack frame {tag}", -1, MAX_FRAME_ARG))
    return cast(PCFrame, cast(Any, cls)(*out))


def _load_trade(values: list[Any]) -> PCFrame:
    """``["trade", step, stash or area]`` (see ``Trade``)."""
    if len(values) != 2:
        raise ValueError(f"stack frame trade needs 2 values, not {len(values)}")
    step, x = (whole(v, "stack frame trade", -1, MAX_FRAME_ARG) for v in values)
    return Trade(step, 0, x) if step == 6 else Trade(step, x, 0)


def load_frame(v: Any) -> PCFrame:
    """A frame from the readable state, checked (ValueError naming what is wrong)."""
    v = listed(v, "stack frame", 1, 10)
    kind = v[0]
    if type(kind) is not str or kind not in TAGS:
        raise ValueError(f"unknown pending step {brief(kind)}")
    if kind == "trade":
        return _load_trade(list(v[1:]))
    return _load(TAGS[kind], kind, list(v[1:]))




# -- the phases of the round (solo) ---------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Setup(PCFrame):
    """3.1 (end): the starting tribes; ``placed`` so far (PC-SETUP-MAP-13)."""
    placed: int = 0

    def __init__(self, placed: int = 0) -> None:
        self.placed = placed

    @property
    def NO(self) -> int:  # noqa: N802
        return K_SETUP


@dataclass(slots=True, unsafe_hash=True)
class Pop(PCFrame):
    """Phase I begins: growth (PC-POP-01)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_POP


@dataclass(slots=True, unsafe_hash=True)
class TopUp(PCFrame):
    """Phase I: new tribes at cities up to three (PC-POP-02/03)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_TOPUP


@dataclass(slots=True, unsafe_hash=True)
class Move(PCFrame):
    """Phase I: movement, one tribe per action (PC-POP-05..14)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MOVE


@dataclass(slots=True, unsafe_hash=True)
class Event(PCFrame):
    """Phase II begins (PC-EVP-01)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_EVENT


@dataclass(slots=True, unsafe_hash=True)
class Dev(PCFrame):
    """Phase III, development (PC-DEV-01)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_DEV


@dataclass(slots=True, unsafe_hash=True)
class Upkeep(PCFrame):
    """Phase IV in the book's order (PC-UPK-01): 0 tribe upkeep, 1 reckoning, 2-3 pillaging,
    4 city development (the player's), 5 city upkeep, 6 end of upkeep."""
    step: int = 0

    def __init__(self, step: int = 0) -> None:
        self.step = step

    @property
    def NO(self) -> int:  # noqa: N802
        return K_UPKEEP


# -- development procedures ------------------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Exp(PCFrame):
    """An expedition from ``area`` (``sea`` 1: by sea) with ``force`` tribes so far (PC-DEV-EXP-*)."""
    area: int
    sea: int
    force: int

    def __init__(self, area: int, sea: int, force: int) -> None:
        self.area = area
        self.sea = sea
        self.force = force

    @property
    def NO(self) -> int:  # noqa: N802
        return K_EXP


@dataclass(slots=True, unsafe_hash=True)
class Mine(PCFrame):
    """Mining (PC-DEV-MINING-*): step 0 paying the three tribes (``paid`` so far), 1 drawing
    gold into the ``cart``."""
    step: int
    paid: int
    cart: int

    def __init__(self, step: int, paid: int, cart: int) -> None:
        self.step = step
        self.paid = paid
        self.cart = cart

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MINE


@dataclass(slots=True, unsafe_hash=True)
class Tax(PCFrame):
    """Black Market taxation (PC-DEV-BM-*): step 0 draws, 1 asks whether to draw again."""
    step: int

    def __init__(self, step: int) -> None:
        self.step = step

    @property
    def NO(self) -> int:  # noqa: N802
        return K_TAX


@dataclass(slots=True, unsafe_hash=True)
class Drop(PCFrame):
    """Law or Civil Service acquired: may discard Culture of Thievery / Black Market (PC-R-CULTURE-DROP)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_DROP


# -- upkeep procedures -----------------------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Pay(PCFrame):
    """City development: ``left`` tribes still to pay, from any areas (PC-UPK-CITYDEV-01)."""
    left: int

    def __init__(self, left: int) -> None:
        self.left = left

    @property
    def NO(self) -> int:  # noqa: N802
        return K_PAY


@dataclass(slots=True, unsafe_hash=True)
class Sacrifice(PCFrame):
    """The capital grew past 4: one resource source is given up (PC-UPK-CAPITAL-03)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_SACRIFICE


@dataclass(slots=True, unsafe_hash=True)
class Starve(PCFrame):
    """City upkeep with Cartage: ``left`` unfed cities lose 1 CAV, the player chooses which;
    ``done``: the cities already chosen (PC-UPK-CITY-04)."""
    left: int
    done: int

    def __init__(self, left: int, done: int) -> None:
        self.left = left
        self.done = done

    @property
    def NO(self) -> int:  # noqa: N802
        return K_STARVE


# -- eras ------------------------------------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Era(PCFrame):
    """The era change at the draw of ``card``, the deck's last (PC-ERA-11): step 0 scores, 1 asks
    whether to go on; ``code`` is the player's action that drew it ("" for an automatic step)."""
    step: int
    card: int
    code: str

    def __init__(self, step: int, card: int, code: str) -> None:
        self.step = step
        self.card = card
        self.code = code

    @property
    def NO(self) -> int:  # noqa: N802
        return K_ERA


# -- phase II and the shared sub-decisions of events -----------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class EvDraw(PCFrame):
    """Phase II draws its card, read in ``era`` (PC-EVP-01/02, PC-Q-03 (a))."""
    era: int

    def __init__(self, era: int) -> None:
        self.era = era

    @property
    def NO(self) -> int:  # noqa: N802
        return K_EVDRAW


@dataclass(slots=True, unsafe_hash=True)
class Astro(PCFrame):
    """Astronomy: may ignore event ``card`` of ``era`` once per era (PC-EVT-ASTRONOMY-01)."""
    card: int
    era: int

    def __init__(self, card: int, era: int) -> None:
        self.card = card
        self.era = era

    @property
    def NO(self) -> int:  # noqa: N802
        return K_ASTRO


@dataclass(slots=True, unsafe_hash=True)
class Loss(PCFrame):
    """A tribe loss of ``left`` spread by the player over the areas of ``mask``, one per action."""
    left: int
    mask: int

    def __init__(self, left: int, mask: int) -> None:
        self.left = left
        self.mask = mask

    @property
    def NO(self) -> int:  # noqa: N802
        return K_LOSS


@dataclass(slots=True, unsafe_hash=True)
class CavLoss(PCFrame):
    """A CAV loss of ``left`` spread by the player over the cities of ``mask`` (PC-EVT-ANARCHY-07,
    PC-EVT-CORRUPTION-02)."""
    left: int
    mask: int

    def __init__(self, left: int, mask: int) -> None:
        self.left = left
        self.mask = mask

    @property
    def NO(self) -> int:  # noqa: N802
        return K_CAVLOSS


@dataclass(slots=True, unsafe_hash=True)
class Wonders(PCFrame):
    """``left`` wonders of ``area`` are destroyed, of the player's choice (PC-R-WONDER-CHOICE)."""
    area: int
    left: int

    def __init__(self, area: int, left: int) -> None:
        self.area = area
        self.left = left

    @property
    def NO(self) -> int:  # noqa: N802
        return K_WONDERS


@dataclass(slots=True, unsafe_hash=True)
class Attack(PCFrame):
    """§15 Attack: ``stage`` 0 begins, 1 enters ``area``, 2 fights there, 3 the player picks
    among tied neighbours; ``force`` left, ``visited`` areas (PC-R-ATTACK-*)."""
    stage: int
    area: int
    force: int
    visited: int

    def __init__(self, stage: int, area: int, force: int, visited: int) -> None:
        self.stage = stage
        self.area = area
        self.force = force
        self.visited = visited

    @property
    def NO(self) -> int:  # noqa: N802
        return K_ATTACK


@dataclass(slots=True, unsafe_hash=True)
class Trade(PCFrame):
    """§16 Trade: ``step``; ``stash`` of stolen gold (step 4), ``area`` the caught thieves'
    attack enters (step 6). Saved as ``["trade", step, stash or area]``."""
    step: int
    stash: int = 0
    area: int = 0

    def __init__(self, step: int, stash: int = 0, area: int = 0) -> None:
        self.step = step
        self.stash = stash
        self.area = area

    @property
    def NO(self) -> int:  # noqa: N802
        return K_TRADE

    def saved(self) -> list[Any]:
        return [self.TAG, self.step, self.area if self.step == 6 else self.stash]


# -- the events (chapter 7): step, the card that started it, the era it is read in, then its own --
@dataclass(slots=True, unsafe_hash=True)
class EventFrame(PCFrame):
    """An event started by ``card`` (-1: none, Anarchy from taxation) in ``era``, at its ``step``:
    every event's first three fields. ``EVENT`` is its id on the cards; ``WIDTH`` the values it
    is saved with (0: all of them; an event not started yet: 7)."""
    step: int
    card: int
    era: int

    @property
    def EVENT(self) -> str:  # noqa: N802
        return KINDS[self.NO]

    @property
    def WIDTH(self) -> int:  # noqa: N802
        return 0

    def saved(self) -> list[Any]:
        values = [getattr(self, f.name) for f in fields(cast(Any, self))]
        width = 7 if self.step == 0 and self.card >= 0 else self.WIDTH or len(values)
        return [self.TAG, *values[:width], *[0] * (width - len(values))]


@dataclass(slots=True, unsafe_hash=True)
class Anarchy(EventFrame):
    """7.1: step 1 the player picks 4 areas with Organized Religion (``chosen``, ``picked``)."""
    chosen: int = 0
    picked: int = 0

    def __init__(self, step: int, card: int, era: int, chosen: int = 0, picked: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.chosen = chosen
        self.picked = picked

    @property
    def NO(self) -> int:  # noqa: N802
        return K_ANARCHY


@dataclass(slots=True, unsafe_hash=True)
class Bandits(EventFrame):
    """7.4: the bandits' ``area``; step 3 the player chooses Law's/Democracy's reductions of
    ``force`` by ``hexagon`` (PC-R-BANDITS-CHOICE). Saved 5 wide except at step 3."""
    area: int = 0
    force: int = 0
    hexagon: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0, force: int = 0, hexagon: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area
        self.force = force
        self.hexagon = hexagon

    @property
    def NO(self) -> int:  # noqa: N802
        return K_BANDITS

    def saved(self) -> list[Any]:
        out = EventFrame.saved(self)
        return out[:5] if self.step in (1, 2) else out


@dataclass(slots=True, unsafe_hash=True)
class CivilWar(EventFrame):
    area: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area

    @property
    def NO(self) -> int:  # noqa: N802
        return K_CIVIL_WAR


@dataclass(slots=True, unsafe_hash=True)
class Corruption(EventFrame):
    def __init__(self, step: int, card: int, era: int) -> None:
        self.step = step
        self.card = card
        self.era = era

    @property
    def NO(self) -> int:  # noqa: N802
        return K_CORRUPTION


@dataclass(slots=True, unsafe_hash=True)
class Earthquake(EventFrame):
    """7.6: step 1 the player picks ``left`` neighbours of ``area`` for new faults."""
    area: int = 0
    left: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0, left: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area
        self.left = left

    @property
    def NO(self) -> int:  # noqa: N802
        return K_EARTHQUAKE

    @property
    def WIDTH(self) -> int:  # noqa: N802
        return 6


@dataclass(slots=True, unsafe_hash=True)
class Epidemic(EventFrame):
    """Step 2: the ``loss`` left spreads from the ``infected`` areas (the player picks a tie)."""
    area: int = 0
    loss: int = 0
    infected: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0, loss: int = 0, infected: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area
        self.loss = loss
        self.infected = infected

    @property
    def NO(self) -> int:  # noqa: N802
        return K_EPIDEMIC


@dataclass(slots=True, unsafe_hash=True)
class Famine(EventFrame):
    def __init__(self, step: int, card: int, era: int) -> None:
        self.step = step
        self.card = card
        self.era = era

    @property
    def NO(self) -> int:  # noqa: N802
        return K_FAMINE


@dataclass(slots=True, unsafe_hash=True)
class Flood(EventFrame):
    """7.2 and 7.5 (tsunami at step 1-2)."""
    area: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area

    @property
    def NO(self) -> int:  # noqa: N802
        return K_FLOOD


@dataclass(slots=True, unsafe_hash=True)
class Sandstorm(EventFrame):
    """Step 1: the player picks ``left`` more neighbours of ``area`` (``picked`` so far)."""
    area: int = 0
    left: int = 0
    picked: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0, left: int = 0, picked: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area
        self.left = left
        self.picked = picked

    @property
    def NO(self) -> int:  # noqa: N802
        return K_SANDSTORM


@dataclass(slots=True, unsafe_hash=True)
class Superstition(EventFrame):
    """7.3: ``left`` cards still to discard."""
    left: int = 0

    def __init__(self, step: int, card: int, era: int, left: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.left = left

    @property
    def NO(self) -> int:  # noqa: N802
        return K_SUPERSTITION


@dataclass(slots=True, unsafe_hash=True)
class TribalWar(EventFrame):
    """``warring`` tribes of ``area`` strike ``left`` more neighbours (``picked`` so far)."""
    area: int = 0
    warring: int = 0
    left: int = 0
    picked: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0, warring: int = 0, left: int = 0,
                 picked: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area
        self.warring = warring
        self.left = left
        self.picked = picked

    @property
    def NO(self) -> int:  # noqa: N802
        return K_TRIBAL_WAR


@dataclass(slots=True, unsafe_hash=True)
class Uprising(EventFrame):
    area: int = 0

    def __init__(self, step: int, card: int, era: int, area: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.area = area

    @property
    def NO(self) -> int:  # noqa: N802
        return K_UPRISING


@dataclass(slots=True, unsafe_hash=True)
class Visitation(EventFrame):
    """Step 1 (Diplomacy): ``offer`` made so far; step 5: the attack's ``area``."""
    offer: int = 0
    area: int = 0

    def __init__(self, step: int, card: int, era: int, offer: int = 0, area: int = 0) -> None:
        self.step = step
        self.card = card
        self.era = era
        self.offer = offer
        self.area = area

    @property
    def NO(self) -> int:  # noqa: N802
        return K_VISITATION


@dataclass(slots=True, unsafe_hash=True)
class Volcano(EventFrame):
    def __init__(self, step: int, card: int, era: int) -> None:
        self.step = step
        self.card = card
        self.era = era

    @property
    def NO(self) -> int:  # noqa: N802
        return K_VOLCANO

# -- the multiplayer round (mp.py) -----------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Mp(PCFrame):
    """The round controller: ``stage`` of the round, ``k``-th seat in Totem order."""
    stage: int
    k: int

    def __init__(self, stage: int, k: int) -> None:
        self.stage = stage
        self.k = k

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MP


@dataclass(slots=True, unsafe_hash=True)
class MpSetup(PCFrame):
    placed: int

    def __init__(self, placed: int) -> None:
        self.placed = placed

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MPSETUP


@dataclass(slots=True, unsafe_hash=True)
class MpEv(PCFrame):
    """The event of a multiplayer round: ``stage`` 6 draws, 0 asks seat ``k`` (in Totem order)
    whether to take the Totem, 1-4 play it, 5 the holder's Astronomy."""
    stage: int
    card: int
    era: int
    k: int

    def __init__(self, stage: int, card: int, era: int, k: int) -> None:
        self.stage = stage
        self.card = card
        self.era = era
        self.k = k

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MPEV


@dataclass(slots=True, unsafe_hash=True)
class Alloc(PCFrame):
    """The Totem holder shares out an event's losses where colours share an area (PC-MP-TOTEM-10)."""

    @property
    def NO(self) -> int:  # noqa: N802
        return K_ALLOC


@dataclass(slots=True, unsafe_hash=True)
class MpEra(PCFrame):
    """The multiplayer era change (PC-MP-ERA-*), as ``Era``."""
    step: int
    card: int
    code: str

    def __init__(self, step: int, card: int, code: str) -> None:
        self.step = step
        self.card = card
        self.code = code

    @property
    def NO(self) -> int:  # noqa: N802
        return K_MPERA


#: every frame class, by number
CLASSES: Final[tuple[type[PCFrame], ...]] = (
    Setup, Pop, TopUp, Move, Event, Dev, Upkeep, Exp, Mine, Tax, Drop, Pay, Sacrifice, Starve, Era,
    EvDraw, Astro, Loss, CavLoss, Wonders, Attack, Trade, Anarchy, Bandits, CivilWar, Corruption,
    Earthquake, Epidemic, Famine, Flood, Sandstorm, Superstition, TribalWar, Uprising, Visitation,
    Volcano, Mp, MpSetup, MpEv, Alloc, MpEra,
)
#: every frame class by its tag
TAGS: Final[dict[str, type[PCFrame]]] = dict(zip(KINDS, CLASSES, strict=True))
#: the event frames by event id (``tribal_war``)
EVENT_FRAMES: Final[dict[str, type[EventFrame]]] = {
    tag: cls for tag, cls in zip(KINDS, CLASSES, strict=True) if issubclass(cls, EventFrame)}


def start_frame(event_id: str, card: int, era: int) -> EventFrame:
    """The frame of event ``event_id`` drawn on ``card`` in ``era``, not started yet."""
    return cast(EventFrame, cast(Any, EVENT_FRAMES[event_id])(0, card, era))


# -- shared values ------------------------------------------------------------------------------
# A frame is never changed once made and is compared by value, so the phases and steps that carry
# at most a small counter are made once and handed out as they are: a round builds no frame for
# such a step.
SETUP_STEPS: Final[tuple[Setup, ...]] = tuple(Setup(k) for k in range(3))
PHASE_POP: Final = Pop()
PHASE_TOPUP: Final = TopUp()
PHASE_MOVE: Final = Move()
PHASE_EVENT: Final = Event()
PHASE_DEV: Final = Dev()
UPKEEP_STEPS: Final[tuple[Upkeep, ...]] = tuple(Upkeep(k) for k in range(7))
TAX_STEPS: Final[tuple[Tax, ...]] = (Tax(0), Tax(1))


def _check_numbers() -> None:
    """Each class answers the number of its place in ``CLASSES`` (a frame of defaults asked)."""
    for no, cls in enumerate(CLASSES):
        blank = cast(Any, cls)(*["" if f.type in ("str", str) else 0 for f in fields(cast(Any, cls))])
        assert blank.NO == no, f"{cls.__name__} answers {blank.NO}, not {no}"


_check_numbers()
