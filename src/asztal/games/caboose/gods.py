"""The seven gods (egyiptomi istenek): choosing them after the auction (CC-AUC-12) and the two
powers that are moves of their own, HORUS K. HOLLIDAY's swap and SEKHMET HUNTINGTON's route.

A god's power overrides the basic rule it changes (CC-AUC-13). The other powers change a rule
where it is applied: AMUN in ``pyramid``, PTAH in ``building``,
SETH in ``rail``, ATUM and BES in ``turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import (
    Why,
    add_cube,
    finish_first,
    named,
    no,
    remove_cube,
    swap_possible,
)
from asztal.games.caboose.frames import SWAP_FIRST, TURN, GodChoice, SwapFirst, SwapSecond
from asztal.games.caboose.pack import GOD_NAMES, GODS_ACT, HORUS, SEKHMET
from asztal.games.caboose.transport import link
from asztal.games.caboose.turn import after, begin_turn

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState


# --------------------------------------------------------------------------- choosing a god


def god_refusal(s: CabooseState, p: int, k: int) -> Why | None:
    """CC-GOD-01: one card per god, so a god another player took is gone for this round."""
    if k in s.god:  # what ``god_legal`` leaves out
        return no("god_taken", "CC-GOD-01", "gods", seat=s.god.index(k), god=GOD_NAMES[k - 1])
    return None


#: the gods' choices by god number 1-7 at index 0-6 (``GODS_ACT`` without its empty first place)
_CHOICES: Final = tuple(cast(Action, a) for a in GODS_ACT[1:])


def god_legal(s: CabooseState, p: int, frame: GodChoice) -> list[Action]:
    taken = 0
    for g in s.god:
        taken |= 1 << g
    return [_CHOICES[k - 1] for k in range(1, 8) if not taken >> k & 1]  # exactly ``god_refusal``'s test


def god_check(s: CabooseState, p: int, frame: GodChoice, action: Action) -> Why | None:
    if action.kind == "god":
        return god_refusal(s, p, action.args[0])
    return no("during_gods", "CC-AUC-12", "gods", action=action)


def god_ask(s: CabooseState, p: int, frame: GodChoice) -> Decision:
    left = sum(1 for k in range(1, 8) if k not in s.god)
    return Decision(p, frame.KIND, "caboose.ask.god", {"place": s.oidx + 1, "left": left}, "CC-AUC-12")


def god_do(s: CabooseState, p: int, frame: GodChoice, action: Action) -> bool:
    k = action.args[0]
    s.own_auction()
    s.god[p] = k
    if s.log is not None:
        s.emit("caboose.god", seat=p, god=k, name=GOD_NAMES[k - 1])
    s.oidx += 1
    if s.oidx < s.players:
        s.to_move = s.order[s.oidx]
        return False
    # CC-RND-03, CC-TURN-01, CC-Q-05: phase B in ascending god number 1..7
    s.order = tuple(sorted(range(s.players), key=s.god.__getitem__))
    s.oidx = 0
    begin_turn(s, s.order[0])
    return False


# --------------------------------------------------------------------------- HORUS K. HOLLIDAY

def _not_holder(god: int, rule: str) -> Why:
    return no("not_your_god", rule, "gods", god=GOD_NAMES[god - 1])


def can_horus(s: CabooseState) -> bool:
    """CC-GOD-HORUS-01, CC-Q-22: the holder swaps once per turn (``horus_left`` is set for the
    holder's turn), at any time of it, two cubes of different fruits in different cities."""
    return s.horus_left and swap_possible(s)


def horus_refusal(s: CabooseState, p: int) -> Why | None:
    """Why the swap cannot start now (None: it can)."""
    if can_horus(s):
        return None
    if not s.horus_left:
        return _not_holder(HORUS, "CC-GOD-HORUS-01") if s.god[p] != HORUS else no("horus_used", "CC-Q-22", "horus")
    return no("horus_nothing", "CC-Q-22", "horus")


def horus_start(s: CabooseState, p: int) -> bool:
    s.stack = (s.stack[0], SWAP_FIRST)
    return False


def first_refusal(s: CabooseState, x: int, f: int) -> Why | None:
    """CC-Q-22 a cube that has a partner: another city's cube of another fruit."""
    pk = s.pk
    if not s.cubes[x * pk.nf + f]:
        return no("no_cube", "CC-GOD-HORUS-01", "horus", city=x, fruit=(f,))
    other = ~(1 << f)
    for y, m in enumerate(s.cmask):
        if y != x and m & other:
            return None
    return no("swap_no_partner", "CC-Q-22", "horus", city=x, fruit=(f,))


def first_legal(s: CabooseState, p: int, frame: SwapFirst) -> list[Action]:
    pk = s.pk
    nf, fruits, A = pk.nf, pk.mask_fruits, pk.A_SWAP
    return [A[x * nf + f] for x, m in enumerate(s.cmask) for f in fruits[m] if first_refusal(s, x, f) is None]


def second_refusal(s: CabooseState, frame: SwapSecond, y: int, g: int) -> Why | None:
    pk = s.pk
    if y == frame.city:
        return no("swap_same_city", "CC-Q-22", "horus", first_city=frame.city)
    if g == frame.fruit:
        return no("swap_same_fruit", "CC-Q-22", "horus", first_fruit=(frame.fruit,))
    if not s.cubes[y * pk.nf + g]:
        return no("no_cube", "CC-GOD-HORUS-01", "horus", city=y, fruit=(g,))
    return None


def second_legal(s: CabooseState, p: int, frame: SwapSecond) -> list[Action]:
    pk = s.pk
    nf, fruits, A = pk.nf, pk.mask_fruits, pk.A_SWAP
    return [A[y * nf + g] for y, m in enumerate(s.cmask) for g in fruits[m]
            if second_refusal(s, frame, y, g) is None]


def swap_check(s: CabooseState, p: int, frame: SwapFirst | SwapSecond, action: Action) -> Why | None:
    if action.kind != "swap":
        return finish_first(frame, action, "CC-GOD-HORUS-01", "horus")
    if isinstance(frame, SwapFirst):
        return first_refusal(s, *action.args)
    return second_refusal(s, frame, *action.args)


def swap_ask(s: CabooseState, p: int, frame: SwapFirst | SwapSecond) -> Decision:
    if isinstance(frame, SwapFirst):
        return Decision(p, frame.KIND, "caboose.ask.swap_first", {}, "CC-GOD-HORUS-01")
    pk = s.pk
    return Decision(p, frame.KIND, "caboose.ask.swap_second",
                    named(pk, {"city": frame.city, "fruit": (frame.fruit,)}), "CC-Q-22")


def swap_do(s: CabooseState, p: int, frame: SwapFirst | SwapSecond, action: Action) -> bool:
    y, g = action.args
    if isinstance(frame, SwapFirst):
        s.stack = (s.stack[0], SwapSecond(y, g))
        return False
    pk = s.pk
    x, f = frame.city, frame.fruit
    remove_cube(s, x, f)  # CC-GOD-HORUS-01, CC-Q-22: swap two cubes of different fruits and cities
    remove_cube(s, y, g)
    add_cube(s, x, g)
    add_cube(s, y, f)
    s.horus_left = False
    s.stack = (TURN,)
    if s.log is not None:
        s.emit("caboose.horus", seat=p, a_hu=f"{pk.fruit_hu[f]} ({pk.city_hu[x]})",
               a_en=f"{pk.fruit_en[f]} ({pk.city_en[x]})", b_hu=f"{pk.fruit_hu[g]} ({pk.city_hu[y]})",
               b_en=f"{pk.fruit_en[g]} ({pk.city_en[y]})")
    return after(s)


# --------------------------------------------------------------------------- SEKHMET HUNTINGTON

def can_sekhmet(s: CabooseState, p: int, r: int) -> bool:
    """CC-GOD-SEKHMET-01, CC-R-02: the holder names one unbuilt route for the rest of the turn
    (while actions are left: checked with the other actions by ``menu``)."""
    return s.god[p] == SEKHMET and s.sekhmet < 0 and not s.rown[r]


def sekhmet_refusal(s: CabooseState, p: int, r: int) -> Why | None:
    """Why route ``r`` cannot be SEKHMET's now (None: it can)."""
    if can_sekhmet(s, p, r):
        return None
    if s.god[p] != SEKHMET:
        return _not_holder(SEKHMET, "CC-GOD-SEKHMET-01")
    if s.sekhmet >= 0:
        return no("sekhmet_used", "CC-R-02", "sekhmet", route=s.sekhmet)
    return no("sekhmet_built", "CC-GOD-SEKHMET-01", "sekhmet", route=r)


def sekhmet_do(s: CabooseState, p: int, r: int) -> bool:
    pk = s.pk
    s.sekhmet = r  # CC-GOD-SEKHMET-01, CC-R-02: one unbuilt route for the rest of the turn
    link(s, r)
    if s.log is not None:
        s.emit("caboose.sekhmet", seat=p, route=pk.route_ids[r], route_hu=pk.route_text(r, "hu"),
               route_en=pk.route_text(r, "en"))
    return False
