"""What the player is deciding, frame by frame: the sentence of ``state.decision()``.

Each waiting frame says what is being chosen and how much is left ("Földrengés: oszd el a
3 törzs veszteségét a 2. és az 5. terület között"); the sentences are ``pocketciv.ask.*`` in
the catalogue (``messages.py``), filled with numbers and ids that ``event_words`` turns into
the rulebook's words. The candidates named (``places``) are the ones the legal list offers,
so the sentence never promises a choice the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.pocketciv import frames as F
from asztal.games.pocketciv.data import A_BLACK_MARKET, A_CULTURE_OF_THIEVERY, BOX, Box
from asztal.games.pocketciv.development import city_cost
from asztal.games.pocketciv.upkeep import growth_allowance

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

#: a pending decision's sentence: its key, its arguments, the rule it rests on
Ask = tuple[str, dict[str, Any], str]


def _box(card: int, era: int) -> Box:
    """The event box ``card`` holds in ``era`` (the card of a pending event holds one)."""
    box = BOX[card][era]
    assert box is not None, "a pending event's card holds an event in its era"
    return box


def _places(s: PocketCivState, acts: Sequence[Action], kinds: tuple[str, ...] = ("pick", "lose", "cav")) -> list[int]:
    """The areas the legal list offers (1-based, in its order)."""
    return [a.args[0] + 1 for a in acts if a.kind in kinds]


def _cause(s: PocketCivState) -> str:
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


def ask(s: PocketCivState) -> Decision:
    """The decision ``s`` waits for (the game is not over)."""
    f = s.stack[-1]
    tell = _ASK.get(type(f))
    if tell is None:  # a frame that waits without its own sentence: name the step (never met in play)
        return Decision(seat=s.to_move, kind="pocketciv.step", key="pocketciv.ask.step", args={"now": f.TAG},
                        rule="PC-TURN-01")
    key, args, rule = tell(s, f)
    return Decision(seat=s.to_move, kind="pocketciv." + key, key="pocketciv.ask." + key, args=args, rule=rule)


def _setup(s: PocketCivState, f: F.Setup) -> Ask:
    return "setup", {"left": 3 - f.placed}, "PC-SETUP-MAP-13"


def _topup(s: PocketCivState, f: F.TopUp) -> Ask:
    return "topup", {"left": 3 - sum(s.emp.tribes)}, "PC-POP-02"


def _move(s: PocketCivState, f: F.Move) -> Ask:
    free = sum(t - m for t, m in zip(s.emp.tribes, s.emp.moved, strict=True))
    return "move", {"free": free}, "PC-POP-05"


def _dev(s: PocketCivState, f: F.Dev) -> Ask:
    return "dev", {"tribes": sum(s.emp.tribes), "gold": s.emp.gold, "city": city_cost(s.emp.adv)}, "PC-DEV-01"


def _upkeep(s: PocketCivState, f: F.Upkeep) -> Ask:
    left = max(0, growth_allowance(s.emp.adv) - s.emp.grown)
    return "citydev" if left else "citydev.none", {"left": left}, "PC-UPK-CITYDEV-01"


def _exp(s: PocketCivState, f: F.Exp) -> Ask:
    return "exp", {"area": f.area + 1, "force": f.force, "sea": bool(f.sea)}, "PC-DEV-EXP-02"


def _mine(s: PocketCivState, f: F.Mine) -> Ask:
    if f.step == 0:
        return "mine.pay", {"left": 3 - f.paid}, "PC-DEV-MINING-04"
    return "mine.cart", {"cart": f.cart}, "PC-DEV-MINING-05"


def _tax(s: PocketCivState, f: F.Tax) -> Ask:
    return "tax", {"gold": s.emp.gold}, "PC-DEV-BM-04"


def _drop(s: PocketCivState, f: F.Drop) -> Ask:
    owned = [k for k, bit in (("culture_of_thievery", A_CULTURE_OF_THIEVERY), ("black_market", A_BLACK_MARKET))
             if s.emp.adv & bit]
    return "drop", {"advances": owned}, "PC-R-CULTURE-DROP"


def _pay(s: PocketCivState, f: F.Pay) -> Ask:
    return "pay", {"left": f.left}, "PC-UPK-CITYDEV-01"


def _sacrifice(s: PocketCivState, f: F.Sacrifice) -> Ask:
    return "sacrifice", {}, "PC-UPK-CAPITAL-03"


def _starve(s: PocketCivState, f: F.Starve) -> Ask:
    return "starve", {"left": f.left, "places": _places(s, s.legal_actions())}, "PC-UPK-CITY-04"


def _era(s: PocketCivState, f: F.Era) -> Ask:
    return "era", {"era": s.era, "ended": s.era - 1}, "PC-ERA-09"


def _astro(s: PocketCivState, f: F.Astro) -> Ask:
    return "astro", {"card": f.card + 1, "event": _box(f.card, f.era)[0]}, "PC-EVT-ASTRONOMY-01"


def _loss(s: PocketCivState, f: F.Loss) -> Ask:
    return "loss", {"event": _cause(s), "left": f.left, "places": _places(s, s.legal_actions())}, "PC-CON-10"


def _cavloss(s: PocketCivState, f: F.CavLoss) -> Ask:
    return "cavloss", {"event": _cause(s), "left": f.left, "places": _places(s, s.legal_actions())}, "PC-CON-11"


def _wonders(s: PocketCivState, f: F.Wonders) -> Ask:
    return "wonders", {"event": _cause(s), "area": f.area + 1, "left": f.left}, "PC-R-WONDER-CHOICE"


def _anarchy(s: PocketCivState, f: F.Anarchy) -> Ask:
    return "anarchy", {"left": 4 - f.picked}, "PC-EVT-ANARCHY-05"


def _attack(s: PocketCivState, f: F.Attack) -> Ask:
    return ("attack", {"event": _cause(s), "force": f.force, "area": f.area + 1,
                       "places": _places(s, s.legal_actions())}, "PC-R-ATTACK-04")


def _bandits(s: PocketCivState, f: F.Bandits) -> Ask:
    return "bandits", {"force": f.force, "hexagon": f.hexagon}, "PC-R-BANDITS-CHOICE"


def _earthquake(s: PocketCivState, f: F.Earthquake) -> Ask:
    return "earthquake", {"left": f.left, "area": f.area + 1, "places": _places(s, s.legal_actions())}, "PC-Q-22"


def _epidemic(s: PocketCivState, f: F.Epidemic) -> Ask:
    return "epidemic", {"loss": f.loss, "places": _places(s, s.legal_actions())}, "PC-EVT-EPIDEMIC-03"


def _sandstorm(s: PocketCivState, f: F.Sandstorm) -> Ask:
    return "sandstorm", {"left": f.left, "area": f.area + 1, "places": _places(s, s.legal_actions())}, \
        "PC-EVT-SANDSTORM-02"


def _superstition(s: PocketCivState, f: F.Superstition) -> Ask:
    return "superstition", {"left": f.left}, "PC-EVT-SUPERST-05"


def _trade(s: PocketCivState, f: F.Trade) -> Ask:
    if f.step == 2:
        return "trade.steal", {}, "PC-EVT-TRADE-03"
    return "trade.stash", {"stash": f.stash}, "PC-EVT-TRADE-04"


def _tribal_war(s: PocketCivState, f: F.TribalWar) -> Ask:
    return ("tribal_war", {"warring": f.warring, "left": f.left, "area": f.area + 1,
                           "places": _places(s, s.legal_actions())}, "PC-EVT-TRIBALWAR-04")


def _uprising(s: PocketCivState, f: F.Uprising) -> Ask:
    return "uprising", {"area": f.area + 1, "places": _places(s, s.legal_actions())}, "PC-EVT-UPRISING-07"


def _visitation(s: PocketCivState, f: F.Visitation) -> Ask:
    empire = _box(f.card, f.era)[4]
    if f.step == 1:
        return "visitation.offer", {"offer": f.offer, "empire": _empire(empire)}, "PC-EVT-VISIT-02"
    return "visitation.look", {"empire": _empire(empire)}, "PC-EVT-VISIT-03"


def _empire(i: int) -> str:
    from asztal.games.pocketciv.data import EMPIRES

    return EMPIRES[i]


def _mpsetup(s: PocketCivState, f: F.MpSetup) -> Ask:
    return "setup", {"left": 3 - f.placed}, "PC-Q-25"


def _mpev(s: PocketCivState, f: F.MpEv) -> Ask:
    if f.stage == 0:
        return "totem", {"event": _box(f.card, f.era)[0], "holder": s.totem + 1}, "PC-MP-TOTEM-07"
    return "astro", {"card": f.card + 1, "event": _box(f.card, f.era)[0]}, "PC-EVT-ASTRONOMY-01"


def _alloc(s: PocketCivState, f: F.Alloc) -> Ask:
    acts = s.legal_actions()
    a = acts[0].args[1]
    ev = s.ledger()
    if acts[0].kind == "hit":
        return "alloc.tribes", {"left": ev.lt[a], "area": a + 1}, "PC-MP-TOTEM-10"
    return "alloc.cities", {"left": ev.lc[a], "area": a + 1}, "PC-R-MP-LOCAL-CAV"


_ASK: dict[type[F.PCFrame], Callable[[PocketCivState, Any], Ask]] = {
    F.Setup: _setup, F.TopUp: _topup, F.Move: _move, F.Dev: _dev, F.Upkeep: _upkeep, F.Exp: _exp,
    F.Mine: _mine, F.Tax: _tax, F.Drop: _drop, F.Pay: _pay, F.Sacrifice: _sacrifice, F.Starve: _starve,
    F.Era: _era, F.Astro: _astro, F.Loss: _loss, F.CavLoss: _cavloss, F.Wonders: _wonders,
    F.Anarchy: _anarchy, F.Attack: _attack, F.Bandits: _bandits, F.Earthquake: _earthquake,
    F.Epidemic: _epidemic, F.Sandstorm: _sandstorm, F.Superstition: _superstition, F.Trade: _trade,
    F.TribalWar: _tribal_war, F.Uprising: _uprising, F.Visitation: _visitation,
    F.MpSetup: _mpsetup, F.MpEv: _mpev, F.Alloc: _alloc,
}
