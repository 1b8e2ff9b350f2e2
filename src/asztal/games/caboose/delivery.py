"""3. Deliver fruit (gyümölcs szállítása): a delivery -> money; the others score VP for their
railways and fruit cards (CC-ACT-DELIVER-*).

``deliver:<city card>`` -> ``src:<city>:<fruit>``. Every legal list here is the candidates that
pass the matching ``*_refusal`` check.
"""

from __future__ import annotations

from operator import add

from asztal.engine.action import Action
from asztal.engine.decision import Decision, Refusal
from asztal.games.caboose.common import (
    add_cube,
    card_words,
    city_card_refusal,
    city_words,
    finish_first,
    fruit_words,
    move_market,
    no,
    remove_cube,
    remove_from,
)
from asztal.games.caboose.frames import DeliverFruit
from asztal.games.caboose.scoring import trains_around
from asztal.games.caboose.transport import board_masks, components
from asztal.games.caboose.turn import action_done

PART = "deliver"


def deliver_refusal(s, p: int, c: int) -> Refusal | None:
    """CC-ACT-DELIVER-01: a city card demanding a fruit that can be brought there: not yet in the
    city (CC-ACT-DELIVER-03), along built railways (CC-ACT-DELIVER-04), no pyramid (CC-ACT-DELIVER-12)."""
    bad = city_card_refusal(s, p, c, "CC-ACT-DELIVER-01", PART)
    if bad is not None:
        return bad
    pk = s.pk
    x = pk.cc_city[c]
    if s.pyr[x] >= 0:
        return no("deliver_pyramid", "CC-ACT-DELIVER-12", PART, **city_words(pk, x))
    want = pk.cc_mask[c] & ~s.cmask[x]
    if not want:
        return no("deliver_present", "CC-ACT-DELIVER-03", PART, **city_words(pk, x),
                  **fruit_words(pk, pk.cc_mask[c]))
    if not want & board_masks(s)[1][x]:
        return no("deliver_unreachable", "CC-ACT-DELIVER-04", PART, **city_words(pk, x), **fruit_words(pk, want))
    return None


def deliver_start(s, p: int, c: int) -> bool:
    s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-DELIVER-02 (i) play the city card
    s.stack.append(DeliverFruit(c))
    return False


def src_refusal(s, p: int, frame: DeliverFruit, y: int, f: int) -> Refusal | None:
    pk = s.pk
    c = frame.city_card
    x = pk.cc_city[c]
    if f not in pk.cc_fruits[c]:  # CC-ACT-DELIVER-08, CC-Q-33 either fruit shown
        return no("deliver_not_demanded", "CC-ACT-DELIVER-01", PART, **fruit_words(pk, (f,), "chosen"),
                  **fruit_words(pk, pk.cc_fruits[c]), **city_words(pk, x))
    if s.cubes[x * pk.nf + f]:
        return no("deliver_present", "CC-ACT-DELIVER-03", PART, **city_words(pk, x), **fruit_words(pk, (f,)))
    if y == x or not s.cubes[y * pk.nf + f]:
        return no("no_cube", "CC-ACT-DELIVER-02", PART, **city_words(pk, y), **fruit_words(pk, (f,)))
    if y not in components(s)[0][x]:  # CC-ACT-DELIVER-04 any built railways
        return no("not_connected", "CC-ACT-DELIVER-04", PART, **city_words(pk, y, "source"), **city_words(pk, x))
    return None


def legal(s, p: int, frame: DeliverFruit) -> list[Action]:
    pk = s.pk
    c = frame.city_card
    near = components(s)[0][pk.cc_city[c]]
    nf, A = pk.nf, pk.A_SRC
    return [A[y * nf + f] for f in pk.cc_fruits[c] for y in near if src_refusal(s, p, frame, y, f) is None]


def refusal(s, p: int, frame: DeliverFruit, action: Action) -> Refusal | None:
    if action.kind == "src":
        return src_refusal(s, p, frame, *action.args)
    return finish_first(frame, action, "CC-ACT-DELIVER-02", PART)


def ask(s, p: int, frame: DeliverFruit) -> Decision:
    pk = s.pk
    c = frame.city_card
    x = pk.cc_city[c]
    words = {**card_words(pk, c), **city_words(pk, x), **fruit_words(pk, pk.cc_mask[c] & ~s.cmask[x])}
    return Decision(p, frame.KIND, "caboose.ask.deliver", words, "CC-ACT-DELIVER-02")


def do(s, p: int, frame: DeliverFruit, action: Action) -> bool:
    pk = s.pk
    y, f = action.args
    c = frame.city_card
    x = pk.cc_city[c]
    # CC-ACT-DELIVER-05 (iii): payout plus the market value before the move; CC-Q-13 never negative
    income = max(0, pk.cc_pay[c] + s.market[f])
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
    s.cdisc.append(c)  # CC-ACT-DELIVER-11 (vii)
    if s.log is not None:
        s.emit("caboose.deliver", seat=p, fruit=pk.fruit_ids[f], fruit_hu=pk.fruit_hu[f], fruit_en=pk.fruit_en[f],
               source=pk.city_ids[y], source_hu=pk.city_hu[y], source_en=pk.city_en[y], city=pk.city_ids[x],
               city_hu=pk.city_hu[x], city_en=pk.city_en[x], income=income, vp=gained)
    return action_done(s)
