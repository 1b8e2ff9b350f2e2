"""What the events share (chapter 7): the box of the card that started an event, the loss a
player spreads over areas (``Loss``: tribes, ``CavLoss``: city values, one unit per action),
the wonders a player chooses to lose (``Wonders``), and the choice of an area next to
another. Each event's module imports this one; the registry (``events/__init__``) imports the
events, so nothing here imports the registry back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.games.pocketciv.actions import CAV, LOSE, WLOSS
from asztal.games.pocketciv.data import BITS, BOX, WONDER_IDS, Box
from asztal.games.pocketciv.frames import CavLoss, EventFrame, Loss, PCFrame, Wonders, register
from asztal.games.pocketciv.refuse import no, not_here

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

#: the frame a shared refusal serves (``pick_refuse``)
F = TypeVar("F", bound=PCFrame)


def box_of(f: EventFrame) -> Box:
    """The box of the original event card that started frame ``f`` (PC-EVT-02)."""
    box = BOX[f.card][f.era]
    assert box is not None, "an event frame's card holds an event in its era"
    return box


# -- shared sub-decisions -----------------------------------------------------------------------
def spread_check(s: PocketCivState, f: CavLoss | Loss, a: int, why: bool = False) -> Refusal | bool | None:
    """A spread loss falls only on the areas it reaches, where there is something to lose."""
    if a >= s.board.n or not f.mask & BITS[a]:
        return no("outside", "PC-CON-10", area=a + 1) if why else True
    if not _spread(s, f)[0][a]:
        return (no("no_tribe", "PC-CON-10", area=a + 1) if type(f) is Loss
                else no("no_city", "PC-CON-11", area=a + 1)) if why else True
    return None


def _spread(s: PocketCivState, f: CavLoss | Loss) -> tuple[list[int], Callable[[int, int], int]]:
    """What a spread loss falls on, and how it is removed: tribes (``Loss``) or CAV (``CavLoss``)."""
    return (s.emp.tribes, s.rm_tribes) if type(f) is Loss else (s.emp.cav, s.reduce_cav)


def _spread_run(s: PocketCivState, f: CavLoss | Loss) -> bool:
    """A loss spread as the player likes over the areas in ``mask``, one unit per action:
    tribes (``loss``: all of it must be used while tribes remain there; a surplus is ignored,
    PC-Q-21) or CAV of cities (``cavloss``: PC-EVT-ANARCHY-07, PC-EVT-CORRUPTION-02; a city at
    0 is destroyed, PC-CON-12). With one candidate, or too little to choose, it falls at once."""
    amount = f.left
    counts, remove = _spread(s, f)
    cands = [a for a in s.board.areas if spread_check(s, f, a) is None]
    if amount <= 0 or not cands:
        s.stack.pop()
        return True
    if len(cands) == 1 or sum(counts[a] for a in cands) <= amount:
        left = amount
        for a in cands:
            left -= remove(a, left)
        s.stack.pop()
        return True
    return False


def _spread_legal(s: PocketCivState, f: CavLoss | Loss) -> list[Action]:
    acts = LOSE if type(f) is Loss else CAV
    return [acts[a] for a in s.board.areas if spread_check(s, f, a) is None]


def _spread_refuse(s: PocketCivState, f: CavLoss | Loss, action: Action) -> Refusal | bool | None:
    if action.kind == ("lose" if type(f) is Loss else "cav"):
        return spread_check(s, f, action.args[0], True)
    return not_here(action, f.TAG)


def _spread_act(s: PocketCivState, f: CavLoss | Loss, action: Action) -> None:
    _spread(s, f)[1](action.args[0], 1)
    s.stack[-1] = type(f)(f.left - 1, f.mask)


register("loss", run=_spread_run, legal=_spread_legal, act=_spread_act, refuse=_spread_refuse)
register("cavloss", run=_spread_run, legal=_spread_legal, act=_spread_act, refuse=_spread_refuse)


def lose_wonders(s: PocketCivState, a: int, k: int) -> None:
    """Destroy ``k`` of the wonders in area ``a``. Which ones is the player's choice (ruling
    PC-R-WONDER-CHOICE, *"wonders of your choice"*): a ``Wonders`` frame asks, one wonder at a
    time, unless the choice cannot matter: every wonder there goes, or they are all alike."""
    ws = s.emp.wonders[a]
    if k <= 0 or not ws:
        return
    if k < len(ws) and len(set(ws)) > 1:
        s.stack.append(Wonders(a, k))
        return
    s.emp.set_wonders(a, ws[k:])
    s.hit |= BITS[a]
    s.emit("pocketciv.wonders_lost", area=a + 1, count=min(k, len(ws)), cause=s.loss_cause())


def _wonders_legal(s: PocketCivState, f: Wonders) -> list[Action]:
    return [WLOSS[w] for w in sorted(set(s.emp.wonders[f.area]))]


def _wonders_refuse(s: PocketCivState, f: Wonders, action: Action) -> Refusal | bool | None:
    if action.kind == "wloss":  # the legal list: the kinds of wonder standing there
        return no("no_wonder", "PC-R-WONDER-CHOICE", area=f.area + 1, wonder=WONDER_IDS[action.args[0]])
    return not_here(action, f.TAG)


def _wonders_act(s: PocketCivState, f: Wonders, action: Action) -> None:
    a, k = f.area, f.left
    ws = list(s.emp.wonders[a])
    ws.remove(action.args[0])
    s.emp.set_wonders(a, tuple(ws))
    s.hit |= BITS[a]
    s.emit("pocketciv.wonders_lost", area=a + 1, count=1, cause=s.loss_cause())
    s.stack.pop()
    lose_wonders(s, a, k - 1)


register("wonders", legal=_wonders_legal, act=_wonders_act, refuse=_wonders_refuse)


def pick_refuse(check: Callable[[PocketCivState, F, int, bool], Refusal | bool | None]
                ) -> Callable[[PocketCivState, F, Action], Refusal | bool | None]:
    """The refusal of a frame whose choice is an area (``pick``): ``check(s, f, area, why)``
    is the test its legal list is built from."""
    def refuse(s: PocketCivState, f: F, action: Action) -> Refusal | bool | None:
        if action.kind == "pick":
            return check(s, f, action.args[0], True)
        return not_here(action, f.TAG)
    return refuse


def neighbour_check(s: PocketCivState, centre: int, n: int, why: bool = False) -> Refusal | bool | None:
    """The choice is a neighbour of ``centre``."""
    if n >= s.board.n or n not in s.board.adj[centre]:
        return no("not_neighbour", "PC-CON-15", centre=centre + 1, area=n + 1) if why else True
    return None


def area_mask(s: PocketCivState, a: int) -> int:
    """The active area and its neighbours."""
    return BITS[a] | s.board.adjmask[a]
