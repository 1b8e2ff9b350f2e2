"""Drawing boards off the event loop: the work of a ``state`` that costs the most.

A board is drawn (and compared with the one this view key was sent before, into a
``board_patch``) in a worker process of the bot pool's ``boards`` executor, so the event loop
spends a change's time on the move path and the sending, and a second core draws. Without
workers (``ASZTAL_RENDER_WORKERS=0``) the same functions run in the event loop.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from asztal import games

#: a board's patch is worth sending while it is shorter than this share of the whole board
PATCH_WORTH = 0.6


def board_module(game_name: str):
    """The game's SVG board (its declared ``board`` part), else None."""
    return games.load(game_name).part("board")


def board_tokens(svg: str) -> list[str]:
    """A board cut at every ``>``: the units a ``board_patch`` counts (the client cuts alike)."""
    return svg.split(">")


def board_patch(old: str, new: str, window: int = 64) -> list[list[Any]] | None:
    """``new`` as edits of ``old``: ``[[start, end, text], ...]`` in ``old``'s tokens, each
    replacing tokens ``start:end`` with ``text`` cut at ``>`` (``None``: with no tokens),
    in order. None when the edits would not be much shorter than the board itself.

    A linear walk that re-synchronises on the nearest common token ahead: a board's next
    drawing keeps its shapes in order and changes a few, so this finds small edits at a
    fraction of a general diff's cost."""
    a, b = board_tokens(old), board_tokens(new)
    n, m = len(a), len(b)
    i = 0
    while i < n and i < m and a[i] == b[i]:
        i += 1
    j = i
    tail = 0
    while tail < n - i and tail < m - i and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    n, m = n - tail, m - tail
    where: dict[str, list[int]] = {}
    for k in range(j, m):
        where.setdefault(b[k], []).append(k)
    ops: list[list[Any]] = []
    size = 0
    limit = PATCH_WORTH * len(new)
    while i < n and j < m:
        if a[i] == b[j]:
            i += 1
            j += 1
            continue
        best: tuple[int, int, int] | None = None
        for di in range(window):
            ii = i + di
            if ii >= n or (best is not None and di >= best[0]):
                break
            found = where.get(a[ii])
            if found:
                k = bisect_right(found, j - 1)
                if k < len(found):
                    cost = di + found[k] - j
                    if best is None or cost < best[0]:
                        best = (cost, ii, found[k])
        if best is None:
            break
        _, i2, j2 = best
        text = ">".join(b[j:j2]) if j2 > j else None
        ops.append([i, i2, text])
        size += 16 + (len(text) if text else 0)
        if size > limit:
            return None
        i, j = i2, j2
    if i < n or j < m:
        text = ">".join(b[j:m]) if m > j else None
        ops.append([i, n, text])
        size += 16 + (len(text) if text else 0)
    return None if size > limit else ops


def draw(game: str, view: dict[str, Any], legal: list[dict[str, Any]], lang: str,
         names: list[str] | None, last: list[dict[str, Any]] | None,
         prev: str | None) -> tuple[str | None, list[list[Any]] | None]:
    """One view key's board (``names``/``last``: as the browser's decoration gives them; None:
    the plain board) and its patch from ``prev`` (None when there is no useful one)."""
    board = board_module(game)
    if board is None:
        return None, None
    svg = (board.draw(view, legal, lang) if names is None
           else board.draw(view, legal, lang, names=names, last=last or []))
    patch = board_patch(prev, svg) if prev is not None and prev != svg else None
    return svg, patch
