"""Fixed-size numbers for learning agents: the action space and the observation of a seat.

**Actions.** ``ActionSpace(game, state)`` numbers every action the game can ever offer
(as the game declares it, ``Game.action_space``: for Caboose the pack's actions and bids),
sorted by code, so action ``i`` is the same decision in every position. ``mask(state)``
marks the legal ones.

**Observations.** ``Encoder(game, state)`` turns what a seat sees into a float32 vector of
fixed length, with the encoders the game declares (its ``encoding`` part): one that reads
``state.view(seat)`` and names every entry, and one that writes the same numbers from the
state's own fields without building the view (used by ``encode``). Seats are *relative*:
block 0 is the observing seat, block 1 the next seat, and so on, so one policy plays every
seat. Counts are divided by a typical maximum so most values lie in [0, 1]; ``names``
labels every entry (``docs/research.md`` lists the blocks).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from asztal import games
from asztal.engine import Action
from asztal.engine.features import Vec


class ActionSpace:
    """Every action of a game (and pack), numbered; ``index[code]`` and ``codes[i]``.

    The numbers and the mask of a legal list are kept by the list itself (the engine's
    immutable tuple of the position, which recurs: a game offers the same few lists again
    and again), so an adapter step does not number the same actions twice."""

    #: legal lists remembered at most (then forgotten all at once: the common ones come back)
    KEEP = 4096

    def __init__(self, game: str, state) -> None:
        self.game = game
        actions = games.load(game).action_space(state)
        self.codes: list[str] = [a.code for a in actions]
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.n = len(self.codes)
        #: interned actions: a dict by identity, filled as they appear
        self._of: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        self._known: dict[tuple[Action, ...], _Numbered] = {}
        self._last: tuple[tuple[Action, ...] | None, _Numbered | None] = (None, None)

    def of(self, action: Action) -> int:
        """The number of an action."""
        i = self._of.get(action)
        if i is None:
            i = self.index.get(action.code)
            if i is None:
                raise ValueError(f"{self.game}: action {action.code} is outside the action space")
            self._of[action] = i
        return i

    def _numbered(self, state) -> _Numbered:
        legal = state.legal_actions()
        key, got = self._last
        if legal is key and got is not None:
            return got
        if type(legal) is not tuple:
            legal = tuple(legal)
        got = self._known.get(legal)
        if got is None:
            if len(self._known) >= self.KEEP:
                self._known.clear()
            of = self.of
            got = self._known[legal] = _Numbered(legal, tuple(of(a) for a in legal), self.n)
        self._last = (legal, got)
        return got

    def legal(self, state) -> list[int]:
        """The numbers of the legal actions, in the game's order."""
        return list(self._numbered(state).numbers)

    def mask(self, state) -> np.ndarray:
        """1 for each legal action of ``state`` (int8, length ``n``; the caller's own copy)."""
        return self._numbered(state).mask.copy()

    def action(self, state, i: int) -> Action:
        """The legal action number ``i``; ValueError when it is not legal here."""
        if not 0 <= i < self.n:
            raise ValueError(f"action {i} outside 0..{self.n - 1}")
        got = self._numbered(state)
        try:
            return got.legal[got.numbers.index(i)]
        except ValueError:
            raise ValueError(f"action {i} ({self.codes[i]}) is not legal now") from None


class _Numbered:
    """A legal list with its actions' numbers and its mask (read-only: callers get copies)."""

    __slots__ = ("legal", "numbers", "mask")

    def __init__(self, legal: tuple[Action, ...], numbers: tuple[int, ...], n: int) -> None:
        self.legal, self.numbers = legal, numbers
        self.mask = np.zeros(n, dtype=np.int8)
        self.mask[list(numbers)] = 1
        self.mask.flags.writeable = False


class Encoder:
    """``encode(state, seat)``: the seat's view as a float32 vector of ``size`` numbers."""

    def __init__(self, game: str, state) -> None:
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
        self.fast = part.state_encoder(state, self.size)

    def encode(self, state, seat: int) -> np.ndarray:
        return self.fast(state, seat)

    def encode_view(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """A view (``state.view(seat)``, or the spectator's ``view(None)``) as seat ``seat`` reads it."""
        v = Vec(self.size)
        self._fill(view, seat, v)
        if v.at != self.size:
            raise AssertionError(f"{self.game} observation of {v.at} numbers, expected {self.size}")
        return v.values
