"""What a phase B turn offers (CC-TURN-*): the menu of the ``Turn`` frame.

The menu lists the auction cards that may be taken, the first step of each action whose
requirements are all met (CC-TURN-06: an action is offered only if it can be completed, so a
started action never gets stuck), the gods' free powers and ``done``. Each entry is there
because it passes its action's check: the ``*_refusal`` function, or for the four actions
tried on every card of a hand the ``can_*`` predicate that ``*_refusal`` itself decides by
(worked out once per menu); so the menu and the refusals never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.building import build_refusal, build_start, can_build, fruit_card_mask, sites_in
from asztal.games.caboose.citydraw import citydraw, citydraw_refusal
from asztal.games.caboose.common import Why, hand_cities, no
from asztal.games.caboose.delivery import deliver_refusal, deliver_start
from asztal.games.caboose.frames import Turn
from asztal.games.caboose.gods import can_horus, can_sekhmet, horus_refusal, horus_start, sekhmet_do, sekhmet_refusal
from asztal.games.caboose.growing import can_grow, grow_refusal, grow_start
from asztal.games.caboose.pack import ATUM, BES, CITYDECK, DONE, FRUIT, HORUS_ACT, SEKHMET, TRAIN
from asztal.games.caboose.pyramid import can_pyramid, free_pyramids, pyramid_refusal, pyramid_start
from asztal.games.caboose.rail import can_rail, rail_cities, rail_refusal, rail_start
from asztal.games.caboose.transport import board_masks
from asztal.games.caboose.turn import after, end_turn

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

#: the six actions and SEKHMET's route: each takes one of the turn's actions (CC-TURN-04, CC-R-02)
_ACTIONS = frozenset({"rail", "build", "deliver", "grow", "pyramid", "citydraw", "sekhmet"})
#: moves that only continue a started action or swap, with the rule saying when they come
_PENDING = {"card": "CC-TURN-06", "route": "CC-ACT-TRAIN-03", "src": "CC-ACT-BUILD-04", "use": "CC-ACT-BUILD-04",
            "city": "CC-ACT-PYR-05", "swap": "CC-GOD-HORUS-01"}


def can_take(s: CabooseState) -> bool:
    """CC-TURN-02, CC-Q-04, CC-Q-06: a card of the face-up display (not refilled), 1 a turn (2 with
    ATUM YOUNG); CC-TURN-08, CC-Q-25 at any time of the turn. The menu offers every displayed card
    exactly when this holds."""
    return s.draws_left > 0


def take_refusal(s: CabooseState, p: int, i: int) -> Why | None:
    """Why auction card ``i`` cannot be taken now (None: it can)."""
    if not can_take(s):
        return no("take_none_left", "CC-TURN-02", "turn", count=2 if s.god[p] == ATUM else 1)
    if i not in s.adisp:
        return no("take_not_displayed", "CC-Q-04", "turn", acard=i)
    return None


def _action_refusal(s: CabooseState, p: int, kind: str, arg: int) -> Why | None:
    """One of the six actions (or SEKHMET's route) ``kind`` with its first choice ``arg``."""
    if not s.acts_left:  # CC-TURN-04, CC-GOD-BES-01
        return no("no_actions_left", "CC-TURN-04", kind, count=3 if s.god[p] == BES else 2)
    if kind == "rail":
        return rail_refusal(s, p, arg)
    if kind == "build":
        return build_refusal(s, p, arg)
    if kind == "deliver":
        return deliver_refusal(s, p, arg)
    if kind == "grow":
        return grow_refusal(s, p, arg)
    if kind == "pyramid":
        return pyramid_refusal(s, p, arg)
    if kind == "citydraw":
        return citydraw_refusal(s, p, arg)
    return sekhmet_refusal(s, p, arg)


def legal(s: CabooseState, p: int, frame: Turn) -> list[Action]:
    pk = s.pk
    acts = [pk.A_TAKE[i] for i in s.adisp] if can_take(s) else []
    if s.acts_left:  # CC-TURN-04, CC-TURN-05, CC-TURN-07: any of the six, the same one again allowed
        kind = pk.ac_kind
        cities = hand_cities(s, p)
        rail = fits = -1  # what the hand's city cards allow, worked out once when needed
        cards = 0
        for i in s.ahand[p]:
            if kind[i] == TRAIN:
                if rail < 0:
                    rail = cities & rail_cities(s, p)  # ``rail_from``
                if can_rail(s, p, i, rail):
                    acts.append(pk.A_RAIL[i])
            else:
                if fits < 0:
                    fits, cards = sites_in(s, cities), fruit_card_mask(s, p)
                if can_build(s, i, fits, cards):
                    acts.append(pk.A_BUILD[i])
        _, dm, empty = board_masks(s)
        A, cc_mask, cc_city = pk.A_DELIVER, pk.cc_mask, pk.cc_city
        acts += [A[c] for c in s.chand[p] if cc_mask[c] & dm[cc_city[c]]]  # ``can_deliver``, inlined
        if s.fcards[p]:
            if fits < 0:
                fits = sites_in(s, cities)
            A = pk.A_GROW
            acts += [A[k] for k in s.fcards[p] if can_grow(s, k, fits)]
        A = pk.A_PYRAMID
        acts += [A[t] for t in free_pyramids(s) if can_pyramid(s, p, t, empty)]
        if s.cdisp:
            A = pk.A_CITYDRAW
            acts += [A[c] for c in s.cdisp]  # each passes ``citydraw_refusal``
        elif citydraw_refusal(s, p, -1) is None:
            acts.append(CITYDECK)
        if s.god[p] == SEKHMET:
            A = pk.A_SEKHMET
            acts += [A[r] for r in range(pk.nr) if can_sekhmet(s, p, r)]
    if can_horus(s):
        acts.append(HORUS_ACT)
    acts.append(DONE)  # CC-R-05 giving up what is left (CC-Q-25)
    return acts


def refusal(s: CabooseState, p: int, frame: Turn, action: Action) -> Why | None:
    kind = action.kind
    if kind == "take":
        return take_refusal(s, p, action.args[0])
    if kind in _ACTIONS:
        return _action_refusal(s, p, kind, action.args[0])
    if kind == "horus":
        return horus_refusal(s, p)
    if kind == "done":
        return None
    if kind in _PENDING:
        return no("pending_" + kind, _PENDING[kind], "turn", action=action)
    if kind in ("bid", "pass"):
        return no("auction_over", "CC-RND-02", "auction", action=action)
    return no("gods_chosen", "CC-AUC-12", "gods", action=action)


def ask(s: CabooseState, p: int, frame: Turn) -> Decision:
    draws = s.draws_left if s.adisp else 0
    acts = s.acts_left
    if acts and draws:
        key = "turn"
    elif acts:
        key = "turn_actions"
    elif draws:
        key = "turn_cards"
    else:
        key = "turn_horus"
    return Decision(p, frame.KIND, "caboose.ask." + key, {"actions": acts, "cards": draws}, "CC-TURN-04")


def do(s: CabooseState, p: int, frame: Turn, action: Action) -> bool:
    kind = action.kind
    if kind == "take":
        return _take(s, p, action.args[0])
    if kind == "done":
        return end_turn(s)
    if kind == "rail":
        return rail_start(s, p, action.args[0])
    if kind == "build":
        return build_start(s, p, action.args[0])
    if kind == "deliver":
        return deliver_start(s, p, action.args[0])
    if kind == "grow":
        return grow_start(s, p, action.args[0])
    if kind == "pyramid":
        return pyramid_start(s, p, action.args[0])
    if kind == "citydraw":
        return citydraw(s, p, action.args[0])
    if kind == "horus":
        return horus_start(s, p)
    return sekhmet_do(s, p, action.args[0])


def _take(s: CabooseState, p: int, i: int) -> bool:
    pk = s.pk
    s.own_decks()
    s.own_hands()
    s.adisp.remove(i)  # CC-TURN-02 the display is not refilled (CC-Q-04)
    if pk.ac_kind[i] == FRUIT:
        s.fcards[p] = s.fcards[p] + (i,)  # CC-TURN-03, CC-SETUP-10 fruit cards face up
    else:
        s.ahand[p] = s.ahand[p] + (i,)
    s.draws_left -= 1
    if s.log is not None:
        s.emit("caboose.take", seat=p, card=pk.ac_ids[i], card_hu=pk.auction_text(i, "hu"),
               card_en=pk.auction_text(i, "en"))
    return after(s)
