"""Sliding-window limits in memory: per address (creating and joining games, logins) or per
username (failed logins)."""

from __future__ import annotations

import time
from collections import defaultdict, deque


class RateLimit:
    """At most ``count`` requests per ``window`` seconds from one client address."""

    def __init__(self, count: int, window: float = 60.0) -> None:
        self.count = count
        self.window = window
        self._seen: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, address: str) -> bool:
        """Count one request of ``address``; False (and not counted) if it is over the limit."""
        now = time.monotonic()
        seen = self._seen[address]
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if len(seen) >= self.count:
            return False
        seen.append(now)
        if len(self._seen) > 100_000:  # forget idle addresses rather than grow without end
            for key in [k for k, v in self._seen.items() if not v]:
                del self._seen[key]
        return True

    def full(self, key: str) -> bool:
        """Whether ``key`` has used up its window, without counting anything (``allow`` counts)."""
        seen = self._seen.get(key)
        if not seen:
            return False
        while seen and seen[0] <= time.monotonic() - self.window:
            seen.popleft()
        return len(seen) >= self.count
