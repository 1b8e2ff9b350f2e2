"""Explicit chance: a step that stops at a draw waits in a worker and goes on when the outcome
is chosen; a copy of the game at a draw plays the step again instead. Both must reach the same
draws and the same game."""

from __future__ import annotations

import random
import threading

import pytest

from asztal import games
from asztal.adapters.chance import Explicit


def _same(a: Explicit, b: Explicit) -> None:
    if a.node is None:
        assert b.node is None
    else:
        assert b.node is not None
        assert (a.node.what, a.node.outcomes, a.node.probs) == (b.node.what, b.node.outcomes, b.node.probs)
    if a.state is None:
        assert b.state is None
    else:
        assert b.state is not None and a.state.view(None) == b.state.view(None)


@pytest.mark.parametrize(("name", "players"), [("pax", 3), ("pocketciv", 1), ("caboose", 3)])
def test_a_waiting_step_and_a_replayed_copy_reach_the_same_game(name, players):
    """At every draw of a whole game a copy is made and given the same outcome: the game (whose
    step waits in its worker) and the copy (which plays the step again) show the same next draw
    and the same position. The copies are dropped while their own steps wait."""
    r = random.Random(5)
    ex = Explicit(games.load(name), players, {})
    waited = nodes = 0
    for _ in range(20000):
        if ex.node is not None:
            nodes += 1
            twin = ex.copy()
            assert twin.runner is None
            outcome = ex.node.outcomes[r.randrange(len(ex.node.outcomes))]
            done = ex.choose(outcome)
            assert done == twin.choose(outcome)
            if not done:  # the step stopped again: it waits in its worker (the copy in its own)
                assert ex.runner is not None and twin.runner is not None and ex.runner is not twin.runner
                waited += 1
            _same(ex, twin)
        elif ex.state.is_over:
            break
        else:
            ex.play(r.choice(ex.state.legal_actions()))
    assert ex.state.is_over and nodes > 5 and waited > 0


def test_a_step_waiting_in_another_thread_is_played_again():
    """A greenlet runs only in its own thread: an outcome chosen in another thread plays the
    step again there, to the same result as a copy given the same outcome."""
    ex = Explicit(games.load("pax"), 2, {})
    twin = ex.copy()
    assert ex.runner is not None and ex.node is not None  # the deal waits in its worker
    outcome = ex.node.outcomes[1]
    done = []
    worker = threading.Thread(target=lambda: done.append(ex.choose(outcome)))
    worker.start()
    worker.join()
    assert done == [twin.choose(outcome)]
    _same(ex, twin)
    assert ex.node is not None and ex.runner is not None  # (waiting now in the thread's own worker)


def test_a_dropped_game_gives_its_worker_back():
    """``release`` lets the waiting step go and the worker serves the next game; OpenSpiel's
    ``clone`` (a new initial state overwritten with copies) gives back the one its new state took."""
    pyspiel = pytest.importorskip("pyspiel")
    import asztal.adapters.openspiel  # noqa: F401  (registers the games)
    from asztal.adapters.chance import _pool

    ex = Explicit(games.load("caboose"), 3, {})
    assert ex.runner is not None
    idle = len(_pool())
    ex.release()
    assert ex.runner is None and len(_pool()) == idle + 1
    again = Explicit(games.load("caboose"), 3, {})  # (takes the worker given back)
    assert again.node is not None and again.runner is not None and len(_pool()) == idle
    state = pyspiel.load_game("python_asztal_pax", {"players": 2}).new_initial_state()
    clones = [state.clone()]  # (the first may make a worker: none may be idle)
    idle = len(_pool())
    clones += [state.clone() for _ in range(3)]
    assert len(_pool()) == idle
    outcome = state.chance_outcomes()[0][0]
    for s in [state, *clones]:
        s.apply_action(outcome)
    assert len({str(s) for s in [state, *clones]}) == 1
