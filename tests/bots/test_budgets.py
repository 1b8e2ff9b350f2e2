"""Thinking by time: every bot keeps a time budget, the presets are budgets, and the levels differ.

Generous bounds (the machine is shared): a bot asked for 0.2 s must return well under a
second. Speed itself is measured in benchmarks, never here.
"""

from __future__ import annotations

import time

import pytest

from asztal import games
from asztal.bots import make_bot
from asztal.bots.mcts import PRESETS

REAL = [n for n in ("pax", "pocketciv", "caboose") if n in games.names()]


def middle_position(name, players):
    """A live position some 30 moves in (the game's policy plays; random where it has none)."""
    g = games.load(name)
    state = g.new_game(players=players, seed=5)
    bot = make_bot("policy", 5)
    while len(state.history) < 30 or len(state.legal_actions()) == 1:
        state.apply(bot.choose(state))
    assert not state.is_over
    return state


@pytest.mark.parametrize("name,players", [(n, 1 if n == "pocketciv" else 2 + (n == "caboose")) for n in REAL])
def test_a_bot_asked_for_a_fifth_of_a_second_answers_well_under_a_second(name, players):
    state = middle_position(name, players)
    bot = make_bot("mcts:time=0.2", seed=1)
    t0 = time.perf_counter()
    action = bot.choose(state)
    spent = time.perf_counter() - t0
    assert action in state.legal_actions()
    assert spent < 1.5, spent
    assert bot.last_stats["iterations"] >= 1


def test_presets_are_time_budgets_within_the_promised_turn_times():
    assert PRESETS["easy"].max_time < PRESETS["normal"].max_time <= 1.0
    assert PRESETS["normal"].max_time < PRESETS["hard"].max_time <= 5.0
    assert all(p.iterations is None for p in PRESETS.values())


def test_iteration_budget_replaces_the_clock_and_time_alone_the_iterations():
    cfg = make_bot("mcts:hard:iters=700").config_for("pax")
    assert (cfg.iterations, cfg.max_time, cfg.depth) == (700, None, PRESETS["hard"].depth)
    cfg = make_bot("mcts:time=1.5").config_for("pax")
    assert (cfg.iterations, cfg.max_time) == (None, 1.5)
    cfg = make_bot("mcts:iters=50:time=2").config_for("pax")
    assert (cfg.iterations, cfg.max_time) == (50, 2.0)


def test_hard_thinks_longer_and_deeper_than_normal_and_normal_than_easy():
    for name in ["nim", *REAL]:
        easy, normal, hard = (make_bot(x).config_for(name) for x in ("easy", "normal", "hard"))
        assert easy.max_time < normal.max_time < hard.max_time
        assert easy.depth <= normal.depth <= hard.depth


def test_hard_and_normal_play_differently():
    """Same seed, same positions: the hard budget (5x the iterations, deeper roll-outs)
    changes some choices; otherwise the levels would mean nothing."""
    differ = 0
    g = games.load("pax")
    for seed in range(6):
        state = g.new_game(players=2, seed=seed)
        while len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
        normal = make_bot("mcts:normal:iters=60", seed=3).choose(state)
        hard = make_bot("mcts:hard:iters=300", seed=3).choose(state)
        differ += normal.code != hard.code
    assert differ >= 1


def test_pax_easy_is_capped_by_iterations_and_the_clock():
    """PAX easy stops at whichever comes first: a small iteration cap (so a first-time
    player can beat it) and the easy clock."""
    from asztal.bots.mcts import preset

    cfg = preset("easy", "pax")
    assert cfg.iterations is not None and cfg.iterations < 100
    assert cfg.max_time == PRESETS["easy"].max_time
    assert preset("normal", "pax").iterations is None  # normal and hard keep their clocks
