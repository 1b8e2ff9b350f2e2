"""Data packs: the reconstructed default and ``pack=PATH`` (section 17 of the spec)."""

import json
import pathlib

import pytest

from asztal import games
from asztal.engine import BadOptions
from asztal.games.pax.pack import CARD_IDS, DEFAULT_PACK

GAME = games.load("pax")
DEFAULT = pathlib.Path(__file__).resolve().parents[2] / "src/asztal/games/pax/data/pack-reconstructed.json"


def write(tmp_path, data, name="pack.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(p)


def test_default_pack_is_the_reconstructed_one():
    """PAX-COMP-03: per-card values are reconstructed data; the view and the UI say so."""
    s = GAME.new_game(2, seed=1)
    assert s.pack is DEFAULT_PACK and DEFAULT_PACK.reconstructed
    assert s.view(0)["reconstructed"] is True and "RECONSTRUCTED" in DEFAULT_PACK.status
    assert DEFAULT_PACK.cost[CARD_IDS.index("army-08")] == 4  # PAX-EX-ROUNDEND's 4-Aureus Army exists


def test_another_pack_changes_values(tmp_path):
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    data["pack"] = "printed"
    for c in data["influence_cards"]:
        c["cost"] = 2
    data["influence_cards"].reverse()  # order does not matter: cards are matched by id
    path = write(tmp_path, data)
    s = GAME.new_game(2, seed=1, options={"pack": path})
    assert set(s.cost) == {2} and s.view(0)["reconstructed"] is False and s.view(0)["pack"] == "printed"
    assert games.replay(s.record).to_json() == s.to_json()


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["influence_cards"].pop(), "influence_cards"),
    (lambda d: d["influence_cards"][0].update(cost="two"), "cost"),
    (lambda d: d["influence_cards"][0].update(id="dragon-01"), "unknown card id"),
    (lambda d: d["influence_cards"][0].update(category="fleet"), "must be of category wealth"),
    (lambda d: d["influence_cards"][1].update(id="wealth-01"), "more than once"),
    (lambda d: d.update(game="caboose"), "not a PAX data pack"),
])
def test_bad_packs_are_refused_in_one_line(tmp_path, mutate, message):
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    mutate(data)
    with pytest.raises(BadOptions, match=message) as e:
        GAME.new_game(2, seed=1, options={"pack": write(tmp_path, data)})
    assert "\n" not in str(e.value)


def test_missing_or_broken_pack_file(tmp_path):
    with pytest.raises(BadOptions, match="cannot read"):
        GAME.new_game(2, seed=1, options={"pack": str(tmp_path / "nope.json")})
    with pytest.raises(BadOptions, match="not valid JSON"):
        GAME.new_game(2, seed=1, options={"pack": write(tmp_path, "{oops")})
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new_game(2, seed=1, options={"colour": "red"})


def test_shipped_pack_passes_the_schema():
    """The built-in pack is not schema-checked at start-up (jsonschema costs ~100 ms), so here."""
    from asztal.games.pax.pack import _DEFAULT_DATA, check_schema, pack_from_data

    check_schema(_DEFAULT_DATA, "shipped pack")
    assert pack_from_data(_DEFAULT_DATA).cost == DEFAULT_PACK.cost
