"""The PocketCiv map and civilisation sheet as SVG, drawn from ``state.view(seat)``.

``draw(view, legal, lang)`` draws the generated map as the player would have drawn it: its
areas on the hex grid with their borders, the Frontier and the Sea around them, and in each
area its number, tribes, city (with its AV), farm, forest, mountain, volcano, desert, fault
and wonders. Areas the current event or choice concerns are outlined. Beside the map: era,
round, deck, the event card being resolved and what it does this era, the pending steps,
gold and VP, the advances (with their cost and effect on hover), and in multiplayer each
empire's colour and the Totem. Every legal action that names an area sits on that area
(several at once open a small menu in the client); acquiring an advance sits on the advance.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from typing import Any

from asztal.engine.action import Action
from asztal.games.pocketciv.data import (
    ADV_EN,
    ADV_GOLD,
    ADV_HU,
    ADV_INDEX,
    ADV_TRIBES,
    ADV_VP,
    BLUE,
    BOX,
    EVENT_NAMES,
    GOLD,
    GREEN,
    HAND,
    RED,
    WONDER_EN,
    WONDER_HU,
    WONDER_INDEX,
)
from asztal.games.pocketciv.items import effect
from asztal.games.pocketciv.map import X_SCALE
from asztal.games.pocketciv.messages import STEP_NAMES, steps_words
from asztal.games.pocketciv.result_words import result_sentences
from asztal.games.pocketciv.shown_card import NOT_READ, card_words, shown_card
from asztal.games.svg import Legal, Node, Svg, last_touched

W, H = 1200, 760
MAP_W, MAP_H = 740, 700
EMPIRE_COLOURS = ("#c0392b", "#2b6cb0", "#d4a017", "#7d3c98")


def _params(code: str) -> dict[str, str]:
    """``move:from=1,to=2`` -> {"from": "1", "to": "2"}."""
    _, _, rest = code.partition(":")
    out = {}
    for part in rest.split(","):
        k, eq, v = part.partition("=")
        if eq:
            out[k] = v
    return out


def _area_codes(legal: Legal) -> dict[str, list[str]]:
    """Legal codes by the area they name (``area=`` or ``from=``)."""
    out: dict[str, list[str]] = {}
    for code in legal.labels:
        p = _params(code)
        key = p.get("area") or p.get("from")
        if key is not None and not code.startswith("adv:"):
            out.setdefault(key, []).append(code)
    return out


class _Map:
    """Scales the map's integer corner coordinates into the map box."""

    def __init__(self, m: dict[str, Any]) -> None:
        self.xs = float(m.get("x_scale", X_SCALE))
        pts = [p for a in m["areas"] for p in a["polygon"]]
        for key in ("frontier", "sea"):
            region = m.get(key) or {}
            for poly in region.get("polygons") or [region.get("polygon") or []]:
                pts.extend(poly)
        x0 = min(p[0] for p in pts) * self.xs
        x1 = max(p[0] for p in pts) * self.xs
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        self.k = min((MAP_W - 40) / (x1 - x0), (MAP_H - 40) / (y1 - y0))
        self.ox = 20 + (MAP_W - 40 - (x1 - x0) * self.k) / 2 - x0 * self.k
        self.oy = 50 + (MAP_H - 40 - (y1 - y0) * self.k) / 2 - y0 * self.k

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.xs * self.k, self.oy + y * self.k

    def cell(self, q: int, r: int) -> tuple[float, float]:
        return self.pt(2 * q + r, 3 * r)


def _terrain_fill(a: dict[str, Any]) -> str:
    if a.get("desert"):
        return "#ecd9a0"
    if a.get("volcano"):
        return "#d9b3a0"
    if a.get("forest") and a.get("mountain"):
        return "#bccf9c"
    if a.get("forest"):
        return "#a9cf8f"
    if a.get("mountain"):
        return "#d3c8b4"
    return "#d6e6b0"


def _icon(svg: Svg, g: Node, kind: str, x: float, y: float, s: float) -> None:
    """The little pictures an area holds, sized ``s``."""
    if kind == "forest":
        for dx in (-s * 0.35, s * 0.35):
            svg.poly(g, [(x + dx, y - s * 0.55), (x + dx - s * 0.3, y + s * 0.2), (x + dx + s * 0.3, y + s * 0.2)],
                     fill="#2f7d32", stroke="#1b4d1e", stroke_width=1)
            svg.rect(g, x + dx - s * 0.05, y + s * 0.2, s * 0.1, s * 0.2, fill="#5d4037")
    elif kind == "mountain":
        svg.poly(g, [(x - s * 0.6, y + s * 0.4), (x - s * 0.1, y - s * 0.5), (x + s * 0.2, y),
                     (x + s * 0.35, y - s * 0.25), (x + s * 0.65, y + s * 0.4)],
                 fill="#8d7b68", stroke="#4e4036", stroke_width=1)
        svg.poly(g, [(x - s * 0.25, y - s * 0.25), (x - s * 0.1, y - s * 0.5), (x + s * 0.05, y - s * 0.25)],
                 fill="#fff")
    elif kind == "volcano":
        svg.poly(g, [(x - s * 0.6, y + s * 0.4), (x - s * 0.15, y - s * 0.4), (x + s * 0.15, y - s * 0.4),
                     (x + s * 0.6, y + s * 0.4)], fill="#6d4c41", stroke="#3e2723", stroke_width=1)
        svg.poly(g, [(x - s * 0.15, y - s * 0.4), (x, y - s * 0.75), (x + s * 0.15, y - s * 0.4)], fill="#e64a19")
    elif kind == "farm":
        svg.rect(g, x - s * 0.55, y - s * 0.35, s * 1.1, s * 0.7, fill="#f2d16b", stroke="#a1887f", stroke_width=1)
        for k in range(3):
            yy = y - s * 0.2 + k * s * 0.2
            svg.line(g, x - s * 0.5, yy, x + s * 0.5, yy, stroke="#a1887f", stroke_width=1)
    elif kind == "desert":
        for dx, dy in ((-0.3, 0.1), (0.25, -0.1), (0.05, 0.3)):
            svg.circle(g, x + dx * s, y + dy * s, s * 0.18, fill="#d4a84f")
        svg.line(g, x - s * 0.6, y + s * 0.45, x + s * 0.6, y + s * 0.45, stroke="#b08a3a", stroke_width=1.5)
    elif kind == "fault":
        svg.poly(g, [(x - s * 0.6, y - s * 0.3), (x - s * 0.2, y + s * 0.1), (x + s * 0.1, y - s * 0.2),
                     (x + s * 0.6, y + s * 0.3)], "polyline", fill="none", stroke="#3e2723", stroke_width=2.5)


_KIND_NAMES = {"forest": ("erdő", "forest"), "mountain": ("hegység", "mountain"), "volcano": ("vulkán", "volcano"),
               "farm": ("farm", "farm"), "desert": ("sivatag", "desert"), "fault": ("szakadék", "fault")}


def _tribes(svg: Svg, g: Node, x: float, y: float, counts: list[int], s: float) -> None:
    """Tribes as a token with the count, one per empire in multiplayer."""
    shown = [(p, n) for p, n in enumerate(counts) if n]
    for k, (p, n) in enumerate(shown):
        cx = x + (k - (len(shown) - 1) / 2) * s * 1.2
        colour = EMPIRE_COLOURS[p] if len(counts) > 1 else "#6d4c41"
        svg.circle(g, cx, y, s * 0.55, fill=colour, stroke="#fff", stroke_width=1.5)
        svg.text(g, cx, y + s * 0.22, n, s * 0.62, text_anchor="middle", fill="#fff", font_weight="bold")


def _city(svg: Svg, g: Node, x: float, y: float, values: list[int], capitals: list[bool], s: float) -> None:
    shown = [(p, v) for p, v in enumerate(values) if v]
    for k, (p, v) in enumerate(shown):
        cx = x + (k - (len(shown) - 1) / 2) * s * 1.3
        colour = EMPIRE_COLOURS[p] if len(values) > 1 else "#37474f"
        svg.poly(g, [(cx - s * 0.55, y + s * 0.4), (cx - s * 0.55, y - s * 0.15), (cx, y - s * 0.6),
                     (cx + s * 0.55, y - s * 0.15), (cx + s * 0.55, y + s * 0.4)],
                 fill=colour, stroke="#fff" if not capitals[p] else "#ffd54f", stroke_width=2 if capitals[p] else 1)
        svg.text(g, cx, y + s * 0.3, v, s * 0.6, text_anchor="middle", fill="#fff", font_weight="bold")


#: where things sit inside one cell, by how many share it: offsets in the map's unit (``_Map.k``;
#: a cell reaches 2 up and down and 1.73 to each side of its centre), and the size they are
#: drawn at there (1: alone in the cell). The spacings keep every thing's box clear of the others'
#: and inside the cell (issue 36: a one-cell area drew its tribes, city and terrain on one spot,
#: over its number); beyond nine a grid is made (``_slots``).
_RING = ((0.0, 0.0), (-1.1, 0.0), (1.1, 0.0), (-0.55, -0.95), (0.55, -0.95), (-0.55, 0.95), (0.55, 0.95))
_GRID = tuple((dx, dy) for dy in (-0.85, 0.0, 0.85) for dx in (-0.95, 0.0, 0.95))
_IN_CELL: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (1.0, ((0.0, 0.0),)),
    2: (0.8, ((-0.85, 0.0), (0.85, 0.0))),
    3: (0.62, ((0.0, -0.85), (-0.85, 0.6), (0.85, 0.6))),
    4: (0.6, ((-0.72, -0.62), (0.72, -0.62), (-0.72, 0.62), (0.72, 0.62))),
    5: (0.5, _RING[:5]), 6: (0.5, _RING[:6]), 7: (0.5, _RING),
    8: (0.42, _GRID[:8]), 9: (0.42, _GRID),
}


def _in_cell(n: int) -> tuple[float, tuple[tuple[float, float], ...]]:
    """The size and offsets of ``n`` things in one cell (``_IN_CELL``; a finer grid beyond it)."""
    if n in _IN_CELL:
        return _IN_CELL[n]
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    step_x, step_y = 2.7 / cols, 2.4 / rows
    offsets = tuple(((i % cols - (cols - 1) / 2) * step_x, (i // cols - (rows - 1) / 2) * step_y) for i in range(n))
    return min(0.42 * 3 / cols, 0.42 * 3 / rows), offsets


def _slots(centres: list[tuple[float, float]], n: int, k: float) -> tuple[list[tuple[float, float]], float]:
    """Where an area's ``n`` things sit, given its cell centres (the one nearest its middle
    first), and the size they are all drawn at: each cell takes its share, the first cells one
    more when they do not share evenly; alone in its cell a thing is drawn whole at the centre."""
    per, extra = divmod(n, len(centres))
    out: list[tuple[float, float]] = []
    scale = 1.0
    for i, (x, y) in enumerate(centres):
        count = per + (1 if i < extra else 0)
        if not count:
            break
        size, offsets = _in_cell(count)
        scale = min(scale, size)
        out.extend((x + dx * k, y + dy * k) for dx, dy in offsets)
    return out, scale


def _token_scale(scale: float, values: list[int]) -> float:
    """Tokens of several empires stand side by side: in a shared cell they share its room."""
    shown = sum(1 for v in values if v)
    return scale if scale == 1 or shown <= 1 else scale / shown


def _draw_map(svg: Svg, view: dict[str, Any]) -> None:
    m = view.get("map")
    if not m:
        return
    mp = _Map(m)
    t = svg.t
    codes_by_area = _area_codes(svg.legal)
    g = svg.g(None, class_="map")
    for key, fill, label in (("sea", "#8fc1e3", t("Tenger", "Sea")), ("frontier", "#e4c98f", t("Peremvidék",
                                                                                               "Frontier"))):
        region = m.get(key) or {}
        polys = region.get("polygons") or ([region["polygon"]] if region.get("polygon") else [])
        for poly in polys:
            svg.poly(g, [mp.pt(*p) for p in poly], fill=fill, stroke="#5d7f96" if key == "sea" else "#a8895a",
                     stroke_width=1.5, class_=key)
        cells = region.get("cells") or []
        if cells:
            # the label on the region's outermost cell
            q, r = max(cells, key=lambda c: abs(c[0]) + abs(c[1]) + abs(c[0] + c[1]))
            x, y = mp.cell(q, r)
            svg.text(g, x, y + 4, label, 12, text_anchor="middle", fill="#3b4f5e" if key == "sea" else "#6b4e1e",
                     font_style="italic", font_weight="bold")
    live = {a.get("id", a["number"]): a for a in view["areas"]}
    # the areas an event is striking, while its losses are being decided
    steps = {f[0] for f in view.get("stack") or []}
    striking = bool(steps & (set(EVENT_NAMES) | {"event", "mpev", "loss", "alloc", "cavloss"}))
    hit = set(view.get("hit") or []) if striking else set()
    loss = _loss(view)
    if loss is not None:  # the areas a loss still to be spread may fall on
        hit = {a + 1 for a in range(32) if loss[2] >> a & 1}
    multi = "empires" in view
    capitals = [e["capital"] for e in view["empires"]] if multi else []
    for ma in m["areas"]:
        key = ma.get("id", ma["number"])
        a = live[key]
        ag = svg.g(g, class_="area")
        ag.set("data-area", str(key))
        svg.poly(ag, [mp.pt(*p) for p in ma["polygon"]], fill=_terrain_fill(a), stroke="#3e3a2f", stroke_width=2.5)
        if key in hit and not view.get("is_over"):
            svg.poly(ag, [mp.pt(*p) for p in ma["polygon"]], fill="none", stroke="#d32f2f", stroke_width=3,
                     stroke_dasharray="7 4", class_="hit")
        centres = [mp.cell(q, r) for q, r in ma["cells"]]
        # fsum, not sum: sum adds floats otherwise in CPython 3.12+ (Pyodide's) than in 3.11, and
        # the last bit of the middle decides between two cells at the same distance from it
        cx = math.fsum(x for x, _ in centres) / len(centres)
        cy = math.fsum(y for _, y in centres) / len(centres)
        centres.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
        s = mp.k * 1.5
        items: list[tuple[str, Any]] = [("number", None)]
        tribes = a["tribes"] if multi else [a["tribes"]]
        cities = a["cities"] if multi else [a["city"]]
        if any(tribes):
            items.append(("tribes", tribes))
        if any(cities):
            caps = [capitals[p] == key for p in range(len(cities))] if multi else [a["capital"]]
            items.append(("city", (cities, caps)))
        for kind in ("farm", "forest", "mountain", "volcano", "desert", "fault"):
            if a.get(kind):
                items.append((kind, None))
        wonders = [w for ws in a["wonders"] for w in ws] if multi else a["wonders"]
        for w in wonders:
            items.append(("wonder", w))
        slots, scale = _slots(centres, len(items), mp.k)
        for (kind, arg), (x, y) in zip(items, slots, strict=True):
            piece = svg.g(ag, class_=f"piece {kind}")
            if kind == "number":
                # the area's number: a square plate, unlike the round tribe tokens
                fs = s * scale
                svg.rect(piece, x - fs * 0.5, y - fs * 0.42, fs, fs * 0.84, rx=2, fill="#fffbe6", stroke="#3e3a2f",
                         stroke_width=2, class_="area-number")
                svg.text(piece, x, y + fs * 0.22, f"{a['number']}.", fs * 0.58, text_anchor="middle",
                         font_weight="bold")
            elif kind == "tribes":
                _tribes(svg, piece, x, y, arg, s * _token_scale(scale, arg))
            elif kind == "city":
                _city(svg, piece, x, y, arg[0], arg[1], s * _token_scale(scale, arg[0]))
            elif kind == "wonder":
                fs = s * scale
                k = WONDER_INDEX[arg]
                svg.poly(piece, [(x, y - fs * 0.6), (x + fs * 0.55, y + fs * 0.4), (x - fs * 0.55, y + fs * 0.4)],
                         fill="#ffd54f", stroke="#8d6e00", stroke_width=1.5)
                if scale == 1:  # a cell to itself has room for its name; a crowded one names it on hover
                    svg.text(piece, x, y + fs * 0.85, (WONDER_EN if svg.lang == "en" else WONDER_HU)[k][:12],
                             fs * 0.4, text_anchor="middle")
            else:
                _icon(svg, piece, kind, x, y, s * scale)
        kinds = [t(*_KIND_NAMES[k]) for k in _KIND_NAMES if a.get(k)]
        desc = t(f"{a['number']}. terület", f"Area {a['number']}")
        if kinds:
            desc += ": " + ", ".join(kinds)
        if ma.get("frontier"):
            desc += t(" · Peremvidékkel határos", " · borders the Frontier")
        if ma.get("sea"):
            desc += t(" · tengerparti", " · borders the Sea")
        if wonders:
            names = WONDER_EN if svg.lang == "en" else WONDER_HU
            desc += t(" · Csodák: ", " · Wonders: ") + ", ".join(names[WONDER_INDEX[w]] for w in wonders)
        svg.clickable(ag, codes_by_area.get(str(key), []), desc)
        if key in svg.last["area"] | svg.last["src"] | svg.last["dst"]:
            svg.poly(ag, [mp.pt(*p) for p in ma["polygon"]], fill="none", stroke="#1565c0", stroke_width=4,
                     stroke_dasharray="8 4", class_="last-move", pointer_events="none")


def _loss(view: dict[str, Any]) -> list[Any] | None:
    """The pending spread loss ``(kind, amount left, area mask)``, if that is being decided."""
    stack = view.get("stack") or []
    top: list[Any] | None = stack[-1] if stack else None
    if top and top[0] in ("loss", "cavloss") and len(top) == 3:
        return top
    return None


def _event_card(svg: Svg, g: Node, view: dict[str, Any], x: float, y: float) -> float:
    t = svg.t
    current, kind = shown_card(view)
    heading = t("Eseménylap", "Event card") if kind == "event" else card_words(kind, svg.lang)
    svg.text(g, x, y, heading, 14, font_weight="bold")
    if not current:
        svg.text(g, x, y + 20, t("még nincs húzott lap", "no card drawn yet"), 12, fill="#666")
        return y + 32
    c = current - 1
    cg = svg.g(g, transform=f"translate({x},{y + 8})", class_="event-card")
    svg.rect(cg, 0, 0, 200, 110, rx=8, fill="#fbf6e9", stroke="#6d4c41", stroke_width=2)
    svg.text(cg, 10, 24, f"#{current}", 18, font_weight="bold")
    svg.circle(cg, 70, 18, 9, fill="#d32f2f")
    svg.text(cg, 70, 22, RED[c], 11, text_anchor="middle", fill="#fff", font_weight="bold")
    svg.rect(cg, 88, 9, 18, 18, fill="#388e3c")
    svg.text(cg, 97, 22, GREEN[c], 11, text_anchor="middle", fill="#fff", font_weight="bold")
    corners = [math.pi / 3 * i + math.pi / 6 for i in range(6)]
    svg.poly(cg, [(124 + 10 * math.cos(a), 18 + 10 * math.sin(a)) for a in corners], fill="#1976d2")
    svg.text(cg, 124, 22, BLUE[c], 11, text_anchor="middle", fill="#fff", font_weight="bold")
    if GOLD[c]:
        svg.text(cg, 150, 23, "●" * GOLD[c], 13, fill="#d4a017")
    if HAND[c]:
        # on a line of its own: beside three gold dots an abbreviation touched them
        svg.text(cg, 192, 40, t("kereskedelem", "trade"), 10, text_anchor="end", fill="#6d4c41")
    if kind in NOT_READ:  # discarded at a shuffle: no event of it is under way (``shown_card``)
        for i, line in enumerate(textwrap.wrap(card_words(kind, svg.lang, NOT_READ), 27)):
            svg.text(cg, 10, 56 + 20 * i, line, 12, fill="#666")
        return y + 128
    box = BOX[c][view["era"]]
    name = EVENT_NAMES[box[0]][1 if svg.lang == "en" else 0] if box else t("nincs esemény", "no event")
    svg.text(cg, 10, 56, t(f"{view['era']}. korszakban:", f"in era {view['era']}:"), 11, fill="#666")
    svg.text(cg, 10, 78, name, 16, font_weight="bold", fill="#8b1a1a")
    if box:
        svg.text(cg, 10, 100, "●" * box[1] + "■" * box[2] + "⬢" * box[3], 13, fill="#555")
    return y + 128


def _advances(svg: Svg, g: Node, view: dict[str, Any], owned: list[str], x: float, y: float, w: float) -> float:
    t = svg.t
    en = svg.lang == "en"
    svg.text(g, x, y, t("Vívmányok", "Advances"), 14, font_weight="bold")
    y += 8
    offered: dict[str, list[str]] = {}
    for code in svg.legal.with_prefix("adv:"):
        offered.setdefault(_params(code)["id"], []).append(code)
    shown = list(owned) + [i for i in offered if i not in owned]
    if not shown:
        svg.text(g, x, y + 16, t("még nincs", "none yet"), 12, fill="#666")
        return y + 28
    col_w = (w - 6) / 2
    for n, aid in enumerate(shown):
        k = ADV_INDEX[aid]
        cx, cy = x + (n % 2) * (col_w + 6), y + (n // 2) * 26
        chip = svg.g(g, class_="advance" + (" owned" if aid in owned else " offered"))
        svg.rect(chip, cx, cy, col_w, 22, rx=5, fill="#e3f2fd" if aid in owned else "#fff8e1",
                 stroke="#1565c0" if aid in owned else "#d4a017", stroke_width=1.5)
        name = (ADV_EN if en else ADV_HU)[k]
        svg.text(chip, cx + 6, cy + 15, f"{name} ({ADV_VP[k]})", 11)
        cost = t(f"ár: {ADV_TRIBES[k]} törzs, {ADV_GOLD[k]} arany; {ADV_VP[k]} GYP",
                 f"cost: {ADV_TRIBES[k]} tribes, {ADV_GOLD[k]} gold; {ADV_VP[k]} VP")
        svg.clickable(chip, offered.get(aid, []), f"{name} — {cost}\n{effect(aid, svg.lang)}")
    return y + ((len(shown) + 1) // 2) * 26 + 8


def _side(svg: Svg, view: dict[str, Any]) -> None:
    t = svg.t
    x = MAP_W + 20
    w = W - x - 10
    g = svg.g(None, class_="sheet")
    svg.rect(g, x - 8, 44, w + 8, H - 54, rx=10, fill="#fdf8ec", stroke="#b39b62")
    y: float = 70
    era, rnd = view["era"], view["round"]
    svg.text(g, x, y, t(f"{era}. korszak · {rnd}. forduló", f"Era {era} · round {rnd}"), 16, font_weight="bold")
    y += 22
    svg.text(g, x, y, t(f"Pakli: {view['deck_size']} lap · dobott: {view['discard_size']}",
                        f"Deck: {view['deck_size']} cards · discarded: {view['discard_size']}"), 12)
    y += 22
    multi = "empires" in view
    if not multi:
        vp = view["vp"] + view.get("vp_wonders", 0)
        svg.text(g, x, y, t(f"Arany: {view['gold']}   Győzelmi pont: {vp}", f"Gold: {view['gold']}   VP: {vp}"), 14,
                 font_weight="bold", fill="#8d6e00")
        y += 26
    else:
        for p, e in enumerate(view["empires"]):
            svg.circle(g, x + 7, y - 4, 7, fill=EMPIRE_COLOURS[p])
            totem = " · Totem" if view.get("totem") == p + 1 else ""
            vp = e["vp"] + e["vp_wonders"]
            who = svg.seat_name(p)
            svg.text(g, x + 20, y, t(f"{who}: arany {e['gold']}, GYP {vp}{totem}",
                                     f"{who}: gold {e['gold']}, VP {vp}{totem}"), 12,
                     font_weight="bold" if view.get("to_move") == p else None)
            y += 20
        y += 6
    y = _event_card(svg, g, view, x, y + 6)
    steps = [(STEP_NAMES.get(f[0]) or EVENT_NAMES.get(f[0]) or (str(f[0]),) * 2)[1 if svg.lang == "en" else 0]
             for f in view.get("stack") or []]
    if steps:
        svg.text(g, x, y + 6, t("Most:", "Now:"), 12, fill="#666")
        svg.text(g, x + 40, y + 6, steps_words(steps, svg.lang)[:60], 12, font_weight="bold", class_="pending")
        y += 26
    loss = _loss(view)
    if loss is not None:
        what = t("törzs", "tribe(s)") if loss[0] == "loss" else t("városi Vff", "city AV")
        svg.text(g, x, y + 4, t(f"Még elveszítendő: {loss[1]} {what} (a kijelölt területekről)",
                                f"Still to lose: {loss[1]} {what} (from the marked areas)"), 12,
                 font_weight="bold", fill="#b71c1c", class_="loss")
        y += 22
    if view.get("is_over"):
        y = _result(svg, g, view, x, y, w)
    if multi:
        seat = view.get("seat")
        me = view["empires"][seat] if isinstance(seat, int) and 0 <= seat < len(view["empires"]) else None
        owned = me["advances"] if me else sorted({a for e in view["empires"] for a in e["advances"]})
    else:
        owned = view["advances"]
    _advances(svg, g, view, owned, x, y + 12, w - 10)


ENDINGS = {"eras": ("mind a 8 korszak lement", "all 8 eras played"),
           "stopped": ("a játékos korszakváltáskor befejezte", "the player stopped at an era change"),
           "collapse": ("a Birodalom elpusztult (nem maradt törzs és város)",
                        "the Empire was destroyed (no tribe and no city left)"),
           "wiped": ("egy Birodalom elpusztult", "an Empire was destroyed")}


def scoring(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> dict[str, Any] | None:
    """How the game ended and the points (eras' VP, wonders' VP, total) per empire as a table:
    the board draws it, and the end screen shows it as text that fits a phone."""
    if not view.get("is_over"):
        return None
    svg = Svg(1, 1, Legal([], lang), lang, "pocketciv")
    svg.names = names
    t = svg.t
    empires = view["empires"] if "empires" in view else [view]
    hu, en = ENDINGS.get(view.get("ending") or "", (view.get("ending") or "", view.get("ending") or ""))
    rows = []
    for p, e in enumerate(empires):
        who = svg.seat_name(p) if len(empires) > 1 else t("a civilizációd", "your civilisation")
        wonders = e.get("vp_wonders", 0)
        rows.append([who, str(e["vp"]), str(wonders), str(e["vp"] + wonders)])
    return {"title": t("Vége: ", "Over: ") + t(hu, en),
            "columns": ["", t("korszakok GYP", "eras' VP"), t("csodák GYP", "wonders' VP"), t("összesen", "total")],
            "rows": rows}


def _result(svg: Svg, g: Node, view: dict[str, Any], x: float, y: float, w: float) -> float:
    """The end in the side column: ``scoring``'s table, its title wrapped to the column."""
    table = scoring(view, svg.lang, svg.names)
    if table is None:
        return y
    box = svg.g(g, class_="result")
    title = textwrap.wrap(table["title"], int((w - 20) / 8))  # bold 12 px: about 8 px a letter
    h = 38 + 18 * len(title) + 20 * len(table["rows"])
    svg.rect(box, x - 4, y, w - 6, h, rx=8, fill="#fdf2d0", stroke="#8b1a1a", stroke_width=2)
    for k, line in enumerate(title):
        svg.text(box, x + 6, y + 20 + 18 * k, line, 12, font_weight="bold", fill="#8b1a1a")
    top = y + 20 + 18 * len(title)
    for j, head in enumerate(table["columns"][1:]):
        svg.text(box, x + 150 + j * 90, top, head, 11, text_anchor="middle", fill="#555")
    for p, row in enumerate(table["rows"]):
        ry = top + 20 + 20 * p
        svg.text(box, x + 6, ry, row[0], 12)
        for j, v in enumerate(row[1:]):
            svg.text(box, x + 150 + j * 90, ry, v, 12, text_anchor="middle", font_weight="bold" if j == 2 else None)
    return y + h + 10


#: the game's own word for its money in the player panels (Hungarian, English)
MONEY = ("arany", "gold")


def panels(view: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Each seat's panel facts for the browser: gold and victory points (the score)."""
    empires = view["empires"] if "empires" in view else [view]
    return [{"colour": EMPIRE_COLOURS[p] if len(empires) > 1 else None, "money": e["gold"],
             "score": e["vp"] + e.get("vp_wonders", 0)} for p, e in enumerate(empires)]


def verdict(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None,
            winners: list[int] | None = None) -> str:
    """How the game ended and the points (the end screen's headline); in multiplayer who fell,
    when and why, and who won by which rule (``result_words``, ruling PC-R-MP-WIPEOUT-LOSES),
    from the view's ``result``; without it the ``winners`` given, else the most points."""
    if not view.get("is_over"):
        return ""
    if isinstance(view.get("result"), dict):
        return " ".join(result_sentences(view["result"], lang, names))
    ending = view.get("ending") or ""
    hu, en = ENDINGS.get(ending, (ending, ending))
    empires = view["empires"] if "empires" in view else [view]
    pts = [e["vp"] + e.get("vp_wonders", 0) for e in empires]
    if len(empires) == 1:
        return (f"Vége: {hu}. A civilizációd {pts[0]} győzelmi pontot szerzett." if lang != "en" else
                f"Over: {en}. Your civilisation scored {pts[0]} victory points.")
    svg = Svg(1, 1, Legal([], lang), lang, "pocketciv")
    svg.names = names
    best = max(pts)
    won = winners if winners else [p for p, v in enumerate(pts) if v == best]
    who = ", ".join(svg.seat_name(p) for p in won)
    return svg.t(f"Vége: {hu}. A legtöbb győzelmi pont: {who} ({best}).",
                 f"Over: {en}. Most victory points: {who} ({best}).")


def draw(view: dict[str, Any], legal: Iterable[Action | dict[str, Any] | str] | None = None, lang: str = "hu",
         names: list[str] | None = None, last: list[dict[str, Any]] | None = None) -> str:
    """The board for ``view`` (one seat's view) as an SVG string; ``names`` are the seats'
    names from the lobby, ``last`` the log events of the last move (its areas are marked)."""
    lg = Legal(legal, lang)
    svg = Svg(W, H, lg, lang, "pocketciv")
    svg.names = names
    svg.last = last_touched(last, ("area", "src", "dst"))
    t = svg.t
    svg.text(None, 16, 30, t("Civilizációk Hajnala", "PocketCiv"), 22, font_family="serif", font_weight="bold",
             fill="#4e342e")
    if view.get("to_move") is not None and "empires" in view:
        who = svg.seat_name(view["to_move"])
        svg.text(None, MAP_W, 30, t(f"Soron: {who}", f"To move: {who}"),
                 14, text_anchor="end", font_weight="bold")
    _draw_map(svg, view)
    _side(svg, view)
    return svg.to_string()

