"""Actions 4-6: grow fruit, build pyramid, draw city cards."""

import json

import pytest

from asztal.engine import IllegalAction
from asztal.games.caboose import GAME
from asztal.games.caboose.pack import DEFAULT_PACK
from tests.caboose.scenario import act, codes, cubes, fruit_at, give, mkt, refresh, scene, sup, supply, turn


def test_grow_places_the_card_fruits():
    """CC-ACT-GROW-01 city card, played fruit card, supply cubes; CC-ACT-GROW-02 choose the card;
    CC-ACT-GROW-03 its fruits onto the card's city; CC-ACT-GROW-04 market -1 each;
    CC-ACT-GROW-05 both cards discarded."""
    s = scene(3)
    turn(s, 0, city=["city-giza-1"], fruit=["fruit-06"])  # dates + figs
    d, f = mkt(s, "dates"), mkt(s, "figs")
    sd = sup(s, "dates")
    act(s, "grow:fruit-06")
    assert codes(s) == ["card:city-giza-1"]
    act(s, "card:city-giza-1")
    assert fruit_at(s, "giza", "dates") == 1 and fruit_at(s, "giza", "figs") == 1
    assert mkt(s, "dates") == d - 1 and mkt(s, "figs") == f - 1 and sup(s, "dates") == sd - 1
    pk = s.pk
    assert pk.ac_idx["fruit-06"] in s.adisc and pk.cc_idx["city-giza-1"] in s.cdisc and s.fcards[0] == ()


def test_grow_needs_the_cubes_in_the_supply():
    """CC-ACT-GROW-01, CC-R-06: a fruit of the card missing from the supply -> the action is not offered."""
    s = scene(3)
    supply(s, figs=0)
    turn(s, 0, city=["city-giza-1"], fruit=["fruit-06", "fruit-01"])
    assert "grow:fruit-06" not in codes(s) and "grow:fruit-01" in codes(s)


def test_grow_into_a_city_that_has_the_fruit():
    """CC-Q-32: growing where the fruit already is, is allowed."""
    s = scene(3)
    cubes(s, giza={"dates": 1})
    turn(s, 0, city=["city-giza-1"], fruit=["fruit-01"])
    act(s, "grow:fruit-01", "card:city-giza-1")
    assert fruit_at(s, "giza", "dates") == 2


def test_no_growing_in_a_pyramid_city():
    """CC-ACT-GROW-06: no fruit grows in a pyramid city."""
    s = scene(3)
    s.pyr[s.pk.city_idx["giza"]] = 0
    turn(s, 0, city=["city-giza-1"], fruit=["fruit-01"])
    assert "grow:fruit-01" not in codes(s)


def test_pyramid_vector():
    """CC-TV-PYRAMID; CC-ACT-PYR-02 any tile from the supply; CC-ACT-PYR-03 price twice the value;
    CC-ACT-PYR-04 paid to the bank; CC-ACT-PYR-05 onto the city; CC-ACT-PYR-06 its VP at once;
    CC-R-07 equal tiles are one choice."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    assert [c for c in codes(s) if c.startswith("pyramid:")] == [
        "pyramid:pyramid-1", "pyramid:pyramid-2", "pyramid:pyramid-4", "pyramid:pyramid-6"]  # values 3, 4, 5, 6
    act(s, "pyramid:pyramid-2", "city:giza")
    assert s.money[0] == 12 and s.vp[0] == 4
    assert s.pyr[s.pk.city_idx["giza"]] == s.pk.pyr_idx["pyramid-2"]
    assert "pyramid:pyramid-3" in codes(s)  # the other 4 is still there


def test_amun_pays_five_less(tmp_path):
    """CC-GOD-AMUN-01, CC-TV-PYRAMID: value 4 -> 3 with Amun; CC-Q-17 a value-2 tile costs 0, not -1."""
    s = scene(3)
    turn(s, 0, god=1, city=[], fruit=[], auction=[])
    act(s, "pyramid:pyramid-2", "city:giza")
    assert s.money[0] == 17
    raw = json.loads(DEFAULT_PACK.read_text(encoding="utf-8"))
    raw["pyramid_tiles"][0]["value"] = 2
    path = tmp_path / "p.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    t = GAME.new_game(3, options={"pack": str(path)})
    cubes(t, giza={})
    turn(t, 0, god=1, city=[], fruit=[], auction=[])
    money = t.money[0]
    act(t, "pyramid:pyramid-1", "city:giza")
    assert t.money[0] == money and t.vp[0] == 2


def test_pyramid_needs_money_and_an_empty_city():
    """CC-ACT-PYR-01, CC-Q-17: an empty city = no fruit (buildings allowed); no city card needed."""
    s = scene(3)
    nf = s.pk.nf
    for x in range(s.pk.nc):  # one cube on every city
        s.supply[x % nf] -= 1
        s.cubes[x * nf + x % nf] = 1
        s.cmask[x] = 1 << (x % nf)
    turn(s, 0, city=[], fruit=[], auction=[])
    assert not any(c.startswith("pyramid:") for c in codes(s))
    cubes(s, giza={})
    give(s, 1, buildings=["building-temple-2"], tiles_at="giza")  # a building already stands there
    refresh(s)
    act(s, "pyramid:pyramid-1")
    assert codes(s) == ["city:giza"]
    s2 = scene(3)
    turn(s2, 0, god=2, city=[], fruit=[], auction=[])
    s2.money[0] = 5  # the cheapest tile (value 3) costs 6
    refresh(s2)
    assert not any(c.startswith("pyramid:") for c in codes(s2))
    s2.money[0] = 6
    refresh(s2)
    assert [c for c in codes(s2) if c.startswith("pyramid:")] == ["pyramid:pyramid-1"]


def test_one_pyramid_per_city():
    """CC-ACT-PYR-07: a city holds one pyramid."""
    s = scene(3)
    turn(s, 0, god=7, city=[], fruit=[], auction=[])
    act(s, "pyramid:pyramid-1", "city:giza", "pyramid:pyramid-2")
    assert "city:giza" not in codes(s)
    with pytest.raises(IllegalAction):
        s.apply("city:giza")


def test_pyramid_raises_the_city_value():
    """CC-ACT-PYR-09, CC-SCORE-CITY-01: the tile's value counts in the city's value."""
    from asztal.games.caboose.scoring import city_value

    s = scene(3)
    x = s.pk.city_idx["giza"]
    before = city_value(s, x)
    turn(s, 0, city=[], fruit=[], auction=[])
    act(s, "pyramid:pyramid-6", "city:giza")
    assert city_value(s, x) == before + 6


def test_draw_two_city_cards():
    """CC-ACT-CITY-01 one face-up card and the top of the deck; CC-ACT-CITY-02 no refill during the turn,
    refilled to 4 after it (CC-Q-31)."""
    s = scene(3)
    turn(s, 0, god=7, city=[], fruit=[], auction=[])
    shown = list(s.cdisp)
    top = s.cdeck[-1]
    act(s, f"citydraw:{s.pk.cc_ids[shown[0]]}")
    assert set(s.chand[0]) == {shown[0], top} and len(s.cdisp) == 3
    act(s, f"citydraw:{s.pk.cc_ids[shown[1]]}")
    assert len(s.cdisp) == 2 and len(s.chand[0]) == 4
    act(s, "done")
    assert len(s.cdisp) == 4


def test_empty_decks_reshuffle_the_discards():
    """CC-Q-26: an empty deck is the shuffled discard pile; with none, the draw shrinks."""
    s = scene(3)
    turn(s, 0, god=7, city=[], fruit=[], auction=[])
    s.cdisc.extend(s.cdeck)
    s.cdeck = []
    refresh(s)
    act(s, f"citydraw:{s.pk.cc_ids[s.cdisp[0]]}")
    assert len(s.chand[0]) == 2 and s.cdisc == [] and s.cdeck
    # nothing left anywhere: only the display card
    s.cdisc.extend(s.cdeck)
    s.cdeck = []
    s.cdisc = []
    s.chand[1] = s.chand[1] + tuple(c for c in range(s.pk.ncc) if c not in s.chand[0] + s.chand[1] + s.chand[2]
                                     and c not in s.cdisp)
    refresh(s)
    s.check_invariants()
    act(s, f"citydraw:{s.pk.cc_ids[s.cdisp[0]]}")
    assert len(s.chand[0]) == 3
