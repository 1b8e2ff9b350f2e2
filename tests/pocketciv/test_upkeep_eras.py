"""5.4 Upkeep, 5.5 Eras, 5.6 End of the game, phase II (5.2)."""

import pytest

from asztal.games.pocketciv.data import ADV_INDEX, BOX, symbol_sum
from asztal.games.pocketciv.frames import Dev, Era, Event, Move, Upkeep
from asztal.games.pocketciv.scoring import era_points
from asztal.games.pocketciv.upkeep import max_cav, reckoning
from tests.pocketciv.scenario import codes, play, scenario, start_event


def _bits(*names):
    return sum(1 << ADV_INDEX[n] for n in names)


def test_upkeep_order():
    """PC-UPK-01, PC-Q-01 (a): tribe upkeep before city upkeep: a city that starves this
    round still supported its tribes; PC-UPK-END-01: then a new round (phase I)."""
    s = scenario({3: dict(city=2, tribes=4, mountain=True)}, stack=Upkeep(0))
    s.run()
    assert s.emp.tribes[2] == 3 and s.emp.cav[2] == 2  # capacity 3 (mountain + CAV 2)
    assert codes(s) == ["done"]  # city development: nothing to grow
    play(s, "done")
    assert s.emp.cav[2] == 1  # PC-UPK-CITY-01: no farm
    assert s.round_no == 2 and s.stack[-1] == Move()  # the next round began: growth, then moves
    assert s.emp.tribes[2] == 4


@pytest.mark.parametrize("adv,cities,gold", [
    ((), 0, 0), (("patronage",), 5, 1), (("coinage",), 0, 7), (("coinage", "black_market"), 0, 6),
    (("coinage", "black_market", "banking"), 0, 7), (("coinage", "black_market", "banking", "patronage"), 6, 9)])
def test_tv_reckoning(adv, cities, gold):
    """PC-TV-RECKONING, PC-UPK-GOLD-01, PC-UPK-GOLD-02, PC-UPK-GOLD-03, PC-UPK-GOLD-04, PC-UPK-GOLD-05,
    PC-UPK-GOLD-06, PC-Q-14 (a), PC-Q-15, PC-Q-16, PC-EX-PATRONAGE."""
    s = scenario({a: dict(city=1) for a in range(1, cities + 1)}, gold=7, adv=adv)
    reckoning(s)
    assert s.emp.gold == gold


def test_banking_at_exactly_three_and_black_market_at_zero():
    """PC-R-BANKING (Hungarian: at least 3), PC-Q-16 (no gold: nothing happens)."""
    s = scenario(gold=3, adv=("coinage", "banking"))
    reckoning(s)
    assert s.emp.gold == 4
    s = scenario(gold=0, adv=("coinage", "black_market"))
    reckoning(s)
    assert s.emp.gold == 0


def test_pillaging():
    """PC-UPK-PILLAGE-01, PC-UPK-PILLAGE-02, PC-UPK-PILLAGE-03: card 3 -> area 3 loses a tribe; card 12
    gives 3 gold."""
    s = scenario({3: dict(tribes=2, mountain=True, forest=True)}, adv=("culture_of_thievery",),
                 draws=[3, 12], stack=Upkeep(2))
    s.run()
    assert s.emp.tribes[2] == 1 and s.emp.gold == 3
    s = scenario({3: dict(tribes=2, mountain=True, forest=True)}, adv=("culture_of_thievery",),
                 draws=[4, 12], stack=Upkeep(2))
    s.run()
    assert s.emp.tribes[2] == 2 and s.emp.gold == 0 and len(s.discard) == 1


def test_no_growth_without_an_allowance():
    """PC-Q-11 (1a), PC-UPK-CITYDEV-02, PC-UPK-CITYDEV-03, PC-UPK-CITYDEV-04, PC-UPK-CITYDEV-05,
    PC-EX-CITYDEV-ALLOW."""
    s = scenario({3: dict(city=1, tribes=9, farm=True)}, stack=Upkeep(4))
    assert codes(s) == ["done"]
    s = scenario({3: dict(city=1, tribes=9, farm=True), 4: dict(city=1, tribes=2, farm=True)},
                 stack=Upkeep(4), adv=("masonry", "slave_labor", "engineering"))
    play(s, "grow:area=3", "pay:area=3", "pay:area=3")
    assert s.emp.cav[2] == 2 and s.emp.tribes[2] == 7  # PC-UPK-CITYDEV-01, PC-EX-CITYDEV-COST
    play(s, "grow:area=4", "pay:area=3", "pay:area=3")
    assert s.emp.cav[3] == 2 and s.emp.tribes[2] == 5
    assert codes(s) == ["done"]  # two allowances used (one city each, or both on one)


def test_growth_tribes_from_any_areas():
    """PC-UPK-CITYDEV-01, PC-EX-CITYDEV-COST: 3 tribes for CAV 3, from any areas."""
    s = scenario({3: dict(city=2, tribes=1), 4: dict(tribes=1), 6: dict(tribes=4)},
                 stack=Upkeep(4), adv=("engineering", "masonry"))
    play(s, "grow:area=3")
    assert codes(s) == ["pay:area=3", "pay:area=4", "pay:area=6"]
    play(s, "pay:area=4", "pay:area=6", "pay:area=6")
    assert s.emp.tribes[2:6] == [1, 0, 0, 2] and s.emp.cav[2] == 3


def test_tv_citydev_steps():
    """PC-TV-CITYDEV-STEPS, PC-Q-12, PC-EX-CITYDEV-TOOLS, PC-UPK-CITYDEV-06, PC-UPK-CITYDEV-07,
    PC-UPK-CITYDEV-08, PC-UPK-CITYDEV-09."""
    s = scenario({3: dict(city=1, tribes=9)}, stack=Upkeep(4),
                 adv=("masonry", "civil_service", "engineering", "basic_tools"))
    play(s, "grow:area=3")
    assert s.emp.tribes[2] == 8
    play(s, "grow:area=3")
    assert s.emp.tribes[2] == 6 and s.emp.cav[2] == 3 and codes(s) == ["done"]
    s = scenario({3: dict(city=2, tribes=9)}, stack=Upkeep(4),
                 adv=("masonry", "engineering", "simple_tools", "machining", "metal_working"))
    play(s, "grow:area=3")
    assert s.emp.tribes[2] == 8  # CAV 3 costs 3 - 2 = 1


def test_max_cav():
    """PC-UPK-CITYDEV-10, PC-UPK-CITYDEV-11, PC-UPK-CITYDEV-12, PC-UPK-CITYDEV-13, PC-UPK-CITYDEV-14,
    PC-R-CAV-CAP-SUM (PC-Q-11 (2a), rules version 4): 1 plus one for each cap-raising advance,
    never above 4."""
    assert max_cav(0) == 1
    for name in ("masonry", "slave_labor", "engineering", "metal_working", "architecture"):
        assert max_cav(_bits(name)) == 2, name
    assert max_cav(_bits("masonry", "engineering")) == 3
    assert max_cav(_bits("architecture", "masonry", "engineering", "metal_working")) == 4
    assert max_cav(_bits("architecture", "masonry", "engineering", "metal_working", "slave_labor")) == 4


def test_the_raises_of_the_maximum_cav_add_up():
    """PC-R-CAV-CAP-SUM, p. 15: „Vívmányok, mint például a Kőművesség (+), Műszaki Tudás (+),
    Fémművesség (+) vagy az Építészet (+) külön-külön növelik a városok által elérhető maximális
    vff-t. Mivel ezen hatások is összeadódnak, így az egyszerű városok maximum 4-es vff-t érhetnek
    el.” With Masonry, Engineering and Metal Working a CAV-3 city may grow to 4 (the printed
    cards' highest maximum, rules version 3, stopped it at 3); Civil Service adds a second
    increase for the round, which the ceiling of 4 then refuses."""
    s = scenario({3: dict(city=3, tribes=9, farm=True)}, stack=Upkeep(4),
                 adv=("masonry", "civil_service", "engineering", "metal_working"))
    assert "grow:area=3" in codes(s)
    play(s, "grow:area=3")
    assert s.emp.cav[2] == 4 and s.emp.tribes[2] == 5
    assert "grow:area=3" not in codes(s)  # 4: the ordinary city's ceiling


def test_ex_capital():
    """PC-EX-CAPITAL, PC-UPK-CAPITAL-01, PC-UPK-CAPITAL-02, PC-UPK-CAPITAL-03, PC-UPK-CAPITAL-04,
    PC-UPK-CAPITAL-05, PC-UPK-CAPITAL-06, PC-UPK-CAPITAL-07, PC-Q-13: name a capital; above 4 it costs the
    new
    CAV in tribes of its own area (no tool discount) and a resource source anywhere; once a round."""
    adv = ("centralized_government", "masonry", "civil_service", "basic_tools", "architecture")
    s = scenario({3: dict(city=5, tribes=9, farm=True), 4: dict(city=1, forest=True, mountain=True)},
                 stack=Upkeep(4), adv=adv, capital=3)
    assert "grow:area=3" in codes(s)
    play(s, "grow:area=3")
    assert s.emp.cav[2] == 6 and s.emp.tribes[2] == 3
    assert codes(s) == ["sacrifice:area=3,res=farm", "sacrifice:area=4,res=forest",
                        "sacrifice:area=4,res=mountain"]
    play(s, "sacrifice:area=4,res=forest")
    assert s.forest[3] == 0
    assert "grow:area=3" not in codes(s)  # once per round
    s = scenario({3: dict(city=2, tribes=2)}, stack=Upkeep(4), adv=("centralized_government",))
    assert codes(s) == ["capital:area=3", "done"]
    play(s, "capital:area=3")
    assert s.emp.capital == 2 and codes(s) == ["done"]


def test_city_upkeep_fishing_and_cartage():
    """PC-UPK-CITY-01, PC-UPK-CITY-02, PC-UPK-CITY-03, PC-UPK-CITY-04."""
    s = scenario({3: dict(city=2), 5: dict(city=2)}, stack=Upkeep(5), adv=("fishing",))
    s.run()
    assert s.emp.cav[2] == 1 and s.emp.cav[4] == 2  # the coastal city needs no farm
    s = scenario({1: dict(city=2), 2: dict(city=2), 3: dict(city=2, farm=True)}, stack=Upkeep(5),
                 adv=("cartage",))
    s.run()
    assert codes(s) == ["cav:area=1", "cav:area=2", "cav:area=3"]
    play(s, "cav:area=3", "cav:area=1")
    assert s.emp.cav[:3] == [1, 2, 1]


def test_event_phase_draws_for_the_current_era():
    """PC-EVP-01, PC-EVP-02, PC-EVP-03, PC-DECK-01, PC-DECK-02, PC-TURN-01: card 2 has a Volcano in era 1
    and nothing
    in era 4; the card is turned up from the top."""
    s = scenario({3: dict(tribes=2)}, draws=[2, 3], stack=Event(), era=4)
    s.run()
    assert s.discard == [1] and s.stack == [Dev()]
    s = scenario({3: dict(tribes=2)}, draws=[2, 3], stack=Event(), era=1)
    s.run()
    assert s.mount[2] == 2  # card 3's red circle: a volcano rises in area 3


def test_astronomy_ignores_one_card_per_era():
    """PC-EVT-ASTRONOMY-01: once per era the drawn event card may be ignored."""
    s = scenario({3: dict(tribes=2)}, draws=[2, 4, 3], stack=Event(), era=1, adv=("astronomy",))
    s.run()
    assert codes(s) == ["astronomy", "done"]
    play(s, "astronomy")
    # card 2's Volcano is ignored; card 4 (Earthquake) strikes area 3 (card 3's red circle)
    assert s.mount[2] == 0 and s.fault[2] == 1 and 1 in s.discard
    assert s.emp.astro_era == 1


def test_tv_era_score():
    """PC-TV-ERA-SCORE, PC-EX-ERA-CITIES, PC-EX-ERA-TRIBES, PC-ERA-02, PC-ERA-03, PC-ERA-04, PC-ERA-05,
    PC-ERA-06, PC-Q-02 (a)."""
    advs = ("civil_service", "democracy", "law", "masonry", "mythology", "black_market")  # 15 12 10 3 2 1
    s = scenario({1: dict(city=1), 2: dict(city=1, tribes=4)}, adv=advs)
    assert era_points(s.emp, 3) == 0
    s.emp.cav[2] = 1
    assert era_points(s.emp, 3) == 15 + 12 + 10 + 3
    assert era_points(s.emp, 2) == 40
    s2 = scenario({1: dict(city=1, tribes=2)}, adv=("masonry", "democracy", "law"))
    assert era_points(s2.emp, 8) == 22
    s2.emp.adv |= _bits("written_record")
    assert era_points(s2.emp, 8) == 12 + 10 + 5 + 3


def test_era_change_scores_and_may_end():
    """PC-ERA-01, PC-ERA-07, PC-ERA-08, PC-ERA-09, PC-ERA-10, PC-DECK-03, PC-DECK-04, PC-END-01 (c),
    PC-END-02, PC-END-03, PC-Q-24: the last
    card read, the era ends: score, era + 1, the player may stop; wonders count only at the end
    (PC-DEV-WONDER-04)."""
    s = scenario({1: dict(city=1, tribes=3, wonders=["monolith"])}, adv=("democracy",), draws=[2])
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    s.stack = [Event()]
    s.run()
    assert s.era == 2 and s.emp.vp == 12 and s.emp.vp_wonders == 0
    assert codes(s) == ["era:continue", "era:end"]
    play(s, "era:end")
    assert s.is_over and s.ending == "stopped" and s.scores() == [20.0] and s.winners() == [0]
    assert s.outcome()["wonders"] == ["monolith"]


def test_era_eight_ends_the_game():
    """PC-END-01 (a), PC-ERA-04, PC-Q-24 (1): one final scoring without the city check."""
    s = scenario({1: dict(tribes=1)}, adv=("democracy",), draws=[5], era=8)
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    s.stack = [Event()]
    s.run()
    assert s.is_over and s.ending == "eras" and s.emp.vp == 12 and s.era == 8


def test_event_continues_in_the_new_era():
    """PC-ERA-11, PC-Q-03 (1)/(2): the card naming the tsunami's area empties the deck; the era
    changes (only the original card stays out of the reshuffle), then the tsunami goes on: it
    strikes area 8, a coastal neighbour of area 7 (PC-R-TSUNAMI-ADJACENT)."""
    s = scenario({8: dict(tribes=12), 1: dict(tribes=1)}, draws=[7])
    start_event(s, card=6, era=1)
    s.discard, s.deck = [c for c in range(16) if c not in (6, 5)], [6]
    s.run()
    assert type(s.stack[-1]) is Era and s.stack[-1].step == 1 and s.emp.tribes[7] == 12
    play(s, "era:continue")
    damage = symbol_sum(BOX[5][1], s.discard[-2])  # the first card of the new deck
    assert s.stack == [Dev()] and s.emp.tribes[7] == max(0, 12 - damage) < 12 and s.emp.tribes[0] == 1
    assert s.discard[-1] == 5 and 5 not in s.deck
    # PC-DECK-04, PC-R-ERA-AT-ONCE (rules version 3): all but the tsunami card reshuffled, the area
    # card too (its number is read, the event never reads the card again), 3 burnt, the damage card drawn
    assert s.aside == [] and len(s.deck) == 16 - 1 - 3 - 1
    s.check_invariants()
