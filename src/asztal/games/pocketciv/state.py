"""The PocketCiv state: the board's flat per-area lists, the Empire the rules act on
(``empire.py``), the event deck and the stack of pending decisions (``frames.py``). The
rules themselves live in the modules named after the book's parts; this class holds the
shared helpers they use (removal, reduction, creation: section 2.1 of the book) and the
engine half of the contract.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from asztal.engine import GameState
from asztal.engine.decision import OVER, Decision, Refusal
from asztal.engine.fields import flag, listed, obj, one_of, whole
from asztal.games.pocketciv.data import (
    A_SURVEYING,
    ADV_IDS,
    ADV_INDEX,
    ADV_VP,
    BITS,
    BOX,
    EMPIRES,
    MAXAREA,
    NADV,
    NAREA,
    NCARDS,
    NWONDER,
    RED,
    WONDER_IDS,
    WONDER_INDEX,
    WONDER_VP,
)
from asztal.games.pocketciv.empire import EMPIRE_FIELDS
from asztal.games.pocketciv.frames import (
    ACT,
    LEGAL,
    REFUSE,
    RUN,
    Era,
    EventFrame,
    MpEv,
    Pay,
    PCFrame,
    Sacrifice,
    Starve,
    Upkeep,
    Visitation,
    load_frame,
)
from asztal.games.pocketciv.refuse import not_here, off_map
from asztal.games.pocketciv.setup import Board


class EraChange(Exception):
    """Raised by ``draw`` when it takes the deck's last card: the step that drew stops right
    there, so the era changes on the Empire as it stands after the draw (PC-ERA-11)."""

    def __init__(self, card: int) -> None:
        super().__init__(card)
        self.card = card


#: what an upkeep step that takes something away is called in the log (``Upkeep.step``): 0 tribe
#: upkeep (PC-UPK-TRIBE-02), 2 pillaging (PC-UPK-PILLAGE-02), 4 the price of city development
#: (PC-UPK-CITYDEV-01, PC-UPK-CAPITAL-04), 5-6 city upkeep (PC-UPK-CITY-01)
UPKEEP_CAUSES = ("tribe_upkeep", "reckoning", "pillage", "pillage", "citydev", "city_upkeep", "city_upkeep")


def _empire_field(name: str) -> property:
    """``state.<name>`` is the field of the Empire the rules act on (``state.emp``)."""
    def put(self, value) -> None:
        setattr(self.emp, name, value)

    return property(attrgetter("emp." + name), put, doc=f"``emp.{name}``")


class PocketCivState(GameState):
    #: the frame of an era change (step, card drawn, code of the interrupted action or "")
    ERA: type[PCFrame] = Era
    __slots__ = (
        "board",
        # per area (index 0-7 = area number 1-8): the terrain
        "forest", "mount", "farm", "desert", "fault",
        "era", "round_no",
        # the event deck (card indices 0-15 = card numbers 1-16); top of the deck = last
        "deck", "discard", "aside",
        "stack", "held", "hit", "ending", "started", "_revealed",
        # the cards drawn (and announced) since the player's last decision
        "shown",
        # the Empire the rules act on (its fields are the properties below) and every seat's
        # Empire (solo: ``[emp]``); multiplayer only (``mp.py``; solo: -2 / 0 / 0 / None):
        # whose Empire ``emp`` is (-1: the combination an event is played on, -2: none acts),
        # the Totem holder, the advances the other seats own, an event's bookkeeping
        "emp", "seats", "focus", "totem", "spread", "ev",
    )

    # -- section 2.1: removal, reduction, creation -------------------------------------------
    def has(self, adv_bit: int) -> bool:
        return bool(self.emp.adv & adv_bit)

    def total_tribes(self) -> int:
        return sum(self.tribes)

    def rm_tribes(self, a: int, n: int) -> int:
        """PC-CON-10, PC-Q-21: reduce tribes by n, never below 0; returns how many died."""
        tribes = self.emp.tribes
        t = tribes[a]
        k = n if n < t else t
        if k > 0:
            tribes[a] = t - k
            self.hit |= BITS[a]
            if self.log is not None and self._in_event():
                self.emit("pocketciv.tribes_lost", area=a + 1, lost=k, left=t - k, cause=self.loss_cause())
        return k

    def loss_cause(self) -> str | None:
        """Why the Empire loses something now, for the log line that tells it: the event being
        carried out (its id on the cards), an offer to visitors, or the upkeep step (``UPKEEP_CAUSES``);
        None outside them (``messages.RULE_CAUSES`` words the ones that are not event cards)."""
        for f in reversed(self.stack):
            if isinstance(f, Visitation) and f.step == 1:  # a tribe offered (PC-EVT-VISIT-02)
                return "diplomacy"
            if isinstance(f, EventFrame):
                return f.EVENT
            if isinstance(f, MpEv) and f.card >= 0:
                return BOX[f.card][f.era][0]
            if isinstance(f, Starve):
                return "city_upkeep"
            if isinstance(f, (Pay, Sacrifice)):
                return "citydev"
            if isinstance(f, Upkeep):
                return UPKEEP_CAUSES[f.step]
        return None

    def _in_event(self) -> bool:
        """True while an event or the upkeep is carried out: its losses are told area by area
        (the tribes and cities a player spends on purpose are not)."""
        return any(isinstance(f, (EventFrame, Upkeep, Starve)) for f in self.stack)

    def tribes_to(self, a: int, n: int) -> int:
        """PC-CON-09: reduce tribes to n (leave at most n)."""
        t = self.tribes[a]
        return self.rm_tribes(a, t - n) if t > n else 0

    def reduce_cav(self, a: int, n: int, floor: int = 0) -> int:
        """PC-CON-11/12: reduce a city's CAV by n; at 0 the city is destroyed.
        ``floor`` 1 keeps the city at CAV 1 (Engineering, Civil Service)."""
        c = self.cav[a]
        if c == 0 or n <= 0:
            return 0
        new = c - n
        if new < floor:
            new = floor if c >= floor else c
        if new <= 0:
            self.destroy_city(a)
            return c
        self.cav[a] = new
        if self.log is not None and self._in_event():
            self.emit("pocketciv.cav_lost", area=a + 1, lost=c - new, cav=new, cause=self.loss_cause())
        return c - new

    def destroy_city(self, a: int) -> None:
        """PC-CON-03; PC-UPK-CAPITAL-07: a destroyed capital frees the title."""
        self.cav[a] = 0
        if self.capital == a:
            self.capital = -1
        if self.log is not None:
            self.emit("pocketciv.city_lost", area=a + 1, cause=self.loss_cause())

    def cities(self) -> int:
        return len(self.cav) - self.cav.count(0)

    def tcav(self) -> int:
        return sum(self.emp.cav)

    def nadv(self) -> int:
        return self.emp.adv.bit_count()

    def red_area(self, card: int) -> int:
        """The area a card's red circle designates (PC-EVT-* "the active area")."""
        return self.board.by_number[RED[card]][0]

    def next_phase(self, frame: PCFrame) -> None:
        """A phase of the round is over: the next one begins (the multiplayer state returns
        to its round controller instead)."""
        self.stack[-1] = frame

    # -- the event deck (PC-DECK-01, PC-Q-03) ------------------------------------------------
    def draw(self) -> int:
        """Turn up the top card; it goes face up onto the discard pile (p. 8, p. 11)."""
        return self._take(0)

    def draw_aside(self, era: int) -> int:
        """Draw the card that starts an event: it stays out until the event ends (PC-EVT-02),
        or goes onto the discard pile at once if it holds no event for ``era`` (PC-EVP-03)."""
        return self._take(era)

    def _take(self, era: int) -> int:
        """The one draw of the game. ``era`` 0: a card read at its draw; otherwise the card of
        a phase II event, kept out (``aside``) if it holds an event for that era.

        PC-ERA-11, PC-DECK-03, PC-Q-03, ruling PC-R-ERA-AT-ONCE: the draw that takes the last
        card stops its step (``EraChange``) before anything is done with the card; the era
        change follows at once, and then the interrupted step, or the player's action, is
        carried out again from its start, this draw returning the same card (``held``).
        Every step and action therefore draws at most one card, before it changes anything
        (``tests/pocketciv/test_era_at_once.py`` checks the events' draws and the player's).
        The card is put where the book puts it at its draw, so the era change's reshuffle
        (``reshuffle_deck``) takes it with the discard pile unless an unfinished event still
        needs it (rules version 3)."""
        c = self.held
        if c >= 0:  # the card drawn before the era change, read now (already placed at its draw);
            self.held = -1  # it was announced at that draw; the reshuffle has since hidden where it lies
            return c
        c = self.rng.draw(self.deck, "pocketciv.deck")
        self.shown += (c,)
        self._revealed = True
        if era and BOX[c][era] is not None:
            self.aside.append(c)
        else:
            self.discard.append(c)
        if not self.deck:
            raise EraChange(c)
        return c

    def resume(self, card: int, code: str) -> None:
        """After the era change: the interrupted step draws ``card`` again; an interrupted
        action (its ``code``) is carried out again now, an automatic step by ``run``."""
        self.held = card
        if code:
            f = self.stack[-1]
            ACT[f.TAG](self, f, self.game.action_by_code(code))

    def still_read(self) -> frozenset[int]:
        """Cards on the discard pile that an unfinished event will read again (none in solo:
        its steps keep what they read as numbers; the original card waits in ``aside``)."""
        return frozenset()

    def reshuffle_deck(self) -> None:
        """PC-SETUP-07 (the start), PC-DECK-04, PC-Q-03 (2) (every era change), ruling
        PC-R-ERA-AT-ONCE: the deck and the whole discard pile, including the card whose draw
        emptied the deck, are shuffled together and the top three cards discarded; kept out
        are only the cards an unfinished event still needs: its original card (``aside``,
        p. 19: "célszerű megtartani az Eseményt kiváltó eredeti kártyát") and the cards it
        will read again (``still_read``), which stay on the discard pile."""
        keep = self.still_read()
        deck = self.deck + [c for c in self.discard if c not in keep]
        self.discard = [c for c in self.discard if c in keep]
        self.rng.shuffle(deck, "pocketciv.deck", deck=True)
        self.deck = deck
        for _ in range(3):
            self.discard.append(self.rng.draw(self.deck, "pocketciv.deck"))
        self._revealed = True

    def end_event(self, card: int) -> None:
        """Pop the event's frame; its original card goes to the discard pile."""
        self.stack.pop()
        if card >= 0 and card in self.aside:
            self.aside.remove(card)
            self.discard.append(card)

    # -- the engine contract --------------------------------------------------------------------
    def _legal_list(self):
        f = self.stack[-1]
        return LEGAL[f.TAG](self, f)

    def decision(self) -> Decision:
        """What the player decides now, with the count left (``decisions.py``)."""
        if self.is_over:
            return OVER
        from asztal.games.pocketciv.decisions import ask

        return ask(self)

    def refusal(self, action) -> Refusal | None:
        """None when ``action`` is legal; else the reason from the checks the legal list of the
        pending frame is built from (``refuse.py``), with its rule ID."""
        if self.is_over:
            return Refusal("engine.over")
        if action in self.legal_actions():
            return None
        f = self.stack[-1]
        check = REFUSE.get(f.TAG)
        reason = off_map(action, self.board.n) or (check(self, f, action) if check is not None else None)
        return reason if isinstance(reason, Refusal) else not_here(action, f.TAG)

    def _apply(self, action) -> bool:
        self._revealed = False
        self.shown = ()
        f = self.stack[-1]
        try:
            ACT[f.TAG](self, f, action)
        except EraChange as e:  # PC-ERA-11: the action drew the last card
            self.stack.append(self.ERA(0, e.card, action.code))
        self.run()
        return self._revealed

    def run(self) -> None:
        """Carry out automatic steps until the player must decide or the game is over."""
        tribes, cav = self.emp.tribes, self.emp.cav  # the one Empire of the solo game
        while not self.is_over:
            if not any(tribes) and self.started and not any(cav):
                from asztal.games.pocketciv.scoring import end_game
                end_game(self, "collapse")  # PC-POP-04, PC-END-01 (b)
                break
            if not self.run_step():
                break

    def run_step(self) -> bool:
        """Carry out the top frame's automatic step; False if it waits for the player."""
        f = self.stack[-1]
        step = RUN.get(f.TAG)
        if step is None:
            return False
        try:
            return step(self, f)
        except EraChange as e:  # PC-ERA-11: the step drew the last card
            self.stack.append(self.ERA(0, e.card, ""))
            return True

    def _copy_into(self, new) -> None:
        new.board = self.board
        emp = self.emp
        if len(self.seats) == 1 and self.seats[0] is emp:  # the solo game
            new.emp = emp.copy()
            new.seats = [new.emp]
        else:
            new.seats = seats = [e.copy() for e in self.seats]
            for i, e in enumerate(self.seats):  # the acting Empire is a seat's (or an event's combination)
                if e is emp:
                    new.emp = seats[i]
                    break
            else:
                new.emp = emp.copy()
        new.forest = self.forest.copy()
        new.mount = self.mount.copy()
        new.farm = self.farm.copy()
        new.desert = self.desert.copy()
        new.fault = self.fault.copy()
        new.era = self.era
        new.round_no = self.round_no
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.aside = self.aside.copy()
        new.stack = self.stack.copy()
        new.held = -1
        new.hit = self.hit
        new.ending = self.ending
        new.started = self.started
        new._revealed = False
        new.shown = self.shown
        new.spread = self.spread

    # -- what may be seen ---------------------------------------------------------------------
    def _areas_json(self) -> list[dict[str, Any]]:
        return [{
            "number": a + 1, "tribes": self.tribes[a], "city": self.cav[a], "capital": self.capital == a,
            "forest": bool(self.forest[a]), "mountain": self.mount[a] == 1, "volcano": self.mount[a] == 2,
            "farm": bool(self.farm[a]), "desert": bool(self.desert[a]), "fault": bool(self.fault[a]),
            "wonders": [WONDER_IDS[w] for w in self.wonders[a]], "moved": self.moved[a],
        } for a in self.board.areas]

    def _common_json(self) -> dict[str, Any]:
        return {
            "era": self.era, "round": self.round_no, "gold": self.gold, "vp": self.vp,
            "vp_wonders": self.vp_wonders,
            "advances": [ADV_IDS[i] for i in range(NADV) if self.adv >> i & 1],
            "partners": [EMPIRES[i] for i in range(len(EMPIRES)) if self.partners >> i & 1],
            "areas": self._areas_json(),
            "aside": [c + 1 for c in self.aside],
            "stack": [f.saved() for f in self.stack],
            "flags": self.flags, "acquired": [a + 1 for a in self.board.areas if self.acq & BITS[a]],
            "grown": self.grown, "astronomy_era": self.astro_era,
            "voyage": None if self.voyage < 0 else [self.voyage // MAXAREA + 1, self.voyage % MAXAREA + 1],
            "hit": [a + 1 for a in self.board.areas if self.hit & BITS[a]],
            "ending": self.ending, "started": self.started,
        }

    def view(self, seat):
        self.check_seat(seat)
        v = self._common_json()
        v["map"] = self.board.data
        v["deck_size"] = len(self.deck)
        v["discard_size"] = len(self.discard)
        v["discard_top"] = self.discard[-1] + 1 if self.discard else None
        # PC-DEV-MINING-02/03: the discard pile may be searched only with Surveying
        v["discard"] = [c + 1 for c in self.discard] if self.adv & A_SURVEYING else None
        v["drawn"] = [c + 1 for c in self.shown]  # every card announced since the last decision
        v["to_move"] = self.to_move
        v["is_over"] = self.is_over
        return v

    def _surveys(self, seat) -> bool:
        """PC-DEV-MINING-03: with Surveying the player may search the discard pile."""
        return bool(self.adv & A_SURVEYING)

    def _determinize(self, seat, rng) -> None:
        """Reshuffle what ``seat`` cannot see: the deck, and the discards under the top card
        unless it may search them, keeping every card announced since the last decision where
        it lies. Pools are sorted first, so the sample depends only on the view and ``rng``,
        never on the hidden order."""
        if self._surveys(seat) or len(self.discard) <= 1:
            self.deck.sort()
            rng.shuffle(self.deck)
            return
        seen = set(self.shown)
        seen.add(self.discard[-1])
        places = [i for i, c in enumerate(self.discard) if c not in seen]
        pool = sorted(self.deck + [self.discard[i] for i in places])
        rng.shuffle(pool)
        n = len(self.deck)
        self.deck = pool[:n]
        self.discard = self.discard.copy()
        for i, c in zip(places, pool[n:], strict=True):
            self.discard[i] = c

    def _state_dict(self) -> dict[str, Any]:
        d = self._common_json()
        d["map"] = self.board.data
        d["deck"] = [c + 1 for c in self.deck]
        d["discard"] = [c + 1 for c in self.discard]
        return d

    def _load_state_dict(self, d: dict[str, Any]) -> None:
        """A hand-written solo position, every field checked for type and range (docs/formats/pocketciv.md)."""
        from asztal.games.pocketciv.setup import check_map
        obj(d, "position")
        self.board = Board.from_json(check_map(d["map"]))
        areas = listed(d["areas"], "areas", NAREA, NAREA)
        for x in areas:
            obj(x, "area", _AREA_FIELDS)
            whole(x.get("number"), "area number", 1, NAREA)
        areas = sorted(areas, key=lambda x: x["number"])
        if [x["number"] for x in areas] != list(range(1, NAREA + 1)):
            raise ValueError("area numbers must be 1-8, each once")
        self.tribes = [whole(x.get("tribes", 0), f"area {x['number']} tribes", 0, MAX_COUNT) for x in areas]
        self.cav = [whole(x.get("city", 0), f"area {x['number']} city", 0, 10) for x in areas]
        self.moved = [whole(x.get("moved", 0), f"area {x['number']} moved", 0, MAX_COUNT) for x in areas]
        terrain = {k: [int(flag(x.get(k, False), f"area {x['number']} {k}")) for x in areas]
                   for k in ("forest", "mountain", "volcano", "farm", "desert", "fault", "capital")}
        self.forest, self.farm, self.desert, self.fault = (terrain[k] for k in ("forest", "farm", "desert", "fault"))
        self.mount = [2 if v else 1 if m else 0 for m, v in zip(terrain["mountain"], terrain["volcano"], strict=True)]
        self.wonders = [wonder_tuple(x.get("wonders", []), f"area {x['number']} wonders") for x in areas]
        caps = [i for i, c in enumerate(terrain["capital"]) if c]
        if len(caps) > 1:
            raise ValueError("at most one capital")
        self.capital = caps[0] if caps else -1
        self.gold = whole(d.get("gold", 0), "gold", 0, MAX_COUNT)
        self.era = whole(d.get("era", 1), "era", 1, 8)
        self.vp = whole(d.get("vp", 0), "vp", 0, MAX_COUNT)
        self.vp_wonders = whole(d.get("vp_wonders", 0), "vp_wonders", 0, MAX_COUNT)
        self.adv = name_bits(d.get("advances", []), "advances", ADV_INDEX)
        self.partners = name_bits(d.get("partners", []), "partners", {e: i for i, e in enumerate(EMPIRES)})
        self.round_no = whole(d.get("round", 1), "round", 1, MAX_ROUND)
        self.flags = whole(d.get("flags", 0), "flags", 0, 7)
        self.acq = area_bits(d.get("acquired", []), "acquired", NAREA)
        self.grown = whole(d.get("grown", 0), "grown", 0, NAREA)
        self.astro_era = whole(d.get("astronomy_era", 0), "astronomy_era", 0, 8)
        voy = d.get("voyage")
        if voy is None:
            self.voyage = -1
        else:
            a, b = (whole(v, "voyage area", 1, NAREA) for v in listed(voy, "voyage", 2, 2))
            self.voyage = (a - 1) * MAXAREA + b - 1
        self.deck = cards(d["deck"], "deck")
        self.discard = cards(d.get("discard", []), "discard")
        self.aside = cards(d.get("aside", []), "aside")
        self.stack = check_stack(d.get("stack") or [["dev"]], multi=False)
        self.held = -1
        self.hit = area_bits(d.get("hit", []), "hit", NAREA)
        self.ending = d.get("ending")
        if self.ending is not None:
            one_of(self.ending, "ending", ("eras", "stopped", "collapse"))
        self.started = flag(d.get("started", True), "started")
        self._revealed = False
        self.shown = ()
        if self.ending is None:
            self.run()  # a hand-written position may stop before an automatic step
        else:
            self.is_over = True
            self.to_move = None

    # -- results ------------------------------------------------------------------------------
    def scores(self):
        return [float(self.vp + self.vp_wonders)]

    def winners(self):
        """A solo game is won when it ends normally: all 8 eras played, or the player stops
        at an era change. A collapse (no tribe and no city) is a loss."""
        return [0] if self.is_over and self.ending in ("eras", "stopped") else []

    def outcome(self):
        return {"scores": self.scores(), "winners": self.winners(), "ending": self.ending, "era": self.era,
                "vp_eras": self.vp, "vp_wonders": self.vp_wonders,
                "wonders": sorted(WONDER_IDS[w] for ws in self.wonders for w in ws)}

    def check_invariants(self) -> None:
        for name in ("tribes", "cav", "forest", "mount", "farm", "desert", "fault", "moved"):
            vals = getattr(self, name)
            assert len(vals) == self.board.n, f"{name} must have {self.board.n} entries"
            assert all(isinstance(v, int) and v >= 0 for v in vals), f"negative or non-integer {name}: {vals}"
        for name in ("forest", "farm", "desert", "fault"):
            assert all(v <= 1 for v in getattr(self, name)), f"at most one {name} per area (PC-CON-06)"
        assert all(v <= 2 for v in self.mount), "one mountain or volcano per area (PC-ICON-06)"
        for a in self.board.areas:
            limit = 10 if a == self.capital else 4
            assert self.cav[a] <= limit, f"area {a + 1}: CAV {self.cav[a]} above {limit}"
            assert self.moved[a] <= self.tribes[a], f"area {a + 1}: more moved tribes than tribes"
            assert all(0 <= w < NWONDER for w in self.wonders[a]), "unknown wonder"
        assert self.capital == -1 or self.cav[self.capital] > 0, "the capital must be a city"
        assert self.gold >= 0, "gold never negative"
        assert self.vp >= 0 and self.vp_wonders >= 0
        assert 1 <= self.era <= 8, f"era {self.era} outside 1-8"
        cards = self.deck + self.discard + self.aside
        assert sorted(cards) == list(range(NCARDS)), "the deck, discards and cards aside must hold the 16 cards"
        assert self.stack, "no pending step"
        assert self.held < 0, "a card drawn before an era change was never read (PC-ERA-11)"
        if not self.is_over and self.stack[-1].TAG not in RUN:
            assert self._legal_list(), "no legal action before the end"


for _name in EMPIRE_FIELDS:  # the Empire's fields, read and written on ``emp``
    setattr(PocketCivState, _name, _empire_field(_name))
del _name


def wonder_points(state: PocketCivState) -> int:
    return sum(WONDER_VP[w] for ws in state.wonders for w in ws)


def advance_points(state: PocketCivState) -> list[int]:
    return sorted((ADV_VP[i] for i in range(NADV) if state.adv >> i & 1), reverse=True)


# -- reading hand-written positions (shared with the multiplayer state) ------------------------------
#: bounds no game reaches: counts of tribes, gold or points, rounds
MAX_COUNT = 9999
MAX_ROUND = 9999
_AREA_FIELDS = frozenset({"number", "tribes", "city", "capital", "forest", "mountain", "volcano", "farm", "desert",
                          "fault", "wonders", "moved"})


def cards(v, field: str) -> list[int]:
    """Card numbers 1-16 (as printed) to indices 0-15."""
    return [whole(c, field, 1, NCARDS) - 1 for c in listed(v, field, 0, NCARDS)]


def area_bits(v, field: str, n: int) -> int:
    """Area numbers 1..n (no 0 that would wrap to the last area) as a bit set."""
    bits = 0
    for a in listed(v, field, 0, n):
        bits |= 1 << (whole(a, field, 1, n) - 1)
    return bits


def name_bits(v, field: str, index: dict) -> int:
    bits = 0
    for x in listed(v, field, 0, len(index)):
        bits |= 1 << index[one_of(x, field, index)]
    return bits


def wonder_tuple(v, field: str) -> tuple:
    return tuple(WONDER_INDEX[one_of(w, field, WONDER_INDEX)] for w in listed(v, field, 0, NWONDER))


def check_stack(v, multi: bool) -> list[PCFrame]:
    """The pending steps of a hand-written position: known kinds with checked values, the
    phase (solo) or the round controller (multiplayer) at the bottom."""
    stack = [load_frame(f) for f in listed(v, "stack", 1, 12)]
    for f in stack:
        if f.MULTI and not multi:
            raise ValueError(f"pending step {f.TAG} is for the multiplayer game only")
    bottom = stack[0]
    if not bottom.PHASE or bottom.MULTI != multi:
        want = "mp" if multi else "a phase of the round"
        raise ValueError(f"the bottom pending step must be {want}, not {bottom.TAG}")
    # multiplayer: a seat's phase stands on the round controller
    if any(f.PHASE and (f.MULTI or not multi) for f in stack[1:]):
        raise ValueError("a phase of the round can only be the bottom pending step")
    return stack
