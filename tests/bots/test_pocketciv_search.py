"""PocketCiv solo search (issue 39): the fitted evaluation predicts final scores, the search
plays the policy's move unless it has clearly found better, and a timed search keeps the
subtree of the move it made."""

from __future__ import annotations

import pytest

from asztal import games

if "pocketciv" not in games.names():
    pytest.skip("pocketciv is not installed", allow_module_level=True)

from asztal.bots import make_bot, policies  # noqa: E402
from asztal.bots.heuristics.pocketciv import NAMES, predict  # noqa: E402
from asztal.bots.heuristics.pocketciv_coeffs import MEAN_SCORE, WEIGHTS  # noqa: E402
from asztal.bots.heuristics.pocketciv_fit import positions  # noqa: E402
from asztal.bots.mcts import MctsBot, Node  # noqa: E402
from asztal.engine import Action, GameState  # noqa: E402


def test_the_weights_match_the_features() -> None:
    assert len(WEIGHTS) == len(NAMES)


def test_the_fitted_evaluation_predicts_held_out_deals_better_than_a_constant() -> None:
    # deals far from the fitting seeds (5000-5399): every 8th decision against the final score
    rows = list(positions(range(9100, 9106), every=8))
    assert len(rows) > 60
    err_model = sum((sum(w * f for w, f in zip(WEIGHTS, x, strict=True)) - y) ** 2 for x, _, y in rows)
    err_const = sum((MEAN_SCORE - y) ** 2 for _, _, y in rows)
    assert err_model < 0.8 * err_const


def test_predict_reads_a_view() -> None:
    state = games.load("pocketciv").new_game(players=1, seed=3)
    assert isinstance(predict(state.view(0)), float)


def _mcts(spec: str, seed: int) -> MctsBot:
    bot = make_bot(spec, seed=seed)
    assert isinstance(bot, MctsBot)
    return bot


def _policy_game(seed: int, moves: int) -> GameState:
    pol = policies.get("pocketciv")
    assert pol is not None
    state = games.load("pocketciv").new_game(players=1, seed=seed)
    for _ in range(moves):
        state.apply(pol.choose(state))
    assert not state.is_over
    return state


def _root(pcode: str, stats: dict[str, tuple[int, float]]) -> Node:
    root = Node(None, None)
    root.pcode = pcode
    for code, (visits, mean) in stats.items():
        ch = root.children[code] = Node(root, 0)
        ch.visits, ch.total = visits, visits * mean
    return root


def test_the_guard_keeps_the_policy_move_unless_another_is_clearly_better() -> None:
    state = _policy_game(11, 40)
    acts = state.legal_actions()
    assert len(acts) > 1
    pol, other = acts[0], acts[1]
    bot = MctsBot(seed=1, iterations=10)
    # more visits but hardly better: the policy's move
    root = _root(pol.code, {pol.code: (5, 0.50), other.code: (40, 0.505)})
    assert bot.guarded(state, root, acts, other) == pol
    # better, but too few visits to tell
    root = _root(pol.code, {pol.code: (5, 0.50), other.code: (6, 0.9)})
    assert bot.guarded(state, root, acts, other) == pol
    # clearly better on enough visits: the search's move
    root = _root(pol.code, {pol.code: (10, 0.50), other.code: (40, 0.60)})
    assert bot.guarded(state, root, acts, other) == other


def test_with_a_tiny_budget_the_bot_plays_the_policy() -> None:
    # three iterations cannot give another move the visits the guard asks for
    state = _policy_game(5, 0)
    pol = policies.get("pocketciv")
    assert pol is not None
    bot = _mcts("mcts:iters=3", 2)
    checked = 0
    while not state.is_over and checked < 25:
        acts = state.legal_actions()
        move: Action = bot.choose(state)
        if len(acts) > 1:
            checked += 1
            assert move.code == bot.last_stats["policy"]
        state.apply(move)
    assert checked == 25


def test_the_policy_move_at_an_era_change_is_kept() -> None:
    # ending the game at an era change (PC-ERA-09) throws the eras to come away: the policy
    # continues, and so does the search
    pol = policies.get("pocketciv")
    assert pol is not None
    state = games.load("pocketciv").new_game(players=1, seed=21)
    while not any(a.code == "era:end" for a in state.legal_actions()):
        assert not state.is_over
        state.apply(pol.choose(state))
    assert _mcts("mcts:iters=60", 3).choose(state).code == "era:continue"


def test_reuse_keeps_the_chosen_childs_statistics() -> None:
    state = _policy_game(12, 30)
    bot = _mcts("mcts:iters=40:reuse=1", 4)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    move = bot.choose(state)
    kept = bot.last_stats["visits"][move.code]
    assert kept > 0
    state.apply(move)
    while len(state.legal_actions()) == 1:  # forced moves the bot is not asked about
        state.apply(state.legal_actions()[0])
    again = bot.choose(state)
    assert bot.last_stats["reused"] > 0
    assert bot.last_stats["reused"] <= kept
    # the guard compares with the policy's move in this position, whatever world first reached the node
    assert bot.last_stats["policy"] in {a.code for a in state.legal_actions()}
    assert again in state.legal_actions()


def test_an_iteration_budget_does_not_reuse() -> None:
    state = _policy_game(12, 30)
    bot = _mcts("mcts:iters=20", 4)
    state.apply(bot.choose(state))
    bot.choose(state)
    assert bot.last_stats["reused"] == 0
