"""Terminal drawing of a PAX view (rich), in Hungarian or English.

``render(view, lang)`` takes what ``state.view(seat)`` returns, so it shows exactly what
that seat may know: Rome's known strength, the Legions and their groups, every tableau
with its symbol counts, the seat's hand and money.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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
    "hidden_unknown": ("{n} lefordított lap (ismeretlen)", "{n} face-down card(s) (unknown)"),
    "hidden_seen": ("lefordított lapok", "face-down cards"),
    "legions": ("Légiók", "Legions"),
    "legion": ("Légió", "Legion"),
    "group": ("Csoport", "Group"),
    "value": ("Érték", "Value"),
    "players": ("Játékosok", "Players"),
    "seat": ("{n}. játékos", "player {n}"),
    "limit": ("Korl", "Lim"),
    "legend": ("jelek/lapok kategóriánként; Korl = flotta/sereg korlát",
               "symbols/cards per category; Lim = Fleet/Army limit"),
    "hand": ("Kéz", "Hand"),
    "money": ("Aureus", "Aureus"),
    "your_hand": ("A kezed", "Your hand"),
    "deck": ("Pakli: {n} lap", "Deck: {n} cards"),
    "to_move": ("Soron: {who}", "To move: {who}"),
    "drawn": ("Húzott lapok", "Drawn cards"),
    "turn": ("Kijátszva ebben a körben: {n}, a következő lap ára {cost} Aureus",
             "Played this turn: {n}; the next card costs {cost} Aureus"),
    "primus": ("kezdőjátékos", "start player"),
    "pc": ("Primus Conspiratus", "Primus Conspiratus"),
    "saw_rome": ("látta Róma lapjait", "saw Rome's cards"),
    "empty": ("—", "—"),
    "over": ("Vége", "Game over"),
    "rome_won": ("Róma nyert.", "Rome wins."),
    "players_won": ("A játékosok legyőzték Rómát.", "The players beat Rome."),
    "winners": ("Győztes: {w}", "Winner(s): {w}"),
    "nobody": ("senki", "nobody"),
    "points": ("Pontok", "Points"),
    "level_beaten": ("A(z) {level}. pasziánsz játék sikerült!", "Solitaire game {level} beaten!"),
    "level_lost": ("A(z) {level}. pasziánsz játék nem sikerült ({s}/{n} kategória).",
                   "Solitaire game {level} lost ({s}/{n} categories)."),
    "public_hand": ("ismert a kezében", "known in hand"),
}


def _t(key: str, lang: str, **kw: Any) -> str:
    hu, en = TEXT[key]
    return (en if lang == "en" else hu).format(**kw)


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
    parts: list[RenderableType] = []
    head = _t("title", lang, round=view["round"])
    if view.get("level"):
        head += " · " + _t("solo", lang, level=view["level"])
    parts.append(Text(head, style="bold"))
    if view.get("reconstructed"):
        parts.append(Text(_t("reconstructed", lang), style="italic dim"))

    rome = view["rome"]
    rome_t = Table(show_header=True, box=None, padding=(0, 1))
    for cat in CATEGORIES:
        rome_t.add_column(_cat_name(cat, lang), style=STYLE[cat], justify="right")
    known = dict(rome["symbols"])
    if rome["hidden"] is not None:
        for c in rome["hidden"]:
            known[c["category"]] = known.get(c["category"], 0) + c["symbols"]
    rome_t.add_row(*_symbols_row(known))
    hidden = (Text(_t("hidden_seen", lang) + ": ").append_text(_cards(rome["hidden"], lang))
              if rome["hidden"] is not None else
              Text(_t("hidden_unknown", lang, n=rome["hidden_count"]), style="dim"))
    parts.append(Panel(Group(Text(_t("rome_known", lang)), rome_t, _cards(rome["cards"], lang), hidden),
                       title=_t("rome", lang), border_style="red"))

    leg_t = Table(title=_t("legions", lang), box=None, padding=(0, 1))
    leg_t.add_column(_t("legion", lang))
    leg_t.add_column(_t("group", lang))
    leg_t.add_column(_t("value", lang), justify="right")
    for leg in view["legions"]:
        leg_t.add_row(leg["numeral"], _cards(leg["cards"], lang), str(leg["value"]))
    parts.append(leg_t)

    pl_t = Table(title=_t("players", lang), caption=_t("legend", lang), box=None, padding=(0, 1))
    pl_t.add_column("")
    for k, cat in enumerate(CATEGORIES):
        pl_t.add_column(SHORT["en" if lang == "en" else "hu"][k], style=STYLE[cat], justify="right")
    pl_t.add_column(_t("limit", lang), justify="right")
    pl_t.add_column(_t("hand", lang), justify="right")
    pl_t.add_column(_t("money", lang), justify="right")
    flag_lines = []
    for p in view["tableaux"]:
        seat = p["seat"]
        name = f"{seat + 1}."
        if seat == view.get("seat"):
            name = f"[bold]{name}*[/]"
        flags = []
        if p["primus"]:
            flags.append(_t("primus", lang))
        if p["primus_conspiratus"]:
            flags.append(_t("pc", lang))
        if p["saw_rome"]:
            flags.append(_t("saw_rome", lang))
        if flags:
            flag_lines.append(Text(f"{_t('seat', lang, n=seat + 1)}: {', '.join(flags)}", style="dim"))
        money = "?" if p["money"] is None else str(p["money"])
        pl_t.add_row(name, *_symbols_row(p["symbols"], p["cards"]), str(p["limit"]), str(p["hand_size"]), money)
    parts.append(pl_t)
    parts.extend(flag_lines)
    for p in view["tableaux"]:
        if p["hand_public"] and p["seat"] != view.get("seat"):
            parts.append(Text(f"{_t('seat', lang, n=p['seat'] + 1)} — {_t('public_hand', lang)}: ")
                         .append_text(_cards(p["hand_public"], lang)))

    info = [_t("deck", lang, n=view["deck_size"])]
    if view["to_move"] is not None:
        info.append(_t("to_move", lang, who=_t("seat", lang, n=view["to_move"] + 1)))
    parts.append(Text(" · ".join(info)))
    draw = view.get("draw")
    if draw and draw.get("cards") is not None:
        parts.append(Text(_t("drawn", lang) + ": ").append_text(_cards(draw["cards"], lang)))
    if view.get("turn") is not None and view["to_move"] == view.get("seat"):
        parts.append(Text(_t("turn", lang, n=view["turn"]["played"], cost=view["turn"]["next_cost"])))
    if "hand" in view:
        parts.append(Panel(_cards(view["hand"], lang), title=f"{_t('your_hand', lang)} · "
                           f"{view['money']} {_t('money', lang)}", border_style="cyan"))

    result = view.get("result")
    if result is not None:
        parts.append(_result(view, result, lang))
    return Group(*parts)


def _result(view: dict[str, Any], r: dict[str, Any], lang: str) -> RenderableType:
    lines: list[RenderableType] = []
    if "level" in r:
        key = "level_beaten" if r["level_beaten"] else "level_lost"
        lines.append(Text(_t(key, lang, level=r["level"], s=r["categories_stronger"], n=r["categories_needed"]),
                          style="bold"))
    else:
        lines.append(Text(_t("rome_won" if r["rome_won"] else "players_won", lang), style="bold"))
        who = ", ".join(_t("seat", lang, n=w + 1) for w in r["winners"]) or _t("nobody", lang)
        lines.append(Text(_t("winners", lang, w=who)))
    pts = Table(box=None, padding=(0, 1))
    pts.add_column("")
    pts.add_column(_t("points", lang), justify="right")
    for seat, p in enumerate(r["points"]):
        pts.add_row(_t("seat", lang, n=seat + 1), str(p))
    lines.append(pts)
    return Panel(Group(*lines), title=_t("over", lang), border_style="magenta")
