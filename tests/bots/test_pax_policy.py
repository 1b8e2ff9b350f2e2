"""PAX's scripted player (``asztal.bots.policies.pax``): legal moves only, read from what its
seat sees, the same move for the same position; MCTS uses it in 2-4 player games only."""

from __future__ import annotations

import pytest

from asztal import games

if "pax" not in games.names():
    pytest.skip("pax is not installed", allow_module_level=True)

from asztal.bots import RandomBot, make_bot, policies  # noqa: E402
from asztal.bots.policies import pax as pol  # noqa: E402
from asztal.engine import GameState  # noqa: E402


def positions(players: int, seed: int, every: int = 3) -> list[GameState]:
    """Positions along one game of random moves (a clone every ``every`` actions)."""
    state = games.load("pax").new_game(players=players, seed=seed)
    bot, out = RandomBot(seed), []
    while not state.is_over:
        if len(state.history) % every == 0 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(bot.choose(state))
    return out


def test_pax_declares_its_policy_for_games_of_several_players_only():
    assert policies.get("pax") is pol
    assert policies.for_state(games.load("pax").new_game(players=2, seed=1)) is pol
    assert policies.for_state(games.load("pax").new_game(players=1, seed=1)) is None


@pytest.mark.parametrize("players", [2, 3])
def test_the_policy_plays_whole_games_with_legal_moves_only(players):
    state = games.load("pax").new_game(players=players, seed=players)
    kinds = set()
    while not state.is_over:
        move = pol.choose(state)
        assert move in state.legal_actions()
        kinds.add(move.kind)
        state.apply(move)
    # it draws every turn (never passes) and uses every part of a turn
    assert "pass" not in kinds and {"draw", "place", "play", "done"} <= kinds
    assert state.winners() is not None


def test_the_policy_reads_only_what_its_seat_sees():
    """Twins that differ only in what the deciding seat cannot see (the deck, Rome's face-down
    cards, the other hands) get the same move, and the same position always the same move."""
    for state in positions(2, 5)[:40]:
        seat = state.to_move
        move = pol.choose(state)
        assert pol.choose(state.clone()) is move
        for k in range(3):
            twin = state.determinize(seat, 31 + k)
            assert twin.view(seat) == state.view(seat)
            assert pol.choose(twin).code == move.code, (len(state.history), move.code)


def test_the_policy_bot_is_deterministic_for_a_seed():
    for state in positions(2, 6, every=7)[:10]:
        a = make_bot("policy", seed=3).choose(state)
        assert a in state.legal_actions()
        assert make_bot("policy", seed=3).choose(state.clone()) is a


def test_mcts_starts_from_the_policy_move_in_two_player_pax():
    """One iteration of the PUCT search plays the prior's favourite: the policy's move."""
    for state in positions(2, 7, every=9)[:6]:
        move = make_bot("mcts:iters=1", seed=1).choose(state)
        assert move.code == pol.choose(state.determinize(state.to_move, 1)).code
