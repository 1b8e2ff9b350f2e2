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
each step's action (``_Step``), not its position: a seat's digest is made when first asked
for, replaying the steps from the last position kept, once per step for all the states
that share that history. ``recall=False`` skips the record (the information state is then
unavailable).

**Serialisation** is by history, as OpenSpiel means it: ``serialize()`` is the action numbers
(chance outcomes included) and a few dozen bytes of markers, and ``deserialize_game_and_state``
(with the game's parameters) rebuilds the state by replaying them; a state pickles the same way.
(OpenSpiel's Python games serialise their state's attributes with pickle: here the shared
table pickles as "the game's own", the game in progress as "replay the history" and the
player-to-move attribute (``_Player``) as "the new state's own", so neither the table nor the
record of the game is written.) ``resample_from_infostate`` draws the unseen
cards with the engine's ``determinize``; a resampled state is not the one its history makes,
so it refuses to be serialised.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from functools import partial
from itertools import repeat
from operator import attrgetter
from typing import Any

import numpy as np
import pyspiel

from asztal import games
from asztal.adapters.chance import Explicit
from asztal.adapters.encoding import ActionSpace
from asztal.adapters.table import Table
from asztal.engine import Action, ExplicitChance, GameState

DEALS = 1000
MAX_LENGTH = 5000
DIGEST = 16  # bytes of the information-state digest
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

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Serialised as "the game's own": the state being rebuilt keeps the one its game gave it."""
        return (_keep, ())


class _Step:
    """One completed step of the record every seat keeps: who decided it and the code, and how
    to make the position after it: the position itself (``state``, never changed again), or
    the action and the outcomes it drew (``forced``; None: the seeded game's own generator)
    to replay on the position before it. The first step (the deal) and a resampled one keep
    their position; the others keep none until a digest needs it, so a step costs no copy of
    the game. The seats' digests up to a step are made when first asked and kept, so states
    that share a history share the work.

    Seat ``-1`` is the spectator (public information). A resampled state starts a new record
    whose digests are given (``preset``)."""

    __slots__ = ("prev", "state", "action", "forced", "actor", "code", "n", "digests")

    def __init__(self, prev: _Step | None, state: GameState | None, action: Action | None,
                 forced: tuple[Any, ...] | None, actor: int, code: str, preset: dict[int, bytes] | None = None) -> None:
        self.prev, self.state, self.action, self.forced = prev, state, action, forced
        self.actor, self.code = actor, code
        self.n: int = 1 if prev is None else prev.n + 1
        self.digests: dict[int, bytes] = dict(preset or {})

    def _advance(self, s: GameState) -> None:
        """Play this step on ``s``, the position before it."""
        assert self.action is not None
        if self.forced is not None:
            s.rng = ExplicitChance(self.forced)
        s.apply(self.action)

    def _rebuild(self) -> GameState:
        """A new copy of the position after this step: the nearest kept one, played forward."""
        chain: list[_Step] = []
        node = self
        while node.state is None:
            chain.append(node)
            assert node.prev is not None  # the first step keeps its position
            node = node.prev
        s = node.state.clone()
        for step in reversed(chain):
            step._advance(s)
        return s

    def digest(self, seat: int) -> bytes:
        todo: list[_Step] = []
        node: _Step | None = self
        while node is not None and seat not in node.digests:
            todo.append(node)
            node = node.prev
        d = node.digests[seat] if node is not None else _blake(b"seat", seat.to_bytes(2, "little", signed=True))
        s: GameState | None = None  # the position after the last step done, when it was played here
        for node in reversed(todo):
            if node.state is not None:
                s, position = None, node.state
            else:
                if s is None:
                    assert node.prev is not None
                    s = node.prev._rebuild()
                node._advance(s)
                position = s
            own = node.code.encode() if seat >= 0 and seat == node.actor else b""
            view = _view_json(position, None if seat < 0 else seat).encode()
            d = node.digests[seat] = _blake(d, own, b"|", view)
        if s is not None:  # made for the newest step: kept for the next digests
            self.state = s
        return d


class _Live:
    """The game in progress, copied with the engine's cheap ``clone`` (not attribute by attribute).

    ``ex``: the explicit-chance game (deal_mode explicit); ``s``: the seeded game (None before
    the deal); ``trail``: the last completed step of the record (None with recall off, or
    before the first step); ``steps``: completed steps; ``actor``/``act``: the decision in
    progress (one a pending draw interrupted)."""

    __slots__ = ("ex", "s", "trail", "steps", "actor", "act", "resampled", "player", "numbers", "quick")

    def __init__(self, ex: Explicit | None, s: GameState | None, numbers: ActionSpace, quick: bool = False) -> None:
        self.ex, self.s, self.steps, self.actor = ex, s, 0, -1
        #: the table's action numbers (compiled), read at every step without the table
        self.numbers = numbers
        #: the seeded game without a record: a player's step is only played by ``numbers`` and
        #: counted, in ``_apply_action``'s first lines
        self.quick = quick
        self.act: Action | None = None  # the action of the step in progress (the record replays it)
        self.trail: _Step | None = None
        #: drawn again by ``resample_from_infostate``: not the game its history makes
        self.resampled = False
        #: who acts now (OpenSpiel asks several times per step): kept by ``settle``
        self.player = _CHANCE
        self.settle()

    def settle(self) -> None:
        """The game changed: who acts now."""
        if (self.s is None) if self.ex is None else (self.ex.node is not None):
            self.player = _CHANCE
        else:
            s = self.state
            assert s is not None
            self.player = _TERMINAL if s.is_over or s.to_move is None else s.to_move

    def __deepcopy__(self, memo: Any) -> _Live:
        new = _Live(None if self.ex is None else self.ex.copy(), None if self.s is None else self.s.clone(),
                    self.numbers, self.quick)
        new.trail, new.steps, new.actor, new.act = self.trail, self.steps, self.actor, self.act
        new.resampled, new.player = self.resampled, self.player
        return new

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Serialised as "replay the history" (OpenSpiel writes the history beside it)."""
        if self.resampled:
            raise ValueError("a resampled state is not the game its history makes: it cannot be serialised")
        return (_replay, ())

    @property
    def state(self) -> GameState | None:
        return self.s if self.ex is None else self.ex.state


class _Player(partial[int]):
    """``current_player`` of a state: its game in progress's ``player``, read by C code (a
    partial ``attrgetter``); copied and serialised as "the new state's own" (``KEEP``): a state
    makes it with its ``_live``."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_keep, ())


_PLAYER = attrgetter("player")


class _Marker:
    """What a serialised state's attribute is read back as: keep what the new state has
    (``KEEP``), or replay the state's history (``REPLAY``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> str:
        return self.name


KEEP, REPLAY = _Marker("KEEP"), _Marker("REPLAY")
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
#: a draw with this many outcomes or more has its list of (outcome, probability) kept (the last one)
_LARGE_NODE = 1000
_large_outcomes: list[tuple[Sequence[Any], tuple[float, ...] | None, list[tuple[int, float]]]] = [((), (), [])]


def _keep() -> _Marker:
    return KEEP


def _replay() -> _Marker:
    return REPLAY


def _blake(*parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=DIGEST)
    for p in parts:
        h.update(p)
    return h.digest()


def _view_json(state: GameState, seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True, default=str, separators=(",", ":"))


class AsztalState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A game in progress: a player's decision, a draw (a chance node), or the end."""

    def __init__(self, game: AsztalGame) -> None:
        super().__init__(game)
        sh = game._shared
        self._shared = sh
        ex = None
        if sh.deal_mode == "explicit":
            t = sh.table
            ex = Explicit(t.game, t.players, t.options)
        self._live = _Live(ex, None, sh.table.actions, ex is None and not sh.recall)
        if ex is not None and ex.node is None:
            self._completed()

    def __setattr__(self, name: str, value: Any) -> None:
        """OpenSpiel's ``deserialize_state`` makes a new initial state, gives it the history, then
        sets the attributes it read back: the markers say keep the new state's own (the shared
        table) or replay the history (the game in progress)."""
        if value is KEEP or name == "current_player":  # (the latter made with ``_live``, below)
            return
        if value is REPLAY:
            value = _rebuild_live(self.get_game(), self.history())
        if name == "_live":  # (OpenSpiel's clone overwrites a new initial state's: its waiting deal lets go)
            old = self.__dict__.get("_live")
            if old is not None and old.ex is not None and old is not value:
                old.ex.release()
            # C++'s ``ApplyAction`` asks ``current_player`` by name at every step: an attribute of
            # the state, found before the class's method, answers it without a Python frame
            super().__setattr__("current_player", _Player(_PLAYER, value))
        super().__setattr__(name, value)

    # -- what the game is now ------------------------------------------------------------
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
    # callers still go through C++, which asks the methods OpenSpiel names.
    def current_player(self) -> int:
        return self._live.player

    def is_terminal(self) -> bool:
        return self._live.player == _TERMINAL

    def is_chance_node(self) -> bool:
        return self._live.player == _CHANCE

    def is_player_node(self) -> bool:
        return self._live.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers of ``player`` (default: the player to move), in increasing
        order; at a chance node its outcomes (as ``chance_outcomes`` lists them)."""
        lv = self._live
        now = lv.player
        if now >= 0 and (player is None or player == now):  # (a player's own: the common case first)
            s: Any = lv.s if lv.ex is None else lv.ex.state  # (``self.s`` without its two properties)
            return lv.numbers.legal_sorted(s)
        if now == _TERMINAL:
            return []
        if now == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self._shared.table.actions.legal_sorted(self.s)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # built by ``zip``/``map`` (no Python loop): a random map's parameter has 40,320 outcomes
        lv = self._live
        if lv.ex is None:  # the seeded deal: the same list at every game, kept (a copy is 5-10x cheaper than a new one)
            return self._shared.deal_outcomes.copy()
        node = lv.ex.node
        assert node is not None  # a chance node
        outcomes = node.outcomes
        if len(outcomes) < _LARGE_NODE:
            return list(zip(map(int, outcomes), node.probs, strict=True))
        # a large draw (PocketCiv's map: every deal draws the same 40,320 outcomes): its list
        # of pairs is kept and copied while the outcomes and probabilities are the same (a
        # die's faces are a range, equally likely: compared at once)
        probs = None if isinstance(outcomes, range) else node.probs
        kept = _large_outcomes[0]
        if kept[0] != outcomes or kept[1] != probs:
            kept = _large_outcomes[0] = (outcomes, probs, list(zip(map(int, outcomes), node.probs, strict=True)))
        return kept[2].copy()

    def _apply_action(self, action: int) -> None:
        lv = self._live
        s = lv.s
        if lv.quick and s is not None and lv.player >= 0:  # seeded, no record: a player's step, counted
            now = lv.numbers.play(s, action)  # (C++ passes an int)
            lv.player = now if now >= 0 else _TERMINAL
            lv.steps += 1
            return
        ex = lv.ex
        if lv.player == _CHANCE:
            if ex is None:
                t = self._shared.table
                lv.s = t.game.new_game(t.players, seed=int(action), options=t.options)
                lv.s.log = None
                done = True
            else:
                done = ex.choose(int(action))
        elif ex is None:  # the seeded game with its record, played in place (a player's step)
            s = lv.s
            assert s is not None
            sh = self._shared
            a = sh.table.actions.action(s, int(action))
            actor = lv.player
            s.apply(a)
            lv.player = _TERMINAL if s.is_over or s.to_move is None else s.to_move
            lv.actor, lv.act = actor, a
            self._completed()
            return
        else:
            s = ex.state
            assert s is not None
            a = self._shared.table.actions.action(s, int(action))
            lv.actor, lv.act = lv.player, a
            done = ex.play(a)
        if done:
            self._completed()
        lv.settle()

    def _completed(self) -> None:
        """A step is complete (a decision with every draw it made, or the deal): each seat's
        record of what it saw gets the step."""
        lv = self._live
        lv.steps += 1
        if self._shared.recall:
            # the game is changed in place: the first step keeps a copy of its position, the
            # others how to replay them (the action, and in the explicit mode the outcomes drawn)
            code = "" if lv.act is None else lv.act.code
            if lv.trail is None:
                lv.trail = _Step(None, self.s.clone(), None, None, lv.actor, code)
            elif lv.ex is None:
                lv.trail = _Step(lv.trail, None, lv.act, None, lv.actor, code)
            else:
                action, forced = lv.ex.last_step()
                lv.trail = _Step(lv.trail, None, action, forced, lv.actor, code)
        lv.actor, lv.act = -1, None

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
            preset = {p: _blake(b"resampled", mine, bytes([p])) for p in range(self.table.players)}
            preset[player_id], preset[-1] = mine, public
            lv.trail = _Step(old.prev, new.s.clone(), None, None, old.actor, old.code, preset)
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
    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The default observation tensor of ``player`` (default: the player to move)."""
        lv, sh = self._live, self._shared
        if player is None:
            player = lv.player
        s = lv.s if lv.ex is None else lv.ex.state
        if s is not None and 0 <= player < sh.players:  # (asked at every step: the common case first)
            return sh.as_list(s, player)
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The perfect-recall information state tensor of ``player`` (default: the player to move)."""
        return self._tensor(True, player)

    def _tensor(self, recall: bool, player: int | None) -> list[float]:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.table.players:
            raise ValueError(f"player {player} is not a seat of this game")
        s = self.s
        if not recall and s is not None:  # the default observation: the encoder's own list
            return self.table.encoder.fast.as_list(s, player)
        observer = self._shared.observer(recall)
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


def _rebuild_live(game: AsztalGame, history: list[int]) -> _Live:
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
            return _blake(b"no step yet")
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
            return _view_json(s, player)
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
