"""What every advance, wonder, event and event card of PocketCiv does, in Hungarian and English.

The effect texts are ours (``data/texts.json``; the data files hold English summaries only);
points, costs, resources and prerequisites are composed here from the same tables the rules
read (``data.py``), so an explanation can never disagree with the game. Item ids are the
data ids (``masonry``, ``great_wall``, ``flood``) and ``card-1`` ... ``card-16`` for the
event cards.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from asztal.games.guide import ItemText
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
    NCARDS,
    RED,
    WONDER_EN,
    WONDER_GOLD,
    WONDER_HU,
    WONDER_IDS,
    WONDER_INDEX,
    WONDER_TRIBES,
    WONDER_VP,
)


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_TEXTS: dict[str, dict[str, dict[str, str]]] = _read("texts.json")
_adv = _read("advances.json")["advances"]
_won = _read("wonders.json")["wonders"]
_RES = {"food": ("élelem", "Food"), "wood": ("fa", "Wood"), "stone": ("kő", "Stone")}
CARD_IDS = tuple(f"card-{n}" for n in range(1, NCARDS + 1))
ITEM_IDS: tuple[str, ...] = ADV_IDS + WONDER_IDS + tuple(_TEXTS["events"]) + CARD_IDS
_EVENT_PASSAGE = {"anarchy": "anarchia", "flood": "arviz", "tsunami": "arviz", "superstition": "babona",
                  "bandits": "banditak", "attack": "banditak", "earthquake": "foldrenges"}


def _names(ids: list[str], lang: str) -> list[str]:
    return [(ADV_HU if lang == "hu" else ADV_EN)[ADV_INDEX[i]] for i in ids]


def _vp(n: int) -> str:
    return f"{n} victory point{'s' if n != 1 else ''}"


def _cost(tribes: int, gold: int, lang: str) -> str:
    hu = lang == "hu"
    parts = ([f"{tribes} törzs" if hu else f"{tribes} tribe{'s' if tribes != 1 else ''}"] if tribes else []) + \
        ([f"{gold} arany" if hu else f"{gold} gold"] if gold else [])
    if not parts:
        return "Ingyenes." if hu else "Free."
    return ("Ára: " if hu else "Cost: ") + (" és " if hu else " and ").join(parts) + "."


def _advance(i: int, lang: str) -> ItemText:
    hu = lang == "hu"
    a = _adv[i]
    out = [f"{ADV_VP[i]} győzelmi pont a Korszakok végén." if hu else f"{_vp(ADV_VP[i])} at era ends.",
           _cost(ADV_TRIBES[i], ADV_GOLD[i], lang)]
    res = [_RES[r][0 if hu else 1] for r in ADV_RESOURCES[i]]
    if res:
        out.append(("Kell hozzá a város területén: " if hu else "Needs in the city's area: ") + ", ".join(res) + ".")
    pre = a["prerequisites"] or {}
    if pre.get("all_of"):
        out.append(("Előfeltétel: " if hu else "Requires: ") + ", ".join(_names(pre["all_of"], lang)) + ".")
    if pre.get("any_of"):
        out.append(("Előfeltétel: " if hu else "Requires: ")
                   + (" vagy " if hu else " or ").join(_names(pre["any_of"], lang)) + ".")
    out.append(_TEXTS["advances"][ADV_IDS[i]][lang])
    return ItemText((ADV_HU if hu else ADV_EN)[i], " ".join(out), "vivmanyok")


def _wonder(i: int, lang: str) -> ItemText:
    hu = lang == "hu"
    req = _won[i]["requirements"]
    out = [f"{WONDER_VP[i]} győzelmi pont a játék végén." if hu else f"{_vp(WONDER_VP[i])} at the end.",
           _cost(WONDER_TRIBES[i], WONDER_GOLD[i], lang)]
    need = _names(req["advances_all_of"], lang)
    flags = (("region_must_have_city", "város a területen", "a city in the area"),
             ("region_must_border_sea", "tengerparti terület", "a coastal area"),
             ("region_must_border_frontier", "a Peremvidékkel határos terület", "an area on the Frontier"),
             ("region_must_have_mountain_or_volcano", "hegység vagy vulkán a területen",
              "a mountain or volcano in the area"))
    need += [h if hu else e for key, h, e in flags if req[key]]
    if req["trading_partner_with"]:
        p = req["trading_partner_with"]
        need.append(f"{p} kereskedelmi partnered" if hu else f"{p} as your trading partner")
    if need:
        out.append(("Feltétel: " if hu else "Requires: ") + ", ".join(need) + ".")
    out.append(_TEXTS["wonders"][WONDER_IDS[i]][lang])
    return ItemText((WONDER_HU if hu else WONDER_EN)[i], " ".join(out), "csodak")


def _event_name(event: str, lang: str) -> str:
    return EVENT_NAMES[event][0 if lang == "hu" else 1]


def _card(n: int, lang: str) -> ItemText:
    hu = lang == "hu"
    c = n - 1
    head = (f"Vörös kör {RED[c]}, zöld négyzet {GREEN[c]}, kék hatszög {BLUE[c]}, {GOLD[c]} arany"
            if hu else f"Red circle {RED[c]}, green square {GREEN[c]}, blue hexagon {BLUE[c]}, {GOLD[c]} gold")
    if HAND[c]:
        head += ", kézfogás" if hu else ", handshake"
    eras = []
    for era in range(1, 9):
        box = BOX[c][era]
        if box:
            name = _event_name(box[0], lang)
            if box[0] == "visitation" and box[4] >= 0:
                name += f" ({EMPIRES[box[4]]})"
            eras.append(f"{era}. Korszak: {name}" if hu else f"era {era}: {name}")
    body = ("Események: " if hu else "Events: ") + "; ".join(eras) if eras else (
        "Egyik Korszakban sem hoz eseményt" if hu else "No event in any era")
    return ItemText(f"{n}. eseménykártya" if hu else f"Event card {n}", f"{head}. {body}.", "esemenyek")


def effect(item_id: str, lang: str) -> str:
    """What an advance, wonder or event does, in ``lang``, without its costs and points: the
    line a tooltip or an offered move adds to the name (the data files' summaries are English
    and follow the printed cards, so nothing a player reads is taken from them)."""
    for section in ("advances", "wonders", "events"):
        if item_id in _TEXTS[section]:
            return _TEXTS[section][item_id]["en" if lang == "en" else "hu"]
    raise KeyError(item_id)


def explain(item_id: str, lang: str) -> ItemText:
    """What ``item_id`` is and does, in ``lang``; KeyError for an unknown id."""
    if item_id in ADV_INDEX:
        return _advance(ADV_INDEX[item_id], lang)
    if item_id in WONDER_INDEX:
        return _wonder(WONDER_INDEX[item_id], lang)
    if item_id in _TEXTS["events"]:
        return ItemText(_event_name(item_id, lang), _TEXTS["events"][item_id][lang],
                        _EVENT_PASSAGE.get(item_id, "tobbi-esemeny"))
    if item_id in CARD_IDS:
        return _card(CARD_IDS.index(item_id) + 1, lang)
    raise KeyError(item_id)
