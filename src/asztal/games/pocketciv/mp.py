"""Chapter 6, the multiplayer mode (Többjátékos mód), PC-MP-*: ``players`` 2-4.

The map has 16 areas, numbered 1-8 twice (``generate_mp_board``). Every seat keeps its own
Empire object (``empire.Empire``: tribes, cities, wonders, gold, advances, VPs: ruling
PC-Q-25) in ``state.seats``; the terrain, the era and the event deck are shared. The solo rules
run unchanged on the Empire ``state.emp`` names (``focus`` says whose it is):

- **a seat's own turn** (``act_for(p)``: ``emp`` is seat p's Empire itself): movement,
  development (mining, expeditions, taxation: a special use of the deck by one player,
  PC-MP-DECK-01), reckoning, city development and city upkeep are the solo code;
- **an event** (``focus`` = -1, ``enter_event``): it is played on the colours together
  (PC-MP-TOTEM-10), on an explicit combination of the Empires (``empire.combined``): tribes,
  city values and wonders of all seats summed per area, with the Totem holder's gold,
  advances and trading partners. When the event is over, the holder says whose tribes and
  cities its losses fall on where colours share an area (``alloc``), and the holder gets back
  what the event changed of its gold, advances, partners and Astronomy (``leave_event``).

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

from asztal.engine.fields import flag, listed, obj, one_of, whole
from asztal.games.pocketciv.actions import ASTRONOMY, DONE, HIT, HITCITY, LEAVE, PLACE, TAKE
from asztal.games.pocketciv.data import (
    A_ASTRONOMY,
    A_SURVEYING,
    ADV_IDS,
    ADV_INDEX,
    BITS,
    BOX,
    EMPIRES,
    MAXAREA,
    NADV,
    NCARDS,
    NWONDER,
    RED,
    WONDER_IDS,
)
from asztal.games.pocketciv.empire import Empire, combined
from asztal.games.pocketciv.frames import (
    RUN,
    Alloc,
    Dev,
    Move,
    Mp,
    MpEra,
    MpEv,
    MpSetup,
    PCFrame,
    Pop,
    TopUp,
    Upkeep,
    register,
    start_frame,
)
from asztal.games.pocketciv.map import DISC, GEOMETRY, SYMMETRIES, outline
from asztal.games.pocketciv.movement import area_check
from asztal.games.pocketciv.refuse import no, not_here
from asztal.games.pocketciv.scoring import era_points
from asztal.games.pocketciv.setup import (
    AREA_KEYS,
    MAP_KEYS,
    POOL,
    Board,
    check_geometry,
    set_bits,
)
from asztal.games.pocketciv.state import (
    MAX_COUNT,
    MAX_ROUND,
    PocketCivState,
    area_bits,
    cards,
    check_stack,
    name_bits,
    wonder_points,
    wonder_tuple,
)

#: events whose text names no active area (no red circle): they are played once, never on a second area
NO_AREA = frozenset({"anarchy", "corruption", "superstition"})

def generate_mp_board(rng, players: int = 2) -> Board:
    """8 areas per player: partitions of the solo pool, turned/mirrored at random; numbers
    1-8 once per player at random (PC-MP-MAP-02); a Frontier along the outline bordering 4-5
    areas per player, the Sea the rest; 5 mountains and 5 forests per player, deserts by the
    solo rule (PC-Q-25: twice the solo numbers for two players)."""
    cells, pairs, rim = GEOMETRY[players]
    n = 8 * players
    while True:
        owner = []
        for half in range(0, n, 8):
            base = POOL[rng.below(len(POOL), "pocketciv.map")]
            perm = SYMMETRIES[rng.below(len(SYMMETRIES), "pocketciv.map")]
            owner.extend(base[perm[k]] + half for k in range(len(DISC)))
        touch = [frozenset(owner[j] for j in t) for _, t in rim]
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
        for a in t:
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

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = _mp_json_map(self)
        return self._data


def _mp_json_map(board) -> dict:
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
        "x_scale": 3 ** 0.5,
    }


def _frontier_cells(rng, rim, touch, players: int) -> set | None:
    """A run of outside cells bordering exactly 4-5 areas per player: the Frontier."""
    n = len(rim)
    for _ in range(30):
        want = 4 * players + rng.below(players + 1, "pocketciv.map")
        start = rng.below(n, "pocketciv.map")
        arc, seen = set(), set()
        for k in range(n - 1):
            e = (start + k) % n
            new = seen | touch[e]
            if len(new) > want:
                break
            arc.add(rim[e][0])
            seen = new
        areas = set().union(*(t for (out, _), t in zip(rim, touch, strict=True) if out in arc)) if arc else set()
        if len(areas) == want and len(arc) < len({out for out, _ in rim}):
            return arc
    return None


def board_from_json(data: dict, players: int) -> Board:
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


def setup_multiplayer(s) -> None:
    """PC-MP-TOTEM-01: the first Totem holder is drawn at random; every seat places three
    tribes (PC-Q-25), the holder first; then the deck is shuffled and three cards discarded."""
    s.__class__ = MultiState
    n = s.board.n
    s.seats = [Empire(n) for _ in range(s.players)]
    s.totem = s.rng.below(s.players, "pocketciv.totem")
    s.focus = -2
    s.stack = [Mp(-1, 0)]
    s.emit("pocketciv.mp_start", players=s.players)
    s.emit("pocketciv.totem", seat=s.totem)
    s.run()


class MultiState(PocketCivState):
    """A PocketCiv state with 2-4 seats (see the module doc)."""

    __slots__ = ()
    ERA = MpEra

    def emit(self, key: str, **params) -> None:
        """The solo rules' events, told for the seat whose Empire is in play (``actor``)."""
        if self.log is not None:
            if self.focus >= 0 and "seat" not in params:
                params["actor"] = self.focus
            PocketCivState.emit(self, key, **params)

    # -- which Empire the rule code acts on -------------------------------------------------------
    def live(self, p: int) -> Empire:
        """Seat ``p``'s Empire."""
        return self.seats[p]

    def store(self) -> None:
        """No seat acts any more (the round controller's own steps); ``emp`` is left as it is."""
        if self.focus == -1:
            raise AssertionError("an event view is left only through its allocation")
        self.focus = -2

    def focus_on(self, p: int) -> None:
        """The rules act on seat ``p``'s Empire (PC-MP-02: one seat at a time)."""
        if self.focus == p:
            return
        self.store()
        self.emp = self.seats[p]
        spread = 0
        for q, e in enumerate(self.seats):
            if q != p:
                spread |= e.adv
        self.spread = spread  # PC-MP-ADV-01
        self.focus = p

    def enter_event(self) -> None:
        """The event view (PC-MP-TOTEM-10): colours summed per area, the holder's Empire."""
        self.store()
        self.emp = view = combined(self.seats, self.seats[self.totem], self.board.areas)
        self.spread = 0
        self.focus = -1
        self.ev = {"tribes": list(view.tribes), "cav": list(view.cav), "rec": [], "rep": [], "red": 0, "pass": 0,
                   "lt": [], "lc": []}

    def leave_event(self) -> None:
        h, view = self.seats[self.totem], self.emp
        h.gold, h.adv, h.partners, h.astro_era = view.gold, view.adv, view.partners, view.astro_era
        self.focus = -2
        self.ev = None

    # -- hooks the solo code calls ----------------------------------------------------------------
    def red_area(self, card: int) -> int:
        """PC-MP-MAP-03, PC-MP-TOTEM-09: a red circle designates both areas of its number. In
        an event the first pass plays the first of them, the second pass the other. Outside
        events (looting with Culture of Thievery) the player's area of that number with more of
        their tribes (ruling PC-R-MP-OWN-AREA)."""
        k = RED[card]
        areas = self.board.by_number[k]
        ev = self.ev
        if ev is not None and self.focus == -1:
            ev["red"] = k
            return areas[ev["pass"]]
        t = self.tribes
        return max(areas, key=lambda a: (t[a], -a))

    def draw(self) -> int:
        """In the second pass of an event the cards of the first pass are read again."""
        ev = self.ev
        if ev is not None and self.focus == -1:
            if ev["rep"]:
                return ev["rep"].pop(0)
            if self.held >= 0:  # drawn, and recorded, before the era change
                return PocketCivState.draw(self)
            c = self.deck[-1]
            ev["rec"].append(c)  # recorded at the draw, so an era change it causes keeps it out
            return PocketCivState.draw(self)
        return PocketCivState.draw(self)

    def still_read(self) -> frozenset[int]:
        """Ruling PC-R-ERA-AT-ONCE with PC-R-MP-PASSES: the cards of an event's first pass are
        read again on each further area of its red circle's number, so while such a pass is
        still to come they stay out of an era change's reshuffle."""
        ev = self.ev
        if ev is None or self.focus != -1:
            return frozenset()
        if not ev["red"]:  # no area read yet: an event with an active area will still read one
            f = next((f for f in reversed(self.stack) if type(f) is MpEv), None)
            return frozenset(ev["rec"]) if f is not None and BOX[f.card][f.era][0] not in NO_AREA else frozenset()
        if ev["pass"] + 1 >= len(self.board.by_number[ev["red"]]):
            return frozenset(ev["rep"])  # the last pass: only the cards it has yet to read again
        return frozenset(ev["rec"])

    def next_phase(self, frame: PCFrame) -> None:
        self.stack.pop()  # back to the round controller, which moves on to the next seat
        if type(frame) is Pop:  # one seat's upkeep is over; the round ends with the last one's
            self.round_no -= 1

    def order(self, k: int) -> int:
        """The k-th seat to act: the Totem holder first (PC-MP-TOTEM-02), then in seat order."""
        return (self.totem + k) % self.players

    # -- the engine contract: _legal_list, _apply, decision and refusal are the solo ones --
    def run(self) -> None:
        stack = self.stack
        while not self.is_over:
            if self.started and self.focus != -1 and self.wiped():
                end_mp(self, "wiped")  # PC-MP-END-01
                break
            if not self.run_step():
                break
        if self.is_over:
            self.to_move = None
            return
        f = stack[-1]
        if type(f) is MpEv and f.stage == 0:
            self.to_move = self.order(f.k)
        elif self.focus == -1 or type(f) is Alloc:
            self.to_move = self.totem  # PC-MP-TOTEM-10: the holder decides in events
        else:
            self.to_move = self.focus

    def wiped(self) -> list[int]:
        """Seats with neither a tribe nor a city (PC-MP-END-01). While one seat is in focus
        the others' Empires cannot change (PC-MP-02), so only that seat is looked at."""
        f = self.focus
        if f >= 0:
            return [] if any(self.tribes) or any(self.cav) else [f]
        return [p for p, e in enumerate(self.seats) if not any(e.tribes) and not any(e.cav)]

    def _copy_into(self, new) -> None:
        PocketCivState._copy_into(self, new)
        new.focus = self.focus
        new.totem = self.totem
        ev = self.ev
        new.ev = None if ev is None else {k: (list(v) if isinstance(v, list) else v) for k, v in ev.items()}

    # -- what may be seen ---------------------------------------------------------------------------
    def _mp_json(self) -> dict:
        P, board = self.players, self.board
        emp = self.seats
        areas = [{
            "id": a + 1, "number": board.number[a],
            "forest": bool(self.forest[a]), "mountain": self.mount[a] == 1, "volcano": self.mount[a] == 2,
            "farm": bool(self.farm[a]), "desert": bool(self.desert[a]), "fault": bool(self.fault[a]),
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
            "players": P, "totem": self.totem + 1, "focus": self.focus, "era": self.era, "round": self.round_no,
            "areas": areas, "empires": empires, "aside": [c + 1 for c in self.aside],
            "stack": [f.saved() for f in self.stack],
            "hit": [a + 1 for a in board.areas if self.hit & BITS[a]], "ending": self.ending,
            "started": self.started,
        }
        if self.focus == -1:  # an event is being played on the colours together
            ev = self.ev
            d["event"] = {
                "tribes": list(self.tribes), "cities": list(self.cav),
                "wonders": [[WONDER_IDS[w] for w in ws] for ws in self.wonders],
                "gold": self.gold, "advances": [ADV_IDS[i] for i in range(NADV) if self.adv >> i & 1],
                "partners": [EMPIRES[i] for i in range(len(EMPIRES)) if self.partners >> i & 1],
                "astronomy_era": self.astro_era,
                "before_tribes": list(ev["tribes"]), "before_cities": list(ev["cav"]),
                "recorded": [c + 1 for c in ev["rec"]], "replay": [c + 1 for c in ev["rep"]],
                "red": ev["red"], "pass": ev["pass"], "lost_tribes": list(ev["lt"]), "lost_cities": list(ev["lc"]),
            }
        return d

    def view(self, seat):
        self.check_seat(seat)
        v = self._mp_json()
        v["map"] = self.board.data
        v["deck_size"] = len(self.deck)
        v["discard_size"] = len(self.discard)
        v["discard_top"] = self.discard[-1] + 1 if self.discard else None
        v["discard"] = [c + 1 for c in self.discard] if self._surveys(seat) else None
        v["drawn"] = [c + 1 for c in self.shown]  # every card announced since the last decision
        v["to_move"] = self.to_move
        v["is_over"] = self.is_over
        return v

    def _surveys(self, seat) -> bool:
        """PC-DEV-MINING-03: a seat with Surveying may search the discard pile."""
        return seat is not None and bool(self.seats[seat].adv & A_SURVEYING)

    def _state_dict(self) -> dict:
        d = self._mp_json()
        d["map"] = self.board.data
        d["deck"] = [c + 1 for c in self.deck]
        d["discard"] = [c + 1 for c in self.discard]
        return d

    def _load_state_dict(self, d: dict) -> None:
        """A hand-written multiplayer position, every field checked for type and range."""
        obj(d, "position")
        self.board = board = board_from_json(d["map"], self.players)
        n = board.n
        P = whole(d.get("players", self.players), "players", 2, 4)
        if P != self.players:
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
        self.forest, self.farm, self.desert, self.fault = (terrain[k] for k in ("forest", "farm", "desert", "fault"))
        self.mount = [2 if v else 1 if m else 0 for m, v in zip(terrain["mountain"], terrain["volcano"], strict=True)]

        def per_seat(x, key):
            return listed(x[key], f"area {x['id']} {key}", P, P)

        seats = []
        for p, d_e in enumerate(listed(d["empires"], "empires", P, P)):
            obj(d_e, "empire")
            cap = d_e.get("capital")
            voy = d_e.get("voyage")
            if voy is not None:
                voy = [whole(v, "voyage area", 1, n) for v in listed(voy, "voyage", 2, 2)]
            e = Empire(n)
            e.tribes = [whole(per_seat(x, "tribes")[p], "tribes", 0, MAX_COUNT) for x in areas]
            e.cav = [whole(per_seat(x, "cities")[p], "cities", 0, 10) for x in areas]
            e.moved = [whole(per_seat(x, "moved")[p], "moved", 0, MAX_COUNT) for x in areas]
            e.wonders = [wonder_tuple(per_seat(x, "wonders")[p], "wonders") for x in areas]
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
        self.seats = seats
        self.totem = whole(d["totem"], "totem", 1, P) - 1
        self.era = whole(d["era"], "era", 1, 8)
        self.round_no = whole(d["round"], "round", 1, MAX_ROUND)
        self.deck = cards(d["deck"], "deck")
        self.discard = cards(d["discard"], "discard")
        self.aside = cards(d["aside"], "aside")
        self.stack = check_stack(d["stack"], multi=True)
        self.held = -1
        self.hit = area_bits(d["hit"], "hit", n)
        self.ending = d.get("ending")
        if self.ending is not None:
            one_of(self.ending, "ending", ("eras", "wiped"))
        self.started = flag(d["started"], "started")
        focus = whole(d["focus"], "focus", -2, P - 1)
        self.focus = -2
        self.emp = seats[self.totem].copy()  # no seat acts: a copy stands in until one does
        if focus >= 0:
            self.focus_on(focus)
        elif focus == -1:
            ev = obj(d["event"], "event")

            def counts(key, hi):
                return [whole(x, f"event {key}", 0, hi) for x in listed(ev[key], f"event {key}", n, n)]

            view = combined(seats, seats[self.totem], board.areas)
            view.tribes, view.cav = counts("tribes", MAX_COUNT), counts("cities", 10)
            view.wonders = [wonder_tuple(ws, "event wonders") for ws in listed(ev["wonders"], "event wonders", n, n)]
            view.gold = whole(ev["gold"], "event gold", 0, MAX_COUNT)
            view.adv = name_bits(ev["advances"], "event advances", ADV_INDEX)
            view.partners = name_bits(ev["partners"], "event partners", {x: i for i, x in enumerate(EMPIRES)})
            view.astro_era = whole(ev["astronomy_era"], "event astronomy_era", 0, 8)
            self.emp, self.spread = view, 0
            self.focus = -1
            self.ev = {"tribes": counts("before_tribes", MAX_COUNT), "cav": counts("before_cities", 10),
                       "rec": cards(ev["recorded"], "event recorded"), "rep": cards(ev["replay"], "event replay"),
                       "red": whole(ev["red"], "event red", 0, 8), "pass": whole(ev["pass"], "event pass", 0, P - 1),
                       "lt": counts("lost_tribes", MAX_COUNT), "lc": counts("lost_cities", 10)}
        if focus != -1:
            self.ev = None
        self._revealed = False
        self.shown = ()
        if self.ending is None:
            self.run()
        else:
            self.is_over = True
            self.to_move = None

    # -- results ----------------------------------------------------------------------------------
    def scores(self):
        return [float(e.vp + e.vp_wonders) for e in self.seats]

    def winners(self):
        """PC-MP-END-02, PC-Q-28: the most points wins, in both endings; a tie is shared."""
        if not self.is_over:
            return []
        sc = self.scores()
        best = max(sc)
        return [p for p in range(self.players) if sc[p] == best]

    def outcome(self):
        return {"scores": self.scores(), "winners": self.winners(), "ending": self.ending, "era": self.era,
                "vp_advances": [e.vp for e in self.seats], "vp_wonders": [e.vp_wonders for e in self.seats]}

    def check_invariants(self) -> None:
        n = self.board.n
        assert len(self.seats) == self.players
        for p, e in enumerate(self.seats):
            for k in ("tribes", "cav", "moved"):
                vals = getattr(e, k)
                assert len(vals) == n and all(isinstance(v, int) and v >= 0 for v in vals), f"seat {p + 1}: {k}"
            for a in range(n):
                limit = 10 if a == e.capital else 4
                assert e.cav[a] <= limit, f"seat {p + 1}, area {a + 1}: CAV {e.cav[a]} above {limit}"
                assert e.moved[a] <= e.tribes[a], "more moved tribes than tribes"
                assert all(0 <= w < NWONDER for w in e.wonders[a])
            assert e.capital == -1 or e.cav[e.capital] > 0, "the capital must be a city"
            assert e.gold >= 0 and e.vp >= 0 and e.vp_wonders >= 0
        if self.focus == -1:
            assert all(v >= 0 for v in self.tribes) and all(v >= 0 for v in self.cav) and self.gold >= 0
        for name in ("forest", "farm", "desert", "fault"):
            vals = getattr(self, name)
            assert len(vals) == n and all(v in (0, 1) for v in vals), f"at most one {name} per area (PC-CON-06)"
        assert len(self.mount) == n and all(v in (0, 1, 2) for v in self.mount)
        assert 1 <= self.era <= 8 and 0 <= self.totem < self.players
        cards = self.deck + self.discard + self.aside
        assert sorted(cards) == list(range(NCARDS)), "the deck, discards and cards aside must hold the 16 cards"
        assert self.stack, "no pending step"
        if not self.is_over:
            f = self.stack[-1]
            if f.TAG not in RUN:
                assert self._legal_list(), "no legal action before the end"


# -- the round -------------------------------------------------------------------------------------
def _round_run(s, f) -> bool:
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
        for e in s.seats:
            t = e.tribes
            for a in s.board.areas:
                if t[a]:
                    t[a] += 1
            e.moved = [0] * len(t)
            e.voyage = -1
        s.stack[-1] = Mp(1, 0)
        return True
    if stage in (1, 3, 5):  # top-up and movement / development / the rest of upkeep, seat by seat
        if k < P:
            s.focus_on(s.order(k))
            s.stack[-1] = Mp(stage, k + 1)
            if stage == 1:  # PC-POP-02/03 with the seat's own tribes and cities
                s.stack.append(TopUp() if sum(s.tribes) < 3 and any(s.cav) else Move())
            elif stage == 3:
                s.stack.append(Dev())
            else:
                s.stack.append(Upkeep(1))  # reckoning, looting, city development, city upkeep
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


def tribe_upkeep_mp(s) -> None:
    """PC-MP-CITY-02: an area supports forest + mountain/volcano + farm + the CAV of every
    colour's city, against all its tribes; PC-MP-CITY-03, PC-MP-TOTEM-04: the excess is removed
    one tribe per colour in turn, the Totem holder first."""
    seats = s.seats
    for a in s.board.areas:
        cap = s.forest[a] + (1 if s.mount[a] else 0) + s.farm[a] + sum(e.cav[a] for e in seats)
        total = sum(e.tribes[a] for e in seats)
        k = 0
        while total > cap:
            e = seats[s.order(k)]
            k += 1
            if e.tribes[a]:
                e.tribes[a] -= 1
                total -= 1
                s.hit |= BITS[a]


def _setup_legal(s, f):
    return [PLACE[a] for a in s.board.areas]


def _setup_refuse(s, f, action):
    if action.kind == "place":
        return area_check(s, action.args[0], True)
    return not_here(action, f.TAG)


def _setup_act(s, f, action) -> None:
    s.tribes[action.args[0]] += 1
    s.emit("pocketciv.place", area=action.args[0] + 1)
    if f.placed + 1 < 3:
        s.stack[-1] = MpSetup(f.placed + 1)
    else:
        s.stack.pop()


# -- the event (PC-MP-TOTEM-03, -06..-10) ----------------------------------------------------------
def _event_run(s, f) -> bool:
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
        if s.adv & A_ASTRONOMY and s.astro_era != s.era:  # the holder's Astronomy (PC-EVT-ASTRONOMY-01)
            s.stack[-1] = MpEv(5, c, era, 0)
            return False
        s.stack[-1] = MpEv(2, c, era, 0)
        return True
    if stage == 2:  # first pass: the first area of each red circle
        s.stack[-1] = MpEv(3, c, era, 0)
        s.stack.append(start_frame(BOX[c][era][0], c, era))
        return True
    if stage == 3:
        ev = s.ev
        if ev["red"] and ev["pass"] + 1 < len(s.board.by_number[ev["red"]]):
            ev["pass"] += 1  # PC-MP-TOTEM-09: the same event, with the same cards, on the next area
            ev["rep"] = list(ev["rec"])
            s.stack.append(start_frame(BOX[c][era][0], c, era))
            return True
        _losses(s)
        s.stack[-1] = MpEv(4, c, era, 0)
        s.stack.append(Alloc())
        return True
    if stage == 4:
        s.leave_event()
        s.stack.pop()
        return True
    return False  # stage 5: the holder's Astronomy decision


def _event_legal(s, f):
    if f.stage == 0:
        return [TAKE, LEAVE]
    return [ASTRONOMY, DONE]


def _event_refuse(s, f, action):
    return not_here(action, "totem" if f.stage == 0 else "astro")


def _event_act(s, f, action) -> None:
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
        s.astro_era = s.era
        s.aside.remove(c)
        s.discard.append(c)
        s.emit("pocketciv.astronomy", card=c + 1)
        s.leave_event()
        s.stack[-1] = MpEv(6, -1, s.era, 1)
    else:
        s.stack[-1] = MpEv(2, c, era, 0)


def _losses(s) -> None:
    """After the event: gains go to the holder's colour; losses wait in ``lt``/``lc`` for
    the holder to say whose they are; lost wonders are taken from the other colours first
    (ruling PC-R-MP-WONDERS)."""
    ev, seats, h = s.ev, s.seats, s.seats[s.totem]
    lt, lc = [], []
    for a in s.board.areas:
        d = ev["tribes"][a] - s.tribes[a]
        if d < 0:
            h.tribes[a] -= d
        lt.append(max(0, d))
        lc.append(max(0, ev["cav"][a] - s.cav[a]))
        if not any(e.wonders[a] for e in seats):
            continue
        before = Counter(w for e in seats for w in e.wonders[a])
        lost = before - Counter(s.wonders[a])
        for w, cnt in lost.items():
            for k in range(1, s.players + 1):
                e = seats[s.order(k % s.players)]
                while cnt and w in e.wonders[a]:
                    ws = list(e.wonders[a])
                    ws.remove(w)
                    e.wonders[a] = tuple(ws)
                    cnt -= 1
    ev["lt"], ev["lc"] = lt, lc


def _lose_city(s, p: int, a: int, n: int) -> None:
    e = s.seats[p]
    e.cav[a] -= n
    if e.cav[a] <= 0:
        e.cav[a] = 0
        if e.capital == a:
            e.capital = -1
        s.emit("pocketciv.mp_city_lost", seat=p, area=a + 1, cause=s.loss_cause())


def _alloc_run(s, f) -> bool:
    ev, seats = s.ev, s.seats
    lt, lc = ev["lt"], ev["lc"]
    for a in s.board.areas:
        if lt[a]:
            have = [p for p in range(s.players) if seats[p].tribes[a]]
            if len(have) > 1 and lt[a] < sum(seats[p].tribes[a] for p in have):
                return False  # PC-MP-TOTEM-10: the holder says whose tribes die
            for p in have:
                k = min(lt[a], seats[p].tribes[a])
                seats[p].tribes[a] -= k
                lt[a] -= k
            lt[a] = 0
        if lc[a]:
            have = [p for p in range(s.players) if seats[p].cav[a]]
            if len(have) > 1 and lc[a] < sum(seats[p].cav[a] for p in have):
                return False  # ... and whose city loses value (ruling PC-R-MP-LOCAL-CAV)
            for p in have:
                k = min(lc[a], seats[p].cav[a])
                _lose_city(s, p, a, k)
                lc[a] -= k
            lc[a] = 0
    s.stack.pop()
    return True


def _alloc_area(s) -> tuple[int, str]:
    """The area whose losses are shared out now (area order, tribes before cities)."""
    ev = s.ev
    for a in s.board.areas:
        if ev["lt"][a]:
            return a, "hit"
        if ev["lc"][a]:
            return a, "hitcity"
    return -1, ""


def alloc_check(s, p: int, a: int, kind: str, why: bool = False):
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


def _alloc_legal(s, f):
    a, kind = _alloc_area(s)
    if a < 0:
        return []
    table = HIT if kind == "hit" else HITCITY
    return [table[p][a] for p in range(s.players) if alloc_check(s, p, a, kind) is None]


def _alloc_refuse(s, f, action):
    if action.kind in ("hit", "hitcity"):
        return alloc_check(s, *action.args, action.kind, True)
    return not_here(action, f.TAG)


def _alloc_act(s, f, action) -> None:
    p, a = action.args
    if action.kind == "hit":
        s.seats[p].tribes[a] -= 1
        s.ev["lt"][a] -= 1
    else:
        _lose_city(s, p, a, 1)
        s.ev["lc"][a] -= 1


# -- eras and the end (PC-MP-ERA-*, PC-MP-END-*) -----------------------------------------------------
def _era_run(s, f) -> bool:
    """PC-MP-ERA-01..03, PC-Q-27: no city check, no scoring, no voluntary end; the deck is
    shuffled and three cards discarded; the end of Era 8 ends the game. Frame: ``MpEra(0,
    card, code)``: as in solo (PC-ERA-11), the step or action that drew the last card then goes on."""
    if s.era == 8:
        end_mp(s, "eras")
        return True
    s.era += 1
    s.stack.pop()
    s.reshuffle_deck()  # PC-DECK-04, PC-Q-03 (2)
    s.emit("pocketciv.mp_era", era=s.era, header=True)
    s.resume(f.card, f.code)
    return True


def end_mp(s, how: str) -> None:
    """PC-MP-END-01/02, PC-Q-28: every seat scores as in PC-END-02 with its own tribes,
    advances (the most valuable, at most as many as its tribes, +4 with Written Record) and
    wonders; the most points wins. An event cut short by the end of Era 8 is shared out as
    far as it went, other colours first (ruling PC-R-MP-LAST-EVENT)."""
    if s.focus == -1:
        if not s.ev["lt"]:
            _losses(s)
        ev, seats = s.ev, s.seats
        for a in s.board.areas:
            for k in range(1, s.players + 1):
                p = s.order(k % s.players)
                e = seats[p]
                x = min(ev["lt"][a], e.tribes[a])
                e.tribes[a] -= x
                ev["lt"][a] -= x
                y = min(ev["lc"][a], e.cav[a])
                if y:
                    _lose_city(s, p, a, y)
                    ev["lc"][a] -= y
        s.leave_event()
    s.store()
    for p in range(s.players):
        s.focus_on(p)
        s.vp = era_points(s, 8)  # PC-Q-28: scored as PC-END-02, no city check
        s.vp_wonders = wonder_points(s)
    s.store()
    s.ending = how
    s.is_over = True
    s.to_move = None
    s.emit("pocketciv.mp_over", how=how, scores=[e.vp + e.vp_wonders for e in s.seats])


# The multiplayer steps join the shared step tables (their kinds are distinct from the solo
# ones), so the solo dispatch in legal_actions/_apply/run serves both modes.
register("mp", run=_round_run)
register("mpera", run=_era_run)
register("mpsetup", legal=_setup_legal, act=_setup_act, refuse=_setup_refuse)
register("mpev", run=_event_run, legal=_event_legal, act=_event_act, refuse=_event_refuse)
register("alloc", run=_alloc_run, legal=_alloc_legal, act=_alloc_act, refuse=_alloc_refuse)
