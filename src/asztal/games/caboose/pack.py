"""The component data pack: board, cards and tiles, loaded once into flat tables.

The board, card lists and tile values of Cleopatra's Caboose are printed only on the physical
game; the default pack (``data/pack-reconstructed.json``) was *designed* to meet every
constraint the Hungarian rulebook implies (CC-Q-01, CC-Q-02, section 14 of the spec). Option
``pack=PATH`` loads another pack in the same schema: it is checked against
``data/pack.schema.json`` and then against the rulebook's hard constraints (the ``caboose:``
checks of ``reference/check_packs.py``); any failure is one ``BadOptions`` line.

Everything the rules read on the hot path is an index: cities 0..11, routes 0..19, fruits
0..4, city cards 0..59, auction cards 0..58 (train cards, then building cards, then fruit
cards), pyramid tiles, building tiles. Ids from the pack appear only in codes, views and the
state JSON.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import pathlib
from collections import Counter, deque
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn, cast

from asztal.engine import Action, BadOptions
from asztal.engine.jsonfile import read_json_file

DATA = pathlib.Path(__file__).resolve().parent / "data"
DEFAULT_PACK = DATA / "pack-reconstructed.json"
SCHEMA = DATA / "pack.schema.json"

# ``Final``: literals the compiled rules inline, statics they read without a dictionary lookup
TRAIN: Final = 0
BUILDING: Final = 1
FRUIT: Final = 2
#: the five cities the rulebook names (CC-SETUP-05)
NAMED = ("giza", "heliopolis", "abydos", "dendara")
#: the gods as printed in the rulebook (CC-GOD-01, CC-COMP-13), numbered 1-7
GOD_NAMES = ("AMUN VANDERBILT", "HORUS K. HOLLIDAY", "PTAH GOULD", "SEKHMET HUNTINGTON",
             "SETH HENRY HARRIMAN", "ATUM YOUNG", "BES CROCKER")
GOD_POWERS = (
    ("a piramis építésének költsége 5-tel kevesebb", "a pyramid costs 5 less"),
    ("két gyümölcskocka cseréje a térképen", "swap two fruit cubes on the map"),
    ("minden épület ebben a körben +2 GYP", "every building this round scores 2 more VP"),
    ("egy meg nem épített szakasz használata a körben", "use one unbuilt route in your turn"),
    ("vasútépítéskor GYP a leghosszabb út városaiért",
     "VP for the cities of your longest route when building a railway"),
    ("2 aukciós kártya", "take 2 auction cards"),
    ("3 akció 2 helyett", "3 actions instead of 2"),
)
AMUN: Final = 1
HORUS: Final = 2
PTAH: Final = 3
SEKHMET: Final = 4
SETH: Final = 5
ATUM: Final = 6
BES: Final = 7


# --------------------------------------------------------------------------- global actions

def _make_global(kind: str, n: int) -> Action:
    if kind == "pass":
        return Action("pass", "pass", (), "Passz", "Pass")
    if kind == "done":
        return Action("done", "done", (), "Befejezem a körömet", "End my turn")
    if kind == "bid":
        return Action(f"bid:{n}", "bid", (n,), f"Licit: {n} pénz", f"Bid {n} money")
    if kind == "god":
        k = n
        name = GOD_NAMES[k - 1]
        hu, en = GOD_POWERS[k - 1]
        return Action(f"god:{k}", "god", (k,), f"{k}. {name} ({hu})", f"{k}. {name} ({en})")
    if kind == "horus":
        return Action("horus", "horus", (), f"{GOD_NAMES[1]}: két gyümölcskocka cseréje",
                      f"{GOD_NAMES[1]}: swap two fruit cubes")
    if kind == "citydeck":
        return Action("citydraw", "citydraw", (-1,), "2 városkártya húzása: a pakli tetejéről",
                      "Draw city cards: from the top of the deck")
    raise KeyError(kind)


#: the pack-independent actions, shared by every pack, by kind and number (0 where a kind has none)
_GLOBAL: dict[tuple[str, int], Action] = {}
_GLOBAL_CODES: dict[str, Action] = {}


def gact(kind: str, n: int = 0) -> Action:
    key = (kind, n)
    a = _GLOBAL.get(key)
    if a is None:
        a = _make_global(kind, n)
        _GLOBAL[key] = a
        _GLOBAL_CODES[a.code] = a
    return a


PASS: Final = gact("pass")
DONE: Final = gact("done")
HORUS_ACT: Final = gact("horus")
CITYDECK: Final = gact("citydeck")
GODS_ACT = (None,) + tuple(gact("god", k) for k in range(1, 8))
_BIDS: Final[list[Action]] = [None]  # type: ignore[list-item]


def bids(lo: int, hi: int) -> list[Action]:
    """The interned bid actions lo..hi (a new list; the actions themselves are shared)."""
    while len(_BIDS) <= hi:
        _BIDS.append(gact("bid", len(_BIDS)))
    return _BIDS[lo:hi + 1]


#: the most money a seat may hold (CC-COMP-14: the bank is unlimited, but no game gets near this);
#: a position with more is refused, so bids and their interned actions stay bounded
MAX_MONEY = 999


def global_by_code(code: str) -> Action | None:
    """The action of a pack-independent code; a bid above ``MAX_MONEY`` is unknown and is not kept."""
    a = _GLOBAL_CODES.get(code)
    if a is None and code.startswith("bid:"):
        digits = code[4:]
        if digits.isascii() and digits.isdigit() and digits[0] != "0" and len(digits) <= 3:
            a = bids(int(digits), int(digits))[0]
    return a


# --------------------------------------------------------------------------- the pack

def _fail(where: str, msg: str) -> NoReturn:
    raise BadOptions(f"caboose pack {where}: {msg}")


class Pack:
    """One loaded and validated pack: flat tables plus its interned actions.

    CC-COMP-01 board, CC-COMP-03..08, CC-COMP-12: the components; CC-COMP-02 player colours (the aid
    boards have no rules effect)."""

    def __init__(self, raw: dict[str, Any], where: str) -> None:
        self.raw = raw
        self.where = where
        #: the resolved file path for a pack given by option, None for the shipped one
        self.path: str | None = None
        #: how views name this pack (set by ``load_pack``)
        self.key = "reconstructed"
        self.name: str = raw["pack"]
        self.status: str = raw.get("status", "")
        b = raw["board"]
        cities = b["cities"]
        self.city_ids: tuple[str, ...] = tuple(c["id"] for c in cities)
        self.city_idx: dict[str, int] = {k: i for i, k in enumerate(self.city_ids)}
        self.city_hu: tuple[str, ...] = tuple(c["hu"] for c in cities)
        self.city_en: tuple[str, ...] = tuple(c["en"] for c in cities)
        self.city_dark: tuple[bool, ...] = tuple(c["colour"] == "dark" for c in cities)
        self.city_xy: tuple[tuple[float, float], ...] = tuple((c["x"], c["y"]) for c in cities)
        self.corners: tuple[int, ...] = tuple(i for i, c in enumerate(cities) if c["corner"])
        self.five_extra: tuple[int, ...] = tuple(self.city_idx[k] for k in b["setup_extra_cubes"]["with_5_players"])
        self.nc = len(cities)
        routes = b["routes"]
        self.route_ids: tuple[str, ...] = tuple(r["id"] for r in routes)
        self.route_idx: dict[str, int] = {k: i for i, k in enumerate(self.route_ids)}
        self.route_a: tuple[int, ...] = tuple(self.city_idx[r["cities"][0]] for r in routes)
        self.route_b: tuple[int, ...] = tuple(self.city_idx[r["cities"][1]] for r in routes)
        self.nr = len(routes)
        self.city_routes = tuple(tuple(r for r in range(self.nr) if x in (self.route_a[r], self.route_b[r]))
                                 for x in range(self.nc))
        mt = b["market_track"]
        self.market_min: int = mt["min"]
        self.market_max: int = mt["max"]
        self.market_start: int = mt["start_space"]
        self.rounds: dict[int, int] = {int(k): v for k, v in b["round_track"]["rounds_by_players"].items()}
        fruits = raw["fruits"]
        self.fruit_ids: tuple[str, ...] = tuple(f["id"] for f in fruits)
        self.fruit_idx: dict[str, int] = {k: i for i, k in enumerate(self.fruit_ids)}
        self.fruit_hu: tuple[str, ...] = tuple(f["hu"] for f in fruits)
        self.fruit_en: tuple[str, ...] = tuple(f["en"] for f in fruits)
        self.fruit_hex: tuple[str, ...] = tuple(f.get("hex", "") for f in fruits)
        self.nf = len(fruits)
        #: the fruits of each fruit mask, ascending
        self.mask_fruits = tuple(tuple(f for f in range(self.nf) if m >> f & 1) for m in range(1 << self.nf))
        #: per fruit mask ``m`` the masks it covers: bit ``k`` set when ``k`` is a subset of ``m``
        self.subsets = tuple(sum(1 << k for k in range(1 << self.nf) if not k & ~m) for m in range(1 << self.nf))
        self.per_fruit: int = raw["fruit_cubes"]["per_fruit"]
        pt = raw["prestige_tiles"]
        self.prestige_ids: tuple[str, ...] = tuple(t["id"] for t in pt)
        self.prestige_idx: dict[str, int] = {k: i for i, k in enumerate(self.prestige_ids)}
        self.prestige_light: tuple[int, ...] = tuple(t["light"] for t in pt)
        self.prestige_dark: tuple[int, ...] = tuple(t["dark"] for t in pt)
        fi = self.fruit_idx
        cc = raw["city_cards"]
        self.cc_ids: tuple[str, ...] = tuple(c["id"] for c in cc)
        self.cc_idx: dict[str, int] = {k: i for i, k in enumerate(self.cc_ids)}
        self.cc_city: tuple[int, ...] = tuple(self.city_idx[c["city"]] for c in cc)
        self.cc_fruits: tuple[tuple[int, ...], ...] = tuple(tuple(fi[f] for f in c["fruits"]) for c in cc)
        self.cc_mask: tuple[int, ...] = tuple(_mask(f) for f in self.cc_fruits)
        self.cc_pay: tuple[int, ...] = tuple(c["payout"] for c in cc)
        self.ncc = len(cc)
        # auction cards: trains, then buildings, then fruit cards
        self.btype_ids: tuple[str, ...] = tuple(t["id"] for t in raw["building_types"])
        self.btype_hu: tuple[str, ...] = tuple(t["hu"] for t in raw["building_types"])
        self.btype_en: tuple[str, ...] = tuple(t["en"] for t in raw["building_types"])
        bt_idx = {k: i for i, k in enumerate(self.btype_ids)}
        tiles = raw["building_tiles"]
        self.btile_ids: tuple[str, ...] = tuple(t["id"] for t in tiles)
        self.btile_idx: dict[str, int] = {k: i for i, k in enumerate(self.btile_ids)}
        self.btile_value: tuple[int, ...] = tuple(t["value"] for t in tiles)
        #: one row per auction card: id, kind, trains, cost, starting card, fruits, VP, building type, bonus tile
        rows: list[tuple[str, int, int, int, bool, tuple[int, ...], int, int, int]] = []
        for c in raw["train_cards"]:
            rows.append((c["id"], TRAIN, c["trains"], c["cost"], bool(c["starting"]), (), 0, -1, -1))
        for c in raw["building_cards"]:
            rows.append((c["id"], BUILDING, 0, 0, False, tuple(fi[f] for f in c["fruits"]), c["vp"], bt_idx[c["type"]],
                         -1 if c["city_bonus"] is None else self.btile_idx[c["city_bonus"]["tile"]]))
        for c in raw["fruit_cards"]:
            rows.append((c["id"], FRUIT, 0, 0, False, tuple(fi[f] for f in c["fruits"]), 0, -1, -1))
        self.ac_ids = tuple(r[0] for r in rows)
        self.ac_kind = tuple(r[1] for r in rows)
        self.ac_trains = tuple(r[2] for r in rows)
        self.ac_cost = tuple(r[3] for r in rows)
        self.ac_starting = tuple(r[4] for r in rows)
        self.ac_fruits = tuple(r[5] for r in rows)
        self.ac_vp = tuple(r[6] for r in rows)
        self.ac_mask = tuple(_mask(f) for f in self.ac_fruits)
        self.ac_type = tuple(r[7] for r in rows)
        self.ac_tile = tile = tuple(r[8] for r in rows)
        self.ac_idx = {k: i for i, k in enumerate(self.ac_ids)}
        self.nac = len(rows)
        #: the building card that carries each building tile (-1: none)
        self.tile_card = tuple(next((i for i in range(self.nac) if tile[i] == t), -1) for t in range(len(tiles)))
        py = raw["pyramid_tiles"]
        self.pyr_ids: tuple[str, ...] = tuple(t["id"] for t in py)
        self.pyr_idx: dict[str, int] = {k: i for i, k in enumerate(self.pyr_ids)}
        self.pyr_value: tuple[int, ...] = tuple(t["value"] for t in py)
        self.colour_ids: tuple[str, ...] = tuple(c["id"] for c in raw["player_colours"])
        self.colour_hu: tuple[str, ...] = tuple(c["hu"] for c in raw["player_colours"])
        self.colour_hex: tuple[str, ...] = tuple(c.get("hex", "") for c in raw["player_colours"])
        self._build_actions()

    # -- actions ---------------------------------------------------------------------
    def _add(self, code: str, kind: str, args: tuple[int, ...], hu: str, en: str) -> Action:
        a = Action(code, kind, args, hu, en)
        self.codes[code] = a
        return a

    def fruit_list(self, fruits: Iterable[int], lang: str) -> str:
        names = self.fruit_hu if lang == "hu" else self.fruit_en
        return ", ".join(names[f] for f in fruits)

    def card_text(self, c: int, lang: str) -> str:
        city = (self.city_hu if lang == "hu" else self.city_en)[self.cc_city[c]]
        sep = " vagy " if lang == "hu" else " or "
        names = self.fruit_hu if lang == "hu" else self.fruit_en
        return f"{city} ({sep.join(names[f] for f in self.cc_fruits[c])}; {self.cc_pay[c]})"

    def auction_text(self, i: int, lang: str) -> str:
        hu = lang == "hu"
        k = self.ac_kind[i]
        if k == TRAIN:
            return (f"{self.ac_trains[i]} vonat, {self.ac_cost[i]} pénz" if hu
                    else f"{self.ac_trains[i]} train{'s' if self.ac_trains[i] != 1 else ''}, cost {self.ac_cost[i]}")
        if k == BUILDING:
            t = self.ac_type[i]
            name = (self.btype_hu if hu else self.btype_en)[t]
            bonus = ""
            if self.ac_tile[i] >= 0:
                v = self.btile_value[self.ac_tile[i]]
                bonus = f", városbónusz +{v}" if hu else f", city bonus +{v}"
            vp = "GYP" if hu else "VP"
            return f"{name} ({self.fruit_list(self.ac_fruits[i], lang)}; {self.ac_vp[i]} {vp}{bonus})"
        label = "gyümölcslap" if hu else "fruit card"
        return f"{label}: {self.fruit_list(self.ac_fruits[i], lang)}"

    def route_text(self, r: int, lang: str) -> str:
        names = self.city_hu if lang == "hu" else self.city_en
        return f"{names[self.route_a[r]]}–{names[self.route_b[r]]}"

    # the actions of one kind of auction card, by card index (None at the cards of the other kinds,
    # which are never offered them: typed as the actions the rules hand out)
    A_RAIL: tuple[Action, ...]
    A_BUILD: tuple[Action, ...]
    A_GROW: tuple[Action, ...]
    A_USE: tuple[Action, ...]

    def _build_actions(self) -> None:
        self.codes: dict[str, Action] = {}
        add, ct, at, rt = self._add, self.card_text, self.auction_text, self.route_text
        cid, fid = self.city_ids, self.fruit_ids
        self.A_TAKE = tuple(add(f"take:{self.ac_ids[i]}", "take", (i,), f"Aukciós kártya elvétele: {at(i, 'hu')}",
                                f"Take auction card: {at(i, 'en')}") for i in range(self.nac))
        self.A_RAIL = _of_kind(add(f"rail:{self.ac_ids[i]}", "rail", (i,), f"Vasút építése: {at(i, 'hu')}",
                                f"Build a railway: {at(i, 'en')}") if self.ac_kind[i] == TRAIN else None
                            for i in range(self.nac))
        self.A_BUILD = _of_kind(add(f"build:{self.ac_ids[i]}", "build", (i,), f"Épület építése: {at(i, 'hu')}",
                                 f"Build a building: {at(i, 'en')}") if self.ac_kind[i] == BUILDING else None
                             for i in range(self.nac))
        self.A_GROW = _of_kind(add(f"grow:{self.ac_ids[i]}", "grow", (i,),
                                f"Gyümölcs termesztése: {self.fruit_list(self.ac_fruits[i], 'hu')}",
                                f"Grow fruit: {self.fruit_list(self.ac_fruits[i], 'en')}")
                            if self.ac_kind[i] == FRUIT else None for i in range(self.nac))
        self.A_USE = _of_kind(add(f"use:{self.ac_ids[i]}", "use", (i,),
                               f"Gyümölcslap felhasználása: {self.fruit_list(self.ac_fruits[i], 'hu')}",
                               f"Use fruit card: {self.fruit_list(self.ac_fruits[i], 'en')}")
                           if self.ac_kind[i] == FRUIT else None for i in range(self.nac))
        self.A_DELIVER = tuple(add(f"deliver:{self.cc_ids[c]}", "deliver", (c,), f"Gyümölcs szállítása: {ct(c, 'hu')}",
                                   f"Deliver fruit: {ct(c, 'en')}") for c in range(self.ncc))
        self.A_CITYDRAW = tuple(add(f"citydraw:{self.cc_ids[c]}", "citydraw", (c,),
                                    f"2 városkártya húzása: {ct(c, 'hu')} és a pakli teteje",
                                    f"Draw city cards: {ct(c, 'en')} and the top of the deck")
                                for c in range(self.ncc))
        self.A_CARD = tuple(add(f"card:{self.cc_ids[c]}", "card", (c,), f"Városkártya: {ct(c, 'hu')}",
                                f"City card: {ct(c, 'en')}") for c in range(self.ncc))
        self.A_PYRAMID = tuple(add(f"pyramid:{self.pyr_ids[t]}", "pyramid", (t,),
                                   f"Piramis építése: {self.pyr_value[t]} GYP",
                                   f"Build a pyramid: {self.pyr_value[t]} VP") for t in range(len(self.pyr_ids)))
        self.A_ROUTE = tuple(add(f"route:{self.route_ids[r]}", "route", (r,), f"Út: {rt(r, 'hu')}",
                                 f"Route: {rt(r, 'en')}") for r in range(self.nr))
        self.A_SEKHMET = tuple(add(f"sekhmet:{self.route_ids[r]}", "sekhmet", (r,),
                                   f"{GOD_NAMES[3]}: meg nem épített szakasz ebben a körben: {rt(r, 'hu')}",
                                   f"{GOD_NAMES[3]}: use unbuilt route this turn: {rt(r, 'en')}")
                               for r in range(self.nr))
        self.A_CITY = tuple(add(f"city:{cid[x]}", "city", (x,), f"Város: {self.city_hu[x]}",
                                f"City: {self.city_en[x]}") for x in range(self.nc))
        nf = self.nf
        self.A_SRC = tuple(add(f"src:{cid[k // nf]}:{fid[k % nf]}", "src", (k // nf, k % nf),
                               f"{self.fruit_hu[k % nf]} innen: {self.city_hu[k // nf]}",
                               f"{self.fruit_en[k % nf]} from {self.city_en[k // nf]}")
                           for k in range(self.nc * nf))
        self.A_SWAP = tuple(add(f"swap:{cid[k // nf]}:{fid[k % nf]}", "swap", (k // nf, k % nf),
                                f"Csere: {self.fruit_hu[k % nf]} ({self.city_hu[k // nf]})",
                                f"Swap: {self.fruit_en[k % nf]} in {self.city_en[k // nf]}")
                            for k in range(self.nc * nf))

    def action_by_code(self, code: str) -> Action | None:
        a = self.codes.get(code)
        return a if a is not None else global_by_code(code)

    def __reduce__(self) -> tuple[Callable[[dict[str, Any], str, str | None, str], Pack],
                                  tuple[dict[str, Any], str, str | None, str]]:
        """A pickled state (OpenSpiel, Ray) names its pack by what it was made from: the compiled
        class has no ``__dict__`` to be restored into a bare instance."""
        return (_unpickled, (self.raw, self.where, self.path, self.key))


def _of_kind(actions: Iterable[Action | None]) -> tuple[Action, ...]:
    """Per auction card its action, None where the card is of another kind (never offered one)."""
    return cast("tuple[Action, ...]", tuple(actions))


def _mask(fruits: Iterable[int]) -> int:
    m = 0
    for f in fruits:
        m |= 1 << f
    return m


# --------------------------------------------------------------------------- loading

_CACHE: dict[str, Pack] = {}


def load_pack(path: str | pathlib.Path | None = None) -> Pack:
    """The pack at ``path`` (None: the shipped reconstructed pack), validated and cached."""
    if path is None:
        key = str(DEFAULT_PACK)
    else:
        if not isinstance(path, (str, pathlib.Path)) or not str(path).strip():
            raise BadOptions("caboose option pack must be a file path")
        key = str(pathlib.Path(path).expanduser().resolve())
    pk = _CACHE.get(key)
    if pk is not None:
        return pk
    where = "reconstructed (default)" if path is None else str(path)
    raw = read_json_file(key, f"caboose pack {where}", BadOptions)
    if path is not None:
        check_schema(raw, where)
    validate(raw, where)
    pk = Pack(raw, where)
    pk.path = None if path is None else key
    # the key a view names its pack by: a digest of the contents, never the local file path
    pk.key = "reconstructed" if path is None else \
        "sha256:" + hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()[:16]
    _CACHE[key] = pk
    _BY_KEY[pk.key] = pk
    return pk


_BY_KEY: dict[str, Pack] = {}


def _unpickled(raw: dict[str, Any], where: str, path: str | None, key: str) -> Pack:
    """The pack a pickled state names: the one loaded here under the same key, else made again
    from the same contents (already validated where it was pickled)."""
    pk = load_pack(None) if key == "reconstructed" else _BY_KEY.get(key)
    if pk is None:
        pk = Pack(raw, where)
        pk.path, pk.key = path, key
        _BY_KEY[key] = pk
    return pk


def pack_for_view(key: str | None) -> Pack:
    """The loaded pack a view names (``view["pack_key"]``); the shipped pack for None."""
    if key is None or key == "reconstructed":
        return load_pack(None)
    pk = _BY_KEY.get(key) if isinstance(key, str) else None
    if pk is None:
        raise BadOptions("the view names a caboose pack that is not loaded here")
    return pk


def check_schema(raw: Any, where: str) -> None:
    """Structural check against ``data/pack.schema.json`` (first error only, one line)."""
    import jsonschema  # type: ignore[import-untyped]  # no stubs installed; only a user's pack needs it

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(raw), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        at = "/".join(str(p) for p in e.absolute_path) or "(top)"
        _fail(where, f"{at}: {e.message}")


# -- geometry for the planar-map check (from reference/check_packs.py)

#: a city's position on the board
Point = tuple[float, float]


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def _intersect(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    d1, d2 = _orient(p3, p4, p1), _orient(p3, p4, p2)
    d3, d4 = _orient(p1, p2, p3), _orient(p1, p2, p4)
    if d1 != d2 and d3 != d4:
        return True
    return ((d1 == 0 and _on_segment(p3, p4, p1)) or (d2 == 0 and _on_segment(p3, p4, p2))
            or (d3 == 0 and _on_segment(p1, p2, p3)) or (d4 == 0 and _on_segment(p1, p2, p4)))


def _hits_rect(a: Point, b: Point, x0: float, x1: float, y0: float, y1: float) -> bool:
    def inside(p: Point) -> bool:
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1
    if inside(a) or inside(b):
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return any(_intersect(a, b, corners[i], corners[(i + 1) % 4]) for i in range(4))


def validate(p: dict[str, Any], where: str) -> None:
    """The rulebook's hard constraints on a pack (the ``caboose:`` checks of check_packs.py).

    Design properties of the reconstruction (``caboose (design)``) are not required: a printed
    pack may differ there. Raises BadOptions with the first failure.
    """
    def need(cond: object, msg: str) -> None:
        if not cond:
            _fail(where, msg)

    try:
        _validate(p, need)
    except BadOptions:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        _fail(where, f"malformed pack ({type(e).__name__}: {e})")


def _ok_id(s: object) -> bool:
    return isinstance(s, str) and s != "" and all(ch.isascii() and (ch.isalnum() or ch in "_.-") for ch in s)


def _validate(p: dict[str, Any], need: Callable[[object, str], None]) -> None:  # noqa: C901 - one flat list of checks, read like check_packs.py
    need(p.get("game") == "caboose", "'game' must be 'caboose'")
    need(isinstance(p.get("pack"), str) and p["pack"], "'pack' must name the pack")
    b = p["board"]
    cities = b["cities"]
    cid = [c["id"] for c in cities]
    need(all(_ok_id(k) for k in cid), "city ids must be letters, digits, '_', '.' or '-'")
    need(len(cities) == 12 and len(set(cid)) == 12,
         f"{len(set(cid))} distinct cities, expected 12 (one per prestige tile)")
    need(set(NAMED) <= set(cid), "Giza, Heliopolis, Abydos and Dendara must exist (CC-SETUP-05)")
    pos = {c["id"]: (c["x"], c["y"]) for c in cities}
    col = {c["id"]: c["colour"] for c in cities}
    lo, hi = b["coordinates"]["box"]
    for c in cities:
        need(lo <= c["x"] <= hi and lo <= c["y"] <= hi, f"city {c['id']} lies outside the {lo}..{hi} box")
        need(c["colour"] in ("light", "dark"), f"city {c['id']} colour must be light or dark")
        need(c["en"] and c["hu"], f"city {c['id']} needs an English and a Hungarian name")
    need(len(set(pos.values())) == len(pos), "two cities share a position")
    corners = [c["corner"] for c in cities if c["corner"]]
    need(sorted(corners) == ["ne", "nw", "se", "sw"], "exactly 4 corner cities, one per corner")
    need(not (set(NAMED) & {c["id"] for c in cities if c["corner"]}), "the four named 5-player cities are not corners")
    routes = b["routes"]
    rid = [r["id"] for r in routes]
    need(all(_ok_id(k) for k in rid) and len(set(rid)) == len(rid), "route ids must be unique simple ids")
    pairs = []
    for r in routes:
        a, c = r["cities"]
        need(a in pos and c in pos and a != c, f"route {r['id']} has bad endpoints")
        need(r["max_players"] == 2, f"route {r['id']} must hold trains of at most 2 players (CC-ACT-TRAIN-04)")
        ts = r.get("train_spaces")
        need(ts is None or (isinstance(ts, int) and ts >= 1), f"route {r['id']} train_spaces")
        pairs.append((a, c))
    need(len({frozenset(x) for x in pairs}) == len(pairs), "two routes join the same pair of cities")
    n, e = len(cities), len(routes)
    need(e <= 2 * n - 4, f"{e} routes exceed 2n-4 = {2 * n - 4}, impossible for a planar bipartite map")
    for a, c in pairs:
        need({col[a], col[c]} == {"light", "dark"},
             f"route {a}-{c} does not join a light and a dark city (CC-SETUP-01)")
    adj: dict[str, set[str]] = {k: set() for k in cid}
    for a, c in pairs:
        adj[a].add(c)
        adj[c].add(a)
    seen, todo = {cid[0]}, deque([cid[0]])
    while todo:
        for m in adj[todo.popleft()] - seen:
            seen.add(m)
            todo.append(m)
    need(seen == set(cid), f"route network not connected; unreachable: {', '.join(sorted(set(cid) - seen))}")
    for (a, c), (d, f) in itertools.combinations(pairs, 2):
        shared = {a, c} & {d, f}
        if shared:
            s = shared.pop()
            o1, o2 = (c if a == s else a), (f if d == s else d)
            overlap = _orient(pos[s], pos[o1], pos[o2]) == 0 and (
                _on_segment(pos[s], pos[o1], pos[o2]) or _on_segment(pos[s], pos[o2], pos[o1]))
            need(not overlap, f"routes {a}-{c} and {d}-{f} overlap")
        else:
            need(not _intersect(pos[a], pos[c], pos[d], pos[f]), f"routes {a}-{c} and {d}-{f} cross")
    ma = b["market_area"]
    (x0, x1), (y0, y1) = ma["x"], ma["y"]
    need(x0 == lo and y1 == hi, "the market area must sit in the lower-left corner (CC-SETUP-02)")
    for k in cid:
        need(not (x0 <= pos[k][0] <= x1 and y0 <= pos[k][1] <= y1), f"city {k} lies in the market area")
    for a, c in pairs:
        need(not _hits_rect(pos[a], pos[c], x0, x1, y0, y1), f"route {a}-{c} enters the market area")
    sx = b["setup_extra_cubes"]
    need(set(sx["with_5_players"]) == set(NAMED) and len(sx["with_5_players"]) == 4,
         "5-player extra cubes go to Giza, Heliopolis, Abydos and Dendara (CC-SETUP-05)")
    cubes = p["fruit_cubes"]
    need(cubes["per_fruit"] == 7 and cubes["total"] == 35, "35 fruit cubes, 7 per fruit (CC-COMP-12)")
    need(n + 4 + 4 <= cubes["total"] - 5, "the bag must cover the 5-player setup draw")
    mt = b["market_track"]
    need(mt["start_space"] == -3, "market markers start on -3 (CC-SETUP-02)")
    need(mt["min"] <= -3 and mt["max"] >= -3 + cubes["per_fruit"] - 1,
         f"market track {mt['min']}..{mt['max']} must hold the setup values -3..{-3 + cubes['per_fruit'] - 1}")
    pt = p["prestige_tiles"]
    need(len(pt) == 12 and len({t["id"] for t in pt}) == 12, "12 prestige tiles (CC-COMP-03)")
    for t in pt:
        need(_ok_id(t["id"]) and isinstance(t["light"], int) and isinstance(t["dark"], int)
             and t["light"] >= 1 and t["dark"] >= 1, f"prestige tile {t['id']} values")
    fr = p["fruits"]
    fid = [f["id"] for f in fr]
    need(len(fr) == 5 and len(set(fid)) == 5 and all(_ok_id(k) for k in fid), "five fruit types with simple ids")
    need(len({f["colour"] for f in fr}) == 5 and all(f["hu"] and f["en"] for f in fr), "fruit names and colours")
    fset = set(fid)

    def fruits_ok(lst: object, lo_n: int, hi_n: int, what: str) -> None:
        need(isinstance(lst, list) and lo_n <= len(lst) <= hi_n and len(set(lst)) == len(lst) and set(lst) <= fset,
             f"{what}: fruits {lst} (need {lo_n}-{hi_n} different known fruits)")

    cc = p["city_cards"]
    need(len(cc) == 60 and len({c["id"] for c in cc}) == 60, "60 city cards with distinct ids (CC-COMP-04)")
    need(all(_ok_id(c["id"]) for c in cc), "city card ids must be simple ids")
    per_city = Counter(c["city"] for c in cc)
    need(set(per_city) == set(cid) and set(per_city.values()) == {5}, "5 city cards per city")
    for c in cc:
        fruits_ok(c["fruits"], 1, 2, c["id"])
        need(isinstance(c["payout"], int) and c["payout"] >= 1, f"{c['id']}: payout must be a whole number >= 1")
    tc, bc, fc = p["train_cards"], p["building_cards"], p["fruit_cards"]
    need((len(tc), len(bc), len(fc)) == (24, 20, 15), "24 train + 20 building + 15 fruit cards (CC-COMP-05)")
    need(len({c["id"] for c in tc + bc + fc}) == 59 and all(_ok_id(c["id"]) for c in tc + bc + fc),
         "auction card ids must be unique simple ids")
    starters = [c for c in tc if c["starting"]]
    need(len(starters) == 5 and all(c["trains"] == 1 for c in starters),
         "five '1' train cards, one per player, are part of the 24 (CC-SETUP-09, CC-Q-07)")
    for c in tc:
        need(isinstance(c["trains"], int) and 1 <= c["trains"] <= 20, f"{c['id']}: trains must be 1..20")
        need(isinstance(c["cost"], int) and c["cost"] >= 1, f"{c['id']}: cost must be >= 1")
    types = {t["id"] for t in p["building_types"]}
    need(len(types) == 5 and all(t["hu"] and t["en"] for t in p["building_types"]), "5 building types with names")
    need(Counter(c["type"] for c in bc) == Counter({t: 4 for t in types}), "4 building cards per type")
    tiles = {t["id"]: t for t in p["building_tiles"]}
    need(len(p["building_tiles"]) == 10 and len(tiles) == 10, "10 building tiles (CC-COMP-06)")
    used = []
    for c in bc:
        fruits_ok(c["fruits"], 1, 4, c["id"])
        need(isinstance(c["vp"], int) and c["vp"] >= 1, f"{c['id']}: vp must be >= 1")
        cb = c["city_bonus"]
        if cb is not None:
            t = tiles.get(cb["tile"])
            need(t is not None and t["value"] == cb["value"] and t["type"] == c["type"], f"{c['id']}: bonus tile")
            used.append(cb["tile"])
    need(len(set(used)) == len(used), "a building tile can serve only one card")
    for t in tiles.values():
        need(_ok_id(t["id"]) and isinstance(t["value"], int) and t["value"] >= 1 and t["type"] in types,
             f"building tile {t['id']}")
    for c in fc:
        fruits_ok(c["fruits"], 1, 2, c["id"])
    need({f for c in fc for f in c["fruits"]} == fset, "every fruit must appear on a fruit card")
    py = p["pyramid_tiles"]
    need(len(py) == 6 and len({t["id"] for t in py}) == 6, "6 pyramid tiles (CC-COMP-07)")
    for t in py:
        need(_ok_id(t["id"]) and isinstance(t["value"], int) and t["value"] >= 1, f"pyramid {t['id']} value")
    rounds = {int(k): v for k, v in b["round_track"]["rounds_by_players"].items()}
    need(sorted(rounds) == [3, 4, 5], "rounds for 3, 4 and 5 players")
    deck = 59 - 5
    for n_pl, r in rounds.items():
        need(isinstance(r, int) and r >= 1 and n_pl + r * (n_pl + 1) <= deck,
             f"{n_pl} players x {r} rounds need {n_pl + r * (n_pl + 1)} auction cards, the deck has {deck}")
    pc = p["player_colours"]
    need(len(pc) == 5 and len({c["id"] for c in pc}) == 5, "five player colours (CC-COMP-08)")
    need([g["number"] for g in p["gods"]] == list(range(1, 8)), "gods numbered 1..7 (CC-GOD-01)")
