"""4. Grow fruit (gyümölcs termesztése): a played fruit card's fruits onto a city (CC-ACT-GROW-*).

``grow:<fruit card>`` -> ``card:<city card>``. Every legal list here is the candidates that pass
the matching ``*_refusal`` check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.building import hand_sites
from asztal.games.caboose.common import (
    Why,
    add_cube,
    city_card_refusal,
    finish_first,
    move_market,
    named,
    no,
    remove_from,
)
from asztal.games.caboose.frames import GrowCity
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "grow"


#: ``GrowCity`` frames by card, each made once: frames are immutable values (shared by clones), and the
#: interpreter's frozen-dataclass ``__init__`` costs several times this lookup
_FRAMES: Final[dict[int, GrowCity]] = {}


def can_grow(s: CabooseState, k: int, fits: int) -> bool:
    """CC-ACT-GROW-01: a city card (CC-ACT-GROW-06 not of a pyramid city: bit 0 of ``fits``, see
    ``building.hand_sites``), one's own played fruit card ``k``, and its cubes in the supply
    (CC-R-06: each fruit of a two-fruit card). The menu offers a played fruit card exactly when
    this holds."""
    if not fits & 1:
        return False
    supply = s.supply
    for f in s.pk.ac_fruits[k]:
        if not supply[f]:
            return False
    return True


def grow_refusal(s: CabooseState, p: int, k: int) -> Why | None:
    """Why fruit card ``k`` cannot be grown now (None: it can)."""
    pk = s.pk
    if k not in s.fcards[p]:
        return no("fruit_card_not_yours", "CC-ACT-GROW-01", PART, fruit=pk.ac_fruits[k])
    if can_grow(s, k, hand_sites(s, p)):
        return None
    if not s.chand[p]:
        return no("no_city_cards", "CC-ACT-GROW-01", PART)
    cc_city, pyr = pk.cc_city, s.pyr
    if all(pyr[cc_city[c]] >= 0 for c in s.chand[p]):
        return no("grow_all_pyramids", "CC-ACT-GROW-06", PART)
    return no("grow_supply", "CC-ACT-GROW-01", PART, fruit=[f for f in pk.ac_fruits[k] if not s.supply[f]])


def grow_start(s: CabooseState, p: int, k: int) -> bool:
    s.own_hands()
    s.fcards[p] = remove_from(s.fcards[p], k)  # CC-ACT-GROW-02 choose one of your fruit cards
    frame = _FRAMES.get(k)
    if frame is None:
        frame = _FRAMES[k] = GrowCity(k)
    s.stack = (s.stack[0], frame)
    return False


def city_refusal(s: CabooseState, p: int, c: int) -> Why | None:
    """CC-Q-32 a city that already has the fruit is fine; CC-ACT-GROW-06 not a pyramid city."""
    bad = city_card_refusal(s, p, c, "CC-ACT-GROW-02", PART)
    if bad is None and s.pyr[s.pk.cc_city[c]] >= 0:
        return no("grow_pyramid", "CC-ACT-GROW-06", PART, city=s.pk.cc_city[c])
    return bad


def legal(s: CabooseState, p: int, frame: GrowCity) -> list[Action]:
    """The cards of the hand that pass ``city_refusal``."""
    pk = s.pk
    A, cc_city, pyr = pk.A_CARD, pk.cc_city, s.pyr
    return [A[c] for c in s.chand[p] if pyr[cc_city[c]] < 0]


def refusal(s: CabooseState, p: int, frame: GrowCity, action: Action) -> Why | None:
    if action.kind == "card":
        return city_refusal(s, p, action.args[0])
    return finish_first(frame, action, "CC-ACT-GROW-02", PART)


def ask(s: CabooseState, p: int, frame: GrowCity) -> Decision:
    return Decision(p, frame.KIND, "caboose.ask.grow", named(s.pk, {"fruit": s.pk.ac_fruits[frame.card]}),
                    "CC-ACT-GROW-02")


def do(s: CabooseState, p: int, frame: GrowCity, action: Action) -> bool:
    pk = s.pk
    c = action.args[0]
    s.own_hands()
    s.own_board()
    s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-GROW-02 play the city card
    k = frame.card
    x = pk.cc_city[c]
    for f in pk.ac_fruits[k]:  # CC-ACT-GROW-03 (ii) the card's fruits onto the city
        s.supply[f] -= 1
        add_cube(s, x, f)
        move_market(s, f, -1)  # CC-ACT-GROW-04 (iii)
    s.own_decks()
    s.cdisc.append(c)  # CC-ACT-GROW-05 (iv) discard both cards
    s.adisc.append(k)
    if s.log is not None:
        s.emit("caboose.grow", seat=p, city=pk.city_ids[x], city_hu=pk.city_hu[x], city_en=pk.city_en[x],
               fruit_hu=pk.fruit_list(pk.ac_fruits[k], "hu"), fruit_en=pk.fruit_list(pk.ac_fruits[k], "en"))
    return action_done(s)
