"""5. Build a pyramid (piramis építése): money -> VP at once (CC-ACT-PYR-*).

``pyramid:<tile>`` -> ``city:<city>``. AMUN VANDERBILT's discount is taken here
(CC-GOD-AMUN-01). Every legal list here is the candidates that pass the matching ``*_refusal``
check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import Why, finish_first, no
from asztal.games.caboose.frames import PyramidCity
from asztal.games.caboose.pack import AMUN
from asztal.games.caboose.transport import board_masks
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "pyramid"


#: ``PyramidCity`` frames by tile, each made once: frames are immutable values (shared by clones), and the
#: interpreter's frozen-dataclass ``__init__`` costs several times this lookup
_FRAMES: Final[dict[int, PyramidCity]] = {}


def pyramid_price(s: CabooseState, p: int, t: int) -> int:
    """Twice the tile's value (CC-ACT-PYR-03); AMUN VANDERBILT 5 less, never below 0 (CC-Q-17)."""
    price = 2 * s.pk.pyr_value[t]
    if s.god[p] == AMUN:
        price = max(0, price - 5)  # CC-GOD-AMUN-01
    return price


def free_pyramids(s: CabooseState) -> tuple[int, ...]:
    """Pyramid tiles still in the supply (CC-ACT-PYR-02), one per distinct value (CC-R-07: equal tiles are
    one outcome); cached."""
    out = s._pfree
    if out is None:
        placed = set(s.pyr)
        seen, lst = set(), []
        vals = s.pk.pyr_value
        for t in range(len(vals)):
            if t not in placed and vals[t] not in seen:
                seen.add(vals[t])
                lst.append(t)
        out = s._pfree = tuple(lst)
    return out


def can_pyramid(s: CabooseState, p: int, t: int, empty: bool) -> bool:
    """CC-ACT-PYR-01: an empty city (``empty``, no fruit, CC-Q-17) and the money (CC-ACT-PYR-03) for
    tile ``t`` of ``free_pyramids``. The menu offers a free tile exactly when this holds."""
    if not empty:
        return False
    price = 2 * s.pk.pyr_value[t]  # as ``pyramid_price``, inlined: the menu asks for every free tile
    if s.god[p] == AMUN:
        price -= 5
    return price <= s.money[p]


def pyramid_refusal(s: CabooseState, p: int, t: int) -> Why | None:
    """Why tile ``t`` cannot start a pyramid now (None: it can)."""
    if t not in free_pyramids(s):
        value = s.pk.pyr_value[t]
        if t in s.pyr:
            return no("pyramid_placed", "CC-ACT-PYR-02", PART, value=value)
        return no("pyramid_same", "CC-R-07", PART, value=value)
    empty = board_masks(s)[2]
    if can_pyramid(s, p, t, empty):
        return None
    if not empty:
        return no("pyramid_no_city", "CC-ACT-PYR-01", PART)
    price = pyramid_price(s, p, t)
    return no("pyramid_money", "CC-ACT-PYR-03", PART, value=s.pk.pyr_value[t], price=price, money=s.money[p])


def pyramid_start(s: CabooseState, p: int, t: int) -> bool:
    frame = _FRAMES.get(t)
    if frame is None:
        frame = _FRAMES[t] = PyramidCity(t)
    s.stack = (s.stack[0], frame)  # CC-ACT-PYR-02 any tile from the supply
    return False


def city_refusal(s: CabooseState, x: int) -> Why | None:
    """CC-ACT-PYR-01 an empty city (no fruit, CC-Q-17); CC-ACT-PYR-07 one pyramid per city."""
    if s.pyr[x] >= 0:
        return no("pyramid_city_taken", "CC-ACT-PYR-07", PART, city=x)
    if s.cmask[x]:
        return no("pyramid_city_fruit", "CC-ACT-PYR-01", PART, city=x)
    return None


def legal(s: CabooseState, p: int, frame: PyramidCity) -> list[Action]:
    A = s.pk.A_CITY
    return [A[x] for x in range(s.pk.nc) if city_refusal(s, x) is None]


def refusal(s: CabooseState, p: int, frame: PyramidCity, action: Action) -> Why | None:
    if action.kind == "city":
        return city_refusal(s, action.args[0])
    return finish_first(frame, action, "CC-ACT-PYR-05", PART)


def ask(s: CabooseState, p: int, frame: PyramidCity) -> Decision:
    t = frame.tile
    return Decision(p, frame.KIND, "caboose.ask.pyramid",
                    {"value": s.pk.pyr_value[t], "price": pyramid_price(s, p, t)}, "CC-ACT-PYR-05")


def do(s: CabooseState, p: int, frame: PyramidCity, action: Action) -> bool:
    pk = s.pk
    t, x = frame.tile, action.args[0]
    price = pyramid_price(s, p, t)
    s.own_seats()
    s.own_routes()
    s.money[p] -= price  # CC-ACT-PYR-04 (i)
    s.pyr[x] = t  # CC-ACT-PYR-05 (ii)
    s._pfree = None
    s._dirty |= 1 << x  # the board masks change for x's component alone
    s.vp[p] += pk.pyr_value[t]  # CC-ACT-PYR-06
    if s.log is not None:
        s.emit("caboose.pyramid", seat=p, tile=pk.pyr_ids[t], value=pk.pyr_value[t], price=price,
               city=pk.city_ids[x], city_hu=pk.city_hu[x], city_en=pk.city_en[x])
    return action_done(s)
