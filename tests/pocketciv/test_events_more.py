"""The events after Earthquake (English v2 rules, our IDs in docs/rules/pocketciv.md):
Attack, Civil War, Corruption, Epidemic, Famine, Sandstorm, Tribal War, Uprising,
Visitation and Trade, Volcano."""

from asztal.games.pocketciv.events import attack
from asztal.games.pocketciv.frames import Dev, Trade
from tests.pocketciv.scenario import codes, play, scenario, start_event


def _attack(areas, force, adv=(), gold=0, at=3, draws=()):
    s = scenario(areas, adv=adv, gold=gold, draws=draws)
    s.stack.append(attack.start(at - 1, force))
    s.run()
    return s


def test_attack_tribes_then_city_then_onwards():
    """PC-EVT-ATTACK-02, PC-EVT-ATTACK-03, PC-EVT-ATTACK-04, PC-R-ATTACK-WASTE, PC-R-ATTACK-EMPTY."""
    s = _attack({3: dict(tribes=3, city=2), 1: dict(tribes=1), 2: dict(tribes=4)}, 3 + 10 + 2, gold=5)
    assert s.emp.tribes[2] == 0 and s.emp.cav[2] == 0 and s.emp.gold == 1  # 2 gold per CAV
    assert s.emp.tribes[0] == 0 and s.emp.tribes[1] == 3  # then area 1 (fewest tribes), then area 2


def test_attack_remainder_too_small_is_lost():
    s = _attack({3: dict(tribes=3, city=2)}, 3 + 4)
    assert s.emp.tribes[2] == 0 and s.emp.cav[2] == 2
    s = _attack({3: dict(tribes=5)}, 3, adv=("military",))
    assert s.emp.tribes[2] == 4  # each tribe absorbs 2; the odd 1 is wasted
    s = _attack({3: dict(tribes=5)}, 9, adv=("military", "metal_working"))
    assert s.emp.tribes[2] == 2
    s = _attack({3: dict(tribes=1, city=2)}, 1 + 8, adv=("architecture",))
    assert s.emp.cav[2] == 1


def test_attack_ties_are_the_players_choice_and_ministry():
    """PC-EVT-ATTACK-01 (Ministry: card 2's square 4 off the force, 4 gold),
    PC-EVT-ATTACK-04 (a tie in tribes and CAV: the player picks), PC-EVT-ATTACK-05."""
    s = _attack({3: dict(tribes=1), 1: dict(tribes=2), 2: dict(tribes=2), 4: dict(tribes=5)}, 1 + 4 + 1,
                adv=("ministry",), draws=[2])
    assert s.emp.gold == 4 and s.emp.tribes[2] == 0 and codes(s) == ["pick:area=1", "pick:area=2"]
    play(s, "pick:area=2")
    assert s.emp.tribes[1] == 1 and s.emp.tribes[0] == 2
    s = _attack({3: dict(tribes=4)}, 5, adv=("equestrian",))
    assert s.emp.tribes[2] == 1  # PC-R-ATTACK-EQUESTRIAN: loses 2 entering the first area, 3 left


def test_civil_war():
    """PC-EVT-CIVILWAR-01, PC-EVT-CIVILWAR-02, PC-EVT-CIVILWAR-03, PC-EVT-CIVILWAR-04, PC-EVT-CIVILWAR-05,
    PC-EVT-CIVILWAR-06, PC-EVT-CIVILWAR-10: card 6 era 4; area 3 (card 3); card 1's hexagon (6)."""
    s = scenario({3: dict(city=3, tribes=4), 5: dict(city=3), 8: dict(city=3, tribes=1)}, era=4, draws=[3, 1])
    start_event(s, card=6)
    s.run()
    assert s.emp.cav[2] == 1 and s.emp.cav[4] == 1 and s.emp.cav[7] == 3
    assert s.emp.tribes[2] == 0 and s.emp.tribes[7] == 1
    s = scenario({3: dict(city=3, tribes=4), 5: dict(city=3, tribes=1), 8: dict(tribes=1)}, era=4, draws=[3, 1],
                 adv=("military", "mythology"))
    start_event(s, card=6)
    s.run()
    assert s.emp.cav[2] == 0 and s.emp.cav[4] == 0  # both lose 3


def test_civil_war_protection():
    """PC-EVT-CIVILWAR-05, PC-EVT-CIVILWAR-07, PC-EVT-CIVILWAR-08, PC-EVT-CIVILWAR-09, PC-EVT-CIVILWAR-10,
    PC-R-CIVILWAR-HALF, PC-R-CIVILWAR-AFFECTED."""
    s = scenario({3: dict(city=3, tribes=20), 8: dict(tribes=1)}, era=4, draws=[3, 1],
                 adv=("architecture", "law", "arts", "theater", "meditation", "medicine"))
    start_event(s, card=6)
    s.run()
    # CAV 3 - 1; collateral = green 7 - 2 - 2 = 3, halved = 1; Medicine +1 in 3 and neighbours
    assert s.emp.cav[2] == 2 and s.emp.tribes[2] == 20 and s.emp.tribes[0] == 1 and s.emp.tribes[7] == 1
    s = scenario({3: dict(city=1, tribes=9), 8: dict(tribes=1)}, era=4, draws=[3, 1], adv=("civil_service",))
    start_event(s, card=6)
    s.run()
    assert s.emp.cav[2] == 1 and s.emp.tribes[2] == 3


def test_corruption():
    """PC-EVT-CORRUPTION-01, PC-EVT-CORRUPTION-02, PC-EVT-CORRUPTION-03, PC-EVT-CORRUPTION-04,
    PC-EVT-CORRUPTION-05, PC-EVT-CORRUPTION-06: card 2 era 3 counts the red circle (card 5: 5)."""
    s = scenario({3: dict(city=3), 4: dict(city=3), 8: dict(tribes=1)}, era=3, draws=[5], gold=4)
    start_event(s, card=2)
    s.run()
    assert codes(s) == ["cav:area=3", "cav:area=4"]
    play(s, "cav:area=3", "cav:area=3", "cav:area=3")  # the last 2 fall on the only city left
    assert s.emp.cav[2:4] == [0, 1] and s.emp.gold == 0
    s = scenario({3: dict(city=4), 8: dict(tribes=1)}, era=3, draws=[5], gold=4, adv=("government", "literacy", "law"))
    start_event(s, card=2)
    s.run()
    assert s.emp.cav[2] == 0 and s.emp.gold == 4  # (5 + 3) // 2 = 4; Law keeps the gold


def test_epidemic():
    """PC-EVT-EPIDEMIC-01, PC-EVT-EPIDEMIC-02, PC-EVT-EPIDEMIC-03, PC-EVT-EPIDEMIC-04: card 1 era 2
    (hexagon); area 3 (card 3); loss = card 2's 7;
    area 3 empties first, then the player picks where it spreads; never below 2 tribes."""
    s = scenario({3: dict(tribes=3), 1: dict(tribes=3), 2: dict(tribes=3), 7: dict(tribes=2)}, era=2, draws=[3, 2])
    start_event(s, card=1)
    s.run()
    assert s.emp.tribes[2] == 0 and codes(s) == ["pick:area=1", "pick:area=2"]
    play(s, "pick:area=1")
    assert s.emp.tribes[:2] == [0, 2] and s.emp.tribes[6] == 2  # 3 + 3 + 1; area 7 is cut off
    s = scenario({3: dict(tribes=3), 1: dict(tribes=1)}, era=2, draws=[3, 2])
    start_event(s, card=1)
    s.run()
    assert sum(s.emp.tribes) == 2  # stops at two tribes


def test_epidemic_modifiers():
    """PC-EVT-EPIDEMIC-05, PC-EVT-EPIDEMIC-06, PC-EVT-EPIDEMIC-07: Medicine halves; Road Building passes
    empty areas and
    costs a city that loses all its tribes 2 CAV."""
    s = scenario({3: dict(tribes=9), 8: dict(tribes=5)}, era=2, draws=[3, 2], adv=("medicine",))
    start_event(s, card=1)
    s.run()
    assert s.emp.tribes[2] == 6
    s = scenario({3: dict(tribes=3, city=3), 6: dict(tribes=9)}, era=2, draws=[3, 2], adv=("roadbuilding",))
    start_event(s, card=1)
    s.run()
    assert s.emp.cav[2] == 1 and s.emp.tribes[5] == 5  # jumped over empty 4/5 into 6
    s = scenario({3: dict(tribes=3, city=3), 6: dict(tribes=9)}, era=2, draws=[3, 2], adv=("equestrian",))
    start_event(s, card=1)
    s.run()
    assert s.emp.cav[2] == 3 and s.emp.tribes[2] == 0 and s.emp.tribes[5] == 5  # Equestrian passes too, no CAV lost
    s = scenario({3: dict(tribes=3, city=3), 6: dict(tribes=9)}, era=2, draws=[3, 2])
    start_event(s, card=1)
    s.run()
    assert s.emp.cav[2] == 3 and s.emp.tribes[2] == 0 and s.emp.tribes[5] == 9  # empty areas stop it (-03)


def test_famine():
    """PC-EVT-FAMINE-01, PC-EVT-FAMINE-02, PC-EVT-FAMINE-03: card 10 era 1; area 3."""
    s = scenario({3: dict(tribes=4, city=3, farm=True), 8: dict(tribes=1)}, draws=[3])
    start_event(s, card=10, era=1)
    s.run()
    assert (s.emp.tribes[2], s.farm[2], s.emp.cav[2]) == (0, 0, 1)
    s = scenario({3: dict(tribes=4, city=3, farm=True), 8: dict(tribes=1)}, draws=[3], adv=("irrigation",))
    start_event(s, card=10, era=1)
    s.run()
    assert (s.emp.tribes[2], s.farm[2], s.emp.cav[2]) == (0, 1, 2)


def test_sandstorm():
    """PC-EVT-SANDSTORM-01, PC-EVT-SANDSTORM-02, PC-EVT-SANDSTORM-03, PC-EVT-SANDSTORM-04: card 8 era 1."""
    s = scenario({3: dict(tribes=1, farm=True, forest=True)}, draws=[3])
    start_event(s, card=8, era=1)
    s.run()
    assert (s.farm[2], s.forest[2], s.desert[2]) == (0, 0, 1)
    s = scenario({8: dict(tribes=1, desert=True), 6: dict(farm=True, forest=True), 7: dict(farm=True)},
                 draws=[8], adv=("irrigation",))
    start_event(s, card=8, era=1)
    s.run()
    assert s.desert[5] == 1 and s.desert[6] == 1 and s.forest[5] == 0 and s.farm[5] == 1


def test_tribal_war():
    """PC-EVT-TRIBALWAR-01, PC-EVT-TRIBALWAR-02, PC-EVT-TRIBALWAR-03, PC-EVT-TRIBALWAR-04,
    PC-EVT-TRIBALWAR-05: card 1 era 1; area 3 with 2 tribes: 4 warriors."""
    s = scenario({3: dict(tribes=2), 1: dict(tribes=5), 2: dict(tribes=5), 4: dict(tribes=5)}, draws=[3])
    start_event(s, card=1, era=1)
    s.run()
    assert codes(s) == ["pick:area=1", "pick:area=2", "pick:area=4"]
    play(s, "pick:area=1", "pick:area=4")
    assert s.emp.tribes[:4] == [1, 5, 0, 1]
    s = scenario({3: dict(tribes=2), 1: dict(tribes=5), 2: dict(tribes=5)}, draws=[3],
                 adv=("music", "sense_of_community"))
    start_event(s, card=1, era=1)
    s.run()
    play(s, "pick:area=2")
    assert s.emp.tribes[:3] == [5, 3, 1]
    s = scenario({3: dict(tribes=2), 1: dict(tribes=5)}, draws=[3], adv=("government",))
    start_event(s, card=1, era=1)
    s.run()
    assert s.emp.tribes[:3] == [5, 0, 2] and len(s.discard) == 1


def test_uprising():
    """PC-EVT-UPRISING-01, PC-EVT-UPRISING-02, PC-EVT-UPRISING-03, PC-EVT-UPRISING-04, PC-EVT-UPRISING-05,
    PC-EVT-UPRISING-06, PC-EVT-UPRISING-07: card 1 era 4; area 3."""
    s = scenario({3: dict(tribes=4, city=3, farm=True), 8: dict(tribes=1, farm=True)}, era=4, draws=[3])
    start_event(s, card=1)
    s.run()
    assert (s.emp.tribes[2], s.emp.cav[2], s.farm[2], s.farm[7]) == (0, 1, 0, 1)
    for adv, cav in ((("law",), 2), (("machining",), 0), (("law", "machining"), 1)):
        s = scenario({3: dict(tribes=4, city=3), 8: dict(tribes=1)}, era=4, draws=[3], adv=adv)
        start_event(s, card=1)
        s.run()
        assert s.emp.cav[2] == cav, adv
    s = scenario({3: dict(tribes=4, city=3), 1: dict(city=2, tribes=3, farm=True), 2: dict(city=2, tribes=3),
                  8: dict(tribes=1, farm=True)}, era=4, draws=[3],
                 adv=("organized_religion", "slave_labor", "military"))
    start_event(s, card=1)
    s.run()
    assert s.emp.tribes[2] == 2 and s.farm[7] == 0 and s.farm[0] == 1  # -06: only areas without a city
    assert codes(s) == ["pick:area=1", "pick:area=2"]
    play(s, "pick:area=2")
    e = s.emp
    assert e.cav[1] == 1 and e.tribes[1] == 1 and (e.cav[0], e.tribes[0]) == (2, 3)  # -07: one city only
    assert s.stack == [Dev()]


def test_visitation_trade_on_a_handshake():
    """PC-EVT-VISIT-03, PC-EVT-TRADE-01, PC-R-TRADE-GOLD: card 12 era 1 (Gilda); card 1 shows
    a handshake: trade; card 5 gives its red circle (5) in gold."""
    s = scenario({3: dict(tribes=2)}, draws=[1, 5])
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.gold == 5 and s.stack == [Dev()]


def test_visitation_plunder():
    """PC-EVT-VISIT-04: no handshake; the active area (card 6: area 6) borders the Sea; the
    force is card 4's hexagon (7): an attack."""
    s = scenario({6: dict(tribes=9)}, draws=[2, 6, 4])
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.tribes[5] == 2
    s = scenario({3: dict(tribes=9)}, draws=[2, 3])  # inland area 3: nothing happens
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.tribes[2] == 9 and s.stack == [Dev()]


def test_great_wall_stops_the_visitors():
    """PC-EVT-VISIT-05, PC-R-WALL."""
    s = scenario({6: dict(tribes=9, wonders=["great_wall"])}, draws=[2, 6, 4])
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.tribes[5] == 9


def test_partners_and_diplomacy():
    """PC-EVT-VISIT-01, PC-EVT-VISIT-02, PC-R-DIPLOMACY: an offer of at least the red circle (card 2: 2)
    makes Gilda a partner; then every Gilda visit is a trade."""
    s = scenario({3: dict(tribes=5)}, gold=1, draws=[2, 5], adv=("diplomacy",))
    start_event(s, card=12, era=1)
    s.run()
    assert codes(s) == ["offer:area=3", "offer:gold", "stop"]
    play(s, "offer:area=3", "offer:gold", "draw")
    assert s.emp.partners == 2 and s.emp.gold == 5 and s.emp.tribes[2] == 4
    s = scenario({3: dict(tribes=5)}, draws=[5], partners=2)
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.gold == 5


def test_philosophy_second_look():
    s = scenario({3: dict(tribes=5)}, draws=[2, 1, 5], adv=("philosophy",))
    start_event(s, card=12, era=1)
    s.run()
    assert codes(s) == ["draw", "stop"]
    play(s, "draw")
    assert s.emp.gold == 5


def test_shipping_and_stealing():
    """PC-EVT-TRADE-02, PC-EVT-TRADE-03, PC-EVT-TRADE-04, PC-R-STEAL-HALF: Shipping adds the green square
    when the trade
    card shows a handshake; stealing: nuggets until a draw without any, then half is lost and
    the visitors attack."""
    s = scenario({3: dict(tribes=5)}, draws=[1, 5, 7], adv=("shipping",))
    start_event(s, card=12, era=1)
    s.run()
    assert s.emp.gold == 5 + 5  # card 5 (handshake): red 5, then card 7's square 5
    s = scenario({7: dict(tribes=20)}, draws=[1, 5, 13, 2, 6, 7, 3], adv=("culture_of_thievery",))
    start_event(s, card=12, era=1)
    s.run()
    play(s, "steal")
    assert s.stack[-1] == Trade(4, 3)
    play(s, "draw", "draw")
    assert s.emp.gold == 5 + 3  # stash 3 + 2 = 5, then card 6 has none: keep 5 - 2 = 3
    assert s.emp.tribes[6] == 20 - 13  # area 7 (card 7), force = card 3's square 5 + hexagon 8


def test_volcano():
    """PC-EVT-VOLCANO-01, PC-EVT-VOLCANO-02, PC-EVT-VOLCANO-03, PC-EVT-VOLCANO-04, PC-EVT-VOLCANO-05,
    PC-EVT-VOLCANO-06, PC-R-VOLCANO-TO1: card 2 era 1; area 3."""
    s = scenario({3: dict(tribes=4)}, draws=[3])
    start_event(s, card=2, era=1)
    s.run()
    assert s.mount[2] == 2 and s.emp.tribes[2] == 1
    s = scenario({3: dict(tribes=4, mountain=True, city=3, farm=True, wonders=["palace"])}, draws=[3],
                 adv=("medicine",))
    start_event(s, card=2, era=1)
    s.run()
    assert (s.mount[2], s.emp.cav[2], s.emp.tribes[2], s.farm[2], s.emp.wonders[2]) == (2, 1, 2, 0, ())
    s = scenario({3: dict(tribes=4, volcano=True, city=3, forest=True), 1: dict(tribes=3), 2: dict(tribes=1)},
                 draws=[3], adv=("engineering",))
    start_event(s, card=2, era=1)
    s.run()
    assert (s.emp.cav[2], s.emp.tribes[2], s.forest[2], s.desert[2]) == (1, 0, 0, 1)
    assert s.emp.tribes[:2] == [1, 0]


def test_active_and_affected_areas():
    """PC-CON-13, PC-CON-15: the eruption's active area and the neighbours that changed are
    affected (Medicine adds a tribe there); a neighbour where nothing changed is not."""
    s = scenario({3: dict(tribes=4, volcano=True), 1: dict(tribes=3), 2: dict(tribes=0), 8: dict(tribes=1)},
                 draws=[3], adv=("medicine",))
    start_event(s, card=2, era=1)
    s.run()
    assert s.emp.tribes[:5] == [2, 0, 1, 0, 0]  # 1: 3 - 2 + 1; 2, 4, 5 unaffected; 3 emptied, then +1
