"""What the player is deciding, frame by frame: the sentence of ``state.decision()``.

Each waiting frame says what is being chosen and how much is left ("Földrengés: oszd el a
3 törzs veszteségét a 2. és az 5. terület között"); the sentences are ``pocketciv.ask.*`` in
the catalogue (``messages.py``), filled with numbers and ids that ``event_words`` turns into
the rulebook's words. The candidates named (``places``) are the ones the legal list offers,
so the sentence never promises a choice the rules do not allow.
"""

from __future__ import annotations

from typing import Any

from asztal.engine.decision import Decision
from asztal.games.pocketciv import frames as F
from asztal.games.pocketciv.data import A_BLACK_MARKET, A_CULTURE_OF_THIEVERY, BOX
from asztal.games.pocketciv.development import city_cost
from asztal.games.pocketciv.upkeep import growth_allowance


def _places(s, acts, kinds=("pick", "lose", "cav")) -> list[int]:
    """The areas the legal list offers (1-based, in its order)."""
    return [a.args[0] + 1 for a in acts if a.kind in kinds]


def _cause(s) -> str:
    """The event (or step) a shared sub-decision serves, by its id: ``tsunami``, ``bandits``..."""
    for f in reversed(s.stack[:-1]):
        if isinstance(f, F.Flood):
            return "tsunami" if f.step else "flood"
        if isinstance(f, F.EventFrame):
            return f.EVENT
        if isinstance(f, F.Trade):
            return "trade"
        if isinstance(f, (F.Upkeep, F.Starve)):
            return "upkeep"
        if isinstance(f, F.Tax):
            return "anarchy"
    return "event"


def ask(s) -> Decision:
    """The decision ``s`` waits for (the game is not over)."""
    f = s.stack[-1]
    tell = _ASK.get(type(f))
    if tell is None:  # a frame that waits without its own sentence: name the step (never met in play)
        return Decision(seat=s.to_move, kind="pocketciv.step", key="pocketciv.ask.step", args={"now": f.TAG},
                        rule="PC-TURN-01")
    key, args, rule = tell(s, f)
    return Decision(seat=s.to_move, kind="pocketciv." + key, key="pocketciv.ask." + key, args=args, rule=rule)


def _setup(s, f) -> tuple[str, dict[str, Any], str]:
    return "setup", {"left": 3 - f.placed}, "PC-SETUP-MAP-13"


def _topup(s, f):
    return "topup", {"left": 3 - sum(s.emp.tribes)}, "PC-POP-02"


def _move(s, f):
    free = sum(t - m for t, m in zip(s.emp.tribes, s.emp.moved, strict=True))
    return "move", {"free": free}, "PC-POP-05"


def _dev(s, f):
    return "dev", {"tribes": sum(s.emp.tribes), "gold": s.emp.gold, "city": city_cost(s.emp.adv)}, "PC-DEV-01"


def _upkeep(s, f):
    left = max(0, growth_allowance(s.emp.adv) - s.emp.grown)
    return "citydev" if left else "citydev.none", {"left": left}, "PC-UPK-CITYDEV-01"


def _exp(s, f):
    return "exp", {"area": f.area + 1, "force": f.force, "sea": bool(f.sea)}, "PC-DEV-EXP-02"


def _mine(s, f):
    if f.step == 0:
        return "mine.pay", {"left": 3 - f.paid}, "PC-DEV-MINING-04"
    return "mine.cart", {"cart": f.cart}, "PC-DEV-MINING-05"


def _tax(s, f):
    return "tax", {"gold": s.emp.gold}, "PC-DEV-BM-04"


def _drop(s, f):
    owned = [k for k, bit in (("culture_of_thievery", A_CULTURE_OF_THIEVERY), ("black_market", A_BLACK_MARKET))
             if s.emp.adv & bit]
    return "drop", {"advances": owned}, "PC-R-CULTURE-DROP"


def _pay(s, f):
    return "pay", {"left": f.left}, "PC-UPK-CITYDEV-01"


def _sacrifice(s, f):
    return "sacrifice", {}, "PC-UPK-CAPITAL-03"


def _starve(s, f):
    return "starve", {"left": f.left, "places": _places(s, s.legal_actions())}, "PC-UPK-CITY-04"


def _era(s, f):
    return "era", {"era": s.era, "ended": s.era - 1}, "PC-ERA-09"


def _astro(s, f):
    return "astro", {"card": f.card + 1, "event": BOX[f.card][f.era][0]}, "PC-EVT-ASTRONOMY-01"


def _loss(s, f):
    return "loss", {"event": _cause(s), "left": f.left, "places": _places(s, s.legal_actions())}, "PC-CON-10"


def _cavloss(s, f):
    return "cavloss", {"event": _cause(s), "left": f.left, "places": _places(s, s.legal_actions())}, "PC-CON-11"


def _wonders(s, f):
    return "wonders", {"event": _cause(s), "area": f.area + 1, "left": f.left}, "PC-R-WONDER-CHOICE"


def _anarchy(s, f):
    return "anarchy", {"left": 4 - f.picked}, "PC-EVT-ANARCHY-05"


def _attack(s, f):
    return ("attack", {"event": _cause(s), "force": f.force, "area": f.area + 1,
                       "places": _places(s, s.legal_actions())}, "PC-R-ATTACK-04")


def _bandits(s, f):
    return "bandits", {"force": f.force, "hexagon": f.hexagon}, "PC-R-BANDITS-CHOICE"


def _earthquake(s, f):
    return "earthquake", {"left": f.left, "area": f.area + 1, "places": _places(s, s.legal_actions())}, "PC-Q-22"


def _epidemic(s, f):
    return "epidemic", {"loss": f.loss, "places": _places(s, s.legal_actions())}, "PC-EVT-EPIDEMIC-03"


def _sandstorm(s, f):
    return "sandstorm", {"left": f.left, "area": f.area + 1, "places": _places(s, s.legal_actions())}, \
        "PC-EVT-SANDSTORM-02"


def _superstition(s, f):
    return "superstition", {"left": f.left}, "PC-EVT-SUPERST-05"


def _trade(s, f):
    if f.step == 2:
        return "trade.steal", {}, "PC-EVT-TRADE-03"
    return "trade.stash", {"stash": f.stash}, "PC-EVT-TRADE-04"


def _tribal_war(s, f):
    return ("tribal_war", {"warring": f.warring, "left": f.left, "area": f.area + 1,
                           "places": _places(s, s.legal_actions())}, "PC-EVT-TRIBALWAR-04")


def _uprising(s, f):
    return "uprising", {"area": f.area + 1, "places": _places(s, s.legal_actions())}, "PC-EVT-UPRISING-07"


def _visitation(s, f):
    empire = BOX[f.card][f.era][4]
    if f.step == 1:
        return "visitation.offer", {"offer": f.offer, "empire": _empire(empire)}, "PC-EVT-VISIT-02"
    return "visitation.look", {"empire": _empire(empire)}, "PC-EVT-VISIT-03"


def _empire(i: int) -> str:
    from asztal.games.pocketciv.data import EMPIRES

    return EMPIRES[i]


def _mpsetup(s, f):
    return "setup", {"left": 3 - f.placed}, "PC-Q-25"


def _mpev(s, f):
    if f.stage == 0:
        return "totem", {"event": BOX[f.card][f.era][0], "holder": s.totem + 1}, "PC-MP-TOTEM-07"
    return "astro", {"card": f.card + 1, "event": BOX[f.card][f.era][0]}, "PC-EVT-ASTRONOMY-01"


def _alloc(s, f):
    acts = s.legal_actions()
    a = acts[0].args[1]
    ev = s.ev
    if acts[0].kind == "hit":
        return "alloc.tribes", {"left": ev.lt[a], "area": a + 1}, "PC-MP-TOTEM-10"
    return "alloc.cities", {"left": ev.lc[a], "area": a + 1}, "PC-R-MP-LOCAL-CAV"


_ASK = {
    F.Setup: _setup, F.TopUp: _topup, F.Move: _move, F.Dev: _dev, F.Upkeep: _upkeep, F.Exp: _exp,
    F.Mine: _mine, F.Tax: _tax, F.Drop: _drop, F.Pay: _pay, F.Sacrifice: _sacrifice, F.Starve: _starve,
    F.Era: _era, F.Astro: _astro, F.Loss: _loss, F.CavLoss: _cavloss, F.Wonders: _wonders,
    F.Anarchy: _anarchy, F.Attack: _attack, F.Bandits: _bandits, F.Earthquake: _earthquake,
    F.Epidemic: _epidemic, F.Sandstorm: _sandstorm, F.Superstition: _superstition, F.Trade: _trade,
    F.TribalWar: _tribal_war, F.Uprising: _uprising, F.Visitation: _visitation,
    F.MpSetup: _mpsetup, F.MpEv: _mpev, F.Alloc: _alloc,
}
