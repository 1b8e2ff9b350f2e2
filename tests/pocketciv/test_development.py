"""5.3 Development: Black Market, Mining, expeditions, cities, farms, advances, wonders."""

import pytest

from asztal.games.pocketciv import render
from asztal.games.pocketciv.advances import can_acquire
from asztal.games.pocketciv.data import ADV_INDEX
from asztal.games.pocketciv.development import expedition_gold
from asztal.games.pocketciv.frames import Dev, Era, Upkeep
from tests.pocketciv.scenario import codes, play, scenario


def test_dev_actions_in_any_order_keep_one_tribe():
    """PC-DEV-01, PC-DEV-02, PC-DEV-03, PC-Q-30: actions in any order until done; tribes pay; the last tribe
    of the Empire never pays."""
    s = scenario({3: dict(tribes=4, forest=True)})
    assert "city:area=3" not in codes(s)  # 4 tribes would leave none
    assert "farm:area=3" in codes(s)
    play(s, "farm:area=3")
    assert s.emp.tribes[2] == 2 and s.farm[2] == 1 and s.forest[2] == 0  # PC-DEV-FARM-01
    assert "farm:area=3" not in codes(s)  # PC-DEV-FARM-02
    play(s, "done")
    assert type(s.stack[-1]) is Upkeep and s.round_no == 1 and not s.is_over  # development is over


def test_found_a_city():
    """PC-DEV-CITY-01, PC-DEV-CITY-03, PC-DEV-CITY-04, PC-DEV-CITY-05, PC-DEV-CITY-02 (Common Tongue),
    PC-EX-TCAV."""
    s = scenario({3: dict(tribes=5, mountain=True)})
    assert not any(c.startswith("adv:") for c in codes(s))  # TCAV 0: no advance
    play(s, "city:area=3")
    assert s.emp.cav[2] == 1 and s.emp.tribes[2] == 1
    assert "city:area=3" not in codes(s)
    assert "adv:city=3,id=basic_tools" in codes(s)  # at once (TCAV 1 > 0 advances)
    s = scenario({3: dict(tribes=3)}, adv=["common_tongue"])
    play(s, "city:area=3")
    assert s.emp.tribes[2] == 1
    s = scenario({3: dict(city=2), 4: dict(city=2), 5: dict(city=1), 6: dict(city=1)},
                 adv=["masonry", "mythology", "music", "fishing", "basic_tools"])
    assert s.emp.tcav() == 6 and s.emp.tcav() > s.emp.nadv()


def test_agriculture_once_per_round():
    """PC-DEV-FARM-03, PC-R-AGRI-ONCE."""
    s = scenario({3: dict(tribes=5, forest=True), 4: dict(tribes=5)}, adv=["agriculture"])
    play(s, "agri:area=3")
    assert s.farm[2] == 1 and s.forest[2] == 1 and s.emp.tribes[2] == 3
    assert not any(c.startswith("agri") for c in codes(s))


def test_horticulture_plants_a_forest():
    """PC-DEV-HORTI-01: 4 tribes of the area plant a forest; never a second one (PC-CON-06),
    never with the Empire's last tribe (PC-DEV-03), never without Horticulture."""
    s = scenario({4: dict(tribes=5)}, adv=["horticulture"])
    play(s, "forest:area=4")
    assert s.forest[3] == 1 and s.emp.tribes[3] == 1
    assert not any(c.startswith("forest:") for c in codes(s))
    s = scenario({4: dict(tribes=4)}, adv=["horticulture"])
    assert not any(c.startswith("forest:") for c in codes(s))
    s = scenario({4: dict(tribes=4), 5: dict(tribes=1)}, adv=["horticulture"])
    assert "forest:area=4" in codes(s) and "forest:area=5" not in codes(s)
    s = scenario({4: dict(tribes=5, forest=True)}, adv=["horticulture"])
    assert not any(c.startswith("forest:") for c in codes(s))
    s = scenario({4: dict(tribes=5)})
    assert not any(c.startswith("forest:") for c in codes(s))


def test_ex_bride_costs_resources_and_prerequisites():
    """PC-EX-BRIDE, PC-DEV-ADV-03, PC-DEV-ADV-04, PC-DEV-ADV-05, PC-DEV-ADV-06, PC-DEV-ADV-07,
    PC-DEV-ADV-10, PC-DEV-ADV-11, PC-EX-PREREQ: Mining (1 tribe, stone)
    by the city in area 3; Irrigation needs Agriculture."""
    s = scenario({3: dict(city=1, tribes=4, mountain=True), 4: dict(city=2, tribes=4, forest=True)}, gold=2)
    assert "adv:city=3,id=mining" in codes(s) and "adv:city=4,id=mining" not in codes(s)
    play(s, "adv:city=3,id=mining")
    assert s.emp.tribes[2] == 3 and s.mount[2] == 1 and s.emp.has(1 << ADV_INDEX["mining"])
    assert "mine" in codes(s)  # the whole Empire owns it
    assert not any(c.startswith("adv:city=3") for c in codes(s))  # PC-DEV-ADV-02
    assert "adv:city=4,id=irrigation" not in codes(s)
    s = scenario({3: dict(city=1, tribes=3, mountain=True), 4: dict(city=2, tribes=4, forest=True)}, gold=2,
                 adv=["mining", "agriculture"])
    assert "adv:city=4,id=irrigation" in codes(s)
    play(s, "adv:city=4,id=irrigation")
    assert s.emp.gold == 0 and s.emp.tribes[3] == 2


def test_ex_prereq_irrigation_needs_agriculture_not_horticulture():
    """PC-EX-PREREQ, PC-DEV-ADV-07, ruling PC-R-IRRIGATION-AGRI (issue 13): "Az Öntözőrendszer (+)
    előfeltétele a Mezőgazdálkodás (+), azaz nem lehet megszerezni, csak a Mezőgazdálkodás
    megszerzése után" (p. 14), against the printed card's "Agriculture or Horticulture": a city
    with Horticulture alone cannot acquire Irrigation (2 tribes, 2 gold, wood)."""
    s = scenario({4: dict(city=3, tribes=4, forest=True)}, gold=2, adv=["horticulture"])
    assert "adv:city=4,id=irrigation" not in codes(s)
    s = scenario({4: dict(city=3, tribes=4, forest=True)}, gold=2, adv=["horticulture", "agriculture"])
    assert "adv:city=4,id=irrigation" in codes(s)


def test_tcav_limits_advances():
    """PC-DEV-ADV-01, PC-DEV-ADV-12: no new advance while owned advances >= TCAV; none is lost."""
    s = scenario({3: dict(city=1, tribes=6, mountain=True)}, adv=["music"])
    assert not any(c.startswith("adv:") for c in codes(s))
    assert s.emp.nadv() == 1


def test_ex_machining():
    """PC-EX-MACHINING, PC-DEV-ADV-08, PC-DEV-ADV-09."""
    s = scenario({3: dict(city=4, tribes=9, forest=True)}, adv=["machining"], capital=None)
    assert can_acquire(s, 2, ADV_INDEX["masonry"], 9) is None  # needs stone: a forest will do
    assert can_acquire(s, 2, ADV_INDEX["simple_tools"], 9) is not None  # wood and stone: both needed
    s.mount[2] = 1
    assert can_acquire(s, 2, ADV_INDEX["simple_tools"], 9) is None


def test_black_market_gives_five_gold():
    """PC-DEV-ADV-13, PC-R-BM-PREREQ: no prerequisite (printed card)."""
    s = scenario({3: dict(city=1, tribes=2)})
    play(s, "adv:city=3,id=black_market")
    assert s.emp.gold == 5


def test_fishing_only_by_the_sea():
    """PC-R-FISHING-ACQ."""
    s = scenario({3: dict(city=1, tribes=8, forest=True), 5: dict(city=1, tribes=8, forest=True)})
    assert "adv:city=5,id=fishing" in codes(s) and "adv:city=3,id=fishing" not in codes(s)


def test_story_telling_and_simple_tools_discount():
    """PC-DEV-DISCOUNT-01: each takes one tribe off the advances its card lists, never below 0;
    others cost in full."""
    s = scenario({3: dict(city=2, tribes=5, forest=True)}, adv=["story_telling"])
    play(s, "adv:city=3,id=music")  # 1 tribe - 1
    assert s.emp.tribes[2] == 5
    s = scenario({3: dict(city=2, tribes=5, mountain=True)}, adv=["simple_tools"])
    play(s, "adv:city=3,id=masonry")  # 2 tribes - 1
    assert s.emp.tribes[2] == 4
    s = scenario({3: dict(city=2, tribes=5, mountain=True)}, adv=["simple_tools"])
    play(s, "adv:city=3,id=mining")  # 1 tribe - 1
    assert s.emp.tribes[2] == 5
    s = scenario({3: dict(city=2, tribes=5, forest=True)}, adv=["simple_tools"])
    play(s, "adv:city=3,id=music")  # not on the Simple Tools card: full price
    assert s.emp.tribes[2] == 4


def test_law_may_discard_thievery_and_black_market():
    """PC-R-CULTURE-DROP, PC-CON-04, PC-Q-29: the discarded advance is gone and may come back."""
    s = scenario({3: dict(city=4, tribes=9, forest=True, mountain=True), 5: dict(city=1)}, gold=6,
                 adv=["government", "philosophy", "culture_of_thievery", "black_market"], capital=None)
    play(s, "adv:city=3,id=law")
    assert codes(s) == ["drop:id=culture_of_thievery", "drop:id=black_market", "done"]
    play(s, "drop:id=black_market", "done")
    assert not s.emp.has(1 << ADV_INDEX["black_market"]) and s.emp.has(1 << ADV_INDEX["culture_of_thievery"])


def test_wonders():
    """PC-DEV-WONDER-01, PC-DEV-WONDER-02, PC-DEV-WONDER-03, PC-DEV-WONDER-05, PC-Q-23: built on the map
    with tribes of the area and gold;
    any number, duplicates allowed; requirements from the card."""
    s = scenario({4: dict(tribes=13), 3: dict(tribes=1)}, gold=40)
    play(s, "wonder:area=4,id=monolith", "wonder:area=4,id=monolith")
    assert len(s.emp.wonders[3]) == 2 and s.emp.gold == 10 and s.emp.tribes[3] == 1
    s = scenario({3: dict(tribes=20)}, gold=40)
    assert "wonder:area=3,id=great_wall" not in codes(s)  # needs the Frontier
    assert "wonder:area=3,id=amphitheater" not in codes(s)  # needs Theater and a city
    assert "wonder:area=3,id=mountain_citadel" not in codes(s)
    s = scenario({3: dict(tribes=20, mountain=True)}, gold=40)
    assert "wonder:area=3,id=mountain_citadel" in codes(s)


def test_city_of_atlantis_needs_atlantea():
    s = scenario({5: dict(tribes=10, city=1)}, gold=30)
    assert "wonder:area=5,id=city_of_atlantis" not in codes(s)
    s = scenario({5: dict(tribes=10, city=1)}, gold=30, partners=1 << 2)
    assert "wonder:area=5,id=city_of_atlantis" in codes(s)


def test_tv_blackmarket():
    """PC-TV-BLACKMARKET, PC-DEV-BM-01, PC-DEV-BM-02, PC-DEV-BM-03, PC-DEV-BM-04, PC-DEV-BM-05,
    PC-DEV-BM-06, PC-Q-04 (a), PC-Q-05: cards 13 (3 gold +
    handshake), 6 (0 + handshake), 7 (1, none)."""
    s = scenario({3: dict(tribes=2)})
    assert "tax" not in codes(s)
    s = scenario({3: dict(tribes=2)}, adv=["black_market"], draws=[13, 6, 7])
    play(s, "tax")
    assert s.emp.gold == 2 and codes(s) == ["draw", "stop"]
    play(s, "draw")
    assert s.emp.gold == 1
    play(s, "draw")
    assert s.emp.gold == 2 and s.stack == [Dev()]
    assert "tax" not in codes(s)  # once per round


def test_tax_without_gold_starts_anarchy():
    """PC-DEV-BM-06: card 6 (no gold, handshake) with 0 gold: Anarchy."""
    s = scenario({3: dict(tribes=8, city=1)}, adv=["black_market"], draws=[6])
    play(s, "tax")
    assert s.emp.cav[2] == 0 and s.emp.tribes[2] == 5 and s.emp.gold == 0


def test_tax_can_end_the_era():
    """PC-DEV-BM-07, PC-DEV-MINING-09: the last card of the deck brings the era change."""
    s = scenario({3: dict(tribes=2)}, adv=["black_market"], draws=[7])
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    play(s, "tax")
    assert type(s.stack[-1]) is Era and s.stack[-1].step == 1 and s.era == 2


@pytest.mark.parametrize("draws,moves,gold", [
    ([2, 11, 12], ["draw", "stop"], 3),     # 2 -> cart 2, 1 -> 3, stop
    ([2, 1], ["draw"], 0),                  # 2, then 0: collapse
    ([12], ["stop"], 3),                    # 3, stop
])
def test_tv_mining(draws, moves, gold):
    """PC-TV-MINING, PC-DEV-MINING-01, PC-DEV-MINING-04, PC-DEV-MINING-05, PC-DEV-MINING-06,
    PC-DEV-MINING-07, PC-DEV-MINING-08, PC-Q-06 (1): the three tribes may
    come from several mountain areas."""
    s = scenario({3: dict(tribes=2, mountain=True), 4: dict(tribes=2, mountain=True), 8: dict(tribes=1)},
                 adv=["mining"], draws=draws)
    play(s, "mine")
    assert codes(s) == ["pay:area=3", "pay:area=4"]
    play(s, "pay:area=3", "pay:area=3")
    assert s.emp.tribes[2:4] == [0, 1]
    play(s, *moves)
    assert s.emp.gold == gold and s.stack == [Dev()]


def test_mining_empty_first_card_keeps_going():
    """PC-Q-06 (2), PC-R-MINING-FIRST."""
    s = scenario({3: dict(tribes=4, mountain=True)}, adv=["mining"], draws=[1, 12])
    play(s, "mine")
    assert codes(s) == ["draw", "stop"]
    play(s, "draw", "stop")
    assert s.emp.gold == 3


def test_surveying_shows_the_discards():
    """PC-DEV-MINING-02, PC-DEV-MINING-03, PC-R-SURVEY: the discard pile is in the view only with
    Surveying."""
    s = scenario({3: dict(tribes=4, mountain=True)}, adv=["mining"], draws=[1, 2])
    s.discard.append(s.deck.pop(0))
    s.discard.append(s.deck.pop(0))
    assert s.view(0)["discard"] is None and s.view(0)["discard_size"] == 2
    s.emp.adv |= 1 << ADV_INDEX["surveying"]
    assert len(s.view(0)["discard"]) == 2


@pytest.mark.parametrize("adv,force,gold", [
    ((), 7, 4), (["magnetics"], 7, 5), (["cavalry"], 7, 11), (["cavalry", "magnetics"], 7, 12), ((), 2, 0)])
def test_tv_expedition(adv, force, gold):
    """PC-TV-EXPEDITION, PC-DEV-EXP-03, PC-DEV-EXP-07, PC-DEV-EXP-08, PC-Q-08 (1)/(3): blue hexagon 3 (the
    last case: 5)."""
    bits = sum(1 << ADV_INDEX[a] for a in adv)
    blue = 5 if force == 2 else 3
    assert expedition_gold(bits, force, 0, 9, blue) == gold


def test_expedition_from_the_frontier():
    """PC-DEV-EXP-01, PC-DEV-EXP-02, PC-DEV-EXP-04: tribes of a Frontier area leave one by one; one card
    (card 4,
    hexagon 7) decides the gold; the tribes never come back."""
    s = scenario({1: dict(tribes=12), 3: dict(tribes=1)}, draws=[4])
    assert "exp:area=3,by=land" not in codes(s)
    play(s, "exp:area=1,by=land", *["exp:add"] * 9, "go")
    assert s.emp.gold == 3 and s.emp.tribes[0] == 2 and len(s.discard) == 1


def test_sea_expedition():
    """PC-DEV-EXP-05, PC-DEV-EXP-06, PC-DEV-EXP-09, PC-Q-07 (a), PC-R-NAV-SQUARE: with Navigation from a
    coastal area;
    the loss is the green square (card 4: 6); Sails and Rigging doubles."""
    s = scenario({5: dict(tribes=9)}, draws=[4])
    assert "exp:area=5,by=sea" not in codes(s)
    for adv, gold in ((["navigation"], 2), (["navigation", "sails_and_rigging"], 10)):
        s = scenario({5: dict(tribes=9)}, adv=adv, draws=[4])
        play(s, "exp:area=5,by=sea", *["exp:add"] * 7, "go")
        assert s.emp.gold == gold


def test_no_expedition_from_the_great_wall():
    """PC-R-WALL (expeditions)."""
    s = scenario({1: dict(tribes=5, wonders=["great_wall"])})
    assert "exp:area=1,by=land" not in codes(s)


def test_a_free_advance_is_called_free_not_priced_at_nothing():
    """An advance costing neither tribes nor gold reads „ingyenes”/„free”, never „ára 0 törzs”;
    a priced one keeps its price, with „1 tribe” in the singular."""
    free = [i for i, n in enumerate(render.ADV_TRIBES) if n == 0 and not render.ADV_GOLD[i]]
    assert free
    for i in range(len(render.ADV_TRIBES)):
        hu, en = render._advance_text(i, "hu"), render._advance_text(i, "en")
        assert "ára 0" not in hu and "cost 0" not in en and "1 tribes" not in en
        assert ("— ingyenes;" in hu and "— free;" in en) == (i in free)
