"""Action 2, build building, PTAH GOULD and the vector CC-TV-BUILD."""

from asztal.games.caboose.frames import TURN, BuildFruit
from tests.caboose.scenario import act, codes, cubes, fruit_at, mkt, refresh, scene, sup, supply, trains, turn


def _bonus_scene(god=1):
    s = scene(3)
    cubes(s, giza={"grapes": 1})
    trains(s, "r07", 1, 2)  # B: 2 trains on a route to Giza
    turn(s, 0, god=god, city=["city-giza-1"], auction=["building-temple-2"], fruit=["fruit-15"])
    return s


def test_vector_build():
    """CC-TV-BUILD (with the pack's Temple 2: grapes + pomegranates, 2 VP, bonus tile 2)."""
    s = _bonus_scene()
    pk = s.pk
    before = {f: mkt(s, f) for f in ("grapes", "pomegranates", "melons")}
    sup_melons = sup(s, "melons")
    act(s, "build:building-temple-2", "card:city-giza-1")
    # CC-ACT-BUILD-04: grapes from the city itself, pomegranates from the played fruit card
    assert codes(s) == ["src:giza:grapes"]
    act(s, "src:giza:grapes")
    assert codes(s) == ["use:fruit-15"]
    act(s, "use:fruit-15")
    # CC-ACT-BUILD-06 (iii): melons, shown on the card but not needed, grow on Giza; market -1
    assert fruit_at(s, "giza", "melons") == 1 and sup(s, "melons") == sup_melons - 1
    assert mkt(s, "melons") == before["melons"] - 1
    # CC-ACT-BUILD-07 (iv): the grapes cube leaves the board, market +1; CC-Q-15 back to the supply
    assert fruit_at(s, "giza", "grapes") == 0 and mkt(s, "grapes") == before["grapes"] + 1
    # CC-Q-14: pomegranates came from the card: no cube, no market change
    assert mkt(s, "pomegranates") == before["pomegranates"]
    assert s.vp[0] == 2  # CC-ACT-BUILD-08 (v)
    giza = pk.city_idx["giza"]
    assert [pk.btile_ids[t] for t in s.btiles[giza]] == ["building-tile-temple-2"]  # CC-ACT-BUILD-09 (vi)
    assert s.money == [20, 22, 20]  # CC-ACT-BUILD-10 B gets 2 money, the builder nothing
    assert [pk.ac_ids[b] for b in s.bcards[0]] == ["building-temple-2"]  # CC-ACT-BUILD-11 (vii)
    assert pk.cc_idx["city-giza-1"] in s.cdisc and pk.ac_idx["fruit-15"] in s.adisc  # CC-ACT-BUILD-12 (viii)
    assert s.fcards[0] == ()


def test_builder_earns_no_money_from_own_trains():
    """CC-ACT-BUILD-10: every player other than the builder is paid per train on the city's routes."""
    s = _bonus_scene()
    trains(s, "r01", 0, 3)  # the builder's own trains on alexandria-giza
    trains(s, "r04", 2, 1)  # C: 1 train on heliopolis-giza
    act(s, "build:building-temple-2", "card:city-giza-1", "src:giza:grapes", "use:fruit-15")
    assert s.money == [20, 22, 21]


def test_building_stands_in_the_played_city():
    """CC-ACT-BUILD-02: the city card names the city; CC-ACT-BUILD-03 the fruits come from the card."""
    s = _bonus_scene()
    act(s, "build:building-temple-2", "card:city-giza-1")
    assert s.frame.need == (1 << s.pk.fruit_idx["grapes"]) | (1 << s.pk.fruit_idx["pomegranates"])
    act(s, "src:giza:grapes", "use:fruit-15")
    assert s.btiles[s.pk.city_idx["giza"]]


def test_ptah_adds_two_vp_for_its_holder():
    """CC-ACT-BUILD-14, CC-GOD-PTAH-01, CC-Q-23: +2 VP for the holder's buildings this round only."""
    s = _bonus_scene(god=3)
    act(s, "build:building-temple-2", "card:city-giza-1", "src:giza:grapes", "use:fruit-15")
    assert s.vp[0] == 4
    t = _bonus_scene(god=1)
    t.god = [1, 3, 2]  # someone else holds Ptah
    act(t, "build:building-temple-2", "card:city-giza-1", "src:giza:grapes", "use:fruit-15")
    assert t.vp[0] == 2


def test_fruit_by_rail_from_any_connected_city():
    """CC-ACT-BUILD-04 1) transported along built railways (anyone's), 4) combined with the city's own."""
    s = scene(3)
    cubes(s, giza={"dates": 1}, faiyum={"figs": 1}, memphis={"figs": 1}, siwa={"figs": 1})
    trains(s, "r07", 2, 1)  # giza-faiyum (seat 2's trains)
    trains(s, "r08", 1, 1)  # faiyum-memphis (seat 1's)
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=[])  # dates + figs
    act(s, "build:building-temple-1", "card:city-giza-3")
    assert codes(s) == ["src:giza:dates"]
    act(s, "src:giza:dates")
    assert codes(s) == ["src:memphis:figs", "src:faiyum:figs"]  # Siwa is not connected
    act(s, "src:memphis:figs")
    assert fruit_at(s, "memphis", "figs") == 0 and fruit_at(s, "giza", "dates") == 0
    assert s.money == [20, 20, 21]  # seat 2's train on r07 touches Giza; seat 1's r08 does not


def test_cannot_build_without_the_fruit():
    """CC-ACT-BUILD-05, CC-ACT-BUILD-01: no source for a required fruit -> not offered."""
    s = scene(3)
    cubes(s, giza={"dates": 1}, siwa={"figs": 1})
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=[])
    assert "build:building-temple-1" not in codes(s)
    trains(s, "r01", 1, 1)
    trains(s, "r03", 1, 1)  # giza-alexandria-siwa
    refresh(s)
    assert "build:building-temple-1" in codes(s)


def test_no_building_in_a_pyramid_city():
    """CC-ACT-BUILD-13, CC-ACT-PYR-07: a city with a pyramid takes no further building."""
    s = scene(3)
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=["fruit-06"])
    assert "build:building-temple-1" in codes(s)
    s.pyr[s.pk.city_idx["giza"]] = 0
    refresh(s)  # the board changed behind the rules' back: drop the cached masks too
    assert "build:building-temple-1" not in codes(s)


def test_unused_card_fruit_needs_a_supply_cube():
    """CC-Q-14: the unused fruit of a card is placed only if the supply has a cube; several cards combine."""
    s = scene(3)
    supply(s, melons=0)
    turn(s, 0, city=["city-giza-1"], auction=["building-temple-2"], fruit=["fruit-15", "fruit-03"])
    m = mkt(s, "melons")
    act(s, "build:building-temple-2", "card:city-giza-1")
    assert codes(s) == ["use:fruit-03"]  # grapes: the single-grapes card
    act(s, "use:fruit-03", "use:fruit-15")
    assert fruit_at(s, "giza", "melons") == 0 and mkt(s, "melons") == m
    assert s.fcards[0] == () and s.vp[0] == 2


def test_a_used_card_supplies_each_fruit_by_its_own_decision():
    """CC-R-09 (CC-R-03 withdrawn): one fruit card covering both required fruits is chosen once per fruit
    (atomic decisions)."""
    s = scene(3)
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=["fruit-06"])
    act(s, "build:building-temple-1", "card:city-giza-3", "use:fruit-06")
    assert isinstance(s.frame, BuildFruit) and codes(s) == ["use:fruit-06"]  # figs: the used card again
    act(s, "use:fruit-06")
    assert s.frame == TURN and s.vp[0] == 3 and s.acts_left == 1
    assert all(fruit_at(s, "giza", f) == 0 for f in ("dates", "figs"))  # the card supplied both


def _obelisk_scene(fruit):
    s = scene(3)
    cubes(s, faiyum={"figs": 1})
    trains(s, "r07", 1, 1)  # faiyum-giza
    turn(s, 0, city=["city-giza-1"], auction=["building-obelisk-1", "building-sphinx-3"], fruit=fruit)
    return s


def test_cube_supplied_fruit_on_a_used_card_goes_onto_the_city():
    """CC-ACT-BUILD-06, CC-Q-14, CC-R-09 (issue 13): obelisk-1 (figs, grapes) in Giza, figs from the cube
    in Faiyum, grapes from fruit-10 (figs, grapes): the card's figs is unused, so Giza gets a figs cube
    from the supply (market -1) before the Faiyum cube returns (market +1)."""
    s = _obelisk_scene(["fruit-10"])
    figs, sup_figs = mkt(s, "figs"), sup(s, "figs")
    act(s, "build:building-obelisk-1", "card:city-giza-1")
    assert codes(s) == ["src:faiyum:figs", "use:fruit-10"]  # figs: the player decides the source
    act(s, "src:faiyum:figs")
    assert codes(s) == ["use:fruit-10"]
    act(s, "use:fruit-10")
    assert fruit_at(s, "giza", "figs") == 1 and fruit_at(s, "faiyum", "figs") == 0
    assert sup(s, "figs") == sup_figs and mkt(s, "figs") == figs  # -1 for Giza's cube, +1 for Faiyum's
    assert s.vp[0] == 3 and s.fcards[0] == ()


def test_the_second_card_figs_goes_onto_the_city():
    """CC-ACT-BUILD-06, CC-R-09 (issue 13): sphinx-3 (figs, grapes, melons) from fruit-10 (figs, grapes)
    and fruit-12 (figs, melons): one of the two figs is unused and goes onto Giza."""
    s = _obelisk_scene(["fruit-10", "fruit-12"])
    cubes(s, faiyum={})
    figs, sup_figs = mkt(s, "figs"), sup(s, "figs")
    act(s, "build:building-sphinx-3", "card:city-giza-1")
    assert codes(s) == ["use:fruit-10", "use:fruit-12"]
    act(s, "use:fruit-10")
    assert codes(s) == ["use:fruit-10"]  # grapes
    act(s, "use:fruit-10")
    assert codes(s) == ["use:fruit-12"]  # melons
    act(s, "use:fruit-12")
    assert fruit_at(s, "giza", "figs") == 1 and sup(s, "figs") == sup_figs - 1 and mkt(s, "figs") == figs - 1
    assert fruit_at(s, "giza", "grapes") == fruit_at(s, "giza", "melons") == 0
    assert s.vp[0] == 5 and s.fcards[0] == ()


def test_own_cube_beside_a_used_card_is_offered_only_when_it_differs():
    """CC-R-09, CC-R-07: Giza's own figs cube instead of the used card's figs ends the same (the card's
    figs goes onto Giza, the cube leaves) unless the supply has no figs cube: then it is a real choice
    and the city is left empty."""
    s = scene(3)
    cubes(s, giza={"figs": 1})
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=["fruit-06"])
    act(s, "build:building-temple-1", "card:city-giza-3", "use:fruit-06")
    assert codes(s) == ["use:fruit-06"]  # the same outcome is listed once
    t = scene(3)
    cubes(t, giza={"figs": 1})
    supply(t, figs=0)
    turn(t, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=["fruit-06"])
    act(t, "build:building-temple-1", "card:city-giza-3", "use:fruit-06")
    assert codes(t) == ["src:giza:figs", "use:fruit-06"]
    act(t, "src:giza:figs")
    assert fruit_at(t, "giza", "figs") == 0 and sup(t, "figs") == 1  # no cube for the card's figs


def test_building_tiles_belong_to_their_cards():
    """CC-Q-29: each bonus card has its own tile, so tiles never run out."""
    s = scene(3)
    pk = s.pk
    tiles = [pk.ac_tile[i] for i in range(pk.nac) if pk.ac_tile[i] >= 0]
    assert sorted(tiles) == list(range(10))
