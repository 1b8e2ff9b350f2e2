"""Fixed-size numbers for learning agents: the action space and the observation of a seat.

**Actions.** ``ActionSpace(game, state)`` numbers every action the game can ever offer
(as the game declares it, ``Game.action_space``: for Caboose the pack's actions and bids),
sorted by code, so action ``i`` is the same decision in every position. ``mask(state)``
marks the legal ones.

**Observations.** ``Encoder(game, state)`` turns what a seat sees into a float32 vector of
fixed length, with the encoders the game declares (its ``encoding`` part): one that reads
``state.view(seat)`` and names every entry, and one that writes the same numbers from the
state's own fields without building the view (used by ``encode``; compiled with the rules,
it keeps each seat's last vector and writes only what changed). Seats are *relative*:
block 0 is the observing seat, block 1 the next seat, and so on, so one policy plays every
seat. Counts are divided by a typical maximum so most values lie in [0, 1]; ``names``
labels every entry (``docs/research.md`` lists the blocks). ``observe`` is ``encode``
clamped to ``±OBS_BOUND`` (the adapters' declared bounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from asztal import games
from asztal.engine import Action, GameState
from asztal.engine.features import Encode, Kept, Vec

#: observations lie in [-OBS_BOUND, OBS_BOUND] (scaled values are mostly within [-1, 2])
OBS_BOUND = 10.0


class ActionSpace:
    """Every action of a game (and pack), numbered; ``index[code]`` and ``codes[i]``.

    The numbers of the last legal list asked for are kept with the list (the engine's
    immutable tuple of the position), so an adapter step that reads the mask and then plays
    a number numbers the actions once."""

    def __init__(self, game: str, state: GameState) -> None:
        self.game = game
        actions = games.load(game).action_space(state)
        self.codes: list[str] = [a.code for a in actions]
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.n = len(self.codes)
        #: interned actions: a dict by identity, filled as they appear
        self._of: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        self._known = self._of.__getitem__
        self._last: tuple[Any, tuple[int, ...]] = (None, ())
        #: the same numbers sorted (OpenSpiel's order), kept with their list the same way
        self._sorted: tuple[Any, list[int]] = (None, [])
        #: the masks handed out (set byte by byte: numpy's fancy index from a tuple costs twice as much)
        self._masks = Kept(self.n, "b")

    def of(self, action: Action) -> int:
        """The number of an action."""
        i = self._of.get(action)
        if i is None:
            i = self.index.get(action.code)
            if i is None:
                raise ValueError(f"{self.game}: action {action.code} is outside the action space")
            self._of[action] = i
        return i

    def _numbers(self, legal: Sequence[Action]) -> tuple[int, ...]:
        key, numbers = self._last
        if legal is not key:
            try:  # actions met before are numbered by the dict alone (no Python call per action: 4-5x faster)
                numbers = tuple(map(self._known, legal))
            except KeyError:
                numbers = tuple(map(self.of, legal))
            self._last = (legal, numbers)  # the list is kept, so its identity is never reused
        return numbers

    def legal(self, state: GameState) -> list[int]:
        """The numbers of the legal actions, in the game's order."""
        return list(self._numbers(state.legal_actions()))

    def legal_sorted(self, state: GameState) -> list[int]:
        """The numbers of the legal actions in increasing order (a new list)."""
        legal = state.legal_actions()
        key, numbers = self._sorted
        if legal is not key:
            numbers = sorted(self._numbers(legal))
            self._sorted = (legal, numbers)
        return numbers.copy()

    def mask(self, state: GameState) -> np.ndarray:
        """1 for each legal action of ``state`` (int8, length ``n``): one of two arrays kept and
        written again once their caller let them go (``Kept``), never one a caller still holds."""
        return self._masks.flags(self._numbers(state.legal_actions()))

    def action(self, state: GameState, i: int) -> Action:
        """The legal action number ``i``; ValueError when it is not legal here."""
        legal = state.legal_actions()
        key, numbers = self._last  # (the numbers the mask or the legal list just read: no call)
        try:
            return legal[(numbers if legal is key else self._numbers(legal)).index(i)]
        except ValueError:
            if not 0 <= i < self.n:
                raise ValueError(f"action {i} outside 0..{self.n - 1}") from None
            raise ValueError(f"action {i} ({self.codes[i]}) is not legal now") from None


class Encoder:
    """``encode(state, seat)``: the seat's view as a float32 vector of ``size`` numbers."""

    def __init__(self, game: str, state: GameState) -> None:
        self.game = game
        part = games.load(game).part("encoding")
        if part is None:
            raise ValueError(f"no observation encoding for {game!r}")
        self._fill = part.view_encoder(state)  # ValueError where the game has none for this table
        v = Vec()
        self._fill(state.view(0), 0, v)
        self.names: list[str] = v.names or []
        self.size = len(self.names)
        #: the same numbers read from the state's own fields
        self.fast: Encode = part.state_encoder(state, self.size)
        #: and clamped to the adapters' bounds as they are written
        self.bounded: Encode = part.state_encoder(state, self.size, OBS_BOUND)

    def encode(self, state: GameState, seat: int) -> np.ndarray:
        return self.fast(state, seat)

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        """``encode`` clamped to ``±OBS_BOUND`` (a count far above its scale)."""
        return self.bounded(state, seat)

    def encode_view(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """A view (``state.view(seat)``, or the spectator's ``view(None)``) as seat ``seat`` reads it."""
        v = Vec(self.size)
        self._fill(view, seat, v)
        if v.at != self.size:
            raise AssertionError(f"{self.game} observation of {v.at} numbers, expected {self.size}")
        return v.values
