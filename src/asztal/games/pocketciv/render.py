"""Terminal drawing of a PocketCiv view: the hex map, the areas table, the current event
card, the era, gold, advances and wonders; Hungarian (``hu``) or English (``en``)."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asztal.engine.action import Action
from asztal.engine.i18n import join_words, with_article
from asztal.games.pocketciv.data import (
    ADV_EN,
    ADV_GOLD,
    ADV_HU,
    ADV_IDS,
    ADV_INDEX,
    ADV_RESOURCES,
    ADV_TRIBES,
    ADV_VP,
    BLUE,
    BOX,
    EMPIRES,
    EVENT_NAMES,
    GOLD,
    GREEN,
    HAND,
    RED,
    WONDER_EN,
    WONDER_GOLD,
    WONDER_HU,
    WONDER_INDEX,
    WONDER_TRIBES,
    WONDER_VP,
)
from asztal.games.pocketciv.items import effect
from asztal.games.pocketciv.messages import STEP_NAMES, steps_words
from asztal.games.pocketciv.result_words import result_sentences
from asztal.games.pocketciv.shown_card import NOT_READ, CardKind, card_words, shown_card

_T = {
    "era": ("Korszak", "Era"), "round": ("forduló", "round"), "gold": ("Arany", "Gold"), "vp": ("Győzelmi pont", "VP"),
    "area": ("Terület", "Area"), "nb": ("Szomszédok", "Neighbours"), "tribes": ("Törzs", "Tribes"),
    "city": ("Város (vff)", "City (AV)"), "icons": ("Ikonok", "Icons"), "wonders": ("Csodák", "Wonders"),
    "border": ("Határ", "Border"), "frontier": ("Peremvidék", "Frontier"), "sea": ("Tenger", "Sea"),
    "deck": ("Pakli", "Deck"), "discard": ("dobott", "discarded"),
    "advances": ("Vívmányok", "Advances"), "none": ("nincs", "none"), "partners": ("Kereskedelmi partnerek",
                                                                                    "Trading partners"),
    "map": ("Térkép", "Map"), "pending": ("Folyamatban", "Pending"), "noevent": ("nincs esemény", "no event"),
    "over": ("A játék véget ért", "Game over"),
    "frontier_short": ("perem", "frontier"), "sea_short": ("tenger", "sea"),
    "area_short": ("Ter.", "Area"), "nb_short": ("Szomsz.", "Nbrs"), "city_short": ("Vff", "AV"),
    "short_legend": ("Ter.: terület · Szomsz.: szomszédok · Vff: városfejlettségi fok · ★: főváros",
                     "AV: city advance value · ★: capital"),
    "mp_legend": ("törzs és vff játékosonként (1./2./…), a birodalmak színében · vff: városfejlettségi fok · "
                  "★: főváros · aláhúzott szám a térképen: város",
                  "tribes and AV per player (1/2/…) in the empires' colours · AV: city advance value · "
                  "★: capital · underlined number on the map: a city"),
    "totem": ("Totem", "Totem"), "empire": ("Birodalmad", "Your empire"), "player": ("játékos", "player"),
    "cities": ("Városok", "Cities"),
}
_ICONS = (("forest", "erdő", "forest"), ("mountain", "hegység", "mountain"), ("volcano", "vulkán", "volcano"),
          ("farm", "farm", "farm"), ("desert", "sivatag", "desert"), ("fault", "szakadék", "fault"))


def _t(key: str, lang: str) -> str:
    hu, en = _T[key]
    return en if lang == "en" else hu


def _pending(view: dict[str, Any], lang: str) -> Text:
    """The pending steps, outermost first, by the names a player knows (never frame ids)."""
    i = 1 if lang == "en" else 0
    names = [(STEP_NAMES.get(f[0]) or EVENT_NAMES.get(f[0]) or (str(f[0]),) * 2)[i] for f in view["stack"]]
    return Text(f"{_t('pending', lang)}: " + steps_words(names, lang), style="dim")



#: each empire's colour on the terminal (the browser board's red, blue, gold and purple)
EMPIRE_STYLES = ("bold red", "bold blue", "bold yellow", "bold magenta")
EMPIRE_WORDS = (("piros", "red"), ("kék", "blue"), ("sárga", "yellow"), ("lila", "purple"))


def _hexmap(view: dict[str, Any], compact: bool = False) -> Text | None:
    """Each hex cell shows its area number; ``::`` Frontier, ``~~`` Sea (``compact``: half as
    wide, one character a cell: ``:`` and ``~``).

    A multiplayer map has more areas than digits: its cells show the area's number as the
    options name it (``id``, not the number printed on its tile), two characters a cell, three
    columns apart, in the colour of the empire holding tribes or a city there."""
    multi = "empires" in view
    cell = 2 if multi or not compact else 1
    pitch = 3 if multi else 2 * cell  # columns between neighbouring cells of a row
    m = view.get("map") or {}
    key = "id" if multi else "number"
    cells = {}
    for a in m.get("areas", []):
        for q, r in a.get("cells", []):
            cells[(q, r)] = str(a[key])
    if not cells:
        return None
    for name, mark in (("frontier", "::"), ("sea", "~~")):
        for q, r in (m.get(name) or {}).get("cells", []):
            cells[(q, r)] = mark[:cell]
    rows = sorted({r for _, r in cells})
    xs = [2 * q + r for q, r in cells]
    lo = min(xs)
    out = Text(no_wrap=True, overflow="crop")
    areas = {a[key]: a for a in view.get("areas", [])}
    for r in rows:
        line = [" "] * ((max(xs) - lo) * pitch // 2 + cell + (0 if multi else 2))
        for (q, rr), mark in cells.items():
            if rr != r:
                continue
            col = (2 * q + r - lo) * pitch // 2
            for k, ch in enumerate(mark.rjust(cell)):
                line[col + k] = ch
        text = Text("".join(line).rstrip(), no_wrap=True, overflow="crop")
        plain = text.plain
        i = 0
        while i < len(plain):
            ch = plain[i]
            if ch == "~":
                text.stylize("blue", i, i + 1)
            elif ch == ":":
                text.stylize("yellow", i, i + 1)
            elif ch.isdigit():
                j = i
                while j < len(plain) and plain[j].isdigit():
                    j += 1
                text.stylize(_area_style(areas.get(int(plain[i:j]), {}), multi), i, j)
                i = j
                continue
            i += 1
        if out.plain:
            out.append("\n")
        out.append(text)
    return out


def _area_style(a: dict[str, Any], multi: bool) -> str:
    """An area's number on the map: green with a city, bold with tribes, dim when empty; on a
    multiplayer map in the colour of the one empire there (white when several share it)."""
    if not multi:
        return "bold green" if a.get("city") else "bold" if a.get("tribes") else "dim"
    held = [p for p, (t, c) in enumerate(zip(a.get("tribes", []), a.get("cities", []), strict=False)) if t or c]
    if not held:
        return "dim"
    style = EMPIRE_STYLES[held[0] % len(EMPIRE_STYLES)] if len(held) == 1 else "bold reverse"
    return style + (" underline" if any(a.get("cities", [])) else "")


def _holdings(view: dict[str, Any], lang: str) -> list[Text]:
    """Each empire's tribes and cities by area, one line an empire, so every colour's pieces are
    on screen even when the areas' table is scrolled away."""
    en = lang == "en"
    caps = [e["capital"] for e in view["empires"]]
    out = []
    for p in range(len(view["empires"])):
        tribes = [(a["id"], a["tribes"][p]) for a in view["areas"] if a["tribes"][p]]
        cities = [(a["id"], a["cities"][p]) for a in view["areas"] if a["cities"][p]]
        colour = EMPIRE_WORDS[p % len(EMPIRE_WORDS)][1 if en else 0]
        line = Text(f"{p + 1}. {_t('player', lang)} ({colour}): ", style=EMPIRE_STYLES[p % len(EMPIRE_STYLES)])
        total = sum(n for _, n in tribes)
        if en:
            line.append(f"{total} tribes" + (" (by area: " + ", ".join(f"{i}: {n}" for i, n in tribes) + ")"
                                             if tribes else ""))
            line.append("; cities: " + (", ".join(f"area {i} AV {c}{'★' if caps[p] == i else ''}"
                                                  for i, c in cities) or "none"))
        else:
            line.append(f"{total} törzs" + (" (területenként: " + ", ".join(f"{i}.: {n}" for i, n in tribes)
                                           + ")" if tribes else ""))
            line.append("; városok: " + (", ".join(f"{i}. területen vff {c}{'★' if caps[p] == i else ''}"
                                                    for i, c in cities) or "nincs"))
        out.append(line)
    return out


#: the event card's symbols by the rulebook's names: vörös kör, zöld négyzet, kék hatszög
SYMBOLS = (("●", "red", "vörös kör", "red circle"), ("■", "green", "zöld négyzet", "green square"),
           ("⬢", "blue", "kék hatszög", "blue hexagon"))


def _card(num: int | None, era: int, lang: str, kind: CardKind = "event") -> Text:
    """The event card: its three numbers in their coloured shapes, gold, handshake, this era's event
    (with the shapes whose numbers the event adds up); a card discarded at a shuffle (``kind``
    ``start`` or ``era``) says so instead of naming an event that does not happen."""
    if not num:
        return Text("-")
    c = num - 1
    box = BOX[c][era]
    name = EVENT_NAMES[box[0]][1 if lang == "en" else 0] if box else _t("noevent", lang)
    out = Text(f"{num}. " if lang == "hu" else f"#{num} ")
    for (mark, colour, _, _), value in zip(SYMBOLS, (RED[c], GREEN[c], BLUE[c]), strict=True):
        out.append(f"{mark}{value} ", style=f"bold {colour}")
    gold = _t("gold", lang).lower()
    out.append(f" {GOLD[c]} {gold}" if GOLD[c] else f" 0 {gold}", style="yellow")
    if HAND[c]:
        out.append("  🤝")
    if kind in NOT_READ:
        return out.append(f"  ({card_words(kind, lang, NOT_READ)})", style="dim")
    out.append(f"  → {era}. {_t('era', lang)}: {name}" if lang == "hu" else f"  → era {era}: {name}")
    if box:
        out.append(" ")
        for (mark, colour, _, _), k in zip(SYMBOLS, box[1:4], strict=True):
            out.append(mark * k, style=f"bold {colour}")
    return out


LEGEND = {
    "hu": "Jelmagyarázat — eseménykártya: [red]●[/] vörös kör, [green]■[/] zöld négyzet, [blue]⬢[/] kék hatszög "
          "(a számuk az Események, expedíciók mértéke), arany, 🤝 kézfogás (Feketepiac); a nyíl után az aktuális "
          "Korszak Eseménye és a jelek, amelyek számát össze kell adni. Térkép: a szám a terület, :: Peremvidék, "
          "~~ Tenger; zöld szám: város, félkövér: törzs. vff = városfejlettségi fok, ★ = főváros; "
          "Vívmányok mellett zárójelben a győzelmi pontjuk.",
    "en": "Legend — event card: [red]●[/] red circle, [green]■[/] green square, [blue]⬢[/] blue hexagon "
          "(their numbers size events and expeditions), gold, 🤝 handshake (Black Market); after the arrow this "
          "era's event and the shapes whose numbers it adds up. Map: the number is the area, :: Frontier, ~~ Sea; "
          "green number: a city, bold: tribes. AV = city advance value, ★ = capital; advances show their VP "
          "in brackets.",
}


def legend(lang: str = "hu") -> str:
    """What the symbols of the drawing mean (the terminal's ``?``)."""
    return LEGEND["en" if lang == "en" else "hu"]


_RES_WORDS = {"food": ("élelem", "food"), "wood": ("fa", "wood"), "stone": ("kő", "stone")}


def _advance_text(i: int, lang: str) -> str:
    en = lang == "en"
    tribes = ADV_TRIBES[i]
    cost = [f"{tribes} {('tribe' if tribes == 1 else 'tribes') if en else 'törzs'}"] if tribes else []
    if ADV_GOLD[i]:
        cost.append(f"{ADV_GOLD[i]} {_t('gold', lang).lower()}")
    # a free advance says so, never „ára 0 törzs”
    price = (f"cost {' and '.join(cost)}" if cost else "free") if en else \
        (f"ára {' és '.join(cost)}" if cost else "ingyenes")
    res = ", ".join(_RES_WORDS[r][1 if en else 0] for r in ADV_RESOURCES[i])
    name = (ADV_EN if en else ADV_HU)[i]
    if en:
        text = f"Advance: {name} — {price}{'; needs ' + res if res else ''}; {ADV_VP[i]} VP"
        return f"{text}; {effect(ADV_IDS[i], lang)}"
    return (f"Vívmány: {name} — {price}{'; kell hozzá: ' + res if res else ''}; {ADV_VP[i]} GYP; "
            f"{effect(ADV_IDS[i], lang)}")


def option_group(action: Action) -> tuple[str, int] | None:
    """Advances are offered once each; the city that buys one is a follow-up choice."""
    return ("adv", action.args[1]) if action.kind == "adv" else None


def group_label(view: dict[str, Any], actions: list[Action], lang: str = "hu") -> str:
    areas = [a.args[0] + 1 for a in actions]
    cities = join_words([f"{x}." if lang == "hu" else str(x) for x in areas], lang)
    who = f"városa: {cities} terület" if lang == "hu" else f"cities in areas {cities}"
    return f"{_advance_text(actions[0].args[1], lang)} ({who})"


def member_label(view: dict[str, Any], action: Action, lang: str = "hu") -> str:
    a = action.args[0] + 1
    return f"{with_article(a, capital=True)}. terület városa veszi meg" if lang == "hu" else f"The city in area {a}"


def option_label(view: dict[str, Any], action: Action, lang: str = "hu") -> str:
    """Advances and wonders say what they cost and what they bring; other options keep their label."""
    en = lang == "en"
    if action.kind == "adv":
        a, i = action.args
        if en:
            return f"{_advance_text(i, lang)} (bought by the city in area {a + 1})"
        return f"{_advance_text(i, lang)} ({with_article(a + 1)}. terület városa veszi meg)"
    if action.kind == "wonder":
        a, w = action.args
        name = (WONDER_EN if en else WONDER_HU)[w]
        gold = f", {WONDER_GOLD[w]} {_t('gold', lang).lower()}" if WONDER_GOLD[w] else ""
        if en:
            return f"Build the wonder {name} in area {a + 1} — cost {WONDER_TRIBES[w]} tribes{gold}; {WONDER_VP[w]} VP"
        return (f"Csoda: {name}, {with_article(a + 1)}. területen — ára {WONDER_TRIBES[w]} törzs{gold}; "
                f"{WONDER_VP[w]} GYP")
    if action.kind == "pick" and view.get("stack"):
        words = PICK_WORDS.get(view["stack"][-1][0])
        if words:
            a = action.args[0] + 1
            return words[1].format(a=a) if en else words[0].format(a=with_article(a), A=with_article(a, capital=True))
    return action.label(lang)


#: what choosing an area means in the event that asks (its frame's tag), instead of "Choose area 5"
PICK_WORDS = {
    "attack": ("A sereg {a}. területre vonul", "The force marches into area {a}"),
    "sandstorm": ("A homokvihar eléri {a}. területet", "The sandstorm reaches area {a}"),
    "earthquake": ("Új szakadék nyílik {a}. területen", "A new fault opens in area {a}"),
    "epidemic": ("A járvány {a}. területre terjed", "The epidemic spreads to area {a}"),
    "tribal_war": ("A harcosok {a}. területre törnek", "The warriors strike area {a}"),
    "uprising": ("{A}. terület városa is fellázad", "The city in area {a} rises too"),
    "anarchy": ("Az Anarchia {a}. területen pusztít", "Anarchy strikes area {a}"),
}


def verdict(outcome: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """The end of a multiplayer game in sentences with the players' own names (``cli/show``):
    who fell, when and why, and who won by which rule (PC-R-MP-WIPEOUT-LOSES); nothing for a
    solo game or one still going. The words are ``result_words``', which the browser shares."""
    if "fallen" not in outcome:
        return []
    return result_sentences(outcome, lang, names)


def end_screen(view: dict[str, Any], log: list[dict[str, Any]], lang: str = "hu") -> RenderableType | None:
    """The end: points per era (and why an era scored nothing), the advances and wonders that count."""
    if not view.get("is_over"):
        return None
    en = lang == "en"
    if "empires" in view:  # multiplayer: each Empire's points from advances and from wonders
        table = Table(title="Points" if en else "Győzelmi pontok", box=None, padding=(0, 1))
        for col in ("", _t("advances", lang), _t("wonders", lang), "Total" if en else "Összesen"):
            table.add_column(col, justify="right" if col else "left")
        for p, e in enumerate(view["empires"]):
            who = f"Player {p + 1}" if en else f"{p + 1}. játékos"
            table.add_row(who, str(e["vp"]), str(e["vp_wonders"]), str(e["vp"] + e["vp_wonders"]))
        return table  # who fell and who won, with the players' names: ``verdict`` (PC-R-MP-WIPEOUT-LOSES)
    from asztal.games.pocketciv.board import ENDINGS  # the browser board's words (it imports this module)

    hu, en_text = ENDINGS.get(view.get("ending") or "", ("", ""))
    ending = Text(("Game over: " + en_text) if en else ("A játék véget ért: " + hu), style="bold")
    table = Table(title="Points" if en else "Győzelmi pontok", box=None, padding=(0, 1))
    table.add_column(_t("era", lang))
    table.add_column("VP" if en else "GYP", justify="right")
    table.add_column("why" if en else "miért")
    for e in log:
        if e.get("key") != "pocketciv.era_end":
            continue
        if e.get("scored") is False:
            why = (f"{e['cities']} cities, {e['era']} needed" if en else f"{e['cities']} város, {e['era']} kellett")
        else:
            why = (f"{e.get('counted', 0)} advances count (limit: {e.get('limit', e.get('tribes'))} tribes)" if en
                   else f"{e.get('counted', 0)} Vívmány számít (korlát: {e.get('limit', e.get('tribes'))} törzs)")
        table.add_row(str(e["era"]), str(e["vp"]), why)
    wonders = [w for a in view["areas"] for w in a["wonders"]]
    if wonders:
        table.add_row(_t("wonders", lang), str(view.get("vp_wonders", 0)),
                      ", ".join((WONDER_EN if en else WONDER_HU)[WONDER_INDEX[w]] for w in wonders))
    table.add_row("Total" if en else "Összesen", str(view["vp"] + view.get("vp_wonders", 0)), "")
    return Group(ending, table, Text(f"{_t('advances', lang)}: {_advances(view['advances'], lang)}"))


def _begin(view: dict[str, Any], lang: str, middle: str, compact: bool = False) -> tuple[list[RenderableType], Table]:
    """The head line (era, round, ``middle``, deck), the hex map and an empty areas table
    (``compact``: without rules between cells, for the full-screen board)."""
    if lang == "en":
        when = f"Era {view['era']}, round {view['round']}"
        deck = f"Deck: {view['deck_size']} cards, {view['discard_size']} discarded"
    else:
        when = f"{view['era']}. Korszak, {view['round']}. forduló"
        deck = f"Pakli: {view['deck_size']} lap, {view['discard_size']} dobott"
    # the full-screen board is narrow: the era and the deck on one line, the rest on the next
    head = Text(f"{when}   {middle}   {deck}", style="bold")
    if compact:  # ``middle`` may be empty (solo: the gold and points are in the empire's pane)
        head = Text(f"{when}   {deck}" + (f"\n{middle}" if middle else ""), style="bold")
    parts: list[RenderableType] = [head]
    hexes = _hexmap(view, compact)
    if hexes is not None:
        parts.append(Panel(hexes, title=_t("map", lang), expand=False))
    table = Table(show_lines=False, box=None, header_style="bold", padding=(0, 1)) if compact else Table()
    for key in ("area", "nb", "border", "tribes", "city", "icons", "wonders"):
        table.add_column(_t(key + "_short" if compact and key + "_short" in _T else key, lang))
    return parts, table


def _border_icons(m: dict[str, Any], a: dict[str, Any], lang: str, compact: bool = False) -> tuple[str, str]:
    """An area's borders and icons (``compact``: "perem" for Peremvidék, spaces between)."""
    sep = " " if compact else ", "
    words = [_t(k + "_short" if compact else k, lang) for k in ("frontier", "sea") if m.get(k)]
    icons = sep.join(en if lang == "en" else hu for key, hu, en in _ICONS if a.get(key)) or "-"
    return sep.join(words) or "-", icons


def _card_line(view: dict[str, Any], lang: str) -> Text:
    """„Lap:” and the card the board shows (``shown_card``), or what a discarded one is."""
    current, kind = shown_card(view)
    return Text(f"{card_words(kind, lang)}: ").append_text(_card(current, view["era"], lang, kind))


def _advances(names: list[str], lang: str) -> str:
    adv = ADV_EN if lang == "en" else ADV_HU
    return ", ".join(f"{adv[ADV_INDEX[x]]} ({ADV_VP[ADV_INDEX[x]]})" for x in names) or _t("none", lang)


def _end(parts: list[RenderableType], view: dict[str, Any], lang: str) -> Group:
    if view.get("stack"):
        parts.append(_pending(view, lang))
    if view.get("is_over"):
        parts.append(Text(_t("over", lang), style="bold red"))
    return Group(*parts)


def render(view: dict[str, Any], lang: str = "hu") -> RenderableType:
    if "empires" in view:
        return render_mp(view, lang)
    parts = _solo_board(view, lang)
    parts.append(Text(f"{_t('advances', lang)}: {_advances(view['advances'], lang)}"))
    if view.get("partners"):
        parts.append(Text(f"{_t('partners', lang)}: {', '.join(p for p in view['partners'] if p in EMPIRES)}"))
    return _end(parts, view, lang)


def panes(view: dict[str, Any], lang: str = "hu", seat: int | None = None) -> dict[str, Any]:
    """The view split for the full-screen game: the board (map, areas, the event card, the
    steps under way), the other empires (multiplayer) and the player's own empire: gold,
    points, advances, trading partners."""
    if "empires" in view:
        board = _mp_board(view, lang, compact=True)
        me = seat
        others = [_empire_line(view, p, lang) for p in range(len(view["empires"])) if p != me]
        own = None if me is None else _empire_text(view["empires"][me], lang)
        return {"board": _end(board, view, lang), "players": Group(*others) if others else None,
                "hand": own, "hand_title": _t("empire", lang)}
    board = _solo_board(view, lang, compact=True)
    return {"board": _end(board, view, lang), "players": None, "hand": _empire_text(view, lang),
            "hand_title": _t("empire", lang)}


def _empire_text(e: dict[str, Any], lang: str) -> Text:
    """Gold, points, advances (with their points) and partners of one empire."""
    out = Text(f"{_t('gold', lang)}: {e['gold']}   {_t('vp', lang)}: {e['vp'] + e.get('vp_wonders', 0)}\n",
               style="bold")
    out.append(f"{_t('advances', lang)}: {_advances(e['advances'], lang)}")
    if e.get("partners"):
        out.append(f"\n{_t('partners', lang)}: {', '.join(p for p in e['partners'] if p in EMPIRES)}")
    return out


def _empire_line(view: dict[str, Any], p: int, lang: str) -> Text:
    e = view["empires"][p]
    return Text(f"{p + 1}. {_t('player', lang)}: {_t('gold', lang)} {e['gold']}, "
                f"{_t('vp', lang)} {e['vp'] + e['vp_wonders']}; {_t('advances', lang)}: "
                f"{_advances(e['advances'], lang)}")


def _solo_board(view: dict[str, Any], lang: str, compact: bool = False) -> list[RenderableType]:
    en = lang == "en"
    middle = "" if compact else (f"{_t('gold', lang)}: {view['gold']}   "
                                 f"{_t('vp', lang)}: {view['vp'] + view.get('vp_wonders', 0)}")
    parts, table = _begin(view, lang, middle, compact)
    nbs = {a["number"]: a for a in (view.get("map") or {}).get("areas", [])}
    for a in view["areas"]:
        m = nbs.get(a["number"], {})
        border, icons = _border_icons(m, a, lang, compact)
        city = "-" if not a["city"] else f"{a['city']}{'★' if a['capital'] else ''}"
        wonders = ", ".join((WONDER_EN if en else WONDER_HU)[WONDER_INDEX[w]] for w in a["wonders"]) or "-"
        table.add_row(str(a["number"]), ", ".join(map(str, m.get("neighbours", []))), border, str(a["tribes"]),
                      city, icons, wonders)
    parts.append(table)
    if compact:  # its headings are short: what they mean, on the screen
        parts.append(Text(_t("short_legend", lang), style="dim"))
    parts.append(_card_line(view, lang))
    return parts


def render_mp(view: dict[str, Any], lang: str = "hu") -> RenderableType:
    """The multiplayer view: areas by id (the number written in them in brackets), tribes and
    cities per player (player 1/player 2/...), then each player's gold, points and advances."""
    parts = _mp_board(view, lang)
    parts.extend(_empire_line(view, p, lang) for p in range(len(view["empires"])))
    return _end(parts, view, lang)


def _pieces(view: dict[str, Any], lang: str) -> Table:
    """Every area of the map with each empire's tribes and city (its vff), in their colours."""
    table = Table(box=None, header_style="bold", padding=(0, 1), pad_edge=False)
    for key in ("area", "tribes", "city_short"):
        table.add_column(_t(key, lang).lower(), no_wrap=True, justify="right" if key == "area" else "left")
    caps = [e["capital"] for e in view["empires"]]
    for a in view["areas"]:
        styles = [EMPIRE_STYLES[p % len(EMPIRE_STYLES)] for p in range(len(a["tribes"]))]
        tribes = Text("/").join(Text(str(n), style=st if n else "dim") for n, st in zip(a["tribes"], styles,
                                                                                         strict=True))
        cities = Text("/").join(Text(f"{c}{'★' if caps[p] == a['id'] else ''}" if c else "-",
                                     style=styles[p] if c else "dim") for p, c in enumerate(a["cities"]))
        table.add_row(str(a["id"]), tribes, cities)
    return table


class _Beside:
    """Two renderables side by side when the pane is wide enough for both, else one under the other."""

    def __init__(self, left: RenderableType, right: Table) -> None:
        self.left, self.right = left, right

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        left = console.measure(self.left, options=options).maximum
        right = console.measure(self.right, options=options).maximum
        if left + 1 + right <= options.max_width:
            grid = Table.grid(padding=(0, 0, 0, 1))
            grid.add_column(width=left, no_wrap=True)
            grid.add_column(min_width=right, no_wrap=True)
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


def _mp_board(view: dict[str, Any], lang: str, compact: bool = False) -> list[RenderableType]:
    """The multiplayer board: the head, each empire's pieces (one line each), the map numbered
    as the options number the areas, and a table of every area, one line an area."""
    en = lang == "en"
    parts, table = _begin(view, lang, f"{_t('totem', lang)}: {view['totem']}. {_t('player', lang)}", compact)
    parts[1:1] = _holdings(view, lang)
    if compact and len(parts) > 1 + len(view["empires"]):  # the map, with every area's pieces beside it
        parts[-1] = _Beside(parts[-1], _pieces(view, lang))
    if compact:  # the pieces are beside the map: this table gives the rest, each heading and area whole
        del table.columns[3:5]
        table.columns[0].header, table.columns[1].header = _t("area", lang), _t("nb", lang)
        parts.append(Text(_t("mp_legend", lang), style="dim"))
        for column in table.columns:
            column.no_wrap = True
            column.min_width = len(str(column.header))
    nbs = {a["id"]: a for a in (view.get("map") or {}).get("areas", [])}
    caps = [e["capital"] for e in view["empires"]]
    for a in view["areas"]:
        m = nbs.get(a["id"], {})
        border, icons = _border_icons(m, a, lang, compact)
        cities = "/".join(("-" if not c else f"{c}{'★' if caps[p] == a['id'] else ''}")
                          for p, c in enumerate(a["cities"]))
        wonders = ", ".join(f"{p + 1}: " + (WONDER_EN if en else WONDER_HU)[WONDER_INDEX[w]]
                            for p, ws in enumerate(a["wonders"]) for w in ws) or "-"
        tribes = Text("/").join(Text(str(n), style=EMPIRE_STYLES[p % len(EMPIRE_STYLES)] if n else "dim")
                                for p, n in enumerate(a["tribes"]))
        row: list[str | Text] = [str(a["id"]), ("," if compact else ", ").join(map(str, m.get("neighbours", []))),
                                 border, tribes, cities, icons, wonders]
        table.add_row(*(row[:3] + row[5:] if compact else row))
    parts.append(table)
    parts.append(_card_line(view, lang))
    return parts
