"""PettingZoo's api_test and seed_test, and Gymnasium's check_env, on every game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from asztal.adapters.gymnasium import SoloEnv  # noqa: E402
from asztal.adapters.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("game,players", [("pax", 3), ("caboose", 4), ("pocketciv", 1)])
def test_pettingzoo_api_and_seed_tests_pass(game, players):
    api_test(env(game, players=players), num_cycles=200)
    seed_test(lambda: env(game, players=players), num_cycles=100)


def test_a_masked_random_game_ends_with_the_win_shared():
    e = env("caboose", players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()  # only the seat to move may act
        e.step(int(rng.choice(legal)))
    state = e.table.state
    assert state.is_over and sum(e.table.returns()) == pytest.approx(1.0 if state.winners() else 0.0)


def test_an_illegal_action_raises_and_changes_nothing():
    e = env("pax", players=2)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.table.state.record
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    assert e.table.state.record == before


@pytest.mark.parametrize("game", ["pocketciv", "pax"])
def test_gymnasium_check_env_passes(game):
    check_env(SoloEnv(game), skip_render_check=True)


def test_solo_env_pays_the_win_and_refuses_illegal_actions():
    e = SoloEnv("pocketciv")
    obs, info = e.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    same, reward, terminated, truncated, info2 = e.step(bad)
    assert info2["illegal"] and reward == e.illegal_reward and np.array_equal(same["observation"], obs["observation"])
    rng = np.random.default_rng(1)
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert reward == e.table.state.scores()[0] / 100 and "score" in info  # PocketCiv pays its score
    e = SoloEnv("pocketciv", reward="win")
    obs, info = e.reset(seed=2)
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert reward == float(bool(e.table.state.winners()))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_step_with_the_mask(mode):
    """Legal actions travel only as the fixed-length mask, so vector environments stack them."""
    import gymnasium

    import asztal.adapters.gymnasium  # noqa: F401  (registers the ids)

    envs = gymnasium.make_vec("asztal/PocketCiv-v0", num_envs=2, vectorization_mode=mode)
    try:
        obs, info = envs.reset(seed=[3, 4])
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(120):
            # an ended episode shows an empty mask; its next action is ignored while it resets
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]])
            obs, reward, terminated, truncated, info = envs.step(actions)
            assert obs["action_mask"].shape == (2, envs.single_action_space.n)
            ends += int(terminated.sum())
        assert ends >= 1  # episodes end and the vector env resets them
    finally:
        envs.close()
    sync = gymnasium.vector.SyncVectorEnv([lambda: SoloEnv("pax"), lambda: SoloEnv("pax")])
    obs, _ = sync.reset(seed=1)
    sync.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
    sync.close()


@pytest.mark.parametrize("game,players", [("pocketciv", 1), ("pax", 3)])
def test_an_observation_handed_out_earlier_is_never_changed_by_a_later_step(game, players):
    """The adapters hand out kept arrays again once their caller let them go (``Kept``): every
    observation and mask a caller still holds (the dict, or only its mask or a view of it)
    stays as it was handed out over a whole game, and those let go at once, or written into
    and then let go, come back with the numbers of the new position."""
    e = env(game, players=players)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    held: list[tuple[object, np.ndarray, np.ndarray]] = []
    n = 0
    while not e.table.over:
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        if n % 3 == 0:
            obs = e.observe(agent)
            keep: object = obs if n % 2 else obs["action_mask"][2:]  # the dict, or a view of its mask
            held.append((keep, obs["observation"].copy(), obs["action_mask"].copy()))
            del obs
        elif n % 3 == 1:
            e.observe(agent)["action_mask"][:] = 1  # written into and let go
        mask = e.observe(agent)["action_mask"]  # let go at the next call
        assert mask.tolist() == [int(i in e.table.legal()) for i in range(e.table.actions.n)]
        view = e.table.state.view(seat)
        assert np.array_equal(e.observe(agent)["observation"], e.table.encoder.encode_view(view, seat))
        e.step(int(rng.choice(np.flatnonzero(mask))))
        n += 1
    for keep, observation, mask in held:
        if isinstance(keep, dict):
            assert np.array_equal(keep["observation"], observation) and np.array_equal(keep["action_mask"], mask)
        else:
            assert np.array_equal(keep, mask[2:])
    solo = SoloEnv("pocketciv")
    obs, info = solo.reset(seed=3)
    kept = [(obs, obs["observation"].copy(), obs["action_mask"].copy())]
    terminated = False
    while not terminated:  # the usual loop: the last step's arrays are held while asking for the next
        obs, reward, terminated, truncated, info = solo.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if len(solo.table.state.history) % 7 == 0:
            kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        assert info["action_mask"] is obs["action_mask"]
    assert all(np.array_equal(o["observation"], x) and np.array_equal(o["action_mask"], m) for o, x, m in kept)


def test_an_environment_copies_and_pickles_with_arrays_of_its_own():
    """The kept arrays are copied and pickled as new ones (``Kept.__reduce__``): a copy of an
    environment observes what the original does, into arrays the original never writes."""
    import copy
    import pickle

    for e in (env("pax", players=3), SoloEnv("pocketciv")):
        e.reset(seed=2)
        table = e.table
        seat = table.to_move
        mine = table.actions.mask(table.state), table.encoder.observe(table.state, seat)
        for twin in (copy.deepcopy(e), pickle.loads(pickle.dumps(e))):
            theirs = twin.table.actions.mask(twin.table.state), twin.table.encoder.observe(twin.table.state, seat)
            assert all(np.array_equal(a, b) and a is not b for a, b in zip(mine, theirs, strict=True))
