"""Chapter 2 (removal, reduction, creation, icons) and 5.1 Population and movement."""

from asztal.games.pocketciv.frames import Dev, Move, Pop, Upkeep
from asztal.games.pocketciv.upkeep import support
from tests.pocketciv.scenario import area, codes, play, scenario


def test_ex_reduce():
    """PC-EX-REDUCE, PC-CON-08, PC-CON-09, PC-CON-10, PC-Q-21: "to" and "by", never below 0."""
    s = scenario({1: dict(tribes=5), 2: dict(tribes=5)})
    s.tribes_to(0, 1)
    s.rm_tribes(1, 1)
    assert s.emp.tribes[:2] == [1, 4]
    s2 = scenario()
    assert s2.tribes_to(0, 1) == 0 and s2.rm_tribes(0, 1) == 0 and s2.emp.tribes[0] == 0
    s.rm_tribes(1, 99)
    assert s.emp.tribes[1] == 0  # PC-CON-02: removed tribes vanish from the area


def test_city_reduction_and_destruction():
    """PC-CON-01, PC-CON-03, PC-CON-11, PC-CON-12: CAV is reduced like tribes; at 0 the city is destroyed."""
    s = scenario({1: dict(city=3)}, capital=1, adv=["centralized_government"])
    s.reduce_cav(0, 1)
    assert s.emp.cav[0] == 2
    s.reduce_cav(0, 5)
    assert s.emp.cav[0] == 0 and s.emp.capital == -1  # PC-UPK-CAPITAL-07: the title is free again


def test_creating_an_icon_twice_is_ignored():
    """PC-CON-05, PC-CON-06, PC-CON-07, PC-ICON-06, PC-ICON-07, PC-ICON-08, PC-ICON-10, PC-ICON-11: one of
    each icon per area; a second creation
    is ignored (a flood in an area that has a forest)."""
    s = scenario({3: dict(tribes=3, forest=True)}, draws=[3])
    from tests.pocketciv.scenario import start_event
    start_event(s, card=6, era=1)
    s.run()
    assert s.forest[2] == 1
    s.check_invariants()
    s.forest[2] = 2
    try:
        s.check_invariants()
    except AssertionError as e:
        assert "PC-CON-06" in str(e)
    else:
        raise AssertionError("two forests in one area passed the invariants")


def test_icons_and_support():
    """PC-ICON-01, PC-ICON-02, PC-ICON-03, PC-ICON-04, PC-ICON-05, PC-ICON-06, PC-ICON-07, PC-ICON-08,
    PC-ICON-09, PC-ICON-10, PC-ICON-11, PC-TV-SUPPORT: tribes are counted one by one; a city has a CAV; a
    mountain or volcano gives stone and support; forests wood, farms food; deserts and
    faults nothing. PC-UPK-TRIBE-01, PC-UPK-TRIBE-02: tribes above the capacity are removed."""
    s = scenario({1: dict(forest=True, mountain=True, farm=True, city=2, tribes=7),
                  2: dict(volcano=True, forest=True, tribes=2),
                  3: dict(desert=True, fault=True, tribes=3)})
    assert [support(s, a) for a in range(3)] == [5, 2, 0]
    assert area(s, 2)["volcano"] and not area(s, 2)["mountain"]  # PC-ICON-05, PC-ICON-06: one slot
    assert area(s, 1)["city"] == 2  # PC-ICON-02, PC-ICON-03
    s.stack = [Upkeep(0)]
    s.run()
    assert s.emp.tribes[:3] == [5, 2, 0]  # 2 removed, none removed, all 3 removed


def test_growth_and_topup():
    """PC-POP-01, PC-POP-02, PC-POP-03, PC-Q-10: +1 tribe per occupied area; then, below three tribes, new
    tribes may be placed (optional) only at cities."""
    s = scenario({1: dict(tribes=1), 4: dict(city=1)}, stack=Pop())
    s.run()
    assert s.emp.tribes[0] == 2
    assert codes(s) == ["topup:area=4", "done"]
    play(s, "topup:area=4")
    assert s.emp.tribes[3] == 1 and s.stack[-1] == Move()
    s = scenario({1: dict(tribes=1)}, stack=Pop())
    s.run()
    assert s.stack[-1] == Move()  # no city: no top-up
    s = scenario({1: dict(tribes=1), 4: dict(city=1)}, stack=Pop())
    s.run()
    play(s, "done")
    assert s.emp.tribes[3] == 0 and s.stack[-1] == Move()


def test_one_step_moves_one_tribe_at_a_time():
    """PC-POP-05, PC-POP-06, PC-POP-07: each tribe one step to a neighbour, never across Frontier or Sea."""
    s = scenario({3: dict(tribes=2)}, stack=Move())
    assert codes(s) == ["move:from=3,to=1", "move:from=3,to=2", "move:from=3,to=4", "move:from=3,to=5", "done"]
    play(s, "move:from=3,to=5")
    assert s.emp.tribes[2] == 1 and s.emp.tribes[4] == 1
    assert not any(c.startswith("move:from=5") for c in codes(s))  # it has used its step
    play(s, "move:from=3,to=1", "done")
    assert s.emp.tribes[:5] == [1, 0, 0, 0, 1] and sum(s.emp.tribes) == 2  # PC-POP-06: moved, not copied
    assert type(s.stack[-1]) is not Move and s.stack[0] == Dev()


def test_road_building_and_equestrian():
    """PC-POP-08: two steps; PC-POP-09: anywhere over land. PC-TURN-02: an advance changes a rule."""
    s = scenario({1: dict(tribes=1)}, stack=Move(), adv=["roadbuilding"])
    assert codes(s) == ["move:from=1,to=2", "move:from=1,to=3", "move:from=1,to=4", "move:from=1,to=5", "done"]
    s = scenario({1: dict(tribes=1)}, stack=Move(), adv=["equestrian"])
    assert codes(s) == [f"move:from=1,to={n}" for n in range(2, 9)] + ["done"]
    play(s, "move:from=1,to=8")
    assert s.emp.tribes == [0, 0, 0, 0, 0, 0, 0, 1] and codes(s) == ["done"]  # one move per tribe


def test_tv_sea_move():
    """PC-TV-SEA-MOVE, PC-POP-10, PC-POP-11, PC-POP-12, PC-POP-13, PC-POP-14, PC-Q-09: a group of 4 sails
    from 5 to 8:
    3 arrive (Fishing or Navigation); 4 with Magnetics; no voyage without them."""
    for adv in (["fishing"], ["navigation"]):
        s = scenario({5: dict(tribes=4)}, stack=Move(), adv=adv)
        assert "sail:from=5,to=8" in codes(s)
        play(s, "sail:from=5,to=8", "sail:from=5,to=8", "sail:from=5,to=8")
        assert s.emp.tribes[4] == 0 and s.emp.tribes[7] == 3
        assert "sail:from=5,to=8" not in codes(s)
    s = scenario({5: dict(tribes=4)}, stack=Move(), adv=["fishing", "magnetics"])
    play(s, *["sail:from=5,to=8"] * 4)
    assert s.emp.tribes[7] == 4
    s = scenario({5: dict(tribes=4)}, stack=Move())
    assert not any(c.startswith("sail") for c in codes(s))
    s = scenario({3: dict(tribes=4)}, stack=Move(), adv=["fishing"])
    assert not any(c.startswith("sail") for c in codes(s))  # inland: no voyage


def test_a_new_group_pays_again():
    """PC-POP-12: each group pays its own tribe (PC-Q-09 (2))."""
    s = scenario({5: dict(tribes=6)}, stack=Move(), adv=["fishing"])
    play(s, "sail:from=5,to=8", "sail:from=5,to=7")
    assert s.emp.tribes[4] == 2 and s.emp.tribes[6] == 1 and s.emp.tribes[7] == 1


def test_voyage_with_road_building():
    """PC-Q-09 (1): with Road Building a voyage may be one of the two moves."""
    s = scenario({3: dict(tribes=2)}, stack=Move(), adv=["fishing", "roadbuilding"])
    assert "sail:from=3,to=8" in codes(s)  # step 3 -> 5, sail 5 -> 8


def test_collapse_ends_the_game():
    """PC-POP-04, PC-END-01 (b), PC-R-WINNER: no tribe and no city at any point: game over,
    lost. PC-R-COLLAPSE-NOW: even in the middle of an event, before Medicine."""
    s = scenario({1: dict(tribes=1, desert=True)}, stack=Upkeep(0))
    s.run()
    assert s.is_over and s.ending == "collapse" and s.winners() == []


def test_collapse_in_the_middle_of_an_event():
    """PC-R-COLLAPSE-NOW."""
    from tests.pocketciv.scenario import start_event
    s = scenario({3: dict(tribes=2)}, draws=[3, 5], adv=("medicine",))
    start_event(s, card=4, era=1)
    s.run()
    assert s.is_over and s.ending == "collapse" and s.emp.tribes[2] == 0
