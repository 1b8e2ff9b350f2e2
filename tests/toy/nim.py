"""Toy game that proves the engine contract before the real games: Nim with a hidden card.

A pile of stones (option ``stones``, default 15). On your turn either take stones one at a
time (``take``, at most three, then ``done``), or play your hidden card (``card``) to take
exactly its value (1-3) and draw a new one from the face-down deck. Whoever takes the last
stone wins. Hidden: each hand and the deck order (nine cards: three each of 1, 2, 3).
"""

from __future__ import annotations

from asztal.engine import Action, ActionTable, BadOptions, Game, GameState

CARDS = (1, 1, 1, 2, 2, 2, 3, 3, 3)


def _make(key):
    kind = key[0]
    labels = {"take": ("Elvesz egy követ", "Take a stone"), "done": ("Kész", "Done"),
              "card": ("Kijátssza a kártyáját", "Play your card")}[kind]
    return Action(kind, kind, (), *labels)


ACTIONS = ActionTable(_make)
TAKE, DONE, CARD = ACTIONS(("take",)), ACTIONS(("done",)), ACTIONS(("card",))


class NimState(GameState):
    __slots__ = ("pile", "taken", "hands", "deck", "discard", "this_turn", "winner", "_legal")

    def legal_actions(self):
        if self._legal is None:
            acts = []
            if not self.is_over:
                if self.this_turn < 3 and self.pile > 0:
                    acts.append(TAKE)
                if self.this_turn >= 1:
                    acts.append(DONE)
                if self.this_turn == 0 and self.hands[self.to_move] <= self.pile:
                    acts.append(CARD)
            self._legal = acts
        return self._legal

    def _apply(self, action):
        seat = self.to_move
        self._legal = None
        revealed = False
        if action is TAKE:
            self.pile -= 1
            self.taken[seat] += 1
            self.this_turn += 1
        elif action is CARD:
            value = self.hands[seat]
            self.pile -= value
            self.taken[seat] += value
            self.discard.append(value)
            if not self.deck:
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            self.hands[seat] = self.deck.pop()
            self.emit("nim.card", seat=seat, value=value)
            revealed = True
        if self.pile == 0:
            self.is_over = True
            self.winner = seat
            self.to_move = None
            self.emit("nim.win", seat=seat)
        elif action is DONE or action is CARD:
            self.this_turn = 0
            self.to_move = (seat + 1) % self.players
        return revealed

    def _copy_into(self, new):
        new.pile = self.pile
        new.taken = self.taken.copy()
        new.hands = self.hands.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.this_turn = self.this_turn
        new.winner = self.winner
        new._legal = self._legal

    def view(self, seat):
        self.check_seat(seat)
        return {
            "pile": self.pile, "taken": list(self.taken), "this_turn": self.this_turn,
            "to_move": self.to_move, "discard": list(self.discard), "deck_size": len(self.deck),
            "hand": None if seat is None else self.hands[seat],
        }

    def _determinize(self, seat, rng):
        unseen = sorted([c for s, c in enumerate(self.hands) if s != seat] + self.deck)
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.hands[s] = unseen.pop()
        self.deck = unseen
        self._legal = None

    def _state_dict(self):
        return {"pile": self.pile, "taken": self.taken, "hands": self.hands, "deck": self.deck,
                "discard": self.discard, "this_turn": self.this_turn, "winner": self.winner}

    def _load_state_dict(self, d):
        self.pile, self.taken, self.hands = int(d["pile"]), list(d["taken"]), list(d["hands"])
        self.deck, self.discard = list(d["deck"]), list(d["discard"])
        self.this_turn, self.winner = int(d["this_turn"]), d["winner"]
        self._legal = None

    def scores(self):
        return [float(t) for t in self.taken]

    def winners(self):
        return [] if self.winner is None else [self.winner]

    def check_invariants(self):
        assert sorted(self.hands + self.deck + self.discard) == sorted(CARDS), "card lost or duplicated"
        assert len(self.hands) == self.players
        assert self.pile >= 0 and self.pile + sum(self.taken) == self.options["stones"], "stones not conserved"


class Nim(Game):
    name = "nim"
    title = {"hu": "Nim rejtett lappal", "en": "Nim with a hidden card"}
    min_players, max_players = 2, 3
    state_class = NimState
    default_options = {"stones": 15}
    messages = {
        "nim.card": {"hu": "{seat}. játékos kijátszott egy {value}-est", "en": "seat {seat} played a {value}"},
        "nim.win": {"hu": "{seat}. játékos nyert", "en": "seat {seat} won"},
    }

    def check_options(self, players, options):
        opts = super().check_options(players, options)
        if not isinstance(opts["stones"], int) or not 1 <= opts["stones"] <= 100:
            raise BadOptions("stones must be 1-100")
        return opts

    def action_by_code(self, code):
        return ACTIONS.by_code(code)

    def _setup(self, s):
        s.pile = s.options["stones"]
        s.taken = [0] * s.players
        s.deck = list(CARDS)
        s.rng.shuffle(s.deck)
        s.hands = [s.deck.pop() for _ in range(s.players)]
        s.discard = []
        s.this_turn = 0
        s.winner = None
        s._legal = None


GAME = Nim()
