"""Action 1, build railway, and SETH HENRY HARRIMAN (CC-GOD-SETH-01)."""

import pytest

from asztal.engine import IllegalAction
from tests.caboose.scenario import act, codes, refresh, scene, trains, turn


def test_needs_train_card_city_card_and_money():
    """CC-ACT-TRAIN-01, CC-TURN-06: without any one of them the action is not offered."""
    s = scene(3)
    turn(s, 0, city=["city-giza-1"], auction=["train-13"])  # 3 trains, cost 5
    assert "rail:train-13" in codes(s)
    s.money[0] = 4
    refresh(s)
    assert "rail:train-13" not in codes(s)
    turn(s, 0, city=[], auction=["train-13"])
    s.money[0] = 20
    refresh(s)
    assert "rail:train-13" not in codes(s)
    turn(s, 0, city=["city-giza-1"], auction=[])
    assert not any(c.startswith("rail:") for c in codes(s))


def test_build_pays_places_and_discards():
    """CC-ACT-TRAIN-02 play both cards, pay the bank; CC-ACT-TRAIN-03 the trains go on a route out of
    the city card's city; CC-ACT-TRAIN-05 all together; CC-ACT-TRAIN-07 both cards discarded."""
    s = scene(3)
    turn(s, 0, city=["city-giza-1"], auction=["train-13"])
    act(s, "rail:train-13", "card:city-giza-1")
    assert codes(s) == ["route:r01", "route:r04", "route:r07"]  # the routes out of Giza
    act(s, "route:r07")
    pk = s.pk
    r = pk.route_idx["r07"]
    assert s.rt[r * 3 + 0] == 3 and s.trains[0] == 17 and s.money[0] == 15
    assert pk.ac_idx["train-13"] in s.adisc and pk.cc_idx["city-giza-1"] in s.cdisc
    assert s.acts_left == 1


def test_route_capacity_vector():
    """CC-TV-TRAIN-CAP; CC-ACT-TRAIN-04 at most two colours per route; CC-ACT-TRAIN-06 not onto your own."""
    s = scene(4)
    trains(s, "r07", 1, 2)  # red
    trains(s, "r07", 2, 1)  # blue
    turn(s, 3, city=["city-giza-1"], auction=["train-13"])
    act(s, "rail:train-13", "card:city-giza-1")
    assert "route:r07" not in codes(s)  # green cannot join red and blue
    with pytest.raises(IllegalAction):
        s.apply("route:r07")
    s2 = scene(4)
    trains(s2, "r07", 1, 2)
    turn(s2, 1, city=["city-giza-1"], auction=["train-13"])
    act(s2, "rail:train-13", "card:city-giza-1")
    assert "route:r07" not in codes(s2)  # red cannot add to its own route
    act(s2, "route:r04")
    assert s2.rt[s2.pk.route_idx["r04"] * 4 + 1] == 3  # all three on one route, never 2 + 1


def test_no_route_left_means_no_railway():
    """CC-ACT-TRAIN-04 with CC-TURN-06: a city whose every route is full offers no railway."""
    s = scene(3)
    for r in ("r01", "r04", "r07"):
        trains(s, r, 1, 1)
        trains(s, r, 2, 1)
    turn(s, 0, city=["city-giza-1"], auction=["train-13"])
    assert "rail:train-13" not in codes(s)


def test_not_enough_trains_left():
    """CC-Q-18, CC-ACT-TRAIN-09: a card for more trains than you have left cannot be played."""
    s = scene(3)
    trains(s, "r10", 0, 18)
    turn(s, 0, city=["city-giza-1"], auction=["train-13", "train-06"])
    assert "rail:train-13" not in codes(s) and "rail:train-06" in codes(s)


def test_trains_earn_through_others_actions():
    """CC-ACT-TRAIN-08: trains bring money when others build and VP when others deliver there."""
    s = scene(3)
    trains(s, "r07", 1, 3)
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=["fruit-06"])
    act(s, "build:building-temple-1", "card:city-giza-3", "use:fruit-06", "use:fruit-06")
    assert s.money[1] == 23
    from tests.caboose.scenario import cubes

    cubes(s, faiyum={"dates": 1})
    turn(s, 2, city=["city-giza-3"])
    vp = s.vp[1]
    act(s, "deliver:city-giza-3", "src:faiyum:dates")
    assert s.vp[1] == vp + 3


def test_seth_scores_the_longest_route():
    """CC-GOD-SETH-01, CC-Q-24: VP = cities on the holder's longest simple path, after placing."""
    s = scene(3)
    trains(s, "r01", 0, 1)  # alexandria-giza
    trains(s, "r07", 0, 1)  # faiyum-giza
    trains(s, "r19", 0, 1)  # aswan-siwa (separate)
    turn(s, 0, god=5, city=["city-memphis-1"], auction=["train-06"])
    act(s, "rail:train-06", "card:city-memphis-1", "route:r08")  # faiyum-memphis joins the chain
    assert s.vp[0] == 4  # alexandria-giza-faiyum-memphis
    s2 = scene(3)
    trains(s2, "r01", 0, 1)
    turn(s2, 0, god=4, city=["city-memphis-1"], auction=["train-06"])
    act(s2, "rail:train-06", "card:city-memphis-1", "route:r08")
    assert s2.vp[0] == 0  # only Seth's holder scores
