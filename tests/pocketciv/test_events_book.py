"""Chapter 7, the events the Hungarian book explains: Anarchy, Flood/Tsunami,
Superstition, Bandits, Earthquake (with the book's modifiers and our rulings)."""

from asztal.games.pocketciv.data import BOX, symbol_sum
from asztal.games.pocketciv.events.anarchy import anarchy_step1
from asztal.games.pocketciv.events.bandits import reductions
from asztal.games.pocketciv.events.flood import tsunami_damage
from asztal.games.pocketciv.frames import Dev, Era, Wonders
from tests.pocketciv.scenario import area, codes, play, scenario, start_event

ALL = 255


def _anarchy(cav, tribes, adv=()):
    s = scenario({3: dict(city=cav, tribes=tribes)}, adv=adv, capital=3 if cav > 4 else None)
    anarchy_step1(s, ALL)
    return s.emp.cav[2], s.emp.tribes[2]


def test_tv_anarchy():
    """PC-TV-ANARCHY, PC-EVT-ANARCHY-01, PC-EVT-ANARCHY-02, PC-EVT-ANARCHY-03, PC-EVT-ANARCHY-04, PC-Q-17."""
    assert _anarchy(3, 8) == (1, 2)
    assert _anarchy(4, 9, ["literacy"]) == (2, 0)
    assert _anarchy(4, 9) == (1, 0)
    assert _anarchy(3, 3) == (3, 3)
    assert _anarchy(1, 6) == (0, 3)  # PC-R-ANARCHY-CAV1: the CAV-1 city is destroyed
    assert _anarchy(5, 7) == (3, 1)
    assert _anarchy(3, 8, ["law"]) == (3, 5)
    assert _anarchy(3, 8, ["law", "literacy"]) == (3, 5)


def test_anarchy_spares_areas_without_a_city():
    """PC-Q-17 (1)."""
    s = scenario({2: dict(tribes=9)})
    anarchy_step1(s, ALL)
    assert s.emp.tribes[1] == 9


def test_anarchy_card_with_organized_religion():
    """PC-EVT-ANARCHY-05, PC-Q-17 (5): exactly 4 areas chosen, city-less ones as blanks."""
    s = scenario({3: dict(city=2, tribes=6), 5: dict(city=2, tribes=6)}, adv=["organized_religion"], era=3)
    start_event(s, card=7)
    s.run()
    assert len(codes(s)) == 8
    play(s, "pick:area=3", "pick:area=1", "pick:area=2", "pick:area=4")
    assert s.emp.cav[2] == 1 and s.emp.cav[4] == 2 and s.emp.tribes[4] == 6


def test_anarchy_slave_labour_and_machining():
    """PC-EVT-ANARCHY-06 (PC-R-ANARCHY-EVERY-AREA: the red circle's number in every area, at
    most what each has), PC-EVT-ANARCHY-07, PC-EVT-ANARCHY-08 (Machining: 2 more CAV; not with
    Law). Card 7 era 3 is Anarchy; card 3's red circle is 3."""
    s = scenario({1: dict(tribes=5), 2: dict(tribes=2), 4: dict(city=2), 6: dict(city=2)},
                 adv=["slave_labor"], era=3, draws=[3])
    start_event(s, card=7)
    s.run()
    assert s.emp.tribes[:2] == [2, 0] and s.stack == [Dev()]
    s = scenario({4: dict(city=2), 6: dict(city=2)}, adv=["machining"], era=3)
    start_event(s, card=7)
    s.run()
    play(s, "cav:area=4", "cav:area=4")
    assert s.emp.cav[3] == 0 and s.emp.cav[5] == 2
    s = scenario({4: dict(city=2), 6: dict(city=2)}, adv=["machining", "law"], era=3)
    start_event(s, card=7)
    s.run()
    assert s.emp.cav[3] == 2 and s.emp.cav[5] == 2 and s.stack == [Dev()]


def test_tv_flood():
    """PC-TV-FLOOD, PC-EVT-FLOOD-01, PC-EVT-FLOOD-03, PC-EVT-FLOOD-04: card 6 (era 1) floods; the next
    card's red circle
    (card 3: 3) is the active area, inland."""
    s = scenario({3: dict(tribes=3, farm=True, city=2)}, draws=[3])
    start_event(s, card=6, era=1)
    s.run()
    assert (s.emp.tribes[2], s.farm[2], s.emp.cav[2], s.forest[2]) == (1, 0, 1, 1)
    s = scenario({3: dict(tribes=3, farm=True, city=2)}, draws=[3], adv=["irrigation"])
    start_event(s, card=6, era=1)
    s.run()
    assert (s.emp.tribes[2], s.farm[2], s.emp.cav[2], s.forest[2]) == (1, 1, 2, 1)


def test_flood_turns_into_tsunami_on_the_coast():
    """PC-EVT-FLOOD-02, PC-EVT-TSUNAMI-01, PC-EVT-TSUNAMI-02, PC-EVT-TSUNAMI-03,
    PC-R-TSUNAMI-ADJACENT (PC-Q-20 (1), rules version 4): card 6 era 1, the red circle of card 7
    names area 7 (coastal); card 2 gives the damage (its red circle, 2); the coastal neighbours
    5, 6, 8 of area 7 each take it in full; area 7 itself and inland 3 not."""
    s = scenario({7: dict(tribes=3), 5: dict(tribes=3), 6: dict(tribes=3), 8: dict(tribes=3),
                  3: dict(tribes=3)}, draws=[7, 2])
    start_event(s, card=6, era=1)
    s.run()
    assert s.emp.tribes == [0, 0, 3, 0, 1, 1, 3, 1]
    assert 6 in s.discard and 1 in s.discard and 5 in s.discard  # PC-EVT-02: the card goes last


def test_tv_tsunami():
    """PC-TV-TSUNAMI, PC-EVT-TSUNAMI-04, PC-EVT-TSUNAMI-05, PC-EVT-TSUNAMI-06, PC-EVT-TSUNAMI-07, PC-Q-20
    (2)."""
    def hit(damage, adv=()):
        s = scenario({5: dict(tribes=3, city=2, wonders=["monolith", "palace"])}, adv=adv)
        tsunami_damage(s, 4, damage)
        asked = s.stack[-1].left if type(s.stack[-1]) is Wonders else 0  # PC-R-WONDER-CHOICE: which is asked
        return s.emp.tribes[4], s.emp.cav[4], len(s.emp.wonders[4]) - asked
    assert hit(7) == (0, 0, 2)
    assert hit(10) == (0, 0, 1)
    assert hit(10, ["engineering"]) == (0, 0, 2)
    assert hit(10, ["civil_service"]) == (0, 2, 2)
    assert hit(4 + 9, ["civil_service"]) == (0, 2, 1)  # 4 left cannot pay a CAV (5): a wonder (3)


def test_tsunami_wonders_of_the_players_choice():
    """PC-R-WONDER-CHOICE, PC-R-MAY-AUDIT (issue 13; PC-R-WONDER-ORDER withdrawn), PC-EVT-TSUNAMI-07: the damage left
    destroys wonders "of your choice". Card 6 era 1 floods coastal area 5 (card 5): the tsunami
    strikes its coastal neighbour 6, damage 6 (card 14's red circle): two of palace, monolith and
    amphitheater go, 3 damage each; the player keeps the monolith (8 VP), which the engine used
    to destroy first."""
    s = scenario({6: dict(wonders=["palace", "monolith", "amphitheater"]), 1: dict(tribes=2)}, draws=[5, 14])
    start_event(s, card=6, era=1)
    s.run()
    assert codes(s) == ["lose_wonder:id=amphitheater", "lose_wonder:id=monolith", "lose_wonder:id=palace"]
    play(s, "lose_wonder:id=palace")
    assert codes(s) == ["lose_wonder:id=amphitheater", "lose_wonder:id=monolith"]
    play(s, "lose_wonder:id=amphitheater")
    assert area(s, 6)["wonders"] == ["monolith"] and s.stack == [Dev()]


def test_wonders_lost_without_a_choice():
    """PC-R-WONDER-CHOICE: nothing is asked when every wonder there goes or all are alike (the
    tsunami from area 5 strikes its coastal neighbour 6, PC-R-TSUNAMI-ADJACENT)."""
    s = scenario({6: dict(wonders=["palace", "palace", "monolith"]), 1: dict(tribes=2)}, draws=[5, 9])
    start_event(s, card=6, era=1)
    s.run()  # damage 1 (card 9): no wonder lost
    assert s.stack == [Dev()] and len(s.emp.wonders[5]) == 3
    s = scenario({6: dict(wonders=["palace", "palace", "monolith"]), 1: dict(tribes=2)}, draws=[5, 16])
    start_event(s, card=6, era=1)
    s.run()  # damage 8 (card 16): two of three, a choice
    assert codes(s) == ["lose_wonder:id=monolith", "lose_wonder:id=palace"]
    play(s, "lose_wonder:id=monolith")
    assert s.stack == [Dev()] and area(s, 6)["wonders"] == ["palace"]  # two palaces, one goes: no choice


def test_tsunami_medicine():
    """PC-EVT-TSUNAMI-08, PC-Q-20 (3): +2 tribes in every hit area, even where nothing died; the
    active area 7 is not hit (PC-R-TSUNAMI-ADJACENT), so it gets none."""
    s = scenario({7: dict(tribes=3), 8: dict(tribes=3)}, draws=[7, 2], adv=["medicine"])
    start_event(s, card=6, era=1)
    s.run()
    assert s.emp.tribes == [0, 0, 0, 0, 2, 2, 3, 3]


def test_the_tsunami_strikes_the_coastal_neighbours_not_the_active_area():
    """PC-R-TSUNAMI-ADJACENT (PC-Q-20 (1) revised, rules version 4), PC-EVT-TSUNAMI-02, p. 20:
    „Az aktív területtel szomszédos összes tengerparti területet érinti a cunami.” Card 6 era 1
    floods area 5 (card 5, coastal: a Tsunami); card 2's red circle (2) is the damage. Area 5's
    city and tribes stand; its coastal neighbours 6 and 7 lose 2 tribes; its inland neighbours
    3 and 4 nothing. (Rules version 3 struck area 5 too: its tribes would be 1.)"""
    s = scenario({5: dict(tribes=3, city=1), 3: dict(tribes=3), 4: dict(tribes=3), 6: dict(tribes=3),
                  7: dict(tribes=3)}, draws=[5, 2])
    start_event(s, card=6, era=1)
    s.run()
    assert s.emp.tribes == [0, 0, 3, 3, 3, 1, 1, 0] and s.emp.cav[4] == 1
    assert s.stack == [Dev()]


def test_anarchy_with_slave_labour_strikes_every_area():
    """PC-R-ANARCHY-EVERY-AREA (PC-Q-18 (a), rules version 4), PC-EVT-ANARCHY-06, p. 19: „Ha
    Rabszolgatartás (-) van, egy új lapot kell húzni; azon vörös körbe foglalt értéknek
    megfelelően a törzsek minden területen további veszteségeket szenvednek.” Card 7 era 3
    (Anarchy), card 3's red circle is 3: each of the four areas with tribes loses 3 (an area
    with fewer loses what it has); rules version 3 took 3 in total, spread by the player."""
    s = scenario({1: dict(tribes=4), 2: dict(tribes=3), 3: dict(tribes=7), 5: dict(tribes=1), 4: dict(city=2)},
                 adv=["slave_labor"], era=3, draws=[3])
    start_event(s, card=7)
    s.run()
    assert s.emp.tribes == [1, 0, 4, 0, 0, 0, 0, 0] and s.emp.cav[3] == 2
    assert s.stack == [Dev()] and 2 in s.discard


def test_superstition():
    """PC-EVT-SUPERST-01, PC-EVT-SUPERST-02, PC-EVT-03: card 4 era 4 counts the next card's red circle."""
    s = scenario(era=4, draws=[3, 1, 2, 5, 7])
    start_event(s, card=4)
    s.run()
    assert [c + 1 for c in s.discard] == [3, 1, 2, 5, 4]


def test_superstition_astronomy_only_with_green_square():
    """PC-EVT-SUPERST-04, PC-Q-31 (1), PC-R-ASTRONOMY-SUPERST: +2 only when the box counts the
    green square (card 13, era 8) - not on card 4 (red circle)."""
    s = scenario(era=4, draws=[1, 2], adv=["astronomy"])
    start_event(s, card=4)
    s.run()
    assert len(s.discard) == 3
    s = scenario(era=8, draws=[2, 3, 4, 5, 6, 7, 8], adv=["astronomy"])
    start_event(s, card=13)
    s.run()
    assert len(s.discard) == 1 + 4 + 2 + 1  # green square of card 2 is 4, +2


def test_superstition_runs_through_an_era_change():
    """PC-EVT-SUPERST-03, PC-ERA-11, PC-DECK-03, PC-DECK-04, PC-Q-03: the deck runs out in the middle;
    the era changes, the deck is reshuffled, three burnt, and the discarding goes on."""
    s = scenario(era=4, draws=[8])
    start_event(s, card=4)
    s.deck = s.deck[-3:]  # only cards 8 + two more left
    for c in range(16):
        if c not in s.deck and c not in s.aside:
            s.discard.append(c)
    s.run()
    assert type(s.stack[-1]) is Era and s.stack[-1].step == 1 and s.era == 5
    play(s, "era:continue")
    assert s.stack == [Dev()]
    # 8 had to go: 1 before the change, 1 drawn as the deck's last (its use, being discarded, is
    # over at the draw, so it is shuffled into the new deck: PC-R-ERA-AT-ONCE, rules version 3),
    # 6 after; only the Superstition card itself stays out of the reshuffle
    assert len(s.deck) == 16 - 1 - 3 - 6
    s.check_invariants()


def test_meditation_may_stop_superstition():
    """PC-EVT-SUPERST-05, PC-Q-31 (2)."""
    s = scenario(era=4, draws=[8], adv=["meditation"])
    start_event(s, card=4)
    s.deck = s.deck[-2:]
    for c in range(16):
        if c not in s.deck and c not in s.aside:
            s.discard.append(c)
    s.run()
    assert codes(s) == ["draw", "stop"]
    play(s, "stop")
    assert s.stack == [Dev()] and len(s.deck) == 1 and s.era == 4


def test_bandits_need_a_desert():
    """PC-EVT-BANDITS-01, PC-EVT-BANDITS-02: card 3 era 2; active area from the next red circle."""
    s = scenario({2: dict(tribes=5)}, era=2, draws=[2])
    start_event(s, card=3)
    s.run()
    assert s.emp.tribes[1] == 5 and s.stack == [Dev()]


def test_bandits_attack():
    """PC-EVT-BANDITS-03, PC-EVT-BANDITS-04, PC-EVT-03, PC-Q-19: card 3 era 2 (blue + green); area 7 (card 7)
    borders desert 8; the force is card 1's hexagon + square = 6 + 7 = 13."""
    s = scenario({7: dict(tribes=20), 8: dict(desert=True)}, era=2, draws=[7, 1])
    start_event(s, card=3)
    s.run()
    assert s.emp.tribes[6] == 7
    assert symbol_sum(BOX[2][2], 0) == 13


def test_bandit_force_modifiers():
    """PC-EVT-BANDITS-05, PC-EVT-BANDITS-06, PC-EVT-BANDITS-07, PC-EVT-BANDITS-08, PC-R-BANDITS-CHOICE: one
    blue hexagon (of card 1: 6) less with Law, less with Democracy (each if the player so chooses),
    more with Equestrian, more with Slave Labour. Bandits never trade (PC-EVT-BANDITS-09): the
    attack ignores handshakes and partners."""
    for adv, cut, left in ((["law"], 1, 13), (["democracy"], 1, 13), (["law", "democracy"], 2, 19),
                           (["law", "democracy"], 1, 13), (["law"], 0, 7),
                           (["slave_labor"], None, 1), (["equestrian"], None, 3)):
        s = scenario({7: dict(tribes=20), 8: dict(desert=True)}, era=2, draws=[7, 1], adv=adv, partners=15)
        start_event(s, card=3)
        s.run()
        if cut is not None:
            assert codes(s) == [f"reduce:n={k}" for k in range(len(adv) + 1)]
            play(s, f"reduce:n={cut}")
        assert s.emp.tribes[6] == left, adv
        assert s.emp.gold == 0


def test_bandits_law_is_a_choice_with_ministry():
    """PC-R-BANDITS-CHOICE (issue 13; PC-R-BANDITS-MAY withdrawn), PC-EVT-BANDITS-05, PC-EVT-ATTACK-01:
    Law "may" reduce the force ("csökkenteni lehet"). Force 12 (card 16: hexagon 6 + square 6),
    Law -6, a Ministry card with green square 7 (card 1), 8 tribes in area 7: applying Law gives
    +6 gold and keeps 8 tribes; declining gives +7 gold and keeps 3."""
    for code, gold, tribes in (("reduce:n=1", 6, 8), ("reduce:n=0", 7, 3)):
        s = scenario({7: dict(tribes=8), 8: dict(desert=True)}, era=2, draws=[7, 16, 1], adv=["law", "ministry"])
        start_event(s, card=3)
        s.run()
        assert codes(s) == ["reduce:n=0", "reduce:n=1"]
        play(s, code)
        assert s.stack == [Dev()] and s.emp.gold == gold and s.emp.tribes[6] == tribes, code


def test_bandits_offer_no_reduction_past_a_spent_force():
    """PC-R-BANDITS-CHOICE: once a reduction leaves no force, a further one would end the same (no
    attack) and is not offered; without Law and Democracy nothing is asked."""
    s = scenario(adv=["law", "democracy"])
    assert reductions(s, 12, 6) == 2 and reductions(s, 6, 6) == 1 and reductions(s, 0, 6) == 0
    assert reductions(scenario(adv=["law"]), 12, 6) == 1 and reductions(scenario(), 12, 6) == 0


def test_tv_quake():
    """PC-TV-QUAKE, PC-EVT-QUAKE-01, PC-EVT-QUAKE-02, PC-EVT-QUAKE-03, PC-EVT-QUAKE-04, PC-EVT-QUAKE-07,
    PC-Q-22 (step 1; card 4 era 1; area 3)."""
    s = scenario({3: dict(city=2, tribes=5)}, draws=[3, 1])
    start_event(s, card=4, era=1)
    s.run()
    assert s.fault[2] == 1 and s.emp.cav[2] == 1
    assert s.emp.tribes[2] == 4 - 1  # 5 - 1 in step 1, then step 2 loses card 1's red circle (1)


def test_quake_on_a_fault():
    """PC-EVT-QUAKE-04, PC-Q-22: CAV -3, tribes -4, wonders gone, faults in two neighbours
    of the player's choice; Engineering keeps the city at 1 but not the wonder."""
    for adv, cav in (((), 0), (["engineering"], 1)):
        s = scenario({3: dict(city=2, tribes=5, fault=True, wonders=["monolith"])}, draws=[3, 16], adv=adv)
        start_event(s, card=4, era=1)
        s.run()
        assert s.emp.cav[2] == cav and s.emp.wonders[2] == ()
        assert codes(s) == ["pick:area=1", "pick:area=2", "pick:area=4", "pick:area=5"]
        play(s, "pick:area=1")
        assert codes(s) == ["pick:area=2", "pick:area=4", "pick:area=5"]
        play(s, "pick:area=5")
        assert s.fault[0] == 1 and s.fault[4] == 1 and s.fault[1] == 0


def test_quake_new_faults_only_where_none_is():
    """PC-Q-22 (1) amended, ruling PC-R-QUAKE-NEW-FAULTS (issue 13): "a játékos választása szerinti két
    szomszédos területen 1-1 további szakadék keletkezik": a fault arises, so the player picks
    among neighbours without one. Area 3 (neighbours 1, 2, 4, 5) is struck again; 1 and 2 are
    already faulted, so 4 and 5 get the new faults with nothing to choose; with only 5 left
    unfaulted, one new fault arises."""
    s = scenario({3: dict(city=2, tribes=5, fault=True), 1: dict(fault=True), 2: dict(fault=True)},
                 draws=[3, 16])
    start_event(s, card=4, era=1)
    s.run()
    assert [area(s, n)["fault"] for n in (1, 2, 3, 4, 5)] == [True] * 5
    s = scenario({3: dict(city=2, tribes=9, fault=True), 1: dict(fault=True), 2: dict(fault=True),
                  4: dict(fault=True), 8: dict(tribes=2)}, draws=[3, 16])
    start_event(s, card=4, era=1)
    s.run()
    assert area(s, 5)["fault"] and not area(s, 6)["fault"] and s.stack == [Dev()]


def test_quake_population_loss_always_and_medicine():
    """PC-EVT-QUAKE-05, PC-EVT-QUAKE-06, PC-EVT-QUAKE-08, PC-R-QUAKE-STEP2, PC-Q-21: card 4 era 1 counts
    the red circle;
    card 5 -> loss 5, spread by the player over area 3 and its neighbours; Medicine: +2 where
    tribes died. PC-EVT-01: step 1 (one tribe, the fault) comes strictly before step 2."""
    s = scenario({3: dict(tribes=4), 1: dict(tribes=3), 8: dict(tribes=3)}, draws=[3, 5])
    start_event(s, card=4, era=1)
    s.run()
    assert s.emp.tribes[2] == 3 and codes(s) == ["lose:area=1", "lose:area=3"]
    play(s, "lose:area=1", "lose:area=1", "lose:area=3", "lose:area=3", "lose:area=3")
    assert s.emp.tribes[:3] == [1, 0, 0] and s.emp.tribes[7] == 3
    s = scenario({3: dict(tribes=4), 1: dict(tribes=1), 8: dict(tribes=1)}, draws=[3, 5], adv=["medicine"])
    start_event(s, card=4, era=1)
    s.run()
    assert s.emp.tribes[:3] == [2, 0, 2]  # all 4 died (loss 5 > 4 left), then +2 in both
    assert area(s, 3)["fault"]
