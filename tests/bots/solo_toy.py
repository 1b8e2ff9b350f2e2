"""A solo toy game for the bots' tests: push your luck with a die.

Five turns. On a turn ``roll`` a die (chance from the state's own generator): a 1 loses
the turn's points and ends the turn, anything else adds to them; ``stop`` banks them. The
score is the banked total; the game is won with 30 or more. Nothing is hidden.
"""

from __future__ import annotations

from asztal.engine import Action, ActionTable, Game, GameState

ACTIONS = ActionTable(lambda key: Action(key[0], key[0], (), key[0], key[0]))
ROLL, STOP = ACTIONS(("roll",)), ACTIONS(("stop",))
TURNS, TARGET = 5, 30


class DiceState(GameState):
    __slots__ = ("turn", "pot", "banked")

    def legal_actions(self):
        if self.is_over:
            return []
        return [ROLL, STOP] if self.pot else [ROLL]

    def _apply(self, action):
        if action is ROLL:
            d = self.rng.randint(1, 6)
            if d == 1:
                self.pot = 0
                self._end_turn()
            else:
                self.pot += d
            return True
        self.banked += self.pot
        self.pot = 0
        self._end_turn()
        return False

    def _end_turn(self):
        self.turn += 1
        if self.turn >= TURNS:
            self.is_over = True
            self.to_move = None

    def _copy_into(self, new):
        new.turn, new.pot, new.banked = self.turn, self.pot, self.banked

    def view(self, seat):
        return {"turn": self.turn, "pot": self.pot, "banked": self.banked}

    def _determinize(self, seat, rng):
        pass

    def _state_dict(self):
        return self.view(None)

    def _load_state_dict(self, d):
        self.turn, self.pot, self.banked = int(d["turn"]), int(d["pot"]), int(d["banked"])

    def scores(self):
        return [float(self.banked)]

    def winners(self):
        return [0] if self.is_over and self.banked >= TARGET else []


class Dice(Game):
    name = "dicetoy"
    title = {"hu": "Kockás szerencsejáték", "en": "Push your luck"}
    min_players, max_players = 1, 1
    state_class = DiceState

    def action_by_code(self, code):
        return ACTIONS.by_code(code)

    def _setup(self, s):
        s.turn, s.pot, s.banked = 0, 0, 0


GAME = Dice()
