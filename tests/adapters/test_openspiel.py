"""OpenSpiel: the games load by name, model every draw as a chance node with the engine's law,
keep perfect-recall information states, resample from them, serialise by history, and
OpenSpiel's own bots (MCTS, IS-MCTS) play them."""

from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import asztal.adapters.openspiel  # noqa: E402,F401  (registers the games)
from asztal import games  # noqa: E402
from asztal.adapters.chance import Explicit  # noqa: E402

GAMES = [("pax", 3), ("pax", 1), ("pocketciv", 1), ("caboose", 3)]
SOAK = bool(os.environ.get("ASZTAL_SOAK"))


def _load(name, players, **params):
    return pyspiel.load_game(f"python_asztal_{name}", {"players": players, **params})


def _sample(state, rng):
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=probs))


def _play(state, rng, steps=10**6):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(_sample(state, rng) if state.is_chance_node() else int(rng.choice(state.legal_actions())))
    return state


#: every game with observations and every player count it has them for (multiplayer PocketCiv has none yet)
EVERY_TABLE = [(name, n) for name in sorted(asztal.adapters.openspiel.GAME_CLASSES)
               for n in range(games.load(name).min_players, games.load(name).max_players + 1)
               if not (name == "pocketciv" and n > 1)]


@pytest.mark.parametrize("name,players", EVERY_TABLE)
@pytest.mark.parametrize("mode", ["explicit", "seeded"])
def test_random_simulation_test_passes_with_serialisation(name, players, mode):
    game = _load(name, players, deal_mode=mode)
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _tensors(state):
    return [(state.observation_tensor(p), state.information_state_tensor(p)) for p in range(state.num_players())]


@pytest.mark.parametrize("name,players", EVERY_TABLE)
@pytest.mark.parametrize("mode", ["explicit", "seeded"])
def test_serialisation_is_the_history_and_round_trips(name, players, mode):
    """``serialize()`` is the history (a few bytes per action, not the position), and a state
    read back, and read back again, is the same state with the same tensors for every seat."""
    game = _load(name, players, deal_mode=mode)
    state, rng = game.new_initial_state(), np.random.RandomState(players)
    checked = shown = 0
    for step in range(1, 129):
        if state.is_terminal():
            break
        state.apply_action(_sample(state, rng) if state.is_chance_node() else int(rng.choice(state.legal_actions())))
        if step & (step - 1):  # at steps 1, 2, 4, 8, ...
            continue
        text = state.serialize()
        assert len(text) <= 200 + 12 * len(state.history()), len(text)
        again = state
        for _ in range(2):
            again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(again.get_game(), again))[1]
            assert again.history() == state.history() and str(again) == str(state)
            assert _tensors(again) == _tensors(state)
        checked += 1
        shown += any(any(o) for o, _ in _tensors(state))
    assert checked >= 5 and shown  # (the tensors compared are not all zeros)
    resampled = state.resample_from_infostate(0, np.random.RandomState(1).random_sample)
    with pytest.raises(ValueError, match="resampled"):
        resampled.serialize()


#: the pickled attributes of a state serialised before h38f (the same for every state): the shared
#: table, ``current_player`` and the game in progress, named in ``asztal.adapters.openspiel``
_OLD_DICT = ("gASVZwAAAAAAAAB9lCiMB19zaGFyZWSUjBlhc3p0YWwuYWRhcHRlcnMub3BlbnNwaWVslIwFX2tlZXCUk5QpUpSMDmN1"
             "cnJlbnRfcGxheWVylGgEKVKUjAVfbGl2ZZRoAowHX3JlcGxheZSTlClSlHUu")


@pytest.mark.parametrize("mode", ["explicit", "seeded"])
def test_a_state_serialised_before_h38f_reads_back(mode):
    """A state serialised by an earlier version (its attributes pickled with the markers of
    ``openspiel.py``, and the shared table among them) reads back as the same state, which
    plays on as the state it was written from."""
    game = _load("pax", 3, deal_mode=mode)
    state, rng = game.new_initial_state(), np.random.RandomState(5)
    _play(state, rng, 20)
    head, _ = state.serialize().rsplit("__dict__=", 1)
    again = game.deserialize_state(f"{head}__dict__={_OLD_DICT}")
    assert again.history() == state.history() and str(again) == str(state)
    assert again.legal_actions() == state.legal_actions() and _tensors(again) == _tensors(state)
    action = state.legal_actions()[0]
    state.apply_action(action)
    again.apply_action(action)
    assert str(again) == str(state) and again.current_player() == state.current_player()

@pytest.mark.parametrize("name,players", GAMES)
def test_every_draw_is_a_chance_node_over_the_unseen_cards(name, players):
    """No future card is fixed in the state: each draw offers exactly the cards of the
    unseen part of its pile, with probabilities by count."""
    game = _load(name, players, recall=False)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    whats = set()
    while not state.is_terminal():
        if state.is_chance_node():
            ex = state._live.ex
            node = ex.node
            whats.add(node.what.split(".")[0])
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            assert all(0 <= o < game.max_chance_outcomes() for o, _ in state.chance_outcomes())
            s = ex.state
            if s is not None and node.what == "pocketciv.deck":
                assert set(node.outcomes) <= set(s.deck + s.discard + s.aside)
            if s is not None and node.what == "pax.deck":
                # a card slid under the deck (its place known) comes up only after all the others
                unfixed = {c for c in s.deck if not s.slid_all >> c & 1}
                assert set(node.outcomes) <= set(s.deck) and (set(node.outcomes) <= unfixed or not unfixed)
            if s is not None and node.what == "caboose.cdeck" and s.cdeck:
                assert set(node.outcomes) <= set(s.cdeck + s.cdisc)  # CC-Q-26: then the discards
        state.apply_action(_sample(state, rng) if state.is_chance_node() else int(rng.choice(state.legal_actions())))
    assert whats == {name}


@pytest.mark.parametrize("name,players,quantity", [
    ("pax", 1, lambda s: s.hands[0][0]),  # the first card dealt
    ("caboose", 3, lambda s: s.prestige[-1]),  # the first prestige tile laid out
])
def test_sampled_chance_draws_the_engines_distribution(name, players, quantity):
    """Chi-square: the outcome OpenSpiel samples at a draw, against the same draw made by the
    engine's seeded generator over many seeds (fixed seeds, so the test is deterministic)."""
    n = 6000 if SOAK else 1500
    game = games.load(name)
    engine = [quantity(game.new_game(players, seed)) for seed in range(n)]
    rng = np.random.RandomState(12)
    sampled = []
    for _ in range(n):
        ex = Explicit(game, players, {})
        outcomes, probs = ex.node.outcomes, ex.node.probs
        sampled.append(int(rng.choice(outcomes, p=probs)))
    cats = sorted(set(engine) | set(sampled))
    table = np.array([[engine.count(c) for c in cats], [sampled.count(c) for c in cats]])
    assert table.shape[1] > 10
    from scipy.stats import chi2_contingency  # here, not at collection (scipy.stats: ~1 s a worker)

    assert chi2_contingency(table)[1] > 0.001


def _branch(state, seen, first, rng, steps):
    """Play ``first`` then ``steps`` random steps from a copy, recording what each seat saw:
    its view after every completed step and its own action codes."""
    from asztal.adapters.live import view_json as _view_json

    state, seen = state.clone(), [list(x) for x in seen]
    players = len(seen)

    def record():
        for q in range(players):
            seen[q].append(_view_json(state.s, q))

    action = first
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(_sample(state, rng))
        else:
            p = state.current_player()
            a = action if action is not None else int(rng.choice(state.legal_actions()))
            action = None
            seen[p].append(state.action_to_string(p, a))
            state.apply_action(a)
        if not state.is_chance_node():
            record()
    while state.is_chance_node():
        state.apply_action(_sample(state, rng))
        if not state.is_chance_node():
            record()
    return state, seen


@pytest.mark.parametrize("name,players", [("pax", 2), ("pax", 3), ("caboose", 3), ("pocketciv", 1)])
def test_information_state_is_perfect_recall_on_branch_pairs(name, players):
    """From a common position, two branches that differ in the mover's choice (then play on
    with the same random stream): for every seat, the two information states are equal
    exactly when the seat saw the same things (views step by step, its own moves) on the
    way; a seat that could not tell the branches apart gets the same information state."""
    game = _load(name, players)
    rng = np.random.RandomState(11)
    equal = differ = 0
    for _ in range(40 if SOAK else 5):
        state, seen = _branch(game.new_initial_state(), [[] for _ in range(players)], None,
                              rng, int(rng.randint(1, 60)))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        a1, a2 = (int(x) for x in rng.choice(state.legal_actions(), 2, replace=False))
        seed = int(rng.randint(1 << 30))
        for steps in (1, 2, 5):
            one, seen1 = _branch(state, seen, a1, np.random.RandomState(seed), steps)
            two, seen2 = _branch(state, seen, a2, np.random.RandomState(seed), steps)
            for q in range(players):
                same_info = one.information_state_string(q) == two.information_state_string(q)
                assert (seen1[q] == seen2[q]) == same_info, (name, q, steps)
                equal += same_info
                differ += not same_info
    assert differ > 0 and (name != "pax" or equal > 0)  # PAX: secret choices others cannot tell apart


def test_information_state_tensor_is_not_the_observation():
    game = _load("caboose", 3)
    state = _play(game.new_initial_state(), np.random.RandomState(2), 120)
    p = state.current_player() if not state.is_chance_node() else 0
    info = np.array(state.information_state_tensor(p))
    obs = np.array(state.observation_tensor(p))
    assert len(info) == game.information_state_tensor_size() == len(obs) + 128
    assert np.array_equal(info[:len(obs)], obs) and info[len(obs):].any()


@pytest.mark.parametrize("name,players", GAMES)
def test_the_tensors_are_openspiels_own(name, players):
    """The state's ``observation_tensor`` and ``information_state_tensor`` (which skip the
    new initial state OpenSpiel builds to size them) give OpenSpiel's own numbers."""
    game = _load(name, players)
    rng = np.random.RandomState(7)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 40:
        state = _play(state, rng, 3)
        if state.is_chance_node() or state.is_terminal():
            continue
        for p in range(players):
            assert state.observation_tensor(p) == pyspiel.State.observation_tensor(state, p)
            assert state.information_state_tensor(p) == pyspiel.State.information_state_tensor(state, p)
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        checked += 1
    assert checked


@pytest.mark.parametrize("name,players", GAMES)
@pytest.mark.parametrize("mode", ["explicit", "seeded"])
def test_the_python_queries_answer_as_openspiels_own(name, players, mode):
    """``legal_actions``, ``is_chance_node`` and ``is_player_node``, defined on the Python state
    so that a Python caller skips the crossings into C++, answer as OpenSpiel's C++ State does
    (which asks ``current_player``, ``is_terminal`` and ``_legal_actions``) at every node of a
    whole game: chance nodes, each seat's decisions, the end."""
    game = _load(name, players, deal_mode=mode, recall=False)
    state, rng = game.new_initial_state(), np.random.RandomState(3)
    cpp, kinds = pyspiel.State, set()
    while True:
        kinds.add(state.current_player())
        assert state.is_chance_node() == cpp.is_chance_node(state)
        assert state.is_player_node() == cpp.is_player_node(state)
        assert state.legal_actions() == cpp.legal_actions(state)
        for p in range(players):
            assert state.legal_actions(p) == cpp.legal_actions(state, p)
        if state.is_player_node():
            for query in (state.legal_actions, lambda p: cpp.legal_actions(state, p)):
                with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                    query(-1)
        if state.is_terminal():
            break
        state.apply_action(_sample(state, rng) if state.is_chance_node() else int(rng.choice(state.legal_actions())))
    assert {pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL, *range(players)} <= kinds


def test_observers_honour_the_observation_type():
    from asztal.adapters.live import view_json as _view_json

    game = _load("pax", 2)
    state = _play(game.new_initial_state(), np.random.RandomState(4), 60)
    seat = 0
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    both = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    strings = {}
    for key, kind in (("public", public), ("private", private), ("both", both)):
        obs = game.make_py_observer(kind)
        strings[key] = obs.string_from(state, seat)
        obs.set_from(state, seat)
        assert len(obs.tensor) == game.observation_tensor_size()
    assert strings["both"] == _view_json(state.s, seat)
    assert strings["public"] == _view_json(state.s, None)  # the spectator's view: no hand
    assert '"hand"' in strings["private"] and '"round"' not in strings["private"]
    assert '"hand"' not in strings["public"]
    # the public record is the same for every seat; each seat's own record is its own
    public_recall = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public_recall.string_from(state, 0) == public_recall.string_from(state, 1)
    assert state.information_state_string(0) != state.information_state_string(1)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("name,players", GAMES)
def test_resample_keeps_the_seats_information(name, players):
    game = _load(name, players)
    state = _play(game.new_initial_state(), np.random.RandomState(5), 80)
    while state.is_chance_node():
        state.apply_action(_sample(state, np.random.RandomState(0)))
    if state.is_terminal():
        pytest.skip("the random game ended early")
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name,players", GAMES)
def test_ismcts_bot_plays(name, players):
    game = _load(name, players)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    thought = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = _sample(state, rng)
        elif thought < 3:
            action = bot.step(state)
            thought += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert thought == 3


@pytest.mark.parametrize("name,players", GAMES)
def test_mcts_bot_plays_a_whole_game(name, players):
    game = _load(name, players, deal_mode="seeded", deals=50)
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
    assert len(returns) == players


@pytest.mark.parametrize("name,players", GAMES)
def test_states_pickle_and_serialise_by_history(name, players):
    game = _load(name, players)
    state = _play(game.new_initial_state(), np.random.RandomState(6), 70)
    data = pickle.dumps(state)
    assert len(data) < 2000  # the history, not the position
    back = pickle.loads(data)
    assert back.history() == state.history() and str(back) == str(state)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    if not state.is_chance_node() and not state.is_terminal():
        assert again.information_state_string(state.current_player()) == \
            state.information_state_string(state.current_player())


def test_returns_mean_the_game():
    caboose = _load("caboose", 3)
    assert caboose.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    end = _play(caboose.new_initial_state(), np.random.RandomState(7))
    assert sum(end.returns()) == pytest.approx(1.0)
    assert _load("pax", 2).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pc = _load("pocketciv", 1)
    end = _play(pc.new_initial_state(), np.random.RandomState(8))
    assert end.returns() == [end.s.scores()[0] / games.load("pocketciv").score_return]
    win = _load("pocketciv", 1, reward="win")
    end = _play(win.new_initial_state(), np.random.RandomState(8))
    assert end.returns() == [float(bool(end.s.winners()))]


def test_bad_parameters_are_refused():
    with pytest.raises(Exception, match="deal_mode"):
        _load("pax", 2, deal_mode="whatever")
    with pytest.raises(Exception, match="reward"):
        _load("pax", 2, reward="money")


def _first_turn_draw(state, pick):
    """Play the first legal action until the first turn's draw; the first card drawn (the
    seat to move sees it), with ``pick`` choosing each chance outcome on the way."""
    from asztal.games.pax.frames import Stage

    while True:
        if state.is_chance_node():
            state.apply_action(pick(state))
            continue
        s = state.s
        if s.stage == Stage.DRAW and s.frame.held:  # a card is on the table
            return s.frame.held[0]
        state.apply_action(state.legal_actions()[0])


def test_mid_game_draws_follow_the_engine():
    """Chi-square on a draw made in play (the first card of the first turn's draw in PAX, by
    category; by card with ASZTAL_SOAK=1), sampled chance against the seeded engine."""
    from asztal.games.pax.pack import CARD_CAT

    n = 3000 if SOAK else 400
    key = (lambda c: c) if SOAK else (lambda c: CARD_CAT[c])
    seeded = _load("pax", 2, deal_mode="seeded", deals=n, recall=False)
    engine = []
    for seed in range(n):
        state = seeded.new_initial_state()
        state.apply_action(seed)
        engine.append(key(_first_turn_draw(state, None)))
    explicit = _load("pax", 2, recall=False)
    rng = np.random.RandomState(21)
    sampled = [key(_first_turn_draw(explicit.new_initial_state(), lambda st: _sample(st, rng))) for _ in range(n)]
    cats = sorted(set(engine) | set(sampled))
    table = np.array([[engine.count(c) for c in cats], [sampled.count(c) for c in cats]])
    from scipy.stats import chi2_contingency  # here, not at collection (scipy.stats: ~1 s a worker)

    assert chi2_contingency(table)[1] > 0.001


@pytest.mark.parametrize("name,players", GAMES)
def test_a_seeded_game_without_its_record_plays_as_one_with_it(name, players):
    """Without the record (``recall=False``) a seeded game's player steps are played by the
    compiled numbering alone (``_Live.quick``): the same actions make the same game as with the
    record (the player, the legal numbers, the history, the returns), and so do a clone and a
    deserialised copy made mid-game."""
    plain, kept = _load(name, players, deal_mode="seeded", recall=False), _load(name, players, deal_mode="seeded")
    a, b = plain.new_initial_state(), kept.new_initial_state()
    rng, copies, step = np.random.RandomState(7), [], 0
    while not b.is_terminal():
        assert a.current_player() == b.current_player() and a.legal_actions() == b.legal_actions()
        action = _sample(b, rng) if b.is_chance_node() else int(rng.choice(b.legal_actions()))
        if step == 12:
            copies = [a.clone(), pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(plain, a))[1]]
        for s in (a, b, *copies):
            s.apply_action(action)
        step += 1
    assert len(copies) == 2
    for s in (a, *copies):
        assert s.is_terminal() and s.history() == b.history() and s.returns() == b.returns() and str(s) == str(b)
