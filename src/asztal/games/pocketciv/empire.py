"""One player's Empire (Birodalom): what belongs to a seat rather than to the board.

The solo game is the one-Empire case. In the multiplayer mode every seat has its own Empire
object in ``state.seats``; the rules act on one Empire at a time, the one ``state.emp``
names, and the state's Empire attributes (``state.tribes``, ``state.gold``, ...) read and
write that object (``EMPIRE_FIELDS`` are properties of the state, see ``state.py``). Handing
the rules another seat is one assignment; nothing is copied in or out, so no seat's Empire
ever exists twice. An event of the multiplayer mode is played on an explicit combination
of the Empires (``combined``), whose outcome is then shared out (``mp.py``).
"""

from __future__ import annotations

#: the fields of an Empire, in the order of the saved multiplayer position
EMPIRE_FIELDS = ("tribes", "cav", "moved", "wonders", "capital", "gold", "vp", "vp_wonders", "adv", "partners",
                 "flags", "acq", "grown", "astro_era", "voyage")


class Empire:
    """Per area (index = area - 1): ``tribes``, ``cav`` (city value, 0 = no city), ``moved``
    (tribes moved this turn), ``wonders`` (tuples of wonder indices); then the capital area
    (-1: none), gold, era VPs and wonder VPs, advances and trading partners (bit masks), the
    round's limits (``flags``: bit 0 Agriculture used, bit 1 taxation done, bit 2 capital
    grown), areas acquired, cities grown, the era Astronomy was used in and the voyage under
    way (-1: none)."""

    __slots__ = EMPIRE_FIELDS

    def __init__(self, n: int) -> None:
        self.tribes = [0] * n
        self.cav = [0] * n
        self.moved = [0] * n
        self.wonders = [()] * n
        self.capital = -1
        self.gold = 0  # PC-SETUP-04
        self.vp = 0  # PC-SETUP-05
        self.vp_wonders = 0
        self.adv = 0
        self.partners = 0
        self.flags = self.acq = self.grown = self.astro_era = 0
        self.voyage = -1

    def copy(self) -> Empire:
        e = Empire.__new__(Empire)
        e.tribes = self.tribes.copy()
        e.cav = self.cav.copy()
        e.moved = self.moved.copy()
        e.wonders = self.wonders.copy()
        e.capital = self.capital
        e.gold = self.gold
        e.vp = self.vp
        e.vp_wonders = self.vp_wonders
        e.adv = self.adv
        e.partners = self.partners
        e.flags = self.flags
        e.acq = self.acq
        e.grown = self.grown
        e.astro_era = self.astro_era
        e.voyage = self.voyage
        return e


def combined(seats: list[Empire], holder: Empire, areas: range) -> Empire:
    """The Empire an event is played on (PC-MP-TOTEM-10): every colour's tribes, city values
    and wonders summed per area, no capital and no voyage, and the Totem holder's gold, VPs,
    advances, partners and round limits (copies: the holder keeps what the event's end gives
    back, see ``mp.leave_event``)."""
    e = Empire.__new__(Empire)
    e.tribes = [sum(x.tribes[a] for x in seats) for a in areas]
    e.cav = [sum(x.cav[a] for x in seats) for a in areas]
    e.wonders = [tuple(w for x in seats for w in x.wonders[a]) for a in areas]
    e.moved = [0] * len(areas)
    e.capital = e.voyage = -1
    for k in ("gold", "vp", "vp_wonders", "adv", "partners", "flags", "acq", "grown", "astro_era"):
        setattr(e, k, getattr(holder, k))
    return e
