"""What is wrong with a hand-drawn PocketCiv map, in Hungarian and English (the map editor).

``check_map`` and the map endpoint raise ``MapError(key, **args)``; ``str()`` of it is the
English line (as before, for logs and files), ``text(lang)`` the line in the reader's
language. A problem found by the generic JSON-shape helpers (a hand-edited file, not the
editor) is a plain ValueError: ``map_error_text`` then gives a Hungarian summary and the
English detail.
"""

from __future__ import annotations

from typing import Any

from asztal.games.pocketciv.data import NAREA

_FLAG_HU = {"frontier": "Peremvidék", "sea": "Tenger", "mountain": "hegység", "forest": "erdő", "desert": "sivatag"}

#: key -> (Hungarian, English); the rule the map breaks is named in the English line's spirit
MESSAGES: dict[str, tuple[str, str]] = {
    "not_object": ("A térkép leírásában nincs területlista.", "a map must be a JSON object with an 'areas' list"),
    "area_count": (f"A térképen pontosan {NAREA} terület kell; most ennyi van: {{n}}.",
                   f"a map needs exactly {NAREA} areas, not {{n}}"),
    "area_not_object": ("A térkép egyik területének leírása hibás.", "every area must be a JSON object"),
    "area_numbers": (f"A területek száma 1 és {NAREA} között van, és mindegyik szám pontosan egyszer szerepel "
                     "(hibás: {bad}).", f"area numbers must be 1-{NAREA}, each once (bad: {{bad}})"),
    "neighbours": (f"{{area}}. terület: szomszédként csak más, 1 és {NAREA} közötti területszám állhat.",
                   f"area {{area}}: 'neighbours' must list other area numbers 1-{NAREA}"),
    "flag": ("{area}. terület: {flag_hu} mező csak igaz vagy hamis lehet.",
             "area {area}: '{flag}' must be true or false"),
    "disagree": ("{A_a} és {b_a} terület nem egyezik abban, hogy szomszédosak-e.",
                 "areas {a} and {b} disagree about being neighbours"),
    "connected": ("A térkép területeinek összefüggő egészet kell alkotniuk.",
                  "the areas of a map must all be connected"),
    "too_many_borders": ("Ennyi határ egy sík térképen nem lehet (legfeljebb 18 szomszédos pár).",
                         "too many borders for a flat map (at most 18 pairs of neighbours)"),
    "frontier": ("A Peremvidéknek 4 vagy 5 területtel kell határosnak lennie; most ennyivel határos: {n}.",
                 "the Frontier must border 4 or 5 areas, not {n}"),
    "sea": ("Legalább egy területnek a Tengerrel kell határosnak lennie.", "at least one area must border the Sea"),
    "mountains": ("Pontosan 5 területre kell hegységet rajzolni; most ennyi van: {n}.",
                  "a map needs mountains in 5 areas and forests in 5 areas ({n} mountains given)"),
    "forests": ("Pontosan 5 területre kell erdőt rajzolni; most ennyi van: {n}.",
                "a map needs mountains in 5 areas and forests in 5 areas ({n} forests given)"),
    "desert_all_or_none": ("A sivatagot vagy minden területnél meg kell adni, vagy egyiknél sem.",
                           "give 'desert' for every area or for none"),
    "desert_bare": ("Sivatag pontosan oda kerül, ahol se hegység, se erdő nincs.",
                    "deserts go exactly where there is neither mountain nor forest"),
    "desert_one": ("Ha minden területen van hegység vagy erdő, pontosan egy sivatag kell, erdő nélküli területen.",
                   "with no bare area, exactly one desert goes in an area without forest"),
    "too_many_cells": ("A térképen legfeljebb {max} mező és sarokpont lehet; most ennyi van: {n}.",
                       "a map may draw at most {max} cells and corners, not {n}"),
    "points": ("A rajz pontjai csak {lo} és {hi} közötti egész koordináták lehetnek.",
               "{field}: every point must be [x, y], whole numbers {lo}..{hi}"),
    "x_scale": ("A térkép vízszintes aránya 0,1 és 10 közötti szám lehet.", "map x_scale must be a number 0.1..10"),
    "no_cells": ("{Area_a} területnek egyetlen mezője sincs.", "area {area} has no cells"),
    "one_piece": ("{Area_a} területnek egyetlen, lyuk nélküli darabnak kell lennie.",
                  "area {area} must be one piece without holes"),
}


class MapError(ValueError):
    """One problem of a map, by catalogue key; ``str()`` is the English line."""

    def __init__(self, key: str, **args: Any) -> None:
        self.key = key
        self.args_ = args
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        hu, en = MESSAGES[self.key]
        words = dict(self.args_)
        if "flag" in words:
            name = _FLAG_HU.get(str(words["flag"]), str(words["flag"]))
            words["flag_hu"] = f"{_article(name)} „{name}”"
        for k in ("area", "a", "b"):
            if k in words:
                words[f"{k}_a"] = f"{_article(words[k])} {words[k]}."
                words[f"{k.capitalize()}_a"] = words[f"{k}_a"].capitalize()
        return (hu if lang == "hu" else en).format(**words)


def _article(word: object) -> str:
    """The Hungarian article before ``word``: "az" before a vowel sound (az erdő, az 5.), else "a"."""
    w = str(word)
    vowel = w[:1].lower() in "aáeéiíoóöőuúüű" or (w.isdigit() and (w == "1" or w[0] == "5"
                                                                   or (len(w) == 4 and w[0] == "1")))
    return "az" if vowel else "a"


def map_error_text(e: ValueError, lang: str) -> str:
    """The line a map editor shows for ``e`` in ``lang``."""
    if isinstance(e, MapError):
        return e.text(lang)
    return "A térképfájl szerkezete hibás." if lang == "hu" else str(e)
