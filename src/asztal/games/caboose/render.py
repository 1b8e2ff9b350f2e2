"""Terminal rendering of a Caboose view (``state.view(seat)``) with rich, in Hungarian or English.

``render(view, lang)`` returns a rich renderable: the map drawn from the pack's coordinates
(routes in the colours of the trains on them, cities with their fruit, pyramid and building
tiles), the cities and routes in detail, the market, the auction row, the players and, for a
seat's own view, its hand. The pack is named, with a warning when it is the reconstructed one.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asztal.engine import Action
from asztal.games.caboose.pack import GOD_NAMES, Pack, pack_for_view

W, H = 74, 26

_T = {
    "title": ("Cleopatra vasúti kocsija", "Cleopatra's Caboose"),
    "round": ("{r}/{n}. kör", "round {r}/{n}"),
    "phase": ({"auction": "aukció", "gods": "istenségválasztás", "actions": "akciók", "over": "vége"},
              {"auction": "auction", "gods": "choosing gods", "actions": "actions", "over": "game over"}),
    "recon": ("A tábla és a kártyák adatai REKONSTRUÁLTAK (nem a nyomtatott játékéi).",
              "Board and card data are RECONSTRUCTED (not the printed game's)."),
    "recon_short": ("A tábla és a kártyák adatai rekonstruáltak (nem a nyomtatottak).",
                    "Board and card data are reconstructed (not the printed ones)."),
    "pack": ("adatcsomag", "data pack"),
    "map": ("Térkép", "Map"),
    "cities": ("Városok", "Cities"),
    "city": ("város", "city"), "value": ("érték", "value"), "fruit": ("gyümölcs", "fruit"),
    "pyramid": ("piramis", "pyramid"), "bldg": ("épület lapkák", "building tiles"),
    "routes": ("Utak vonatokkal", "Routes with trains"),
    "market": ("Piac (készlet)", "Market (supply)"),
    "auction_row": ("Aukciós kártyák", "Auction cards"),
    "city_row": ("Városkártyák", "City cards"),
    "deck": ("pakli", "deck"),
    "players": ("Játékosok", "Players"),
    "seat": ("játékos", "player"), "colour": ("szín", "colour"), "money": ("pénz", "money"), "vp": ("GYP", "VP"),
    "trains": ("vonat", "trains"), "god": ("istenség", "god"), "hand": ("kéz (város/aukciós)", "hand (city/auction)"),
    "hand_short": ("kéz", "hand"),
    "players_note": ("kéz: városkártyák/aukciós kártyák száma; GYP: győzelmi pont",
                     "hand: number of city cards/auction cards; VP: victory points"),
    "played": ("kijátszott", "played"),
    "your_hand": ("A kezed", "Your hand"),
    "to_move": ("Soron: {s}. játékos", "To move: Player {s}"),
    "auction": ("Legmagasabb licit: {h}", "Highest bid: {h}"),
    "turn": ("akció: {a}, aukciós kártya: {d}", "actions left: {a}, auction cards: {d}"),
    "final": ("Végső pontozás", "Final scoring"),
    "f_before": ("játék közben", "during play"), "f_cities": ("városok", "cities"),
    "f_money": ("pénz (3-anként 1)", "money (1 per 3)"), "f_buildings": ("épülettípusok", "building types"),
    "f_fruit": ("gyümölcsfajták", "fruit kinds"), "f_total": ("összesen", "total"),
    "city_vp": ("városi GYP", "city VP"),
    "recon_name": ("rekonstruált", "reconstructed"),
    "none": ("–", "–"),
}


def _t(key: str, lang: str) -> Any:
    hu, en = _T[key]
    return en if lang == "en" else hu


def render(view: dict[str, Any], lang: str = "hu") -> RenderableType:
    """A rich renderable of ``view`` (from ``CabooseState.view``) in ``lang`` ("hu" or "en")."""
    pk = pack_for_view(view.get("pack_key"))
    parts: list[RenderableType] = [_header(view, pk, lang), _map(view, pk, lang)]
    parts.append(_cities(view, pk, lang))
    if any(r["trains"] for r in view["routes"]):
        parts.append(_routes(view, pk, lang))
    parts.append(_market_and_rows(view, pk, lang))
    parts.append(_players(view, pk, lang))
    hand = _hand(view, pk, lang)
    if hand is not None:
        parts.append(hand)
    if view.get("final"):
        parts.append(_final(view, pk, lang))
    return Group(*parts)


def _final(view: dict[str, Any], pk: Pack, lang: str) -> Table:
    """Final scoring per category (CC-SCORE-CITY-*, CC-SCORE-MONEY-01, CC-SCORE-BLDG-01,
    CC-SCORE-FRUIT-01) and the total: one row per category, one column per seat, so the
    categories' names are whole on a narrow screen too."""
    f = view["final"]
    tab = Table(title=_t("final", lang), show_edge=False)
    keys = ("before", "cities", "money", "buildings", "fruit")
    tab.add_column(_t("seat", lang))
    for q in range(len(f["total"])):
        tab.add_column(Text(_who(q, lang), style=_colour(pk, q)), justify="right")
    for k in keys:
        tab.add_row(_t("f_" + k, lang), *(str(f[k][q]) for q in range(len(f["total"]))))
    tab.add_row(Text(_t("f_total", lang), style="bold"),
                *(Text(str(v), style="bold") for v in f["total"]), end_section=False)
    return tab


def _who(q: int, lang: str) -> str:
    """A seat as a person counts it: "2." (the column says "játékos" / "player")."""
    return f"{q + 1}."


LEGEND = {
    "hu": "Jelmagyarázat — térkép: ▲ piramis, ⌂ épület lapka, ■ gyümölcs a város színeivel, # vonatok a játékos "
          "színében, · üres út. Városok: érték = a város értéke (presztízs lapkája és a ráépült épület- és "
          "piramislapkák együtt; a játék végén a legtöbb vonattal körülvevő játékos kapja); a félkövér város sötét. "
          "Utak: ■ vonatok, utánuk a gazdájuk (játékos száma). Piac: a gyümölcs ára ±, zárójelben a készlet. "
          "Játékosok: GYP = győzelmi pont; kéz = város / aukciós kártyák száma.",
    "en": "Legend — map: ▲ pyramid, ⌂ building tile, ■ fruit in its colour, # trains in the player's colour, "
          "· empty route. Cities: value = the city's value (its prestige tile plus the building and pyramid "
          "tiles built on it; at the end it goes to the player with most trains around it); a bold city is dark. "
          "Routes: ■ trains, then their owner (player number). Market: the fruit's price ±, the supply in "
          "brackets. Players: VP = victory points; hand = city / auction cards held.",
}


def option_label(view: dict[str, Any], action: Action, lang: str = "hu") -> str:
    """A pyramid says what it costs this seat now; the other options keep their labels."""
    if action.kind == "pyramid" and view.get("pyramid_prices"):
        pk = pack_for_view(view.get("pack_key"))
        tile = pk.pyr_ids[action.args[0]]
        price = view["pyramid_prices"].get(tile)
        if price is not None:
            return (f"Build a pyramid worth {pk.pyr_value[action.args[0]]} VP for {price} money (then choose its city)"
                    if lang == "en" else
                    f"Piramis építése: {pk.pyr_value[action.args[0]]} GYP, ára {price} pénz (utána a várost választod)")
    return action.label(lang)


def legend(lang: str = "hu") -> str:
    """What the symbols of the drawing mean (the terminal's ``?``)."""
    return LEGEND["en" if lang == "en" else "hu"]


def _colour(pk: Pack, q: int) -> str:
    return pk.colour_hex[q] or "white"


def _fruit_text(pk: Pack, fruit: dict[str, int], lang: str) -> Text:
    t = Text()
    for k, n in fruit.items():
        f = pk.fruit_idx[k]
        name = (pk.fruit_en if lang == "en" else pk.fruit_hu)[f]
        t.append("■" * n, style=pk.fruit_hex[f] or "white")
        t.append(f"{name} ")
    return t


def _header(view: dict[str, Any], pk: Pack, lang: str, compact: bool = False) -> Text:
    """Round, phase, who is to move, the data pack (``compact``: for the full-screen board,
    whose status line already names the game: one line each, the pack only if reconstructed)."""
    t = Text()
    if not compact:
        t.append(_t("title", lang) + "  ", style="bold")
    t.append(_t("round", lang).format(r=view["round"], n=view["rounds"]))
    t.append(" · " + _t("phase", lang)[view["phase"]])
    if view.get("to_move") is not None:
        t.append(" · " + _t("to_move", lang).format(s=view["to_move"] + 1), style="bold")
    if compact:
        if view.get("reconstructed"):
            t.append("\n" + _t("recon_short", lang), style="yellow")
        return t
    name = _t("recon_name", lang) if view.get("reconstructed") else view["pack"]
    t.append(f"\n{_t('pack', lang)}: {name}")
    if view.get("reconstructed"):
        t.append("  " + _t("recon", lang), style="yellow")
    return t


def panes(view: dict[str, Any], lang: str = "hu", seat: int | None = None) -> dict[str, Any]:
    """The view split for the full-screen game: the board (a smaller map with whole city names,
    the market and the card rows, the cities), the players and the seat's hand."""
    pk = pack_for_view(view.get("pack_key"))
    # the cards on offer, the highest bid and the cities first (a decision reads them), the map under them
    board: list[Any] = [_header(view, pk, lang, compact=True), _market_and_rows(view, pk, lang),
                        _cities(view, pk, lang, compact=True), _FittedMap(view, pk, lang)]
    if any(r["trains"] for r in view["routes"]):
        board.append(_routes(view, pk, lang))
    if view.get("final"):
        board.insert(1, _final(view, pk, lang))
    hand = _hand(view, pk, lang, panel=False)
    players = Group(_players(view, pk, lang, compact=True), Text(_t("players_note", lang), style="dim"))
    return {"board": Group(*board), "players": players, "hand": hand}


class _FittedMap:
    """The map drawn as wide as the pane allows (at most 62 columns), 16 rows."""

    def __init__(self, view: dict[str, Any], pk: Pack, lang: str) -> None:
        self.view, self.pk, self.lang = view, pk, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield _map(self.view, self.pk, self.lang, max(24, min(62, options.max_width - 4)), 16)


def _map(view: dict[str, Any], pk: Pack, lang: str, W: int = W, H: int = H) -> Panel:  # noqa: N803 (the canvas size)
    """The map: routes as dots (trains in their owners' colours), each city's whole name
    where it does not run into another's, its fruit under it."""
    canvas = [[" "] * W for _ in range(H)]
    named: set[tuple[int, int]] = set()
    styles: dict[tuple[int, int], str] = {}
    lo, hi = pk.raw["board"]["coordinates"]["box"]

    def at(x: float, y: float) -> tuple[int, int]:
        return (int(round((x - lo) / (hi - lo) * (W - 8))), int(round((y - lo) / (hi - lo) * (H - 1))))

    for r, route in enumerate(view["routes"]):
        (x0, y0), (x1, y1) = pk.city_xy[pk.route_a[r]], pk.city_xy[pk.route_b[r]]
        c0, c1 = at(x0, y0), at(x1, y1)
        owners = [int(q) for q in route["trains"]]
        steps = max(abs(c1[0] - c0[0]), abs(c1[1] - c0[1]), 1)
        for i in range(1, steps):
            cx = c0[0] + (c1[0] - c0[0]) * i // steps
            cy = c0[1] + (c1[1] - c0[1]) * i // steps
            if owners:
                canvas[cy][cx] = "#"
                styles[(cx, cy)] = _colour(pk, owners[i % len(owners)])
            else:
                canvas[cy][cx] = "·"
                styles[(cx, cy)] = "grey50"
    for x, city in enumerate(view["cities"]):
        cx, cy = at(*pk.city_xy[x])
        name = (pk.city_en if lang == "en" else pk.city_hu)[x]
        label = name + ("▲" if city["pyramid"] else "") + ("⌂" * len(city["building_tiles"]))
        for i, ch in enumerate(label):
            if cx + i >= W or (cx + i, cy) in named or (cx + i + 1, cy) in named:
                break
            canvas[cy][cx + i] = ch
            styles[(cx + i, cy)] = "bold"
            named.add((cx + i, cy))
        if cy + 1 < H:
            j = 0
            for k, n in city["fruit"].items():
                for _ in range(n):
                    if cx + j < W:
                        canvas[cy + 1][cx + j] = "■"
                        styles[(cx + j, cy + 1)] = pk.fruit_hex[pk.fruit_idx[k]] or "white"
                        j += 1
    text = Text(no_wrap=True, overflow="crop")
    for y in range(H):
        for x in range(W):
            text.append(canvas[y][x], style=styles.get((x, y), ""))
        text.append("\n")
    return Panel(text, title=_t("map", lang))


def _cities(view: dict[str, Any], pk: Pack, lang: str, compact: bool = False) -> Table:
    tab = (Table(title=_t("cities", lang), box=None, header_style="bold", padding=(0, 1)) if compact else
           Table(title=_t("cities", lang), show_edge=False))
    final = view.get("final")
    cols = ("city", "value", "fruit", "pyramid", "bldg") + (("city_vp",) if final else ())
    for col in cols:
        tab.add_column(_t(col, lang), no_wrap=col in ("city", "value"))  # a city's name whole
    for x, c in enumerate(view["cities"]):
        name = (pk.city_en if lang == "en" else pk.city_hu)[x]
        pyr = str(pk.pyr_value[pk.pyr_idx[c["pyramid"]]]) if c["pyramid"] else ""
        tiles = " ".join(str(pk.btile_value[pk.btile_idx[t]]) for t in c["building_tiles"])
        row: list[Text | str] = [Text(name, style="bold" if c["dark"] else ""), str(c["value"]),
                                 _fruit_text(pk, c["fruit"], lang), pyr, tiles]
        if final:  # CC-R-08 the points each seat scored for this city
            vp = final["per_city"][x]["vp"]
            row.append(Text("  ".join(f"{q + 1}.: {v}" for q, v in enumerate(vp) if v)))
        tab.add_row(*row)
    return tab


def _routes(view: dict[str, Any], pk: Pack, lang: str) -> Table:
    tab = Table(title=_t("routes", lang), show_edge=False)
    tab.add_column("")
    tab.add_column(_t("trains", lang))
    for r, route in enumerate(view["routes"]):
        if not route["trains"]:
            continue
        t = Text()
        for q, n in route["trains"].items():
            t.append("■" * n, style=_colour(pk, int(q)))
            t.append(f" {int(q) + 1}.  ")
        tab.add_row(pk.route_text(r, lang), t)
    return tab


def _market_and_rows(view: dict[str, Any], pk: Pack, lang: str) -> Group:
    m = Text(_t("market", lang) + ": ", style="bold")
    for k, v in view["market"].items():
        f = pk.fruit_idx[k]
        m.append("■ ", style=pk.fruit_hex[f] or "white")
        m.append(f"{(pk.fruit_en if lang == 'en' else pk.fruit_hu)[f]} {v:+d} ({view['supply'][k]})  ")
    a = Text(f"{_t('auction_row', lang)} ({_t('deck', lang)} {view['auction_deck']}): ", style="bold")
    a.append(" | ".join(pk.auction_text(pk.ac_idx[i], lang) for i in view["auction_display"]) or _t("none", lang))
    c = Text(f"{_t('city_row', lang)} ({_t('deck', lang)} {view['city_deck']}): ", style="bold")
    c.append(" | ".join(pk.card_text(pk.cc_idx[i], lang) for i in view["city_display"]) or _t("none", lang))
    lines = [m, a, c]
    if view["phase"] == "auction":
        lines.append(Text(_t("auction", lang).format(h=view["auction"]["high"])))
    if view["phase"] == "actions":
        tr = view["turn"]
        lines.append(Text(_t("turn", lang).format(a=tr["actions_left"], d=tr["draws_left"])))
    return Group(*lines)


def _players(view: dict[str, Any], pk: Pack, lang: str, compact: bool = False) -> Table:
    """One row per seat (``compact``: the seat in its colour instead of a colour column)."""
    tab = (Table(box=None, header_style="bold", padding=(0, 1)) if compact else
           Table(title=_t("players", lang), show_edge=False))
    cols = ("seat", "money", "vp", "trains", "god", "hand_short", "played") if compact else \
        ("seat", "colour", "money", "vp", "trains", "god", "hand", "played")
    for col in cols:
        tab.add_column(_t(col, lang))
    for q, s in enumerate(view["seats"]):
        god = f"{s['god']}. {GOD_NAMES[s['god'] - 1].split()[0]}" if s["god"] else ""
        names = pk.fruit_en if lang == "en" else pk.fruit_hu
        types = pk.btype_en if lang == "en" else pk.btype_hu
        played = ["+".join(names[f] for f in pk.ac_fruits[pk.ac_idx[k]]) for k in s["fruit_cards"]]
        played += [types[pk.ac_type[pk.ac_idx[b]]] for b in s["buildings"]]
        colour = pk.colour_hu[q] if lang == "hu" else pk.colour_ids[q]
        head = [Text(f"{_who(q, lang)} {colour}", style=_colour(pk, q))] if compact else \
            [_who(q, lang), Text(colour, style=_colour(pk, q))]
        tab.add_row(*head, str(s["money"]), str(s["vp"]), str(s["trains"]), god,
                    f"{s['city_cards']}/{s['auction_cards']}", ", ".join(played))
    return tab


def _hand(view: dict[str, Any], pk: Pack, lang: str, panel: bool = True) -> Panel | Text | None:
    seat = view.get("seat")
    if seat is None or "city_hand" not in view["seats"][seat]:
        return None
    s = view["seats"][seat]
    lines = [pk.card_text(pk.cc_idx[c], lang) for c in s["city_hand"]]
    lines += [pk.auction_text(pk.ac_idx[i], lang) for i in s["auction_hand"]]
    body = "\n".join(lines) or _t("none", lang)
    return Panel(body, title=_t("your_hand", lang)) if panel else Text(body)
