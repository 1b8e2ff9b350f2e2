"""The Cleopatra's Caboose board as SVG, drawn from ``state.view(seat)`` and the pack's
public component data (city positions, routes, card texts).

``draw(view, legal, lang)`` shows the Egypt map with its light and dark cities, prestige
values, fruit cubes, pyramids and building tiles, the routes with the trains on them by
colour, the market track in the lower-left corner, the auction row and the city-card row,
the seven gods and who holds them, every player's money, VP and trains, and the seat's own
hand. Routes, cities, fruit cubes, displayed cards, gods and hand cards carry the legal
actions that act on them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from asztal.engine import Action
from asztal.games.caboose.pack import BUILDING, FRUIT, GOD_NAMES, GOD_POWERS, TRAIN, Pack, pack_for_view
from asztal.games.svg import Legal, Node, Svg, last_touched

W = 1200
MAP_X, MAP_Y, MAP_S = 20, 56, 6.6  # pack coordinates 0..100 -> the map box
PHASES = {"auction": ("aukció", "auction"), "gods": ("istenségek választása", "choosing gods"),
          "actions": ("akciók", "actions"), "over": ("vége", "game over")}


def _xy(x: float, y: float) -> tuple[float, float]:
    return MAP_X + x * MAP_S, MAP_Y + y * MAP_S


def _ink(hex_colour: str) -> str:
    """A dark outline for light player colours (white trains on sand)."""
    return "#333" if hex_colour.lower() in ("#f2f2f2", "#ffffff", "#fff") else "#fff"


def _fruit_cube(svg: Svg, g: Node, pk: Pack, x: float, y: float, fruit: str, s: float = 10) -> Node:
    f = pk.fruit_idx[fruit]
    e = svg.rect(g, x, y, s, s, rx=2, fill=pk.fruit_hex[f] or "#999", stroke="#222", stroke_width=1)
    return e


def _map(svg: Svg, view: dict[str, Any], pk: Pack) -> None:
    t = svg.t
    g = svg.g(None, class_="map")
    svg.rect(g, MAP_X - 10, MAP_Y - 10, 100 * MAP_S + 20, 100 * MAP_S + 20, rx=14, fill="#ecd9a6",
             stroke="#b08a4a", stroke_width=2)
    # the Nile: through the cities from the delta southwards (drawn for looks only)
    mx0, mx1 = pk.raw["board"]["market_area"]["x"]
    nile = [(52, 0), (55, 18), (50, 35), (56, 55), (52, 75), (58, 100)]
    svg.poly(g, [_xy(*p) for p in nile], "polyline", fill="none", stroke="#7fb3d5", stroke_width=14,
             stroke_linecap="round", stroke_linejoin="round", opacity=0.7)
    for r, route in enumerate(view["routes"]):
        (x0, y0), (x1, y1) = _xy(*pk.city_xy[pk.route_a[r]]), _xy(*pk.city_xy[pk.route_b[r]])
        rg = svg.g(g, class_="route")
        rg.set("data-route", route["id"])
        svg.line(rg, x0, y0, x1, y1, stroke="transparent", stroke_width=18)  # an easy target for a finger
        svg.line(rg, x0, y0, x1, y1, stroke="#6d5a3a", stroke_width=4, stroke_dasharray="10 5")
        cars = [(int(q), n) for q, n in sorted(route["trains"].items())]
        total = sum(n for _, n in cars)
        k = 0
        for q, n in cars:
            colour = pk.colour_hex[q] or "#888"
            for _ in range(n):
                f = (k + 1) / (total + 1)
                cx, cy = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                svg.rect(rg, cx - 8, cy - 5, 16, 10, rx=2, fill=colour, stroke=_ink(colour), stroke_width=1.5)
                k += 1
        hint = t(f"Út: {pk.route_text(r, 'hu')}", f"Route: {pk.route_text(r, 'en')}")
        if cars:
            hint += " · " + ", ".join(f"{(pk.colour_hu[q] if svg.lang == 'hu' else pk.colour_ids[q])}: {n}"
                                      for q, n in cars)
        svg.clickable(rg, [f"route:{route['id']}", f"sekhmet:{route['id']}"], hint)
        if route["id"] in svg.last["route"]:
            svg.line(rg, x0, y0, x1, y1, stroke="#1565c0", stroke_width=5, stroke_dasharray="8 5", opacity=0.8,
                     class_="last-move", pointer_events="none")
    names = pk.city_en if svg.lang == "en" else pk.city_hu
    for x, city in enumerate(view["cities"]):
        cx, cy = _xy(*pk.city_xy[x])
        cg = svg.g(g, class_="city")
        cg.set("data-city", city["id"])
        dark = city["dark"]
        svg.circle(cg, cx, cy, 22, fill="#5d4037" if dark else "#f5e6c4", stroke="#3e2723", stroke_width=2.5)
        svg.text(cg, cx, cy + 6, city["value"], 17, text_anchor="middle", font_weight="bold",
                 fill="#ffe082" if dark else "#5d4037")
        svg.text(cg, cx, cy - 27, names[x], 13, text_anchor="middle", font_weight="bold", fill="#3e2723",
                 stroke="#ecd9a6", stroke_width=3, paint_order="stroke")
        if city["pyramid"]:
            v = pk.pyr_value[pk.pyr_idx[city["pyramid"]]]
            svg.poly(cg, [(cx + 22, cy - 4), (cx + 34, cy - 24), (cx + 46, cy - 4)], fill="#e0b84f",
                     stroke="#8d6e00", stroke_width=1.5)
            svg.text(cg, cx + 34, cy - 7, v, 10, text_anchor="middle", font_weight="bold")
        for i, tile in enumerate(city["building_tiles"]):
            v = pk.btile_value[pk.btile_idx[tile]]
            svg.rect(cg, cx - 46 - i * 16, cy - 20, 14, 14, rx=2, fill="#90a4ae", stroke="#37474f")
            svg.text(cg, cx - 39 - i * 16, cy - 9, v, 10, text_anchor="middle", fill="#fff", font_weight="bold")
        svg.clickable(cg, [f"city:{city['id']}"], names[x] + t(" (sötét)" if dark else " (világos)",
                                                             " (dark)" if dark else " (light)"))
        if city["id"] in svg.last["city"]:
            svg.circle(cg, cx, cy, 27, fill="none", stroke="#1565c0", stroke_width=4, stroke_dasharray="7 4",
                       class_="last-move", pointer_events="none")
        # the fruit cubes below the city
        cubes = [f for f, n in city["fruit"].items() for _ in range(n)]
        for i, fruit in enumerate(cubes):
            fx = cx - len(cubes) * 7 + i * 14
            cube = svg.g(g, class_="cube")
            _fruit_cube(svg, cube, pk, fx, cy + 26, fruit, 12)
            fname = (pk.fruit_en if svg.lang == "en" else pk.fruit_hu)[pk.fruit_idx[fruit]]
            svg.clickable(cube, [f"src:{city['id']}:{fruit}", f"swap:{city['id']}:{fruit}"], fname)
    # the market track in its corner
    my0, _ = pk.raw["board"]["market_area"]["y"]
    x0, y0 = _xy(mx0, my0)
    wbox = (mx1 - mx0) * MAP_S
    mg = svg.g(g, class_="market")
    svg.rect(mg, x0, y0, wbox, (100 - my0) * MAP_S, rx=8, fill="#fff8e1", stroke="#8d6e00")
    svg.text(mg, x0 + 8, y0 + 16, t("Piac", "Market"), 13, font_weight="bold")
    lo, hi = pk.market_min, pk.market_max
    step = (wbox - 100) / (hi - lo)
    for i, (fruit, pos) in enumerate(view["market"].items()):
        yy = y0 + 30 + i * 26
        f = pk.fruit_idx[fruit]
        svg.text(mg, x0 + 6, yy + 9, (pk.fruit_en if svg.lang == "en" else pk.fruit_hu)[f], 10)
        svg.line(mg, x0 + 70, yy + 5, x0 + 70 + step * (hi - lo), yy + 5, stroke="#bca", stroke_width=2)
        px = x0 + 70 + step * (pos - lo)
        _fruit_cube(svg, mg, pk, px - 6, yy - 1, fruit, 12)
        svg.text(mg, px, yy + 22, f"{pos:+d}", 10, text_anchor="middle")
        svg.text(mg, x0 + wbox - 4, yy + 9, f"({view['supply'][fruit]})", 10, text_anchor="end", fill="#666")


def _card(svg: Svg, parent: Node | None, x: float, y: float, w: float, h: float, title: str, lines: list[str],
          fill: str, codes: Iterable[str] = (), hint: str | None = None, fruits: Iterable[str] = (),
          pk: Pack | None = None) -> Node:
    g = svg.g(parent, class_="card", transform=f"translate({x},{y})")
    svg.rect(g, 0, 0, w, h, rx=6, fill=fill, stroke="#5d4037", stroke_width=1.5)
    svg.text(g, 6, 15, title, 11, font_weight="bold")
    for i, line in enumerate(lines):
        svg.text(g, 6, 30 + i * 13, line, 10)
    for i, fruit in enumerate(fruits):
        assert pk is not None  # a card showing fruits comes with its pack
        _fruit_cube(svg, g, pk, 6 + i * 14, h - 16, fruit, 11)
    svg.clickable(g, codes, hint)
    return g


def _auction_card(svg: Svg, parent: Node | None, pk: Pack, x: float, y: float, card_id: str,
                  codes: Iterable[str] = ()) -> Node:
    i = pk.ac_idx[card_id]
    kind = pk.ac_kind[i]
    t = svg.t
    text = pk.auction_text(i, svg.lang)
    fruits = [pk.fruit_ids[f] for f in pk.ac_fruits[i]]
    if kind == TRAIN:
        return _card(svg, parent, x, y, 104, 64, t("Vonat", "Train"),
                     [t(f"{pk.ac_trains[i]} vonat", f"{pk.ac_trains[i]} train(s)"),
                      t(f"ár: {pk.ac_cost[i]}", f"cost: {pk.ac_cost[i]}")], "#e3eaf2", codes, text)
    if kind == BUILDING:
        name = (pk.btype_en if svg.lang == "en" else pk.btype_hu)[pk.ac_type[i]]
        lines = [t(f"{pk.ac_vp[i]} GYP", f"{pk.ac_vp[i]} VP")]
        if pk.ac_tile[i] >= 0:
            lines.append(t(f"bónusz +{pk.btile_value[pk.ac_tile[i]]}", f"bonus +{pk.btile_value[pk.ac_tile[i]]}"))
        return _card(svg, parent, x, y, 104, 64, name, lines, "#eceff1", codes, text, fruits, pk)
    assert kind == FRUIT
    return _card(svg, parent, x, y, 104, 64, t("Gyümölcs", "Fruit"), [], "#f1f8e9", codes, text, fruits, pk)


def _city_card(svg: Svg, parent: Node | None, pk: Pack, x: float, y: float, card_id: str,
               codes: Iterable[str] = ()) -> Node:
    c = pk.cc_idx[card_id]
    name = (pk.city_en if svg.lang == "en" else pk.city_hu)[pk.cc_city[c]]
    fruits = [pk.fruit_ids[f] for f in pk.cc_fruits[c]]
    return _card(svg, parent, x, y, 104, 64, name, [svg.t(f"fizet: {pk.cc_pay[c]}", f"pays: {pk.cc_pay[c]}")],
                 "#fbe9e7", codes, pk.card_text(c, svg.lang), fruits, pk)


def _side(svg: Svg, view: dict[str, Any], pk: Pack, x0: float) -> float:
    t = svg.t
    g = svg.g(None, class_="side")
    y = 70
    # auction row and city-card row
    svg.text(g, x0, y, t(f"Aukciós kártyák (pakli: {view['auction_deck']})",
                         f"Auction cards (deck: {view['auction_deck']})"), 13, font_weight="bold")
    for i, cid in enumerate(view["auction_display"]):
        _auction_card(svg, g, pk, x0 + i * 110, y + 8, cid, codes=[f"take:{cid}"])
    y += 92
    svg.text(g, x0, y, t(f"Városkártyák (pakli: {view['city_deck']})", f"City cards (deck: {view['city_deck']})"),
             13, font_weight="bold")
    for i, cid in enumerate(view["city_display"]):
        _city_card(svg, g, pk, x0 + i * 110, y + 8, cid, codes=[f"citydraw:{cid}"])
    y += 92
    # the gods
    svg.text(g, x0, y, t("Istenségek", "Gods"), 13, font_weight="bold")
    holders = {s["god"]: q for q, s in enumerate(view["seats"]) if s["god"]}
    for n in range(1, len(GOD_NAMES) + 1):
        gx = x0 + (n - 1) * 64
        gg = svg.g(g, class_="god")
        q = holders.get(n)
        svg.rect(gg, gx, y + 8, 60, 46, rx=6, fill="#fff3d6", stroke=pk.colour_hex[q] if q is not None else "#b08a4a",
                 stroke_width=4 if q is not None else 1.5)
        svg.text(gg, gx + 30, y + 26, n, 14, text_anchor="middle", font_weight="bold")
        svg.text(gg, gx + 30, y + 44, GOD_NAMES[n - 1].split()[0].title(), 10, text_anchor="middle")
        power = GOD_POWERS[n - 1][1 if svg.lang == "en" else 0]
        svg.clickable(gg, [f"god:{n}"], f"{n}. {GOD_NAMES[n - 1]}: {power}")
    y += 70
    # the players
    svg.text(g, x0, y, t("Játékosok", "Players"), 13, font_weight="bold")
    y += 8
    for q, s in enumerate(view["seats"]):
        turn = view.get("to_move") == q
        colour = pk.colour_hex[q] or "#888"
        svg.rect(g, x0, y, 440, 38, rx=6, fill="#fff3c4" if turn else "#fffaf0", stroke="#d4a017" if turn else "#ccc",
                 stroke_width=2.5 if turn else 1)
        svg.rect(g, x0 + 8, y + 10, 20, 14, rx=2, fill=colour, stroke=_ink(colour))
        you = t(" (te)", " (you)") if q == view.get("seat") else ""
        cname = pk.colour_hu[q] if svg.lang == "hu" else pk.colour_ids[q]
        svg.text(g, x0 + 36, y + 16, f"{svg.seat_name(q)} ({cname}){you}", 12, font_weight="bold")
        god = f" · {s['god']}. {GOD_NAMES[s['god'] - 1].split()[0].title()}" if s["god"] else ""
        svg.text(g, x0 + 36, y + 31, t(f"pénz {s['money']} · GYP {s['vp']} · vonat {s['trains']} · "
                                       f"kéz {s['city_cards']}+{s['auction_cards']}{god}",
                                       f"money {s['money']} · VP {s['vp']} · trains {s['trains']} · "
                                       f"hand {s['city_cards']}+{s['auction_cards']}{god}"), 11)
        played = len(s["fruit_cards"]) + len(s["buildings"])
        if played:
            types = pk.btype_en if svg.lang == "en" else pk.btype_hu
            bl = ", ".join(types[pk.ac_type[pk.ac_idx[b]]] for b in s["buildings"])
            svg.text(g, x0 + 432, y + 16, (bl + " " if bl else "") + t(f"gyümölcslap: {len(s['fruit_cards'])}",
                                                                        f"fruit cards: {len(s['fruit_cards'])}"),
                     10, text_anchor="end", fill="#555")
        if view["phase"] == "auction":
            a = view["auction"]
            bid = a["offers"][q]
            state = t("licitál", "bidding") if a["in"][q] else t("passzolt", "passed")
            svg.text(g, x0 + 432, y + 31, f"{state}: {bid}", 10, text_anchor="end")
        if q in svg.last["seat"]:
            svg.mark_last(g, x0, y, 440, 38, label=False)
        y += 42
    if view["phase"] == "auction":
        svg.text(g, x0, y + 14, t(f"Legmagasabb licit: {view['auction']['high']}",
                                  f"Highest bid: {view['auction']['high']}"), 12, font_weight="bold")
        y += 20
    pyramids = svg.legal.with_prefix("pyramid:")
    if pyramids:
        svg.text(g, x0, y + 16, t("Piramis építése:", "Build a pyramid:"), 12, font_weight="bold")
        for i, code in enumerate(pyramids):
            pid = code.split(":", 1)[1]
            v = pk.pyr_value[pk.pyr_idx[pid]]
            pg = svg.g(g, class_="pyramid")
            px = x0 + 130 + i * 48
            svg.poly(pg, [(px, y + 24), (px + 20, y - 6), (px + 40, y + 24)], fill="#e0b84f", stroke="#8d6e00")
            svg.text(pg, px + 20, y + 20, v, 11, text_anchor="middle", font_weight="bold")
            svg.clickable(pg, [code])
        y += 34
    return y


def _hand(svg: Svg, view: dict[str, Any], pk: Pack, y: float) -> float:
    seat = view.get("seat")
    if seat is None or "city_hand" not in view["seats"][seat]:
        return y
    t = svg.t
    s = view["seats"][seat]
    g = svg.g(None, class_="hand")
    turn = view.get("turn") or {}
    # the fruit cards already played stay in front of the player and can be grown from again;
    # those already chosen for the building in progress may be chosen again for another fruit
    used = [c for c in turn.get("fruit_cards_used", []) if c not in s["auction_hand"] and c not in s["fruit_cards"]]
    cards = s["city_hand"] + s["auction_hand"] + s["fruit_cards"] + used
    played = len(s["city_hand"]) + len(s["auction_hand"])
    per_row = (W - 40) // 110
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    svg.rect(g, 10, y, W - 20, 36 + rows * 72, rx=10, fill="#e6efe6", stroke="#2e8b57", stroke_width=2)
    head = t(f"A kezed · pénz {s['money']} · GYP {s['vp']}", f"Your hand · money {s['money']} · VP {s['vp']}")
    if view["phase"] == "actions" and view.get("to_move") == seat:
        head += t(f" · hátralévő akciók: {turn.get('actions_left')}", f" · actions left: {turn.get('actions_left')}")
    svg.text(g, 22, y + 22, head, 14, font_weight="bold", fill="#1e4b2e")
    for i, cid in enumerate(cards):
        cx = 22 + (i % per_row) * 110
        cy = y + 30 + (i // per_row) * 72
        if cid in pk.cc_idx:
            _city_card(svg, g, pk, cx, cy, cid, codes=[f"deliver:{cid}", f"card:{cid}"])
        else:
            kind = pk.ac_kind[pk.ac_idx[cid]]
            codes = [f"rail:{cid}"] if kind == TRAIN else [f"build:{cid}"] if kind == BUILDING else \
                [f"grow:{cid}", f"use:{cid}"]
            c = _auction_card(svg, g, pk, cx, cy, cid, codes=codes)
            if cid in used:
                c.set("class", (c.get("class") or "") + " played")
                svg.text(c, 98, 30, t("felhasználva", "used"), 10, text_anchor="end", fill="#2e7d32")
            elif i >= played:
                c.set("class", (c.get("class") or "") + " played")
                svg.text(c, 98, 30, t("kijátszva", "played"), 10, text_anchor="end", fill="#2e7d32")
    return y + 46 + rows * 72


#: the final scoring's columns: the view's key, Hungarian, English
FINAL_COLUMNS = (("before", "játék közben", "during play"), ("cities", "városok", "cities"),
                 ("money", "pénz", "money"), ("buildings", "épülettípusok", "building types"),
                 ("fruit", "gyümölcsfajták", "fruit kinds"), ("total", "összesen", "total"))


def scoring(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> dict[str, Any] | None:
    """The final scoring as a table (a title, column heads, one row per player, the total
    last): the board draws it, and the end screen shows it as text that fits a phone."""
    f = view.get("final")
    if not f:
        return None
    svg = Svg(1, 1, Legal([], lang), lang, "caboose")
    svg.names = names
    t = svg.t
    rows = [[svg.seat_name(q), *(str(f[k][q]) for k, _, _ in FINAL_COLUMNS)] for q in range(len(f["total"]))]
    return {"title": t("Végső pontozás", "Final scoring"),
            "columns": ["", *(t(hu, en) for _, hu, en in FINAL_COLUMNS)], "rows": rows}


def _final(svg: Svg, view: dict[str, Any], y: float) -> float:
    """The final scoring below the board (``scoring``'s table)."""
    table = scoring(view, svg.lang, svg.names)
    if table is None:
        return y
    n = len(table["rows"])
    g = svg.g(None, class_="result")
    svg.rect(g, 10, y, W - 20, 44 + 20 * n, rx=10, fill="#fdf2d0", stroke="#8b1a1a", stroke_width=2)
    svg.text(g, 22, y + 22, table["title"], 15, font_weight="bold", fill="#8b1a1a")
    last = len(table["columns"]) - 2
    for j, head in enumerate(table["columns"][1:]):
        svg.text(g, 260 + j * 140, y + 22, head, 12, text_anchor="middle", font_weight="bold")
    for q, row in enumerate(table["rows"]):
        svg.text(g, 22, y + 42 + q * 20, row[0][:24], 12)
        for j, cell in enumerate(row[1:]):
            svg.text(g, 260 + j * 140, y + 42 + q * 20, cell, 12, text_anchor="middle",
                     font_weight="bold" if j == last else None)
    return y + 54 + 20 * n


#: the game's own word for its money in the player panels (Hungarian, English)
MONEY = ("pénz", "money")


def panels(view: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Each seat's panel facts for the browser: colour, money, VP (the score), cards in hand."""
    pk = pack_for_view(view.get("pack_key"))
    return [{"colour": pk.colour_hex[q] or None, "money": s["money"], "score": s["vp"],
             "hand": s["city_cards"] + s["auction_cards"]} for q, s in enumerate(view["seats"])]


def verdict(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None,
            winners: list[int] | None = None) -> str:
    """Who won with how many VP (the end screen's headline); ``winners`` (the game's, after its
    tie-breaks) name the winner of a tie on points."""
    f = view.get("final")
    if not f:
        return ""
    svg = Svg(1, 1, Legal([], lang), lang, "caboose")
    svg.names = names
    best = max(f["total"])
    tied = [q for q, v in enumerate(f["total"]) if v == best]
    won = winners if winners else tied
    who = ", ".join(svg.seat_name(q) for q in won)
    text = svg.t(f"A legtöbb győzelmi pont győz: {who} ({best} GYP).",
                 f"The most victory points win: {who} ({best} VP).")
    if len(tied) > len(won):
        others = ", ".join(svg.seat_name(q) for q in tied)
        text += svg.t(f" Holtverseny volt ({others}); a szabály szerinti döntetlenfeloldás döntött.",
                      f" It was a tie ({others}), settled by the rules' tie-break.")
    return text


def draw(view: dict[str, Any], legal: Iterable[Action | dict[str, Any] | str] | None = None, lang: str = "hu",
         names: list[str] | None = None, last: list[dict[str, Any]] | None = None) -> str:
    """The board for ``view`` (one seat's view, or a spectator's) as an SVG string; ``names``
    are the seats' names from the lobby, ``last`` the log events of the last move (marked)."""
    pk = pack_for_view(view.get("pack_key"))
    lg = Legal(legal, lang)
    svg = Svg(W, 100, lg, lang, "caboose")
    svg.names = names
    svg.last = last_touched(last, ("route", "city", "seat"))
    t = svg.t
    svg.text(None, 16, 30, t("Cleopatra vasúti kocsija", "Cleopatra's Caboose"), 22, font_family="serif",
             font_weight="bold", fill="#5d4037")
    head = t(f"{view['round']}/{view['rounds']}. kör · {PHASES[view['phase']][0]}",
             f"round {view['round']}/{view['rounds']} · {PHASES[view['phase']][1]}")
    if view.get("to_move") is not None:
        who = svg.seat_name(view["to_move"])
        head += t(f" · soron: {who}", f" · to move: {who}")
    svg.text(None, W - 16, 30, head, 14, text_anchor="end", font_weight="bold")
    if view.get("reconstructed"):
        svg.text(None, 16, 46, t("A tábla és a kártyák adatai rekonstruáltak (nem a nyomtatott játékéi).",
                                 "Board and card data are reconstructed (not the printed game's)."), 10, fill="#777")
    _map(svg, view, pk)
    y = max(_side(svg, view, pk, MAP_X + 100 * MAP_S + 24), MAP_Y + 100 * MAP_S + 20)
    y = _hand(svg, view, pk, y)
    if view.get("final"):
        y = _final(svg, view, y)
    svg.root.set("viewBox", f"0 0 {W} {int(y) + 6}")
    return svg.to_string()
