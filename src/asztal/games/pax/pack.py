"""The components of PAX (rulebook section "Játékelemek") as a data pack.

The default pack, ``data/pack-reconstructed.json``, is **reconstructed, not printed**: the
per-card cost and symbol count of the 74 influence cards are printed only on the physical
cards, so they were designed to fit every constraint of the rulebook (see
``docs/rules/pax.md``). Option ``pack=PATH`` loads another pack with the same card ids
(for example the printed values of a physical copy).

Cards are numbered 0..73 in the order of the default pack; every pack maps onto that order
by card id, so action codes (``play:card=army-08``) mean the same card in every pack.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from asztal.engine import BadOptions
from asztal.engine.jsonfile import read_json_file

# PAX-GOAL-02: seven categories. Category indices, in the order of the pack (and of the rulebook's
# component list).  # PAX-COMP-02
# ``Final`` literals: the compiled rules inline them
WEALTH: Final = 0
FLEET: Final = 1
ARMY: Final = 2
RELIGION: Final = 3
SENATOR: Final = 4
ESTATE: Final = 5
CONSPIRACY: Final = 6
CATEGORIES = ("wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy")
CAT_HU = ("Gazdagság", "Flotta", "Sereg", "Vallás", "Szenátor", "Birtok", "Cselszövés")
CAT_EN = ("Wealth", "Fleet", "Army", "Religion", "Senator", "Estate", "Conspiracy")
CAT_COUNTS = (10, 10, 10, 10, 10, 12, 12)  # PAX-COMP-02: 5 x 10 + 2 x 12 = 74
NCARDS: Final = 74
LEGION_NUMERALS = ("I", "II", "III", "IV", "V")  # PAX-COMP-04
AUREUS_CARDS = 40  # PAX-COMP-01 (the 1/2 split is unknown; the bank is unlimited, PAX-Q-03)
#: the bank's nominal balance at setup: display only (20 x 1 + 20 x 2); it may go below zero
#: because payouts are never capped (PAX-Q-03)
BANK_START = 60


def _read_default() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/pack-reconstructed.json")
                      .read_text(encoding="utf-8"))
    return data


def _read_schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/pack.schema.json")
                                      .read_text(encoding="utf-8"))
    return data


_DEFAULT_DATA = _read_default()
#: card ids in index order (fixed for every pack)
CARD_IDS: tuple[str, ...] = tuple(c["id"] for c in _DEFAULT_DATA["influence_cards"])
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
#: category of each card (fixed for every pack)
CARD_CAT: tuple[int, ...] = tuple(CATEGORIES.index(c["category"]) for c in _DEFAULT_DATA["influence_cards"])
BIT: tuple[int, ...] = tuple(1 << i for i in range(NCARDS))


class Pack:
    """One data pack: the printed cost and symbol count of every card, by card index.

    PAX-COMP-03: a card's value (Aurei) and symbol count are printed on it; its name and artwork
    have no rules effect. PAX-COMP-05, PAX-COMP-06 (Primus, Primus Conspiratus) are state fields
    (``PaxState.primus``, ``PaxState.pc``); PAX-COMP-07 / PAX-SETUP-09 (overview cards) have no
    rules effect and are not modelled.
    """

    __slots__ = ("name", "path", "cost", "symbols", "reconstructed", "status")

    def __init__(self, name: str, path: str | None, cost: tuple[int, ...], symbols: tuple[int, ...],
                 reconstructed: bool, status: str) -> None:
        self.name = name
        self.path = path
        self.cost = cost
        self.symbols = symbols
        self.reconstructed = reconstructed
        self.status = status

    def __repr__(self) -> str:
        return f"<PAX pack {self.name!r}>"


def check_schema(data: object, where: str = "pack") -> None:
    """Check a pack against ``data/pack.schema.json``; BadOptions with one line if it fails."""
    import jsonschema  # type: ignore[import-untyped]  # no stubs installed; imported here: only a user's pack needs it (the built-in one is checked by the tests)

    try:
        jsonschema.validate(data, _read_schema())
    except jsonschema.ValidationError as e:
        loc = "/".join(str(p) for p in e.absolute_path) or "top level"
        raise BadOptions(f"{where}: not a PAX data pack ({loc}: {e.message})") from None


def pack_from_data(data: object, where: str = "pack", schema: bool = True) -> Pack:
    """Validate a pack (schema unless ``schema`` is False, then the rulebook's hard facts) and
    build its tables.

    Raises BadOptions with one line saying what is wrong.
    """
    if schema:
        check_schema(data, where)
    assert isinstance(data, dict)
    cards = data["influence_cards"]
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})[0]
        raise BadOptions(f"{where}: card id {dup!r} appears more than once")
    unknown = sorted(set(ids) - set(CARD_INDEX))
    if unknown:
        raise BadOptions(f"{where}: unknown card id {unknown[0]!r} (a pack keeps the ids of the reconstructed pack)")
    cost = [0] * NCARDS
    symbols = [0] * NCARDS
    for c in cards:
        i = CARD_INDEX[c["id"]]
        if CATEGORIES.index(c["category"]) != CARD_CAT[i]:
            raise BadOptions(f"{where}: card {c['id']} must be of category {CATEGORIES[CARD_CAT[i]]}, "
                             f"not {c['category']}")
        cost[i] = c["cost"]
        symbols[i] = c["symbols"]
    name = data["pack"]
    return Pack(name, None, tuple(cost), tuple(symbols), name == "reconstructed", data.get("status", ""))


# the shipped pack is checked against the schema by the tests, not at every start-up
DEFAULT_PACK = pack_from_data(_DEFAULT_DATA, "reconstructed pack", schema=False)
_CACHE: dict[str, Pack] = {}


def load_pack(path: str | None) -> Pack:
    """The pack at ``path`` (None: the reconstructed default); BadOptions if unusable."""
    if path is None:
        return DEFAULT_PACK
    if not isinstance(path, str) or not path:
        raise BadOptions("option pack must be the path of a PAX data pack (a JSON file)")
    cached = _CACHE.get(path)
    if cached is not None:
        return cached
    data = read_json_file(path, f"PAX pack {path}", BadOptions)
    pack = pack_from_data(data, f"PAX pack {path}")
    pack.path = path
    _CACHE[path] = pack
    return pack
