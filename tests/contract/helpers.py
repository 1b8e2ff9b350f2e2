"""Shared checks of the engine contract, used by the contract suite and by game tests."""

from __future__ import annotations

import json
import random

from asztal.engine import IllegalAction

MAX_STEPS = 200_000


def random_position(game, players: int, seed: int, steps: int):
    """A state ``steps`` uniform-random decisions into a seeded game (fewer if it ends first)."""
    s = game.new_game(players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


def snapshot(state) -> str:
    """Everything that defines a state (fields, record, PRNG, log) as one comparable text."""
    return state.to_json()


def illegal_candidates(state, seen_codes):
    """Actions of this game that are not legal now (codes met earlier in the game)."""
    legal = {a.code for a in state.legal_actions()}
    return [c for c in seen_codes if c not in legal]


def check_rejects_bad_input(state, seen_codes, rnd: random.Random) -> None:
    before = snapshot(state)
    for code in ("", "garbage!", "take:legion=99", "\x00", "done:" * 5):
        try:
            state.apply(code)
        except IllegalAction:
            pass
        else:
            if code not in {a.code for a in state.legal_actions()}:
                raise AssertionError(f"garbage code {code!r} was accepted")
        assert snapshot(state) == before, f"rejected code {code!r} changed the state"
    bad = illegal_candidates(state, seen_codes)
    for code in rnd.sample(bad, min(3, len(bad))):
        try:
            state.apply(code)
        except IllegalAction as e:
            assert str(e), "IllegalAction without a reason"
        else:
            raise AssertionError(f"illegal action {code!r} was accepted")
        assert snapshot(state) == before, f"illegal action {code!r} changed the state"
    try:
        state.apply(12345)  # not even text
    except IllegalAction:
        pass
    else:
        raise AssertionError("a non-text action was accepted")
    assert snapshot(state) == before


def check_no_leak(state, rnd: random.Random) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        json.dumps(view)
        det = state.determinize(seat, rnd.getrandbits(32))
        assert det.view(seat) == view, f"determinize({seat}) changed what seat {seat} sees"
        det.check_invariants()
        # the sample depends only on the seat's view and the rng, not on the hidden truth
        r = rnd.getrandbits(32)
        assert state.determinize(seat, r).to_json() == det.determinize(seat, r).to_json(), \
            f"determinize({seat}) depends on what seat {seat} cannot see"
    json.dumps(state.view(None))


def check_json_round_trip(state, game) -> None:
    text = state.to_json()
    loaded = game.from_json(text)
    assert loaded.to_json() == text, "JSON round trip changed the state"
    assert [a.code for a in loaded.legal_actions()] == [a.code for a in state.legal_actions()]


def check_clone_independent(state, rnd: random.Random) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    if not twin.is_over:
        twin.apply(rnd.choice(twin.legal_actions()))
    assert snapshot(state) == before, "playing on a clone changed the original"


def check_codes_round_trip(state, game) -> None:
    for a in state.legal_actions():
        assert game.parse_action(state, a.code) is a, f"code {a.code!r} does not parse back to its action"
        assert a.hu and a.en, f"action {a.code!r} lacks a label"


def check_undo(state, previous_json: str | None) -> None:
    seat = state.to_move
    if seat is None or previous_json is None or not state.can_undo(seat):
        return
    back = state.undo(seat)
    assert back.to_dict()["state"] == json.loads(previous_json)["state"], "undo did not restore the state"


def play_random_game(game, players: int, seed: int, deep_checks: int = 3, options=None):
    """Play one seeded random game, checking the contract along the way; return the final state."""
    rnd = random.Random(seed)
    state = game.new_game(players=players, seed=seed, options=options or {})
    state.check_invariants()
    seen: set[str] = set()
    check_at = None
    steps = 0
    prev_json = None
    while not state.is_over:
        acts = state.legal_actions()
        assert acts, f"no legal action before the end (step {steps})"
        assert state.to_move is not None and 0 <= state.to_move < players
        assert state.legal_actions() is acts or state.legal_actions() == acts, "legal actions not stable"
        seen.update(a.code for a in acts)
        if check_at is None:
            check_at = {rnd.randrange(1, 60 + steps * 2) for _ in range(deep_checks)}
        if steps in check_at:
            check_rejects_bad_input(state, seen, rnd)
            check_no_leak(state, rnd)
            check_json_round_trip(state, game)
            check_clone_independent(state, rnd)
            check_codes_round_trip(state, game)
            check_undo(state, prev_json)
            prev_json = None
        action = rnd.choice(acts)
        if steps + 1 in check_at:
            prev_json = state.to_json()
        state.apply(action)
        state.check_invariants()
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    assert not state.legal_actions(), "legal actions after the end"
    assert state.to_move is None
    scores, winners = state.scores(), state.winners()
    assert len(scores) == players
    assert all(0 <= w < players for w in winners)
    json.dumps(state.outcome())
    return state


def play_on(state, rnd: random.Random, steps: int) -> None:
    """Up to ``steps`` uniform-random decisions (fewer if the game ends)."""
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rnd.choice(state.legal_actions()))


def check_copy_on_write_clones(state, rnd: random.Random, shared_all: int) -> int:
    """For a state whose clones share lists by groups until a rule writes (``_sh``, the
    ``own_*`` methods): a clone at every step until the end, the clone played on (1 to 400
    decisions), then the original one step; neither side's JSON may change with the other's
    moves, and both keep their invariants. Returns how many clones were checked."""
    clones = 0
    while not state.is_over:
        before = state.to_json()
        twin = state.clone()
        assert state._sh == twin._sh == shared_all
        play_on(twin, rnd, rnd.choice((1, 3, 12, 400)))
        twin.check_invariants()
        assert state.to_json() == before, "playing on a clone changed the original"
        after_twin = twin.to_json()
        play_on(state, rnd, 1)
        state.check_invariants()
        assert twin.to_json() == after_twin, "playing on the original changed its clone"
        clones += 1
    return clones


def check_sides_stay_apart(sides, steps: int) -> None:
    """States cloned or determinized from one another: each in turn plays ``steps`` random
    decisions, and no other side's JSON may change."""
    texts = [x.to_json() for x in sides]
    for i, x in enumerate(sides):
        play_on(x, random.Random(i), steps)
        others = [y.to_json() for j, y in enumerate(sides) if j != i]
        assert others == [t for j, t in enumerate(texts) if j != i], f"side {i} changed another side"
        texts[i] = x.to_json()
