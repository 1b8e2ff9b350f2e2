"""Moving fruit along railways (section 7 of the spec) and the longest route of SETH HENRY HARRIMAN.

A fruit cube may travel from any city to any other along a chain of routes each holding at
least one train of any player, through any number of cities, pyramid cities included
(CC-TRANS-01, CC-TRANS-02, CC-ACT-PYR-08, CC-Q-10 reading a; CC-TRANS-04 settled that way).
The holder of SEKHMET HUNTINGTON may add one unbuilt route for their turn (CC-TRANS-03). So
the engine needs only the connected components of that graph: a cube at ``y`` can reach ``x``
exactly when both lie in one component, and the legal actions name the source city, never a
path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState


def components(s: CabooseState) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(comp, groups)`` over the built routes (+ the Sekhmet route), cached in ``s._comp``:
    ``comp[x]`` the cities of x's component in ascending order (one tuple shared by its members),
    ``groups`` the components of two or more cities."""
    net = s._comp
    if net is None:
        pk = s.pk
        nc = pk.nc
        parent = list(range(nc))
        rown, sek = s.rown, s.sekhmet
        ra, rb = pk.route_a, pk.route_b
        for r in range(pk.nr):
            if rown[r] or r == sek:  # CC-TRANS-01 built routes; CC-TRANS-03 Sekhmet's unbuilt one
                a, b = ra[r], rb[r]
                while parent[a] != a:
                    a = parent[a]
                while parent[b] != b:
                    b = parent[b]
                if a != b:
                    parent[b] = a
        members: list[list[int]] = [[] for _ in range(nc)]
        for x in range(nc):
            root = x
            while parent[root] != root:
                root = parent[root]
            members[root].append(x)
        comp: list[tuple[int, ...]] = [()] * nc
        groups: list[tuple[int, ...]] = []
        for m in members:
            if m:
                g = tuple(m)
                for x in g:
                    comp[x] = g
                if len(g) > 1:
                    groups.append(g)
        net = s._comp = (tuple(comp), tuple(groups))
        s._cm = None
    return net


def link(s: CabooseState, r: int) -> None:
    """Route ``r`` joined the network (its first train, or the Sekhmet route): merge its two
    components in the cached ones instead of searching the graph again; the board masks change
    for the merged component's cities alone (``board_masks``)."""
    net = s._comp
    if net is None:
        s._cm = None
        return
    comp, groups = net
    pk = s.pk
    ga, gb = comp[pk.route_a[r]], comp[pk.route_b[r]]
    if ga is not gb:
        g = tuple(sorted(ga + gb))
        joined = list(comp)
        for x in g:
            joined[x] = g
        s._comp = (tuple(joined), tuple(h for h in groups if h is not ga and h is not gb) + (g,))
        for x in g:
            s._dirty |= 1 << x


def board_masks(s: CabooseState) -> tuple[list[int], list[int], bool]:
    """``(sites, dm, empty)`` for the current position, cached in ``s._cm`` (a tuple, so clones
    may share it) until the network is worked out anew; when cities gain or lose a kind of fruit,
    get a pyramid or join a component (``s._dirty``), only their components are worked out again
    (``_refresh``):

    ``sites`` per city the fruit sets a building there could be supplied with from its component:
    bit ``m`` set when all the fruits of mask ``m`` are present in it (bit 0 always; whether the
    city holds a pyramid is the caller's to check); ``dm`` per city the fruits that could be
    delivered there (reachable, not yet in the city, no pyramid); ``empty`` whether a city without
    fruit or pyramid exists.
    """
    bm = s._cm
    if bm is not None:
        return bm if not s._dirty else _refresh(s, bm)
    s._dirty = 0
    groups = components(s)[1]
    cmask, pyr = s.cmask, s.pyr
    nc = len(cmask)
    reach = cmask.copy()  # a city alone reaches only its own fruit, and delivers nothing
    dm = [0] * nc
    for g in groups:
        m = 0
        for x in g:
            m |= cmask[x]
        for x in g:
            reach[x] = m
            dm[x] = m & ~cmask[x]
    subsets = s.pk.subsets
    sites = [subsets[m] for m in reach]
    free = pyr.count(-1)
    if free != nc:
        for x in range(nc):
            if pyr[x] >= 0:
                dm[x] = 0
    # a pyramid city holds no fruit (CC-ACT-PYR-01, CC-Q-17): some other city is empty exactly
    # when more cities lack fruit than hold pyramids
    bm = s._cm = (sites, dm, cmask.count(0) > nc - free)
    return bm


def _refresh(s: CabooseState, bm: tuple[list[int], list[int], bool]) -> tuple[list[int], list[int], bool]:
    """``board_masks`` after the cities ``s._dirty`` changed: new lists (the old ones may be a
    clone's), recomputed for those cities' components alone."""
    dirty = s._dirty
    s._dirty = 0
    comp = components(s)[0]
    cmask, pyr, subsets = s.cmask, s.pyr, s.pk.subsets
    sites, dm = bm[0].copy(), bm[1].copy()
    while dirty:
        g = comp[(dirty & -dirty).bit_length() - 1]
        m = 0
        for x in g:
            m |= cmask[x]
        sub = subsets[m]
        for x in g:
            sites[x] = sub
            dm[x] = 0 if pyr[x] >= 0 else m & ~cmask[x]
            dirty &= ~(1 << x)
    bm = s._cm = (sites, dm, cmask.count(0) > len(cmask) - pyr.count(-1))  # as ``board_masks``
    return bm


def longest_route_cities(s: CabooseState, p: int) -> int:
    """Cities on ``p``'s longest simple path over routes holding p's trains (CC-Q-24); 0 if none."""
    pk, P, rt = s.pk, s.players, s.rt
    adj: dict[int, list[int]] = {}
    for r in range(pk.nr):
        if rt[r * P + p]:
            a, b = pk.route_a[r], pk.route_b[r]
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
    if not adj:
        return 0
    best = 0
    seen = set()

    def walk(x: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        seen.add(x)
        for y in adj[x]:
            if y not in seen:
                walk(y, length + 1)
        seen.discard(x)

    for x in adj:
        walk(x, 0)
    return best + 1
