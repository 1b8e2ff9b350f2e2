"""The bots: determinism, no peeking at hidden information, strength on the toy games."""

from __future__ import annotations

import pytest

from asztal import games
from asztal.bots import GreedyBot, MctsBot, RandomBot, hint, make_bot
from asztal.bots.bench import mcts_iterations_per_second
from asztal.bots.heuristics import cutoff_rewards, get, terminal_rewards

SPECS = ["random", "greedy", "mcts:easy:iters=60", "mcts:iters=80"]


def positions(game_name="nim", players=2, seed=0, every=2, limit=12):
    """Positions along a random game (seeded), for tests that need many decisions."""
    state = games.load(game_name).new_game(players=players, seed=seed)
    out, rnd = [], RandomBot(seed + 99)
    while not state.is_over and len(out) < limit:
        if len(state.history) % every == 0:
            out.append(state.clone())
        state.apply(rnd.choose(state))
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_choices(spec):
    for state in positions(seed=3):
        a = make_bot(spec, seed=11).choose(state)
        b = make_bot(spec, seed=11).choose(state.clone())
        assert a is b
        assert a in state.legal_actions()


def test_same_bot_object_repeats_itself_on_the_same_position():
    bot = make_bot("mcts:iters=60", seed=5)
    state = positions(seed=4)[3]
    first = bot.choose(state)
    assert all(bot.choose(state) is first for _ in range(3))


@pytest.mark.parametrize("spec", SPECS)
def test_choice_unchanged_when_only_hidden_information_changes(spec):
    """Resample everything the bot's seat cannot see (opponents' cards, deck order, the
    state's own random generator): the bot with the same seed must choose the same."""
    checked = 0
    for seed in range(4):
        for state in positions("nim", seed=seed, players=2 + seed % 2):
            seat = state.to_move
            choice = make_bot(spec, seed=7).choose(state)
            for k in range(3):
                twin = state.determinize(seat, 1000 * seed + k)
                assert twin.view(seat) == state.view(seat)
                assert make_bot(spec, seed=7).choose(twin).code == choice.code
                checked += 1
    assert checked > 30


def test_hidden_card_differs_in_the_twins():
    """The twins of the test above really differ in what the bot cannot see."""
    state = positions(seed=1, players=3)[0]
    seat = state.to_move
    hands = {tuple(state.determinize(seat, k).hands) for k in range(20)}
    assert len(hands) > 1
    assert all(h[seat] == state.hands[seat] for h in hands)


def test_bot_never_reads_the_real_hidden_state(monkeypatch):
    """MCTS and greedy reach hidden information only through determinize for their seat."""
    state = positions(seed=2)[2]
    seat = state.to_move
    calls = []
    cls = type(state)
    real = cls.determinize

    def spy(self, who, rng):
        calls.append(who)
        return real(self, who, rng)

    monkeypatch.setattr(cls, "determinize", spy)
    for bot in (MctsBot(seed=1, iterations=30), GreedyBot(seed=1)):
        bot.choose(state)
    assert calls and set(calls) == {seat}


def test_mcts_beats_random_on_nim():
    from asztal.sim.arena import run_arena

    result = run_arena("nim", ["mcts:easy:iters=60", "random"], games=40, seed=5)
    mcts = result["entries"][0]
    assert mcts["win_rate"] >= 0.7, mcts
    assert mcts["ci95"][0] > 0.5


def test_mcts_scores_more_than_random_in_a_solo_game():
    from asztal.sim.arena import run_arena

    result = run_arena("dicetoy", ["mcts:iters=150", "random"], games=30, seed=2)
    mcts, rnd = result["entries"]
    assert result["solo"] and result["players"] == 1
    assert mcts["mean_score"] > 1.2 * rnd["mean_score"], (mcts, rnd)
    assert mcts["success_rate"] > rnd["success_rate"]


def test_mcts_time_budget_stops_the_search():
    bot = make_bot("mcts:iters=100000000:time=0.05", seed=1)
    state = positions(seed=2)[1]
    bot.choose(state)
    assert 0 < bot.last_stats["iterations"] < 100000000


def test_greedy_without_a_heuristic_falls_back_to_final_scores():
    state = games.load("nim").new_game(players=2, seed=1, options={"stones": 2})
    state.apply("take")
    # taking the last stone wins at once; greedy sees it
    assert make_bot("greedy", seed=3).choose(state).code == "take"
    assert get("nim") is None


@pytest.mark.parametrize("spec,cls,level", [
    ("random", RandomBot, None), ("greedy", GreedyBot, None), ("mcts", MctsBot, "normal"),
    ("mcts:hard", MctsBot, "hard"), ("mcts:easy", MctsBot, "easy"), ("normal", MctsBot, "normal"),
    ("mcts:iters=500", MctsBot, "normal"), ("MCTS:Hard:c=1.2", MctsBot, "hard"),
])
def test_bot_specs(spec, cls, level):
    bot = make_bot(spec, seed=1)
    assert isinstance(bot, cls)
    if level:
        assert bot.level == level


def test_bot_spec_settings_reach_the_search():
    bot = make_bot("mcts:iters=123:c=0.3:depth=5", seed=1)
    cfg = bot.config_for("nim")
    assert (cfg.iterations, cfg.c, cfg.depth) == (123, 0.3, 5)


@pytest.mark.parametrize("spec", ["", "alphazero", "mcts:impossible", "mcts:iters=lots", "random:x=1",
                                  "mcts:foo=1", "greedy:samples=two"])
def test_bad_bot_specs_say_why(spec):
    with pytest.raises(ValueError) as e:
        make_bot(spec, seed=0)
    assert str(e.value)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_hint_suggests_a_legal_move_with_a_reason(lang):
    state = positions(seed=6)[1]
    action, why = hint(state, state.to_move, lang)
    assert action in state.legal_actions()
    assert action.label(lang) in why
    assert hint(state, state.to_move, lang) == (action, why)


def test_hint_refuses_a_seat_not_to_move():
    state = positions(seed=6)[1]
    with pytest.raises(ValueError):
        hint(state, 1 - state.to_move, "en")


def test_rewards_are_in_unit_interval():
    state = games.load("nim").new_game(players=3, seed=1)
    while not state.is_over:
        state.apply(RandomBot(1).choose(state))
    r = terminal_rewards(state)
    assert all(0.0 <= x <= 1.0 for x in r)
    assert r[state.winners()[0]] == max(r)


def test_cutoff_rewards_are_win_chances():
    import types

    mod = types.SimpleNamespace(evaluate=lambda st, seat: float(st.taken[seat]), TEMPERATURE=2.0)
    state = games.load("nim").new_game(players=2, seed=1)
    state.apply("take")
    r = cutoff_rewards(state, mod)
    assert abs(sum(r) - 1.0) < 1e-9 and r[0] > r[1]


def test_bench_counts_iterations():
    assert mcts_iterations_per_second("nim", 2, seconds=0.2, iterations=16) > 0
