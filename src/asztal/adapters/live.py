"""The game in progress of an OpenSpiel state (``asztal.adapters.openspiel``), and its record.

Compiled with the engine (``tools/build_compiled.py``), so that what OpenSpiel and a caller ask
at every step runs as C code: the step itself (``apply_action``, which C++'s
``State::ApplyAction`` reaches as the state's ``_apply_action``), whether the game is over, the
legal numbers and the default observation. The state (``AsztalState``, an interpreted subclass
of OpenSpiel's C++ ``State``) hands these methods of its ``Live`` out as its own attributes, so
a step costs no Python frame of the adapter; the state keeps the rest (observers, strings,
resampling, serialisation). This module imports ``pyspiel`` only to raise its error for a
pseudo-player: OpenSpiel's player ids are constants here (``openspiel.py`` checks them), and the
markers a serialised state's attributes are read back as (``KEEP``, ``REPLAY``) are defined here,
so that ``openspiel.py`` imports this module and not the other way round.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, Final

from asztal.adapters.chance import Explicit
from asztal.adapters.encoding import ActionSpace
from asztal.adapters.table import Table
from asztal.engine import Action, ExplicitChance, GameState

DIGEST: Final = 16  # bytes of the information-state digest
#: OpenSpiel's ``PlayerId.CHANCE`` and ``PlayerId.TERMINAL``
CHANCE: Final = -1
TERMINAL: Final = -4
#: a draw with this many outcomes or more has its list of (outcome, probability) kept (the last one)
LARGE_NODE: Final = 1000
_large_outcomes: list[tuple[Sequence[Any], tuple[float, ...] | None, list[tuple[int, float]]]] = [((), (), [])]


class Marker:
    """What a serialised state's attribute is read back as (``AsztalState.__setattr__``): keep
    what the new state has (``KEEP``), or replay the state's history (``REPLAY``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> str:
        return self.name


KEEP = Marker("KEEP")
REPLAY = Marker("REPLAY")


def _keep() -> Marker:
    return KEEP


def _replay() -> Marker:
    return REPLAY


def blake(*parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=DIGEST)
    for p in parts:
        h.update(p)
    return h.digest()


def view_json(state: GameState, seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True, default=str, separators=(",", ":"))


class Step:
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

    def __init__(self, prev: Step | None, state: GameState | None, action: Action | None,
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
        chain: list[Step] = []
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
        todo: list[Step] = []
        node: Step | None = self
        while node is not None and seat not in node.digests:
            todo.append(node)
            node = node.prev
        d = node.digests[seat] if node is not None else blake(b"seat", seat.to_bytes(2, "little", signed=True))
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
            view = view_json(position, None if seat < 0 else seat).encode()
            d = node.digests[seat] = blake(d, own, b"|", view)
        if s is not None:  # made for the newest step: kept for the next digests
            self.state = s
        return d


class Live:
    """The game in progress, copied with the engine's cheap ``clone`` (not attribute by attribute).

    ``ex``: the explicit-chance game (deal_mode explicit); ``s``: the seeded game (None before
    the deal); ``trail``: the last completed step of the record (None with recall off, or
    before the first step); ``steps``: completed steps; ``actor``/``act``: the decision in
    progress (one a pending draw interrupted).

    The game's shared parts it reads at every step (the table and its action numbers, the
    encoder's list, the seeded deal's outcomes) are its own fields: ``shared`` is the state's
    ``_Shared`` (``openspiel.py``), read when made."""

    __slots__ = ("ex", "s", "trail", "steps", "actor", "act", "resampled", "player", "numbers", "quick",
                 "table", "recall", "players", "size", "deals", "as_list", "shared")

    def __init__(self, ex: Explicit | None, s: GameState | None, shared: Any) -> None:
        self.ex, self.s, self.steps, self.actor = ex, s, 0, -1
        self.shared = shared
        self.table: Table = shared.table
        #: the table's action numbers (compiled), read at every step without the table
        self.numbers: ActionSpace = self.table.actions
        self.players: int = self.table.players
        self.size: int = self.table.encoder.size
        self.recall: bool = shared.recall
        #: the seeded deal's outcomes (each seed equally likely)
        self.deals: list[tuple[int, float]] = shared.deal_outcomes
        #: the encoder's list of a seat's default observation
        self.as_list: Callable[[GameState, int], list[float]] = shared.as_list
        #: the seeded game without a record: a player's step is only played by ``numbers`` and
        #: counted, in ``apply_action``'s first lines
        self.quick = ex is None and not self.recall
        self.act: Action | None = None  # the action of the step in progress (the record replays it)
        self.trail: Step | None = None
        #: drawn again by ``resample_from_infostate``: not the game its history makes
        self.resampled = False
        #: who acts now (OpenSpiel asks several times per step): kept by ``settle``
        self.player = CHANCE
        self.settle()

    def settle(self) -> None:
        """The game changed: who acts now."""
        if (self.s is None) if self.ex is None else (self.ex.node is not None):
            self.player = CHANCE
        else:
            s = self.state
            assert s is not None
            self.player = TERMINAL if s.is_over or s.to_move is None else s.to_move

    def __deepcopy__(self, memo: Any) -> Live:
        new = Live(None if self.ex is None else self.ex.copy(), None if self.s is None else self.s.clone(), self.shared)
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

    # -- what the state answers with these (``AsztalState``'s methods of the same names) --
    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers of ``player`` (default: the player to move), in increasing
        order; at a chance node its outcomes (as ``chance_outcomes`` lists them)."""
        now = self.player
        if now >= 0 and (player is None or player == now):  # (a player's own: the common case first)
            s = self.s if self.ex is None else self.ex.state
            assert s is not None
            return self.numbers.legal_sorted(s)
        if now == TERMINAL:
            return []
        if now == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player < 0:
            import pyspiel  # (only for its error; this module otherwise runs without it)
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # built by ``zip``/``map`` (no Python loop): a random map's parameter has 40,320 outcomes
        ex = self.ex
        if ex is None:  # the seeded deal: the same list at every game, kept (a copy is 5-10x cheaper than a new one)
            return self.deals.copy()
        node = ex.node
        assert node is not None  # a chance node
        outcomes = node.outcomes
        if len(outcomes) < LARGE_NODE:
            return list(zip(map(int, outcomes), node.probs, strict=True))
        # a large draw (PocketCiv's map: every deal draws the same 40,320 outcomes): its list
        # of pairs is kept and copied while the outcomes and probabilities are the same (a
        # die's faces are a range, equally likely: compared at once)
        probs = None if isinstance(outcomes, range) else node.probs
        kept = _large_outcomes[0]
        if kept[0] != outcomes or kept[1] != probs:
            kept = _large_outcomes[0] = (outcomes, probs, list(zip(map(int, outcomes), node.probs, strict=True)))
        return kept[2].copy()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The default observation tensor of ``player`` (default: the player to move): the
        encoder's list (all zeros before the deal, as the default observer writes it)."""
        if player is None:
            player = self.player
        if not 0 <= player < self.players:
            raise ValueError(f"player {player} is not a seat of this game")
        s = self.s if self.ex is None else self.ex.state
        if s is None:
            return [0.0] * self.size
        return self.as_list(s, player)

    def apply_action(self, action: int) -> None:
        """Play the action number (at a chance node: the outcome) ``action``."""
        s = self.s
        if self.quick and s is not None and self.player >= 0:  # seeded, no record: a player's step, counted
            now = self.numbers.play(s, action)
            self.player = now if now >= 0 else TERMINAL
            self.steps += 1
            return
        ex = self.ex
        if self.player == CHANCE:
            if ex is None:
                t = self.table
                s = t.game.new_game(t.players, seed=action, options=t.options)
                s.log = None
                self.s = s
                done = True
            else:
                done = ex.choose(action)
        elif ex is None:  # the seeded game with its record, played in place (a player's step)
            assert s is not None
            a = self.numbers.action(s, action)
            actor = self.player
            s.apply(a)
            self.player = TERMINAL if s.is_over or s.to_move is None else s.to_move
            self.actor, self.act = actor, a
            self.completed()
            return
        else:
            s = ex.state
            assert s is not None
            a = self.numbers.action(s, action)
            self.actor, self.act = self.player, a
            done = ex.play(a)
        if done:
            self.completed()
        self.settle()

    def completed(self) -> None:
        """A step is complete (a decision with every draw it made, or the deal): each seat's
        record of what it saw gets the step."""
        self.steps += 1
        if self.recall:
            # the game is changed in place: the first step keeps a copy of its position, the
            # others how to replay them (the action, and in the explicit mode the outcomes drawn)
            act = self.act
            code = "" if act is None else act.code
            if self.trail is None:
                s = self.state
                assert s is not None
                self.trail = Step(None, s.clone(), None, None, self.actor, code)
            elif self.ex is None:
                self.trail = Step(self.trail, None, act, None, self.actor, code)
            else:
                action, forced = self.ex.last_step()
                self.trail = Step(self.trail, None, action, forced, self.actor, code)
        self.actor, self.act = -1, None
