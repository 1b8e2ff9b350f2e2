"""What a seat is shown never depends on what it cannot see (the PAX hand leak, issue 14).

Twin games: B is A with everything seat ``k`` cannot see resampled (``determinize``). The
twins are played on together: ``k``'s own moves are the same code in both; another seat's
move in A is matched in B by a move that leaves ``k``'s view (and a spectator's) the same,
which is how that move looks from ``k``'s chair. Then every text ``k`` and a spectator are
shown — the log lines as each reads them, the events handed to them, ``k``'s move labels
and codes, the error for a refused code, a hint — must be identical in the twins. When
chance makes the twins' public facts differ (a card turned up), B is re-made from A.
"""

from __future__ import annotations

import random
import sys

import pytest

from asztal import games
from asztal.bots import hint
from asztal.cli.show import log_lines
from asztal.engine import IllegalAction

CONFIGS = [(name, n) for name in ("pax", "pocketciv", "caboose")
           for n in range(games.load(name).min_players, games.load(name).max_players + 1)]
STEPS = 90


def shown(state, seat, since):
    """Everything of the log from ``since`` that ``seat`` is handed or shown, in both languages."""
    return (state.log_for(seat, since), log_lines(state, since, "hu", seat), log_lines(state, since, "en", seat))


def same_public(a, b, k):
    return a.view(k) == b.view(k) and a.view(None) == b.view(None)


def check_texts(a, b, k, since, where):
    for seat in (k, None):
        assert shown(a, seat, since) == shown(b, seat, since), f"{where}: seat {seat} is shown different log text"


def error_text(state, code):
    try:
        state.game.parse_action(state, code)
    except IllegalAction as e:
        return str(e)
    return None


def play_twins(name, players, k, seed):
    game = games.load(name)
    rnd = random.Random(seed)
    a = game.new_game(players, seed=seed)
    b = a.determinize(k, rnd.getrandbits(32))
    check_texts(a, b, k, 0, "setup")
    compared = hinted = 0
    for step in range(STEPS):
        if a.is_over:
            break
        since = len(a.log)
        acts = a.legal_actions()
        action = rnd.choice(acts)
        if a.to_move == k:
            assert [(x.code, x.hu, x.en) for x in acts] == [(x.code, x.hu, x.en) for x in b.legal_actions()], \
                f"step {step}: seat {k}'s options differ in twin games"
            refused = rnd.choice(["done:now", "play:card=nothing", "x"])
            assert error_text(a, refused) == error_text(b, refused)
            if not hinted and len(acts) > 1:
                assert hint(a, k, "hu", level="easy")[1] == hint(b, k, "hu", level="easy")[1]
                hinted = 1
            a.apply(action)
            b.apply(action.code)
            if same_public(a, b, k):
                check_texts(a, b, k, since, f"step {step} (seat {k}'s move)")
                compared += 1
                continue
        else:
            a.apply(action)
            # the moves of B that look from k's chair like A's move
            matches = []
            for other in b.legal_actions():
                twin = b.clone()
                twin.apply(other)
                if same_public(a, twin, k):
                    matches.append(twin)
            if matches:
                texts = [shown(t, k, since) + shown(t, None, since) for t in matches]
                assert shown(a, k, since) + shown(a, None, since) in texts, \
                    f"step {step}: another seat's move tells seat {k} something it cannot see: " \
                    f"{log_lines(a, since, 'en', k)} vs {log_lines(matches[0], since, 'en', k)}"
                b = matches[texts.index(shown(a, k, since) + shown(a, None, since))]
                compared += 1
                continue
        b = a.determinize(k, rnd.getrandbits(32))  # chance told k something new: new twins
    return compared


@pytest.mark.parametrize("name,players", CONFIGS)
def test_twin_games_show_a_seat_the_same_text(name, players, monkeypatch):
    # a hint is cut short after HINT_SECONDS on a busy machine; compare hints by iterations alone
    monkeypatch.setattr(sys.modules["asztal.bots.hint"], "HINT_SECONDS", 600.0)
    total = 0
    for k in range(players):
        total += play_twins(name, players, k, seed=1000 * players + k)
    assert total > STEPS // 3  # most steps were really compared, not skipped by chance
