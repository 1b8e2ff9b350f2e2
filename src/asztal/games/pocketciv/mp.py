"""Chapter 6, the multiplayer mode (Többjátékos mód), PC-MP-*: ``players`` 2-4.

The map has 16 areas, numbered 1-8 twice (``generate_mp_board``). Every seat keeps its own
Empire object (``empire.Empire``: tribes, cities, wonders, gold, advances, VPs: ruling
PC-Q-25) in ``state.seats``; the terrain, the era and the event deck are shared. It is the
same state class as the solo game, built with several Empires from the start: the solo rules
run unchanged on the Empire ``state.emp`` names (``focus`` says whose it is):

- **a seat's own turn** (``state.focus_on(p)``: ``emp`` is seat p's Empire itself): movement,
  development (mining, expeditions, taxation: a special use of the deck by one player,
  PC-MP-DECK-01), reckoning, city development and city upkeep are the solo code;
- **an event** (``focus`` = -1, ``enter_event``): it is played on the colours together
  (PC-MP-TOTEM-10), on an explicit combination of the Empires (``empire.combined``): tribes,
  city values and wonders of all seats summed per area, with the Totem holder's gold,
  advances and trading partners. When the event is over, the holder says whose tribes and
  cities its losses fall on where colours share an area (``alloc``), and the holder gets back
  what the event changed of its gold, advances, partners and Astronomy (``state.leave_event``).

A round (``Mp(stage, k)``) serialises the phases, the Totem holder first
(PC-MP-TOTEM-02/05): growth for all, then top-up and movement seat by seat, the event
(``mpev``: the other seats may take the Totem after it is read; its red circles designate
two areas, so the event is played on the first and then, with the same cards, on the second),
development seat by seat, tribe upkeep for all (PC-MP-CITY-02/03), the rest of upkeep seat
by seat, and the Totem passes on (PC-Q-26). Eras flow on without scoring (PC-MP-ERA-01,
PC-Q-27); the game ends when a seat has no tribe and no city or Era 8 ends (PC-MP-END-01).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from asztal.engine.action import Action
from asztal.engine.decision import Refusal
from asztal.engine.fields import flag, listed, obj, one_of, whole
from asztal.engine.rng import Rng
from asztal.games.pocketciv.actions import ASTRONOMY, DONE, HIT, HITCITY, LEAVE, PLACE, TAKE
from asztal.games.pocketciv.data import (
    A_ASTRONOMY,
    ADV_IDS,
    ADV_INDEX,
    BITS,
    BOX,
    EMPIRES,
    MAXAREA,
    NADV,
    WONDER_IDS,
)
from asztal.games.pocketciv.empire import Empire, EventLedger, combined
from asztal.games.pocketciv.frames import (
    PHASE_DEV,
    PHASE_MOVE,
    PHASE_TOPUP,
    UPKEEP_STEPS,
    Alloc,
    Mp,
    MpEra,
    MpEv,
    MpSetup,
    register,
    start_frame,
)
from asztal.games.pocketciv.map import DISC, GEOMETRY, SYMMETRIES, X_SCALE, outline
from asztal.games.pocketciv.movement import area_check
from asztal.games.pocketciv.outcome import Ending
from asztal.games.pocketciv.position import (
    MAX_COUNT,
    MAX_ROUND,
    area_bits,
    cards,
    check_stack,
    name_bits,
    wonder_tuple,
)
from asztal.games.pocketciv.refuse import no, not_here
from asztal.games.pocketciv.scoring import end_game
from asztal.games.pocketciv.setup import (
    AREA_KEYS,
    MAP_KEYS,
    POOL,
    Board,
    check_geometry,
    set_bits,
)

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

#: events whose text names no active area (no red circle): they are played once, never on a second area
NO_AREA = frozenset({"anarchy", "corruption", "superstition"})

def generate_mp_board(rng: Rng, players: int = 2) -> Board:
    """8 areas per player: partitions of the solo pool, turned/mirrored at random; numbers
    1-8 once per player at random (PC-MP-MAP-02); a Frontier along the outline bordering 4-5
    areas per player, the Sea the rest; 5 mountains and 5 forests per player, deserts by the
    solo rule (PC-Q-25: twice the solo numbers for two players)."""
    cells, pairs, rim = GEOMETRY[players]
    n = 8 * players
    while True:
        owner: list[int] = []
        for half in range(0, n, 8):
            base = POOL[rng.below(len(POOL), "pocketciv.map")]
            perm = SYMMETRIES[rng.below(len(SYMMETRIES), "pocketciv.map")]
            owner.extend(base[perm[k]] + half for k in range(len(DISC)))
        touch = [_mask_of(owner[j] for j in t) for _, t in rim]
        fr_cells = _frontier_cells(rng, rim, touch, players)
        if fr_cells is not None:
            break
    adjm = [0] * n
    for i, j in pairs:
        a, b = owner[i], owner[j]
        if a != b:
            adjm[a] |= BITS[b]
            adjm[b] |= BITS[a]
    adj = tuple(tuple(set_bits(m)) for m in adjm)
    frontier, coastal = [False] * n, [False] * n
    for (out, _), t in zip(rim, touch, strict=True):
        for a in set_bits(t):
            (frontier if out in fr_cells else coastal)[a] = True
    numbers = [k for k in range(1, 9) for _ in range(players)]
    rng.shuffle(numbers, "pocketciv.map")
    picks = list(range(n))
    rng.shuffle(picks, "pocketciv.map")
    mountains = set(picks[:5 * players])
    rng.shuffle(picks, "pocketciv.map")
    forests = set(picks[:5 * players])
    bare = {a for a in range(n) if a not in mountains and a not in forests}
    if not bare:
        free = [a for a in range(n) if a not in forests]
        bare = {free[rng.below(len(free), "pocketciv.map")]}
    terrain = tuple(tuple(a in x for a in range(n)) for x in (mountains, forests, bare))
    board = MPBoard(adj, tuple(frontier), tuple(coastal), terrain, number=numbers)
    board.plan = (players, tuple(owner), frozenset(fr_cells))
    return board


class MPBoard(Board):
    """A generated multiplayer board; its map JSON (polygons) is drawn on first use."""

    __slots__ = ("plan",)
    #: how it was made (players, the owner area of each cell, the Frontier's cells), for drawing
    plan: tuple[int, tuple[int, ...], frozenset[Any]]

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            self._data = _mp_json_map(self)
        return self._data

    def __reduce__(self) -> tuple[Any, ...]:
        """As a Board's, with how it was made."""
        return (MPBoard, super().__reduce__()[1], {"plan": self.plan})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.plan = state["plan"]


def _mp_json_map(board: MPBoard) -> dict[str, Any]:
    players, owner, fr_cells = board.plan
    cells, _, rim = GEOMETRY[players]
    n, adj, numbers, terrain = board.n, board.adj, board.number, board.terrain
    frontier, coastal = board.frontier, board.coastal
    area_cells = [[cells[i] for i in range(len(cells)) if owner[i] == a] for a in range(n)]
    sea_cells = sorted({out for out, _ in rim} - fr_cells)
    return {
        "areas": [{"id": a + 1, "number": numbers[a], "neighbours": [b + 1 for b in adj[a]],
                   "frontier": frontier[a], "sea": coastal[a], "mountain": terrain[0][a], "forest": terrain[1][a],
                   "desert": terrain[2][a], "cells": [list(c) for c in area_cells[a]],
                   "polygon": outline(area_cells[a])[0]} for a in range(n)],
        "frontier": {"cells": [list(c) for c in sorted(fr_cells)], "polygons": outline(fr_cells)},
        "sea": {"cells": [list(c) for c in sea_cells], "polygons": outline(sea_cells)},
        "x_scale": X_SCALE,
    }


def _mask_of(areas: Iterable[int]) -> int:
    """The bit mask of some areas (at most 32 of them: a machine integer)."""
    m = 0
    for a in areas:
        m |= 1 << a
    return m


def _frontier_cells(rng: Rng, rim: tuple[tuple[tuple[int, int], tuple[int, ...]], ...], touch: list[int],
                    players: int) -> set[tuple[int, int]] | None:
    """A run of outside cells bordering exactly 4-5 areas per player: the Frontier. ``touch``:
    the areas each rim edge borders, as bit masks (a union is an or, its size a bit count)."""
    n = len(rim)
    outside = len({out for out, _ in rim})
    for _ in range(30):
        want = 4 * players + rng.below(players + 1, "pocketciv.map")
        start = rng.below(n, "pocketciv.map")
        arc: set[tuple[int, int]] = set()
        seen = 0
        for k in range(n - 1):
            e = (start + k) % n
            new = seen | touch[e]
            if new.bit_count() > want:
                break
            arc.add(rim[e][0])
            seen = new
        areas = 0
        for (out, _), t in zip(rim, touch, strict=True):
            if out in arc:
                areas |= t
        if areas.bit_count() == want and len(arc) < outside:
            return arc
    return None


def board_from_json(data: dict[str, Any], players: int) -> Board:
    """The board of a multiplayer map, checked field by field first (ids, numbers, symmetric
    neighbours, terrain flags, bounded drawing data)."""
    obj(data, "map", MAP_KEYS)
    n = 8 * players
    areas = listed(data.get("areas"), "map areas", n, n)
    for a in areas:
        obj(a, "map area", AREA_KEYS)
        whole(a.get("id"), "map area id", 1, n)
    areas = sorted(areas, key=lambda x: x["id"])
    if [x["id"] for x in areas] != list(range(1, n + 1)):
        raise ValueError(f"a {players}-player map needs areas with ids 1-{n}, each once")
    numbers = Counter(whole(a.get("number"), "map area number", 1, 8) for a in areas)
    if any(numbers[k] != players for k in range(1, 9)):
        raise ValueError("each area number 1-8 is used once per player")
    for a in areas:
        for key in ("frontier", "sea", "mountain", "forest", "desert"):
            flag(a.get(key), f"map area {a['id']} {key}")
        nb = listed(a.get("neighbours"), f"map area {a['id']} neighbours", 1, n - 1)
        if len(set(nb)) != len(nb) or any(whole(x, "map neighbour", 1, n) == a["id"] for x in nb):
            raise ValueError(f"map area {a['id']}: neighbours must be other area ids, each once")
    for a in areas:
        for x in a["neighbours"]:
            if a["id"] not in areas[x - 1]["neighbours"]:
                raise ValueError(f"map areas {a['id']} and {x} disagree about being neighbours")
    check_geometry(data, areas)
    terrain = tuple(tuple(bool(a[k]) for a in areas) for k in ("mountain", "forest", "desert"))
    return Board(tuple(tuple(n - 1 for n in a["neighbours"]) for a in areas),
                 tuple(bool(a["frontier"]) for a in areas), tuple(bool(a["sea"]) for a in areas),
                 terrain, data=data, number=[int(a["number"]) for a in areas])


def setup_multiplayer(s: PocketCivState) -> None:
    """PC-MP-TOTEM-01: the first Totem holder is drawn at random; every seat places three
    tribes (PC-Q-25), the holder first; then the deck is shuffled and three cards discarded."""
    n = s.board.n
    s.seats = [Empire.empty(n) for _ in range(s.players)]
    s.totem = s.rng.below(s.players, "pocketciv.totem")
    s.focus = -2
    s.stack = [Mp(-1, 0)]
    s.emit("pocketciv.mp_start", players=s.players)
    s.emit("pocketciv.totem", seat=s.totem)
    s.run()


# -- what may be seen -------------------------------------------------------------------------------
def multi_json(s: PocketCivState) -> dict[str, Any]:
    """The readable multiplayer position: the shared board, every seat's Empire side by side,
    and an event's view while one is played."""
    P, board = s.players, s.board
    emp = s.seats
    areas = [{
        "id": a + 1, "number": board.number[a],
        "forest": bool(s.forest[a]), "mountain": s.mount[a] == 1, "volcano": s.mount[a] == 2,
        "farm": bool(s.farm[a]), "desert": bool(s.desert[a]), "fault": bool(s.fault[a]),
        "tribes": [e.tribes[a] for e in emp], "cities": [e.cav[a] for e in emp],
        "moved": [e.moved[a] for e in emp], "wonders": [[WONDER_IDS[w] for w in e.wonders[a]] for e in emp],
    } for a in board.areas]
    empires = [{
        "capital": None if e.capital < 0 else e.capital + 1, "gold": e.gold, "vp": e.vp,
        "vp_wonders": e.vp_wonders, "advances": [ADV_IDS[i] for i in range(NADV) if e.adv >> i & 1],
        "partners": [EMPIRES[i] for i in range(len(EMPIRES)) if e.partners >> i & 1],
        "flags": e.flags, "acquired": [a + 1 for a in board.areas if e.acq & BITS[a]], "grown": e.grown,
        "astronomy_era": e.astro_era,
        "voyage": None if e.voyage < 0 else [e.voyage // MAXAREA + 1, e.voyage % MAXAREA + 1],
    } for e in emp]
    d = {
        "players": P, "totem": s.totem + 1, "focus": s.focus, "era": s.era, "round": s.round_no,
        "areas": areas, "empires": empires, "aside": [c + 1 for c in s.aside],
        "stack": [f.saved() for f in s.stack],
        "hit": [a + 1 for a in board.areas if s.hit & BITS[a]], "ending": None if s.ending is None else s.ending.value,
        "started": s.started,
    }
    if s.focus == -1:  # an event is being played on the colours together
        ev = s.ledger()
        d["event"] = {
            "tribes": list(s.emp.tribes), "cities": list(s.emp.cav),
            "wonders": [[WONDER_IDS[w] for w in ws] for ws in s.emp.wonders],
            "gold": s.emp.gold, "advances": [ADV_IDS[i] for i in range(NADV) if s.emp.adv >> i & 1],
            "partners": [EMPIRES[i] for i in range(len(EMPIRES)) if s.emp.partners >> i & 1],
            "astronomy_era": s.emp.astro_era,
            "before_tribes": list(ev.tribes), "before_cities": list(ev.cav),
            "recorded": [c + 1 for c in ev.rec], "replay": [c + 1 for c in ev.rep],
            "red": ev.red, "pass": ev.pass_no, "lost_tribes": list(ev.lt), "lost_cities": list(ev.lc),
        }
    return d


def load_multi(s: PocketCivState, d: dict[str, Any]) -> None:
    """A hand-written multiplayer position, every field checked for type and range."""
    obj(d, "position")
    s.board = board = board_from_json(d["map"], s.players)
    n = board.n
    P = whole(d.get("players", s.players), "players", 2, 4)
    if P != s.players:
        raise ValueError("the position is for another number of players")
    areas = listed(d["areas"], "areas", n, n)
    for x in areas:
        obj(x, "area")
        whole(x.get("id"), "area id", 1, n)
    areas = sorted(areas, key=lambda x: x["id"])
    if [x["id"] for x in areas] != list(range(1, n + 1)):
        raise ValueError(f"a position needs areas 1-{n}")
    terrain = {k: [int(flag(x.get(k, False), f"area {x['id']} {k}")) for x in areas]
               for k in ("forest", "mountain", "volcano", "farm", "desert", "fault")}
    s.forest, s.farm, s.desert, s.fault = (terrain[k] for k in ("forest", "farm", "desert", "fault"))
    s.mount = [2 if v else 1 if m else 0 for m, v in zip(terrain["mountain"], terrain["volcano"], strict=True)]
    s._sh = 0  # every field is made afresh here

    def per_seat(x: dict[str, Any], key: str) -> list[Any]:
        return listed(x[key], f"area {x['id']} {key}", P, P)

    seats = []
    for p, d_e in enumerate(listed(d["empires"], "empires", P, P)):
        obj(d_e, "empire")
        cap = d_e.get("capital")
        voy = d_e.get("voyage")
        if voy is not None:
            voy = [whole(v, "voyage area", 1, n) for v in listed(voy, "voyage", 2, 2)]
        e = Empire.empty(n)
        e.tribes = [whole(per_seat(x, "tribes")[p], "tribes", 0, MAX_COUNT) for x in areas]
        e.cav = [whole(per_seat(x, "cities")[p], "cities", 0, 10) for x in areas]
        e.moved = tuple(whole(per_seat(x, "moved")[p], "moved", 0, MAX_COUNT) for x in areas)
        e.wonders = tuple(wonder_tuple(per_seat(x, "wonders")[p], "wonders") for x in areas)
        e.capital = -1 if cap is None else whole(cap, "capital", 1, n) - 1
        e.gold = whole(d_e["gold"], "gold", 0, MAX_COUNT)
        e.vp = whole(d_e["vp"], "vp", 0, MAX_COUNT)
        e.vp_wonders = whole(d_e["vp_wonders"], "vp_wonders", 0, MAX_COUNT)
        e.adv = name_bits(d_e["advances"], "advances", ADV_INDEX)
        e.partners = name_bits(d_e["partners"], "partners", {x: i for i, x in enumerate(EMPIRES)})
        e.flags = whole(d_e["flags"], "flags", 0, 7)
        e.acq = area_bits(d_e["acquired"], "acquired", n)
        e.grown = whole(d_e["grown"], "grown", 0, n)
        e.astro_era = whole(d_e["astronomy_era"], "astronomy_era", 0, 8)
        e.voyage = -1 if voy is None else (voy[0] - 1) * MAXAREA + voy[1] - 1
        seats.append(e)
    s.seats = seats
    s.totem = whole(d["totem"], "totem", 1, P) - 1
    s.era = whole(d["era"], "era", 1, 8)
    s.round_no = whole(d["round"], "round", 1, MAX_ROUND)
    s.deck = cards(d["deck"], "deck")
    s.discard = cards(d["discard"], "discard")
    s.aside = cards(d["aside"], "aside")
    s.stack = check_stack(d["stack"], multi=True)
    s.held = -1
    s.hit = area_bits(d["hit"], "hit", n)
    ending = d.get("ending")
    s.ending = None if ending is None else Ending(one_of(ending, "ending", ("eras", "wiped")))
    s.started = flag(d["started"], "started")
    focus = whole(d["focus"], "focus", -2, P - 1)
    s.focus = -2
    s.emp = seats[s.totem].copy()  # no seat acts: a copy stands in until one does
    if focus >= 0:
        s.focus_on(focus)
    elif focus == -1:
        js = obj(d["event"], "event")

        def counts(key: str, hi: int) -> list[int]:
            return [whole(x, f"event {key}", 0, hi) for x in listed(js[key], f"event {key}", n, n)]

        view = combined(seats, seats[s.totem], board.areas)
        view.tribes, view.cav = counts("tribes", MAX_COUNT), counts("cities", 10)
        view.wonders = tuple(wonder_tuple(ws, "event wonders") for ws in listed(js["wonders"], "event wonders", n, n))
        view.gold = whole(js["gold"], "event gold", 0, MAX_COUNT)
        view.adv = name_bits(js["advances"], "event advances", ADV_INDEX)
        view.partners = name_bits(js["partners"], "event partners", {x: i for i, x in enumerate(EMPIRES)})
        view.astro_era = whole(js["astronomy_era"], "event astronomy_era", 0, 8)
        s.emp, s.spread = view, 0
        s.focus = -1
        s.ev = EventLedger(counts("before_tribes", MAX_COUNT), counts("before_cities", 10),
                           cards(js["recorded"], "event recorded"), cards(js["replay"], "event replay"),
                           whole(js["red"], "event red", 0, 8), whole(js["pass"], "event pass", 0, P - 1),
                           counts("lost_tribes", MAX_COUNT), counts("lost_cities", 10))
    if focus != -1:
        s.ev = None
    s._revealed = False
    s.shown = ()


# -- the round -------------------------------------------------------------------------------------
def _round_run(s: PocketCivState, f: Mp) -> bool:
    stage, k = f.stage, f.k
    P = s.players
    if stage == -1:  # setup: three starting tribes per seat, the holder first (PC-Q-25)
        if k < P:
            s.focus_on(s.order(k))
            s.stack[-1] = Mp(-1, k + 1)
            s.stack.append(MpSetup(0))
            return True
        s.store()
        s.reshuffle_deck()  # PC-SETUP-07
        s.started = True
        s.stack[-1] = Mp(0, 0)
        return True
    if stage == 0:  # PC-POP-01 for every colour
        s.store()
        for p in range(P):
            e = s.own_seat(p)
            t = e.tribes
            for a in s.board.areas:
                if t[a]:
                    t[a] += 1
            e.moved = (0,) * len(t)
            e.voyage = -1
        s.stack[-1] = Mp(1, 0)
        return True
    if stage in (1, 3, 5):  # top-up and movement / development / the rest of upkeep, seat by seat
        if k < P:
            s.focus_on(s.order(k))
            s.stack[-1] = Mp(stage, k + 1)
            if stage == 1:  # PC-POP-02/03 with the seat's own tribes and cities
                s.stack.append(PHASE_TOPUP if sum(s.emp.tribes) < 3 and any(s.emp.cav) else PHASE_MOVE)
            elif stage == 3:
                s.stack.append(PHASE_DEV)
            else:
                s.stack.append(UPKEEP_STEPS[1])  # reckoning, looting, city development, city upkeep
            return True
        s.store()
        s.stack[-1] = Mp(stage + 1, 0)
        if stage == 1:
            s.stack.append(MpEv(6, -1, s.era, 1))  # phase II
        return True
    if stage == 2:  # the event is over: development
        s.stack[-1] = Mp(3, 0)
        return True
    if stage == 4:  # tribe upkeep, all colours at once (PC-MP-CITY-02/03, PC-MP-TOTEM-04)
        s.store()
        tribe_upkeep_mp(s)
        s.stack[-1] = Mp(5, 0)
        return True
    # stage 6: end of the round (PC-UPK-END-01)
    s.store()
    s.round_no += 1
    s.totem = (s.totem + 1) % P  # PC-MP-TOTEM-01, PC-Q-26 (a): the Totem passes every round
    s.emit("pocketciv.totem", seat=s.totem)
    s.stack[-1] = Mp(0, 0)
    return True


def tribe_upkeep_mp(s: PocketCivState) -> None:
    """PC-MP-CITY-02: an area supports forest + mountain/volcano + farm + the CAV of every
    colour's city, against all its tribes; PC-MP-CITY-03, PC-MP-TOTEM-04: the excess is removed
    one tribe per colour in turn, the Totem holder first. Each colour's loss is told in the log."""
    seats = s.seats
    for a in s.board.areas:
        cap = s.forest[a] + (1 if s.mount[a] else 0) + s.farm[a] + sum(e.cav[a] for e in seats)
        total = sum(e.tribes[a] for e in seats)
        k = 0
        lost = [0] * len(seats) if total > cap else []
        while total > cap:
            p = s.order(k)
            k += 1
            if seats[p].tribes[a]:
                s.own_seat(p).tribes[a] -= 1
                total -= 1
                s.hit |= BITS[a]
                lost[p] += 1
        for p, n in enumerate(lost):
            if n:
                s.emit("pocketciv.mp_tribes_lost", seat=p, area=a + 1, lost=n, left=seats[p].tribes[a],
                       cause="tribe_upkeep")


def _setup_legal(s: PocketCivState, f: MpSetup) -> list[Action]:
    return [PLACE[a] for a in s.board.areas]


def _setup_refuse(s: PocketCivState, f: MpSetup, action: Action) -> Refusal | bool | None:
    if action.kind == "place":
        return area_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _setup_act(s: PocketCivState, f: MpSetup, action: Action) -> None:
    s.emp.tribes[action.args[0]] += 1
    s.emit("pocketciv.place", area=action.args[0] + 1)
    if f.placed + 1 < 3:
        s.stack[-1] = MpSetup(f.placed + 1)
    else:
        s.stack.pop()


# -- the event (PC-MP-TOTEM-03, -06..-10) ----------------------------------------------------------
def _event_id(c: int, era: int) -> str:
    """The event card ``c`` holds in ``era`` (it starts one: the caller drew it for that)."""
    box = BOX[c][era]
    assert box is not None, "a card that starts an event holds one in this era"
    return box[0]


def _event_run(s: PocketCivState, f: MpEv) -> bool:
    stage, c, era = f.stage, f.card, f.era
    if stage == 6:  # the holder turns up the card (PC-MP-TOTEM-03/06)
        s.store()
        c = s.draw_aside(era)
        box = BOX[c][era]  # PC-Q-03 (a): read in the era it is drawn in
        if box is None:  # PC-EVP-03
            s.emit("pocketciv.no_event", card=c + 1, era=era)
            s.end_event(c)
            return True
        s.emit("pocketciv.event", card=c + 1, era=era, event=box[0])
        s.stack[-1] = MpEv(0, c, era, 1)
        return True
    if stage == 0:
        return False  # PC-MP-TOTEM-07: may another seat take the Totem?
    if stage == 1:
        s.enter_event()
        if s.emp.adv & A_ASTRONOMY and s.emp.astro_era != s.era:  # the holder's Astronomy (PC-EVT-ASTRONOMY-01)
            s.stack[-1] = MpEv(5, c, era, 0)
            return False
        s.stack[-1] = MpEv(2, c, era, 0)
        return True
    if stage == 2:  # first pass: the first area of each red circle
        s.stack[-1] = MpEv(3, c, era, 0)
        s.stack.append(start_frame(_event_id(c, era), c, era))
        return True
    if stage == 3:
        ev = s.ledger()
        if ev.red and ev.pass_no + 1 < len(s.board.by_number[ev.red]):
            ev = s.own_ledger()
            ev.pass_no += 1  # PC-MP-TOTEM-09: the same event, with the same cards, on the next area
            ev.rep = list(ev.rec)
            s.stack.append(start_frame(_event_id(c, era), c, era))
            return True
        _losses(s)
        s.stack[-1] = MpEv(4, c, era, 0)
        s.stack.append(Alloc())
        return True
    if stage == 4:
        s.leave_event()
        if s.wiped():  # PC-MP-END-01 at once, with the event's frame still naming it (``fall_cause``)
            end_game(s, Ending.WIPED)
            return True
        s.stack.pop()
        return True
    return False  # stage 5: the holder's Astronomy decision


def _event_legal(s: PocketCivState, f: MpEv) -> list[Action]:
    if f.stage == 0:
        return [TAKE, LEAVE]
    return [ASTRONOMY, DONE]


def _event_refuse(s: PocketCivState, f: MpEv, action: Action) -> Refusal | bool | None:
    return not_here(action, "totem" if f.stage == 0 else "astro")


def _event_act(s: PocketCivState, f: MpEv, action: Action) -> None:
    stage, c, era, k = f.stage, f.card, f.era, f.k
    if stage == 0:
        if action is TAKE:  # PC-MP-TOTEM-07/08: the taker now holds it and reveals the area
            s.totem = s.order(k)
            s.emit("pocketciv.totem_taken", seat=s.totem)
            s.stack[-1] = MpEv(1, c, era, 0)
        elif k + 1 < s.players:
            s.stack[-1] = MpEv(0, c, era, k + 1)
        else:
            s.stack[-1] = MpEv(1, c, era, 0)
        return
    if action is ASTRONOMY:  # ignore this card, draw a replacement
        s.emp.astro_era = s.era
        s.own_cards()
        s.aside.remove(c)
        s.discard.append(c)
        s.emit("pocketciv.astronomy", card=c + 1)
        s.leave_event()
        s.stack[-1] = MpEv(6, -1, s.era, 1)
    else:
        s.stack[-1] = MpEv(2, c, era, 0)


def _losses(s: PocketCivState) -> None:
    """After the event: gains go to the holder's colour; losses wait in ``lt``/``lc`` for
    the holder to say whose they are; lost wonders are taken from the other colours first
    (ruling PC-R-MP-WONDERS)."""
    ev, seats = s.own_ledger(), s.seats
    lt, lc = [], []
    for a in s.board.areas:
        d = ev.tribes[a] - s.emp.tribes[a]
        if d < 0:
            s.own_seat(s.totem).tribes[a] -= d
        lt.append(max(0, d))
        lc.append(max(0, ev.cav[a] - s.emp.cav[a]))
        if not any(e.wonders[a] for e in seats):
            continue
        before = Counter(w for e in seats for w in e.wonders[a])
        lost = before - Counter(s.emp.wonders[a])
        for w, cnt in lost.items():
            for k in range(1, s.players + 1):
                p = s.order(k % s.players)
                while cnt and w in seats[p].wonders[a]:
                    e = s.own_seat(p)
                    ws = list(e.wonders[a])
                    ws.remove(w)
                    e.set_wonders(a, tuple(ws))
                    cnt -= 1
    ev.lt, ev.lc = lt, lc


def _lose_city(s: PocketCivState, p: int, a: int, n: int) -> None:
    """Seat ``p``'s city in area ``a`` loses ``n`` of its value (``Empire.lose_city``)."""
    if s.own_seat(p).lose_city(a, n):
        s.emit("pocketciv.mp_city_lost", seat=p, area=a + 1, cause=s.loss_cause())


def _alloc_run(s: PocketCivState, f: Alloc) -> bool:
    seats = s.seats
    for a in s.board.areas:
        if s.ledger().lt[a]:
            lt = s.ledger().lt
            have = [p for p in range(s.players) if seats[p].tribes[a]]
            if len(have) > 1 and lt[a] < sum(seats[p].tribes[a] for p in have):
                return False  # PC-MP-TOTEM-10: the holder says whose tribes die
            lt = s.own_ledger().lt
            for p in have:
                k = min(lt[a], seats[p].tribes[a])
                s.own_seat(p).tribes[a] -= k
                lt[a] -= k
            lt[a] = 0
        if s.ledger().lc[a]:
            lc = s.ledger().lc
            have = [p for p in range(s.players) if seats[p].cav[a]]
            if len(have) > 1 and lc[a] < sum(seats[p].cav[a] for p in have):
                return False  # ... and whose city loses value (ruling PC-R-MP-LOCAL-CAV)
            lc = s.own_ledger().lc
            for p in have:
                k = min(lc[a], seats[p].cav[a])
                _lose_city(s, p, a, k)
                lc[a] -= k
            lc[a] = 0
    s.stack.pop()
    return True


def _alloc_area(s: PocketCivState) -> tuple[int, str]:
    """The area whose losses are shared out now (area order, tribes before cities)."""
    ev = s.ledger()
    for a in s.board.areas:
        if ev.lt[a]:
            return a, "hit"
        if ev.lc[a]:
            return a, "hitcity"
    return -1, ""


def alloc_check(s: PocketCivState, p: int, a: int, kind: str, why: bool = False) -> Refusal | bool | None:
    """PC-MP-TOTEM-10: the holder says whose tribe (or city) in the area being shared out is hit."""
    at, what = _alloc_area(s)
    if (a, kind) != (at, what):
        return no("alloc_area", "PC-MP-TOTEM-10", area=at + 1, cities=what == "hitcity") if why else True
    if p >= s.players:
        return no("no_seat", "PC-MP-TOTEM-10", player=p + 1) if why else True
    e = s.seats[p]
    if not (e.tribes if kind == "hit" else e.cav)[a]:
        return no("alloc_none", "PC-MP-TOTEM-10", player=p + 1, area=a + 1, cities=kind == "hitcity") if why else True
    return None


def _alloc_legal(s: PocketCivState, f: Alloc) -> list[Action]:
    a, kind = _alloc_area(s)
    if a < 0:
        return []
    table = HIT if kind == "hit" else HITCITY
    return [table[p][a] for p in range(s.players) if alloc_check(s, p, a, kind) is None]


def _alloc_refuse(s: PocketCivState, f: Alloc, action: Action) -> Refusal | bool | None:
    if action.kind in ("hit", "hitcity"):
        return alloc_check(s, action.args[0], action.args[1], action.kind, True)
    return not_here(action, f.TAG)


def _alloc_act(s: PocketCivState, f: Alloc, action: Action) -> None:
    p, a = action.args
    if action.kind == "hit":
        s.own_seat(p).tribes[a] -= 1
        s.own_ledger().lt[a] -= 1
    else:
        _lose_city(s, p, a, 1)
        s.own_ledger().lc[a] -= 1


# -- eras and the end (PC-MP-ERA-*, PC-MP-END-*) -----------------------------------------------------
def _era_run(s: PocketCivState, f: MpEra) -> bool:
    """PC-MP-ERA-01..03, PC-Q-27: no city check, no scoring, no voluntary end; the deck is
    shuffled and three cards discarded; the end of Era 8 ends the game. Frame: ``MpEra(0,
    card, code)``: as in solo (PC-ERA-11), the step or action that drew the last card then goes on."""
    if s.era == 8:
        end_mp(s)
        return True
    s.era += 1
    s.stack.pop()
    s.reshuffle_deck()  # PC-DECK-04, PC-Q-03 (2)
    s.emit("pocketciv.mp_era", era=s.era, header=True)
    s.resume(f.card, f.code)
    return True


def fall_cause(s: PocketCivState) -> str | None:
    """Why the fallen seats fell (``outcome.Outcome.cause``), read from the finished game's
    steps: the game ends at the very step that wiped a seat out (``state.run``; after an event,
    while its frame is still there), so the cause a loss there is told with (``loss_cause``),
    or the tribe upkeep of all colours when the round stopped right after it (``Mp(5, 0)``)."""
    cause = s.loss_cause()
    bottom = s.stack[0]
    if cause is None and type(bottom) is Mp and bottom.stage == 5 and bottom.k == 0:
        return "tribe_upkeep"
    return cause


def end_mp(s: PocketCivState) -> None:
    """The end of Era 8 (PC-MP-END-01): an event cut short by it is shared out as far as it
    went, other colours first (ruling PC-R-MP-LAST-EVENT); then every seat is scored
    (``scoring.end_game``, PC-MP-END-02, PC-Q-28)."""
    if s.focus == -1:
        if not s.ledger().lt:
            _losses(s)
        ev = s.own_ledger()
        for a in s.board.areas:
            for k in range(1, s.players + 1):
                p = s.order(k % s.players)
                e = s.own_seat(p)
                x = min(ev.lt[a], e.tribes[a])
                e.tribes[a] -= x
                ev.lt[a] -= x
                y = min(ev.lc[a], e.cav[a])
                if y:
                    _lose_city(s, p, a, y)
                    ev.lc[a] -= y
        s.leave_event()
    end_game(s, Ending.ERAS)


# The multiplayer steps join the shared step tables (their kinds are distinct from the solo
# ones), so the one dispatch in legal_actions/_apply/run serves both modes.
register("mp", run=_round_run)
register("mpera", run=_era_run)
register("mpsetup", legal=_setup_legal, act=_setup_act, refuse=_setup_refuse)
register("mpev", run=_event_run, legal=_event_legal, act=_event_act, refuse=_event_refuse)
register("alloc", run=_alloc_run, legal=_alloc_legal, act=_alloc_act, refuse=_alloc_refuse)
