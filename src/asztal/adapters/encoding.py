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
from typing import Any, final

import numpy as np
from mypy_extensions import mypyc_attr

from asztal import games
from asztal.engine import Action, GameState
from asztal.engine.features import Encode, Kept, Vec

#: observations lie in [-OBS_BOUND, OBS_BOUND] (scaled values are mostly within [-1, 2])
OBS_BOUND = 10.0


@final
class ActionSpace:
    """Every action of a game (and pack), numbered; ``index[code]`` and ``codes[i]``.

    The numbers of the last legal list asked for are kept with the list (the engine's
    immutable tuple of the position), so an adapter step that reads the mask and then plays
    a number numbers the actions once.

    Compiled with the engine (``tools/build_compiled.py``): an adapter's step around the
    encoder (the legal numbers, the mask, the action played) was interpreted Python costing
    0.6-1.0 engine step, a few calls each costing more than the work they did."""

    def __init__(self, game: str, state: GameState | None, codes: list[str] | None = None) -> None:
        """The actions ``game`` declares for ``state``'s table (``Game.action_space``), or,
        given ``codes``, those (a copy's: ``__reduce__``)."""
        self.game = game
        #: interned actions: a dict by identity, filled as they appear
        self._of: dict[Action, int] = {}
        if codes is None:
            actions = games.load(game).action_space(state)
            codes = [a.code for a in actions]
            self._of = {a: i for i, a in enumerate(actions)}
        self.codes: list[str] = codes
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.n = len(self.codes)
        #: the legal list last numbered (kept, so its identity is never reused) and its numbers
        self._key: object = None
        self._nums: tuple[int, ...] = ()
        #: the masks handed out (set byte by byte: numpy's fancy index from a tuple costs twice as much)
        self._masks = Kept(self.n, "b")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled by its codes (a compiled class has no fields of its own to copy):
        the copy finds its actions by their codes as they come."""
        return (ActionSpace, (self.game, None, self.codes.copy()))

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
        if legal is self._key:
            return self._nums
        of = self._of
        try:  # actions met before are numbered by the dict alone
            numbers = tuple([of[a] for a in legal])
        except KeyError:
            numbers = tuple([self.of(a) for a in legal])
        self._key = legal
        self._nums = numbers
        return numbers

    def legal(self, state: GameState) -> list[int]:
        """The numbers of the legal actions, in the game's order."""
        return list(self._numbers(state.legal_actions()))

    def legal_sorted(self, state: GameState) -> list[int]:
        """The numbers of the legal actions in increasing order (a new list: sorted again, as
        cheap as a copy of a kept one for lists this short)."""
        return sorted(self._numbers(state.legal_actions()))

    def mask(self, state: GameState) -> np.ndarray:
        """1 for each legal action of ``state`` (int8, length ``n``): one of two arrays kept and
        written again once their caller let them go (``Kept``), never one a caller still holds."""
        return self._masks.flags(self._numbers(state.legal_actions()))

    def action(self, state: GameState, i: int) -> Action:
        """The legal action number ``i``; ValueError when it is not legal here."""
        legal = state.legal_actions()
        numbers = self._nums if legal is self._key else self._numbers(legal)  # (the mask's or legal list's: no call)
        k = 0
        for x in numbers:
            if x == i:
                return legal[k]
            k += 1
        if not 0 <= i < self.n:
            raise ValueError(f"action {i} outside 0..{self.n - 1}")
        raise ValueError(f"action {i} ({self.codes[i]}) is not legal now")

    def play(self, state: GameState, i: int) -> int:
        """Apply the legal action number ``i`` (ValueError, state unchanged, when it is not legal);
        the seat to move after it, -1 when the game is over."""
        state.apply(self.action(state, i))
        to_move = state.to_move
        return -1 if state.is_over or to_move is None else to_move


@mypyc_attr(native_class=False)  # (an interpreted class in the compiled build: copied and pickled by its fields)
class Encoder:
    """``encode(state, seat)``: the seat's view as a float32 vector of ``size`` numbers."""

    def __init__(self, game: str, state: GameState) -> None:
        self.game = game
        part = games.load(game).part("encoding")
        if part is None:
            raise ValueError(f"no observation encoding for {game!r}")
        self._fill: Any = part.view_encoder(state)  # ValueError where the game has none for this table
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
