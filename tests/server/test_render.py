"""A board patch (``render.board_patch``) applied as docs/protocol.md tells a client to apply it
gives the new board back exactly, whatever changed; and it is left out when it would not be
much smaller than the board."""

from __future__ import annotations

import asyncio
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


def test_a_drawing_process_answers_a_long_batch_in_pieces_each_board_exact(monkeypatch):
    """A drawing process sends the boards of a batch as it draws them (here after every board),
    the batch's last piece saying so; every job still gets its own board and patch, exactly as
    drawn here, and the jobs queued meanwhile go as the next batch once the last piece is in."""
    from asztal.server import render

    monkeypatch.setattr(render, "ANSWER_EVERY", 0.0)  # forked below: the process has it too
    state = games.load("pax").new_game(players=2, seed=9)
    rng = random.Random(9)
    views = []
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()).code)
        views.append(state.view(0))
    boards = render.Boards(1)
    boards.start("fork")
    events: list[tuple[str, int, bool]] = []
    send, answer = boards._send, boards._answer

    def sending(k: int) -> None:
        events.append(("send", len(boards.waiting[k]), False))
        send(k)

    def answering(k: int, answers: list, last: bool) -> None:
        events.append(("answer", len(answers), last))
        answer(k, answers, last)

    monkeypatch.setattr(boards, "_send", sending)
    monkeypatch.setattr(boards, "_answer", answering)

    async def run() -> list[tuple[str | None, list | None]]:
        try:
            return await both()
        finally:
            boards.close()  # in the loop: its pipes' transports are the loop's

    async def both() -> list[tuple[str | None, list | None]]:
        first = [boards.draw(("g", 0, "hu"), k or None, k + 1, ("pax", v, [], "hu", None, None))
                 for k, v in enumerate(views[:3])]
        tasks = [asyncio.ensure_future(job) for job in first]
        await asyncio.sleep(0)  # the first batch is sent; the rest wait for its last piece
        later = [asyncio.ensure_future(boards.draw(("h", None, "en"), None, 1, ("pax", v, [], "en", None, None)))
                 for v in views[3:]]
        return list(await asyncio.gather(*tasks, *later))

    got = asyncio.run(run())
    busy = False
    for kind, n, last in events:  # one batch in flight: the next is sent only after the last piece
        if kind == "send" and n:
            assert not busy, events
            busy = True
        elif kind == "answer":
            assert busy and n == 1, events  # a piece per board (ANSWER_EVERY 0)
            busy = not last
    assert sum(n for kind, n, _ in events if kind == "answer") == 6
    assert ("answer", 1, False) in events  # some batch came in pieces
    prev = None
    for (svg, patch), view in zip(got[:3], views[:3], strict=True):
        assert (svg, patch) == draw("pax", view, [], "hu", None, None, prev)
        prev = svg
    for (svg, _), view in zip(got[3:], views[3:], strict=True):
        assert svg == draw("pax", view, [], "en", None, None, None)[0]
