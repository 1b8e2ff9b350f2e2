"""The mutation fuzzer (issue 15): every mutant of a save, a position or a record is refused with
a one-line ValueError, or loads to a state that keeps the invariants, renders for every seat and
plays to the end; an edited save never loads as a changed state.

``make test``: 30 mutants of each of 2 sources per game and player count; ``ASZTAL_SOAK=1``
(``make soak``): 300 of each of 8.
Counts by outcome: ``python -m tests.fuzz.run``.
"""

import os

import pytest

from tests.fuzz.corpus import CASES, fuzz

SOAK = os.environ.get("ASZTAL_SOAK") == "1"
PER_SOURCE, SOURCES = (300, 8) if SOAK else (30, 2)
#: a load that has not ended after this long never will: a check that loads end, not of their
#: speed (they take milliseconds; a machine a thousand times slower still passes). The slow ones
#: are counted as "slow" by ``python -m tests.fuzz.run``, where speed is reported, not judged.
HANG = 60.0


@pytest.mark.parametrize("name,players", CASES)
def test_mutants_are_refused_or_playable(name, players):
    results = fuzz(name, players, seed=players, per_source=PER_SOURCE, sources=SOURCES)
    bad = [f"{o}: {what}: {detail}" for o, what, detail, _ in results if o in ("wrong error", "crash")]
    assert not bad, f"{len(bad)} bad outcome(s), first: {bad[:3]}"
    hangs = [f"{what}: {took:.1f} s" for _, what, _, took in results if took > HANG]
    assert not hangs, f"loads that hang: {hangs[:3]}"
    assert sum(1 for r in results if r[0] in ("refused", "slow")) > len(results) // 2
