"""Bots and hints off the event loop: a process pool sized to the machine.

A worker keeps the last states it replayed (per game), so a bot's next move costs the new
actions, not a replay of the whole game. What a worker is given is the game's record, which
holds the seed: it never leaves the server, and the bot itself reads only what its seat may
know (``asztal.bots``' contract).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from asztal import games
from asztal.engine import GameState

_CACHE_SIZE = 64
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
    from asztal.bots.hint import hint

    state = _state_for(key, record)
    action, hu = hint(state, seat, "hu", seed=seed)
    _, en = hint(state, seat, "en", seed=seed)
    return action.code, hu, en


class BotPool:
    """A process pool for bot moves and hints (``workers`` defaults to the number of CPUs)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start every worker now, before the server has threads.

        Where the system can fork, the workers are forks of this process with the games and
        bots already imported, so a restarted server's first bot move does not wait for
        interpreters to start; elsewhere they are spawned.
        """
        import asztal.bots  # noqa: F401  (imported before the fork, so the workers have it)

        games.names()
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        for _ in range(self.workers):
            self._pool.submit(games.names)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, key: str, record: dict[str, Any], spec: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), choose, key, record, spec, seed)

    async def suggest(self, key: str, record: dict[str, Any], seat: int, seed: int) -> tuple[str, str, str]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), suggest, key, record, seat, seed)

    def repair(self) -> None:
        """Replace the pool if a worker died (a broken pool refuses every later task)."""
        if self._pool is not None and getattr(self._pool, "_broken", False):
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
