"""The three games as OpenSpiel Python games: ``pyspiel.load_game("python_asztal_pax", {"players": 3})``.

>>> import asztal.adapters.openspiel   # registers python_asztal_pax, _pocketciv, _caboose
>>> game = pyspiel.load_game("python_asztal_caboose", {"players": 4})   # doctest: +SKIP

**Chance** (parameter ``deal_mode``):

* ``"explicit"`` (default): every draw of the rules is a chance node, as in OpenSpiel's card
  games. The rules name each draw through the engine's chance API (``asztal.engine.rng``);
  here it stops the game (``asztal.adapters.chance.Explicit``) and the node's outcomes are
  what nobody has seen: the distinct cards of the unseen part of the pile (action = the
  card's number, probability = its share of the unseen cards), a die's faces, a random map's
  parameters. No future draw is fixed in the state, so a search on the true state (MCTS)
  does not know the next card, and CFR/best response see the real game. The law of each draw
  is the engine's: a uniformly shuffled pile drawn from the top.
* ``"seeded"``: one chance node at the start picks a seed among ``deals`` (default 1000)
  and the engine's seeded generator makes every later draw. Fast (no replays, no chance
  nodes), the same games as ``asztal.sim``, for reinforcement learning; but the whole future
  deck is fixed at the deal, so a search on the true state knows future draws.

**Game type**: sequential, explicit stochastic, imperfect information, terminal rewards.
**Returns** (``reward``): ``"game"`` (default) is what the game scores, as it declares it
(``Game.score_return``, ``Game.constant_sum``): PAX and Caboose give each winner 1/k of the
win (k winners). Caboose always has a winner, so it is constant-sum (sum 1); PAX is
general-sum: when Rome wins, the Primus Conspiratus holder wins alone (PAX-R-07), and nobody
does if no one holds it (sum 0). PocketCiv returns its final score divided by 100 (a game's
score is mostly 0-200 VP). ``"win"`` pays every game its
win share (PocketCiv: 1 when the game ends normally, 0 at a collapse: a degenerate goal,
as stopping at the first era change "wins"; use it knowingly).

**Observations** (``make_py_observer`` honours ``IIGObservationType``): both public and
private information is ``view(seat)`` (string: its JSON; tensor: ``Encoder``); public only
is the spectator's ``view(None)`` read from the seat; private only is what ``view(seat)``
adds to it (string: the differing top-level fields; tensor: the difference of the two).
**Information state** (perfect recall): the record of everything the seat saw, step by step
(its view after every completed step, and its own action codes), as a chained 128-bit
BLAKE2 digest: the string is ``"p<seat> n<steps> <digest>"``; the tensor is the observation
tensor followed by the digest's 128 bits. Two histories give the same information state
exactly when the seat saw the same things (up to a digest collision). The record keeps
each step's action (``asztal.adapters.live.Step``), not its position: a seat's digest is made when first asked
for, replaying the steps from the last position kept, once per step for all the states
that share that history. ``recall=False`` skips the record (the information state is then
unavailable).

**Serialisation** is by history, as OpenSpiel means it: ``serialize()`` is the action numbers
(chance outcomes included) and a few dozen bytes of markers, and ``deserialize_game_and_state``
(with the game's parameters) rebuilds the state by replaying them; a state pickles the same way.
(OpenSpiel's Python games serialise their state's attributes with pickle: here the game in
progress pickles as "replay the history" and the two attributes that answer what C++ asks at
every step (``_Answer``: ``current_player``, ``_apply_action``) as "the new state's own"; the
shared table is not an attribute of the state, so neither it nor the record of the game is
written.) ``resample_from_infostate`` draws the unseen
cards with the engine's ``determinize``; a resampled state is not the one its history makes,
so it refuses to be serialised.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from itertools import repeat
from operator import attrgetter
from typing import Any

import numpy as np
import pyspiel

from asztal import games
from asztal.adapters.chance import Explicit
from asztal.adapters.live import CHANCE, DIGEST, KEEP, REPLAY, TERMINAL, Live, Marker, Step, _keep, blake, view_json
from asztal.adapters.live import _replay as _replay  # (states serialised before h38f name it here, as ``_keep``)
from asztal.adapters.table import Table
from asztal.engine import GameState

DEALS = 1000
MAX_LENGTH = 5000
_DEFAULTS = {"deal_mode": "explicit", "deals": DEALS, "reward": "game", "recall": True}


def _game_type(name: str, players: int | None = None, reward: str = "game") -> pyspiel.GameType:
    g = games.load(name)
    # win shares sum to 1 in a game that always has a winner (Caboose); PAX has none when Rome
    # wins and nobody holds the Primus Conspiratus (PAX-R-07), PocketCiv none at a collapse
    constant = g.constant_sum and players is not None and players > 1 and \
        not (reward == "game" and g.score_return is not None)
    utility = pyspiel.GameType.Utility.CONSTANT_SUM if constant else pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=f"python_asztal_{name}",
        long_name=f"asztal {g.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": g.default_players, **_DEFAULTS},
    )


class AsztalGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One asztal game for a number of players (a subclass per game names it: ``asztal_name``)."""

    asztal_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.asztal_name
        g = games.load(name)
        params = {**_DEFAULTS, "players": g.default_players, **(params or {})}
        players = int(params["players"])
        deal_mode, reward = str(params["deal_mode"]), str(params["reward"])
        if deal_mode not in ("explicit", "seeded"):
            raise ValueError("deal_mode is explicit or seeded")
        if reward not in ("game", "win"):
            raise ValueError("reward is game or win")
        table = Table(name, players, reward=reward)
        self._shared = _Shared(table, deal_mode, int(params["deals"]), table.score_scale, bool(params["recall"]))
        chance = max(g.chance_bound(table.state), self._shared.deals if deal_mode == "seeded" else 0)
        gtype = _game_type(name, players, reward)
        extra = {"utility_sum": 1.0} if gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM else {}
        info = pyspiel.GameInfo(num_distinct_actions=table.actions.n, max_chance_outcomes=chance,
                                num_players=players, min_utility=0.0,
                                max_utility=10.0 if table.score_scale else 1.0, max_game_length=MAX_LENGTH, **extra)
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> AsztalState:
        return AsztalState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AsztalObserver:
        return AsztalObserver(self._shared, iig_obs_type)

    def information_state_tensor_size(self) -> int:  # noqa: D102 (pyspiel asks the observer)
        return self._shared.table.encoder.size + DIGEST * 8


class _Shared:
    """What every state of a game shares (its table and parameters): never copied."""

    def __init__(self, table: Table, deal_mode: str, deals: int, score: float | None, recall: bool) -> None:
        #: ``score``: the return is the final score divided by it (None: the win share)
        self.table, self.deal_mode, self.deals, self.score, self.recall = table, deal_mode, deals, score, recall
        #: the seeded deal's outcomes (each seed equally likely)
        self.deal_outcomes: list[tuple[int, float]] = list(zip(range(deals), repeat(1.0 / deals, deals), strict=True))
        #: the observers of ``observation_tensor`` and ``information_state_tensor`` (made when first asked)
        self.observers: dict[bool, AsztalObserver] = {}
        #: the encoder's list of a seat's default observation (``observation_tensor`` at every
        #: step: kept bound, not looked up through the table and its interpreted encoder)
        self.as_list: Callable[[GameState, int], list[float]] = table.encoder.fast.as_list
        self.players = table.players

    def observer(self, recall: bool) -> AsztalObserver:
        """The default observer (public and private information), with perfect recall or not."""
        got = self.observers.get(recall)
        if got is None:
            kind = pyspiel.IIGObservationType(perfect_recall=True) if recall else None
            got = self.observers[recall] = AsztalObserver(self, kind)
        return got



class _Answer(partial[Any]):
    """One of the state's methods that C++ asks by name, answered by its game in progress
    (``Live``, compiled): a partial of the ``Live`` method (``current_player``: of
    ``attrgetter("player")``) over the state's ``_live``, which C code calls without a Python
    frame. Copied and serialised as "the new state's own" (``KEEP``): a state makes its own
    with its ``_live``. (A partial, not the bound method itself: pybind11 takes an attribute
    that is a built-in function for C++'s own method, not an override, and would then call the
    C++ base.)"""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_keep, ())

    def __deepcopy__(self, memo: Any) -> Marker:
        return KEEP


#: the state's attributes that ``_live`` answers (``AsztalState.__setattr__``): C++'s
#: ``State::ApplyAction`` asks ``current_player`` and ``_apply_action`` by name at every step
#: (each attribute makes a serialised state about 28 bytes longer: only these two)
_ANSWERS: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("current_player", attrgetter("player")), ("_apply_action", Live.apply_action))
_ANSWERED = frozenset(name for name, _ in _ANSWERS)


if (CHANCE, TERMINAL) != (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)):
    raise ImportError("asztal.adapters.live's player ids are not this OpenSpiel's")


class AsztalState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A game in progress: a player's decision, a draw (a chance node), or the end."""

    def __init__(self, game: AsztalGame) -> None:
        super().__init__(game)
        sh = game._shared
        ex = None
        if sh.deal_mode == "explicit":
            t = sh.table
            ex = Explicit(t.game, t.players, t.options)
        self._live = Live(ex, None, sh)
        if ex is not None and ex.node is None:
            self._live.completed()

    def __setattr__(self, name: str, value: Any) -> None:
        """OpenSpiel's ``deserialize_state`` makes a new initial state, gives it the history, then
        sets the attributes it read back: the markers say keep the new state's own (the shared
        table) or replay the history (the game in progress)."""
        if value is KEEP or name in _ANSWERED:  # (the latter made with ``_live``, below)
            return
        if value is REPLAY:
            value = _rebuild_live(self.get_game(), self.history())
        if name == "_live":  # (OpenSpiel's clone overwrites a new initial state's: its waiting deal lets go)
            old = self.__dict__.get("_live")
            if old is not None and old.ex is not None and old is not value:
                old.ex.release()
            # attributes of the state, found before the class's methods, answer the questions of
            # every step without a Python frame (``_ANSWERS``)
            for answered, method in _ANSWERS:
                super().__setattr__(answered, _Answer(method, value))
        super().__setattr__(name, value)

    # -- what the game is now ------------------------------------------------------------
    #: what every state of the game shares: its game in progress's (not an attribute of the
    #: state: OpenSpiel would copy it at every clone and write it in every serialised state)
    _shared: _Shared = property(attrgetter("_live.shared"))  # type: ignore[assignment]

    @property
    def table(self) -> Table:
        return self._shared.table

    @property
    def s(self) -> Any:  # GameState (None before the deal): Any, as the rules are read through it
        """The asztal state (None before the deal; before the interrupted action at a draw)."""
        return self._live.state

    # The queries below are also defined here, not only through OpenSpiel's C++ State: a Python
    # method of the subclass is found first, so a Python caller gets its answer without the
    # crossings into C++ and back (``legal_actions`` from C++ asks ``current_player`` three
    # times and ``is_terminal`` once before ``_legal_actions``: 1.5-2 µs, more than an engine
    # step). They answer as the C++ ones do (a test compares them on every kind of node); C++
    # callers still go through C++, which asks the methods OpenSpiel names. The game in
    # progress answers them (``Live``, compiled); those of every step (``_ANSWERS``) are
    # answered by the state's attributes of the same names, found before these methods.
    def current_player(self) -> int:
        return self._live.player

    def is_terminal(self) -> bool:
        return self._live.player == TERMINAL

    def is_chance_node(self) -> bool:
        return self._live.player == CHANCE

    def is_player_node(self) -> bool:
        return self._live.player >= 0

    #: ``legal_actions(player=None)``: the legal action numbers of ``player`` (default: the
    #: player to move), in increasing order; at a chance node its outcomes (as
    #: ``chance_outcomes`` lists them). The game in progress's method (``Live``), found through
    #: the state without a Python frame (C++ never asks for it by this name)
    legal_actions = property(attrgetter("_live.legal_actions"), doc="The legal action numbers of a player")

    def _legal_actions(self, player: int) -> list[int]:
        return self._shared.table.actions.legal_sorted(self.s)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._live.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._live.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            lv = self._live
            if lv.ex is None:
                return f"deal:{action}"
            node = lv.ex.node
            return f"{node.what if node is not None else 'chance'}:{action}"
        return self.table.actions.codes[action]

    def returns(self) -> list[float]:
        n = self.table.players
        if not self.is_terminal():
            return [0.0] * n
        scale = self._shared.score
        if scale:
            return [x / scale for x in self.s.scores()]
        winners = self.s.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float] | None = None) -> AsztalState:
        """A state ``player_id`` cannot tell from this one: everything it has not seen is drawn
        again by the engine's ``determinize`` (seeded from ``probability_sampler``)."""
        u = probability_sampler() if probability_sampler is not None else np.random.random()
        seed = int(float(u) * 2**53)
        new: AsztalState = self.clone()
        lv = new._live
        s = lv.state
        if s is not None:
            d = s.determinize(player_id, seed)
            if lv.ex is None:
                lv.s = d
            else:
                lv.ex.reset(d)
                if lv.ex.node is not None:  # the interrupted action's draws are drawn again
                    lv.ex.redo()
        if lv.trail is not None:  # what the other seats saw is not known to this one
            old = lv.trail
            mine, public = old.digest(player_id), old.digest(-1)
            preset = {p: blake(b"resampled", mine, bytes([p])) for p in range(self.table.players)}
            preset[player_id], preset[-1] = mine, public
            lv.trail = Step(old.prev, new.s.clone(), None, None, old.actor, old.code, preset)
        lv.resampled = True
        lv.settle()
        return new

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any], list[int]]]:
        """A state pickles to its game and history and is rebuilt by replaying them."""
        return (_rebuild, (self.get_game().get_type().short_name, dict(self.get_game().get_parameters()),
                           list(self.history())))

    # OpenSpiel's own ``observation_tensor`` sizes its list by building a new initial state
    # (a deal, in the explicit mode) at every call; these give the same numbers from the
    # game's default observers without it
    #: ``observation_tensor(player=None)``: the default observation tensor of ``player``
    #: (default: the player to move), found as ``legal_actions`` is
    observation_tensor = property(attrgetter("_live.observation_tensor"), doc="The default observation tensor")

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The perfect-recall information state tensor of ``player`` (default: the player to move)."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.table.players:
            raise ValueError(f"player {player} is not a seat of this game")
        observer = self._shared.observer(True)
        observer.set_from(self, player)
        return observer.tensor.tolist()

    def __str__(self) -> str:
        if self.s is None:
            return "before the deal"
        text = json.dumps(self.s.view(None), sort_keys=True, default=str)
        node = self._live.ex.node if self._live.ex is not None else None
        return text if node is None else f"{text} drawing:{node.what}"


def _rebuild(short_name: str, params: dict[str, Any], history: list[int]) -> Any:
    state = pyspiel.load_game(short_name, params).new_initial_state()
    for a in history:
        state.apply_action(a)
    return state


def _rebuild_live(game: AsztalGame, history: list[int]) -> Live:
    """The game in progress that ``history`` makes (a deserialised state's)."""
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
    return state._live


def _public_view(full: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The spectator's view with the seat's private top-level fields present but empty, so the
    seat's encoder reads it."""
    out = dict(public)
    for k, v in full.items():
        if k not in out:
            out[k] = [] if isinstance(v, list) else {} if isinstance(v, dict) else None
    return out


class AsztalObserver:
    """Strings and tensors of what a seat sees (PyObserver interface), for any
    ``IIGObservationType``: public and/or private information, perfect recall or not."""

    def __init__(self, shared: _Shared, iig_obs_type: Any = None) -> None:
        self.shared = shared
        t = iig_obs_type
        self.perfect_recall = bool(t is not None and t.perfect_recall)
        self.public = True if t is None else bool(t.public_info)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if t is None else t.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("asztal observers show what one seat may see: private_info ALL_PLAYERS is not offered")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.perfect_recall and not shared.recall:
            raise ValueError("this game was loaded with recall=False: no information state")
        size = shared.table.encoder.size if (self.public or self.private) else 0
        self.tensor = np.zeros(size + (DIGEST * 8 if self.perfect_recall else 0), np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["recall"] = self.tensor[size:]

    def _chain(self, state: AsztalState, player: int) -> bytes:
        trail = state._live.trail
        if trail is None:
            return blake(b"no step yet")
        return trail.digest(player if (self.private or not self.public) else -1)

    def set_from(self, state: AsztalState, player: int) -> None:
        self.tensor.fill(0)
        s = state.s
        obs = self.dict["observation"]
        if s is not None and len(obs):
            enc = self.shared.table.encoder
            if self.public and self.private:
                obs[:] = enc.fast.fill(s, player).array  # (the seat's kept buffer: no copy)
            else:
                full = s.view(player)
                public = enc.encode_view(_public_view(full, s.view(None)), player)
                obs[:] = public if self.public else enc.encode_view(full, player) - public
        if self.perfect_recall:
            bits = np.unpackbits(np.frombuffer(self._chain(state, player), np.uint8))
            self.dict["recall"][:] = bits

    def string_from(self, state: AsztalState, player: int) -> str:
        if self.perfect_recall:
            who = f"p{player}" if (self.private or not self.public) else "public"
            return f"{who} n{state._live.steps} {self._chain(state, player).hex()}"
        s = state.s
        if s is None:
            return f"p{player} before the deal"
        if self.public and self.private:
            return view_json(s, player)
        if not (self.public or self.private):
            return f"p{player}"
        public = s.view(None)
        if self.public:
            return json.dumps(public, sort_keys=True, default=str, separators=(",", ":"))
        full = s.view(player)
        private = {k: v for k, v in full.items() if public.get(k) != v}
        return json.dumps(private, sort_keys=True, default=str, separators=(",", ":"))


def _game_class(name: str) -> type[AsztalGame]:
    """The class of ``python_asztal_<name>``, a module attribute so that it pickles by name."""
    cls = type(f"AsztalGame_{name}", (AsztalGame,), {"asztal_name": name, "__module__": __name__})
    globals()[cls.__name__] = cls
    return cls


# registered as classes, as OpenSpiel's own Python games are (a registered closure crashes
# the interpreter at exit): every game with observations (its ``encoding`` part)
GAME_CLASSES = {name: _game_class(name) for name in games.names() if "encoding" in games.load(name).parts}
for _name, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_game_type(_name), _cls)
