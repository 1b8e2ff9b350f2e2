"""One player's Empire (Birodalom): what belongs to a seat rather than to the board.

The state holds every seat's Empire in ``state.seats`` (the solo game is the one-Empire
case) and names the one the rules act on now ``state.emp``: a rule reads and writes
``s.emp.tribes``, ``s.emp.gold``, ..., so it says whose Empire it touches. In the solo game
``emp`` is always ``seats[0]``; in the multiplayer mode handing the rules another seat is one
assignment (``state.focus_on``), nothing is copied in or out, so no seat's Empire ever exists
twice. An event of the multiplayer mode is played on an explicit combination of the Empires
(``combined``), whose outcome is then shared out (``mp.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, eq=False)
class Empire:
    """Per area (index = area - 1): ``tribes``, ``cav`` (city value, 0 = no city), ``moved``
    (tribes moved this turn, a tuple: see ``add_moved``), ``wonders`` (tuples of wonder
    indices); then the capital area
    (-1: none), gold, era VPs and wonder VPs, advances and trading partners (bit masks), the
    round's limits (``flags``: bit 0 Agriculture used, bit 1 taxation done, bit 2 capital
    grown), areas acquired, cities grown, the era Astronomy was used in and the voyage under
    way (-1: none). A new Empire has nothing yet (PC-SETUP-04, PC-SETUP-05)."""

    tribes: list[int]
    cav: list[int]
    moved: tuple[int, ...]
    wonders: tuple[tuple[int, ...], ...]
    capital: int = -1
    gold: int = 0
    vp: int = 0
    vp_wonders: int = 0
    adv: int = 0
    partners: int = 0
    flags: int = 0
    acq: int = 0
    grown: int = 0
    astro_era: int = 0
    voyage: int = -1

    def __init__(self, tribes: list[int], cav: list[int], moved: tuple[int, ...], wonders: tuple[tuple[int, ...], ...],
                 capital: int = -1, gold: int = 0, vp: int = 0, vp_wonders: int = 0, adv: int = 0, partners: int = 0,
                 flags: int = 0, acq: int = 0, grown: int = 0, astro_era: int = 0, voyage: int = -1) -> None:
        """Written out, not made by ``dataclass``: mypyc calls a written ``__init__`` natively,
        the generated one in the interpreter (every clone makes an Empire)."""
        self.tribes = tribes
        self.cav = cav
        self.moved = moved
        self.wonders = wonders
        self.capital = capital
        self.gold = gold
        self.vp = vp
        self.vp_wonders = vp_wonders
        self.adv = adv
        self.partners = partners
        self.flags = flags
        self.acq = acq
        self.grown = grown
        self.astro_era = astro_era
        self.voyage = voyage

    @classmethod
    def empty(cls, n: int) -> Empire:
        """An Empire on a map of ``n`` areas with nothing on it."""
        return cls([0] * n, [0] * n, (0,) * n, ((),) * n)

    def copy(self) -> Empire:
        """An independent copy (the per-area lists copied; copies are the searches' hot path;
        ``moved`` and ``wonders`` are tuples, shared). Through the constructor: the compiled build makes
        Empire a native class, which ``object.__new__`` may not create."""
        return Empire(self.tribes.copy(), self.cav.copy(), self.moved, self.wonders, self.capital,
                      self.gold, self.vp, self.vp_wonders, self.adv, self.partners, self.flags, self.acq,
                      self.grown, self.astro_era, self.voyage)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as what it is made from: a compiled class with a written ``__init__`` is not
        made without its arguments (OpenSpiel and Ray pickle states)."""
        return (Empire, (self.tribes, self.cav, self.moved, self.wonders, self.capital, self.gold, self.vp,
                         self.vp_wonders, self.adv, self.partners, self.flags, self.acq, self.grown,
                         self.astro_era, self.voyage))

    def set_wonders(self, a: int, ws: tuple[int, ...]) -> None:
        """The wonders of area ``a`` are now ``ws``. ``wonders`` is a tuple (a tuple of wonder
        indices per area) so that a copy of the Empire shares it: wonders are built and lost
        seldom, and a change makes a new tuple instead of every copy copying a list."""
        w = list(self.wonders)
        w[a] = ws
        self.wonders = tuple(w)

    def add_moved(self, a: int) -> None:
        """One more tribe has moved into area ``a`` this turn (PC-POP-05). ``moved`` is a tuple,
        replaced at each move, so that copies share it (a turn's moves are a few, and every
        clone of a search copies the Empire); a round's start replaces it by zeros."""
        m = list(self.moved)
        m[a] += 1
        self.moved = tuple(m)

    def cities(self) -> int:
        return len(self.cav) - self.cav.count(0)

    def total_tribes(self) -> int:
        return sum(self.tribes)

    def tcav(self) -> int:
        """The total city value (CAV) of the Empire's cities."""
        return sum(self.cav)

    def nadv(self) -> int:
        """How many advances the Empire has."""
        return self.adv.bit_count()

    def has(self, adv_bit: int) -> bool:
        return bool(self.adv & adv_bit)

    def wiped(self) -> bool:
        """Neither a tribe nor a city left (PC-POP-04, PC-MP-END-01)."""
        for t in self.tribes:
            if t:
                return False
        for c in self.cav:
            if c:
                return False
        return True

    def lose_city(self, a: int, n: int) -> bool:
        """The one city loss (PC-CON-03, PC-CON-11/12): the city in area ``a`` loses ``n`` of
        its value; at 0 it is destroyed and a destroyed capital frees the title
        (PC-UPK-CAPITAL-07). True if the city was destroyed."""
        left = self.cav[a] - n
        if left > 0:
            self.cav[a] = left
            return False
        self.cav[a] = 0
        if self.capital == a:
            self.capital = -1
        return True


def combined(seats: list[Empire], holder: Empire, areas: range) -> Empire:
    """The Empire an event is played on (PC-MP-TOTEM-10): every colour's tribes, city values
    and wonders summed per area, no capital and no voyage, and the Totem holder's gold, VPs,
    advances, partners and round limits (copies: the holder keeps what the event's end gives
    back, see ``state.leave_event``)."""
    return Empire([sum(x.tribes[a] for x in seats) for a in areas], [sum(x.cav[a] for x in seats) for a in areas],
                  (0,) * len(areas), tuple(tuple(w for x in seats for w in x.wonders[a]) for a in areas), -1,
                  holder.gold, holder.vp, holder.vp_wonders, holder.adv, holder.partners, holder.flags,
                  holder.acq, holder.grown, holder.astro_era, -1)


@dataclass(slots=True, eq=False)
class EventLedger:
    """The bookkeeping of a multiplayer event played on the combined Empires (``mp.py``):
    the tribes and city values per area before it (``tribes``, ``cav``), the cards its first
    pass drew (``rec``) and those a later pass has yet to read again (``rep``, PC-MP-TOTEM-09,
    ruling PC-R-MP-PASSES), the number of its red circle once read (``red``, 0: not yet), the
    pass under way (``pass_no``: 0 the first area of that number, 1 the second...), and, once
    it is over, the tribes and city values lost per area still to be shared out (``lt``,
    ``lc``, PC-MP-TOTEM-10)."""

    tribes: list[int]
    cav: list[int]
    rec: list[int] = field(default_factory=list)
    rep: list[int] = field(default_factory=list)
    red: int = 0
    pass_no: int = 0
    lt: list[int] = field(default_factory=list)
    lc: list[int] = field(default_factory=list)

    def __init__(self, tribes: list[int], cav: list[int], rec: list[int] | None = None, rep: list[int] | None = None,
                 red: int = 0, pass_no: int = 0, lt: list[int] | None = None, lc: list[int] | None = None) -> None:
        """Written out for a native constructor, as ``Empire``'s."""
        self.tribes = tribes
        self.cav = cav
        self.rec = [] if rec is None else rec
        self.rep = [] if rep is None else rep
        self.red = red
        self.pass_no = pass_no
        self.lt = [] if lt is None else lt
        self.lc = [] if lc is None else lc

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """As ``Empire.__reduce__``."""
        return (EventLedger, (self.tribes, self.cav, self.rec, self.rep, self.red, self.pass_no, self.lt, self.lc))

    def copy(self) -> EventLedger:
        return EventLedger(self.tribes.copy(), self.cav.copy(), self.rec.copy(), self.rep.copy(), self.red,
                           self.pass_no, self.lt.copy(), self.lc.copy())
