"""Bots and hints off the event loop: a process pool sized to the machine.

A worker keeps the last states it replayed (per game), so a bot's next move costs the new
actions, not a replay of the whole game. What a worker is given is the game's record, which
holds the seed: it never leaves the server, and the bot itself reads only what its seat may
know (``asztal.bots``' contract).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from asztal import games
from asztal.engine import GameState
from asztal.server import render
from asztal.server import review as reviews
from asztal.server.children import die_with_parent

log = logging.getLogger("asztal.server")

_CACHE_SIZE = 64
#: bots whose move costs microseconds (a draw from the legal list the move's check reads
#: anyway): played in the event loop when a human waits, since a worker's round trip (the
#: record pickled, two threads and two pipes) costs the server more than the move itself.
#: The others (greedy's look-ahead takes milliseconds, a search seconds) go to the workers.
INSTANT = frozenset({"random"})
#: reviews waiting for or running in the side workers at once; one more is refused ``busy``
REVIEWS_PENDING = 2
_cache: OrderedDict[str, GameState] = OrderedDict()


def _state_for(key: str, record: dict[str, Any]) -> GameState:
    """The state ``record`` leads to, continuing a cached state of the same game when it is a prefix."""
    codes = record["actions"]
    state = _cache.pop(key, None)
    if state is not None:
        have = [a.code for a in state.history]
        if len(have) > len(codes) or codes[:len(have)] != have:
            state = None
    if state is None:
        state = games.replay({**record, "actions": []})
        state.log = None
        have = []
    for code in codes[len(have):]:
        state.apply(code)
    _cache[key] = state
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return state


def choose(key: str, record: dict[str, Any], spec: str, seed: int) -> str:
    """The code the bot ``spec`` plays for the seat to move (runs in a worker)."""
    from asztal.bots import make_bot

    state = _state_for(key, record)
    return make_bot(spec, seed).choose(state).code


def suggest(key: str, record: dict[str, Any], seat: int, seed: int) -> tuple[str, str, str]:
    """A hint for ``seat``: the suggested code and the reason in Hungarian and English."""
    from asztal.bots.hint import hint_texts

    state = _state_for(key, record)
    action, texts = hint_texts(state, seat, seed=seed)  # one search: both languages tell the same figures
    return action.code, texts["hu"], texts["en"]


class BotPool:
    """Process pools for bot moves, hints and boards.

    ``workers`` (default: the number of CPUs) play the bot and stand-in moves of games where a
    human waits; ``side`` workers play hints and games of bots alone, so that neither a flood
    of hints nor bot-only games slow the bots of games people are playing; ``boards`` workers
    draw the boards of the ``state`` messages (``server/render.py``; 0: the event loop draws).
    """

    def __init__(self, workers: int | None = None, side: int = 1, boards: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.side_workers = max(1, side)
        self.board_workers = max(0, boards)
        self.reviews_pending = 0
        self.waiting = 0  # bot moves and hints waiting for or running in a worker (the operator's bot_queue)
        self._pool: ProcessPoolExecutor | None = None
        self._side: ProcessPoolExecutor | None = None
        self._boards: render.Boards | None = None

    def _make(self, n: int, method: render.StartMethod) -> ProcessPoolExecutor:
        ctx = multiprocessing.get_context(method)
        return ProcessPoolExecutor(n, mp_context=ctx, initializer=die_with_parent, initargs=(os.getpid(),))

    def start(self) -> None:
        """Start every worker now, before the server has threads.

        Where the system can fork, the workers are forks of this process with the games and
        bots already imported, so a restarted server's first bot move does not wait for
        interpreters to start; elsewhere they are spawned.
        """
        import asztal.bots  # noqa: F401  (imported before the fork, so the workers have it)

        games.names()
        method: render.StartMethod = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self._pool = self._make(self.workers, method)
        self._side = self._make(self.side_workers, method)
        if self.board_workers:
            self._boards = render.Boards(self.board_workers)
            self._boards.start(method)
        for _ in range(self.workers):
            self._pool.submit(games.names)
        for _ in range(self.side_workers):
            self._side.submit(games.names)

    def _executor(self, side: bool = False) -> ProcessPoolExecutor:
        if side:
            if self._side is None:
                self._side = self._make(self.side_workers, "spawn")
            return self._side
        if self._pool is None:
            self._pool = self._make(self.workers, "spawn")
        return self._pool

    async def choose(self, key: str, record: dict[str, Any], spec: str, seed: int, side: bool = False) -> str:
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            return await loop.run_in_executor(self._executor(side), choose, key, record, spec, seed)
        finally:
            self.waiting -= 1

    async def suggest(self, key: str, record: dict[str, Any], seat: int, seed: int) -> tuple[str, str, str]:
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            return await loop.run_in_executor(self._executor(True), suggest, key, record, seat, seed)
        finally:
            self.waiting -= 1

    async def review(self, key: str, record: dict[str, Any], seat: int, lang: str,
                     names: list[str] | None) -> dict[str, Any]:
        """A finished game's review (``review.review``) in a side worker: seconds of search that
        would otherwise hold the server's event loop (and every game's moves) for as long.
        ``reviews.Busy`` when ``REVIEWS_PENDING`` are already waiting or running."""
        if self.reviews_pending >= REVIEWS_PENDING:
            raise reviews.Busy()
        self.reviews_pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor(True), reviews.review, key, record, seat, lang, names)
        finally:
            self.reviews_pending -= 1

    async def draw(self, key: render.BoardKey, prev_no: int | None, no: int, prev: str | None,
                   job: render.DrawJob) -> tuple[str | None, list[list[Any]] | None]:
        """A view key's board and its patch (``render.draw``): in a drawing process, which keeps
        the key's last board (drawing ``prev_no``); in the event loop, from ``prev``, when there
        is none or it stopped."""
        if self._boards is None or self._boards.broken:
            return render.draw(*job, prev)
        try:
            return await self._boards.draw(key, prev_no, no, job)
        except RuntimeError:
            log.exception("drawing in the boards process failed; drawn here")
            return render.draw(*job, prev)

    def repair(self) -> None:
        """Replace a pool whose worker died (a broken pool refuses every later task)."""
        for name in ("_pool", "_side"):
            pool = getattr(self, name)
            if pool is not None and getattr(pool, "_broken", False):
                pool.shutdown(wait=False, cancel_futures=True)
                setattr(self, name, None)

    def close(self) -> None:
        """Stop every worker now: a move being thought about is dropped (nothing of it was committed)."""
        if self._boards is not None:
            self._boards.close()
            self._boards = None
        for name in ("_pool", "_side"):
            pool = getattr(self, name)
            if pool is None:
                continue
            procs = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                if p.is_alive():
                    p.terminate()
            for p in procs:
                p.join(5)
            setattr(self, name, None)
