"""The PAX game state: the board, the pending decision (a frame from ``frames``) and the
dispatch to the parts of the rulebook that decide and carry out each action: ``keep``
(Előkészületek), ``draw`` (Játékmenet, Kártyahúzás), ``buy`` (Kártyavásárlás), ``play``
(Kártyák kijátszása, Bevétel), ``round_end`` (A forduló vége, Új forduló, A játék vége) and
``scoring`` (Pontozás).

Every part has one check per kind of action: the legal list is the candidates that pass it
and ``refusal`` returns what it says, so a reason never contradicts what is offered.

Representation (chosen for speed; see ``docs/formats/pax.md`` for the readable JSON):
cards are indices 0..73 (``pack.CARD_IDS``); the deck is a list with its top at the end;
hands, tableaux, Legion groups and Rome's cards are tuples (replaced when they change);
``lval`` keeps each Legion group's printed value up to date (buying and the end of a round
read it); symbol and card counts are flat lists indexed ``seat * 7 + category``. Every list
is shared with a clone until one side writes (copy-on-write by groups: ``own_deck`` ...
``own_money``), so a clone copies no container at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from asztal.engine import Action, Decision, GameState, Refusal
from asztal.engine.decision import OVER as OVER_DECISION
from asztal.engine.rng import Rng
from asztal.games.pax import buy, draw, keep, play
from asztal.games.pax.actions import (
    ACTIONS,
    OP_BUY,
    OP_DONE,
    OP_DRAW,
    OP_KEEP,
    OP_NOBUY,
    OP_NODRAW,
    OP_PASS,
    OP_PLACE,
    OP_PLAY,
    OP_START,
)
from asztal.games.pax.asks import decision_of, worded
from asztal.games.pax.frames import Buying, Drawing, Keep, Over, PaxFrame, Playing, Stage, StartCards, TurnStart
from asztal.games.pax.outcome import Outcome, outcome_of
from asztal.games.pax.pack import CARD_CAT, Pack
from asztal.games.pax.scoring import final_result
from asztal.games.pax.serial import check_invariants, load_state_dict, state_dict
from asztal.games.pax.view import determinize, view

#: the frame an action belongs to, by op, and the rule that says when it is taken
_WHEN: dict[int, tuple[type[PaxFrame], str]] = {
    OP_KEEP: (Keep, "PAX-SETUP-12"),
    OP_START: (StartCards, "PAX-SOLO-09"),
    OP_PASS: (TurnStart, "PAX-TURN-05"),
    OP_DRAW: (TurnStart, "PAX-TURN-03"),
    OP_NODRAW: (TurnStart, "PAX-END-02"),
    OP_PLACE: (Drawing, "PAX-DRAW-02"),
    OP_BUY: (Buying, "PAX-TURN-03"),
    OP_NOBUY: (Buying, "PAX-TURN-03"),
    OP_PLAY: (Playing, "PAX-TURN-03"),
    OP_DONE: (Playing, "PAX-INC-01"),
}

# Copy-on-write: a clone shares every list with its original and both mark them shared (``_sh``, one
# bit per group of lists that change together); a rule copies a group's lists the first time it
# writes one of them after a clone (``own_*``). A step after a clone pays only for the groups it
# changes (placing a card in a Legion copies the Legion lists, not the deck, hands or tableaux). Every
# write into a list field goes through its group's ``own_*`` first; the lists hold ints and tuples,
# and a tuple is replaced, never changed, so copying the outer list is enough; replacing a field by a
# fresh list needs none. ``tests/pax/test_clone.py`` plays both sides of clones taken at every step
# and checks that neither ever sees the other's moves.
DECK: Final = 1  # deck, slid (who knows where a slid card lies in it)
LEGIONS: Final = 2  # legions, lval
HANDS: Final = 4  # hands
TABLEAU: Final = 8  # tableau, sym, cnt
MONEY: Final = 16  # money
SHARED_ALL: Final = 31


class PaxState(GameState):
    """A game of PAX in progress (2-4 players, or the solitaire game with 1).

    ``frame`` is the pending decision (``frames``); ``stage`` names its part of the game.
    """

    __slots__ = (
        "pack", "cost", "syms", "nleg", "level",
        "deck", "removed", "legions", "lval", "rome", "rome_hidden", "rome_seen",
        "hands", "tableau", "sym", "cnt", "money", "bank", "known", "slid", "slid_all",
        "frame", "primus", "turns", "round_no", "pc", "exhausted", "result", "_sh",
    )
    pack: Pack
    cost: tuple[int, ...]
    syms: tuple[int, ...]
    nleg: int
    level: int
    deck: list[int]
    removed: tuple[int, ...]
    legions: list[tuple[int, ...]]
    lval: list[int]
    rome: tuple[int, ...]
    rome_hidden: tuple[int, ...]
    rome_seen: int
    hands: list[tuple[int, ...]]
    tableau: list[tuple[int, ...]]
    sym: list[int]
    cnt: list[int]
    money: list[int]
    bank: int
    known: int
    slid: list[int]
    slid_all: int
    frame: PaxFrame
    primus: int
    turns: int
    round_no: int
    pc: int
    exhausted: bool
    result: dict[str, Any] | None
    _sh: int  # the groups of lists shared with a clone (``DECK`` ... ``MONEY``): copied on first write

    @property
    def stage(self) -> Stage:
        """The part of the game the pending decision belongs to."""
        return self.frame.STAGE

    # ------------------------------------------------------------------ the decision
    def _legal_list(self) -> Sequence[Action]:
        f = self.frame
        if isinstance(f, Drawing):
            return draw.place_list(self, f)
        if isinstance(f, TurnStart):
            return draw.turn_list(self)
        if isinstance(f, Playing):
            return play.play_list(self, f)
        if isinstance(f, Buying):
            return buy.buy_list(self)
        if isinstance(f, Keep):
            return keep.keep_list(self)
        if isinstance(f, StartCards):
            return keep.start_list(self)
        return ()

    def decision(self) -> Decision:
        if self.is_over:
            return OVER_DECISION
        return decision_of(self)

    def refusal(self, action: Action) -> Refusal | None:
        """None when ``action`` is legal now, else the reason from the same check that
        builds the legal list (or, for an action of another part of the turn, when it is taken)."""
        if self.is_over:
            return Refusal("pax.no.over", "PAX-END-01")
        interned = ACTIONS.by_code(action.code)
        if interned is None:
            return Refusal("engine.unknown", None, {"action": action.code})
        op, c, d = interned.args
        frame_type, rule = _WHEN[op]
        f = self.frame
        if type(f) is not frame_type:
            return worded(self, Refusal(f"pax.no.{interned.kind}.now", rule))
        if op == OP_KEEP:
            r = keep.check_keep(self, c)
        elif op == OP_START:
            r = keep.check_start(self, c)
        elif op in (OP_PASS, OP_DRAW, OP_NODRAW):
            r = draw.check_turn(self, op)
        elif isinstance(f, Drawing):
            r = draw.check_place(self, f, c, d)
        elif op == OP_BUY:
            r = buy.check_buy(self, d)
        elif isinstance(f, Playing) and op == OP_PLAY:
            r = play.check_play(self, f, c)
        else:
            r = None  # nobuy, done: always open in their part of the turn
        return None if r is None else worded(self, r)

    def _apply(self, action: Action) -> bool:
        args = action.args
        op: int = args[0]  # typed: the compiled build compares machine integers
        c: int = args[1]
        d: int = args[2]
        s = self.to_move
        assert s is not None
        f = self.frame
        if op == OP_PLACE:
            assert isinstance(f, Drawing)  # the action is legal (checked by the engine)
            return draw.place(self, f, s, c, d)
        if op == OP_PLAY:
            assert isinstance(f, Playing)
            return play.play(self, f, s, c)
        if op == OP_DONE:
            return play.finish_turn(self, s)
        if op == OP_DRAW:
            return draw.draw(self, s)
        if op == OP_PASS:
            return draw.pass_turn(self, s)
        if op == OP_BUY:
            return buy.buy(self, s, d)
        if op == OP_NOBUY:
            return play.enter_play(self)
        if op == OP_NODRAW:
            return draw.no_draw(self, s)
        if op == OP_KEEP:
            return keep.keep(self, s, c)
        if op == OP_START:
            assert isinstance(f, StartCards)
            return keep.start_card(self, f, c)
        raise AssertionError(f"unknown PAX action op {op}")  # pragma: no cover

    # ---------------------------------------------------------------- questions the interfaces ask
    def price(self, seat: int, legion: int) -> int:
        """What ``seat`` pays for the group below ``legion`` (0-based), Wealth discount taken off."""
        return buy.price(self, seat, legion)

    def income(self, seat: int) -> int:
        """This turn's income for ``seat`` if it stopped playing now (section 7.2)."""
        return play.income(self, seat)

    # ---------------------------------------------------------------- results
    def rome_symbols(self, hidden: bool = True) -> list[int]:
        """Rome's symbols per category (face-up cards, plus the hidden three if ``hidden``)."""
        out = [0] * 7
        syms = self.syms
        for c in self.rome:
            out[CARD_CAT[c]] += syms[c]
        if hidden:
            for c in self.rome_hidden:  # PAX-WIN-01
                out[CARD_CAT[c]] += syms[c]
        return out

    def compute_result(self) -> dict[str, Any]:
        n = self.players
        return final_result(
            self.rome_symbols(True),
            [self.sym[s * 7:s * 7 + 7] for s in range(n)],
            [self.cnt[s * 7:s * 7 + 7] for s in range(n)],
            list(self.money), [len(h) for h in self.hands],
            None if self.pc < 0 else self.pc, self.level or None)

    def final(self) -> dict[str, Any] | None:
        """The final result (sections 12-13, or the solitaire requirements); None before the end."""
        if type(self.frame) is not Over:
            return None
        if self.result is None:
            self.result = self.compute_result()
        return self.result

    def scores(self) -> list[float]:
        """Final points (section 13); computed even when Rome wins (then the winner is the
        Primus Conspiratus holder, see ``winners``). Before the end: the points so far."""
        r = self.final() or self.compute_result()
        return [float(p) for p in r["points"]]

    def winners(self) -> list[int]:
        r = self.final()
        return [] if r is None else list(r["winners"])

    def final_outcome(self) -> Outcome | None:
        """How the game ended (``outcome.Outcome``); None while it goes on."""
        r = self.final()
        if r is None:
            return None
        return outcome_of(r, self.scores(), None if self.pc < 0 else self.pc, self.level or None)

    def outcome(self) -> dict[str, Any]:
        """The JSON form of ``final_outcome``; before the end, the points so far and no winner."""
        done = self.final_outcome()
        return {"scores": self.scores(), "winners": []} if done is None else done.to_json()

    # ---------------------------------------------------------------- copying
    def _copy_into(self, new: GameState) -> None:
        assert isinstance(new, PaxState)
        new.pack = self.pack
        new.cost = self.cost
        new.syms = self.syms
        new.nleg = self.nleg
        new.level = self.level
        # every list is shared until one side writes into it (see ``DECK`` above)
        self._sh = new._sh = SHARED_ALL
        new.deck = self.deck
        new.removed = self.removed
        new.legions = self.legions
        new.lval = self.lval
        new.rome = self.rome
        new.rome_hidden = self.rome_hidden
        new.rome_seen = self.rome_seen
        new.hands = self.hands
        new.tableau = self.tableau
        new.sym = self.sym
        new.cnt = self.cnt
        new.money = self.money
        new.bank = self.bank
        new.known = self.known
        new.slid = self.slid
        new.slid_all = self.slid_all
        new.frame = self.frame  # a frozen value: shared
        new.primus = self.primus
        new.turns = self.turns
        new.round_no = self.round_no
        new.pc = self.pc
        new.exhausted = self.exhausted
        new.result = self.result

    def own_deck(self) -> None:
        """Before taking a card off the deck, sliding one under it or writing ``slid``."""
        if self._sh & DECK:
            self._sh &= ~DECK
            self.deck = self.deck.copy()
            self.slid = self.slid.copy()

    def own_legions(self) -> None:
        """Before replacing a Legion group in ``legions`` or writing ``lval``."""
        if self._sh & LEGIONS:
            self._sh &= ~LEGIONS
            self.legions = self.legions.copy()
            self.lval = self.lval.copy()

    def own_hands(self) -> None:
        """Before replacing a hand in ``hands``."""
        if self._sh & HANDS:
            self._sh &= ~HANDS
            self.hands = self.hands.copy()

    def own_tableau(self) -> None:
        """Before replacing a tableau in ``tableau`` or writing ``sym`` or ``cnt``."""
        if self._sh & TABLEAU:
            self._sh &= ~TABLEAU
            self.tableau = self.tableau.copy()
            self.sym = self.sym.copy()
            self.cnt = self.cnt.copy()

    def own_money(self) -> None:
        """Before writing ``money``."""
        if self._sh & MONEY:
            self._sh &= ~MONEY
            self.money = self.money.copy()

    # ---------------------------------------------------------------- views, JSON, checks
    def view(self, seat: int | None | object) -> dict[str, Any]:
        self.check_seat(seat)  # BadSeat for anything but a seat or None
        return view(self, cast("int | None", seat))

    def _determinize(self, seat: int, rng: Rng) -> None:
        determinize(self, seat, rng)

    def _state_dict(self) -> dict[str, Any]:
        return state_dict(self)

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        load_state_dict(self, data)

    def check_invariants(self) -> None:
        check_invariants(self)

