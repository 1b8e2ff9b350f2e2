"""Playing a game with chance as its own decision: the adapter, not the seed, picks each draw.

A game's rules draw through the state's generator (``asztal.engine.rng``). With an
``ExplicitChance`` generator every draw that has more than one outcome stops the action
with a ``ChanceNode``; ``Explicit`` keeps the interrupted step (the state before it, the
action, the outcomes chosen so far) and replays it from a copy once the next outcome is
chosen. Rules code needs no continuation: an action is short and its draws few, so the
replays cost little (a new game's deal is the longest: tens of draws).

A step that draws nothing is played on the game itself, not on a copy: most steps draw
nothing, and a copy costs several steps. When a step does stop at a draw, the game it
half changed is dropped and the position before it is made again from the last copy kept
(``base``, taken after the last draw) and the steps played since (``since``): a step is
replayed at most once, when the next draw comes.

>>> from asztal import games
>>> ex = Explicit(games.load("pax"), 2, {})
>>> ex.node.what                                   # the first draw of the deal
'pax.deck'
>>> ex.choose(ex.node.outcomes[0]); ex.node.what   # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from asztal.engine import Action, ChanceNode, ExplicitChance, Game, GameState


class Explicit:
    """A game in progress whose chance is chosen from outside.

    ``state`` is the game once every draw of the last step is chosen (None before the deal
    is complete); ``node`` the pending draw (None at a player's decision or at the end).
    While a draw is pending, ``state`` is the position before the interrupted action.
    ``base`` is a position never changed again and ``since`` the steps (action and the
    outcomes it drew) that lead from it to ``state`` (``base`` None: not kept yet)."""

    __slots__ = ("game", "players", "options", "state", "action", "forced", "node", "base", "since")

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        self.game, self.players, self.options = game, players, options
        self.state: GameState | None = None
        self.action: Action | None = None
        self.forced: tuple[Any, ...] = ()
        self.node: ChanceNode | None = None
        self.base: GameState | None = None
        self.since: list[tuple[Action, tuple[Any, ...]]] = []
        self._run()

    def copy(self) -> Explicit:
        new = object.__new__(Explicit)
        new.game, new.players, new.options = self.game, self.players, self.options
        new.state = None if self.state is None else self.state.clone()
        new.action, new.forced, new.node = self.action, self.forced, self.node
        new.base, new.since = self.base, self.since.copy()  # the base is never changed: shared
        return new

    def reset(self, state: GameState) -> None:
        """The game is now ``state`` (a resampled one): it is its own base."""
        self.state, self.base, self.since = state, None, []

    def play(self, action: Action) -> bool:
        """Carry out a player's action; True when it completed (False: it stopped at a draw)."""
        assert self.node is None and self.state is not None
        s = self.state
        if self.base is None:
            self.base, self.since = s.clone(), []
        s.rng = ExplicitChance(())
        try:
            s.apply(action)
        except ChanceNode as node:
            self.state = self._before()  # ``s`` is half changed: the position before the action, made again
            self.action, self.forced, self.node = action, (), node
            return False
        self.since.append((action, ()))
        return True

    def _before(self) -> GameState:
        """The position ``since`` leads to from ``base``."""
        assert self.base is not None
        s = self.base.clone()
        for action, forced in self.since:
            s.rng = ExplicitChance(forced)
            s.apply(action)
        return s

    def choose(self, outcome: Any) -> bool:
        """Choose the pending draw's outcome; True when the interrupted step completed."""
        assert self.node is not None
        if outcome not in self.node.outcomes:
            raise ValueError(f"{outcome!r} is not an outcome of {self.node.what}")
        self.forced += (outcome,)
        return self._run()

    def redo(self) -> bool:
        """Forget the outcomes chosen for the interrupted step (its state was resampled) and
        run it again up to its first draw."""
        self.forced, self.node = (), None
        return self._run()

    def _run(self) -> bool:
        rng = ExplicitChance(self.forced)
        before = self.state
        try:
            if before is None:  # the deal
                s = self.game.new_game(self.players, 0, self.options, rng=rng)
                s.log = None
            else:
                s = before.clone()
                s.rng = rng
                assert self.action is not None
                s.apply(self.action)
        except ChanceNode as node:
            self.node = node
            return False
        if before is None:  # the deal: the next step keeps a copy
            self.base, self.since = None, []
        else:  # the position before the step is never changed again: the next base
            assert self.action is not None
            self.base, self.since = before, [(self.action, self.forced)]
        self.state, self.action, self.forced, self.node = s, None, (), None
        return True
