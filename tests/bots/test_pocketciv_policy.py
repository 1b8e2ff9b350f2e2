"""The PocketCiv policy's plan in fixed positions (the test map of ``tests/pocketciv/scenario``):
an Empire without a city spreads its tribes until it can gather four on a farm, then
gathers them even if that empties an area; in Era 8 a tribe that would starve in the upkeep
goes on an expedition, alone, so the last era's deck runs out sooner. Against Attacks (the
solo collapses' main cause): an Empire ends its movement out of one Attack's reach where a
move allows it, and an Attack at a tie goes where it takes least."""

from __future__ import annotations

import pytest

from asztal import games

if "pocketciv" not in games.names():
    pytest.skip("pocketciv is not installed", allow_module_level=True)

from asztal.bots.policies.pocketciv import _move, choose  # noqa: E402
from asztal.bots.policies.pocketciv.defence import NEVER, walk, wipe_force  # noqa: E402
from asztal.games.pocketciv.data import ADV_INDEX  # noqa: E402
from asztal.games.pocketciv.frames import Attack, Dev, Move  # noqa: E402
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


# -- Attacks (PC-R-ATTACK-02 ... -05, -EMPTY) ----------------------------------------------


def test_the_force_that_wipes_out_an_empire_follows_the_attacks_walk():
    # areas 1, 2 and 3 touch each other: a walk through all three takes a tribe in each
    line = {1: dict(tribes=1), 2: dict(tribes=1), 3: dict(tribes=1)}
    s = scenario(line, stack=Move())
    assert wipe_force(s, list(s.emp.tribes)) == 3
    # PC-R-ATTACK-02: with Military a tribe absorbs 2
    s = scenario(line, adv=["military"], stack=Move())
    assert wipe_force(s, list(s.emp.tribes)) == 6
    # PC-R-ATTACK-03: a city of value 1 absorbs 5 more
    s = scenario({**line, 3: dict(tribes=1, city=1)}, stack=Move())
    assert wipe_force(s, list(s.emp.tribes)) == 8
    # PC-R-ATTACK-EMPTY: area 8 is apart from them; no walk reaches both
    s = scenario({**line, 8: dict(tribes=1)}, stack=Move())
    assert wipe_force(s, list(s.emp.tribes)) == NEVER


def test_at_the_end_of_its_movement_the_empire_moves_out_of_one_attacks_reach():
    # one tribe in area 2 and one in area 4, side by side: the policy has nothing to move
    # (single tribes stay), but a force of 2 would wipe them out. Area 6 has room (a forest)
    # and touches 4 but not 2: moved there, no single walk reaches both tribes.
    s = scenario({2: dict(tribes=1, mountain=True, forest=True), 4: dict(tribes=1, mountain=True),
                  6: dict(forest=True)}, stack=Move())
    assert _move(s, s.legal_actions()).code == "done"
    assert wipe_force(s, list(s.emp.tribes)) == 2
    move = choose(s)
    assert move.kind == "move" and move.args == (3, 5)
    s.apply(move)
    assert wipe_force(s, list(s.emp.tribes)) == NEVER


def test_an_empire_out_of_reach_ends_its_movement():
    s = scenario({2: dict(tribes=1, mountain=True, forest=True), 6: dict(tribes=1, forest=True),
                  4: dict(mountain=True)}, stack=Move())
    assert choose(s).code == "done"


def _attack(areas: dict, force: int) -> object:
    """A solo position inside an Attack that has emptied area 4 with ``force`` left, waiting at a
    tie (PC-R-ATTACK-04: the player chooses where it goes on)."""
    s = scenario(areas, stack=Dev())
    s.stack.append(Attack(3, 3, force, 1 << 3))
    return s


def _after(s, code: str) -> tuple[int, bool]:
    """The tribes left and whether the Empire is wiped out once the Attack goes on by ``code``."""
    w = s.clone()
    w.apply(code)
    return sum(w.emp.tribes), w.emp.wiped()


def test_an_attack_at_a_tie_goes_where_it_takes_least():
    # force 2 left; areas 2 and 6 hold one tribe each (a tie). Through 2 it goes on to area 1's
    # tribe too; through 6 it finds nobody beyond. Before, the player sent it to the area worth
    # least, the lower number of a tie: two tribes lost instead of one.
    s = _attack({1: dict(tribes=1), 2: dict(tribes=1), 6: dict(tribes=1)}, 2)
    assert sorted(a.code for a in s.legal_actions()) == ["pick:area=2", "pick:area=6"]
    assert walk(s, 1, 2, 1 << 3 | 1 << 1) == (False, 2)
    assert walk(s, 5, 2, 1 << 3 | 1 << 5) == (False, 1)
    assert choose(s).code == "pick:area=6"
    assert _after(s, "pick:area=2") == (1, False) and _after(s, "pick:area=6") == (2, False)


def test_an_attack_at_a_tie_spares_the_empires_last_tribes():
    # force 9 left. Through area 2 it takes 2, 3, 5 and 6 (6 force) and stops: area 1's three
    # tribes remain. Through area 6 it takes 6, 5, 3, 2 and then area 1 too: a collapse
    # (PC-POP-04). Area 2's farm made it the more valuable one, so it went through 6 before.
    s = _attack({1: dict(tribes=3), 2: dict(tribes=1, farm=True), 3: dict(tribes=2), 5: dict(tribes=2),
                 6: dict(tribes=1)}, 9)
    assert walk(s, 1, 9, 1 << 3 | 1 << 1) == (False, 6)
    assert walk(s, 5, 9, 1 << 3 | 1 << 5) == (True, 9)
    assert choose(s).code == "pick:area=2"
    assert _after(s, "pick:area=2") == (3, False) and _after(s, "pick:area=6") == (0, True)
