"""The PAX table as SVG, drawn from ``state.view(seat)`` for the browser.

``draw(view, legal, lang)`` lays the table out as players see it: the Legion banners with
the groups of cards below them and their prices, the deck, Rome's pile (face-up strength,
the three face-down cards, shown only to a seat that has seen them), a strength table of
Rome against every player by category, each player's display with symbol counts, the
Fleet/Army limit, hand size, Primus and Primus Conspiratus, and the seat's own hand and
Aureus. Legal actions sit on what they act on: a hand card plays it, a Legion buys its
group or receives the drawn card, the deck draws, a drawn card is kept.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from asztal.engine import Action
from asztal.engine.i18n import join_words, with_article
from asztal.games.pax.pack import CAT_EN, CAT_HU, CATEGORIES
from asztal.games.svg import Legal, Node, Svg, last_touched

W = 1200
#: category colours after the cards' frames
COLOUR = {"wealth": "#d4a017", "fleet": "#2b6cb0", "army": "#c0392b", "religion": "#8e8e9e",
          "senator": "#7d3c98", "estate": "#2e8b57", "conspiracy": "#2d2d2d"}
SHORT_HU = ("Gazd", "Flotta", "Sereg", "Vallás", "Szen", "Birt", "Csel")
SHORT_EN = ("Wlth", "Fleet", "Army", "Relig", "Sen", "Est", "Consp")
CARD_W, CARD_H = 118, 64


def _cat(cat: str, lang: str) -> str:
    k = CATEGORIES.index(cat)
    return CAT_EN[k] if lang == "en" else CAT_HU[k]


def _short(cat: str, lang: str) -> str:
    k = CATEGORIES.index(cat)
    return SHORT_EN[k] if lang == "en" else SHORT_HU[k]


def _card(svg: Svg, parent: Node | None, x: float, y: float, card: dict[str, Any], w: float = CARD_W,
          h: float = CARD_H, codes: Iterable[str] = (), hint: str | None = None) -> Node:
    """An influence card: category band, price coin, symbol dots, id."""
    cat = card["category"]
    g = svg.g(parent, class_="card", transform=f"translate({x},{y})")
    g.set("data-card", card["id"])
    svg.rect(g, 0, 0, w, h, rx=6, fill="#f6ecd2", stroke=COLOUR[cat], stroke_width=2.5)
    svg.rect(g, 0, 0, w, 18, rx=6, fill=COLOUR[cat])
    label = _cat(cat, svg.lang) if w >= 100 else _short(cat, svg.lang)
    svg.text(g, 6, 13.5, label.upper(), 11 if w >= 100 else 10, fill="#fff", font_weight="bold")
    svg.circle(g, w - 14, h - 16, 11, fill="#e8c547", stroke="#8a6d12", stroke_width=1.5)
    svg.text(g, w - 14, h - 12, card["cost"], 12, text_anchor="middle", font_weight="bold", fill="#4a3a00")
    for i in range(card["symbols"]):
        svg.circle(g, 14 + i * 16, h - 16, 6.5, fill=COLOUR[cat], stroke="#fff", stroke_width=1.5)
    svg.clickable(g, codes, hint or card_name(card, svg.lang))
    return g


def card_name(card: dict[str, Any], lang: str) -> str:
    """A card as the rulebook shows it: category, symbols, value (never its internal id)."""
    if lang == "en":
        return f"{_cat(card['category'], lang)}: {card['symbols']} symbol(s), value {card['cost']} Aureus"
    return f"{_cat(card['category'], lang)}: {card['symbols']} jel, értéke {card['cost']} Aureus"


def _card_back(svg: Svg, parent: Node | None, x: float, y: float, label: str, w: float = CARD_W,
               h: float = CARD_H, codes: Iterable[str] = (), hint: str | None = None) -> Node:
    g = svg.g(parent, class_="card-back", transform=f"translate({x},{y})")
    svg.rect(g, 0, 0, w, h, rx=6, fill="#6b1d1d", stroke="#d4a017", stroke_width=2.5)
    svg.rect(g, 7, 7, w - 14, h - 14, rx=4, fill="none", stroke="#d4a017", stroke_width=1, stroke_dasharray="3 3")
    svg.text(g, w / 2, h / 2 + 6, label, 16, text_anchor="middle", fill="#f3d77a", font_weight="bold")
    svg.clickable(g, codes, hint)
    return g


def _legions(svg: Svg, view: dict[str, Any], y0: float) -> float:
    legal = svg.legal
    t = svg.t
    n = len(view["legions"])
    col = 150
    tallest = max([len(leg["cards"]) for leg in view["legions"]] + [1])
    height = 96 + 20 + (tallest - 1) * 26 + CARD_H + 26
    box = svg.g(None, class_="legions")
    svg.rect(box, 10, y0, col * n + 20, height, rx=10, fill="#efe2bf", stroke="#b39b62")
    for i, leg in enumerate(view["legions"]):
        x = 20 + i * col
        number = leg["number"]
        g = svg.g(box, class_="legion")
        g.set("data-legion", str(number))
        # the banner: an eagle standard shield with the numeral
        svg.rect(g, x, y0 + 8, col - 12, height - 16, rx=8, fill="#f7efd9", stroke="#c9b27a")
        svg.poly(g, [(x + 24, y0 + 16), (x + col - 36, y0 + 16), (x + col - 36, y0 + 60),
                     (x + (col - 12) / 2, y0 + 82), (x + 24, y0 + 60)],
                 fill="#8b1a1a", stroke="#d4a017", stroke_width=2.5)
        svg.text(g, x + (col - 12) / 2, y0 + 52, leg["numeral"], 26, text_anchor="middle",
                 fill="#f3d77a", font_family="serif", font_weight="bold")
        price = t(f"ár: {leg['value']} Aureus", f"price: {leg['value']} Aureus")
        svg.text(g, x + (col - 12) / 2, y0 + 100, price, 12, text_anchor="middle", fill="#4a3a1a")
        for k, c in enumerate(leg["cards"]):
            _card(svg, g, x + 10, y0 + 110 + k * 26, c)
        if not leg["cards"]:
            svg.text(g, x + (col - 12) / 2, y0 + 140, t("(üres)", "(empty)"), 11, text_anchor="middle",
                     fill="#9a8a6a")
        codes = [f"buy:legion={number}"] + [c for c in legal.with_prefix("place:")
                                            if c.endswith(f"to=legion-{number}")]
        svg.clickable(g, codes, t(f"{leg['numeral']}. légió", f"Legion {leg['numeral']}"))
        if number in svg.last["legion"]:
            svg.mark_last(box, x, y0 + 8, col - 12, height - 16)
    # the deck beside the Legions
    dx = 20 + n * col + 20
    deck_codes = ["draw", "nodraw"] + [c for c in legal.with_prefix("place:") if c.endswith("to=bottom")]
    _card_back(svg, box, dx, y0 + 24, "PAX", codes=deck_codes,
               hint=t(f"Pakli: {view['deck_size']} lap", f"Deck: {view['deck_size']} cards"))
    svg.text(box, dx + CARD_W / 2, y0 + 24 + CARD_H + 18, t(f"pakli: {view['deck_size']} lap",
             f"deck: {view['deck_size']} cards"), 12, text_anchor="middle")
    if view["deck_ran_out"]:
        svg.text(box, dx + CARD_W / 2, y0 + 24 + CARD_H + 34, t("elfogyott egyszer", "ran out once"), 11,
                 text_anchor="middle", fill="#8b1a1a")
    return y0 + height


def _fit(text: str, width: int, lines: int) -> list[str]:
    """``text`` wrapped at spaces into at most ``lines`` lines of ``width`` letters; a word
    too long for a line, or what does not fit the last line, is cut with "…"."""
    out = textwrap.wrap(text, max(width, 2), break_long_words=False) or [""]
    if len(out) > lines:
        out = out[:lines - 1] + [" ".join(out[lines - 1:])]
    return [x if len(x) <= width else x[:max(width - 1, 1)] + "…" for x in out]


def _rome(svg: Svg, view: dict[str, Any], x0: float, y0: float) -> float:
    """Rome's pile and the strength table: Rome against every player, category by category."""
    t = svg.t
    rome = view["rome"]
    g = svg.g(None, class_="rome")
    w = W - x0 - 10
    players = view["tableaux"]
    row_h = 24
    h = 110 + row_h * 8 + 10
    svg.rect(g, x0, y0, w, h, rx=10, fill="#f3e3e3", stroke="#8b1a1a", stroke_width=2)
    svg.text(g, x0 + 14, y0 + 24, t("RÓMA", "ROME"), 18, font_family="serif", font_weight="bold", fill="#8b1a1a")
    # face-down cards: backs, or their faces for a seat that has looked
    hidden = rome["hidden"]
    for i in range(rome["hidden_count"]):
        cx = x0 + 100 + i * 66
        if hidden is not None:
            _card(svg, g, cx, y0 + 10, hidden[i], w=60, h=64)
        else:
            _card_back(svg, g, cx, y0 + 10, "?", w=60, h=64,
                       hint=t("Róma képpel lefelé fordított lapja (passzolva megnézhető)",
                              "Rome's face-down card (a player who passes looks at them)"))
    svg.text(g, x0 + 14, y0 + 46, t(f"{len(rome['cards'])} lap", f"{len(rome['cards'])} cards"), 11)
    # the table: categories down, Rome and players across
    known = dict(rome["symbols"])
    if hidden is not None:
        for c in hidden:
            known[c["category"]] += c["symbols"]
    ty = y0 + 100
    cw = min(70, (w - 110) / (len(players) + 1))
    svg.text(g, x0 + 14, ty, t("erő", "strength"), 11, fill="#555")
    svg.text(g, x0 + 110 + cw / 2, ty, t("Róma", "Rome"), 12, text_anchor="middle", font_weight="bold",
             fill="#8b1a1a")
    for j, p in enumerate(players):
        you = p["seat"] == view.get("seat")
        # the name on at most two lines that fit the column (bold 12 px: about 7.5 px a letter)
        lines = _fit(svg.seat_name(p["seat"]) + (" ★" if you else ""), int(cw / 7.5), 2)
        for k, line in enumerate(lines):
            svg.text(g, x0 + 110 + cw * (j + 1.5), ty - 14 * (len(lines) - 1 - k), line, 12, text_anchor="middle",
                     font_weight="bold")
    for k, cat in enumerate(CATEGORIES):
        ry = ty + 8 + k * row_h
        svg.rect(g, x0 + 8, ry, w - 16, row_h - 2, fill=COLOUR[cat], fill_opacity=0.12)
        svg.circle(g, x0 + 18, ry + row_h / 2 - 1, 6, fill=COLOUR[cat])
        svg.text(g, x0 + 30, ry + 16, _cat(cat, svg.lang), 12)
        values = [known[cat]] + [p["symbols"][cat] for p in players]
        best = max(values[1:]) if players else 0
        for j, v in enumerate(values):
            cx = x0 + 110 + cw * (j + 0.5)
            strong = j > 0 and v > 0 and v == best and v > values[0]
            svg.text(g, cx, ry + 16, v if v or j == 0 else "·", 13, text_anchor="middle",
                     font_weight="bold" if (j == 0 or strong) else None,
                     fill="#8b1a1a" if j == 0 else ("#1e6b34" if strong else "#222"))
    if hidden is None and rome["hidden_count"]:
        svg.text(g, x0 + 14, y0 + h - 8, t("Róma értéke + a képpel lefelé fordított lapok (ismeretlen)",
                                           "Rome's face-up symbols + the face-down cards (unknown)"), 10, fill="#555")
    return y0 + h


def _tableau(svg: Svg, view: dict[str, Any], p: dict[str, Any], x0: float, y0: float, w: float) -> float:
    """One player's display: cards stacked by category with symbol counts."""
    t = svg.t
    seat = p["seat"]
    you = seat == view.get("seat")
    turn = view["to_move"] == seat
    g = svg.g(None, class_="tableau" + (" you" if you else ""))
    g.set("data-seat", str(seat))
    h = 118
    svg.rect(g, x0, y0, w, h, rx=10, fill="#fffaf0" if not turn else "#fff3c4",
             stroke="#d4a017" if turn else "#b39b62", stroke_width=3 if turn else 1.5)
    name = svg.seat_name(seat) + (t(" (te)", " (you)") if you else "")
    svg.text(g, x0 + 12, y0 + 20, name, 14, font_weight="bold")
    marks = [t(*pair) for pair in seat_marks(p)]
    if p["saw_rome"]:
        marks.append(t("látta Rómát", "saw Rome"))
    money = "?" if p["money"] is None else p["money"]
    info = t(f"kéz: {p['hand_size']} · Aureus: {money} · Flotta/Sereg korlát: {p['limit']}",
             f"hand: {p['hand_size']} · Aureus: {money} · Fleet/Army limit: {p['limit']}")
    svg.text(g, x0 + 12, y0 + 38, info, 11, fill="#444")
    if marks:
        svg.text(g, x0 + w - 12, y0 + 20, " · ".join(marks), 11, text_anchor="end", fill="#8b1a1a",
                 font_weight="bold")
    cw = (w - 24) / 7
    for k, cat in enumerate(CATEGORIES):
        cx = x0 + 12 + k * cw
        n, s = p["cards"][cat], p["symbols"][cat]
        svg.rect(g, cx + 2, y0 + 48, cw - 4, 60, rx=5, fill=COLOUR[cat] if n else "#eee6d2",
                 fill_opacity=0.9 if n else 1, stroke=COLOUR[cat])
        svg.text(g, cx + cw / 2, y0 + 64, _short(cat, svg.lang), 10, text_anchor="middle",
                 fill="#fff" if n else "#888")
        svg.text(g, cx + cw / 2, y0 + 88, s if n else "–", 20, text_anchor="middle", font_weight="bold",
                 fill="#fff" if n else "#aaa")
        if n:
            svg.text(g, cx + cw / 2, y0 + 104, t(f"{n} lap", f"{n} card" + ("s" if n > 1 else "")), 10,
                     text_anchor="middle", fill="#fff")
    if p["hand_public"] and not you:
        names = "; ".join(card_name(c, svg.lang) for c in p["hand_public"])
        n = len(p["hand_public"])
        known = svg.text(g, x0 + w - 12, y0 + 38, t(f"ismert a kezében: {n} lap", f"known in hand: {n} card(s)"), 10,
                         text_anchor="end", fill="#555", text_decoration="underline")
        svg.title(known, names)
    if seat in svg.last["seat"]:
        svg.mark_last(g, x0, y0, w, h)
    return y0 + h


def _hand(svg: Svg, view: dict[str, Any], y0: float) -> float:
    t = svg.t
    legal = svg.legal
    g = svg.g(None, class_="hand")
    hand = view.get("hand") or []
    draw = view.get("draw")
    drawn = (draw or {}).get("cards") or []
    h = CARD_H + 52
    svg.rect(g, 10, y0, W - 20, h, rx=10, fill="#e6efe6", stroke="#2e8b57", stroke_width=2)
    head = t(f"A kezed · {view.get('money', 0)} Aureus", f"Your hand · {view.get('money', 0)} Aureus")
    turn = view.get("turn")
    if turn is not None and view["to_move"] == view.get("seat"):
        head += t(f" · a következő kijátszás ára {turn['next_cost']} Aureus",
                  f" · the next card played costs {turn['next_cost']} Aureus")
    svg.text(g, 22, y0 + 20, head, 14, font_weight="bold", fill="#1e4b2e")
    to_hand = [c for c in legal.with_prefix("place:") if c.endswith("to=hand")]
    for i, c in enumerate(hand):
        # while a drawn card waits for its place, a click on the hand puts it into the hand
        codes = to_hand or [f"play:card={c['id']}", f"keep:card={c['id']}"]
        _card(svg, g, 22 + i * (CARD_W + 8), y0 + 34, c, codes=codes, hint=card_name(c, svg.lang))
    if to_hand:
        # the "into your hand" target: a free card place after the hand, drawn on top
        x = 22 + len(hand) * (CARD_W + 8)
        target = svg.g(g, class_="hand-target")
        svg.rect(target, x, y0 + 34, CARD_W, CARD_H, rx=6, fill="#d7ecd9", stroke="#2e8b57", stroke_width=2,
                 stroke_dasharray="5 3")
        svg.text(target, x + CARD_W / 2, y0 + 34 + CARD_H / 2 + 5, t("→ a kezedbe", "→ into your hand"), 13,
                 text_anchor="middle", fill="#1e4b2e", font_weight="bold")
        svg.clickable(target, to_hand, t("A húzott lap a kezedbe kerül", "The drawn card goes into your hand"))
    if drawn:
        x = W - 20 - (CARD_W + 8) * len(drawn)
        svg.text(g, x, y0 + 20, t("Húzott lap(ok):", "Drawn:"), 13, font_weight="bold", fill="#8b1a1a")
        for i, c in enumerate(drawn):
            codes = [f"keep:card={c['id']}"]
            _card(svg, g, x + i * (CARD_W + 8), y0 + 34, c, codes=codes)
    elif draw:
        svg.text(g, W - 22, y0 + 20, t(f"húzás: {draw['drawn']} lap, még {draw['left']}",
                                       f"drawing: {draw['drawn']} card(s), {draw['left']} to go"),
                 12, text_anchor="end")
    return y0 + h


#: the scoring breakdown's columns (PAX-SCORE-*): the result's key, Hungarian, English; the
#: cells are points, so a heading gives the rate (one category beaten shows 3, not 1)
SCORE_COLUMNS = (("categories_played", "kijátszott kategóriák (2 pont/kategória)",
                  "categories played (2 points each)"),
                 ("stronger_than_rome", "erősebb Rómánál (3 pont/kategória)", "stronger than Rome (3 points each)"),
                 ("fleet_and_army", "flotta- és seregjelek", "Fleet and Army symbols"),
                 ("primus_conspiratus", "Primus Conspiratus (1 pont)", "Primus Conspiratus (1 point)"),
                 ("most_money", "legtöbb Aureus (4 pont)", "most Aureus (4 points)"))


def scoring(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> dict[str, Any] | None:
    """The scoring section as a table (a title, column heads, one row per player, the total
    last): the board draws it, and the end screen shows it as text that fits a phone."""
    r = view.get("result")
    if not r:
        return None
    svg = Svg(1, 1, Legal([], lang), lang, "pax")
    svg.names = names
    t = svg.t
    if "level" in r:
        lvl = with_article(r["level"], capital=True)
        head = (t(f"{lvl}. pasziánsz játék sikerült!", f"Solitaire game {r['level']} beaten!")
                if r["level_beaten"] else
                t(f"{lvl}. pasziánsz játék nem sikerült ({r['categories_stronger']}/"
                  f"{r['categories_needed']} kategória).",
                  f"Solitaire game {r['level']} lost ({r['categories_stronger']}/{r['categories_needed']}"
                  " categories)."))
    else:
        head = t("Róma nyert.", "Rome wins.") if r["rome_won"] else t("A játékosok legyőzték Rómát.",
                                                                      "The players beat Rome.")
        won = [svg.seat_name(w) for w in r["winners"]]
        if not won:
            head += t(" Nincs győztes játékos.", " No player wins.")
        elif r["rome_won"]:  # PAX-WIN-04: why a lower score may win
            head += t(f" Győztes: {won[0]}, a Primus Conspiratus birtokosa (ha Róma nyer, a pontok nem számítanak).",
                      f" Winner: {won[0]}, the holder of Primus Conspiratus (when Rome wins, points do not count).")
        elif len(won) == 1:
            head += t(f" Győztes: {won[0]}.", f" Winner: {won[0]}.")
        else:
            head += t(f" Győztesek: {join_words(won, 'hu')}.", f" Winners: {join_words(won, 'en')}.")
    breakdown = r.get("breakdown") or []
    rows = []
    for s, pts in enumerate(r["points"]):
        cells = [breakdown[s].get(key, "") if s < len(breakdown) else "" for key, _, _ in SCORE_COLUMNS]
        rows.append([svg.seat_name(s), *(str(c) for c in cells), str(pts)])
    return {"title": head, "columns": ["", *(t(hu, en) for _, hu, en in SCORE_COLUMNS), t("összesen", "total")],
            "rows": rows}


def _result(svg: Svg, view: dict[str, Any], y0: float) -> float:
    """The scoring section at the bottom of the board (``scoring``'s table)."""
    table = scoring(view, svg.lang, svg.names)
    if table is None:
        return y0
    g = svg.g(None, class_="result")
    h = 74 + 20 * len(table["rows"])
    svg.rect(g, 10, y0, W - 20, h, rx=10, fill="#fdf2d0", stroke="#8b1a1a", stroke_width=2)
    svg.text(g, 22, y0 + 24, table["title"], 15, font_weight="bold", fill="#8b1a1a")
    for j, head in enumerate(table["columns"][1:]):
        svg.text(g, 230 + j * 160, y0 + 44, head, 11, text_anchor="middle", fill="#555")
    last = len(table["columns"]) - 2
    for s, row in enumerate(table["rows"]):
        ry = y0 + 64 + 20 * s
        svg.text(g, 22, ry, row[0], 13)
        for j, cell in enumerate(row[1:]):
            svg.text(g, 230 + j * 160, ry, cell, 13, text_anchor="middle",
                     font_weight="bold" if j == last else None)
    return y0 + h


#: the game's own word for its money in the player panels (Hungarian, English)
MONEY = ("Aureus", "Aureus")


def panels(view: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Each seat's panel facts for the browser: money (None when secret), cards in hand, points."""
    out: list[dict[str, Any]] = [{} for _ in range(players)]
    result = view.get("result") or {}
    for p in view["tableaux"]:
        s = p["seat"]
        out[s] = {"money": p["money"], "hand": p["hand_size"],
                  "score": (result.get("points") or [None] * players)[s] if result else None,
                  "marks": seat_marks(p)}
    return out


def seat_marks(p: dict[str, Any]) -> list[tuple[str, str]]:
    """The seat's Primus tokens (Hungarian, English), each said once: a holder of both is the
    Primus Conspiratus who also starts, not „Primus · Primus Conspiratus”."""
    if p["primus"] and p["primus_conspiratus"]:
        return [("Primus Conspiratus (kezdő)", "Primus Conspiratus (start)")]
    if p["primus"]:
        return [("Primus (kezdő)", "Primus (start)")]
    if p["primus_conspiratus"]:
        return [("Primus Conspiratus", "Primus Conspiratus")]
    return []


def draw(view: dict[str, Any], legal: Iterable[Action | dict[str, Any] | str] | None = None, lang: str = "hu",
         names: list[str] | None = None, last: list[dict[str, Any]] | None = None) -> str:
    """The board for ``view`` (one seat's view, or a spectator's) as an SVG string; ``names``
    are the seats' names from the lobby, ``last`` the log events of the last move (marked)."""
    lg = Legal(legal, lang)
    svg = Svg(W, 100, lg, lang, "pax")
    svg.names = names
    svg.last = last_touched(last, ("legion", "seat"))
    t = svg.t
    head = t(f"PAX · {view['round']}. forduló", f"PAX · round {view['round']}")
    if view.get("level"):
        head += t(f" · pasziánsz, {view['level']}. játék", f" · solitaire game {view['level']}")
    svg.text(None, 16, 26, head, 20, font_family="serif", font_weight="bold", fill="#5a1010")
    if view["to_move"] is not None:
        who = svg.seat_name(view["to_move"])
        svg.text(None, W - 16, 26, t(f"Soron: {who}", f"To move: {who}"), 14, text_anchor="end",
                 font_weight="bold")
    if view.get("reconstructed"):
        svg.text(None, 16, 44, t("A kártyaértékek rekonstruáltak, nem a nyomtatott lapokéi.",
                                 "Card values are reconstructed, not the printed ones."), 10, fill="#777")
    legions_w = 20 + len(view["legions"]) * 150 + 20 + CARD_W + 20
    bottom = _legions(svg, view, 52)
    rome_bottom = _rome(svg, view, legions_w + 10, 52)
    y = max(bottom, rome_bottom) + 10
    players = view["tableaux"]
    cols = 2 if len(players) > 1 else 1
    tw = (W - 20 - 10 * (cols - 1)) / cols
    for i, p in enumerate(players):
        row, c = divmod(i, cols)
        _tableau(svg, view, p, 10 + c * (tw + 10), y + row * 128, tw)
    y += 128 * ((len(players) + cols - 1) // cols)
    if "hand" in view:
        y = _hand(svg, view, y) + 10
    if view.get("result") is not None:
        y = _result(svg, view, y) + 10
    svg.root.set("viewBox", f"0 0 {W} {int(y)}")
    return svg.to_string()


def verdict(view: dict[str, Any], lang: str = "hu", names: list[str] | None = None,
            winners: list[int] | None = None) -> str:
    """Who won and why, in one or two sentences (the end screen's headline; the winners are
    the view's own result's)."""
    r = view.get("result")
    if not r:
        return ""
    svg = Svg(1, 1, Legal([], lang), lang, "pax")
    svg.names = names
    t = svg.t
    if "level" in r:
        lvl = with_article(r["level"], capital=True)
        if r["level_beaten"]:
            return t(f"{lvl}. pasziánsz játék sikerült!", f"Solitaire game {r['level']} beaten!")
        return t(f"{lvl}. pasziánsz játék nem sikerült: {r['categories_stronger']} kategóriában "
                 f"voltál erősebb Rómánál, {r['categories_needed']} kellett.",
                 f"Solitaire game {r['level']} lost: stronger than Rome in {r['categories_stronger']} categories, "
                 f"{r['categories_needed']} needed.")
    who = ", ".join(svg.seat_name(w) for w in r["winners"])
    if r["rome_won"]:
        n = len(r.get("rome_holds") or [])
        head = t(f"Róma nyert: {n} kategóriában a legerősebb (4 elég a győzelméhez), ezért a pontok nem "
                 "számítanak.", f"Rome wins: it is strongest in {n} categories (4 are enough), so points do "
                 "not count.")
        tail = (t(f" Rómával együtt győz a Primus Conspiratus birtokosa: {who}.",
                  f" With Rome wins the holder of Primus Conspiratus: {who}.") if who else
                t(" Senkinél sincs Primus Conspiratus, így egyik játékos sem győz.",
                  " Nobody holds Primus Conspiratus, so no player wins."))
        return head + tail
    best = max(r["points"]) if r["points"] else 0
    return t(f"A játékosok legyőzték Rómát; a legtöbb pont győz: {who} ({best} pont).",
             f"The players beat Rome; the most points win: {who} ({best} points).")
