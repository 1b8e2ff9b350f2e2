"""The three games as OpenSpiel Python games: ``pyspiel.load_game("python_asztal_pax", {"players": 3})``.

>>> import asztal.adapters.openspiel   # registers python_asztal_pax, _pocketciv, _caboose
>>> game = pyspiel.load_game("python_asztal_caboose", {"players": 4})   # doctest: +SKIP

**Chance.** Our rules draw from the state's own seeded PRNG inside ``apply`` (a card
drawn, an event revealed), not as separate moves, and each draw's distribution depends
on the game's private bookkeeping. So each game has exactly one explicit chance node,
at the start: it picks the deal, a seed among ``deals`` equally likely ones (parameter,
default 1000); every later draw comes from that seed. The seed is hidden from the
players: their observations are built from ``view(seat)`` only, and a draw's result
shows up there only when the rules reveal it. Game type: sequential, explicit stochastic
(that one node), imperfect information, general sum, terminal rewards.

**Actions** are the fixed numbering of ``asztal.adapters.encoding.ActionSpace``;
**returns** give each winner 1/k of the win (k winners), the others 0.
**Observations**: ``observation_string`` is the JSON of ``view(seat)``;
``information_state_string`` adds the seat's own past action codes (perfect recall of
its own choices; the view already carries what the seat learned); ``observation_tensor``
is the float vector of ``asztal.adapters.encoding.Encoder``.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from asztal.adapters.table import Table

GAMES = {"pax": 2, "pocketciv": 1, "caboose": 3}  # game -> default players
DEALS = 1000
MAX_LENGTH = 5000


def _game_type(name: str) -> pyspiel.GameType:
    from asztal import games

    g = games.load(name)
    return pyspiel.GameType(
        short_name=f"python_asztal_{name}",
        long_name=f"asztal {g.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": GAMES[name], "deals": DEALS},
    )


class AsztalGame(pyspiel.Game):
    """One asztal game for a number of players."""

    def __init__(self, name: str, params: dict | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", GAMES[name]))
        self.deals = int(params.get("deals", DEALS))
        self.table = Table(name, players)
        self.asztal_name = name
        info = pyspiel.GameInfo(num_distinct_actions=self.table.actions.n, max_chance_outcomes=self.deals,
                                num_players=players, min_utility=0.0, max_utility=1.0,
                                max_game_length=MAX_LENGTH)
        super().__init__(_game_type(name), info, params)

    def new_initial_state(self) -> AsztalState:
        return AsztalState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> AsztalObserver:
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return AsztalObserver(self.table, perfect_recall)


class _Shared:
    """The game's table, shared by every state: OpenSpiel clones a Python state by deep-copying
    its attributes, and this one must not be copied."""

    def __init__(self, table: Table, deals: int) -> None:
        self.table, self.deals = table, deals

    def __deepcopy__(self, memo) -> _Shared:
        return self


class _Live:
    """The asztal state, copied with the game's own cheap ``clone`` (not attribute by attribute)."""

    def __init__(self, state) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> _Live:
        return _Live(None if self.state is None else self.state.clone())


class AsztalState(pyspiel.State):
    """A game in progress; before the deal the one chance node."""

    def __init__(self, game: AsztalGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.table, game.deals)
        self._live = _Live(None)

    @property
    def table(self) -> Table:
        return self._shared.table

    @property
    def deals(self) -> int:
        return self._shared.deals

    @property
    def s(self):
        """The asztal state (None before the deal)."""
        return self._live.state

    def current_player(self) -> int:
        if self.s is None:
            return pyspiel.PlayerId.CHANCE
        if self.s.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.s.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.actions.legal(self.s))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(i, p) for i in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.s is None:
            self._live.state = self.table.game.new_game(self.table.players, seed=int(action),
                                                        options=self.table.options)
            self.s.log = None
        else:
            self.s.apply(self.table.actions.action(self.s, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        return self.table.actions.codes[action]

    def is_terminal(self) -> bool:
        return self.s is not None and self.s.is_over

    def returns(self) -> list[float]:
        if self.s is None or not self.s.is_over:
            return [0.0] * self.table.players
        winners = self.s.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.table.players)]

    def __str__(self) -> str:
        if self.s is None:
            return "before the deal"
        return json.dumps(self.s.view(None), sort_keys=True, default=str)


class AsztalObserver:
    """Strings and tensors of what a seat sees (PyObserver interface)."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AsztalState, player: int) -> None:
        if state.s is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.table.encoder.encode(state.s, player)

    def string_from(self, state: AsztalState, player: int) -> str:
        if state.s is None:
            return f"p{player} before the deal"
        text = json.dumps(state.s.view(player), sort_keys=True, default=str)
        if self.perfect_recall:
            own = [a.code for a, seat in zip(state.s.history, _movers(state), strict=True) if seat == player]
            text += " " + json.dumps(own)
        return text


def _movers(state: AsztalState) -> list[int]:
    """The seat that took each action of the history (OpenSpiel's own history, less the deal)."""
    return [pa.player for pa in state.full_history()][1:]


class PaxGame(AsztalGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("pax", params)


class PocketCivGame(AsztalGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("pocketciv", params)


class CabooseGame(AsztalGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("caboose", params)


# registered as classes, as OpenSpiel's own Python games are (a registered closure crashes
# the interpreter at exit)
for _name, _cls in (("pax", PaxGame), ("pocketciv", PocketCivGame), ("caboose", CabooseGame)):
    pyspiel.register_game(_game_type(_name), _cls)
