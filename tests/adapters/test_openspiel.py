"""OpenSpiel: the games load by name, pass the random-simulation test, and its MCTS bot plays them."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import asztal.adapters.openspiel  # noqa: E402,F401  (registers the games)

GAMES = [("pax", 3), ("pax", 1), ("pocketciv", 1), ("caboose", 3)]


@pytest.mark.parametrize("name,players", GAMES)
def test_random_simulation_test_passes(name, players):
    game = pyspiel.load_game(f"python_asztal_{name}", {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name,players", GAMES)
def test_mcts_bot_plays_a_whole_game(name, players):
    game = pyspiel.load_game(f"python_asztal_{name}", {"players": players, "deals": 50})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 50
    state.apply_action(7)
    thought = 0
    while not state.is_terminal():
        if thought < 4 and len(state.legal_actions()) > 1:
            action = bot.step(state)
            thought += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns) and sum(returns) <= 1.0 + 1e-9


def test_observations_come_from_the_seats_view():
    game = pyspiel.load_game("python_asztal_caboose", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    view_json = state.observation_string(seat)
    assert '"city_hand"' in view_json  # the seat's own hand...
    other = (seat + 1) % 3
    assert state.observation_string(other) != view_json  # ...which the next seat does not see
    assert state.information_state_string(seat).startswith(view_json)
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
