"""3.1 Creating the map (A játéktér létrehozása): the generator, hand-made maps, the Board.

The book has the player draw the map; here ``generate_map(rng)`` draws one from the seed.
The Empire is a disc of hexagonal cells split into 8 connected areas. On a hexagonal grid
exactly three cells meet at every corner, so no border point ever touches more than three
areas (``PC-SETUP-MAP-03``); the ring of cells around the disc is split into one arc of
Frontier (bordering 4 or 5 areas) and the Sea (the rest of the rim).

A map is a JSON object (see docs/formats/pocketciv.md)::

    {"areas": [{"number": 1, "neighbours": [2, 5], "frontier": true, "sea": false,
                "mountain": true, "forest": false, "desert": false,
                "cells": [[q, r], ...], "polygon": [[x, y], ...]}, ...],
     "frontier": {"cells": [...], "polygon": [...]}, "sea": {"cells": [...], "polygon": [...]},
     "x_scale": 1.7320508}

Polygon x coordinates are multiplied by ``x_scale`` to draw regular hexagons.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, cast

from asztal.engine.action import Action
from asztal.engine.errors import brief
from asztal.engine.fields import listed, obj
from asztal.engine.rng import Rng
from asztal.games.pocketciv.actions import MOVE, SAIL
from asztal.games.pocketciv.data import BITS, MAXAREA, NAREA
from asztal.games.pocketciv.map import (
    CELL_CORNERS,
    DISC,
    NEI,
    PAIRS,
    RIM,
    RIM_TOUCH,
    SYMMETRIES,
    X_SCALE,
    canvas,
    distance,
    outline,
    symmetries_of,
    touching,
)
from asztal.games.pocketciv.map_errors import MapError, map_error_text  # noqa: F401 (map part: its errors' words)

#: how a generated solo board was made: pool partition, symmetry, area numbers, the Frontier's rim cells
Geometry = tuple[int, int, tuple[int, ...], tuple[int, ...]]


def has_hole(owner: Sequence[int], area: int) -> bool:
    """Euler characteristic of the area's cells: V - E + F = 1 for a disc, less with holes."""
    cells = [i for i, o in enumerate(owner) if o == area]
    inner = sum(1 for i, j in PAIRS if owner[i] == area and owner[j] == area)
    corners = {k for i in cells for k in CELL_CORNERS[i]}
    return len(corners) - (6 * len(cells) - inner) + len(cells) != 1


def grow_partition(rng: Rng) -> list[int] | None:
    """Split the disc into 8 connected areas by balanced random growth from 8 seeds that
    stand at least 2 cells apart; None if the seeds do not fit or an area has a hole."""
    owner = [-1] * len(DISC)
    seeds: list[int] = []
    cand = list(range(len(DISC)))
    rng.shuffle(cand, "pocketciv.map")
    for i in cand:
        q, r = DISC[i]
        if all(distance(q - DISC[j][0], r - DISC[j][1]) >= 2 for j in seeds):
            seeds.append(i)
            if len(seeds) == NAREA:
                break
    if len(seeds) < NAREA:
        return None
    sizes = [1] * NAREA
    border: list[set[int]] = [set() for _ in range(NAREA)]
    for a, i in enumerate(seeds):
        owner[i] = a
    for a, i in enumerate(seeds):
        border[a].update(j for j in NEI[i] if owner[j] == -1)
    for _ in range(len(DISC) - NAREA):
        smallest = min(sizes[a] for a in range(NAREA) if border[a])
        options = [a for a in range(NAREA) if border[a] and sizes[a] == smallest]
        a = options[rng.below(len(options), "pocketciv.map")]
        grow = sorted(border[a])
        cell = grow[rng.below(len(grow), "pocketciv.map")]
        owner[cell] = a
        sizes[a] += 1
        for b in border:
            b.discard(cell)
        border[a].update(j for j in NEI[cell] if owner[j] == -1)
    if any(has_hole(owner, a) for a in range(NAREA)):
        return None
    if len({owner[j] for t in RIM_TOUCH for j in t}) < 5:
        return None
    return owner


def _load_pool() -> tuple[tuple[int, ...], ...]:
    path = Path(__file__).with_name("data") / "map_pool.json"
    try:
        return tuple(tuple(int(ch) for ch in p) for p in json.loads(path.read_text(encoding="utf-8"))["partitions"])
    except OSError:
        return ()


#: partitions made by ``grow_partition`` (``python -m asztal.games.pocketciv.setup`` rebuilds it);
#: a game takes one at random, turned and mirrored at random, so that setting up stays fast
POOL = _load_pool()


#: how each disc symmetry maps the rim cells
RIM_PERM = symmetries_of(RIM)
PERMUTATIONS = tuple(itertools.permutations(range(NAREA)))
FIVE_OF_EIGHT = tuple(frozenset(c) for c in itertools.combinations(range(NAREA), 5))
#: the same choices as flags per area (a board's terrain rows), made once
FIVE_OF_EIGHT_FLAGS = tuple(tuple(a in c for a in range(NAREA)) for c in FIVE_OF_EIGHT)
#: a pool partition's adjacency masks, the areas each rim cell touches (a bit mask of areas, before
#: numbering), each area's neighbours
PoolInfo = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
_POOL_INFO: dict[int, PoolInfo] = {}


def _pool_info(k: int) -> PoolInfo:
    """Adjacency masks and rim contacts of pool partition ``k`` (worked out once)."""
    info = _POOL_INFO.get(k)
    if info is None:
        owner = POOL[k]
        adj = [0] * NAREA
        for i, j in PAIRS:
            a, b = owner[i], owner[j]
            if a != b:
                adj[a] |= BITS[b]
                adj[b] |= BITS[a]
        touch = tuple(sum({BITS[owner[j]] for j in t}) for t in RIM_TOUCH)
        nbrs = tuple(tuple(p for p in range(NAREA) if adj[o] >> p & 1) for o in range(NAREA))
        info = _POOL_INFO[k] = (tuple(adj), touch, nbrs)
    return info


def _partition_owner(geometry: Geometry) -> list[int]:
    """The cells' area indices (before numbering) of a generated board."""
    pool_k, sym = geometry[0], geometry[1]
    base = POOL[pool_k]
    perm = SYMMETRIES[sym]
    return [base[perm[k]] for k in range(len(DISC))]


def generate_board(rng: Rng) -> Board:
    """A valid random map (PC-SETUP-MAP-01..11), drawn from ``rng``: a partition from the
    pool, turned/mirrored at random, a Frontier arc, numbers and terrain at random."""
    while True:
        pool_k = rng.below(len(POOL), "pocketciv.map")
        sym = rng.below(len(SYMMETRIES), "pocketciv.map")
        _, touch0, nbrs0 = _pool_info(pool_k)
        rp = RIM_PERM[sym]
        touch = [touch0[rp[i]] for i in range(len(RIM))]
        arc = _frontier_arc(rng, touch)
        if arc is not None:
            break
    numbers = list(PERMUTATIONS[rng.below(len(PERMUTATIONS), "pocketciv.map")])  # PC-SETUP-MAP-04: 1-8 at random
    in_arc = [False] * len(RIM)
    for i in arc:
        in_arc[i] = True
    fmask = cmask = 0  # the areas (before numbering) the Frontier and the Sea border
    for i, t in enumerate(touch):
        if in_arc[i]:
            fmask |= t
        else:
            cmask |= t
    frontier = [False] * NAREA
    coastal = [False] * NAREA
    for o in range(NAREA):
        if fmask >> o & 1:
            frontier[numbers[o]] = True
        if cmask >> o & 1:
            coastal[numbers[o]] = True
    adj: list[tuple[int, ...]] = [()] * NAREA
    for o in range(NAREA):
        adj[numbers[o]] = tuple(sorted([numbers[p] for p in nbrs0[o]]))
    # PC-SETUP-MAP-08/09: 5 mountains and, independently, 5 forests
    m = rng.below(len(FIVE_OF_EIGHT), "pocketciv.map")
    f = rng.below(len(FIVE_OF_EIGHT), "pocketciv.map")
    deserts = place_deserts(rng, FIVE_OF_EIGHT[m], FIVE_OF_EIGHT[f])
    terrain = (FIVE_OF_EIGHT_FLAGS[m], FIVE_OF_EIGHT_FLAGS[f], tuple(a in deserts for a in range(NAREA)))
    return Board(tuple(adj), tuple(frontier), tuple(coastal), terrain,
                 geometry=(pool_k, sym, tuple(numbers), tuple(arc)))


def geometry_json(board: Board) -> dict[str, Any]:
    """The full map JSON of a generated board, polygons included."""
    numbers, arc = board.geometry[2], board.geometry[3]
    owner = [numbers[o] for o in _partition_owner(board.geometry)]
    cells = [[DISC[i] for i in range(len(DISC)) if owner[i] == a] for a in range(NAREA)]
    arcset = set(arc)
    frontier_cells = [RIM[i] for i in arc]
    sea_cells = [c for i, c in enumerate(RIM) if i not in arcset]
    mountain, forest, desert = board.terrain
    areas = [{"number": a + 1, "neighbours": [n + 1 for n in board.adj[a]], "frontier": board.frontier[a],
              "sea": board.coastal[a], "mountain": mountain[a], "forest": forest[a], "desert": desert[a],
              "cells": [list(c) for c in cells[a]], "polygon": outline(cells[a])[0]} for a in range(NAREA)]
    return {"areas": areas,
            "frontier": {"cells": [list(c) for c in frontier_cells], "polygon": outline(frontier_cells)[0]},
            "sea": {"cells": [list(c) for c in sea_cells], "polygon": outline(sea_cells)[0]},
            "x_scale": X_SCALE}


def generate_map(rng: Rng) -> dict[str, Any]:
    return generate_board(rng).data


def _frontier_arc(rng: Rng, touch: Sequence[int]) -> list[int] | None:
    """PC-SETUP-MAP-05/06: a run of rim cells bordering exactly 4 or 5 areas; the rest is Sea.
    ``touch``: the areas each rim cell borders, as bit masks (a union is an or, its size a bit
    count: no set is made per cell)."""
    n = len(RIM)
    for _ in range(20):
        want = 4 + rng.below(2, "pocketciv.map")
        start = rng.below(n, "pocketciv.map")
        arc: list[int] = []
        seen = 0
        for k in range(n - 1):
            i = (start + k) % n
            new = seen | touch[i]
            if new.bit_count() > want:
                break
            arc.append(i)
            seen = new
        if seen.bit_count() == want and len(arc) < n:
            return arc
    return None


def place_deserts(rng: Rng, mountains: AbstractSet[int], forests: AbstractSet[int]) -> set[int]:
    """PC-SETUP-MAP-10/11: a desert wherever there is neither mountain nor forest, else one
    desert in a forest-free area (chosen at random)."""
    bare = {a for a in range(NAREA) if a not in mountains and a not in forests}
    if bare:
        return bare
    free = [a for a in range(NAREA) if a not in forests]
    return {free[rng.below(len(free), "pocketciv.map")]}


#: what a map may hold for drawing: cell and corner coordinates are small integers (a generated
#: solo map spans -4..4, a 4-player one about -12..12), a bounded number of them
MAX_COORD = 256
MAX_CELLS = 1000
AREA_KEYS = frozenset({"number", "id", "neighbours", "frontier", "sea", "mountain", "forest", "desert", "cells",
                       "polygon"})
MAP_KEYS = frozenset({"areas", "frontier", "sea", "x_scale"})
_REGION_KEYS = frozenset({"cells", "polygon", "polygons"})


def _points(v: Any, field: str) -> int:
    """A list of ``[x, y]`` integer pairs within the drawing bounds; returns how many."""
    listed(v, field, 0, MAX_CELLS)
    for p in v:
        if not (isinstance(p, list) and len(p) == 2
                and all(type(c) is int and -MAX_COORD <= c <= MAX_COORD for c in p)):
            raise MapError("points", field=field, lo=-MAX_COORD, hi=MAX_COORD)
    return len(v)


def check_geometry(m: dict[str, Any], areas: list[Any]) -> None:
    """The drawing part of a map (cells, polygons, ``x_scale``) is bounded before anything is
    drawn or allocated: a cell numbered ``10**7`` would make the board millions of characters wide."""
    obj(m, "map", MAP_KEYS)
    total = 0
    for a in areas:
        obj(a, "map area", AREA_KEYS)
        if "cells" in a:
            total += _points(a["cells"], "map area cells")
        if "polygon" in a:
            total += _points(a["polygon"], "map area polygon")
    for key in ("frontier", "sea"):
        if m.get(key) is None:
            continue
        region = obj(m[key], f"map {key}", _REGION_KEYS)
        if "cells" in region:
            total += _points(region["cells"], f"map {key} cells")
        if "polygon" in region:
            total += _points(region["polygon"], f"map {key} polygon")
        for poly in listed(region.get("polygons", []), f"map {key} polygons", 0, 64):
            total += _points(poly, f"map {key} polygons")
    if total > MAX_CELLS:
        raise MapError("too_many_cells", max=MAX_CELLS, n=total)
    if "x_scale" in m:
        x = m["x_scale"]
        if type(x) not in (int, float) or not 0.1 <= x <= 10:
            raise MapError("x_scale")


#: the radius of the map editor's canvas: the disc of the generated maps (radius 3) and room around it
EDITOR_RADIUS = 5


def editor_canvas() -> dict[str, Any]:
    """The cells the map editor lets a player paint, with their corners (``map.canvas``)."""
    return canvas(EDITOR_RADIUS)


def map_from_cells(m: dict[str, Any]) -> dict[str, Any]:
    """A hand-drawn map (the map editor's areas, Frontier and Sea as painted cells) made a
    map file: what follows from the cells (neighbours, Frontier, Sea, outlines) filled in,
    then checked by the map rules (``check_map``; ``MapError`` says what is wrong)."""
    areas = m.get("areas")
    if not isinstance(areas, list):
        raise MapError("not_object")
    owner: dict[tuple[int, int], Any] = {}
    for key in ("frontier", "sea"):
        for c in (m.get(key) or {}).get("cells") or []:
            owner[(int(c[0]), int(c[1]))] = key
    for a in areas:
        for c in a.get("cells") or []:
            owner[(int(c[0]), int(c[1]))] = a.get("number")
    filled = []
    for a in areas:
        cells = [(int(c[0]), int(c[1])) for c in a.get("cells") or []]
        if not cells:
            raise MapError("no_cells", area=a.get("number"))
        touch = touching(cells, owner) - {a.get("number"), None}
        nb = sorted(x for x in touch if isinstance(x, int))
        loops = outline(cells)
        if len(loops) != 1:
            raise MapError("one_piece", area=a.get("number"))
        filled.append({**a, "neighbours": nb, "frontier": "frontier" in touch, "sea": "sea" in touch,
                       "cells": [list(c) for c in cells], "polygon": loops[0]})
    out = {**m, "areas": filled, "x_scale": X_SCALE}
    for key in ("frontier", "sea"):
        cells = (m.get(key) or {}).get("cells") or []
        if cells:
            out[key] = {"cells": cells, "polygon": outline([tuple(c) for c in cells])[0]}
    return check_map(out)


def check_map(obj: Any) -> dict[str, Any]:
    """Validate a hand-made map; return it normalised. Raises ValueError with one line."""
    if not isinstance(obj, dict) or not isinstance(obj.get("areas"), list):
        raise MapError("not_object")
    areas = obj["areas"]
    if len(areas) != NAREA:
        raise MapError("area_count", n=len(areas))
    by_num = {}
    for a in areas:
        if not isinstance(a, dict):
            raise MapError("area_not_object")
        num = a.get("number")
        if not isinstance(num, int) or isinstance(num, bool) or not 1 <= num <= NAREA or num in by_num:
            raise MapError("area_numbers", bad=brief(num))
        by_num[num] = a
    check_geometry(obj, areas)
    norm = []
    for num in range(1, NAREA + 1):
        a = by_num[num]
        nb = a.get("neighbours")
        if not isinstance(nb, list) or not nb or len(nb) > NAREA or any(not isinstance(x, int) or isinstance(x, bool)
                                                        or not 1 <= x <= NAREA or x == num for x in nb):
            raise MapError("neighbours", area=num)
        for key in ("frontier", "sea", "mountain", "forest"):
            if not isinstance(a.get(key), bool):
                raise MapError("flag", area=num, flag=key)
        if "desert" in a and not isinstance(a["desert"], bool):
            raise MapError("flag", area=num, flag="desert")
        norm.append({**a, "neighbours": sorted(set(nb))})
    for a in norm:
        for x in a["neighbours"]:
            if a["number"] not in norm[x - 1]["neighbours"]:
                raise MapError("disagree", a=a["number"], b=x)
    seen, todo = {1}, [1]
    while todo:
        for x in norm[todo.pop() - 1]["neighbours"]:
            if x not in seen:
                seen.add(x)
                todo.append(x)
    if len(seen) != NAREA:
        raise MapError("connected")
    if sum(len(a["neighbours"]) for a in norm) // 2 > 3 * NAREA - 6:
        raise MapError("too_many_borders")
    nfr = sum(a["frontier"] for a in norm)
    if nfr not in (4, 5):
        raise MapError("frontier", n=nfr)
    if not any(a["sea"] for a in norm):
        raise MapError("sea")
    for key in ("mountain", "forest"):
        k = sum(a[key] for a in norm)
        if k != 5:
            raise MapError(key + "s", n=k)
    if any("desert" in a for a in norm):
        if not all("desert" in a for a in norm):
            raise MapError("desert_all_or_none")
        bare = {a["number"] for a in norm if not a["mountain"] and not a["forest"]}
        des = {a["number"] for a in norm if a["desert"]}
        if bare and des != bare:
            raise MapError("desert_bare")
        if not bare and (len(des) != 1 or any(norm[d - 1]["forest"] for d in des)):
            raise MapError("desert_one")
    out = dict(obj)
    out["areas"] = norm
    return out


def _by_mask(table: tuple[tuple[Action | None, ...], ...], pair: bool) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Per area and target mask the actions (``pair``: with their group key) to the areas of the mask."""
    return tuple(tuple(tuple(((a * MAXAREA + b, table[a][b]) if pair else table[a][b])
                             for b in range(NAREA) if m >> b & 1 and b != a)
                       for m in range(1 << NAREA)) for a in range(NAREA))


#: MOVES_BY_MASK[a][mask]: the move actions from area a to the areas in mask (built once)
MOVES_BY_MASK: tuple[tuple[tuple[Action, ...], ...], ...] = _by_mask(MOVE, False)
SAILS_BY_MASK: tuple[tuple[tuple[tuple[int, Action], ...], ...], ...] = _by_mask(SAIL, True)


def set_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first (a walk over the bits, not over every area)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _moves_to(a: int, mask: int, n: int) -> tuple[Action, ...]:
    if n == NAREA:
        return MOVES_BY_MASK[a][mask]
    row = MOVE[a]  # b != a: never the empty place of the table's diagonal
    return cast("tuple[Action, ...]", tuple(row[b] for b in set_bits(mask & ~BITS[a])))


def _sails_to(a: int, mask: int, n: int) -> tuple[tuple[int, Action], ...]:
    if n == NAREA:
        return SAILS_BY_MASK[a][mask]
    row = SAIL[a]  # b != a: never the empty place of the table's diagonal
    return cast("tuple[tuple[int, Action], ...]", tuple((a * MAXAREA + b, row[b]) for b in set_bits(mask & ~BITS[a])))


class _Lazy:
    """The movement tables only advances use, built on a board's first need of them."""

    __slots__ = ("moves2", "moves_all", "sails1", "sails2")

    def __init__(self, moves2: tuple[tuple[Action, ...], ...], moves_all: tuple[tuple[Action, ...], ...],
                 sails1: tuple[tuple[tuple[int, Action], ...], ...],
                 sails2: tuple[tuple[tuple[int, Action], ...], ...]) -> None:
        self.moves2 = moves2
        self.moves_all = moves_all
        self.sails1 = sails1
        self.sails2 = sails2


def _by_number(number: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The areas that bear each number (index: the number), from each area's number."""
    by_number: list[list[int]] = [[] for _ in range(max(number) + 1)]
    for a in range(len(number)):
        by_number[number[a]].append(a)
    return tuple(map(tuple, by_number))


#: the solo map's numbering (area index + 1) and its areas by number
SOLO_NUMBERS = tuple(range(1, NAREA + 1))
SOLO_BY_NUMBER = _by_number(SOLO_NUMBERS)


class Board:
    """The fixed geography of one game (shared by clones, never changed): adjacency as
    tuples and bit masks, Frontier and Sea borders, starting terrain, movement reach, and
    (built on first use) the map JSON with its polygons. The movement tables that only
    advances use (Road Building, Equestrian, Fishing/Navigation) are built on first use too:
    most games never need them, and setting up a game stays cheap."""

    __slots__ = ("_data", "geometry", "terrain", "adj", "adjmask", "frontier", "coastal", "moves1", "_lazy",
                 "n", "areas", "allmask", "number", "by_number")
    n: int
    areas: range
    allmask: int
    number: tuple[int, ...]
    by_number: tuple[tuple[int, ...], ...]
    adj: tuple[tuple[int, ...], ...]
    adjmask: tuple[int, ...]
    frontier: tuple[bool, ...]
    coastal: tuple[bool, ...]
    terrain: tuple[tuple[bool, ...], ...]
    geometry: Any
    moves1: tuple[tuple[Action, ...], ...]
    _data: dict[str, Any] | None
    _lazy: _Lazy | None

    def __init__(self, adj: tuple[tuple[int, ...], ...], frontier: tuple[bool, ...], coastal: tuple[bool, ...],
                 terrain: tuple[tuple[bool, ...], ...], data: dict[str, Any] | None = None,
                 geometry: Geometry | None = None, number: Sequence[int] | None = None) -> None:
        """``number``: the number written in each area (1-8; each twice on the multiplayer
        map, PC-MP-MAP-02); by default area index + 1."""
        self.n = n = len(adj)
        self.areas = range(n)
        self.allmask = (1 << n) - 1
        if number is None and n == NAREA:  # the solo numbering: made once (a play-out starts a game each time)
            self.number, self.by_number = SOLO_NUMBERS, SOLO_BY_NUMBER
        else:
            self.number = number = tuple(range(1, n + 1)) if number is None else tuple(number)
            self.by_number = _by_number(number)
        self._data = data
        self.geometry = geometry
        self.terrain = terrain
        self.adj = adj
        masks = []
        for nb in adj:
            m = 0
            for x in nb:
                m |= BITS[x]
            masks.append(m)
        self.adjmask = adjmask = tuple(masks)
        self.frontier = frontier
        self.coastal = coastal
        self.moves1 = tuple(_moves_to(a, adjmask[a], n) for a in range(n))  # PC-POP-05
        self._lazy = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as what it is made from (its tables are built again): a compiled class is
        not made without its arguments (OpenSpiel and Ray pickle states)."""
        return (Board, (self.adj, self.frontier, self.coastal, self.terrain, self._data, self.geometry,
                        self.number))

    def _tables(self) -> _Lazy:
        lazy = self._lazy
        if lazy is not None:
            return lazy
        adj, adjmask, coastal, n = self.adj, self.adjmask, self.coastal, self.n
        # PC-POP-08: two steps (Road Building)
        reach2 = []
        for a in range(n):
            m = adjmask[a]
            for x in adj[a]:
                m |= adjmask[x]
            reach2.append(m & ~BITS[a])
        # PC-POP-10/11, PC-Q-09: one Sea, so a voyage joins any two coastal areas
        coast = [a for a in range(n) if coastal[a]]
        coastmask = sum(BITS[a] for a in coast)
        sail = tuple((coastmask & ~BITS[a]) if coastal[a] else 0 for a in range(n))
        # with Road Building a voyage may be one of a tribe's two moves (PC-Q-09)
        s2 = []
        for a in range(n):
            m = sail[a]
            if m:
                for c in coast:
                    if c != a:
                        m |= adjmask[c]
            for c in adj[a]:
                m |= sail[c]
            s2.append(m & ~BITS[a])
        landmask = tuple(self.allmask & ~BITS[a] for a in range(n))  # PC-POP-09
        lazy = self._lazy = _Lazy(
            tuple(_moves_to(a, reach2[a], n) for a in range(n)),
            tuple(_moves_to(a, landmask[a], n) for a in range(n)),
            tuple(_sails_to(a, sail[a], n) for a in range(n)),
            tuple(_sails_to(a, s2[a], n) for a in range(n)),
        )
        return lazy

    @property
    def moves2(self) -> tuple[tuple[Action, ...], ...]:
        """PC-POP-08: the moves of up to two steps (Road Building), per area."""
        return self._tables().moves2

    @property
    def moves_all(self) -> tuple[tuple[Action, ...], ...]:
        """PC-POP-09: a move to any area by land (Equestrian), per area."""
        return self._tables().moves_all

    @property
    def sails1(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """PC-POP-10/11: the voyages (their group key and action), per area."""
        return self._tables().sails1

    @property
    def sails2(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """The voyages with Road Building (a voyage may be one of two moves, PC-Q-09)."""
        return self._tables().sails2

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        """A board from a validated map (``check_map``) whose areas all say 'desert'."""
        areas = data["areas"]
        terrain = tuple(tuple(bool(a[k]) for a in areas) for k in ("mountain", "forest", "desert"))
        return cls(tuple(tuple(n - 1 for n in a["neighbours"]) for a in areas),
                   tuple(bool(a["frontier"]) for a in areas), tuple(bool(a["sea"]) for a in areas),
                   terrain, data=data)

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            self._data = geometry_json(self)
        return self._data


def build_pool(n: int = 512, seed: int = 2008) -> list[str]:
    """Partitions for ``data/map_pool.json``, made by ``grow_partition``."""
    rng = Rng(seed)
    out: list[str] = []
    while len(out) < n:
        owner = grow_partition(rng)
        if owner is not None:
            out.append("".join(map(str, owner)))
    return out


if __name__ == "__main__":
    target = Path(__file__).with_name("data") / "map_pool.json"
    target.write_text(json.dumps({"what": "area partitions of the 37-cell hex disc made by grow_partition "
                                  "(cells in setup.DISC order); a game picks one and turns/mirrors it",
                                  "partitions": build_pool()}, indent=0) + "\n", encoding="utf-8")
