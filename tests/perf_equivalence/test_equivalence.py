"""Speed work and the PocketCiv state redesign change no game: the seeded random games of
``records.json`` (made by the code before the change, see ``make_records.py``) play out the
same today, step for step (legal actions, actions, final state, outcome).

``make test`` checks the first games of every config; ASZTAL_SOAK=1 all of them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.perf_equivalence.harness import CONFIGS, play

RECORDS = json.loads((Path(__file__).with_name("records.json")).read_text(encoding="utf-8"))
SOAK = bool(os.environ.get("ASZTAL_SOAK"))


@pytest.mark.parametrize(("game", "players", "quick", "soak"), CONFIGS,
                         ids=[f"{g}-{n}p" for g, n, _, _ in CONFIGS])
def test_seeded_games_are_unchanged(game, players, quick, soak):
    stored = next(c for c in RECORDS["configs"] if c["game"] == game and c["players"] == players)["games"]
    count = soak if SOAK else quick
    assert len(stored) >= count, "records.json has fewer games than asked: run make_records.py"
    for seed in range(count):
        assert tuple(play(game, players, seed)) == tuple(stored[seed]), (
            f"{game} {players}p seed {seed} plays differently from the records "
            f"(made by {RECORDS['made_by']}); if the rules changed on purpose, regenerate them")
