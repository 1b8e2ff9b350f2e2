"""Action 3, deliver fruit, transport and SEKHMET HUNTINGTON."""

import pytest

from asztal.engine.errors import IllegalAction
from asztal.games.caboose import GAME
from tests.caboose.scenario import act, codes, cubes, fruit_at, give, market, mkt, refresh, scene, trains, turn


def _vector():
    s = scene(3)
    market(s, figs=-2, grapes=1)
    cubes(s, faiyum={"figs": 1})
    trains(s, "r07", 1, 3)  # B: 3 trains on faiyum-giza, a route out of Giza
    give(s, 2, fruit=["fruit-02"])  # C: a played figs card, no trains
    give(s, 1, fruit=[])
    turn(s, 0, city=["city-giza-4"], fruit=[])  # figs or grapes, pays 5
    return s


def test_vector_deliver():
    """CC-TV-DELIVER; CC-ACT-DELIVER-02 play the card, bring the fruit; CC-ACT-DELIVER-05 payout + market
    (before the move, CC-Q-35); CC-ACT-DELIVER-06 delivered fruit -1; CC-ACT-DELIVER-07 the other +1;
    CC-ACT-DELIVER-09 others +1 VP per train there; CC-ACT-DELIVER-10 +1 VP for a played card of it;
    CC-ACT-DELIVER-11 the card is discarded."""
    s = _vector()
    act(s, "deliver:city-giza-4")
    assert codes(s) == ["src:faiyum:figs"]
    act(s, "src:faiyum:figs")
    assert s.money[0] == 20 + 3
    assert mkt(s, "figs") == -3 and mkt(s, "grapes") == 2
    assert s.vp == [0, 3, 1]
    assert s.pk.cc_idx["city-giza-4"] in s.cdisc
    event = next(e for e in s.log if e.get("key") == "caboose.deliver")
    assert GAME.describe(event, "hu").endswith("szállított: füge, Fajjúm → Gíza; +3 pénz; GYP a többieknek: "
                                               "2. játékos 3 GYP, 3. játékos 1 GYP")
    assert GAME.describe(event, "en").endswith("from Faiyum to Giza; +3 money; VP to the others: Player 2 3 VP, "
                                               "Player 3 1 VP")


def test_a_delivery_nobody_else_scores_from_says_so():
    """No „vasutak gazdái közül: senki”: a delivery that gives the others nothing says it in words."""
    s = _vector()
    trains(s, "r07", 1, 0)
    trains(s, "r07", 0, 3)  # the deliverer's own trains carry it
    give(s, 2, fruit=[])
    act(s, "deliver:city-giza-4", "src:faiyum:figs")
    event = next(e for e in s.log if e.get("key") == "caboose.deliver")
    assert GAME.describe(event, "hu").endswith("; a többiek nem kapnak GYP-t")
    assert GAME.describe(event, "en").endswith("; nobody else scores VP")


def test_deliverer_scores_no_vp_and_one_per_player():
    """CC-ACT-DELIVER-09 every player except the deliverer scores per train; CC-ACT-DELIVER-10 every other
    player with a played card of the fruit scores 1 VP, once per player however many such cards."""
    s = _vector()
    trains(s, "r04", 0, 2)  # the deliverer's own trains on a route out of Giza
    give(s, 0, fruit=["fruit-10"])  # and its own played figs card
    give(s, 2, fruit=["fruit-02", "fruit-06", "fruit-12"])  # three cards showing figs
    act(s, "deliver:city-giza-4", "src:faiyum:figs")
    assert s.vp == [0, 3, 1]
    assert s.money[0] == 20 + 3


def test_delivered_cube_moves_and_stays():
    """CC-Q-11 reading (a): the cube moves from its source into the city and stays there."""
    s = _vector()
    act(s, "deliver:city-giza-4", "src:faiyum:figs")
    assert fruit_at(s, "faiyum", "figs") == 0 and fruit_at(s, "giza", "figs") == 1


def test_the_city_concerned_is_the_destination():
    """CC-Q-12: VP go to trains on the destination's routes, not the source's."""
    s = _vector()
    trains(s, "r09", 2, 4)  # faiyum-siwa: touches the source only
    act(s, "deliver:city-giza-4", "src:faiyum:figs")
    assert s.vp[2] == 1  # only the fruit card VP


def test_fruit_already_in_the_city_cannot_be_delivered():
    """CC-ACT-DELIVER-03: the delivered fruit must not be in the city yet; CC-ACT-DELIVER-01."""
    s = _vector()
    cubes(s, giza={"figs": 1})
    refresh(s)
    assert "deliver:city-giza-4" not in codes(s)
    cubes(s, faiyum={"figs": 1, "grapes": 1})
    refresh(s)
    act(s, "deliver:city-giza-4")
    assert codes(s) == ["src:faiyum:grapes"]


def test_two_fruit_cards_let_the_deliverer_choose():
    """CC-ACT-DELIVER-08, CC-Q-33: either fruit of the card may be delivered, the other goes up."""
    s = _vector()
    cubes(s, faiyum={"figs": 1, "grapes": 1})
    act(s, "deliver:city-giza-4")
    assert codes(s) == ["src:faiyum:figs", "src:faiyum:grapes"]
    act(s, "src:faiyum:grapes")
    assert s.money[0] == 20 + 5 + 1 and mkt(s, "grapes") == 0 and mkt(s, "figs") == -1


def test_negative_income_pays_nothing():
    """CC-Q-13: payout + market below 0 gives 0, the deliverer pays nothing."""
    s = _vector()
    market(s, figs=-6)
    act(s, "deliver:city-giza-4", "src:faiyum:figs")
    assert s.money[0] == 20 and mkt(s, "figs") == -6  # CC-Q-16 the marker stays at the end of the track


def test_any_number_of_anyones_railways():
    """CC-ACT-DELIVER-04, CC-TRANS-01, CC-Q-10: a chain of routes with trains of any players."""
    s = scene(3)
    cubes(s, siwa={"dates": 1})
    turn(s, 0, city=["city-memphis-1"], fruit=[])  # dates, 7
    assert "deliver:city-memphis-1" not in codes(s)
    trains(s, "r08", 1, 1)  # memphis-faiyum
    trains(s, "r09", 2, 1)  # faiyum-siwa
    refresh(s)
    act(s, "deliver:city-memphis-1", "src:siwa:dates")
    assert fruit_at(s, "memphis", "dates") == 1


def test_transport_through_a_pyramid_city():
    """CC-TRANS-02, CC-ACT-PYR-08: fruit passes through a pyramid city; railways still built around it."""
    s = scene(3)
    cubes(s, siwa={"dates": 1})
    trains(s, "r08", 1, 1)
    trains(s, "r09", 2, 1)
    s.pyr[s.pk.city_idx["faiyum"]] = 0
    turn(s, 0, city=["city-memphis-1", "city-faiyum-1"], auction=["train-06"], fruit=[])
    assert "deliver:city-memphis-1" in codes(s)
    act(s, "rail:train-06", "card:city-faiyum-1")
    assert "route:r07" in codes(s)


def test_no_delivery_into_a_pyramid_city():
    """CC-ACT-DELIVER-12: no fruit may be delivered into a city with a pyramid."""
    s = _vector()
    s.pyr[s.pk.city_idx["giza"]] = 1
    refresh(s)
    assert "deliver:city-giza-4" not in codes(s)


def test_sekhmet_uses_one_unbuilt_route_for_the_turn():
    """CC-GOD-SEKHMET-01, CC-TRANS-03, CC-TRANS-04, CC-R-02: the holder names one unbuilt route; it counts
    as built for the rest of the turn, and only one."""
    s = scene(3)
    cubes(s, faiyum={"dates": 1, "figs": 1}, siwa={"grapes": 1})
    turn(s, 0, god=4, city=["city-giza-3", "city-giza-4"], fruit=[])
    assert not any(c.startswith("deliver:") for c in codes(s))
    assert "sekhmet:r07" in codes(s)
    act(s, "sekhmet:r07")
    assert not any(c.startswith("sekhmet:") for c in codes(s))
    act(s, "deliver:city-giza-3", "src:faiyum:dates")
    assert fruit_at(s, "giza", "dates") == 1
    act(s, "deliver:city-giza-4")
    assert codes(s) == ["src:faiyum:figs"]  # Siwa's grapes would need a second unbuilt route
    act(s, "src:faiyum:figs", "done")
    # next turn: the route is unbuilt again
    assert s.sekhmet == -1 and s.phase == 0  # seat 0 acted last: a new round began
    t = scene(3)
    trains(t, "r07", 1, 1)
    turn(t, 0, god=4, city=[], fruit=[])
    assert "sekhmet:r07" not in codes(t)  # only routes without trains


def test_an_unreachable_demand_is_said_as_one_fruit_or_the_other():
    """CC-ACT-DELIVER-04: a card asking for figs or grapes is refused as „füge vagy szőlő”, not „és”."""
    s = _vector()
    trains(s, "r07", 1, 0)
    with pytest.raises(IllegalAction) as refused:
        act(s, "deliver:city-giza-4", "src:faiyum:figs")
    said = str(refused.value)
    assert "a kért gyümölcs: füge vagy szőlő." in said and "(figs or grapes) cannot reach Giza" in said
