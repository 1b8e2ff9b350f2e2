"""A per-address limit on creating and joining games (a sliding window in memory)."""

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
