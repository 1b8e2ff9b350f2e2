"""The PocketCiv policy's plan in fixed positions (the test map of ``tests/pocketciv/scenario``):
an Empire without a city spreads its tribes until it can gather four on a farm, then
gathers them even if that empties an area; in Era 8 a tribe that would starve in the upkeep
goes on an expedition, alone, so the last era's deck runs out sooner."""

from __future__ import annotations

import pytest

from asztal import games

if "pocketciv" not in games.names():
    pytest.skip("pocketciv is not installed", allow_module_level=True)

from asztal.bots.policies.pocketciv import choose  # noqa: E402
from asztal.games.pocketciv.data import ADV_INDEX  # noqa: E402
from asztal.games.pocketciv.frames import Dev, Move  # noqa: E402
from tests.pocketciv.scenario import scenario  # noqa: E402


def test_without_a_city_too_few_tribes_to_gather_spread_out_to_grow():
    # area 3: a farm and a mountain (support 2), two tribes; neighbours 1 (forest) and 4
    # (mountain) are empty and could feed one. Waiting at the farm never makes four tribes there.
    s = scenario({3: dict(tribes=2, farm=True, mountain=True), 1: dict(forest=True), 4: dict(mountain=True)},
                 stack=Move())
    move = choose(s)
    assert move.kind == "move" and move.args[0] == 2 and move.args[1] in (0, 3)


def test_without_a_city_the_last_tribe_of_an_area_joins_the_farm_to_found_one():
    # three tribes on the farm in area 3, one in area 4 next to it: four found the first city
    s = scenario({3: dict(tribes=3, farm=True, mountain=True), 4: dict(tribes=1, mountain=True)}, stack=Move())
    move = choose(s)
    assert move.kind == "move" and move.args == (3, 2)


def test_with_a_city_an_area_keeps_its_last_tribe():
    # the same gathering with a city elsewhere: area 4 keeps its one tribe (it grows another)
    s = scenario({3: dict(tribes=3, farm=True, mountain=True), 4: dict(tribes=1, mountain=True),
                  7: dict(tribes=2, city=1, farm=True, forest=True)}, stack=Move())
    move = choose(s)
    assert not (move.kind == "move" and move.args[0] == 3)


@pytest.mark.parametrize("era", [7, 8])
def test_in_era_8_a_tribe_that_would_starve_goes_on_an_expedition_alone(era):
    # area 1 borders the Frontier and supports one tribe (a mountain); it holds three. The one
    # city (value 1) already holds its one advance (PC-DEV-ADV-01): nothing else to spend them on
    s = scenario({1: dict(tribes=3, mountain=True), 7: dict(tribes=1, city=1, farm=True)}, era=era,
                 adv=["basic_tools"], stack=Dev())
    move = choose(s)
    if era < 8:  # two spare tribes win no gold: no expedition before the last era
        assert move.code == "done"
        return
    assert move.kind == "exp" and move.args[0] == 0
    s.apply(move)
    assert choose(s).code == "go"  # one tribe, one card: the next spare tribe makes another


def test_the_last_place_for_an_advance_waits_for_masonry():
    # one city of value 1: one place (PC-DEV-ADV-01). Basic Tools (free) would fill it for good,
    # and no city could grow to make another, so the place goes to Masonry (stone: the mountain)
    s = scenario({3: dict(tribes=3, city=1, farm=True, mountain=True)}, stack=Dev())
    move = choose(s)
    assert move.kind == "adv" and move.args[1] == ADV_INDEX["masonry"]
    # without stone no Masonry: Basic Tools still waits
    s = scenario({3: dict(tribes=3, city=1, farm=True)}, stack=Dev())
    assert "adv:city=3,id=basic_tools" in [a.code for a in s.legal_actions()]
    assert choose(s).kind != "adv"
    # with two places Basic Tools comes first, as before
    s = scenario({3: dict(tribes=3, city=1, farm=True), 5: dict(tribes=1, city=1, farm=True)}, stack=Dev())
    move = choose(s)
    assert move.kind == "adv" and move.args[1] == ADV_INDEX["basic_tools"]


def test_a_tribe_that_would_starve_goes_to_a_neighbouring_city():
    # area 2 (a mountain: support 1) holds three tribes and its neighbours have no room; the
    # city next door in area 3 is where the spare tribes can pay for something before the upkeep
    s = scenario({2: dict(tribes=3, mountain=True), 3: dict(tribes=2, city=1, farm=True),
                  1: dict(tribes=1, mountain=True), 4: dict(tribes=1, mountain=True)}, stack=Move())
    move = choose(s)
    assert move.kind == "move" and move.args == (1, 2)


def test_a_tribe_that_would_starve_goes_to_the_next_citys_farm():
    # no city next to area 2, but area 3 has the farm where the next city goes, with the four
    # tribes that found it: a fifth one there can pay for the new city's first advance
    s = scenario({2: dict(tribes=3, mountain=True), 3: dict(tribes=4, farm=True),
                  1: dict(tribes=1, mountain=True), 4: dict(tribes=1, mountain=True),
                  7: dict(tribes=1, city=1, farm=True)}, stack=Move())
    move = choose(s)
    assert move.kind == "move" and move.args == (1, 2)
