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


def components(s) -> tuple:
    """Component number of every city over the built routes (+ the Sekhmet route); cached."""
    comp = s._comp
    if comp is None:
        pk = s.pk
        parent = list(range(pk.nc))
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
        out = []
        for x in range(pk.nc):
            while parent[x] != x:
                x = parent[x]
            out.append(x)
        comp = s._comp = tuple(out)
        s._cm = None
    return comp


def board_masks(s) -> tuple:
    """``(comp, cm, dm, empty)`` for the current position, cached in ``s._cm`` until a cube moves,
    a pyramid is built or the network changes (a tuple, so clones may share it):

    ``comp`` component of each city; ``cm`` fruits present anywhere in each component (indexed
    by component); ``dm`` per city the fruits that could be delivered there (in its component,
    not yet in the city, no pyramid); ``empty`` whether a city without fruit or pyramid exists.
    """
    bm = s._cm
    if bm is None:
        comp = components(s)
        nc = s.pk.nc
        cm = [0] * nc
        cmask, pyr = s.cmask, s.pyr
        for x in range(nc):
            cm[comp[x]] |= cmask[x]
        dm = []
        empty = False
        for x in range(nc):
            if pyr[x] < 0:
                m = cmask[x]
                dm.append(cm[comp[x]] & ~m)
                if not m:
                    empty = True
            else:
                dm.append(0)
        bm = s._cm = (comp, cm, dm, empty)
    return bm


def longest_route_cities(s, p: int) -> int:
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
