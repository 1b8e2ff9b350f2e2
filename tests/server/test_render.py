"""A board patch (``render.board_patch``) applied as docs/protocol.md tells a client to apply it
gives the new board back exactly, whatever changed; and it is left out when it would not be
much smaller than the board."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asztal import games
from asztal.server.render import PATCH_WORTH, board_patch, draw
from tests.server.wire import patched_board

PIECES = st.lists(st.sampled_from(["<g", "<rect x=\"1\"/", "<text", "Anna", "</g", "", "<path d=\"M0 0\"/"]),
                  max_size=60)


@given(PIECES, PIECES)
@settings(max_examples=300, deadline=None)
def test_a_patch_turns_the_old_board_into_the_new(old, new):
    a, b = ">".join(old), ">".join(new)
    patch = board_patch(a, b)
    if patch is not None:
        assert patched_board(a, patch) == b
        assert sum(16 + len(t or "") for _, _, t in patch) <= PATCH_WORTH * len(b) + 16


def test_successive_boards_of_real_games_are_sent_as_small_patches():
    """Each game's board after a move is a small patch of the one before (a tenth or so)."""
    for name, players in (("pax", 2), ("caboose", 3), ("pocketciv", 1)):
        state = games.load(name).new_game(players=players, seed=5)
        rng = random.Random(5)
        prev, patched, whole, sizes = None, 0, 0, []
        for _ in range(30):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()).code)
            svg, patch = draw(name, state.view(0), [], "hu", None, None, prev)
            if patch is not None:
                assert patched_board(prev, patch) == svg
                patched += 1
                sizes.append(sum(len(t or "") for _, _, t in patch) / len(svg))
            elif prev is not None and prev != svg:
                whole += 1
            prev = svg
        assert patched > whole, name
        assert sorted(sizes)[len(sizes) // 2] < 0.25, (name, sorted(sizes))
