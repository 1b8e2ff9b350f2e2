"""The stack of pending sub-decisions: every kind of frame, as a named value.

The rules are a stack of frames in the state (``state.stack``): the bottom one is the phase
of the round (``Setup``, ``Pop``, ``TopUp``, ``Move``, ``Event``, ``Dev``, ``Upkeep``; in the
multiplayer game the round controller ``Mp``), and events and procedures push theirs on top.
A frame is a frozen :class:`asztal.engine.decision.Frame` with named fields of plain ints
(areas and cards 0-based, bit masks of areas), so a position in the middle of an event
clones with one list copy and code reads ``f.era``, never ``f[3]``.

For each kind (its ``TAG``) a module registers:

- ``run(state, frame) -> bool``: do automatic work (replace, pop or push frames) and
  return True; return False when the frame waits for the player;
- ``legal(state, frame) -> list[Action]`` and ``act(state, frame, action)`` for a frame
  that waits for the player;
- ``refuse(state, frame, action) -> Refusal | None``: why an action is not legal here,
  from the same checks the legal list is built from (``refuse.py``).

What a waiting frame asks the player is said by ``decisions.py``, per frame class.

The readable state (``_state_dict``, docs/formats/pocketciv.md) keeps a frame as the list
``[tag, value, ...]`` it always had (``saved``/``load_frame``): an event frame that has not
started yet is 8 wide, as the saved games and the equivalence records have it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from asztal.engine.decision import Frame, Refusal
from asztal.engine.errors import brief
from asztal.engine.fields import listed, whole

if TYPE_CHECKING:
    from asztal.engine.action import Action

#: the step tables, by frame tag: ``RUN[tag](state, frame)`` carries out an automatic step
#: (False: it waits for a player), ``LEGAL`` lists the legal actions, ``ACT`` carries one
#: out, ``REFUSE`` says why an action is not legal (a ``Refusal``; True/None from the checks
#: the legal list is built from)
RUN: dict[str, Callable[[Any, Any], bool]] = {}
LEGAL: dict[str, Callable[[Any, Any], Sequence[Action]]] = {}
ACT: dict[str, Callable[[Any, Any, Action], None]] = {}
REFUSE: dict[str, Callable[[Any, Any, Action], Refusal | bool | None]] = {}

#: every frame class by its tag
TAGS: dict[str, type[PCFrame]] = {}
#: the event frames by event id (``tribal_war``)
EVENT_FRAMES: dict[str, type[EventFrame]] = {}
#: a bound no frame argument reaches
MAX_FRAME_ARG = 1 << 20


def register(kind: str, run: Callable[[Any, Any], bool] | None = None,
             legal: Callable[[Any, Any], Sequence[Action]] | None = None,
             act: Callable[[Any, Any, Action], None] | None = None,
             refuse: Callable[[Any, Any, Action], Refusal | bool | None] | None = None) -> None:
    """Install what a kind of frame does: runs on its own, offers, does, refuses."""
    if run is not None:
        RUN[kind] = run
    if legal is not None:
        LEGAL[kind] = legal
    if act is not None:
        ACT[kind] = act
    if refuse is not None:
        REFUSE[kind] = refuse


@dataclass(frozen=True, slots=True)
class PCFrame(Frame):
    """A PocketCiv frame. ``TAG`` is its kind as the readable state names it; ``PHASE`` marks
    the phases of the round (only ever the bottom frame), ``MULTI`` the multiplayer-only ones."""

    TAG: ClassVar[str] = ""
    PHASE: ClassVar[bool] = False
    MULTI: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        super(PCFrame, cls).__init_subclass__()  # not zero-argument: dataclass(slots=True) rebuilds the class
        if cls.KIND:
            cls.TAG = cls.KIND.removeprefix("pocketciv.")
            TAGS[cls.TAG] = cls

    def saved(self) -> list[Any]:
        """The frame in the readable state: ``[tag, value, ...]``."""
        return [self.TAG, *(getattr(self, f.name) for f in fields(self))]

    @classmethod
    def load(cls, values: list[Any]) -> PCFrame:
        """The frame of a saved ``[tag, value, ...]`` (without the tag), each value checked:
        whole numbers in range, an action code where the field is one. Values beyond the
        fields may only be the zeros older saves padded with."""
        fs = fields(cls)
        if len(values) < len(fs):
            raise ValueError(f"stack frame {cls.TAG} needs {len(fs)} values, not {len(values)}")
        if any(v != 0 for v in values[len(fs):]) or any(type(v) is not int for v in values[len(fs):]):
            raise ValueError(f"stack frame {cls.TAG} has at most {len(fs)} values")
        out: list[Any] = []
        for f, v in zip(fs, values, strict=False):
            if f.type == "str":
                out.append(_code(v, cls.TAG))
            else:
                out.append(whole(v, f"stack frame {cls.TAG}", -1, MAX_FRAME_ARG))
        return cls(*out)


def _code(v: Any, tag: str) -> str:
    from asztal.games.pocketciv.actions import TABLE

    if type(v) is not str or (v and TABLE.by_code(v) is None):
        raise ValueError(f"stack frame {tag}: not an action code: {brief(v)}")
    return v


def load_frame(v: Any) -> PCFrame:
    """A frame from the readable state, checked (ValueError naming what is wrong)."""
    v = listed(v, "stack frame", 1, 10)
    kind = v[0]
    if type(kind) is not str or kind not in TAGS:
        raise ValueError(f"unknown pending step {brief(kind)}")
    return TAGS[kind].load(list(v[1:]))


# -- the phases of the round (solo) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setup(PCFrame):
    """3.1 (end): the starting tribes; ``placed`` so far (PC-SETUP-MAP-13)."""
    KIND: ClassVar[str] = "pocketciv.setup"
    PHASE: ClassVar[bool] = True
    placed: int = 0


@dataclass(frozen=True, slots=True)
class Pop(PCFrame):
    """Phase I begins: growth (PC-POP-01)."""
    KIND: ClassVar[str] = "pocketciv.pop"
    PHASE: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class TopUp(PCFrame):
    """Phase I: new tribes at cities up to three (PC-POP-02/03)."""
    KIND: ClassVar[str] = "pocketciv.topup"
    PHASE: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Move(PCFrame):
    """Phase I: movement, one tribe per action (PC-POP-05..14)."""
    KIND: ClassVar[str] = "pocketciv.move"
    PHASE: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Event(PCFrame):
    """Phase II begins (PC-EVP-01)."""
    KIND: ClassVar[str] = "pocketciv.event"
    PHASE: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Dev(PCFrame):
    """Phase III, development (PC-DEV-01)."""
    KIND: ClassVar[str] = "pocketciv.dev"
    PHASE: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Upkeep(PCFrame):
    """Phase IV in the book's order (PC-UPK-01): 0 tribe upkeep, 1 reckoning, 2-3 pillaging,
    4 city development (the player's), 5 city upkeep, 6 end of upkeep."""
    KIND: ClassVar[str] = "pocketciv.upkeep"
    PHASE: ClassVar[bool] = True
    step: int = 0


# -- development procedures ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Exp(PCFrame):
    """An expedition from ``area`` (``sea`` 1: by sea) with ``force`` tribes so far (PC-DEV-EXP-*)."""
    KIND: ClassVar[str] = "pocketciv.exp"
    area: int
    sea: int
    force: int


@dataclass(frozen=True, slots=True)
class Mine(PCFrame):
    """Mining (PC-DEV-MINING-*): step 0 paying the three tribes (``paid`` so far), 1 drawing
    gold into the ``cart``."""
    KIND: ClassVar[str] = "pocketciv.mine"
    step: int
    paid: int
    cart: int


@dataclass(frozen=True, slots=True)
class Tax(PCFrame):
    """Black Market taxation (PC-DEV-BM-*): step 0 draws, 1 asks whether to draw again."""
    KIND: ClassVar[str] = "pocketciv.tax"
    step: int


@dataclass(frozen=True, slots=True)
class Drop(PCFrame):
    """Law or Civil Service acquired: may discard Culture of Thievery / Black Market (PC-R-CULTURE-DROP)."""
    KIND: ClassVar[str] = "pocketciv.drop"


# -- upkeep procedures -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pay(PCFrame):
    """City development: ``left`` tribes still to pay, from any areas (PC-UPK-CITYDEV-01)."""
    KIND: ClassVar[str] = "pocketciv.pay"
    left: int


@dataclass(frozen=True, slots=True)
class Sacrifice(PCFrame):
    """The capital grew past 4: one resource source is given up (PC-UPK-CAPITAL-03)."""
    KIND: ClassVar[str] = "pocketciv.sacrifice"


@dataclass(frozen=True, slots=True)
class Starve(PCFrame):
    """City upkeep with Cartage: ``left`` unfed cities lose 1 CAV, the player chooses which;
    ``done``: the cities already chosen (PC-UPK-CITY-04)."""
    KIND: ClassVar[str] = "pocketciv.starve"
    left: int
    done: int


# -- eras ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Era(PCFrame):
    """The era change at the draw of ``card``, the deck's last (PC-ERA-11): step 0 scores, 1 asks
    whether to go on; ``code`` is the player's action that drew it ("" for an automatic step)."""
    KIND: ClassVar[str] = "pocketciv.era"
    step: int
    card: int
    code: str


# -- phase II and the shared sub-decisions of events -----------------------------------------------
@dataclass(frozen=True, slots=True)
class EvDraw(PCFrame):
    """Phase II draws its card, read in ``era`` (PC-EVP-01/02, PC-Q-03 (a))."""
    KIND: ClassVar[str] = "pocketciv.evdraw"
    era: int


@dataclass(frozen=True, slots=True)
class Astro(PCFrame):
    """Astronomy: may ignore event ``card`` of ``era`` once per era (PC-EVT-ASTRONOMY-01)."""
    KIND: ClassVar[str] = "pocketciv.astro"
    card: int
    era: int


@dataclass(frozen=True, slots=True)
class Loss(PCFrame):
    """A tribe loss of ``left`` spread by the player over the areas of ``mask``, one per action."""
    KIND: ClassVar[str] = "pocketciv.loss"
    left: int
    mask: int


@dataclass(frozen=True, slots=True)
class CavLoss(PCFrame):
    """A CAV loss of ``left`` spread by the player over the cities of ``mask`` (PC-EVT-ANARCHY-07,
    PC-EVT-CORRUPTION-02)."""
    KIND: ClassVar[str] = "pocketciv.cavloss"
    left: int
    mask: int


@dataclass(frozen=True, slots=True)
class Wonders(PCFrame):
    """``left`` wonders of ``area`` are destroyed, of the player's choice (PC-R-WONDER-CHOICE)."""
    KIND: ClassVar[str] = "pocketciv.wonders"
    area: int
    left: int


@dataclass(frozen=True, slots=True)
class Attack(PCFrame):
    """§15 Attack: ``stage`` 0 begins, 1 enters ``area``, 2 fights there, 3 the player picks
    among tied neighbours; ``force`` left, ``visited`` areas (PC-R-ATTACK-*)."""
    KIND: ClassVar[str] = "pocketciv.attack"
    stage: int
    area: int
    force: int
    visited: int


@dataclass(frozen=True, slots=True)
class Trade(PCFrame):
    """§16 Trade: ``step``; ``stash`` of stolen gold (step 4), ``area`` the caught thieves'
    attack enters (step 6). Saved as ``["trade", step, stash or area]``."""
    KIND: ClassVar[str] = "pocketciv.trade"
    step: int
    stash: int = 0
    area: int = 0

    def saved(self) -> list[Any]:
        return [self.TAG, self.step, self.area if self.step == 6 else self.stash]

    @classmethod
    def load(cls, values: list[Any]) -> PCFrame:
        if len(values) != 2:
            raise ValueError(f"stack frame trade needs 2 values, not {len(values)}")
        step, x = (whole(v, "stack frame trade", -1, MAX_FRAME_ARG) for v in values)
        return cls(step, 0, x) if step == 6 else cls(step, x, 0)


# -- the events (chapter 7): step, the card that started it, the era it is read in, then its own --
@dataclass(frozen=True, slots=True)
class EventFrame(PCFrame):
    """An event started by ``card`` (-1: none, Anarchy from taxation) in ``era``. ``EVENT`` is its
    id on the cards; ``WIDTH`` the values it is saved with (an event not started yet: 7)."""

    EVENT: ClassVar[str] = ""
    WIDTH: ClassVar[int] = 0
    if TYPE_CHECKING:  # every event's first three fields (declared by each event, in this order)
        step: int
        card: int
        era: int

    def __init_subclass__(cls) -> None:
        super(EventFrame, cls).__init_subclass__()
        if cls.KIND:
            cls.EVENT = cls.TAG
            EVENT_FRAMES[cls.TAG] = cls

    def saved(self) -> list[Any]:
        values = [getattr(self, f.name) for f in fields(self)]
        width = 7 if self.step == 0 and self.card >= 0 else self.WIDTH or len(values)
        return [self.TAG, *values[:width], *[0] * (width - len(values))]


@dataclass(frozen=True, slots=True)
class Anarchy(EventFrame):
    """7.1: step 1 the player picks 4 areas with Organized Religion (``chosen``, ``picked``)."""
    KIND: ClassVar[str] = "pocketciv.anarchy"
    step: int
    card: int
    era: int
    chosen: int = 0
    picked: int = 0


@dataclass(frozen=True, slots=True)
class Bandits(EventFrame):
    """7.4: the bandits' ``area``; step 3 the player chooses Law's/Democracy's reductions of
    ``force`` by ``hexagon`` (PC-R-BANDITS-CHOICE). Saved 5 wide except at step 3."""
    KIND: ClassVar[str] = "pocketciv.bandits"
    step: int
    card: int
    era: int
    area: int = 0
    force: int = 0
    hexagon: int = 0

    def saved(self) -> list[Any]:
        out = EventFrame.saved(self)
        return out[:5] if self.step in (1, 2) else out


@dataclass(frozen=True, slots=True)
class CivilWar(EventFrame):
    KIND: ClassVar[str] = "pocketciv.civil_war"
    step: int
    card: int
    era: int
    area: int = 0


@dataclass(frozen=True, slots=True)
class Corruption(EventFrame):
    KIND: ClassVar[str] = "pocketciv.corruption"
    step: int
    card: int
    era: int


@dataclass(frozen=True, slots=True)
class Earthquake(EventFrame):
    """7.6: step 1 the player picks ``left`` neighbours of ``area`` for new faults."""
    KIND: ClassVar[str] = "pocketciv.earthquake"
    WIDTH: ClassVar[int] = 6
    step: int
    card: int
    era: int
    area: int = 0
    left: int = 0


@dataclass(frozen=True, slots=True)
class Epidemic(EventFrame):
    """Step 2: the ``loss`` left spreads from the ``infected`` areas (the player picks a tie)."""
    KIND: ClassVar[str] = "pocketciv.epidemic"
    step: int
    card: int
    era: int
    area: int = 0
    loss: int = 0
    infected: int = 0


@dataclass(frozen=True, slots=True)
class Famine(EventFrame):
    KIND: ClassVar[str] = "pocketciv.famine"
    step: int
    card: int
    era: int


@dataclass(frozen=True, slots=True)
class Flood(EventFrame):
    """7.2 and 7.5 (tsunami at step 1-2)."""
    KIND: ClassVar[str] = "pocketciv.flood"
    step: int
    card: int
    era: int
    area: int = 0


@dataclass(frozen=True, slots=True)
class Sandstorm(EventFrame):
    """Step 1: the player picks ``left`` more neighbours of ``area`` (``picked`` so far)."""
    KIND: ClassVar[str] = "pocketciv.sandstorm"
    step: int
    card: int
    era: int
    area: int = 0
    left: int = 0
    picked: int = 0


@dataclass(frozen=True, slots=True)
class Superstition(EventFrame):
    """7.3: ``left`` cards still to discard."""
    KIND: ClassVar[str] = "pocketciv.superstition"
    step: int
    card: int
    era: int
    left: int = 0


@dataclass(frozen=True, slots=True)
class TribalWar(EventFrame):
    """``warring`` tribes of ``area`` strike ``left`` more neighbours (``picked`` so far)."""
    KIND: ClassVar[str] = "pocketciv.tribal_war"
    step: int
    card: int
    era: int
    area: int = 0
    warring: int = 0
    left: int = 0
    picked: int = 0


@dataclass(frozen=True, slots=True)
class Uprising(EventFrame):
    KIND: ClassVar[str] = "pocketciv.uprising"
    step: int
    card: int
    era: int
    area: int = 0


@dataclass(frozen=True, slots=True)
class Visitation(EventFrame):
    """Step 1 (Diplomacy): ``offer`` made so far; step 5: the attack's ``area``."""
    KIND: ClassVar[str] = "pocketciv.visitation"
    step: int
    card: int
    era: int
    offer: int = 0
    area: int = 0


@dataclass(frozen=True, slots=True)
class Volcano(EventFrame):
    KIND: ClassVar[str] = "pocketciv.volcano"
    step: int
    card: int
    era: int


def start_frame(event_id: str, card: int, era: int) -> EventFrame:
    """The frame of event ``event_id`` drawn on ``card`` in ``era``, not started yet."""
    return EVENT_FRAMES[event_id](0, card, era)


# -- the multiplayer round (mp.py) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Mp(PCFrame):
    """The round controller: ``stage`` of the round, ``k``-th seat in Totem order."""
    KIND: ClassVar[str] = "pocketciv.mp"
    PHASE: ClassVar[bool] = True
    MULTI: ClassVar[bool] = True
    stage: int
    k: int


@dataclass(frozen=True, slots=True)
class MpSetup(PCFrame):
    KIND: ClassVar[str] = "pocketciv.mpsetup"
    MULTI: ClassVar[bool] = True
    placed: int


@dataclass(frozen=True, slots=True)
class MpEv(PCFrame):
    """The event of a multiplayer round: ``stage`` 6 draws, 0 asks seat ``k`` (in Totem order)
    whether to take the Totem, 1-4 play it, 5 the holder's Astronomy."""
    KIND: ClassVar[str] = "pocketciv.mpev"
    MULTI: ClassVar[bool] = True
    stage: int
    card: int
    era: int
    k: int


@dataclass(frozen=True, slots=True)
class Alloc(PCFrame):
    """The Totem holder shares out an event's losses where colours share an area (PC-MP-TOTEM-10)."""
    KIND: ClassVar[str] = "pocketciv.alloc"
    MULTI: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class MpEra(PCFrame):
    """The multiplayer era change (PC-MP-ERA-*), as ``Era``."""
    KIND: ClassVar[str] = "pocketciv.mpera"
    MULTI: ClassVar[bool] = True
    step: int
    card: int
    code: str


# -- shared values ------------------------------------------------------------------------------
# A frame is frozen and compared by value, so the phases and steps that carry at most a small
# counter are made once and handed out as they are: a round no longer builds a dataclass for
# every step it takes (``dataclass(frozen=True)`` sets each field through ``object.__setattr__``).
SETUP_STEPS: tuple[Setup, ...] = tuple(Setup(k) for k in range(3))
PHASE_POP = Pop()
PHASE_TOPUP = TopUp()
PHASE_MOVE = Move()
PHASE_EVENT = Event()
PHASE_DEV = Dev()
UPKEEP_STEPS: tuple[Upkeep, ...] = tuple(Upkeep(k) for k in range(7))
TAX_STEPS: tuple[Tax, ...] = (Tax(0), Tax(1))
