"""The data pack: components, the reconstructed default and loading other packs."""

import copy
import json
from pathlib import Path

import pytest

from asztal.engine import BadOptions
from asztal.games.caboose import GAME
from asztal.games.caboose.pack import BUILDING, DEFAULT_PACK, FRUIT, GOD_NAMES, TRAIN, load_pack
from asztal.learn import caboose as lesson

RAW = json.loads(DEFAULT_PACK.read_text(encoding="utf-8"))


def test_default_pack_is_the_reconstructed_one_and_says_so():
    """CC-Q-01, CC-Q-02: board, cards and rounds come from the reconstructed pack."""
    pk = load_pack(None)
    assert pk.name == "reconstructed" and "RECONSTRUCTED" in pk.status
    assert GAME.new_game(3).view(0)["reconstructed"] is True


def test_hungarian_polis_names_end_in_polisz_everywhere():
    """A -polis city is -polisz in Hungarian (Hermopolisz, Héliopolisz), and the Hungarian guide
    and lesson never fall back to the English spelling of one."""
    pk = load_pack(None)
    polis = [hu for hu, en in zip(pk.city_hu, pk.city_en, strict=True) if en.endswith("polis")]
    assert "Héliopolisz" in polis and all(hu.endswith("polisz") for hu in polis), polis
    guide = (Path(DEFAULT_PACK).parents[1] / "guide" / "hu.md").read_text(encoding="utf-8")
    said = guide + " ".join(step.say[0] for step in lesson.SCRIPT.steps)
    assert "Héliopoliszra" in guide and "polis " not in said and "polisra" not in said and "polisba" not in said


def test_board_has_twelve_cities_and_twenty_routes():
    """CC-COMP-01 board with cities, routes and a market; CC-COMP-03 12 prestige tiles."""
    pk = load_pack(None)
    assert pk.nc == 12 and pk.nr == 20 and len(pk.prestige_ids) == 12
    assert (pk.market_min, pk.market_max, pk.market_start) == (-6, 6, -3)


def test_card_and_tile_counts():
    """CC-COMP-04 60 city cards; CC-COMP-05 24 train + 20 building + 15 fruit cards;
    CC-COMP-06 10 building tiles; CC-COMP-07 6 pyramid tiles."""
    pk = load_pack(None)
    assert pk.ncc == 60
    assert [pk.ac_kind.count(k) for k in (TRAIN, BUILDING, FRUIT)] == [24, 20, 15]
    assert len(pk.btile_ids) == 10 and len(pk.pyr_ids) == 6


def test_fruit_cubes_trains_and_colours():
    """CC-COMP-08 20 trains in each of 5 colours; CC-COMP-12 7 cubes of each of 5 fruits;
    CC-COMP-02 five player aid boards (one per colour, no rules effect)."""
    pk = load_pack(None)
    s = GAME.new_game(5)
    assert s.trains == [20] * 5 and len(pk.colour_ids) == 5
    assert pk.nf == 5 and pk.per_fruit == 7
    total = sum(s.supply) + sum(s.cubes) + pk.nf  # + one market marker per fruit
    assert total == 35


def test_markers_and_cleo():
    """CC-COMP-09 score markers start at 0 and the round marker on round 1; CC-COMP-10 order markers
    (places) empty; CC-COMP-11 Cleo goes to a seat; CC-COMP-15 the bag draws cubes at random."""
    a, b = GAME.new_game(4, seed=1), GAME.new_game(4, seed=2)
    assert a.vp == [0] * 4 and a.round == 1 and a.place == [0] * 4
    assert 0 <= a.cleo < 4 and a.to_move == a.cleo
    assert a.cubes != b.cubes  # the bag is random


def test_gods_are_numbered_one_to_seven_as_printed():
    """CC-COMP-13, CC-GOD-01: seven god cards 1-7, names as printed."""
    assert GOD_NAMES[0] == "AMUN VANDERBILT" and GOD_NAMES[6] == "BES CROCKER" and len(GOD_NAMES) == 7
    assert [g["number"] for g in RAW["gods"]] == list(range(1, 8))


def test_money_bank_is_unlimited():
    """CC-COMP-14, CC-Q-27: the box holds 255 money but the bank is treated as unlimited."""
    from tests.caboose.scenario import act, cubes, scene, trains, turn

    s = scene(3)
    for q in range(3):
        s.money[q] = 200
    turn(s, 0, god=1, city=["city-giza-1"], fruit=["fruit-04"], auction=["building-temple-2"])
    trains(s, "r07", 1, 2)
    cubes(s, faiyum={"grapes": 1})
    act(s, "build:building-temple-2", "card:city-giza-1", "src:faiyum:grapes", "use:fruit-04")
    assert s.money[1] == 202 and sum(s.money) == 602


def test_unused_starting_cards_stay_in_the_auction_deck():
    """CC-Q-07 reading (a): the '1' train cards are among the 24; unused ones stay in the deck."""
    s = GAME.new_game(3, seed=4)
    pk = s.pk
    starters = [i for i in range(pk.nac) if pk.ac_starting[i]]
    held = [i for q in range(3) for i in s.ahand[q] if i in starters]
    assert len(held) >= 3
    rest = [i for i in starters if i not in held]
    assert all(i in s.adeck + s.adisp for i in rest)


def _write(tmp_path, raw):
    p = tmp_path / "pack.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    return str(p)


def test_another_pack_loads_with_option_pack(tmp_path):
    raw = copy.deepcopy(RAW)
    raw["pack"] = "printed-test"
    raw["city_cards"][0]["payout"] = 9
    s = GAME.new_game(3, seed=1, options={"pack": _write(tmp_path, raw)})
    assert s.pk.name == "printed-test" and s.pk.cc_pay[0] == 9
    assert s.view(0)["reconstructed"] is False
    again = GAME.from_json(s.to_json())
    assert again.to_json() == s.to_json()


@pytest.mark.parametrize("mutate,message", [
    (lambda r: r.pop("fruits"), "'fruits' is a required property"),
    (lambda r: r["city_cards"].pop(), "60 city cards"),
    (lambda r: r["board"]["routes"][0].update(max_players=3), "at most 2 players"),
    (lambda r: r["board"]["routes"][0].update(cities=["alexandria", "heliopolis"]),
     "does not join a light and a dark city"),
    (lambda r: r["board"]["cities"][0].update(id="giza"), "distinct cities"),
    (lambda r: r["train_cards"][0].update(starting=False), "five '1' train cards"),
    (lambda r: r["board"]["market_track"].update(start_space=0), "start on -3"),
    (lambda r: r["board"]["round_track"]["rounds_by_players"].update({"4": 30}), "auction cards"),
    (lambda r: r["building_cards"][1]["city_bonus"].update(value=9), "bonus tile"),
    (lambda r: r.update(game="pax"), "caboose"),
])
def test_bad_packs_are_refused_in_one_line(tmp_path, mutate, message):
    raw = copy.deepcopy(RAW)
    mutate(raw)
    with pytest.raises(BadOptions) as e:
        GAME.new_game(3, options={"pack": _write(tmp_path, raw)})
    assert message in str(e.value) and "\n" not in str(e.value)


def test_unreadable_pack_paths(tmp_path):
    with pytest.raises(BadOptions, match="cannot read"):
        GAME.new_game(3, options={"pack": str(tmp_path / "missing.json")})
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(BadOptions, match="not valid JSON"):
        GAME.new_game(3, options={"pack": str(bad)})
    with pytest.raises(BadOptions):
        GAME.new_game(3, options={"pack": 7})
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new_game(3, options={"colour": "red"})


def test_player_counts():
    """CC-GOAL-03, CC-Q-03: 3 to 5 players."""
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    with pytest.raises(BadOptions):
        GAME.new_game(2)
    with pytest.raises(BadOptions):
        GAME.new_game(6)
