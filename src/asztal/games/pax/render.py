"""Terminal drawing of a PAX view (rich), in Hungarian or English.

``render(view, lang)`` takes what ``state.view(seat)`` returns, so it shows exactly what
that seat may know: Rome's known strength, the Legions and their groups, every tableau
with its symbol counts, the seat's hand and money.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asztal.engine import Action
from asztal.engine.i18n import fill, join_words
from asztal.games.pax.board import SCORE_COLUMNS, seat_marks
from asztal.games.pax.pack import CAT_EN, CAT_HU, CATEGORIES

SHORT = {"hu": ("Gazd", "Flot", "Sereg", "Vall", "Szen", "Birt", "Csel"),
         "en": ("Wlth", "Flt", "Army", "Rel", "Sen", "Est", "Con")}
STYLE = {"wealth": "khaki1", "fleet": "blue", "army": "dark_orange", "religion": "grey70",
         "senator": "yellow", "estate": "green", "conspiracy": "red"}

TEXT = {
    "title": ("PAX — {round}. forduló", "PAX — round {round}"),
    "solo": ("pasziánsz, {level}. játék", "solitaire game {level}"),
    "reconstructed": ("A kártyaértékek rekonstruáltak, nem a nyomtatott lapokéi.",
                      "Card values are reconstructed, not the printed ones."),
    "rome": ("Róma ereje", "Rome's strength"),
    "rome_known": ("ismert jelek", "known symbols"),
    "hidden_unknown": ("{n} képpel lefelé fordított lap (ismeretlen)", "{n} face-down cards (unknown)"),
    "hidden_seen": ("képpel lefelé fordított lapok", "face-down cards"),
    "legions": ("Légiók", "Legions"),
    "legion": ("Légió", "Legion"),
    "group": ("Csoport", "Group"),
    "value": ("Érték", "Value"),
    "players": ("Játékosok", "Players"),
    "seat": ("{n}. játékos", "Player {n}"),
    "limit": ("Korl", "Lim"),
    "legend": ("jelek/lapok kategóriánként; Korl = flotta/sereg korlát",
               "symbols/cards per category; Lim = Fleet/Army limit"),
    "hand": ("Kéz", "Hand"),
    "legend_short": ("jelek/lapok · Korl: flotta/sereg korlát · Au: Aureus · *: te",
                     "symbols/cards · Lim: Fleet/Army limit · Au: Aureus · *: you"),
    "money": ("Aureus", "Aureus"),
    "your_hand": ("A kezed", "Your hand"),
    "deck": ("Pakli: {n} lap", "Deck: {n} cards"),
    "to_move": ("Soron: {who}", "To move: {who}"),
    "drawn": ("Húzott lapok", "Drawn cards"),
    "turn": ("Kijátszva ebben a körben: {n}, a következő lap ára {cost} Aureus",
             "Played this turn: {n}; the next card costs {cost} Aureus"),
    "saw_rome": ("látta Róma lapjait", "saw Rome's cards"),
    "empty": ("—", "—"),
    "over": ("Vége", "Game over"),
    "rome_won": ("Róma nyert.", "Rome wins."),
    "players_won": ("A játékosok legyőzték Rómát.", "The players beat Rome."),
    "winner": ("Győztes: {w}", "Winner: {w}"),
    "winners": ("Győztesek: {w}", "Winners: {w}"),
    "nobody": ("Nincs győztes játékos.", "No player wins."),
    "points": ("Pontok", "Points"),
    "level_beaten": ("{level:A}. pasziánsz játék sikerült!", "Solitaire game {level} beaten!"),
    "level_lost": ("{level:A}. pasziánsz játék nem sikerült: {s} kategóriában vagy erősebb Rómánál, {n} kellett.",
                   "Solitaire game {level} lost: stronger than Rome in {s} categories, {n} needed."),
    "level_unplayed": ("Hiányzó kategória előtted: {cats} (mind a 7 kell).",
                       "Missing from your cards: {cats} (all 7 are needed)."),
    "price": ("Ár neked", "Your price"),
    "rome_pc": ("Rómával együtt győz a Primus Conspiratus birtokosa, akkor is, ha kevesebb pontja van: "
                "ha Róma nyer, a pontok nem számítanak.",
                "With Rome wins the holder of Primus Conspiratus, even with fewer points: when Rome wins, "
                "points do not count."),
    "rome_no_pc": ("Senkinél sincs Primus Conspiratus, így egyik játékos sem győz.",
                   "Nobody holds Primus Conspiratus, so no player wins."),
    "most_points": ("Róma legyőzése után a legtöbb pont győz.", "With Rome beaten, the most points win."),
    "category": ("Kategória", "Category"),
    "rome_col": ("Róma", "Rome"),
    "rome_holds": ("Róma {n} kategóriában a legerősebb (vagy holtversenyben az): {cats}. 4 kell a győzelméhez.",
                   "Rome is strongest (or tied) in {n} categories: {cats}. It needs 4 to win."),
    "total": ("összesen", "total"),
    "strongest": ("* = a kategória legerősebbje", "* = strongest in the category"),
    "opt.keep": ("Megtartod: {card}; a többi lap a pakli alá kerül", "Keep {card}; the others go under the deck"),
    "opt.start": ("Kezdéskor magad elé teszed, ingyen: {card}", "Play at the start, free: {card}"),
    "opt.hand": ("{card} → a kezedbe", "{card} → into your hand"),
    "opt.bottom": ("{card} → a pakli alá", "{card} → under the deck"),
    "opt.legion": ("{card} → {numeral:a}. légió alá", "{card} → below Legion {numeral}"),
    "opt.buy": ("Megveszed {numeral:a}. légió alatti csoportot {price} Aureusért: {cards}",
                "Buy the group below Legion {numeral} for {price} Aureus: {cards}"),
    "opt.play": ("Kijátszod: {card}; ára {price} Aureus", "Play {card} for {price} Aureus"),
    "opt.draw": ("Húzol {n} lapot, aztán vásárolhatsz és kijátszhatsz", "Draw {n} cards, then buy and play"),
    "opt.pass": ("Passzolsz: megnézed Róma {n} képpel lefelé fordított lapját, és kapsz 2 Aureust",
                 "Pass: look at Rome's {n} face-down cards and take 2 Aureus"),
    "opt.nodraw": ("Elfogyott a pakli: húzás helyett 2 Aureust kapsz, aztán vásárolhatsz és kijátszhatsz",
                   "The deck is empty: take 2 Aureus instead of drawing, then buy and play"),
    "opt.nobuy": ("Nem vásárolsz", "Buy nothing"),
    "opt.done": ("Kész: begyűjtöd a bevételt", "Done: collect your income"),
    "opt.done_n": ("Kész: begyűjtöd a bevételt, {n} Aureust", "Done: collect your income, {n} Aureus"),
    "opt.done_0": ("Kész (ebben a körben nincs bevételed)", "Done (no income this turn)"),
    "public_hand": ("ismert a kezében", "known in hand"),
}


def _t(key: str, lang: str, **kw: Any) -> str:
    hu, en = TEXT[key]
    return fill(en if lang == "en" else hu, lang, **kw)


LEGEND = {
    "hu": ("Jelmagyarázat — egy lap: kategória, ● a jelei, a szám az értéke Aureusban (vásárláskor ennyit ér).\n"
           "Kategóriák: Gazd = Gazdagság (3 jelenként 1 Aureus kedvezmény vásárláskor), Flot = Flotta, "
           "Sereg, Vall = Vallás (3+ jel: kettesével, 6+: egyszerre húzol), Szen = Szenátor (+1 bevétel), "
           "Birt = Birtok, Csel = Cselszövés (nincs bevétel, Primus Conspiratus).\n"
           "Játékosok táblája: jelek/lapok kategóriánként; Korl = flotta/sereg korlát; * = te; "
           "Aureus ? = a többiek pénze titkos. Róma: ismert jelei és képpel lefelé fordított lapjai."),
    "en": ("Legend — a card: category, ● its symbols, the number its value in Aureus (what it costs to buy).\n"
           "Categories: Wlth = Wealth (1 Aureus off purchases per 3 symbols), Flt = Fleet, Army, Rel = Religion "
           "(3+ symbols: draw two together, 6+: all at once), Sen = Senator (+1 income), Est = Estate, "
           "Con = Conspiracy (no income, Primus Conspiratus).\n"
           "Players' table: symbols/cards per category; Lim = Fleet/Army limit; * = you; "
           "Aureus ? = others' money is secret. Rome: its known symbols and face-down cards."),
}


def legend(lang: str = "hu") -> str:
    """What the symbols and abbreviations of the drawing mean (the terminal's ``?``)."""
    return LEGEND["en" if lang == "en" else "hu"]


def _plain(card: dict[str, Any], lang: str) -> str:
    return card_text(card, lang).plain


def option_label(view: dict[str, Any], action: Action, lang: str = "hu") -> str:
    """An option as the deciding seat reads it: the card's symbols and value, the price it pays now."""
    op, _, rest = action.code.partition(":")
    args = dict(part.split("=", 1) for part in rest.split(",") if "=" in part)
    cards = {c["id"]: c for c in (view.get("hand") or []) + ((view.get("draw") or {}).get("cards") or [])}
    card = cards.get(args.get("card", ""))
    name = _plain(card, lang) if card else None
    if op == "keep" and name:
        return _t("opt.keep", lang, card=name)
    if op == "start" and name:
        return _t("opt.start", lang, card=name)
    if op == "place" and name:
        to = args.get("to", "")
        if to.startswith("legion-"):
            return _t("opt.legion", lang, card=name, numeral=view["legions"][int(to[7:]) - 1]["numeral"])
        return _t("opt.hand" if to == "hand" else "opt.bottom", lang, card=name)
    if op == "buy":
        leg = view["legions"][int(args["legion"]) - 1]
        return _t("opt.buy", lang, numeral=leg["numeral"], price=leg["price"],
                  cards=", ".join(_plain(c, lang) for c in leg["cards"]))
    if op == "play" and name:
        return _t("opt.play", lang, card=name, price=(view.get("turn") or {}).get("next_cost", 0))
    income = (view.get("turn") or {}).get("income")
    if op == "done" and income is not None:
        return _t("opt.done_n" if income else "opt.done_0", lang, n=income)
    if op in ("draw", "pass", "nodraw", "nobuy", "done"):
        n = min(3, view["deck_size"]) if op == "draw" else view["rome"]["hidden_count"]
        return _t("opt." + op, lang, n=n)
    return action.label(lang)


def _cat_name(cat: str, lang: str) -> str:
    k = CATEGORIES.index(cat)
    return CAT_EN[k] if lang == "en" else CAT_HU[k]


def card_text(card: dict[str, Any], lang: str) -> Text:
    """``Sereg ●● 4`` in the category's colour (symbols as dots, printed value in Aurei)."""
    cat = card["category"]
    return Text(f"{_cat_name(cat, lang)} {'●' * card['symbols']} {card['cost']}", style=STYLE[cat])


def _cards(cards: list[dict[str, Any]], lang: str) -> Text:
    if not cards:
        return Text(_t("empty", lang), style="dim")
    return Text(", ").join(card_text(c, lang) for c in cards)


def _symbols_row(symbols: dict[str, int], cards: dict[str, int] | None = None) -> list[Text]:
    out = []
    for cat in CATEGORIES:
        s = symbols.get(cat, 0)
        if cards is None:
            label = f"{s}"
        else:
            label = f"{s}/{cards.get(cat, 0)}" if s else "·"
        out.append(Text(label, style=STYLE[cat] if s else "dim"))
    return out


def render(view: dict[str, Any], lang: str = "hu") -> RenderableType:
    """The whole view, top to bottom (the line mode, replays, reviews)."""
    parts = [*_board(view, lang), *_players(view, lang, caption=True)]
    hand = _hand(view, lang)
    if hand is not None:
        parts.append(Panel(hand, title=f"{_t('your_hand', lang)} · {view['money']} {_t('money', lang)}",
                           border_style="cyan"))
    result = view.get("result")
    if result is not None:
        parts.append(_result(view, result, lang))
    return Group(*parts)


def panes(view: dict[str, Any], lang: str = "hu", seat: int | None = None) -> dict[str, RenderableType | None]:
    """The view split for the full-screen game: the board (Rome, the Legions, the deck and
    this turn), the players' table and the seat's hand; the end's verdict joins the board."""
    board = _board(view, lang)
    result = view.get("result")
    if result is not None:
        board.append(_result(view, result, lang))
    hand = _hand(view, lang, one_per_line=True)
    return {"board": Group(*board), "players": Group(*_players(view, lang, caption=False)),
            "hand": None if hand is None else
            Group(Text(f"{view['money']} {_t('money', lang)}", style="bold"), hand)}


def _board(view: dict[str, Any], lang: str) -> list[RenderableType]:
    parts: list[RenderableType] = []
    head = _t("title", lang, round=view["round"])
    if view.get("level"):
        head += " · " + _t("solo", lang, level=view["level"])
    parts.append(Text(head, style="bold"))
    if view.get("reconstructed"):
        parts.append(Text(_t("reconstructed", lang), style="italic dim"))

    rome = view["rome"]
    known = dict(rome["symbols"])
    if rome["hidden"] is not None:
        for c in rome["hidden"]:
            known[c["category"]] = known.get(c["category"], 0) + c["symbols"]
    rome_t = _RomeRow(known, lang)
    hidden = (Text(_t("hidden_seen", lang) + ": ").append_text(_cards(rome["hidden"], lang))
              if rome["hidden"] is not None else
              Text(_t("hidden_unknown", lang, n=rome["hidden_count"]), style="dim"))
    parts.append(Panel(Group(Text(_t("rome_known", lang)), rome_t, _cards(rome["cards"], lang), hidden),
                       title=_t("rome", lang), border_style="red"))

    leg_t = Table(title=_t("legions", lang), box=None, padding=(0, 1))
    leg_t.add_column(_t("legion", lang))
    leg_t.add_column(_t("group", lang))
    leg_t.add_column(_t("value", lang), justify="right")
    mine = view.get("seat") is not None
    if mine:
        leg_t.add_column(_t("price", lang), justify="right")
    for leg in view["legions"]:
        row = [leg["numeral"], _cards(leg["cards"], lang), str(leg["value"])]
        if mine:
            row.append("" if leg.get("price") is None else str(leg["price"]))
        leg_t.add_row(*row)
    parts.append(leg_t)

    info = [_t("deck", lang, n=view["deck_size"])]
    if view["to_move"] is not None:
        info.append(_t("to_move", lang, who=_t("seat", lang, n=view["to_move"] + 1)))
    parts.append(Text(" · ".join(info)))
    draw = view.get("draw")
    if draw and draw.get("cards") is not None:
        parts.append(Text(_t("drawn", lang) + ": ").append_text(_cards(draw["cards"], lang)))
    if view.get("turn") is not None and view["to_move"] == view.get("seat"):
        parts.append(Text(_t("turn", lang, n=view["turn"]["played"], cost=view["turn"]["next_cost"])))
    return parts


class _RomeRow:
    """Rome's symbols per category, headed by the categories' names, or by their short forms
    (the players' table's) where the names do not fit."""

    def __init__(self, known: dict[str, int], lang: str) -> None:
        self.known, self.lang = known, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        names = [_cat_name(cat, self.lang) for cat in CATEGORIES]
        pad = 1
        if sum(len(n) + 2 for n in names) > options.max_width:
            names, pad = [f" {n}" for n in SHORT["en" if self.lang == "en" else "hu"]], 0
        table = Table(show_header=True, box=None, padding=(0, pad))
        for cat, name in zip(CATEGORIES, names, strict=True):
            table.add_column(name, style=STYLE[cat], justify="right")
        table.add_row(*_symbols_row(self.known))
        yield table


def _players(view: dict[str, Any], lang: str, caption: bool) -> list[RenderableType]:
    """The players' table (symbols/cards per category, limit, hand size, money), who is start
    player or holds Primus Conspiratus, and hands known to all."""
    pl_t = Table(title=_t("players", lang) if caption else None, caption=_t("legend", lang) if caption else None,
                 box=None, padding=(0, 1))
    pl_t.add_column("")
    for k, cat in enumerate(CATEGORIES):
        pl_t.add_column(SHORT["en" if lang == "en" else "hu"][k], style=STYLE[cat], justify="right")
    pl_t.add_column(_t("limit", lang), justify="right")
    pl_t.add_column(_t("hand", lang), justify="right")
    pl_t.add_column(_t("money", lang) if caption else "Au", justify="right")
    parts: list[RenderableType] = [pl_t]
    if not caption:  # the compact table's abbreviations, each said once under it
        shorts = SHORT["en" if lang == "en" else "hu"]
        names = " · ".join(f"{short}: {_cat_name(cat, lang)}" for short, cat in zip(shorts, CATEGORIES, strict=True)
                           if short != _cat_name(cat, lang))
        parts.append(Text(f"{names} · {_t('legend_short', lang)}", style="dim"))
    for p in view["tableaux"]:
        seat = p["seat"]
        name = f"{seat + 1}."
        if seat == view.get("seat"):
            name = f"[bold]{name}*[/]"
        flags = [pair[1] if lang == "en" else pair[0] for pair in seat_marks(p)]
        if p["saw_rome"]:
            flags.append(_t("saw_rome", lang))
        if flags:
            parts.append(Text(f"{_t('seat', lang, n=seat + 1)}: {', '.join(flags)}", style="dim"))
        money = "?" if p["money"] is None else str(p["money"])
        pl_t.add_row(name, *_symbols_row(p["symbols"], p["cards"]), str(p["limit"]), str(p["hand_size"]), money)
    for p in view["tableaux"]:
        if p["hand_public"] and p["seat"] != view.get("seat"):
            parts.append(Text(f"{_t('seat', lang, n=p['seat'] + 1)} — {_t('public_hand', lang)}: ")
                         .append_text(_cards(p["hand_public"], lang)))
    return parts


def _hand(view: dict[str, Any], lang: str, one_per_line: bool = False) -> Text | None:
    if "hand" not in view:
        return None
    if one_per_line and view["hand"]:
        return Text("\n").join(card_text(c, lang) for c in view["hand"])
    return _cards(view["hand"], lang)


def _result(view: dict[str, Any], r: dict[str, Any], lang: str) -> RenderableType:
    """The end: who won and why — Rome against each player per category, points by source."""
    lines: list[RenderableType] = []
    n = len(r["points"])
    if "level" in r:
        key = "level_beaten" if r["level_beaten"] else "level_lost"
        lines.append(Text(_t(key, lang, level=r["level"], s=r["categories_stronger"], n=r["categories_needed"]),
                          style="bold"))
        if not r["all_categories_played"]:
            cards = view["tableaux"][0]["cards"]
            missing = [_cat_name(c, lang) for c in CATEGORIES if not cards.get(c)]
            lines.append(Text(_t("level_unplayed", lang, cats=join_words(missing, lang))))
    else:
        lines.append(Text(_t("rome_won" if r["rome_won"] else "players_won", lang), style="bold"))
        held = [_cat_name(c, lang) for c in r["rome_holds"]]
        lines.append(Text(_t("rome_holds", lang, n=len(held), cats=join_words(held, lang) or "—")))
        who = join_words([_t("seat", lang, n=w + 1) for w in r["winners"]], lang)
        key = "nobody" if not r["winners"] else "winner" if len(r["winners"]) == 1 else "winners"
        lines.append(Text(_t(key, lang, w=who)))
        if r["rome_won"]:
            lines.append(Text(_t("rome_pc" if r["winners"] else "rome_no_pc", lang)))
        else:
            lines.append(Text(_t("most_points", lang)))
    cat_t = Table(box=None, padding=(0, 1), caption=_t("strongest", lang))
    cat_t.add_column(_t("category", lang))
    cat_t.add_column(_t("rome_col", lang), justify="right")
    for seat in range(n):
        cat_t.add_column(_t("seat", lang, n=seat + 1), justify="right")
    for cat in CATEGORIES:
        rome = r["rome_totals"][cat]
        vals = [p[cat] for p in r["player_totals"]]
        top = max([rome, *vals])
        cells = [f"{rome}*" if rome == top else str(rome)]
        cells += [f"{v}*" if v == top and v > rome else str(v) for v in vals]
        cat_t.add_row(Text(_cat_name(cat, lang), style=STYLE[cat]), *cells)
    lines.append(cat_t)
    pts = Table(box=None, padding=(0, 1), title=_t("points", lang))
    pts.add_column("")
    for seat in range(n):
        pts.add_column(_t("seat", lang, n=seat + 1), justify="right")
    for src, hu, en in SCORE_COLUMNS:  # the browser's headings: each gives its rate in points
        pts.add_row(en if lang == "en" else hu, *(str(b[src]) for b in r["breakdown"]))
    pts.add_row(Text(_t("total", lang), style="bold"), *(Text(str(p), style="bold") for p in r["points"]))
    lines.append(pts)
    return Panel(Group(*lines), title=_t("over", lang), border_style="magenta")
