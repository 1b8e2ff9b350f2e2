"""Counts of the fuzzer's outcomes per game: ``python -m tests.fuzz.run [per_source] [sources]``."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict

from tests.fuzz.corpus import CASES, fuzz
from tests.fuzz.mutate import OUTCOMES


def main() -> None:
    per_source = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    sources = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    by_game: dict[str, Counter] = defaultdict(Counter)
    bad = []
    for name, players in CASES:
        for outcome, what, detail, _took in fuzz(name, players, seed=players, per_source=per_source, sources=sources):
            by_game[name][outcome] += 1
            if outcome in ("wrong error", "crash"):
                bad.append(f"{outcome}: {what}: {detail}")
    print("game        " + "  ".join(f"{o:>11}" for o in OUTCOMES))
    for name, c in by_game.items():
        print(f"{name:<11} " + "  ".join(f"{c[o]:>11}" for o in OUTCOMES))
    for line in bad[:60]:
        print(line)


if __name__ == "__main__":
    main()
