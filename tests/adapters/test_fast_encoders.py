"""The state-field encoders give exactly the view-based encoder's numbers, position after
position, for every seat (so they show a seat what its view shows, and nothing more)."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from asztal.adapters.table import Table

SOAK = bool(os.environ.get("ASZTAL_SOAK"))
CASES = [("pax", 1), ("pax", 2), ("pax", 3), ("pax", 4), ("caboose", 3), ("caboose", 4), ("caboose", 5),
         ("pocketciv", 1)]


@pytest.mark.parametrize("game,players", CASES)
def test_fast_encoder_equals_the_view_encoder(game, players):
    table = Table(game, players)
    fast = table.encoder.fast
    checked = 0
    for seed in range(40 if SOAK else {"pax": 6, "caboose": 3, "pocketciv": 30}[game]):
        table.new(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                slow = table.encoder.encode_view(table.state.view(seat), seat)
                got = fast(table.state, seat)
                if not np.array_equal(slow, got):
                    bad = [table.encoder.names[i] for i in np.flatnonzero(slow != got)[:8]]
                    pytest.fail(f"{game} seed {seed} step {len(table.state.history)} seat {seat}: {bad}")
                checked += 1
            if table.over:
                break
            table.play(rng.choice(table.legal()))
    assert checked > 300
