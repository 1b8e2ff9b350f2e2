"""PocketCiv's scripted player: the ``policy`` bot, MCTS's roll-outs and prior, and the
play-tests' sensible player (``tests/pocketciv`` imports it from here).

It plays the way the book advises (chapter "Hogyan kezdjünk hozzá?" and the phase notes):
start where mountains and forests are, keep every area's tribes within its support
capacity (moving the surplus to neighbours with room), clear a forest for a farm and found
a city on it, grow cities when an advance allows it, buy cheap useful advances, send only
tribes that would starve anyway on an expedition, and never end the game voluntarily.

Two habits come from measuring what destroys its cities and what stops them buying advances
(docs/bots.md, "PocketCiv solo under rules version 3"): a city area left without tribes gets
one first (an Attack moves on to the neighbour with the fewest tribes, so an empty city area
is the one it razes, PC-R-ATTACK-04), and with Agriculture a city gets its farm without losing its forest,
the wood most advances need (PC-DEV-FARM-03, PC-DEV-ADV-06); with Cartage a spare farm feeds a
city founded away from it (PC-UPK-CITY-03). An advance is a place for good (the total city
value caps how many are owned), so the order of ``WANTED`` spends the places on city growth and
leaves out the cheap advances that only fill one. At a Visitation it looks twice for the
handshake with Philosophy and, with Diplomacy, offers spare tribes and gold for a partnership.

What the third pass measured (docs/bots.md, "PocketCiv policy: where the tribes stand"): a tribe
that would starve in the upkeep goes to a neighbouring city or to the farm of the next city,
where it can still pay for an advance or growth; the last place for an advance waits for
Masonry while no city can grow; an Empire without a city spreads its tribes until four can
gather on a farm, then gathers them even if that empties an area; in Era 8 spare tribes go on
one-tribe expeditions, so the last era's deck runs out sooner.

Against Attacks, which end most collapsed solo games (``defence``): the solo Empire
ends its movement out of one Attack's reach where a tribe can move there with room, and where an
Attack may go on to either of two areas it goes where it takes least (docs/bots.md, "PocketCiv
policy: a defence against Attacks"). The two-player game keeps its own habits below.

In a two-player game the ``policy`` bot (``decide``) weighs two kinds of decision by sampling
worlds from what its seat sees: the Totem question (``safer``) and, while an Empire is weak,
the Totem holder's choices inside an event (``gentle``), where it turns an Attack or an
Epidemic away from an Empire's last tribes (docs/bots.md, "The Totem holder's care inside an
event").

``choose(state)`` returns one of ``state.legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from asztal.bots.policies.pocketciv.defence import walk, wipe_force
from asztal.engine import Action
from asztal.games.pocketciv.data import ADV_INDEX, BITS, BOX, WONDER_VP
from asztal.games.pocketciv.frames import Mp
from asztal.games.pocketciv.mp import NO_AREA
from asztal.games.pocketciv.upkeep import support

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    from asztal.games.pocketciv.state import PocketCivState

A_CARTAGE = 1 << ADV_INDEX["cartage"]
A_FISHING = 1 << ADV_INDEX["fishing"]
I_MASONRY = ADV_INDEX["masonry"]
A_MASONRY = 1 << I_MASONRY

# Advances in the order the player wants them. An advance takes one of the few places the
# total city value allows (PC-DEV-ADV-01), for good: the tools and city growth come first
# (Basic Tools, Masonry, Metal Working: more city value, hence more places and sturdier cities),
# and the cheap 2-3 VP advances that only fill a place are left out (Mythology, Story Telling,
# Music, Cartage): measured over 3000 deals, +3.1 VP a game (docs/bots.md, issue 28).
WANTED = [ADV_INDEX[x] for x in (
    "basic_tools", "masonry", "metal_working", "sense_of_community", "government", "literacy", "medicine",
    "agriculture", "irrigation", "engineering", "horticulture", "mining",
    "meditation", "navigation", "simple_tools", "coinage", "written_record",
    "fishing", "arts", "philosophy", "common_tongue", "diplomacy", "theater", "democracy", "military",
    "architecture", "banking", "organized_religion", "law", "civil_service", "equestrian", "shipping",
    "magnetics", "centralized_government", "patronage", "machining", "cavalry", "ministry", "surveying",
    "sails_and_rigging")]
RANK = {i: r for r, i in enumerate(WANTED)}


def _others(s: PocketCivState, a: int, field: str) -> int:
    """Multiplayer: the other colours' ``tribes`` or ``cav`` (city values) in area ``a``."""
    if s.players == 1 or s.focus < 0:
        return 0
    return sum(getattr(e, field)[a] for q, e in enumerate(s.seats) if q != s.focus)


def cap(s: PocketCivState, a: int) -> int:
    """Area ``a``'s support capacity for the player's tribes (other colours' cities count,
    their tribes take room: PC-MP-CITY-02)."""
    return support(s, a) + _others(s, a, "cav") - _others(s, a, "tribes")


def spare(s: PocketCivState, a: int) -> int:
    """Room for tribes in area ``a`` before tribe upkeep removes some."""
    return cap(s, a) - s.emp.tribes[a]


def value(s: PocketCivState, a: int) -> int:
    """How much the player would mind area ``a`` being hit. In a multiplayer event the Empire
    ``s.emp`` is every colour together: the Totem holder steers the event to where it hurts
    least in all (measured: steering it onto the other colours ends more games in a fall)."""
    e = s.emp
    own = 3 * e.cav[a] + e.tribes[a] + 2 * s.farm[a] + len(e.wonders[a]) * 5
    return own


def pending(s: PocketCivState) -> Any:
    """The pending frame (``.TAG`` ``move``, ``dev``, ``upkeep``, ``exp`` with its ``.area``, ...):
    the one place the policy reads the game's frame stack, so a rename of the game's internals
    is mended here."""
    return s.stack[-1]


def _by(acts: Sequence[Action], key: Callable[[Action], SupportsRichComparison]) -> Action:
    return max(acts, key=key)


def choose(s: PocketCivState) -> Action:
    acts = s.legal_actions()
    if len(acts) == 1:
        return acts[0]
    kind = pending(s).TAG
    if kind in ("setup", "mpsetup"):
        taken = [a for a in s.board.areas if s.emp.tribes[a] or _others(s, a, "tribes")]
        if kind == "mpsetup":
            # apart from each other: an Attack moves on only through neighbouring areas that
            # hold something (PC-R-ATTACK-04), and in a multiplayer game a fallen Empire ends
            # the game (PC-MP-END-01); measured on 300 two-player deals, 246 against 238 reach Era 4
            own = [a for a in s.board.areas if s.emp.tribes[a]]
            return _by(acts, lambda x: (not any(b in own for b in s.board.adj[x.args[0]]),
                                        support(s, x.args[0]) - 3 * (x.args[0] in taken), -x.args[0]))
        return _by(acts, lambda x: (support(s, x.args[0]) - 3 * (x.args[0] in taken), -x.args[0]))
    if kind == "mpev":
        return _totem(s, acts)
    if kind == "alloc":  # the Totem holder lets the event hit the other colours first
        return ([x for x in acts if x.args[0] != s.totem] or acts)[0]
    if kind == "era":
        return next(a for a in acts if a.code == "era:continue")
    if kind == "wonders":  # a tsunami takes the least valuable wonders first
        return _by(acts, lambda x: -WONDER_VP[x.args[0]])
    if kind == "bandits":  # Law and Democracy: the smallest force (PC-R-BANDITS-CHOICE)
        return acts[-1]
    if kind == "topup":
        return _by(acts, lambda x: spare(s, x.args[0]) if x.kind == "topup" else -99)
    if kind == "move":
        return _guard(s, acts, _move(s, acts))
    if kind == "attack" and s.players == 1:
        return _pick(s, acts)
    if kind == "dev":
        return _dev(s, acts)
    if kind == "upkeep":
        grows = [a for a in acts if a.kind == "grow"]
        if grows:
            return _by(grows, lambda x: (s.farm[x.args[0]], -s.emp.cav[x.args[0]]))
        caps = [a for a in acts if a.kind == "capital"]
        if caps:
            return _by(caps, lambda x: s.emp.cav[x.args[0]])
        return acts[-1]
    if kind == "visitation":
        return _visit(s, acts)
    if kind == "exp":
        a = pending(s).area
        for x in acts:
            if x.kind == "exp_add" and s.emp.tribes[a] - cap(s, a) > 0 and s.era < 8:
                return x
        return next(a for a in acts if a.code == "go")
    if kind in ("pay", "loss", "anarchy", "epidemic", "tribal_war", "uprising", "earthquake", "sandstorm",
                "attack", "visitation", "trade", "superstition", "cavloss", "starve", "sacrifice", "drop",
                "astro", "mine", "tax", "exp"):
        return _generic(s, acts)
    return acts[0]


def _in_danger(s: PocketCivState) -> bool:
    """Is the deciding seat's Empire one bad event from its fall: no city and few tribes?"""
    assert s.to_move is not None, "a seat is deciding"
    e = s.seats[s.to_move]
    return not any(e.cav) and sum(e.tribes) < DANGER_TRIBES


#: an Empire without a city and with fewer tribes than this takes the Totem when it pays
DANGER_TRIBES = 6


def _totem(s: PocketCivState, acts: Sequence[Action]) -> Action:
    """Take the Totem when the event read out strikes areas (PC-MP-TOTEM-07) and the Empire
    is in danger: the holder decides whose tribes and cities the losses fall on where colours
    share an area (PC-MP-TOTEM-10). Otherwise it stays where it is: taken every time it
    ends more games in a fall (600 two-player deals: 490 against 504 reaching Era 4), as
    the taker also gives up holding it the next round (PC-Q-26). The events without an area
    (Anarchy, Corruption, Superstition) strike the holder's own advances, gold or cards, so
    those are never taken. Astronomy is not used."""
    f = pending(s)
    take = next((a for a in acts if a.code == "totem:take"), None)
    if f.stage == 0 and take is not None and f.card >= 0 and _in_danger(s):
        box = BOX[f.card][f.era]
        if box is not None and box[0] not in NO_AREA:
            return take
    return acts[-1]


#: Diplomacy: the offer succeeds when it reaches the red circle of the card drawn (1-8, each
#: twice in the deck), so four tribes or gold win the partnership half the time
OFFER_MAX = 4


def _visit(s: PocketCivState, acts: Sequence[Action]) -> Action:
    """Visitation: with Philosophy always look a second time for the handshake (a trade
    instead of an attack); with Diplomacy offer spare tribes, then gold, for a partnership."""
    f = pending(s)
    codes = {a.code: a for a in acts}
    if f.step != 1:
        return codes.get("draw") or acts[-1]
    if f.offer < OFFER_MAX:
        if "offer_gold" in codes:
            return codes["offer_gold"]
        offers = [a for a in acts if a.kind == "offer" and sum(s.emp.tribes) > 3]
        if offers:
            return max(offers, key=lambda x: (-spare(s, x.args[0]), s.emp.cav[x.args[0]] == 0, s.emp.tribes[x.args[0]]))
    if f.offer and "draw" in codes:
        return codes["draw"]
    return codes.get("stop") or acts[-1]


def _generic(s: PocketCivState, acts: Sequence[Action]) -> Action:
    """Sub-decisions: lose what matters least, stop risky draws, decline offers."""
    for code in ("stop", "go", "done"):
        for a in acts:
            if a.code == code and not (code == "done" and any(x.kind == "drop" for x in acts)):
                return a
    drops = [a for a in acts if a.kind == "drop"]
    if drops:
        return drops[0]

    def cost(x: Action) -> tuple[int, int]:
        if x.kind in ("pay", "lose", "offer"):
            a = x.args[0]
            return (-spare(s, a) * 10 + 5 * (s.emp.cav[a] > 0) - s.emp.tribes[a], a)
        if x.kind in ("cav", "grow"):
            a = x.args[0]
            return (-s.emp.cav[a], a)
        if x.kind == "sacrifice":
            a, r = x.args
            return (-(s.emp.tribes[a] < support(s, a)) + 5 * (r == 2) + 3 * (s.emp.cav[a] > 0), a)
        if x.kind == "pick":
            return (value(s, x.args[0]), x.args[0])
        return (50, 0)
    return min(acts, key=cost)


def _target(s: PocketCivState) -> int:
    """The area where the next city should be founded this round: no city, a farm (or a
    forest to clear), and enough tribes in and around it to pay for it now."""
    best, key = -1, None
    adj = s.board.adj
    for a in s.board.areas:
        if s.emp.cav[a] or not (s.farm[a] or s.forest[a]):
            continue
        near = s.emp.tribes[a] - s.emp.moved[a] + sum(max(0, s.emp.tribes[n] - s.emp.moved[n] - 1) for n in adj[a])
        k = (s.farm[a], near, support(s, a), -a)
        if key is None or k > key:
            best, key = a, k
    return best


def _move(s: PocketCivState, acts: Sequence[Action]) -> Action:
    """Seed empty areas (every occupied area grows), gather tribes where the next city can
    be founded this round, else move a surplus tribe to a neighbour with room, or else to a
    neighbouring city or the next city's farm."""
    moves = [x for x in acts if x.kind == "move"]
    tribes = s.emp.tribes
    free = [tribes[a] - s.emp.moved[a] for a in range(len(tribes))]
    t = _target(s)
    reach = 0
    cities = s.emp.cities()
    if t >= 0 and s.farm[t]:
        reach = tribes[t] + sum(max(0, free[n] - (1 if cities else 0)) for n in s.board.adj[t])
        if tribes[t] < 4 and reach >= 4 and (sum(tribes) > 4 or not cities):
            keep = 1 if cities else 0  # without a city, the first one is worth emptying an area
            best = None
            for x in moves:
                a, b = x.args
                if b == t and free[a] > keep and (best is None or free[a] > free[best.args[0]]):
                    best = x
            if best is not None:
                return best
    caps: dict[int, int] = {}  # area -> cap(s, area), computed when first needed
    # tribes wait where the city will be only if they can gather enough there; else they
    # spread first (every occupied area grows a tribe a round)
    keep_t = t >= 0 and s.farm[t] and not s.emp.cav[t] and reach >= 4
    best, best_key = None, None
    for x in moves:
        a, b = x.args
        if free[a] <= 1 or a == t and keep_t:
            continue
        ca = caps.get(a)
        if ca is None:
            ca = caps[a] = cap(s, a)
        cb = caps.get(b)
        if cb is None:
            cb = caps[b] = cap(s, b)
        if s.emp.cav[b] and not tribes[b] and not s.emp.cav[a]:  # an empty city area is what an Attack razes
            key = (3, 0, -b)
        elif tribes[b] == 0 and cb > 0:
            key = (2, cb, -b)
        elif b == t and not s.farm[t] and tribes[t] < 2:
            key = (1, 0, -b)
        elif tribes[a] - ca > 0 and cb - tribes[b] > 0:
            key = (0, cb - tribes[b], -b)
        elif tribes[a] - ca > 0 and (s.emp.cav[b] or b == t and s.farm[b]) and not s.emp.cav[a]:
            # a tribe that would starve anyway goes to a neighbouring city: there it can pay for
            # an advance or the city's growth (the city's own area pays, PC-DEV-ADV-05) and
            # stands between an attack and the city until the upkeep; or to the farm where the
            # next city will be founded
            key = (-1, -tribes[b], -b)
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = x, key
    return best if best is not None else acts[-1]


#: the solo Empire ends its movement safe from a single Attack when no force below this could
#: wipe it out (forces are mostly 12-18; 20, 30 and 60 measured alike, 12 less well)
SAFE_FORCE = 30


def _guard(s: PocketCivState, acts: Sequence[Action], chosen: Action) -> Action:
    """Solo: before ending its movement, one more move while it raises the force an Attack
    would need to wipe the Empire out (``defence``), up to ``SAFE_FORCE``, and the
    tribe moved has room where it goes or none where it is (a tribe moved to starve in the
    upkeep costs more than the risk it takes off: 3,000 deals, 41.4 against 38.0 VP). Moving
    for safety in the middle of the movement instead broke the plan of the moves (40.8 VP)."""
    if s.players != 1 or chosen.code != "done":
        return chosen
    tribes = list(s.emp.tribes)
    best, most = chosen, wipe_force(s, tribes)
    if most >= SAFE_FORCE:
        return chosen
    for x in acts:
        if x.kind != "move":
            continue
        a, b = x.args
        if spare(s, b) <= 0 and spare(s, a) >= 0:
            continue
        tribes[a] -= 1
        tribes[b] += 1
        w = min(wipe_force(s, tribes), SAFE_FORCE)
        tribes[a] += 1
        tribes[b] -= 1
        if w > most:
            best, most = x, w
    return best


def _pick(s: PocketCivState, acts: Sequence[Action]) -> Action:
    """Solo: where an Attack goes on at a tie (PC-R-ATTACK-04, the player's choice), the
    neighbour where it does least harm, above all one where it does not wipe the Empire out
    (it took the least valuable area before). With ``_guard``, 3,000 deals (`asztal arena
    pocketciv --bots policy -p 1 -n 3000 --seed 11`): 39.7 → 43.5 VP, collapses 46.5 → 31.6 %."""
    f = pending(s)
    return min(acts, key=lambda x: walk(s, x.args[0], f.force, f.visited | BITS[x.args[0]]))


#: multiplayer: an Empire without a city clears the first farm (two tribes and a forest,
#: PC-DEV-FARM-01) only with at least this many tribes: spent earlier, they leave it too few
#: for the next Attack or Epidemic, and a fall ends the game (PC-MP-END-01). Greedy against
#: itself, 800 two-player deals (batch seeds 1-8): 694 reach Era 4 against 670 (docs/bots.md)
FARM_MIN = 12


def _dev(s: PocketCivState, acts: Sequence[Action]) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for x in acts:
        by_kind.setdefault(x.kind, []).append(x)
    # a farm where a city stands (or soon will), so the city is fed in upkeep
    # (with Agriculture, keeping a city's forest: wood is what most advances need)
    agri = by_kind.get("agri", [])
    farms = agri + by_kind.get("farm", [])
    t = _target(s) if farms else -1
    if t >= 0 and s.players > 1 and not any(s.emp.cav) and sum(s.emp.tribes) < FARM_MIN:
        t = -1  # multiplayer, no city yet: the first farm waits for FARM_MIN tribes
    for x in farms:
        a = x.args[0]
        if (s.emp.cav[a] or a == t) and (x.kind == "agri" or not (s.emp.cav[a] and agri)):
            return x
    cities = sum(1 for c in s.emp.cav if c)
    cartage = s.emp.adv & A_CARTAGE
    if cartage and agri and sum(s.farm) <= cities:  # a farm to spare for the next city
        return _by(agri, lambda x: (not s.forest[x.args[0]], s.emp.tribes[x.args[0]]))
    # a city on a farm
    for x in sorted(by_kind.get("city", ()), key=lambda x: -s.emp.tribes[x.args[0]]):
        a = x.args[0]
        if s.farm[a] or (s.board.coastal[a] and s.emp.adv & A_FISHING):
            return x
        if cartage and sum(s.farm) > cities:  # PC-UPK-CITY-03: any farm feeds any one city
            return x
    # the cheapest wanted advance
    advs = [x for x in by_kind.get("adv", ()) if x.args[1] in RANK]
    if advs and not s.emp.adv & A_MASONRY and s.emp.tcav() - s.emp.nadv() == 1:
        # the last place waits for Masonry while no city may grow past value 1: another advance
        # there (Basic Tools, free, comes first otherwise) would leave the Empire no place for
        # Masonry, hence none for anything, until it founds another city
        advs = [x for x in advs if x.args[1] == I_MASONRY]
    if advs:
        return min(advs, key=lambda x: (RANK[x.args[1]], -spare(s, x.args[0])))
    # an expedition with tribes that would starve anyway, when some advance needs gold; in
    # Era 8 also one such tribe at a time: each expedition draws an event card, so the last era
    # (which scores whatever the cities, PC-ERA-04) ends sooner, with fewer disasters before it
    exps = by_kind.get("exp", ())
    if exps and pending(s).TAG == "dev":
        last = s.era == 8
        for x in exps:
            a = x.args[0]
            surplus = s.emp.tribes[a] - cap(s, a)
            if surplus >= 4 and s.emp.gold < 6 or last and surplus >= 1:
                return x
    return by_kind["done"][0]


# -- the Totem's look-ahead (two-player games) --------------------------------------------

#: an Empire whose tribes, plus ``LOOK_CITY`` for each point of city value, number fewer than
#: this weighs the Totem by sampling the event read out (docs/bots.md, "Empires that survive")
LOOK_TRIBES = 14
LOOK_CITY = 4
#: worlds sampled for each answer to the Totem question (the same worlds for both answers)
LOOK_WORLDS = 64


def strength(s: PocketCivState, p: int) -> int:
    """Seat ``p``'s tribes plus ``LOOK_CITY`` for each point of its city value: what an event
    must take to wipe its Empire out (a city absorbs an Attack's force 5 a value, PC-R-ATTACK-03)."""
    e = s.seats[p]
    return sum(e.tribes) + LOOK_CITY * sum(e.cav)


def exposed(s: PocketCivState, p: int) -> bool:
    """Could one event wipe out seat ``p``'s Empire (few tribes, little city value)?"""
    return strength(s, p) < LOOK_TRIBES


def _play_out_event(w: PocketCivState, rnd: int) -> None:
    """Play world ``w`` on with the policy until round ``rnd``'s event is over (the round
    controller at development, stage 3), or the game is."""
    while not w.is_over:
        b = w.stack[0]
        if isinstance(b, Mp) and (w.round_no > rnd or b.stage >= 3):
            break
        acts = w.legal_actions()
        w.apply(acts[0] if len(acts) == 1 else choose(w))


def _fallen(w: PocketCivState, p: int) -> bool:
    """Has seat ``p``'s Empire neither a tribe nor a city (PC-MP-END-01)?"""
    e = w.seats[p]
    return not any(e.tribes) and not any(e.cav)


def _fallen_after_event(w: PocketCivState, p: int, rnd: int) -> bool:
    """Play world ``w`` on to the end of round ``rnd``'s event: has seat ``p``'s Empire fallen?"""
    _play_out_event(w, rnd)
    return _fallen(w, p)


def safer(s: PocketCivState, act: Action) -> Action:
    """``act``, or the other answer to the Totem question when it saves the Empire more often.

    In a two-player game whose Empire one event could wipe out (``exposed``), the event is
    read out but the areas its red circles designate come from cards still unseen
    (PC-MP-TOTEM-07, -09). Each answer is played on in ``LOOK_WORLDS`` worlds sampled from
    what the seat can see (``determinize``: the unseen cards shuffled), the policy playing
    both seats to the end of the event, and an answer with fewer falls of the Empire than
    ``act`` replaces it. Elsewhere ``act`` stands. The ``policy`` bot (``decide``) and MCTS
    pass their move through this; roll-outs use the plain ``choose``. Policy against itself,
    500 two-player deals: 436 reach Era 4 against 431, 5 deals saved, none lost (docs/bots.md,
    "The Totem's look-ahead")."""
    p = s.to_move
    if s.players != 2 or p is None or not exposed(s, p):
        return act
    f = pending(s)
    if f.TAG != "mpev" or f.stage != 0:
        return act
    best, fewest = act, -1
    for x in [act] + [y for y in s.legal_actions() if y.code != act.code]:
        falls = 0
        for k in range(LOOK_WORLDS):  # world k is the same sample for every answer
            w = s.determinize(p, k + 1)
            assert isinstance(w, type(s)), "a PocketCiv world"
            w.log = None
            w.apply(x)
            falls += _fallen_after_event(w, p, s.round_no)
            if 0 <= fewest <= falls:
                break
        if fewest < 0 or falls < fewest:
            best, fewest = x, falls
    return best


#: worlds sampled for each choice the Totem holder makes inside an event (``gentle``): the force
#: and the areas are drawn by then, so few worlds tell the choices apart (12 saved no more deals)
SPARE_WORLDS = 6
#: ``gentle`` weighs the holder's choices while an Empire's tribes, plus ``LOOK_CITY`` for each
#: point of city value, number fewer than this (14, as ``exposed``, saved one deal fewer of 200)
SPARE_TRIBES = 20


def in_event(s: PocketCivState) -> bool:
    """Is the Totem holder deciding inside a multiplayer event: which way an Attack or an
    Epidemic goes, which areas lose, whose tribes or cities are hit (PC-MP-TOTEM-10)?"""
    if s.players == 1:
        return False
    return s.focus == -1 or pending(s).TAG == "alloc"


def gentle(s: PocketCivState, act: Action) -> Action:
    """``act``, or another choice of the Totem holder inside an event when it wipes out fewer
    Empires: its own first, then the other's.

    In a two-player game where an Empire is weak (``strength`` below ``SPARE_TRIBES``), the holder's
    choices decide whose last tribes an Attack or an Epidemic reaches and whose tribes die where
    colours share an area (PC-MP-TOTEM-10, PC-R-ATTACK-04, PC-EVT-EPIDEMIC-03); a fall ends the
    game at once (PC-MP-END-01), so the holder's own fall is the worst outcome and the other's
    ends the game it came to play. Each legal choice is played to the end of the event in
    ``SPARE_WORLDS`` worlds sampled from what the holder sees (the same worlds for every choice),
    and one with fewer falls (its own, then the other's) replaces ``act``."""
    p = s.to_move
    if s.players != 2 or p is None or not in_event(s) or not any(strength(s, q) < SPARE_TRIBES for q in range(2)):
        return act
    acts = s.legal_actions()
    if len(acts) < 2:
        return act
    best, fewest = act, (-1, -1)
    for x in [act] + [y for y in acts if y.code != act.code]:
        own = other = 0
        for k in range(SPARE_WORLDS):
            w = s.determinize(p, k + 1)
            assert isinstance(w, type(s)), "a PocketCiv world"
            w.log = None
            w.apply(x)
            _play_out_event(w, s.round_no)
            own += _fallen(w, p)
            other += _fallen(w, 1 - p)
        if fewest[0] < 0 or (own, other) < fewest:
            best, fewest = x, (own, other)
        if fewest == (0, 0):
            break
    return best


def decide(s: PocketCivState) -> Action:
    """The ``policy`` bot's move: the policy's, through the Totem's look-ahead (``safer``) and
    the holder's care inside an event (``gentle``)."""
    return gentle(s, safer(s, choose(s)))
