"""The state of a game of Cleopatra's Caboose: flat fields, dispatch, views, JSON, invariants.

Rules live in the modules named after the rulebook's parts (``setup``; ``auction`` and ``gods``;
phase B's ``menu`` and ``turn``, then one module per action: ``rail``, ``building``, ``delivery``,
``growing``, ``pyramid``, ``citydraw``; ``transport``; ``scoring``); this class holds the position
and answers the engine contract. The pending decision is ``stack``, a tuple of ``frames``: each
kind of frame names the functions that list its legal moves, refuse the others, ask the question
and carry a move out (``_RULES``). Per-player collections (hands, played cards, building tiles
on a city) are tuples inside a list, replaced when they change; the lists are shared with a
clone until one side writes (copy-on-write by groups: ``own_seats`` ... ``own_decks``), and the
pending frames are a tuple, so a ``clone`` copies no container at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from asztal.engine import GameState
from asztal.engine.action import Action
from asztal.engine.decision import OVER as OVER_DECISION
from asztal.engine.decision import Decision, Frame, Refusal
from asztal.engine.rng import Rng
from asztal.games.caboose import auction, building, delivery, gods, growing, menu, pyramid, rail
from asztal.games.caboose.common import TRAINS_PER_PLAYER, Why, refused
from asztal.games.caboose.frames import (
    ACTIONS,
    AUCTION,
    OVER,
    PHASE_NAMES,
    Bidding,
    BuildCity,
    BuildFruit,
    DeliverFruit,
    GodChoice,
    GrowCity,
    PyramidCity,
    RailCity,
    RailRoute,
    SwapFirst,
    SwapSecond,
    Turn,
)
from asztal.games.caboose.outcome import Ending, Outcome, decided_by
from asztal.games.caboose.pack import BUILDING, FRUIT, GOD_NAMES, Pack
from asztal.games.caboose.pyramid import pyramid_price
from asztal.games.caboose.scoring import city_value, ranking_key
from asztal.games.caboose.scoring import winners as _winners
from asztal.games.caboose.state_io import load_state_dict
from asztal.games.caboose.transport import board_masks

#: what each kind of pending decision offers, refuses, asks and does:
#: ``(legal(s, p, frame), refusal(s, p, frame, action), ask(s, p, frame), do(s, p, frame, action))``
#: (each takes the one kind of frame it is the entry of, hence ``Any`` for the frame)
_RULES: dict[type[Frame], tuple[Callable[[CabooseState, int, Any], list[Action]],
                                Callable[[CabooseState, int, Any, Action], Why | None],
                                Callable[[CabooseState, int, Any], Decision],
                                Callable[[CabooseState, int, Any, Action], bool]]] = {
    Bidding: (auction.legal, auction.refusal, auction.ask, auction.do),
    GodChoice: (gods.god_legal, gods.god_check, gods.god_ask, gods.god_do),
    Turn: (menu.legal, menu.refusal, menu.ask, menu.do),
    RailCity: (rail.legal, rail.refusal, rail.ask, rail.do),
    RailRoute: (rail.legal, rail.refusal, rail.ask, rail.do),
    BuildCity: (building.legal, building.refusal, building.ask, building.do),
    BuildFruit: (building.legal, building.refusal, building.ask, building.do),
    DeliverFruit: (delivery.legal, delivery.refusal, delivery.ask, delivery.do),
    GrowCity: (growing.legal, growing.refusal, growing.ask, growing.do),
    PyramidCity: (pyramid.legal, pyramid.refusal, pyramid.ask, pyramid.do),
    SwapFirst: (gods.first_legal, gods.swap_check, gods.swap_ask, gods.swap_do),
    SwapSecond: (gods.second_legal, gods.swap_check, gods.swap_ask, gods.swap_do),
}

#: the kinds of frame as C statics of the compiled build: ``_legal_list`` and ``_apply``, the hot path,
#: test ``type(frame) is _TURN`` (two pointers) and call the rule directly (no boxed arguments, no
#: lookup in ``_RULES``, whose entries are called as Python functions); the same pairs as ``_RULES``
_TURN: Final = Turn
_BIDDING: Final = Bidding
_GOD_CHOICE: Final = GodChoice
_RAIL_CITY: Final = RailCity
_RAIL_ROUTE: Final = RailRoute
_BUILD_CITY: Final = BuildCity
_BUILD_FRUIT: Final = BuildFruit
_DELIVER: Final = DeliverFruit
_GROW: Final = GrowCity
_PYRAMID: Final = PyramidCity
_SWAP_FIRST: Final = SwapFirst

_LISTS = ("money", "vp", "trains", "god", "chand", "ahand", "fcards", "bcards", "rt", "rown", "cubes", "cmask",
          "supply", "market", "prestige", "btiles", "pyr", "cdeck", "cdisp", "cdisc", "adeck", "adisp", "adisc",
          "offer", "active", "place", "known", "stack")
_SCALARS = ("pk", "round", "rounds", "cleo", "high", "passes", "first_pass", "order", "oidx",
            "acts_left", "draws_left", "horus_left", "sekhmet", "final", "_comp", "_cm", "_dirty", "_pfree", "_rail",
            "_sh", "_bw")

# Copy-on-write: a clone shares every list with its original and both mark them shared (``_sh``, one
# bit per group of lists that change together); a rule copies a group's lists the first time it
# writes one of them after a clone (``own_*``). A clone therefore costs a few attribute copies, and a
# step after it pays only for the groups it changes (a bid copies the auction's four short lists, not
# the board, decks and hands). Every write into a list field goes through its group's ``own_*`` first;
# replacing a field by a fresh list needs none. ``tests/caboose/test_clone.py`` plays both sides of
# clones taken at every step and checks that neither ever sees the other's moves.
SEATS: Final = 1  # money, vp, trains, known
HANDS: Final = 2  # chand, ahand, fcards, bcards
AUCTION_LISTS: Final = 4  # offer, active, place, god
BOARD: Final = 8  # cubes, cmask, supply, market
ROUTES: Final = 16  # rt, rown, pyr, btiles: railways, pyramids and building tiles, changed by few actions
DECKS: Final = 32  # cdeck, cdisp, cdisc, adeck, adisp, adisc
SHARED_ALL: Final = 63


def _deal_back(pool: list[int], hands: list[tuple[int, ...]], seats: Sequence[int], rng: Rng) -> list[int]:
    """Pool ``seats``' hands with ``pool`` (sorted, then shuffled), deal each seat as many cards
    as it held from the end, and return the rest."""
    for q in seats:
        pool.extend(hands[q])
    pool.sort()
    rng.shuffle(pool)
    for q in seats:
        n = len(hands[q])
        hands[q] = tuple(pool[len(pool) - n:])
        del pool[len(pool) - n:]
    return pool


#: the action kinds that play a card from the auction hand
_PLAYS = frozenset({"rail", "build"})
#: how many samples ``_determinize`` draws at most to give the player to move a legal action
_RESAMPLE_TRIES = 200


class CabooseState(GameState):
    __slots__ = _LISTS + _SCALARS

    # the fields' types (the compiled build makes them native attributes; see docs/formats/caboose.md)
    pk: Pack
    money: list[int]
    vp: list[int]
    trains: list[int]
    god: list[int]
    chand: list[tuple[int, ...]]
    ahand: list[tuple[int, ...]]
    fcards: list[tuple[int, ...]]
    bcards: list[tuple[int, ...]]
    rt: list[int]
    rown: list[int]
    cubes: list[int]
    cmask: list[int]
    supply: list[int]
    market: list[int]
    prestige: list[int]
    btiles: list[tuple[int, ...]]
    pyr: list[int]
    cdeck: list[int]
    cdisp: list[int]
    cdisc: list[int]
    adeck: list[int]
    adisp: list[int]
    adisc: list[int]
    offer: list[int]
    active: list[bool]
    place: list[int]
    known: list[int]
    stack: tuple[Any, ...]  # the pending frames (``frames``), of several kinds; replaced, never changed in place
    round: int
    rounds: int
    cleo: int
    high: int
    passes: int
    first_pass: int
    order: tuple[int, ...]
    oidx: int
    acts_left: int
    draws_left: int
    horus_left: bool
    sekhmet: int
    final: dict[str, Any] | None
    _comp: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None
    _cm: tuple[list[int], list[int], bool] | None
    _dirty: int  # the cities whose kinds of fruit changed since ``_cm`` was made (bits)
    _pfree: tuple[int, ...] | None
    _rail: tuple[int, ...] | None
    _sh: int  # the groups of lists shared with a clone (``SEATS`` ... ``DECKS``): copied on first write
    #: how many times a rule was about to write the board or the routes (``own_board``,
    #: ``own_routes``): with the lists' identities, what the research encoders read to skip the
    #: market, cities and routes when none changed (a shared list is never written again, so
    #: the same lists and count are the same numbers); not part of the game. Code that writes
    #: those lists in place outside the rules (a test's scene) calls ``own_board`` first too.
    _bw: int

    # ------------------------------------------------------------------ decisions
    @property
    def phase(self) -> int:
        """The phase of the round (``frames.AUCTION`` ... ``frames.OVER``), from the bottom frame."""
        return self.stack[0].PHASE if self.stack else OVER

    @property
    def frame(self) -> Any:
        """The pending decision (the top frame), None when the game is over."""
        return self.stack[-1] if self.stack else None

    def _legal_list(self) -> list[Action]:
        p = self.to_move
        assert p is not None  # only asked while the game is not over: somebody decides
        frame = self.stack[-1]
        kind = type(frame)
        if kind is _TURN:
            return menu.legal(self, p, frame)
        if kind is _BIDDING:
            return auction.legal(self, p, frame)
        if kind is _GOD_CHOICE:
            return gods.god_legal(self, p, frame)
        if kind is _RAIL_CITY or kind is _RAIL_ROUTE:
            return rail.legal(self, p, frame)
        if kind is _BUILD_CITY or kind is _BUILD_FRUIT:
            return building.legal(self, p, frame)
        if kind is _DELIVER:
            return delivery.legal(self, p, frame)
        if kind is _GROW:
            return growing.legal(self, p, frame)
        if kind is _PYRAMID:
            return pyramid.legal(self, p, frame)
        if kind is _SWAP_FIRST:
            return gods.first_legal(self, p, frame)
        return gods.second_legal(self, p, frame)

    def refusal(self, action: Action) -> Refusal | None:
        """None when legal, else why not: the same checks the legal list is made of."""
        if self.is_over:
            return Refusal("engine.over")
        own = self.pk.action_by_code(action.code)  # args are indices into this state's own pack
        if own is None:
            return Refusal("engine.unknown", args={"action": action.code})
        action = own
        p = self.to_move
        assert p is not None  # the game is not over: somebody decides
        frame = self.stack[-1]
        why = _RULES[type(frame)][1](self, p, frame, action)
        return None if why is None else refused(self.pk, why)

    def decision(self) -> Decision:
        if self.is_over:
            return OVER_DECISION
        p = self.to_move
        assert p is not None  # the game is not over: somebody decides
        frame = self.stack[-1]
        return _RULES[type(frame)][2](self, p, frame)

    def _apply(self, action: Action) -> bool:
        # ``apply`` hands over only legal actions, parsed against ``self.pk``, so ``action`` is this pack's
        # own interned object and its args are this pack's indices
        p = self.to_move
        assert p is not None  # the game is not over: somebody decides
        kind = action.kind
        if kind == "take":  # a card taken from the face-up display is known to be in that hand
            self.own_seats()
            self.known[p] |= 1 << action.args[0]
        frame = self.stack[-1]
        rules = type(frame)
        if rules is _TURN:
            revealed = menu.do(self, p, frame, action)
        elif rules is _BIDDING:
            revealed = auction.do(self, p, frame, action)
        elif rules is _GOD_CHOICE:
            revealed = gods.god_do(self, p, frame, action)
        elif rules is _RAIL_CITY or rules is _RAIL_ROUTE:
            revealed = rail.do(self, p, frame, action)
        elif rules is _BUILD_CITY or rules is _BUILD_FRUIT:
            revealed = building.do(self, p, frame, action)
        elif rules is _DELIVER:
            revealed = delivery.do(self, p, frame, action)
        elif rules is _GROW:
            revealed = growing.do(self, p, frame, action)
        elif rules is _PYRAMID:
            revealed = pyramid.do(self, p, frame, action)
        else:
            revealed = gods.swap_do(self, p, frame, action)
        if kind in _PLAYS:  # ... until it is played
            k = 0
            for i in self.ahand[p]:
                k |= 1 << i
            self.own_seats()
            self.known[p] &= k
        return revealed

    # ------------------------------------------------------------------ copying
    def _copy_into(self, new: GameState) -> None:
        assert isinstance(new, CabooseState)  # typed: the compiled build then sets its fields directly
        new.pk = self.pk
        new.round = self.round
        new.rounds = self.rounds
        new.cleo = self.cleo
        # every list is shared until one side writes into it (see ``SEATS`` above)
        self._sh = new._sh = SHARED_ALL
        new.money = self.money
        new.vp = self.vp
        new.trains = self.trains
        new.known = self.known
        new.chand = self.chand
        new.ahand = self.ahand
        new.fcards = self.fcards
        new.bcards = self.bcards
        new.offer = self.offer
        new.active = self.active
        new.place = self.place
        new.god = self.god
        new.cubes = self.cubes
        new.cmask = self.cmask
        new.supply = self.supply
        new.market = self.market
        new.rt = self.rt
        new.rown = self.rown
        new.pyr = self.pyr
        new.btiles = self.btiles
        new.cdeck = self.cdeck
        new.cdisp = self.cdisp
        new.cdisc = self.cdisc
        new.adeck = self.adeck
        new.adisp = self.adisp
        new.adisc = self.adisc
        new.prestige = self.prestige  # never changes after setup
        new.stack = self.stack  # a tuple of immutable frames
        new.high = self.high
        new.passes = self.passes
        new.first_pass = self.first_pass
        new.order = self.order
        new.oidx = self.oidx
        new.acts_left = self.acts_left
        new.draws_left = self.draws_left
        new.horus_left = self.horus_left
        new.sekhmet = self.sekhmet
        new.final = self.final
        new._comp = self._comp
        new._cm = self._cm
        new._dirty = self._dirty
        new._pfree = self._pfree
        new._rail = self._rail
        new._bw = self._bw

    def own_seats(self) -> None:
        """Before writing ``money``, ``vp``, ``trains`` or ``known``: this state's own copies."""
        if self._sh & SEATS:
            self._sh &= ~SEATS
            self.money = self.money.copy()
            self.vp = self.vp.copy()
            self.trains = self.trains.copy()
            self.known = self.known.copy()

    def own_hands(self) -> None:
        """Before replacing a hand in ``chand``, ``ahand``, ``fcards`` or ``bcards``."""
        if self._sh & HANDS:
            self._sh &= ~HANDS
            self.chand = self.chand.copy()
            self.ahand = self.ahand.copy()
            self.fcards = self.fcards.copy()
            self.bcards = self.bcards.copy()

    def own_auction(self) -> None:
        """Before writing ``offer``, ``active``, ``place`` or ``god``."""
        if self._sh & AUCTION_LISTS:
            self._sh &= ~AUCTION_LISTS
            self.offer = self.offer.copy()
            self.active = self.active.copy()
            self.place = self.place.copy()
            self.god = self.god.copy()

    def own_board(self) -> None:
        """Before writing ``cubes``, ``cmask``, ``supply`` or ``market``."""
        self._bw += 1
        if self._sh & BOARD:
            self._sh &= ~BOARD
            self.cubes = self.cubes.copy()
            self.cmask = self.cmask.copy()
            self.supply = self.supply.copy()
            self.market = self.market.copy()

    def own_routes(self) -> None:
        """Before writing ``rt``, ``rown``, ``pyr`` or ``btiles``."""
        self._bw += 1
        if self._sh & ROUTES:
            self._sh &= ~ROUTES
            self.rt = self.rt.copy()
            self.rown = self.rown.copy()
            self.pyr = self.pyr.copy()
            self.btiles = self.btiles.copy()

    def own_decks(self) -> None:
        """Before drawing from, adding to or taking from a deck, display or discard pile."""
        if self._sh & DECKS:
            self._sh &= ~DECKS
            self.cdeck = self.cdeck.copy()
            self.cdisp = self.cdisp.copy()
            self.cdisc = self.cdisc.copy()
            self.adeck = self.adeck.copy()
            self.adisp = self.adisp.copy()
            self.adisc = self.adisc.copy()

    # ------------------------------------------------------------------ what a seat sees
    def view(self, seat: int | None | object) -> dict[str, Any]:
        """Public board, market, displays, money (CC-Q-34: open) and counts of the hidden hands;
        the seat's own city cards and auction cards in hand; never a deck order. ``seat`` comes from
        outside: typed ``object`` so that the compiled build lets ``check_seat`` refuse a wrong one."""
        self.check_seat(seat)
        pk = self.pk
        open_hands = self.options.get("open_hands", False)
        v = self._public()
        v["seat"] = seat
        for q, d in enumerate(v["seats"]):
            if open_hands or q == seat:
                d["city_hand"] = [pk.cc_ids[c] for c in self.chand[q]]
                d["auction_hand"] = [pk.ac_ids[i] for i in self.ahand[q]]
        if seat is not None:  # what each pyramid tile would cost this seat now (its god's discount taken off)
            me = cast(int, seat)  # a seat number: check_seat said so
            v["pyramid_prices"] = {pk.pyr_ids[t]: pyramid_price(self, me, t) for t in range(len(pk.pyr_ids))}
        return v

    def _public(self) -> dict[str, Any]:
        pk, P = self.pk, self.players
        nf = pk.nf
        seats = []
        for q in range(P):
            seats.append({
                "colour": pk.colour_ids[q], "money": self.money[q], "vp": self.vp[q], "trains": self.trains[q],
                "god": self.god[q] or None, "god_name": GOD_NAMES[self.god[q] - 1] if self.god[q] else None,
                "city_cards": len(self.chand[q]), "auction_cards": len(self.ahand[q]),
                "auction_known": [pk.ac_ids[i] for i in self.known_in_hand(q)],
                "fruit_cards": [pk.ac_ids[k] for k in self.fcards[q]],
                "buildings": [pk.ac_ids[b] for b in self.bcards[q]],
            })
        return {
            "game": "caboose", "pack": pk.name, "pack_key": pk.key,
            "reconstructed": pk.name == "reconstructed",
            "players": P, "round": self.round, "rounds": self.rounds, "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move, "start_player": self.cleo,
            "market": {pk.fruit_ids[f]: self.market[f] for f in range(nf)},
            "supply": {pk.fruit_ids[f]: self.supply[f] for f in range(nf)},
            "cities": [{"id": pk.city_ids[x], "dark": pk.city_dark[x], "prestige": pk.prestige_ids[self.prestige[x]],
                        "value": city_value(self, x),
                        "fruit": {pk.fruit_ids[f]: self.cubes[x * nf + f] for f in range(nf) if self.cubes[x * nf + f]},
                        "pyramid": pk.pyr_ids[self.pyr[x]] if self.pyr[x] >= 0 else None,
                        "building_tiles": [pk.btile_ids[t] for t in self.btiles[x]]} for x in range(pk.nc)],
            "routes": [{"id": pk.route_ids[r], "trains": {str(q): self.rt[r * P + q] for q in range(P)
                                                          if self.rt[r * P + q]}} for r in range(pk.nr)],
            "auction_display": [pk.ac_ids[i] for i in self.adisp], "auction_deck": len(self.adeck),
            "auction_discard": [pk.ac_ids[i] for i in self.adisc],
            "city_display": [pk.cc_ids[c] for c in self.cdisp], "city_deck": len(self.cdeck),
            "city_discard": [pk.cc_ids[c] for c in self.cdisc],
            "seats": seats,
            "auction": self._auction_dict(),
            "turn": self._turn_dict(),
            "final": self.final,
        }

    def _auction_dict(self) -> dict[str, Any]:
        return {"high": self.high, "offers": list(self.offer), "in": list(self.active), "places": list(self.place),
                "passes": self.passes, "first_pass": None if self.first_pass < 0 else self.first_pass,
                "order": list(self.order), "index": self.oidx}

    def _turn_dict(self) -> dict[str, Any]:
        pk = self.pk
        frame = self.frame
        step = frame.STEP if self.phase == ACTIONS else "main"
        card = frame.tile if isinstance(frame, PyramidCity) else getattr(frame, "card", -1)
        city_card = getattr(frame, "city_card", -1)
        need = frame.need if isinstance(frame, BuildFruit) else 0
        return {
            "actions_left": self.acts_left, "draws_left": self.draws_left, "horus": self.horus_left,
            "sekhmet_route": pk.route_ids[self.sekhmet] if self.sekhmet >= 0 else None,
            "step": step,
            "card": None if card < 0 else pk.pyr_ids[card] if step == "pyramid_city" else pk.ac_ids[card],
            "city_card": pk.cc_ids[city_card] if city_card >= 0 else None,
            "swap": [pk.city_ids[frame.city], pk.fruit_ids[frame.fruit]] if isinstance(frame, SwapSecond) else None,
            "need": [pk.fruit_ids[f] for f in range(pk.nf) if need >> f & 1],
            "sources": [[pk.city_ids[y], pk.fruit_ids[f]] for y, f in getattr(frame, "sources", ())],
            "fruit_cards_used": [pk.ac_ids[k] for k in getattr(frame, "used", ())],
        }

    def known_in_hand(self, q: int) -> list[int]:
        """The cards of ``q``'s auction hand everyone knows: the starting train card and cards
        taken from the face-up display, until they are played."""
        k = self.known[q]
        return [i for i in self.ahand[q] if k >> i & 1]

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample the other players' hands and the deck orders (all that ``seat`` cannot see),
        keeping the cards everyone knows in their hands, until the player to move has a legal
        action (they chose the decision in progress, so their hidden cards allow one).

        Each pool is sorted before it is shuffled, so the result depends only on what
        ``seat`` sees and on ``rng``, never on the hidden arrangement itself."""
        open_hands = self.options.get("open_hands", False)
        hidden = () if open_hands else [q for q in range(self.players) if q != seat]
        kind = self.pk.ac_kind
        known = {q: self.known_in_hand(q) for q in hidden}
        chand, ahand = list(self.chand), [tuple(i for i in self.ahand[q] if not self.known[q] >> i & 1)
                                          if q in known else self.ahand[q] for q in range(self.players)]
        cpool = list(self.cdeck)
        apool = [i for i in self.adeck if kind[i] != FRUIT]
        fruit = [i for i in self.adeck if kind[i] == FRUIT]
        for _attempt in range(_RESAMPLE_TRIES):
            self.chand, hands = list(chand), list(ahand)
            self.cdeck = _deal_back(list(cpool), self.chand, hidden, rng)
            pool = _deal_back(list(apool), hands, hidden, rng)
            self.ahand = [hands[q] + tuple(known[q]) if q in known else hands[q] for q in range(self.players)]
            pool.extend(fruit)
            pool.sort()
            rng.shuffle(pool)
            self.adeck = pool
            if self.is_over or self.to_move == seat or self._legal_list():
                return

    # ------------------------------------------------------------------ JSON
    def _state_dict(self) -> dict[str, Any]:
        pk = self.pk
        d = self._public()
        for k in ("game", "pack_key", "reconstructed", "players", "final"):
            d.pop(k)
        for c in d["cities"]:
            c.pop("value")
            c.pop("dark")
        for q, s in enumerate(d["seats"]):
            for k in ("colour", "god_name", "city_cards", "auction_cards"):
                s.pop(k)
            s["auction_hand_public"] = s.pop("auction_known")
            s["city_hand"] = [pk.cc_ids[c] for c in self.chand[q]]
            s["auction_hand"] = [pk.ac_ids[i] for i in self.ahand[q]]
        # decks: the first id is the top card
        d["auction_deck"] = [pk.ac_ids[i] for i in reversed(self.adeck)]
        d["city_deck"] = [pk.cc_ids[c] for c in reversed(self.cdeck)]
        d["final"] = self.final
        return d

    def _load_state_dict(self, d: dict[str, Any]) -> None:
        load_state_dict(self, d)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        return _winners(self)

    def final_outcome(self) -> Outcome:
        """The typed result (``outcome.Outcome``): the winners and which tie-break decided them."""
        won = _winners(self)
        keys: list[tuple[int, ...]] = [ranking_key(self, q) for q in range(self.players)]
        return Outcome(ending=Ending.ROUNDS if self.is_over else None, scores=tuple(self.scores()),
                       money=tuple(self.money), winners=tuple(won),
                       decided_by=decided_by(keys, won) if won else None, final=self.final)

    def outcome(self) -> dict[str, Any]:
        return self.final_outcome().to_json()

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        pk, P = self.pk, self.players
        nf, nc = pk.nf, pk.nc
        # 35 fruit cubes: per fruit the market marker, the supply and the cubes on the cities (CC-COMP-12)
        for f in range(nf):
            on_map = sum(self.cubes[x * nf + f] for x in range(nc))
            assert self.supply[f] >= 0 and min(self.cubes[f::nf]) >= 0, f"negative cube count of {pk.fruit_ids[f]}"
            assert 1 + self.supply[f] + on_map == pk.per_fruit, \
                f"{pk.fruit_ids[f]}: {1 + self.supply[f] + on_map} cubes instead of {pk.per_fruit}"
            assert pk.market_min <= self.market[f] <= pk.market_max, f"market of {pk.fruit_ids[f]} off the track"
        for x in range(nc):
            m = 0
            for f in range(nf):
                if self.cubes[x * nf + f]:
                    m |= 1 << f
            assert self.cmask[x] == m, "city fruit mask out of date"
            assert not (self.pyr[x] >= 0 and m), f"fruit on the pyramid city {pk.city_ids[x]}"
        # the cached board masks, brought up to date for the changed cities, equal a fresh computation
        cached, keep = board_masks(self), self._cm
        self._cm = None
        assert board_masks(self) == cached, "board masks out of date"
        self._cm = keep
        rails = self._rail  # the cities each seat could build a railway from, likewise
        assert rails is None or rails == rail.rail_masks(self), "railway cities out of date"
        # trains: each player's 20 on the board or in supply; at most two players per route (CC-ACT-TRAIN-04)
        for q in range(P):
            on_board = sum(self.rt[r * P + q] for r in range(pk.nr))
            assert self.trains[q] >= 0 and on_board + self.trains[q] == TRAINS_PER_PLAYER, \
                f"seat {q} has {on_board + self.trains[q]} trains, not {TRAINS_PER_PLAYER}"
            assert self.money[q] >= 0, f"seat {q} has negative money"
        for r in range(pk.nr):
            owners = sum(1 for q in range(P) if self.rt[r * P + q])
            assert owners <= 2, f"route {pk.route_ids[r]} holds {owners} players' trains"
            assert owners == self.rown[r], "route owner count out of date"
        # cards: every city card and auction card exactly once
        frame = self.frame
        city = list(self.cdeck) + self.cdisp + self.cdisc + [c for h in self.chand for c in h]
        if getattr(frame, "city_card", -1) >= 0:
            city.append(frame.city_card)  # played, its action not yet complete
        assert sorted(city) == list(range(pk.ncc)), "a city card is missing or duplicated"
        auc = list(self.adeck) + self.adisp + self.adisc
        for q in range(P):
            auc += self.ahand[q] + self.fcards[q] + self.bcards[q]
            assert all(pk.ac_kind[i] != FRUIT for i in self.ahand[q]), "a fruit card in a hand"
            assert all(pk.ac_kind[k] == FRUIT for k in self.fcards[q]), "a non-fruit card among played fruit cards"
            assert all(pk.ac_kind[b] == BUILDING for b in self.bcards[q]), "a non-building among played buildings"
        auc += getattr(frame, "used", ())
        if getattr(frame, "card", -1) >= 0:
            auc.append(frame.card)
        assert sorted(auc) == list(range(pk.nac)), "an auction card is missing or duplicated"
        # tiles: a building tile lies on a city exactly when its card has been built; pyramids once each
        tiles = [t for x in range(nc) for t in self.btiles[x]]
        built = {b for q in range(P) for b in self.bcards[q]}
        assert sorted(tiles) == sorted(pk.ac_tile[b] for b in built if pk.ac_tile[b] >= 0), "building tiles"
        pyrs = [t for t in self.pyr if t >= 0]
        assert len(set(pyrs)) == len(pyrs), "a pyramid tile on two cities"
        assert sorted(self.prestige) == list(range(len(pk.prestige_ids))), "prestige tiles"
        assert (self.to_move is None) == self.is_over == (self.phase == OVER), "to_move / is_over / phase disagree"
        if self.phase == AUCTION:
            assert sum(self.active) == P - self.passes >= 2, "auction bookkeeping"
        if self.phase == ACTIONS:
            assert self.to_move == self.order[self.oidx], "the player to move is not the god in turn"
            assert type(self.stack[0]) is Turn and len(self.stack) <= 2, "a turn holds at most one pending action"
        else:
            assert len(self.stack) <= 1, "a pending action outside phase B"
        assert len(set(self.god) - {0}) == sum(1 for g in self.god if g), "a god held twice"
