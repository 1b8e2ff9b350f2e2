"""Playing a game with chance as its own decision: the adapter, not the seed, picks each draw.

A game's rules draw through the state's generator (``asztal.engine.rng``). With an
``ExplicitChance`` generator every draw that has more than one outcome stops the action
at a ``ChanceNode``; ``Explicit`` keeps the interrupted step until the next outcome is chosen.

The rules code has no continuation of its own, so every step runs in a coroutine (a
greenlet: a worker), on the game itself: a draw hands its node out (``ExplicitChance.ask``)
and the step waits there; choosing the outcome resumes it where it stopped. A step is played
once, however many draws it makes (a deal has tens), and a step that draws nothing costs one
switch into the worker and one back, not a copy of the game.

The position before an interrupted step is then no longer held (the step is changing it): it
is made when someone asks for it (a copy of the game at a draw, an observation there), from a
position kept unchanged (``base``) and the steps played since (``since``: each action with
the outcomes it drew, a chain that copies share). A copy of a game at a draw cannot share the
waiting step: it plays the step again from that position with the outcomes chosen so far,
then waits in a coroutine of its own.

>>> from asztal import games
>>> ex = Explicit(games.load("pax"), 2, {})
>>> ex.node.what                                   # the first draw of the deal
'pax.deck'
>>> ex.choose(ex.node.outcomes[0]); ex.node.what   # doctest: +SKIP
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from greenlet import getcurrent, greenlet  # type: ignore[import-untyped]  # no type information

from asztal.engine import Action, ChanceNode, ExplicitChance, Game, GameState


def _ask(node: ChanceNode) -> Any:
    """A draw of a step running in a worker: hand the node to whoever resumed the step, and
    wait there for the outcome."""
    return getcurrent().parent.switch(node)


class _Done:
    """What a worker hands back when its step finished: the game after it, or the error it raised."""

    __slots__ = ("state", "error")

    def __init__(self, state: GameState | None, error: Exception | None) -> None:
        self.state, self.error = state, error


class _Abandon(BaseException):  # noqa: N818  (not an error: a step let go, as GreenletExit)
    """Thrown into a waiting step whose game is dropped (a BaseException, so that no rule's
    ``except Exception`` stops it)."""


def _serve(job: Callable[[], GameState]) -> None:
    """A worker's life: run a step, hand back its end (None: the step was let go), wait for
    the next step."""
    while True:
        done: _Done | None
        try:
            done = _Done(job(), None)
        except _Abandon:
            done = None
        except Exception as e:  # (a GreenletExit, the worker dropped while it waits, ends it)
            done = _Done(None, e)
        job = getcurrent().parent.switch(done)


#: each thread's idle workers (a greenlet runs only in the thread that made it; making one
#: costs several steps, so they are kept)
_idle = threading.local()


def _pool() -> list[greenlet]:
    pool: list[greenlet] | None = getattr(_idle, "pool", None)
    if pool is None:
        pool = _idle.pool = []
    return pool


def _worker() -> greenlet:
    """An idle worker of this thread (a new one when none is idle)."""
    pool = _pool()
    return pool.pop() if pool else greenlet(_serve)


def _play(game: Game, players: int, options: dict[str, Any], before: GameState | None, action: Action | None,
          forced: tuple[Any, ...]) -> GameState:
    """The step (the deal when ``before`` is None) played on a copy of ``before`` with the
    outcomes ``forced``; at each later draw the running worker waits for the outcome."""
    rng = ExplicitChance(forced)
    rng.ask = _ask
    if before is None:
        s = game.new_game(players, 0, options, rng=rng)
        s.log = None
    else:
        s = before.clone()
        s.rng = rng
        assert action is not None
        s.apply(action)
    rng.ask = None  # the game is handed out: its generator asks no one
    return s


def _step(s: GameState, action: Action) -> GameState:
    """A player's step played on the game itself; at each draw the running worker waits for the outcome."""
    rng = ExplicitChance(())
    rng.ask = _ask
    s.rng = rng
    s.apply(action)
    rng.ask = None
    return s


#: a link of the chain of steps played since the kept position: (the link before, the action,
#: the outcomes it drew, the links in the chain)
Since = tuple[Any, Action, tuple[Any, ...], int]
#: after this many steps the next one first keeps a copy of the game (so that making the
#: position before a step never replays more)
_REBASE = 32


class Explicit:
    """A game in progress whose chance is chosen from outside.

    ``state`` is the game once every draw of the last step is chosen (None before the deal
    is complete); ``node`` the pending draw (None at a player's decision or at the end).
    While a draw is pending, ``state`` is the position before the interrupted action (made
    when first asked for: the worker is changing the game itself). ``base`` is a position
    never changed again and ``since`` the chain of steps (action and the outcomes it drew)
    that lead from it to the last complete position (``base`` None: not kept yet).
    ``runner``: the worker where the interrupted step waits for its outcome (None: a copy,
    which plays the step again)."""

    __slots__ = ("game", "players", "options", "_state", "action", "forced", "node", "base", "since", "runner")

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        self.game, self.players, self.options = game, players, options
        self._state: GameState | None = None
        self.action: Action | None = None
        self.forced: tuple[Any, ...] = ()
        self.node: ChanceNode | None = None
        self.base: GameState | None = None
        self.since: Since | None = None
        self.runner: greenlet | None = None
        self._run()

    @property
    def state(self) -> GameState | None:
        s = self._state
        if s is None and self.node is not None and self.base is not None:
            # the position before the interrupted step, made again; never changed while the
            # draw is pending, so it is the next kept position too
            s = self._state = self._before()
            self.base, self.since = s, None
        return s

    def last_step(self) -> tuple[Action, tuple[Any, ...]]:
        """The last complete step: its action and the outcomes it drew."""
        assert self.since is not None
        return self.since[1], self.since[2]

    def release(self) -> None:
        """This game is dropped: its waiting step lets go, and its worker goes back to the idle
        ones (OpenSpiel's ``clone`` makes a new initial state only to overwrite it; a worker
        dropped while it waits would be lost, and making one costs several steps)."""
        runner, self.runner = self.runner, None
        if runner is None or runner.dead:
            return
        try:
            runner.parent = getcurrent()
        except ValueError:  # waiting in another thread: left to the collector
            return
        if runner.throw(_Abandon()) is None:  # (the worker is back in its loop, idle)
            _pool().append(runner)

    def copy(self) -> Explicit:
        new = object.__new__(Explicit)
        new.game, new.players, new.options = self.game, self.players, self.options
        s = self._state
        # at a draw the position before the step is never changed (a copy plays the step on a
        # copy of it): shared
        new._state = None if s is None else s.clone() if self.node is None else s
        new.action, new.forced, new.node = self.action, self.forced, self.node
        new.base, new.since = self.base, self.since  # (the base is never changed, nor the chain)
        new.runner = None  # (the waiting step stays with this game)
        return new

    def reset(self, state: GameState) -> None:
        """The game is now ``state`` (a resampled one) and its own base: kept as it is while a
        draw is pending (the step is played again on a copy), else copied at the next step."""
        self._state, self.base, self.since = state, state if self.node is not None else None, None

    def play(self, action: Action) -> bool:
        """Carry out a player's action; True when it completed (False: it stopped at a draw)."""
        assert self.node is None and self._state is not None
        s = self._state
        since = self.since
        if self.base is None or (since is not None and since[3] >= _REBASE):
            self.base, self.since = s.clone(), None
        self._state, self.action = None, action  # (the worker changes ``s``: no position until it ends)
        try:
            return self._resume(_worker(), lambda: _step(s, action))
        except Exception:
            self._state, self.action = s, None
            raise

    def _before(self) -> GameState:
        """The position ``since`` leads to from ``base``."""
        assert self.base is not None
        chain: list[Since] = []
        link = self.since
        while link is not None:
            chain.append(link)
            link = link[0]
        s = self.base.clone()
        for _, action, forced, _ in reversed(chain):
            s.rng = ExplicitChance(forced)
            s.apply(action)
        return s

    def choose(self, outcome: Any) -> bool:
        """Choose the pending draw's outcome; True when the interrupted step completed."""
        assert self.node is not None
        if outcome not in self.node.outcomes:
            raise ValueError(f"{outcome!r} is not an outcome of {self.node.what}")
        self.forced += (outcome,)
        runner, self.runner = self.runner, None
        if runner is not None and not runner.dead:
            try:
                runner.parent = getcurrent()  # (its draw hands the next node back here)
            except ValueError:  # the step waits in another thread: played again here
                return self._run()
            return self._resume(runner, outcome)
        return self._run()

    def redo(self) -> bool:
        """Forget the outcomes chosen for the interrupted step (its state was resampled) and
        run it again up to its first draw."""
        self.forced, self.node, self.runner = (), None, None
        return self._run()

    def _run(self) -> bool:
        """Play the interrupted step (the deal) on a copy of the position before it with the
        outcomes chosen so far, in a worker, up to its next draw or its end."""
        game, players, options, before, action, forced = \
            self.game, self.players, self.options, self.state, self.action, self.forced
        return self._resume(_worker(), lambda: _play(game, players, options, before, action, forced))

    def _resume(self, runner: greenlet, given: Any) -> bool:
        """Switch to the worker with ``given`` (a step to run, or the outcome it waits for)
        until it reaches a draw (it waits: False) or finishes the step (True)."""
        runner.parent = getcurrent()  # (a draw hands its node to whoever resumed the step)
        got = runner.switch(given)
        if isinstance(got, ChanceNode):
            self.runner, self.node = runner, got
            return False
        _pool().append(runner)
        assert isinstance(got, _Done)
        if got.error is not None:
            raise got.error
        s = got.state
        assert s is not None
        action = self.action
        if action is not None:  # a player's step (not the deal): the chain gets it
            since = self.since
            self.since = (since, action, self.forced, 1 if since is None else since[3] + 1)
        self._state, self.action, self.forced, self.node = s, None, (), None
        return True
