"""The PocketCiv state: the board's flat per-area lists, every seat's Empire and the one the
rules act on (``empire.py``), the event deck and the stack of pending decisions
(``frames.py``). The rules themselves live in the modules named after the book's parts; this
class holds the shared helpers they use (removal, reduction, creation: section 2.1 of the
book) and the engine half of the contract.

One class serves the solo game and the multiplayer mode (``mp.py``): the solo game is the
one-Empire case (``seats == [emp]``, nobody else's turn, no Totem); a multiplayer state is
built as one from the start, never changed into one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from asztal.engine import GameState
from asztal.engine.action import Action
from asztal.engine.decision import OVER, Decision, Refusal
from asztal.engine.fields import flag, listed, obj, one_of, whole
from asztal.engine.rng import Rng
from asztal.games.pocketciv import mp
from asztal.games.pocketciv.data import (
    A_SURVEYING,
    ADV_IDS,
    ADV_INDEX,
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
)
from asztal.games.pocketciv.empire import Empire, EventLedger, combined
from asztal.games.pocketciv.frames import (
    ACT,
    LEGAL,
    REFUSE,
    RUN,
    SETUP_STEPS,
    Alloc,
    Era,
    EventFrame,
    MpEra,
    MpEv,
    Pay,
    PCFrame,
    Pop,
    Sacrifice,
    Starve,
    Upkeep,
    Visitation,
)
from asztal.games.pocketciv.outcome import Ending, Outcome
from asztal.games.pocketciv.position import (
    AREA_FIELDS,
    MAX_COUNT,
    MAX_ROUND,
    area_bits,
    cards,
    check_stack,
    name_bits,
    wonder_tuple,
)
from asztal.games.pocketciv.refuse import not_here, off_map
from asztal.games.pocketciv.scoring import end_game
from asztal.games.pocketciv.setup import Board

# Copy-on-write: a clone shares these groups with its original and both mark them shared (``_sh``,
# one bit per group); a rule copies a group the first time it writes into it after a clone
# (``own_*``), so a clone costs a few attribute copies and the acting Empire's, and a step after it
# pays only for what it changes. The acting Empire (``emp``) is never shared: every rule writes
# it freely, and the clone copies it. The other seats' Empires are changed only by the round's own
# steps and the sharing out of an event (``mp.py``), which take them through ``own_seat`` first.
# Replacing a field by a fresh value needs no ``own_*``. ``tests/pocketciv/test_clone_independence.py``
# plays both sides of clones taken at every step and checks that neither sees the other's moves.
LAND: Final = 1  # forest, mount, farm, desert, fault
CARDS: Final = 2  # deck, discard, aside
LEDGER: Final = 4  # ev: the bookkeeping of the multiplayer event under way
SEAT: Final = 8  # seat p's Empire: bit SEAT << p (never the acting Empire's seat)
SHARED_ALL: Final = 127  # every group, four seats


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


class PocketCivState(GameState):
    __slots__ = (
        "board",
        # per area (index 0-7 = area number 1-8): the terrain
        "forest", "mount", "farm", "desert", "fault",
        "era", "round_no",
        # the event deck (card indices 0-15 = card numbers 1-16); top of the deck = last
        "deck", "discard", "aside",
        # what a clone and its original share until one side writes (``LAND`` ... ``SEAT``)
        "_sh",
        "stack", "held", "hit", "ending", "started", "_revealed",
        # the cards drawn (and announced) since the player's last decision
        "shown",
        # the Empire the rules act on and every seat's Empire (solo: ``[emp]``); multiplayer
        # only (``mp.py``; solo: -2 / 0 / 0 / None): whose Empire ``emp`` is (-1: the
        # combination an event is played on, -2: none acts), the Totem holder, the advances
        # the other seats own, an event's bookkeeping
        "emp", "seats", "focus", "totem", "spread", "ev",
    )
    board: Board
    forest: list[int]
    mount: list[int]
    farm: list[int]
    desert: list[int]
    fault: list[int]
    era: int
    round_no: int
    deck: list[int]
    discard: list[int]
    aside: list[int]
    _sh: int
    held: int
    hit: int
    started: bool
    _revealed: bool
    shown: tuple[int, ...]
    emp: Empire
    seats: list[Empire]
    focus: int
    totem: int
    spread: int
    ev: EventLedger | None
    ending: Ending | None
    stack: list[PCFrame]

    def emit(self, key: str, **params: Any) -> None:
        """Log an event; in the multiplayer mode a line of one seat's turn names that seat
        (``actor``)."""
        if self.log is not None:
            if self.focus >= 0 and "seat" not in params:
                params["actor"] = self.focus
            GameState.emit(self, key, **params)

    def lay_out(self, board: Board) -> None:
        """The start of a game on ``board`` (PC-SETUP-*): every field set, the deck in order
        until the starting tribes stand. Here rather than in ``game.py`` so that it is compiled
        with the state (a play-out starts a fresh game each time)."""
        mountain, forest, desert = board.terrain
        n = board.n
        self.board = board
        self.emp = Empire.empty(n)  # PC-SETUP-04, PC-SETUP-05: no gold, no VP, no advance yet
        self.seats = [self.emp]
        self.forest = [1 if x else 0 for x in forest]
        self.mount = [1 if x else 0 for x in mountain]
        self.farm = [0] * n
        self.desert = [1 if x else 0 for x in desert]
        self.fault = [0] * n
        self._sh = 0
        self.era = 1  # PC-SETUP-06
        self.round_no = 1
        self.deck = list(range(NCARDS))  # shuffled once the starting tribes stand (PC-SETUP-07)
        self.discard = []
        self.aside = []
        self.stack = [SETUP_STEPS[0]]
        self.held = -1
        self.hit = 0
        self.ending = None
        self.started = False
        self._revealed = False
        self.shown = ()
        self.ev = None
        self.focus = -2
        self.totem = self.spread = 0

    def own_land(self) -> None:
        """Called by a rule before it changes the terrain (``forest``, ``mount``, ``farm``,
        ``desert``, ``fault``). A clone shares those five lists with its original (most turns
        change none of them, and a search clones at every step); the first change on either
        side gives that state copies of its own here (copy-on-write)."""
        if self._sh & LAND:
            self._sh &= ~LAND
            self.forest = self.forest.copy()
            self.mount = self.mount.copy()
            self.farm = self.farm.copy()
            self.desert = self.desert.copy()
            self.fault = self.fault.copy()

    def own_cards(self) -> None:
        """Called before a card moves (``deck``, ``discard``, ``aside``): a clone shares those
        three lists with its original until one side draws or moves a card, and this gives
        that state copies of its own then (copy-on-write, as ``own_land``)."""
        if self._sh & CARDS:
            self._sh &= ~CARDS
            self.deck = self.deck.copy()
            self.discard = self.discard.copy()
            self.aside = self.aside.copy()

    def own_seat(self, p: int) -> Empire:
        """Seat ``p``'s Empire, this state's own, for a rule that changes it while another
        Empire acts (the round's steps, an event's sharing out) or before it becomes the acting
        one (``focus_on``). A clone shares the Empires of the seats not acting with its
        original (in the multiplayer mode one seat's Empire changes at a time, PC-MP-02)."""
        bit = SEAT << p
        if self._sh & bit:
            self._sh &= ~bit
            e = self.seats[p]
            assert e is not self.emp, "the acting Empire is never shared"
            self.seats[p] = e.copy()
        return self.seats[p]

    def own_ledger(self) -> EventLedger:
        """The multiplayer event's bookkeeping, this state's own, for a rule that changes it
        (reading goes through ``ledger``): a clone shares it with its original until then."""
        ev = self.ledger()
        if self._sh & LEDGER:
            self._sh &= ~LEDGER
            self.ev = ev = ev.copy()
        return ev

    # -- section 2.1: removal, reduction, creation -------------------------------------------
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
                box = BOX[f.card][f.era]
                assert box is not None, "a multiplayer event frame holds an event card"
                return box[0]
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
        t = self.emp.tribes[a]
        return self.rm_tribes(a, t - n) if t > n else 0

    def reduce_cav(self, a: int, n: int, floor: int = 0) -> int:
        """PC-CON-11/12: reduce a city's CAV by n; at 0 the city is destroyed.
        ``floor`` 1 keeps the city at CAV 1 (Engineering, Civil Service)."""
        c = self.emp.cav[a]
        if c == 0 or n <= 0:
            return 0
        new = c - n
        if new < floor:
            new = floor if c >= floor else c
        if new <= 0:
            self.destroy_city(a)
            return c
        self.emp.cav[a] = new
        if self.log is not None and self._in_event():
            self.emit("pocketciv.cav_lost", area=a + 1, lost=c - new, cav=new, cause=self.loss_cause())
        return c - new

    def destroy_city(self, a: int) -> None:
        """PC-CON-03; PC-UPK-CAPITAL-07: a destroyed capital frees the title (``Empire.lose_city``)."""
        e = self.emp
        e.lose_city(a, e.cav[a])
        if self.log is not None:
            self.emit("pocketciv.city_lost", area=a + 1, cause=self.loss_cause())

    def red_area(self, card: int) -> int:
        """The area a card's red circle designates (PC-EVT-* "the active area").

        PC-MP-MAP-03, PC-MP-TOTEM-09: in the multiplayer mode a red circle designates both
        areas of its number. In an event the first pass plays the first of them, the second
        pass the other. Outside events (looting with Culture of Thievery) the player's area of
        that number with more of their tribes (ruling PC-R-MP-OWN-AREA)."""
        k = RED[card]
        areas = self.board.by_number[k]
        if len(areas) == 1:  # the solo map
            return areas[0]
        ev = self.ev
        if ev is not None and self.focus == -1:
            ev = self.own_ledger()
            ev.red = k
            return areas[ev.pass_no]
        t = self.emp.tribes
        return max(areas, key=lambda a: (t[a], -a))

    def next_phase(self, frame: PCFrame) -> None:
        """A phase of the round is over: the next one begins; in the multiplayer mode the
        seat's phase returns to the round controller, which moves on to the next seat."""
        if self.players == 1:
            self.stack[-1] = frame
            return
        self.stack.pop()
        if type(frame) is Pop:  # one seat's upkeep is over; the round ends with the last one's
            self.round_no -= 1

    def order(self, k: int) -> int:
        """The k-th seat to act: the Totem holder first (PC-MP-TOTEM-02), then in seat order."""
        return (self.totem + k) % self.players

    # -- which Empire the rules act on (the multiplayer mode; solo: always ``seats[0]``) --------
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
        self.emp = self.own_seat(p)
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
        self.ev = EventLedger(list(view.tribes), list(view.cav))
        self._sh &= ~LEDGER

    def ledger(self) -> EventLedger:
        """The bookkeeping of the multiplayer event under way (only called while there is one)."""
        ev = self.ev
        assert ev is not None, "no multiplayer event under way"
        return ev

    def leave_event(self) -> None:
        """The event is over: the holder gets back what it changed of its gold, advances,
        partners and Astronomy (its losses are shared out by ``mp``)."""
        h, view = self.own_seat(self.totem), self.emp
        h.gold, h.adv, h.partners, h.astro_era = view.gold, view.adv, view.partners, view.astro_era
        self.focus = -2
        self.ev = None

    # -- the event deck (PC-DECK-01, PC-Q-03) ------------------------------------------------
    def draw(self) -> int:
        """Turn up the top card; it goes face up onto the discard pile (p. 8, p. 11). In the
        second pass of a multiplayer event the cards of the first pass are read again
        (PC-MP-TOTEM-09, ruling PC-R-MP-PASSES)."""
        ev = self.ev
        if ev is not None and self.focus == -1:
            if ev.rep:
                return self.own_ledger().rep.pop(0)
            if self.held < 0:  # not drawn (and recorded) before the era change; recorded at the
                self.own_ledger().rec.append(self.deck[-1])  # draw, so an era change it causes keeps it out
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
        self.own_cards()
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
            action = self.game.action_by_code(code)
            assert action is not None, f"the interrupted action {code!r} is one of the game's"
            act = ACT[f.NO]
            assert act is not None, "an action was carried out on this frame"
            act(self, f, action)

    def still_read(self) -> frozenset[int]:
        """Cards on the discard pile that an unfinished event will read again. None in solo:
        its steps keep what they read as numbers; the original card waits in ``aside``.

        Ruling PC-R-ERA-AT-ONCE with PC-R-MP-PASSES: the cards of a multiplayer event's first
        pass are read again on each further area of its red circle's number, so while such a
        pass is still to come they stay out of an era change's reshuffle."""
        ev = self.ev
        if ev is None or self.focus != -1:
            return frozenset()
        if not ev.red:  # no area read yet: an event with an active area will still read one
            f = next((f for f in reversed(self.stack) if type(f) is MpEv), None)
            box = None if f is None else BOX[f.card][f.era]
            return frozenset(ev.rec) if box is not None and box[0] not in mp.NO_AREA else frozenset()
        if ev.pass_no + 1 >= len(self.board.by_number[ev.red]):
            return frozenset(ev.rep)  # the last pass: only the cards it has yet to read again
        return frozenset(ev.rec)

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
            self.own_cards()
            self.aside.remove(card)
            self.discard.append(card)

    # -- the engine contract --------------------------------------------------------------------
    def _legal_list(self) -> Sequence[Action]:
        f = self.stack[-1]
        legal = LEGAL[f.NO]
        assert legal is not None, f"pending step {f.TAG} waits for the player"
        return legal(self, f)

    def decision(self) -> Decision:
        """What the player decides now, with the count left (``decisions.py``)."""
        if self.is_over:
            return OVER
        from asztal.games.pocketciv.decisions import ask

        return ask(self)

    def refusal(self, action: Action) -> Refusal | None:
        """None when ``action`` is legal; else the reason from the checks the legal list of the
        pending frame is built from (``refuse.py``), with its rule ID."""
        if self.is_over:
            return Refusal("engine.over")
        if action in self.legal_actions():
            return None
        f = self.stack[-1]
        check = REFUSE[f.NO]
        reason = off_map(action, self.board.n) or (check(self, f, action) if check is not None else None)
        return reason if isinstance(reason, Refusal) else not_here(action, f.TAG)

    def _apply(self, action: Action) -> bool:
        self._revealed = False
        self.shown = ()
        f = self.stack[-1]
        act = ACT[f.NO]
        assert act is not None, f"pending step {f.TAG} takes no action"
        try:
            act(self, f, action)
        except EraChange as e:  # PC-ERA-11: the action drew the last card
            self.stack.append(self._era(e.card, action.code))
        self.run()
        return self._revealed

    def _era(self, card: int, code: str) -> PCFrame:
        """The frame of an era change at the draw of ``card``, the deck's last (PC-ERA-11)."""
        return Era(0, card, code) if self.players == 1 else MpEra(0, card, code)

    def run(self) -> None:
        """Carry out automatic steps until a player must decide or the game is over: the one
        game end an Empire's fall brings (solo PC-POP-04, PC-END-01 (b); multiplayer
        PC-MP-END-01, never in the middle of an event)."""
        while not self.is_over:
            if self.started and self.focus != -1 and self.wiped():
                end_game(self, Ending.COLLAPSE if self.players == 1 else Ending.WIPED)
                break
            if not self.run_step():
                break
        if self.players > 1 and not self.is_over:
            f = self.stack[-1]
            if type(f) is MpEv and f.stage == 0:
                self.to_move = self.order(f.k)
            elif self.focus == -1 or type(f) is Alloc:
                self.to_move = self.totem  # PC-MP-TOTEM-10: the holder decides in events
            else:
                self.to_move = self.focus

    def wiped(self) -> bool:
        """Does a seat have neither a tribe nor a city (PC-POP-04, PC-MP-END-01)? While one
        seat is in focus the others' Empires cannot change (PC-MP-02), so only that seat is
        looked at."""
        if self.focus >= 0 or self.players == 1:
            return self.emp.wiped()
        for e in self.seats:
            if e.wiped():
                return True
        return False

    def run_step(self) -> bool:
        """Carry out the top frame's automatic step; False if it waits for the player."""
        f = self.stack[-1]
        step = RUN[f.NO]
        if step is None:
            return False
        try:
            return step(self, f)
        except EraChange as e:  # PC-ERA-11: the step drew the last card
            self.stack.append(self._era(e.card, ""))
            return True

    def _copy_into(self, new: GameState) -> None:
        assert isinstance(new, PocketCivState)
        new.board = self.board
        emp = self.emp
        new.emp = mine = emp.copy()  # the acting Empire: always copied, never shared
        seats = self.seats
        if len(seats) == 1 and seats[0] is emp:  # the solo game
            new.seats = [mine]
            sh = SHARED_ALL & ~SEAT
        else:  # the other seats' Empires shared until one side changes one (``own_seat``)
            new.seats = copies = seats.copy()
            sh = SHARED_ALL
            for i in range(len(seats)):  # the acting Empire is a seat's (or an event's combination)
                if seats[i] is emp:
                    copies[i] = mine
                    sh = SHARED_ALL & ~(SEAT << i)
                    break
        self._sh = new._sh = sh
        new.forest = self.forest  # shared until one of the two changes the terrain (``own_land``)
        new.mount = self.mount
        new.farm = self.farm
        new.desert = self.desert
        new.fault = self.fault
        new.era = self.era
        new.round_no = self.round_no
        new.deck = self.deck  # shared until one of the two moves a card (``own_cards``)
        new.discard = self.discard
        new.aside = self.aside
        new.stack = self.stack.copy()
        new.held = -1
        new.hit = self.hit
        new.ending = self.ending
        new.started = self.started
        new._revealed = False
        new.shown = self.shown
        new.spread = self.spread
        new.focus = self.focus
        new.totem = self.totem
        new.ev = self.ev  # shared until one side changes it (``own_ledger``)

    # -- what may be seen ---------------------------------------------------------------------
    def _areas_json(self) -> list[dict[str, Any]]:
        e = self.emp
        return [{
            "number": a + 1, "tribes": e.tribes[a], "city": e.cav[a], "capital": e.capital == a,
            "forest": bool(self.forest[a]), "mountain": self.mount[a] == 1, "volcano": self.mount[a] == 2,
            "farm": bool(self.farm[a]), "desert": bool(self.desert[a]), "fault": bool(self.fault[a]),
            "wonders": [WONDER_IDS[w] for w in e.wonders[a]], "moved": e.moved[a],
        } for a in self.board.areas]

    def _solo_json(self) -> dict[str, Any]:
        """The readable solo position: the one Empire's fields beside the board's."""
        e = self.emp
        return {
            "era": self.era, "round": self.round_no, "gold": e.gold, "vp": e.vp,
            "vp_wonders": e.vp_wonders,
            "advances": [ADV_IDS[i] for i in range(NADV) if e.adv >> i & 1],
            "partners": [EMPIRES[i] for i in range(len(EMPIRES)) if e.partners >> i & 1],
            "areas": self._areas_json(),
            "aside": [c + 1 for c in self.aside],
            "stack": [f.saved() for f in self.stack],
            "flags": e.flags, "acquired": [a + 1 for a in self.board.areas if e.acq & BITS[a]],
            "grown": e.grown, "astronomy_era": e.astro_era,
            "voyage": None if e.voyage < 0 else [e.voyage // MAXAREA + 1, e.voyage % MAXAREA + 1],
            "hit": [a + 1 for a in self.board.areas if self.hit & BITS[a]],
            "ending": None if self.ending is None else self.ending.value, "started": self.started,
        }

    def _position_json(self) -> dict[str, Any]:
        """The readable position: the solo one, or every seat's Empire side by side (``mp``)."""
        return self._solo_json() if self.players == 1 else mp.multi_json(self)

    def view(self, seat: int | None | object) -> dict[str, Any]:
        """What ``seat`` sees (PC-DEV-MINING-02/03: the discard pile only with Surveying).
        ``seat`` comes from outside: typed ``object`` so that the compiled build lets
        ``check_seat`` refuse a wrong one (``BadSeat``) instead of a bare ``TypeError``."""
        self.check_seat(seat)  # BadSeat for anything but a seat or None
        v = self._position_json()
        v["map"] = self.board.data
        v["deck_size"] = len(self.deck)
        v["discard_size"] = len(self.discard)
        v["discard_top"] = self.discard[-1] + 1 if self.discard else None
        v["discard"] = [c + 1 for c in self.discard] if self._surveys(cast("int | None", seat)) else None
        v["drawn"] = [c + 1 for c in self.shown]  # every card announced since the last decision
        v["to_move"] = self.to_move
        v["is_over"] = self.is_over
        if self.is_over and self.players > 1:  # who fell, who won by which rule (``result_words``)
            v["result"] = self.outcome()
        return v

    def _surveys(self, seat: int | None) -> bool:
        """PC-DEV-MINING-03: with Surveying a player may search the discard pile (solo: the
        player's Empire, whoever looks; multiplayer: the seat's own)."""
        if self.players == 1:
            return bool(self.emp.adv & A_SURVEYING)
        return seat is not None and bool(self.seats[seat].adv & A_SURVEYING)

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Reshuffle what ``seat`` cannot see: the deck, and the discards under the top card
        unless it may search them, keeping every card announced since the last decision where
        it lies. Pools are sorted first, so the sample depends only on the view and ``rng``,
        never on the hidden order."""
        self.own_cards()
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
        for i, c in zip(places, pool[n:], strict=True):
            self.discard[i] = c

    def _state_dict(self) -> dict[str, Any]:
        d = self._position_json()
        d["map"] = self.board.data
        d["deck"] = [c + 1 for c in self.deck]
        d["discard"] = [c + 1 for c in self.discard]
        return d

    def _load_state_dict(self, d: dict[str, Any]) -> None:
        """A hand-written position, every field checked for type and range (docs/formats/pocketciv.md)."""
        if self.players > 1:
            mp.load_multi(self, d)
        else:
            self._load_solo(d)
        if self.ending is None:
            self.run()  # a hand-written position may stop before an automatic step
        else:
            self.is_over = True
            self.to_move = None

    def _load_solo(self, d: dict[str, Any]) -> None:
        from asztal.games.pocketciv.setup import check_map
        obj(d, "position")
        self.board = Board.from_json(check_map(d["map"]))
        areas = listed(d["areas"], "areas", NAREA, NAREA)
        for x in areas:
            obj(x, "area", AREA_FIELDS)
            whole(x.get("number"), "area number", 1, NAREA)
        areas = sorted(areas, key=lambda x: x["number"])
        if [x["number"] for x in areas] != list(range(1, NAREA + 1)):
            raise ValueError("area numbers must be 1-8, each once")
        self.emp.tribes = [whole(x.get("tribes", 0), f"area {x['number']} tribes", 0, MAX_COUNT) for x in areas]
        self.emp.cav = [whole(x.get("city", 0), f"area {x['number']} city", 0, 10) for x in areas]
        self.emp.moved = tuple(whole(x.get("moved", 0), f"area {x['number']} moved", 0, MAX_COUNT) for x in areas)
        terrain = {k: [int(flag(x.get(k, False), f"area {x['number']} {k}")) for x in areas]
                   for k in ("forest", "mountain", "volcano", "farm", "desert", "fault", "capital")}
        self.forest, self.farm, self.desert, self.fault = (terrain[k] for k in ("forest", "farm", "desert", "fault"))
        self.mount = [2 if v else 1 if m else 0 for m, v in zip(terrain["mountain"], terrain["volcano"], strict=True)]
        self._sh = 0  # every field below is made afresh
        self.emp.wonders = tuple(wonder_tuple(x.get("wonders", []), f"area {x['number']} wonders") for x in areas)
        caps = [i for i, c in enumerate(terrain["capital"]) if c]
        if len(caps) > 1:
            raise ValueError("at most one capital")
        self.emp.capital = caps[0] if caps else -1
        self.emp.gold = whole(d.get("gold", 0), "gold", 0, MAX_COUNT)
        self.era = whole(d.get("era", 1), "era", 1, 8)
        self.emp.vp = whole(d.get("vp", 0), "vp", 0, MAX_COUNT)
        self.emp.vp_wonders = whole(d.get("vp_wonders", 0), "vp_wonders", 0, MAX_COUNT)
        self.emp.adv = name_bits(d.get("advances", []), "advances", ADV_INDEX)
        self.emp.partners = name_bits(d.get("partners", []), "partners", {e: i for i, e in enumerate(EMPIRES)})
        self.round_no = whole(d.get("round", 1), "round", 1, MAX_ROUND)
        self.emp.flags = whole(d.get("flags", 0), "flags", 0, 7)
        self.emp.acq = area_bits(d.get("acquired", []), "acquired", NAREA)
        self.emp.grown = whole(d.get("grown", 0), "grown", 0, NAREA)
        self.emp.astro_era = whole(d.get("astronomy_era", 0), "astronomy_era", 0, 8)
        voy = d.get("voyage")
        if voy is None:
            self.emp.voyage = -1
        else:
            a, b = (whole(v, "voyage area", 1, NAREA) for v in listed(voy, "voyage", 2, 2))
            self.emp.voyage = (a - 1) * MAXAREA + b - 1
        self.deck = cards(d["deck"], "deck")
        self.discard = cards(d.get("discard", []), "discard")
        self.aside = cards(d.get("aside", []), "aside")
        self.stack = check_stack(d.get("stack") or [["dev"]], multi=False)
        self.held = -1
        self.hit = area_bits(d.get("hit", []), "hit", NAREA)
        ending = d.get("ending")
        self.ending = None if ending is None else Ending(one_of(ending, "ending", ("eras", "stopped", "collapse")))
        self.started = flag(d.get("started", True), "started")
        self._revealed = False
        self.shown = ()

    # -- results ------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(e.vp + e.vp_wonders) for e in self.seats]

    def winners(self) -> list[int]:
        """Solo: won when the game ends normally (all 8 eras played, or the player stops at an
        era change), lost in a collapse. Multiplayer (PC-MP-END-02, PC-R-MP-WIPEOUT-LOSES): a
        seat with neither a tribe nor a city has lost; among the others the most points win, a
        tie is shared."""
        return list(self.final_outcome().winners)

    def final_outcome(self) -> Outcome:
        """How the game ended (``outcome.Outcome``; ``ending`` None while it goes on)."""
        seats = self.seats
        over = self.is_over
        fallen = tuple(p for p, e in enumerate(seats) if e.wiped()) if over and self.players > 1 else ()
        return Outcome(self.ending if over else None, self.era, tuple(e.vp for e in seats),
                       tuple(e.vp_wonders for e in seats),
                       tuple(sorted(WONDER_IDS[w] for e in seats for ws in e.wonders for w in ws)), fallen,
                       self.round_no, mp.fall_cause(self) if fallen else None)

    def outcome(self) -> dict[str, Any]:
        return self.final_outcome().to_json()

    def check_invariants(self) -> None:
        n = self.board.n
        assert len(self.seats) == self.players, "one Empire per seat"
        assert self.players > 1 or self.seats[0] is self.emp, "the solo game acts on its one Empire"
        for p, e in enumerate(self.seats):
            assert e is not self.emp or not self._sh & SEAT << p, "the acting Empire is never shared"
            for k in ("tribes", "cav", "moved"):
                vals = getattr(e, k)
                assert len(vals) == n and all(isinstance(v, int) and v >= 0 for v in vals), f"seat {p + 1}: {k}"
            for a in range(n):
                limit = 10 if a == e.capital else 4
                assert e.cav[a] <= limit, f"seat {p + 1}, area {a + 1}: CAV {e.cav[a]} above {limit}"
                assert e.moved[a] <= e.tribes[a], f"seat {p + 1}, area {a + 1}: more moved tribes than tribes"
                assert all(0 <= w < NWONDER for w in e.wonders[a]), "unknown wonder"
            assert e.capital == -1 or e.cav[e.capital] > 0, "the capital must be a city"
            assert e.gold >= 0, "gold never negative"
            assert e.vp >= 0 and e.vp_wonders >= 0
        if self.focus == -1:  # the event view of the multiplayer mode
            e = self.emp
            assert all(v >= 0 for v in e.tribes) and all(v >= 0 for v in e.cav) and e.gold >= 0
        for name in ("forest", "farm", "desert", "fault"):
            vals = getattr(self, name)
            assert len(vals) == n and all(v in (0, 1) for v in vals), f"at most one {name} per area (PC-CON-06)"
        assert len(self.mount) == n and all(v in (0, 1, 2) for v in self.mount), \
            "one mountain or volcano per area (PC-ICON-06)"
        assert 1 <= self.era <= 8, f"era {self.era} outside 1-8"
        assert 0 <= self.totem < self.players
        cards = self.deck + self.discard + self.aside
        assert sorted(cards) == list(range(NCARDS)), "the deck, discards and cards aside must hold the 16 cards"
        assert self.stack, "no pending step"
        assert self.held < 0, "a card drawn before an era change was never read (PC-ERA-11)"
        if not self.is_over and RUN[self.stack[-1].NO] is None:
            assert self._legal_list(), "no legal action before the end"


