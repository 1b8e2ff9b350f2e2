"""Why a move is refused: the helper every rule check uses, and the reason for a move that
belongs to another step of the round.

A rule check is one function for the legal list and the refusal (PokerKit's verify/can/do):
``check(state, ..., why=False)`` returns None when the move passes, and otherwise ``True``
(the legal list only needs to know) or, with ``why=True``, the :class:`Refusal` naming the
rule and the numbers behind it; checks chain with ``or`` (the first failure answers). The
legal list is what passes the checks; ``refusal`` asks the same checks why not. Keys are
``pocketciv.no.*`` in the catalogue (``messages.py``).
"""

from __future__ import annotations

from typing import Any

from asztal.engine.action import Action
from asztal.engine.decision import Refusal


def no(key: str, rule: str | None, **args: Any) -> Refusal:
    """The refusal ``pocketciv.no.<key>`` resting on ``rule``."""
    return Refusal("pocketciv.no." + key, rule, args)


#: where each kind of move belongs: (the step it is made in, the rule that allows it)
HOME = {
    "place": ("setup", "PC-SETUP-MAP-13"),
    "topup": ("topup", "PC-POP-02"),
    "move": ("move", "PC-POP-05"),
    "sail": ("move", "PC-POP-10"),
    "city": ("dev", "PC-DEV-CITY-01"),
    "farm": ("dev", "PC-DEV-FARM-01"),
    "agri": ("dev", "PC-DEV-FARM-03"),
    "forest": ("dev", "PC-DEV-HORTI-01"),
    "adv": ("dev", "PC-DEV-ADV-01"),
    "wonder": ("dev", "PC-DEV-WONDER-01"),
    "exp": ("dev", "PC-DEV-EXP-01"),
    "mine": ("dev", "PC-DEV-MINING-01"),
    "tax": ("dev", "PC-DEV-BM-01"),
    "exp_add": ("exp", "PC-DEV-EXP-02"),
    "go": ("exp", "PC-DEV-EXP-04"),
    "grow": ("citydev", "PC-UPK-CITYDEV-01"),
    "capital": ("citydev", "PC-UPK-CAPITAL-01"),
    "pay": ("pay", "PC-UPK-CITYDEV-01"),
    "sacrifice": ("sacrifice", "PC-UPK-CAPITAL-03"),
    "cav": ("cavloss", "PC-UPK-CITY-04"),
    "lose": ("loss", "PC-CON-10"),
    "wloss": ("wonders", "PC-R-WONDER-CHOICE"),
    "pick": ("pick", "PC-EVT-02"),
    "cut": ("bandits", "PC-R-BANDITS-CHOICE"),
    "continue": ("era", "PC-ERA-09"),
    "end": ("era", "PC-ERA-09"),
    "astronomy": ("astro", "PC-EVT-ASTRONOMY-01"),
    "offer": ("visitation", "PC-EVT-VISIT-02"),
    "offer_gold": ("visitation", "PC-EVT-VISIT-02"),
    "steal": ("trade", "PC-EVT-TRADE-03"),
    "drop": ("drop", "PC-R-CULTURE-DROP"),
    "take": ("totem", "PC-MP-TOTEM-07"),
    "leave": ("totem", "PC-MP-TOTEM-07"),
    "hit": ("alloc", "PC-MP-TOTEM-10"),
    "hitcity": ("alloc", "PC-MP-TOTEM-10"),
    "draw": ("draw", None),
    "stop": ("draw", None),
    "done": ("done", None),
}


#: the positions of an action's arguments that are areas (0-based), by kind
AREA_ARGS = {"move": (0, 1), "sail": (0, 1), "hit": (1,), "hitcity": (1,), "cut": (), "drop": (), "wloss": ()}


def off_map(action: Action, n: int) -> Refusal | None:
    """An area beyond this map's ``n`` (codes reach the largest map's areas): refused first."""
    for i in AREA_ARGS.get(action.kind, (0,)):
        if i < len(action.args) and action.args[i] >= n:
            return no("no_area", "PC-SETUP-MAP-01", area=action.args[i] + 1)
    return None


#: the Development activities that run over several decisions (an expedition gathering its
#: force, mining, taxing the black market): another Development move waits until they end
UNFINISHED = {"exp": "PC-DEV-EXP-04", "mine": "PC-DEV-MINING-05", "tax": "PC-DEV-BM-05"}


def not_here(action: Action, now: str) -> Refusal:
    """A move of another step: where it belongs, and what is being decided now (``now``: the
    pending step, told in words by ``messages.event_words``). The rule is the one that allows
    the move where it belongs, or for a move every step has (draw, stop, done) the one of 5.x:
    the phases of the round (PC-TURN-01). A Development move made while an expedition, mining
    or taxing is still under way is in its phase: what stands in the way is the unfinished
    activity, and the refusal says so (a second expedition waits for the first to set out; the
    phase cannot be closed with an expedition still gathering)."""
    home, rule = HOME.get(action.kind, ("other", None))
    if now in UNFINISHED and (home == "dev" or action.kind == "done"):
        return no("unfinished", UNFINISHED[now], move=action.code, now=now)
    return no("not_now", rule or "PC-TURN-01", move=action.code, home=home, now=now)
