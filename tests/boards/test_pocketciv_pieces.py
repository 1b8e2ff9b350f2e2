"""Issue 36: on the PocketCiv board nothing an area holds covers its number or another piece,
however few cells the area has (a drawn map may have a one-cell area).

``board._in_cell`` gives the places of n pieces inside one cell and their size; here each
piece is taken as its largest box, and the boxes must be apart and inside the cell. The
browser draws them (``tests/web/test_layout.py``) and measures the real boxes.
"""

from __future__ import annotations

import itertools
import math

import pytest

from asztal.games.pocketciv.board import _in_cell, _slots

#: the largest piece alone in a cell, in the map's unit (``_Map.k``; the board draws a piece at
#: 1.5 units): a forest's two trees are 1.3 pieces wide, a volcano 1.15 pieces tall
WIDEST, TALLEST = 1.3 * 1.5, 1.15 * 1.5
#: a pointy-top cell: 2 units up and down, sqrt(3) to each side
HALF_WIDTH = math.sqrt(3)


def _inside_cell(x: float, y: float) -> bool:
    return abs(x) <= HALF_WIDTH + 1e-9 and abs(y) <= 2 - abs(x) / HALF_WIDTH + 1e-9


@pytest.mark.parametrize("n", range(1, 17))
def test_pieces_sharing_a_cell_keep_apart_and_inside_it(n):
    size, offsets = _in_cell(n)
    assert len(offsets) == n and 0 < size <= 1
    w, h = WIDEST * size / 2, TALLEST * size / 2
    boxes = [(x - w, y - h, x + w, y + h) for x, y in offsets]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (n, a, b)
    for x0, y0, x1, y1 in boxes:
        assert all(_inside_cell(x, y) for x in (x0, x1) for y in (y0, y1)), (n, x0, y0, x1, y1)


def test_an_area_shares_its_pieces_out_over_its_cells():
    """One piece a cell, whole, while there are cells enough (the board as before issue 36); a
    one-cell area puts all in its one cell; otherwise the first cells (nearest the area's middle)
    take one more, and the area's pieces are all drawn at the smallest size any cell needs."""
    cells = [(0.0, 0.0), (10.0, 0.0), (20.0, 0.0)]
    assert _slots(cells, 2, 1.0) == (cells[:2], 1.0)
    one, size = _slots(cells[:1], 6, 1.0)
    assert len(one) == 6 and size == _in_cell(6)[0]
    spread, size = _slots(cells, 4, 2.0)
    assert spread[:2] == [(-0.85 * 2, 0.0), (0.85 * 2, 0.0)] and spread[2:] == cells[1:]
    assert size == _in_cell(2)[0]
