"""The hexagonal grid every PocketCiv map is drawn on: cells in axial coordinates, their
neighbours and corners, the disc of the solo map and the discs of the multiplayer map, the
symmetries of a disc and the outline of a set of cells.

One module for all hex geometry: the solo generator (``setup.py``), the multiplayer map
(``mp.py``) and the map editor's endpoint read it; nothing else computes neighbours or
corners of cells.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TypeVar

RADIUS = 3
#: the width of a cell over the unit of its integer corner coordinates (pointy-top hexagons)
X_SCALE = 3 ** 0.5
# axial neighbour directions, in the order of the hexagon's edges (pointy top, y down):
# NE, E, SE, SW, W, NW; corners top, upper right, lower right, bottom, lower left, upper left
#: what a cell's owner may be (``touching``)
T = TypeVar("T")

DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def distance(q: int, r: int) -> int:
    """Steps from the centre cell to cell (q, r)."""
    return max(abs(q), abs(r), abs(q + r))


def _ring(radius: int) -> list[tuple[int, int]]:
    """The cells at ``radius`` in cyclic order (by angle around the centre)."""
    cells = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
             if distance(q, r) == radius]
    return sorted(cells, key=lambda c: math.atan2(3 * c[1], (2 * c[0] + c[1]) * X_SCALE))


DISC = [(q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if distance(q, r) <= RADIUS]
INDEX = {c: i for i, c in enumerate(DISC)}
RIM = _ring(RADIUS + 1)
#: disc neighbours of each disc cell, and of each rim cell
NEI = tuple(tuple(INDEX[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in INDEX) for q, r in DISC)
RIM_TOUCH = tuple(tuple(INDEX[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in INDEX) for q, r in RIM)
PAIRS = tuple((i, j) for i in range(len(DISC)) for j in NEI[i] if i < j)
#: corner ids of each disc cell (for the hole test)
_CORNER_ID: dict[tuple[int, int], int] = {}
CELL_CORNERS = tuple(tuple(_CORNER_ID.setdefault((2 * q + r + cx, 3 * r + cy), len(_CORNER_ID)) for cx, cy in CORNERS)
                     for q, r in DISC)


def symmetries_of(cells: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """The 12 symmetries of the hexagonal disc (6 rotations, each also reflected) acting on
    ``cells`` (the disc or its rim): ``perm[k][i]`` is the index of the cell that cell ``i``
    goes to under symmetry ``k``."""
    index = {c: i for i, c in enumerate(cells)}
    out = []
    for refl in (False, True):
        for rot in range(6):
            perm = []
            for q, r in cells:
                if refl:
                    q, r = r, q
                for _ in range(rot):
                    q, r = -r, q + r
                perm.append(index[(q, r)])
            out.append(tuple(perm))
    return tuple(out)


SYMMETRIES = symmetries_of(DISC)


def outline(cells: Iterable[tuple[int, int]]) -> list[list[list[int]]]:
    """Boundary loops of a set of hex cells, as integer corner coordinates (x to be scaled)."""
    cellset = set(cells)
    nxt = {}
    # sorted, not the set's order (which follows the hash width: 64 bits natively, 32 in Pyodide):
    # each loop starts at the same corner on every build
    for q, r in sorted(cellset):
        cx, cy = 2 * q + r, 3 * r
        for i, (dq, dr) in enumerate(DIRS):
            if (q + dq, r + dr) not in cellset:
                a, b = CORNERS[i], CORNERS[(i + 1) % 6]
                nxt[(cx + a[0], cy + a[1])] = (cx + b[0], cy + b[1])
    loops = []
    while nxt:
        start, cur = next(iter(nxt.items()))
        loop = [list(start)]
        del nxt[start]
        while cur != start:
            loop.append(list(cur))
            cur = nxt.pop(cur)
        loops.append(loop)
    return loops



def canvas(radius: int) -> dict[str, list[list[int]] | float]:
    """The cells of a hexagonal canvas of ``radius`` around the centre, with each cell's
    centre and the corner offsets of a cell in integer coordinates (x to be multiplied by
    ``x_scale``): what the map editor draws, so it computes no geometry of its own."""
    cells = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if distance(q, r) <= radius]
    return {"cells": [[q, r] for q, r in cells], "centres": [[2 * q + r, 3 * r] for q, r in cells],
            "corners": [list(c) for c in CORNERS], "x_scale": X_SCALE}


def touching(cells: Iterable[tuple[int, int]], owner: dict[tuple[int, int], T]) -> set[T | None]:
    """The owners (``owner``: cell -> anything) of the cells next to ``cells``, the cells'
    own owners included."""
    return {owner.get((q + dq, r + dr)) for q, r in cells for dq, dr in DIRS}


# -- the larger map (PC-MP-MAP-01..03, PC-Q-25) ---------------------------------------------------
# One disc of the solo generator (8 areas) per player, the discs touching side by side: 16
# areas for two players (PC-MP-MAP-01); for three and four the book's changes "guide" the game
# (PC-MP-01), so each further player brings 8 more areas and every number is used once more
# (ruling PC-R-MP-MAP34).
CENTRES = ((0, 0), (7, -3), (3, 4), (10, 1))


def _geometry(discs: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...],
                                  tuple[tuple[tuple[int, int], tuple[int, ...]], ...]]:
    """The cells of ``discs`` discs side by side, their neighbour pairs, and the ring of
    outside cells in loop order with the cells each touches."""
    cells = tuple((q + dq, r + dr) for dq, dr in CENTRES[:discs] for q, r in DISC)
    index = {c: i for i, c in enumerate(cells)}
    pairs = tuple((i, j) for i, (q, r) in enumerate(cells) for dq, dr in DIRS
                  if (j := index.get((q + dq, r + dr), -1)) > i)
    # the outer boundary as (inner cell, outside cell) pairs in loop order
    nxt = {}
    for i, (q, r) in enumerate(cells):
        cx, cy = 2 * q + r, 3 * r
        for k, (dq, dr) in enumerate(DIRS):
            out = (q + dq, r + dr)
            if out not in index:
                a, b = CORNERS[k], CORNERS[(k + 1) % 6]
                nxt[(cx + a[0], cy + a[1])] = ((cx + b[0], cy + b[1]), i, out)
    start = min(nxt)
    loop: list[tuple[int, int]] = []
    cur, steps = start, 0
    while True:
        end, i, out = nxt[cur]
        if not loop or loop[-1] != out:
            loop.append(out)
        cur = end
        steps += 1
        if cur == start:
            break
    assert steps == len(nxt), "the discs must form one simple outline"
    if loop[0] == loop[-1]:
        loop.pop()
    # the outside cells in loop order, each with the union cells it touches
    rim = tuple((out, tuple(index[(out[0] + dq, out[1] + dr)] for dq, dr in DIRS
                            if (out[0] + dq, out[1] + dr) in index)) for out in loop)
    return cells, pairs, rim


GEOMETRY = {d: _geometry(d) for d in (2, 3, 4)}
