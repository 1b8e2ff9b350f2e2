"""Static tables read once from ``data/*.json``: the 16 event cards, 49 advances, 10 wonders.

Everything the rules read in the hot path is a flat tuple indexed by a small integer:
cards by ``card - 1``, advances by their bit number (``ADV_IDS``), wonders by ``WONDER_IDS``.
Owned advances are an int bit mask in the state; the ``A_*`` constants are those bits.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

_DIR = Path(__file__).with_name("data")


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_DIR / name).read_text(encoding="utf-8"))
    return data


NAREA: Final = 8  #: areas of the solo map
MAXAREA: Final = 32  #: areas of the largest multiplayer map (8 per player, PC-MP-MAP-01); action tables cover them
ALL_AREAS: Final = (1 << NAREA) - 1
BITS = tuple(1 << i for i in range(MAXAREA))
EMPIRES = ("Floren", "Gilda", "Atlantea", "Nordic")

# -- events ------------------------------------------------------------------------------------
# Hungarian names: the rulebook's where it has them (Anarchia ... Földrengés, Támadás,
# Kereskedelem, homokvihar, vulkánkitörés), our own faithful ones for the rest.
EVENT_NAMES = {
    "anarchy": ("Anarchia", "Anarchy"),
    "bandits": ("Banditák", "Bandits"),
    "civil_war": ("Polgárháború", "Civil War"),
    "corruption": ("Korrupció", "Corruption"),
    "earthquake": ("Földrengés", "Earthquake"),
    "epidemic": ("Járvány", "Epidemic"),
    "famine": ("Éhínség", "Famine"),
    "flood": ("Árvíz", "Flood"),
    "tsunami": ("Cunami", "Tsunami"),
    "sandstorm": ("Homokvihar", "Sandstorm"),
    "superstition": ("Babona", "Superstition"),
    "tribal_war": ("Törzsi háború", "Tribal War"),
    "uprising": ("Felkelés", "Uprising"),
    "visitation": ("Látogatás", "Visitation"),
    "volcano": ("Vulkánkitörés", "Volcano"),
    "attack": ("Támadás", "Attack"),
    "trade": ("Kereskedelem", "Trade"),
}

_deck = _load("event_deck.json")
_cards = sorted(_deck["cards"], key=lambda c: c["card_number"])
assert [c["card_number"] for c in _cards] == list(range(1, 17)), "the event deck must hold cards 1-16"
NCARDS = len(_cards)
RED: tuple[int, ...] = tuple(c["red_circle"] for c in _cards)
GREEN: tuple[int, ...] = tuple(c["green_square"] for c in _cards)
BLUE: tuple[int, ...] = tuple(c["blue_hexagon"] for c in _cards)
GOLD: tuple[int, ...] = tuple(c["gold_nuggets"] for c in _cards)
HAND = tuple(bool(c["handshake"]) for c in _cards)


#: an event box of a card: (event_id, n_red, n_green, n_blue, visiting empire index or -1)
Box = tuple[str, int, int, int, int]


def _box(entry: dict[str, Any] | None) -> Box | None:
    if not entry:
        return None
    sh = entry.get("shapes_to_sum") or {}
    emp = entry.get("visiting_empire")
    return (entry["event_id"], sh.get("red_circle", 0), sh.get("green_square", 0), sh.get("blue_hexagon", 0),
            EMPIRES.index(emp) if emp else -1)


#: BOX[card][era] = (event_id, n_red, n_green, n_blue, empire) or None; era 1..8 (index 0 unused)
BOX: tuple[tuple[Box | None, ...], ...] = tuple(
    tuple([None] + [_box(c["events_by_era"].get(str(e))) for e in range(1, 9)]) for c in _cards)


def symbol_sum(box: Box, card: int) -> int:
    """PC-EVT-03: the numbers of ``card`` in the shapes printed beside the original event box."""
    return box[1] * RED[card] + box[2] * GREEN[card] + box[3] * BLUE[card]


# -- advances ----------------------------------------------------------------------------------
# Hungarian names: the rulebook's (Úthálózat, Lovaglás, Kincstár, ...) where it names the advance,
# our own for the advances the transcript never mentions.
_OWN_HU = {
    "horticulture": "Kertészet",
    "sense_of_community": "Közösségi szellem",
    "government": "Államrend",
    "military": "Hadsereg",
    "diplomacy": "Diplomácia",
    "music": "Zene",
    "written_record": "Írásos krónika",
    "arts": "Művészetek",
    "theater": "Színház",
    "story_telling": "Mesemondás",
    "mythology": "Mitológia",
    "philosophy": "Filozófia",
    "ministry": "Minisztérium",
    "shipping": "Hajózás",
}

_adv = _load("advances.json")["advances"]
assert len(_adv) == 49, "PocketCiv 2.0 has 49 advances"
ADV_IDS = tuple(a["id"] for a in _adv)
ADV_INDEX = {k: i for i, k in enumerate(ADV_IDS)}
NADV: Final = 49  # the assertion above
ADV_EN = tuple(a["name_en"] for a in _adv)
ADV_HU = tuple(a["name_hu"] or _OWN_HU[a["id"]] for a in _adv)
ADV_VP = tuple(a["victory_points"] for a in _adv)
ADV_TRIBES = tuple(a["cost"]["tribes"] for a in _adv)
ADV_GOLD = tuple(a["cost"]["gold"] for a in _adv)
FOOD: Final = 1
WOOD: Final = 2
STONE: Final = 4
_RES = {"food": FOOD, "wood": WOOD, "stone": STONE}
ADV_RES = tuple(sum(_RES[r] for r in a["resources_required"]) for a in _adv)
ADV_RESOURCES = tuple(tuple(a["resources_required"]) for a in _adv)


def _mask(ids: Iterable[str] | None) -> int:
    return sum(1 << ADV_INDEX[x] for x in ids or ())


ADV_PRE_ALL = tuple(_mask((a["prerequisites"] or {}).get("all_of")) for a in _adv)
ADV_PRE_ANY = tuple(_mask((a["prerequisites"] or {}).get("any_of")) for a in _adv)

# the bits as literals the compiled build inlines (a module global is a dictionary lookup in
# compiled code); in the order of advances.json, which the check below holds them to
A_MASONRY: Final = 1 << 0
A_ENGINEERING: Final = 1 << 1
A_ARCHITECTURE: Final = 1 << 2
A_AGRICULTURE: Final = 1 << 3
A_HORTICULTURE: Final = 1 << 4
A_IRRIGATION: Final = 1 << 5
A_EQUESTRIAN: Final = 1 << 6
A_CAVALRY: Final = 1 << 7
A_SENSE_OF_COMMUNITY: Final = 1 << 8
A_GOVERNMENT: Final = 1 << 9
A_MILITARY: Final = 1 << 10
A_CENTRALIZED_GOVERNMENT: Final = 1 << 11
A_DIPLOMACY: Final = 1 << 12
A_DEMOCRACY: Final = 1 << 13
A_CIVIL_SERVICE: Final = 1 << 14
A_MUSIC: Final = 1 << 15
A_LITERACY: Final = 1 << 16
A_WRITTEN_RECORD: Final = 1 << 17
A_MEDICINE: Final = 1 << 18
A_ARTS: Final = 1 << 19
A_THEATER: Final = 1 << 20
A_PATRONAGE: Final = 1 << 21
A_STORY_TELLING: Final = 1 << 22
A_MYTHOLOGY: Final = 1 << 23
A_MEDITATION: Final = 1 << 24
A_PHILOSOPHY: Final = 1 << 25
A_ORGANIZED_RELIGION: Final = 1 << 26
A_MINISTRY: Final = 1 << 27
A_LAW: Final = 1 << 28
A_FISHING: Final = 1 << 29
A_NAVIGATION: Final = 1 << 30
A_ASTRONOMY: Final = 1 << 31
A_SHIPPING: Final = 1 << 32
A_SAILS_AND_RIGGING: Final = 1 << 33
A_COINAGE: Final = 1 << 34
A_BANKING: Final = 1 << 35
A_CULTURE_OF_THIEVERY: Final = 1 << 36
A_BLACK_MARKET: Final = 1 << 37
A_SLAVE_LABOR: Final = 1 << 38
A_MINING: Final = 1 << 39
A_SURVEYING: Final = 1 << 40
A_METAL_WORKING: Final = 1 << 41
A_MAGNETICS: Final = 1 << 42
A_CARTAGE: Final = 1 << 43
A_ROADBUILDING: Final = 1 << 44
A_COMMON_TONGUE: Final = 1 << 45
A_BASIC_TOOLS: Final = 1 << 46
A_SIMPLE_TOOLS: Final = 1 << 47
A_MACHINING: Final = 1 << 48
assert all(globals()["A_" + x.upper()] == 1 << i for i, x in enumerate(ADV_IDS)), "advances.json's order"

#: Story Telling and Simple Tools: these advances cost one tribe less (advances.json rule_changes)
STORY_TELLING_CHEAPER = _mask(("mythology", "music", "literacy", "philosophy", "arts", "theater",
                               "organized_religion", "law"))
SIMPLE_TOOLS_CHEAPER = _mask(("masonry", "engineering", "architecture", "cartage", "irrigation", "mining",
                              "roadbuilding", "metal_working"))
#: PC-UPK-CITYDEV-10..14, ruling PC-R-CAV-CAP-SUM (PC-Q-11 revised, rules version 4): each of
#: these advances raises the maximum CAV of a city by one, the raises add up (p. 15)
CAV_RAISES = (A_MASONRY, A_SLAVE_LABOR, A_ENGINEERING, A_METAL_WORKING, A_ARCHITECTURE)
GROWTH_ADVANCES = (A_MASONRY, A_CIVIL_SERVICE, A_SLAVE_LABOR)      # PC-UPK-CITYDEV-02..04
TOOL_ADVANCES = (A_BASIC_TOOLS, A_SIMPLE_TOOLS, A_MACHINING)         # PC-UPK-CITYDEV-06..08

# -- wonders -----------------------------------------------------------------------------------
_WONDER_HU = {
    "amphitheater": "Amfiteátrum",
    "giant_statue": "Önmagad óriási aranyozott szobra",
    "city_of_atlantis": "Atlantisz városa",
    "coliseum": "A halál kolosszeuma",
    "hanging_gardens": "Függőkertek",
    "hall_of_justice": "Az igazság csarnoka",
    "great_wall": "A magány nagy fala",
    "monolith": "A lenyűgözés hatalmas monolitja",
    "mountain_citadel": "Hegyi fellegvár",
    "palace": "Szenátusi palota",
}
_won = _load("wonders.json")["wonders"]
WONDER_IDS = tuple(w["id"] for w in _won)
WONDER_INDEX = {k: i for i, k in enumerate(WONDER_IDS)}
NWONDER: Final = 10
assert len(WONDER_IDS) == NWONDER, "PocketCiv 2.0 has 10 wonders"
WONDER_EN = tuple(w["name_en"] for w in _won)
WONDER_HU = tuple(w["name_hu"] or _WONDER_HU[w["id"]] for w in _won)
WONDER_VP = tuple(w["victory_points"] for w in _won)
WONDER_TRIBES = tuple(w["cost"]["tribes"] for w in _won)
WONDER_GOLD = tuple(w["cost"]["gold"] for w in _won)
WONDER_ADV = tuple(_mask(w["requirements"]["advances_all_of"]) for w in _won)
WONDER_PARTNER = tuple(EMPIRES.index(w["requirements"]["trading_partner_with"])
                       if w["requirements"]["trading_partner_with"] else -1 for w in _won)
WONDER_CITY = tuple(w["requirements"]["region_must_have_city"] for w in _won)
WONDER_SEA = tuple(w["requirements"]["region_must_border_sea"] for w in _won)
WONDER_FRONTIER = tuple(w["requirements"]["region_must_border_frontier"] for w in _won)
WONDER_MOUNTAIN = tuple(w["requirements"]["region_must_have_mountain_or_volcano"] for w in _won)
GREAT_WALL: Final = 6
assert WONDER_INDEX["great_wall"] == GREAT_WALL
