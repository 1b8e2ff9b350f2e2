"""What every god, card and tile of Cleopatra's Caboose is and does, in Hungarian and English.

Names, numbers and fruits come from the shipped pack (the same tables the rules read); the
sentences are ours. Item ids: ``god-1`` ... ``god-7``, every auction card (``train-06``,
``building-temple-2``, ``fruit-07``), every city card (``city-alexandria-1``), the building
types (``temple`` ...), the fruits (``dates`` ...) and the pyramid tiles (``pyramid-1`` ...).
"""

from __future__ import annotations

from asztal.games.caboose.pack import BUILDING, GOD_NAMES, TRAIN, load_pack
from asztal.games.guide import ItemText

#: (Hungarian, English) of each god's power, as a whole sentence for the player
_GODS = (
    ("A piramis 5 pénzzel olcsóbb (nulla alá nem megy).", "A pyramid costs 5 less (never below zero)."),
    ("A körödben egyszer, bármikor kicserélhetsz két gyümölcskockát két különböző városban.",
     "Once on your turn, at any time, you may swap two fruit cubes in two different cities."),
    ("Minden épület, amelyet ebben a körben építesz, 2 győzelmi ponttal többet ér.",
     "Every building you build this round scores 2 more VP."),
    ("A körödben egy meg nem épített útszakaszt is használhatsz a gyümölcs szállításához.",
     "On your turn you may also use one route segment without trains to move fruit."),
    ("Vasútépítéskor annyi extra győzelmi pontot kapsz, ahány városon át a saját vonataidból álló leghosszabb utad "
     "halad.", "When you build a railway you score extra VP equal to the cities your longest route of your own "
     "trains passes through."),
    ("Két aukciós kártyát vehetsz el egy helyett.", "You may take two auction cards instead of one."),
    ("Két helyett három akciót hajthatsz végre.", "You may take three actions instead of two."),
)
_PACK = load_pack(None)
GOD_IDS = tuple(f"god-{n}" for n in range(1, 8))
ITEM_IDS: tuple[str, ...] = (GOD_IDS + _PACK.ac_ids + _PACK.cc_ids + _PACK.btype_ids + _PACK.fruit_ids
                             + _PACK.pyr_ids)


def _god(n: int, lang: str) -> ItemText:
    hu, en = _GODS[n - 1]
    name = GOD_NAMES[n - 1].title()
    return ItemText(f"{n}. {name}", (f"Isten lap ({n}): a B. fázisban a kisebb számú isten gazdája lép előbb. " + hu)
                    if lang == "hu" else (f"God card ({n}): in phase B the holder of the lower number goes first. "
                                          + en), "istenek")


def _auction(i: int, lang: str) -> ItemText:
    p, hu = _PACK, lang == "hu"
    kind = p.ac_kind[i]
    fruits = p.fruit_list(p.ac_fruits[i], lang)
    if kind == TRAIN:
        n, cost = p.ac_trains[i], p.ac_cost[i]
        text = (f"Vasútépítéshez: {cost} pénzért {n} vonatodat teszed le egy útra, amely a kijátszott városkártya "
                "városából indul." if hu else
                f"For building a railway: for {cost} money you place {n} of your trains on one route leading out of "
                "the city on the city card you play.")
        return ItemText(f"{n} vonat ({cost} pénz)" if hu else f"{n} train{'s' if n != 1 else ''} (cost {cost})",
                        text, "vasut")
    if kind == BUILDING:
        bonus = p.btile_value[p.ac_tile[i]] if p.ac_tile[i] >= 0 else 0
        if hu:
            text = (f"Épület kártya. Építéséhez kell: {fruits}. Azonnal {p.ac_vp[i]} győzelmi pontot ér"
                    + (f", és {bonus} értékű bónuszlapkát tesz a városra." if bonus else ".")
                    + " A játék végén a különböző épülettípusaid pontot érnek.")
        else:
            text = (f"Building card. Needs: {fruits}. Scores {p.ac_vp[i]} VP at once"
                    + (f" and puts a bonus tile worth {bonus} on the city." if bonus else ".")
                    + " At the end your different building types score.")
        return ItemText(p.auction_text(i, lang), text, "epulet")
    text = (f"Gyümölcs kártya ({fruits}): felfordítva magad elé teszed. Épületnél felhasználhatod, termesztéskor a "
            "gyümölcsei a városba kerülnek, és a végén a különböző gyümölcsfajták pontot érnek; ha valaki ilyen "
            "gyümölcsöt szállít, 1 győzelmi pontot kapsz." if hu else
            f"Fruit card ({fruits}): it lies face up in front of you. Use it for a building, grow its fruit into a "
            "city, and at the end your different fruits score; whenever someone delivers its fruit, you score 1 VP.")
    return ItemText((f"gyümölcs kártya: {fruits}") if hu else f"fruit card: {fruits}", text, "termesztes")


def _city_card(i: int, lang: str) -> ItemText:
    p, hu = _PACK, lang == "hu"
    city = (p.city_hu if hu else p.city_en)[p.cc_city[i]]
    sep = " vagy " if hu else " or "
    fruits = sep.join((p.fruit_hu if hu else p.fruit_en)[f] for f in p.cc_fruits[i])
    text = (f"Városkártya: {city}, kereslet: {fruits}, {p.cc_pay[i]} pénz. Ide szállíthatsz ilyen gyümölcsöt "
            "(a pénz plusz a piaci érték a tiéd), vagy kijátszhatod, hogy innen induló vasutat, itt épületet építs, "
            "illetve itt gyümölcsöt termessz." if hu else
            f"City card: {city}, demand {fruits}, {p.cc_pay[i]} money. Deliver such a fruit here (the money plus the "
            "market value is yours), or use the city for a railway, a building or growing fruit.")
    return ItemText(p.card_text(i, lang), text, "szallitas")


def explain(item_id: str, lang: str) -> ItemText:
    """What ``item_id`` is and does, in ``lang``; KeyError for an unknown id."""
    p, hu = _PACK, lang == "hu"
    if item_id in GOD_IDS:
        return _god(GOD_IDS.index(item_id) + 1, lang)
    if item_id in p.ac_idx:
        return _auction(p.ac_idx[item_id], lang)
    if item_id in p.cc_idx:
        return _city_card(p.cc_idx[item_id], lang)
    if item_id in p.btype_ids:
        t = p.btype_ids.index(item_id)
        return ItemText((p.btype_hu if hu else p.btype_en)[t],
                        "Épülettípus. A játék végén a különböző típusok számítanak: 1, 3, 6, 10, 15 pont." if hu else
                        "A building type. At the end different types count: 1, 3, 6, 10, 15 VP.", "tobbi-pontozas")
    if item_id in p.fruit_idx:
        f = p.fruit_idx[item_id]
        return ItemText((p.fruit_hu if hu else p.fruit_en)[f],
                        "Gyümölcs. Piaci értéke minden szállítással és termesztéssel 1-gyel csökken, minden "
                        "felhasznált kockával 1-gyel nő." if hu else
                        "A fruit. Its market value drops by 1 with every delivery and every cube grown, and rises by "
                        "1 with every cube used up.", "szallitas")
    if item_id in p.pyr_idx:
        v = p.pyr_value[p.pyr_idx[item_id]]
        return ItemText(f"{v}-es piramis" if hu else f"Pyramid of {v}",
                        f"Ára {2 * v} pénz (Amun Vanderbilttal 5-tel kevesebb), azonnal {v} győzelmi pontot ér, és "
                        "a város értékét is növeli. Üres (gyümölcs nélküli) városba építheted." if hu else
                        f"Costs {2 * v} money (5 less with Amun Vanderbilt), scores {v} VP at once and adds to the "
                        "city's value. Build it in an empty city (no fruit).", "piramis")
    raise KeyError(item_id)
