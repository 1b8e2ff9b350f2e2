"""What every PAX card is and does, in Hungarian and English.

PAX cards carry no rules text of their own: an influence card's power is its category's
(the rulebook's "A befolyáskártyák"), so a card is explained by its category, its printed
value and its symbols (from the default pack, the same numbers the rules read). Item ids:
the seven categories (``wealth`` ... ``conspiracy``), every influence card (``army-08``),
``legion-1`` ... ``legion-5``, ``primus``, ``primus_conspiratus`` and ``aureus``.
"""

from __future__ import annotations

from asztal.games.guide import ItemText
from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CAT_EN, CAT_HU, CATEGORIES, DEFAULT_PACK, LEGION_NUMERALS

#: (Hungarian, English, guide passage) of each category's power
_POWER = {
    "wealth": ("Minden 3 gazdagságjeled 1 Aureusszal csökkenti a megvett kártyacsoport árát.",
               "Every 3 Wealth symbols take 1 Aureus off the price of a card group you buy.", "gazdagsag"),
    "fleet": ("Minden 3 flottajeled a végső értékeléskor egy bónusz sereget ér. A flottajelek száma nem haladhatja "
              "meg a birtok- vagy cselszövésjeleid közül a nagyobbikat.",
              "Every 3 Fleet symbols give you a bonus Army at final scoring. Your Fleet symbols may not exceed "
              "the larger "
              "of your Estate and Conspiracy symbols.", "flotta-sereg"),
    "army": ("Minden 3 seregjeled a végső értékeléskor egy bónusz flottát ér. A seregjelek száma nem haladhatja meg "
             "a birtok- vagy cselszövésjeleid közül a nagyobbikat.",
             "Every 3 Army symbols give you a bonus Fleet at final scoring. Your Army symbols may not exceed "
             "the larger "
             "of your Estate and Conspiracy symbols.", "flotta-sereg"),
    "religion": ("Legalább 3 vallásjellel két lapot húzol egyszerre, legalább 6-tal mind a hármat, és csak utána "
                 "döntöd el, hova kerülnek.",
                 "With at least 3 Religion symbols you draw two cards at once, with at least 6 all three, and only "
                 "then decide where they go.", "vallas"),
    "senator": ("Ha a körödben Szenátort is kijátszol, a bevételed 1 Aureusszal nő (Cselszövés mellett nincs "
                "bevétel).",
                "If you also play a Senator on your turn, your income rises by 1 Aureus (none if you also play a "
                "Conspiracy).", "szenator"),
    "estate": ("Annyi Flotta- és annyi seregjeled lehet, amennyi a birtok- vagy a cselszövésjeleid közül a "
               "nagyobbik szám.",
               "You may have as many Fleet symbols and as many Army symbols as the larger of your Estate and "
               "Conspiracy symbols.", "korlat"),
    "conspiracy": ("Emeli a flotta- és seregkorlátot, de a körben, amelyben kijátszod, nincs bevételed. A legtöbb "
                   "cselszövésjel gazdája kapja a Primus Conspiratus kártyát.",
                   "Raises the Fleet and Army limit, but you get no income on the turn you play it. Whoever has the "
                   "most Conspiracy symbols takes the Primus Conspiratus card.", "cselszoves"),
}
_OTHER = {
    "primus": ("Primus", "Primus",
               "A kezdőjátékos-kártya: gazdája kezdi a fordulót. A Primus Conspiratus birtokosa kapja meg.",
               "The start player card: its holder starts the round. The holder of the Primus Conspiratus takes it.",
               "uj-fordulo"),
    "primus_conspiratus": ("Primus Conspiratus", "Primus Conspiratus",
                           "A legtöbb cselszövésjel gazdájáé. Ő kezdi a következő fordulót, 1 pontot ér, és ha Róma "
                           "nyer, ő a győztes.",
                           "Held by whoever has the most Conspiracy symbols. Its holder starts the next round, scores "
                           "1 point for it, and is the winner if Rome wins.", "cselszoves"),
    "aureus": ("Aureus-kártya", "Aureus card",
               "Róma pénze, 1-es és 2-es értékben. Ebből fizeted a vásárlást és a kijátszást; a végén a legtöbb "
               "pénz 4 pontot ér.",
               "Rome's money, worth 1 or 2. You pay for buying and playing with it; at the end the most money "
               "scores 4 points.", "elemek"),
}
LEGION_IDS = tuple(f"legion-{n}" for n in range(1, len(LEGION_NUMERALS) + 1))
ITEM_IDS: tuple[str, ...] = tuple(CATEGORIES) + CARD_IDS + LEGION_IDS + tuple(_OTHER)


def _category(k: int, lang: str) -> ItemText:
    hu, en, passage = _POWER[CATEGORIES[k]]
    return ItemText(CAT_HU[k] if lang == "hu" else CAT_EN[k], hu if lang == "hu" else en, passage)


def _card(i: int, lang: str) -> ItemText:
    pack = DEFAULT_PACK
    k = CARD_CAT[i]
    cat = _category(k, lang)
    value, symbols = pack.cost[i], pack.symbols[i]
    if lang == "hu":
        name = f"{cat.name.lower()}kártya"
        head = f"{name.capitalize()}, értéke {value} Aureus, {symbols} jel."
        return ItemText(f"{name.capitalize()} ({value} Aureus, {symbols} jel)", f"{head} {cat.text}", cat.passage)
    head = f"{cat.name} card worth {value} Aurei, {symbols} symbol{'s' if symbols != 1 else ''}."
    return ItemText(f"{cat.name} card ({value} Aurei, {symbols} symbol{'s' if symbols != 1 else ''})",
                    f"{head} {cat.text}", cat.passage)


def _legion(n: int, lang: str) -> ItemText:
    numeral = LEGION_NUMERALS[n - 1]
    if lang == "hu":
        return ItemText(f"{numeral}. légió", "Az alatta fekvő lapok egy kártyacsoportot alkotnak, amelyet egyben "
                        "megvehetsz. A forduló végén a legértékesebb csoport Rómához kerül; holtversenynél a kisebb "
                        "számú légióé.", "fordulo-vege")
    return ItemText(f"Legion {numeral}", "The cards below it are one card group, which you may buy as a whole. At the "
                    "end of the round the most valuable group goes to Rome; on a tie the lower-numbered Legion's.",
                    "fordulo-vege")


def explain(item_id: str, lang: str) -> ItemText:
    """What ``item_id`` is and does, in ``lang``; KeyError for an unknown id."""
    if item_id in CATEGORIES:
        return _category(CATEGORIES.index(item_id), lang)
    if item_id in LEGION_IDS:
        return _legion(LEGION_IDS.index(item_id) + 1, lang)
    if item_id in _OTHER:
        name_hu, name_en, hu, en, passage = _OTHER[item_id]
        return ItemText(name_hu if lang == "hu" else name_en, hu if lang == "hu" else en, passage)
    if item_id in CARD_IDS:
        return _card(CARD_IDS.index(item_id), lang)
    raise KeyError(item_id)
