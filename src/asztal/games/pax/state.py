"""The PAX game state and its transitions: a turn (Játékmenet), drawing (Kártyahúzás),
buying (Kártyavásárlás), playing and income (Kártyák kijátszása + bevétel), the end of a
round (A forduló vége), a new round (Új forduló) and the game end (A játék vége).

Representation (chosen for speed; see ``docs/formats/pax.md`` for the readable JSON):
cards are indices 0..73 (``pack.CARD_IDS``); the deck is a list with its top at the end;
hands, tableaux, Legion groups and Rome's cards are tuples (shared by clones, replaced
when they change); ``lval`` keeps each Legion group's printed value up to date (buying and
the end of a round read it); symbol and card counts are flat lists indexed
``seat * 7 + category``.
"""

from __future__ import annotations

from typing import Any

from asztal.engine import Action, GameState, IllegalAction
from asztal.games.pax.actions import (
    BOTTOM,
    BUY,
    DONE,
    DRAW,
    HAND,
    KEEP,
    NOBUY,
    NODRAW,
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
    PASS,
    PLACE,
    PLAY,
    START,
)
from asztal.games.pax.messages import card_fields, cards_fields, income_fields
from asztal.games.pax.pack import (
    ARMY,
    BIT,
    CARD_CAT,
    CONSPIRACY,
    ESTATE,
    FLEET,
    LEGION_NUMERALS,
    RELIGION,
    SENATOR,
    WEALTH,
)
from asztal.games.pax.scoring import final_result

# phases of the game (what kind of decision is pending)
PH_KEEP, PH_SOLO, PH_TURN, PH_DRAW, PH_BUY, PH_PLAY, PH_OVER = range(7)
PHASE_NAMES = ("keep", "solo-start", "turn", "draw", "buy", "play", "over")
# how the current draw action works
MODE_ONE, MODE_TWO, MODE_ALL = range(3)  # PAX-DRAW-02, PAX-REL-01, PAX-REL-02
MODE_NAMES = ("one-by-one", "two-then-one", "all-at-once")
MODE_HU = ("egyesével", "kettő együtt, majd a harmadik", "mind a három egyszerre")
MODE_EN = ("one at a time", "two together, then the third", "all three at once")
# destinations used in the current draw action (bits of ``used``)
USED_HAND, USED_LEGION, USED_BOTTOM = 1, 2, 4
USED_NAMES = ((USED_HAND, "hand"), (USED_LEGION, "legion"), (USED_BOTTOM, "bottom"))
CON_BIT = 1 << CONSPIRACY
SEN_BIT = 1 << SENATOR


def _single_card_lists() -> dict[int, tuple]:
    """DRAW1[nleg][used][card]: the placements of a lone drawn card, precomputed (the common case);
    handed out as they are (callers never change a legal list)."""
    table = {}
    for nleg in (3, 4, 5):
        by_used = []
        for used in range(8):
            row = []
            for c in range(len(PLACE)):
                acts = []
                if not used & USED_HAND:
                    acts.append(PLACE[c][HAND])
                if not used & USED_LEGION:
                    acts.extend(PLACE[c][:nleg])
                if not used & USED_BOTTOM:
                    acts.append(PLACE[c][BOTTOM])
                row.append(acts)
            by_used.append(tuple(row))
        table[nleg] = tuple(by_used)
    return table


DRAW1 = _single_card_lists()


def fleet_army_limit(sym: list[int], b: int = 0) -> int:
    """PAX-LIM-01, PAX-LIM-02, PAX-CON-01: the most Fleet and the most Army symbols a tableau may
    hold: the larger (not the sum) of its Estate and Conspiracy symbols. ``sym[b:b + 7]`` are
    the tableau's symbols per category."""
    return max(sym[b + ESTATE], sym[b + CONSPIRACY])


class PaxState(GameState):
    """A game of PAX in progress (2-4 players, or the solitaire game with 1)."""

    __slots__ = (
        "pack", "cost", "syms", "nleg", "level",
        "deck", "removed", "legions", "lval", "rome", "rome_hidden", "rome_seen",
        "hands", "tableau", "sym", "cnt", "money", "bank", "known", "slid", "slid_all",
        "phase", "primus", "turns", "round_no", "pending", "to_draw", "used", "mode",
        "nplayed", "cats", "solo_left", "pc", "exhausted", "result", "_legal",
    )

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is not None:
            return legal
        ph = self.phase
        if ph == PH_PLAY:
            legal = self._play_list()
        elif ph == PH_DRAW:
            legal = self._draw_list()
        elif ph == PH_TURN:
            # PAX-TURN-02: act (draw first, PAX-TURN-03) or pass (PAX-TURN-05);
            # PAX-END-02: with an empty deck the draw becomes 2 Aureus
            legal = [DRAW, PASS] if self.deck else [NODRAW, PASS]
        elif ph == PH_BUY:
            legal = self._buy_list() or [NOBUY]
        elif ph == PH_KEEP:
            legal = [KEEP[c] for c in self.hands[self.to_move]]  # PAX-SETUP-12, PAX-SOLO-02
        elif ph == PH_SOLO:
            legal = [START[c] for c in self.hands[0]]  # PAX-SOLO-09..11
        else:
            legal = []
        self._legal = legal
        return legal

    def _play_list(self) -> list[Action]:
        s = self.to_move
        acts = []
        if self.money[s] >= self.nplayed:  # PAX-PLAY-02: the k-th card costs k-1; PAX-PLAY-06: no credit
            b = s * 7
            sym = self.sym
            limit = fleet_army_limit(sym, b)  # PAX-LIM-01, PAX-LIM-02, PAX-CON-01
            froom = limit - sym[b + FLEET]  # PAX-LIM-03, PAX-Q-04: symbols, each category separately
            aroom = limit - sym[b + ARMY]
            syms = self.syms
            for c in self.hands[s]:
                cat = CARD_CAT[c]
                if cat == FLEET:
                    if syms[c] > froom:
                        continue
                elif cat == ARMY:
                    if syms[c] > aroom:
                        continue
                acts.append(PLAY[c])  # PAX-PLAY-01, PAX-PLAY-04
        acts.append(DONE)
        return acts

    def _draw_list(self) -> list[Action]:
        # PAX-DRAW-06: the three destinations in any order; PAX-DRAW-08: a short deck, see PAX-Q-10
        pending = self.pending
        used = self.used
        if len(pending) == 1:  # (a lone card never waits for a third one, so the hand is open)
            return DRAW1[self.nleg][used][pending[0]]  # shared, like every cached legal list
        # PAX-REL-01: with two cards held and a third to come, one goes below a Legion or under the deck
        hand_ok = not (used & USED_HAND) and not (self.mode == MODE_TWO and self.to_draw)
        leg_ok = not (used & USED_LEGION)
        bot_ok = not (used & USED_BOTTOM)
        nleg = self.nleg
        acts = []
        for c in pending:  # PAX-DRAW-03..06: one each, in any order
            row = PLACE[c]
            if hand_ok:
                acts.append(row[HAND])
            if leg_ok:
                acts.extend(row[:nleg])
            if bot_ok:
                acts.append(row[BOTTOM])
        return acts

    def _buy_list(self) -> list[Action] | None:
        """The groups the player can buy now (plus ``nobuy``), or None if none is affordable."""
        s = self.to_move
        money = self.money[s]
        discount = self.sym[s * 7 + WEALTH] // 3  # PAX-BUY-02, PAX-WEA-01: as in ``price``
        lval = self.lval
        acts = None
        for n, g in enumerate(self.legions):
            if g and max(0, lval[n] - discount) <= money:  # PAX-BUY-03, PAX-Q-20: no credit; PAX-Q-08
                if acts is None:
                    acts = []
                acts.append(BUY[n])  # PAX-BUY-01: the whole group below one Legion
        if acts is not None:
            acts.append(NOBUY)
        return acts

    def price(self, seat: int, legion: int) -> int:
        """What ``seat`` pays for the group below ``legion`` (0-based): PAX-BUY-02, the printed
        values less the Wealth discount (PAX-WEA-01)."""
        p = self.lval[legion] - self.sym[seat * 7 + WEALTH] // 3
        return max(0, p)  # PAX-Q-08: never below zero

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> bool:
        self._legal = None
        op, c, d = action.args
        s = self.to_move
        if op == OP_PLACE:
            return self._place(s, c, d)
        if op == OP_PLAY:
            return self._play(s, c)
        return self._apply_other(s, op, c, d)

    def _apply_other(self, s: int, op: int, c: int, d: int) -> bool:
        if op == OP_DONE:
            return self._finish_turn(s)
        if op == OP_DRAW:
            return self._draw(s)
        if op == OP_PASS:
            # PAX-TURN-05: peek at Rome's 3 face-down cards, 2 Aureus, no other action;
            # PAX-Q-16: no base income on top
            self.money[s] += 2  # PAX-TURN-06: no limit on Aureus (nor on the hand)
            self.bank -= 2
            self.rome_seen |= 1 << s
            if self.log is not None:
                self.emit("pax.pass", seat=s, player=s + 1)
            self._end_turn()
            return True
        if op == OP_BUY:
            return self._buy(s, d)
        if op == OP_NOBUY:
            return self._enter_play()
        if op == OP_NODRAW:
            # PAX-END-02: a player who cannot draw even one card gets 2 Aureus, then buys and plays
            self.money[s] += 2
            self.bank -= 2
            self.exhausted = True  # PAX-END-03: the game ends with this round
            if self.log is not None:
                self.emit("pax.nodraw", seat=s, player=s + 1)
            return self._enter_buy()
        if op == OP_KEEP:
            return self._keep(s, c)
        if op == OP_START:
            return self._solo_start(c)
        raise IllegalAction(f"unknown PAX action op {op}")  # pragma: no cover

    # ---------------------------------------------------------------- setup decisions
    def _keep(self, s: int, c: int) -> bool:
        """PAX-SETUP-12 / PAX-SOLO-02: keep one card, slide the others under the deck (in drawn order)."""
        hand = self.hands[s]
        self.hands[s] = (c,)
        for x in hand:
            if x != c:
                self._to_bottom(s, x)
        if self.log is not None:
            self.emit("pax.keep", seat=s, player=s + 1, bottom=len(hand) - 1,
                      secret={"seat": s, **card_fields(self, c)})
        self.turns += 1
        if self.turns < self.players:
            self.to_move = (s + 1) % self.players
            return False
        # PAX-SETUP-14: one card face up below each Legion; PAX-Q-17: also in the solitaire game
        deck = self.deck
        legions = self.legions
        lval, cost = self.lval, self.cost
        for n in range(self.nleg):
            c = self._pop(deck)
            legions[n] = (c,)
            lval[n] = cost[c]
        self.turns = 0
        self.to_move = self.primus  # PAX-SETUP-15
        self.phase = PH_TURN
        if self.log is not None:
            self.emit("pax.round", round=self.round_no, header=True)
        return True

    def _solo_start(self, c: int) -> bool:
        """PAX-SOLO-09..11: play a start card; free (PAX-Q-17) and not limited (PAX-SOLO-12, PAX-LIM-06)."""
        hand = self.hands[0]
        i = hand.index(c)
        self.hands[0] = hand[:i] + hand[i + 1:]
        self._add_to_tableau(0, c)
        if self.log is not None:
            self.emit("pax.start_play", seat=0, player=1, **card_fields(self, c))
        self.solo_left -= 1
        if self.solo_left == 0:
            self.phase = PH_KEEP
        return False

    # ---------------------------------------------------------------- drawing
    def _pop(self, deck: list[int]) -> int:
        # the cards slid under the deck lie below all the others, in places their sliders know
        c = self.rng.draw(deck, "pax.deck", len(deck) - self.slid_all.bit_count())
        if self.slid_all & BIT[c]:
            self._unslide(c)
        return c

    def _unslide(self, c: int) -> None:
        """``c`` left the deck: nobody knows its place in the deck any more."""
        b = BIT[c]
        self.slid_all ^= b
        slid = self.slid
        for i in range(len(slid)):
            if slid[i] & b:
                slid[i] ^= b

    def _to_bottom(self, s: int, c: int) -> None:
        self.deck.insert(0, c)  # PAX-DRAW-05: under the deck, face down
        b = BIT[c]
        self.slid[s] |= b  # the seat knows where it is
        self.slid_all |= b

    def _draw(self, s: int) -> bool:
        religion = self.sym[s * 7 + RELIGION]  # PAX-Q-18: measured when the draw starts
        # PAX-DRAW-07, PAX-REL-01, PAX-REL-02
        mode = MODE_ALL if religion >= 6 else MODE_TWO if religion >= 3 else MODE_ONE
        n = len(self.deck)
        if n > 3:
            n = 3  # PAX-DRAW-01: three cards; PAX-Q-10: fewer if the deck holds fewer
        self.mode = mode
        self.used = 0
        self.to_draw = n
        self.pending = ()
        self.phase = PH_DRAW
        if self.log is not None:
            self.emit("pax.draw", seat=s, player=s + 1, cards=n, mode=MODE_NAMES[mode],
                      mode_hu=MODE_HU[mode], mode_en=MODE_EN[mode])
        self._draw_cards(1 if mode == MODE_ONE else (2 if n >= 2 else n) if mode == MODE_TWO else n)
        return True

    def _draw_cards(self, k: int) -> None:
        deck = self.deck
        got = self.pending
        for _ in range(k):
            got += (self._pop(deck),)
        self.pending = got
        self.to_draw -= k

    def _place(self, s: int, c: int, d: int) -> bool:
        pending = self.pending
        if len(pending) == 1:
            pending = ()
        else:
            i = pending.index(c)
            pending = pending[:i] + pending[i + 1:]
        self.pending = pending
        if d == HAND:
            self.hands[s] += (c,)  # PAX-DRAW-03
            self.used |= USED_HAND
            if self.log is not None:
                self.emit("pax.to_hand", seat=s, player=s + 1, secret={"seat": s, **card_fields(self, c)})
        elif d == BOTTOM:
            self._to_bottom(s, c)  # PAX-DRAW-05
            self.used |= USED_BOTTOM
            if self.log is not None:
                self.emit("pax.to_bottom", seat=s, player=s + 1, secret={"seat": s, **card_fields(self, c)})
        else:
            self.legions[d] += (c,)  # PAX-DRAW-04, PAX-Q-13: face up, joins the group
            self.lval[d] += self.cost[c]
            self.used |= USED_LEGION
            if self.log is not None:
                self.emit("pax.to_legion", seat=s, player=s + 1, legion=d + 1, numeral=LEGION_NUMERALS[d],
                          **card_fields(self, c))
        if self.to_draw and (not pending or (self.mode == MODE_TWO and len(pending) == 1)):
            # PAX-DRAW-02: the next card only after placing; PAX-REL-01: the third card
            self.pending = pending + (self._pop(self.deck),)
            self.to_draw -= 1
            return True
        if not pending:
            return self._enter_buy()
        return False

    # ---------------------------------------------------------------- buying
    def _enter_buy(self) -> bool:
        """PAX-TURN-03, PAX-Q-09: buying follows drawing. Skipped when no group is affordable."""
        self.phase = PH_BUY
        legal = self._buy_list()
        if legal is None:
            return self._enter_play()
        self._legal = legal
        return False

    def _buy(self, s: int, n: int) -> bool:
        group = self.legions[n]
        price = self.price(s, n)
        self.money[s] -= price  # PAX-BUY-03: paid to the bank
        self.bank += price
        self.hands[s] += group  # PAX-BUY-04: into the buyer's hand (everybody saw which cards)
        for c in group:
            self.known |= BIT[c]
        self.legions[n] = ()  # PAX-BUY-05: empty until the refill
        self.lval[n] = 0
        if self.log is not None:
            self.emit("pax.buy", seat=s, player=s + 1, legion=n + 1, numeral=LEGION_NUMERALS[n], price=price,
                      **cards_fields(self, group))
        return self._enter_play()  # PAX-Q-08: one group per turn

    # ---------------------------------------------------------------- playing and income
    def _enter_play(self) -> bool:
        self.phase = PH_PLAY
        self.nplayed = 0
        self.cats = 0
        legal = self._play_list()
        if len(legal) == 1:  # nothing playable: the turn ends with base income
            return self._finish_turn(self.to_move)
        self._legal = legal
        return False

    def _add_to_tableau(self, s: int, c: int) -> None:
        self.tableau[s] += (c,)  # PAX-PLAY-03: public, by category; PAX-PLAY-05: stays there
        k = s * 7 + CARD_CAT[c]
        self.sym[k] += self.syms[c]
        self.cnt[k] += 1

    def _play(self, s: int, c: int) -> bool:
        cost = self.nplayed  # PAX-PLAY-02: 0, 1, 2, ... paid to the bank
        self.money[s] -= cost
        self.bank += cost
        self.nplayed = cost + 1
        hand = self.hands[s]
        i = hand.index(c)
        self.hands[s] = hand[:i] + hand[i + 1:]
        b = BIT[c]
        if self.known & b:
            self.known ^= b
        self._add_to_tableau(s, c)  # PAX-PLAY-01
        cat = CARD_CAT[c]
        self.cats |= 1 << cat
        if self.log is not None:
            self.emit("pax.play", seat=s, player=s + 1, cost=cost, **card_fields(self, c))
        if cat == CONSPIRACY and self.players > 1:
            self._update_pc(s)
        legal = self._play_list()
        if len(legal) == 1:
            return self._finish_turn(s)
        self._legal = legal
        return False

    def _update_pc(self, s: int) -> None:
        """PAX-CON-03, PAX-CON-04, PAX-Q-05: Primus Conspiratus goes to whoever has strictly more
        Conspiracy symbols than its holder (the first one: more than everybody), at once."""
        sym = self.sym
        mine = sym[s * 7 + CONSPIRACY]
        pc = self.pc
        if pc == s:
            return
        if pc < 0:
            if any(sym[o * 7 + CONSPIRACY] >= mine for o in range(self.players) if o != s):
                return
        elif mine <= sym[pc * 7 + CONSPIRACY]:
            return
        self.pc = s
        if self.log is not None:
            self.emit("pax.primus_conspiratus", seat=s, player=s + 1)

    def income(self, s: int) -> int:
        """This turn's income for ``s`` (section 7.2)."""
        if self.nplayed == 0:
            return 2  # PAX-INC-07, PAX-TURN-04: base income
        cats = self.cats
        if cats & CON_BIT:
            return 0  # PAX-CON-02, PAX-INC-06, PAX-SEN-02: no income at all
        cnt = self.cnt
        b = s * 7
        best = 0
        for k in range(7):  # PAX-INC-02, PAX-Q-01: strongest category that got a card now, in cards
            if cats >> k & 1 and cnt[b + k] > best:
                best = cnt[b + k]
        if cats & SEN_BIT:
            best += 1  # PAX-SEN-01, PAX-INC-05: +1 however many Senators
        return best  # PAX-INC-03, PAX-SYM-01: the card count of that category; PAX-INC-04: 1 for a new one

    def _finish_turn(self, s: int) -> bool:
        inc = self.income(s)  # PAX-INC-01: after playing
        self.money[s] += inc
        self.bank -= inc  # PAX-Q-03: the bank is unlimited
        if self.log is not None:
            self.emit("pax.income", seat=s, player=s + 1, amount=inc, played=self.nplayed,
                      **income_fields(self, s, inc))
        return self._end_turn()

    # ---------------------------------------------------------------- rounds
    def _end_turn(self) -> bool:
        self.turns += 1
        if self.turns < self.players:
            self.to_move = (self.to_move + 1) % self.players  # PAX-TURN-01: clockwise
            self.phase = PH_TURN
            return False
        return self._end_round()  # PAX-EOR-01

    def _end_round(self) -> bool:
        legions = self.legions
        lval = self.lval
        best, pick, empty = -1, -1, 0
        for n in range(self.nleg):
            if legions[n]:
                v = lval[n]
                if v > best:  # PAX-EOR-03: ties go to the lowest Legion number
                    best, pick = v, n
            else:
                empty += 1
        if pick >= 0:  # PAX-EOR-02: the most valuable group goes to Rome; PAX-EOR-06: none, nothing
            group = legions[pick]
            self.rome += group  # PAX-EOR-04: face up; PAX-EOR-05, PAX-LIM-05: no limit for Rome
            legions[pick] = ()
            lval[pick] = 0
            empty += 1
            if self.log is not None:
                self.emit("pax.rome", legion=pick + 1, numeral=LEGION_NUMERALS[pick], value=best,
                          **cards_fields(self, group))
        # PAX-NEWR-01, PAX-CON-05; PAX-NEWR-02: otherwise unchanged
        if self.pc >= 0 and self.pc != self.primus:
            self.primus = self.pc
            if self.log is not None:
                self.emit("pax.start_player", seat=self.pc, player=self.pc + 1)
        deck = self.deck
        # PAX-END-01, PAX-Q-11: not enough cards for every empty Legion: deal nothing, the game ends;
        # PAX-END-03: after a round in which the deck ran out
        if self.exhausted or len(deck) < empty:
            self._game_over()
            return True
        cost = self.cost
        for n in range(self.nleg):
            if not legions[n]:
                c = self._pop(deck)
                legions[n] = (c,)  # PAX-NEWR-03: face up below each empty Legion
                lval[n] = cost[c]
        self.round_no += 1
        if self.log is not None:
            self.emit("pax.round", round=self.round_no, header=True)
        self.turns = 0
        self.to_move = self.primus  # PAX-NEWR-04
        self.phase = PH_TURN
        return True

    def _game_over(self) -> None:
        self.phase = PH_OVER
        self.to_move = None
        self.is_over = True
        self.result = None  # computed when first asked for (see ``final``)
        if self.log is not None:
            r = self.final()
            if self.level:
                beaten = r["level_beaten"]
                self.emit("pax.solo_end", level=self.level, beaten=beaten,
                          stronger=r["categories_stronger"], needed=r["categories_needed"],
                          result_hu="sikerült" if beaten else "nem sikerült, Róma nyert",
                          result_en="beaten" if beaten else "not beaten, Rome wins")
            elif r["rome_won"]:
                w = r["winners"]
                if w:
                    self.emit("pax.rome_wins", seat=w[0], player=w[0] + 1)
                else:
                    self.emit("pax.rome_wins_alone")
            else:
                self.emit("pax.players_win", winners=list(r["winners"]), points=max(r["points"]))

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
        if self.phase != PH_OVER:
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

    def outcome(self) -> dict[str, Any]:
        out = {"scores": self.scores(), "winners": self.winners()}
        r = self.final()
        if r is not None:
            out["rome_won"] = r["rome_won"]
            out["rome_holds"] = r["rome_holds"]
            out["primus_conspiratus"] = None if self.pc < 0 else self.pc
            if self.level:
                out["level"] = self.level
                out["level_beaten"] = r["level_beaten"]
                out["categories_stronger"] = r["categories_stronger"]
                out["categories_needed"] = r["categories_needed"]
                out["all_categories_played"] = r["all_categories_played"]
        return out

    # ---------------------------------------------------------------- copying
    def _copy_into(self, new: PaxState) -> None:
        new.pack = self.pack
        new.cost = self.cost
        new.syms = self.syms
        new.nleg = self.nleg
        new.level = self.level
        new.deck = self.deck[:]
        new.removed = self.removed
        new.legions = self.legions[:]
        new.lval = self.lval[:]
        new.rome = self.rome
        new.rome_hidden = self.rome_hidden
        new.rome_seen = self.rome_seen
        new.hands = self.hands[:]
        new.tableau = self.tableau[:]
        new.sym = self.sym[:]
        new.cnt = self.cnt[:]
        new.money = self.money[:]
        new.bank = self.bank
        new.known = self.known
        new.slid = self.slid[:]
        new.slid_all = self.slid_all
        new.phase = self.phase
        new.primus = self.primus
        new.turns = self.turns
        new.round_no = self.round_no
        new.pending = self.pending
        new.to_draw = self.to_draw
        new.used = self.used
        new.mode = self.mode
        new.nplayed = self.nplayed
        new.cats = self.cats
        new.solo_left = self.solo_left
        new.pc = self.pc
        new.exhausted = self.exhausted
        new.result = self.result
        new._legal = self._legal

    # ---------------------------------------------------------------- views, JSON, checks
    def view(self, seat: int | None) -> dict[str, Any]:
        from asztal.games.pax.view import view

        self.check_seat(seat)
        return view(self, seat)

    def _determinize(self, seat: int, rng) -> None:
        from asztal.games.pax.view import determinize

        determinize(self, seat, rng)

    def _state_dict(self) -> dict[str, Any]:
        from asztal.games.pax.serial import state_dict

        return state_dict(self)

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        from asztal.games.pax.serial import load_state_dict

        load_state_dict(self, data)

    def check_invariants(self) -> None:
        from asztal.games.pax.serial import check_invariants

        check_invariants(self)

    def why_illegal(self, action: Any) -> str:
        from asztal.games.pax.explain import why_illegal

        return why_illegal(self, action)
