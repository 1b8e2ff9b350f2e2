"""3. Deliver fruit (gyümölcs szállítása): a delivery -> money; the others score VP for their
railways and fruit cards (CC-ACT-DELIVER-*).

``deliver:<city card>`` -> ``src:<city>:<fruit>``. Every legal list here is the candidates that
pass the matching ``*_refusal`` check.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Final

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import (
    Why,
    add_cube,
    finish_first,
    move_market,
    named,
    no,
    remove_cube,
    remove_from,
)
from asztal.games.caboose.frames import DeliverFruit
from asztal.games.caboose.scoring import trains_around
from asztal.games.caboose.transport import board_masks, components
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "deliver"


#: ``DeliverFruit`` frames by card, each made once: frames are immutable values (shared by clones), and the
#: interpreter's frozen-dataclass ``__init__`` costs several times this lookup
_FRAMES: Final[dict[int, DeliverFruit]] = {}


def can_deliver(s: CabooseState, c: int, dm: list[int]) -> bool:
    """CC-ACT-DELIVER-01: city card ``c`` demands a fruit that can be brought to its city: not yet
    there (CC-ACT-DELIVER-03), along built railways (CC-ACT-DELIVER-04), no pyramid
    (CC-ACT-DELIVER-12): all of it is ``dm`` of ``transport.board_masks``. The menu offers a city
    card of the hand exactly when this holds."""
    pk = s.pk
    return bool(pk.cc_mask[c] & dm[pk.cc_city[c]])


def deliver_refusal(s: CabooseState, p: int, c: int) -> Why | None:
    """Why city card ``c`` cannot start a delivery now (None: it can)."""
    if c not in s.chand[p]:
        return no("city_card_not_in_hand", "CC-ACT-DELIVER-01", PART, card=c)
    if can_deliver(s, c, board_masks(s)[1]):
        return None
    pk = s.pk
    x = pk.cc_city[c]
    want = pk.cc_mask[c] & ~s.cmask[x]
    if s.pyr[x] >= 0:
        return no("deliver_pyramid", "CC-ACT-DELIVER-12", PART, city=x)
    if not want:
        return no("deliver_present", "CC-ACT-DELIVER-03", PART, city=x, fruit=pk.cc_mask[c])
    return no("deliver_unreachable", "CC-ACT-DELIVER-04", PART, city=x, fruit=want)


def deliver_start(s: CabooseState, p: int, c: int) -> bool:
    s.own_hands()
    s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-DELIVER-02 (i) play the city card
    frame = _FRAMES.get(c)
    if frame is None:
        frame = _FRAMES[c] = DeliverFruit(c)
    s.stack = (s.stack[0], frame)
    return False


def src_refusal(s: CabooseState, p: int, frame: DeliverFruit, y: int, f: int) -> Why | None:
    pk = s.pk
    c = frame.city_card
    x = pk.cc_city[c]
    if f not in pk.cc_fruits[c]:  # CC-ACT-DELIVER-08, CC-Q-33 either fruit shown
        return no("deliver_not_demanded", "CC-ACT-DELIVER-01", PART, chosen=(f,),
                  fruit=pk.cc_fruits[c], city=x)
    if s.cubes[x * pk.nf + f]:
        return no("deliver_present", "CC-ACT-DELIVER-03", PART, city=x, fruit=(f,))
    if y == x or not s.cubes[y * pk.nf + f]:
        return no("no_cube", "CC-ACT-DELIVER-02", PART, city=y, fruit=(f,))
    if y not in components(s)[0][x]:  # CC-ACT-DELIVER-04 any built railways
        return no("not_connected", "CC-ACT-DELIVER-04", PART, source=y, city=x)
    return None


def legal(s: CabooseState, p: int, frame: DeliverFruit) -> list[Action]:
    pk = s.pk
    c = frame.city_card
    near = components(s)[0][pk.cc_city[c]]
    nf, A = pk.nf, pk.A_SRC
    return [A[y * nf + f] for f in pk.cc_fruits[c] for y in near if src_refusal(s, p, frame, y, f) is None]


def refusal(s: CabooseState, p: int, frame: DeliverFruit, action: Action) -> Why | None:
    if action.kind == "src":
        return src_refusal(s, p, frame, *action.args)
    return finish_first(frame, action, "CC-ACT-DELIVER-02", PART)


def ask(s: CabooseState, p: int, frame: DeliverFruit) -> Decision:
    pk = s.pk
    c = frame.city_card
    x = pk.cc_city[c]
    words = named(pk, {"card": c, "city": x, "fruit": pk.cc_mask[c] & ~s.cmask[x]})
    return Decision(p, frame.KIND, "caboose.ask.deliver", words, "CC-ACT-DELIVER-02")


def do(s: CabooseState, p: int, frame: DeliverFruit, action: Action) -> bool:
    pk = s.pk
    y, f = action.args
    c = frame.city_card
    x = pk.cc_city[c]
    # CC-ACT-DELIVER-05 (iii): payout plus the market value before the move; CC-Q-13 never negative
    income = max(0, pk.cc_pay[c] + s.market[f])
    s.own_seats()
    s.money[p] += income
    move_market(s, f, -1)  # CC-ACT-DELIVER-06 (iv)
    for g in pk.cc_fruits[c]:
        if g != f:
            move_market(s, g, +1)  # CC-ACT-DELIVER-07 (v) the fruit not delivered
    remove_cube(s, y, f)  # CC-ACT-DELIVER-02 (ii), CC-Q-11: the cube moves into the city and stays
    add_cube(s, x, f)
    gained = trains_around(s, x)  # CC-ACT-DELIVER-09, CC-Q-12 VP per train on the destination's routes
    gained[p] = 0
    acm, bit = pk.ac_mask, 1 << f
    for q, fc in enumerate(s.fcards):
        if q != p:
            for k in fc:
                if acm[k] & bit:
                    gained[q] += 1  # CC-ACT-DELIVER-10 one VP for holding that fruit on a played card
                    break
    s.vp[:] = map(add, s.vp, gained)
    s.own_decks()
    s.cdisc.append(c)  # CC-ACT-DELIVER-11 (vii)
    if s.log is not None:
        s.emit("caboose.deliver", seat=p, fruit=pk.fruit_ids[f], fruit_hu=pk.fruit_hu[f], fruit_en=pk.fruit_en[f],
               source=pk.city_ids[y], source_hu=pk.city_hu[y], source_en=pk.city_en[y], city=pk.city_ids[x],
               city_hu=pk.city_hu[x], city_en=pk.city_en[x], income=income, vp=gained)
    return action_done(s)
