"""Chapter 6, the multiplayer mode (PC-MP-*), with rulings PC-Q-25..PC-Q-28 and PC-R-MP-*."""

import json
import random

import pytest

from asztal import games
from asztal.engine import BadOptions
from asztal.games.pocketciv.data import ADV_INDEX, ADV_VP, BOX, NCARDS, WONDER_INDEX, WONDER_VP
from asztal.games.pocketciv.empire import Empire
from asztal.games.pocketciv.frames import Alloc, Dev, Move, Mp, MpEv, MpSetup, Upkeep
from asztal.games.pocketciv.mp import _losses, tribe_upkeep_mp
from tests.pocketciv.policy import choose
from tests.pocketciv.scenario import GAME


def mp(players=2, seed=1, totem=0, era=1, draws=()):
    """A multiplayer position after setup: empty Empires, bare terrain, the given draws on
    top of the deck (card numbers in draw order), no pending step yet."""
    s = GAME.new_game(players, seed=seed)
    s.store()
    n = s.board.n
    s.seats = [Empire.empty(n) for _ in range(players)]
    for name in ("forest", "mount", "farm", "desert", "fault"):
        setattr(s, name, [0] * n)
    s.totem, s.era, s.started, s.log = totem, era, True, []
    rest = [c for c in range(NCARDS) if c + 1 not in draws]
    s.deck = rest + [c - 1 for c in reversed(draws)]
    s.discard, s.aside = [], []
    return s


def go(s, *stack):
    s.stack = list(stack)
    s.run()
    s.check_invariants()


def areas_of(s, number):
    return s.board.by_number[number]


def codes(s):
    return [a.code for a in s.legal_actions()]


def event(s, card, draws_after):
    """Phase II with ``card`` as the event card, then ``draws_after``."""
    s.deck = [c for c in s.deck if c + 1 not in (card, *draws_after)]
    s.deck += [c - 1 for c in reversed((card, *draws_after))]
    go(s, Mp(3, 0), MpEv(6, -1, s.era, 1))


# -- the map (PC-MP-MAP-*, PC-Q-25, PC-R-MP-MAP34) ----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_larger_map_numbers_each_used_per_player(players):
    """PC-MP-MAP-01: 16 areas plus the Frontier and the Sea for two players (8 per player
    with more, ruling PC-R-MP-MAP34). PC-MP-MAP-02: numbers 1-8, each once per player, at
    random. PC-MP-MAP-03: a red circle designates that many areas. PC-Q-25: 5 mountains and
    5 forests per player, the Frontier bordering 4-5 areas per player, deserts as in solo."""
    layouts = set()
    for seed in range(8):
        s = GAME.new_game(players, seed=seed)
        b = s.board
        n = 8 * players
        assert b.n == n and len(s.emp.tribes) == n
        assert sorted(b.number) == sorted(list(range(1, 9)) * players)
        assert all(len(b.by_number[k]) == players for k in range(1, 9))
        layouts.add(b.number)
        assert 4 * players <= sum(b.frontier) <= 5 * players and any(b.coastal)
        assert sum(s.mount) == 5 * players and sum(s.forest) == 5 * players
        bare = [a for a in range(n) if not s.mount[a] and not s.forest[a]]
        assert [a for a in range(n) if s.desert[a]] == bare or (not bare and sum(s.desert) == 1)
        for a in range(n):
            assert all(a in b.adj[x] for x in b.adj[a])
        seen, todo = {0}, [0]
        while todo:
            for x in b.adj[todo.pop()]:
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
        assert len(seen) == n
        m = b.data
        assert [x["id"] for x in m["areas"]] == list(range(1, n + 1)) and all(x["polygon"] for x in m["areas"])
    assert len(layouts) > 1


def test_player_counts_and_options():
    """PC-MP-01: the chapter's changes guide games of 2, 3 and 4 players; PC-INTRO-01: more
    are refused; a hand-made map is for the solo game only."""
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    with pytest.raises(BadOptions):
        GAME.new_game(5, seed=1)
    with pytest.raises(BadOptions, match="solo"):
        GAME.new_game(2, seed=1, options={"map": {"areas": []}})


# -- setup, the Totem and the order of play (PC-MP-TOTEM-*, PC-Q-25, PC-Q-26) --------------------------
def test_setup_three_tribes_each_totem_holder_first():
    """PC-MP-TOTEM-01: the first holder is drawn at random. PC-Q-25: three starting tribes
    per player, separate Empires. PC-MP-TOTEM-02: the holder places first; then the deck is
    shuffled and three cards discarded (PC-SETUP-07)."""
    holders = set()
    for seed in range(12):
        s = GAME.new_game(2, seed=seed)
        holders.add(s.totem)
        first = s.totem
        assert s.to_move == first and s.stack[-1] == MpSetup(0)
        for i in range(3):
            s.apply(s.legal_actions()[i])
        assert s.to_move == 1 - first
        for i in range(3, 6):
            s.apply(s.legal_actions()[i])
        assert sum(s.seats[first].tribes) == 3 * 2 and sum(s.seats[1 - first].tribes) == 3 * 2  # after growth
        assert len(s.discard) == 3 and len(s.deck) == 13
        assert s.to_move == first and s.stack[-1] == Move()  # no city yet: no top-up (PC-POP-03)
    assert holders == {0, 1}


def _policy_game(players, seed, on_step=None):
    s = GAME.new_game(players, seed=seed)
    while not s.is_over:
        if on_step:
            on_step(s)
        s.apply(choose(s))
        s.check_invariants()
    return s


def test_totem_passes_every_round_and_holder_acts_first():
    """PC-Q-26 (a), PC-MP-TOTEM-01: the Totem passes to the next player every round.
    PC-MP-TOTEM-02, PC-MP-TOTEM-05: in each phase the holder completes their steps before the
    next player acts (movement, development, city development)."""
    seen = []

    def watch(s):
        f = s.stack[-1]
        if type(f) in (Move, Dev) or f == Upkeep(4):
            seen.append((s.round_no, f.TAG, s.totem, s.to_move))

    _policy_game(2, 22, watch)
    holder_by_round = {}
    for rnd, _, totem, _ in seen:
        holder_by_round.setdefault(rnd, totem)
    rounds = sorted(holder_by_round)
    assert len(rounds) > 10
    for r1, r2 in zip(rounds, rounds[1:], strict=False):
        if r2 == r1 + 1:
            assert holder_by_round[r2] == 1 - holder_by_round[r1]
    for rnd in rounds:
        for kind in ("move", "dev"):
            order = [who for r, k, totem, who in seen if r == rnd and k == kind]
            if order:
                assert order[0] == holder_by_round[rnd] or order == [1 - holder_by_round[rnd]] * len(order)
                assert order == sorted(order, key=lambda p: p != holder_by_round[rnd])


def test_the_other_player_may_take_the_totem_before_the_area_is_revealed():
    """PC-MP-TOTEM-03, PC-MP-TOTEM-06: the holder turns up the event card; PC-MP-TOTEM-07:
    after it is read, before the active area is revealed, the other player may take the Totem;
    PC-MP-TOTEM-08: the new holder reveals the area (draws the next card) and plays the event;
    PC-Q-26: the new holder then acts first in development."""
    s = mp(totem=0)
    a1, a2 = areas_of(s, 2)
    s.seats[0].tribes[a1] = 3
    s.seats[1].tribes[a2] = 2
    spare = next(a for a in range(s.board.n) if a not in (a1, a2))
    s.seats[0].tribes[spare] = s.seats[1].tribes[spare] = 1
    event(s, 10, (2,))  # card 10, era 1: Famine; card 2 has red circle 2
    assert type(s.stack[-1]) is MpEv and s.stack[-1].stage == 0 and s.to_move == 1
    assert codes(s) == ["totem:take", "totem:leave"]
    assert s.aside == [9] and s.deck[-1] == 1  # read, but the area card is still on the deck
    s.apply("totem:take")
    assert s.totem == 1
    assert {"seat": 1, "key": "pocketciv.totem_taken"} in s.log
    assert s.seats[0].tribes[a1] == 0 and s.seats[1].tribes[a2] == 0  # the famine struck both areas
    assert s.stack[-1] == Dev() and s.to_move == 1


def test_event_on_both_areas_of_its_number_with_the_same_cards():
    """PC-MP-TOTEM-09, PC-MP-MAP-03: the red circle makes both areas of its number active;
    ruling PC-R-MP-PASSES: the event is played on the first area, then with the same cards on
    the second. PC-MP-ERA-03: the box of the current era is used."""
    s = mp(totem=0, era=1)
    a1, a2 = areas_of(s, 2)
    for a in (a1, a2):
        s.farm[a] = 1
    s.seats[0].cav[a1], s.seats[0].tribes[a1] = 3, 2
    s.seats[1].cav[a2], s.seats[1].tribes[a2] = 3, 4
    other = next(a for a in range(s.board.n) if a not in (a1, a2))
    s.seats[0].tribes[other] = s.seats[1].tribes[other] = 1
    deck_before = len(s.deck)
    event(s, 10, (2,))  # Famine in era 1
    s.apply("totem:leave")
    assert s.seats[0].cav[a1] == 1 and s.seats[1].cav[a2] == 1  # −2 CAV each
    assert s.seats[0].tribes[a1] == 0 and s.seats[1].tribes[a2] == 0 and s.farm[a1] == s.farm[a2] == 0
    assert len(s.deck) == deck_before - 2  # one event card and one area card, read twice
    assert BOX[9][1][0] == "famine"


def test_colours_do_not_count_and_the_holder_says_whose_tribes_die():
    """PC-MP-TOTEM-10: the event is played on all tribes together; where the card leaves a
    choice, the Totem holder decides which tribes it hits (one tribe per decision)."""
    s = mp(totem=0)
    a1, a2 = areas_of(s, 2)
    s.seats[0].tribes[a1] = 2
    s.seats[1].tribes[a1] = 2
    s.seats[1].tribes[a2] = 1
    event(s, 2, (10,))  # card 2, era 1: Volcano; card 10's red circle is 2; no mountain: tribes to 1
    s.apply("totem:leave")
    assert s.stack[-1] == Alloc() and s.to_move == 0
    assert codes(s) == [f"hit:seat=1,area={a1 + 1}", f"hit:seat=2,area={a1 + 1}"]
    s.apply(f"hit:seat=2,area={a1 + 1}")
    s.apply(f"hit:seat=2,area={a1 + 1}")  # then the last loss can only be the holder's own
    assert s.seats[0].tribes[a1] == 1 and s.seats[1].tribes[a1] == 0 and s.seats[1].tribes[a2] == 1
    assert s.mount[a1] == s.mount[a2] == 2


def test_a_shared_area_loses_city_value_as_the_holder_chooses():
    """Ruling PC-R-MP-LOCAL-CAV: in an event the local CAV is the sum of the cities there
    (PC-MP-TOTEM-10, PC-MP-CITY-02); a loss of it falls on the cities as the holder chooses;
    a city reduced to 0 is destroyed and its capital title goes (PC-UPK-CAPITAL-07)."""
    s = mp(totem=1)
    a1, _ = areas_of(s, 2)
    s.seats[0].cav[a1], s.seats[1].cav[a1] = 2, 1
    s.seats[0].capital = a1
    s.seats[0].tribes[0 if a1 else 1] = s.seats[1].tribes[0 if a1 else 1] = 1
    event(s, 10, (2,))  # Famine: the local CAV 3 loses 2
    s.apply("totem:leave")
    assert codes(s) == [f"hitcity:seat=1,area={a1 + 1}", f"hitcity:seat=2,area={a1 + 1}"]
    s.apply(f"hitcity:seat=1,area={a1 + 1}")
    s.apply(f"hitcity:seat=1,area={a1 + 1}")
    assert s.seats[0].cav[a1] == 0 and s.seats[0].capital == -1 and s.seats[1].cav[a1] == 1


def test_event_modifiers_are_the_holders_advances_and_gains_are_the_holders():
    """Ruling PC-R-MP-EVENT-EMPIRE: in an event "the Empire's" advances, gold and partners are
    the Totem holder's; ruling PC-R-MP-GAINS: tribes an event creates are the holder's."""
    for holder_has in (True, False):
        s = mp(totem=0)
        a1, a2 = areas_of(s, 2)
        irrigation = 1 << ADV_INDEX["irrigation"]
        s.seats[0 if holder_has else 1].adv = irrigation
        s.farm[a1] = 1
        s.seats[1].cav[a1] = 3
        s.seats[0].tribes[a2] = s.seats[1].tribes[a2] = 0
        spare = next(a for a in range(s.board.n) if a not in (a1, a2))
        s.seats[0].tribes[spare] = s.seats[1].tribes[spare] = 1
        event(s, 10, (2,))  # Famine: with Irrigation the farm stays and the city loses 1
        s.apply("totem:leave")
        assert s.farm[a1] == (1 if holder_has else 0)
        assert s.seats[1].cav[a1] == (2 if holder_has else 1)
    s = mp(totem=1)
    a1, a2 = areas_of(s, 2)
    s.seats[1].adv = 1 << ADV_INDEX["medicine"]
    s.seats[0].tribes[a1] = 2
    spare = next(a for a in range(s.board.n) if a not in (a1, a2))
    s.seats[0].tribes[spare] = s.seats[1].tribes[spare] = 1
    event(s, 2, (10,))  # Volcano: tribes to 1, then Medicine +1 in each affected area
    s.apply("totem:leave")
    assert s.seats[0].tribes[a1] + s.seats[1].tribes[a1] == 2
    assert s.seats[1].tribes[a2] == 1 and s.seats[0].tribes[a2] == 0


def test_lost_wonders_come_from_the_other_colours_first():
    """Ruling PC-R-MP-WONDERS: where an event destroys some of the wonders of a shared area,
    the other colours' go first."""
    s = mp(totem=0)
    a = 0
    wall = WONDER_INDEX["great_wall"] if "great_wall" in WONDER_INDEX else 0
    s.seats[0].set_wonders(a, (wall,))
    s.seats[1].set_wonders(a, (wall,))
    s.stack = [Mp(3, 0)]
    s.enter_event()
    s.emp.set_wonders(a, (wall,))
    _losses(s)
    assert s.seats[0].wonders[a] == (wall,) and s.seats[1].wonders[a] == ()


# -- upkeep (PC-MP-CITY-*, PC-MP-TOTEM-04) ------------------------------------------------------------
def test_tribe_upkeep_counts_every_colour_and_removes_in_turn_holder_first():
    """PC-MP-CITY-02: the support capacity counts the cities of both colours and is compared
    with all tribes; PC-MP-CITY-03, PC-MP-TOTEM-04: the players remove one tribe each in turn,
    the Totem holder first."""
    s = mp(totem=1)
    s.forest[0] = 1
    s.seats[0].cav[0], s.seats[1].cav[0] = 1, 2
    s.seats[0].tribes[0], s.seats[1].tribes[0] = 4, 3  # support 1 + 1 + 2 = 4, 7 tribes: 3 go
    s.seats[0].tribes[1] = 5  # one colour only, nothing supports it
    tribe_upkeep_mp(s)
    assert (s.seats[0].tribes[0], s.seats[1].tribes[0]) == (3, 1)
    assert s.seats[0].tribes[1] == 0


def test_tribe_upkeep_tells_each_colours_loss_with_its_cause():
    """The log says who lost how many tribes where in tribe upkeep, and why (it said nothing)."""
    s = mp(totem=1)
    s.forest[0] = 1
    s.seats[0].cav[0], s.seats[1].cav[0] = 1, 2
    s.seats[0].tribes[0], s.seats[1].tribes[0] = 4, 3  # support 4, 7 tribes: seat 2 loses 2, seat 1 loses 1
    s.seats[0].tribes[1] = 5
    tribe_upkeep_mp(s)
    lines = [e for e in s.log if e["key"] == "pocketciv.mp_tribes_lost"]
    assert [(e["seat"], e["area"], e["lost"], e["left"]) for e in lines] == [(0, 1, 1, 3), (1, 1, 2, 1), (0, 2, 5, 0)]
    hu, en = GAME.describe(lines[1], "hu"), GAME.describe(lines[1], "en")
    assert hu.startswith("Törzsfenntartás") and "a 2. játékos 2 törzset veszít az 1. területen, 1 marad" in hu
    assert en.startswith("Tribe upkeep") and "player 2 loses 2 tribes in area 1, 1 left" in en
    assert "1 tribe in area 1" in GAME.describe(lines[0], "en")


def test_one_farm_feeds_one_city_of_each_colour():
    """PC-MP-CITY-04: cities are still fed by farms; one farm feeds one city of each colour
    (PC-UPK-CITY-01 for each Empire)."""
    s = mp(totem=0)
    s.farm[0] = 1
    s.seats[0].cav[0] = s.seats[1].cav[0] = 2
    s.seats[0].cav[1] = s.seats[1].cav[1] = 2  # no farm
    s.seats[0].tribes[2] = s.seats[1].tribes[2] = 1
    go(s, Mp(5, 0))
    s.apply("done")  # holder's city development
    s.apply("done")
    assert [s.seats[p].cav[0] for p in (0, 1)] == [2, 2]
    assert [s.seats[p].cav[1] for p in (0, 1)] == [1, 1]


# -- development (PC-MP-CITY-01, PC-MP-ADV-01, PC-MP-DECK-01, PC-MP-02) --------------------------------
def test_one_city_per_player_per_area():
    """PC-MP-CITY-01: each area may hold one city of each colour; the number of tribes is
    not limited."""
    s = mp(totem=0)
    s.seats[0].cav[0], s.seats[0].tribes[0] = 1, 5
    s.seats[0].tribes[1] = 1
    s.seats[1].tribes[0], s.seats[1].tribes[1] = 12, 1
    go(s, Mp(3, 0))
    assert s.to_move == 0 and "city:area=1" not in codes(s)
    s.apply("done")
    assert s.to_move == 1 and "city:area=1" in codes(s)
    s.apply("city:area=1")
    assert s.emp.cav[0] == 1 and s.emp.tribes[0] == 8 and s.seats[0].cav[0] == 1


def test_an_advance_the_opponent_owns_costs_one_gold_and_one_tribe_less():
    """PC-MP-ADV-01, ruling PC-R-MP-COSTS: knowledge spreads: 1 gold and 1 tribe less
    (Coinage: 2 tribes, 3 gold)."""
    s = mp(totem=0)
    s.seats[1].adv = 1 << ADV_INDEX["coinage"]
    s.mount[0] = 1  # Coinage needs stone
    s.seats[0].cav[0], s.seats[0].tribes[0], s.seats[0].gold = 1, 2, 2
    s.seats[1].tribes[5] = 1
    go(s, Mp(3, 0))
    assert "adv:city=1,id=coinage" in codes(s)
    s.apply("adv:city=1,id=coinage")
    assert s.emp.tribes[0] == 1 and s.emp.gold == 0 and s.emp.adv >> ADV_INDEX["coinage"] & 1
    s2 = mp(totem=0)
    s2.mount[0] = 1
    s2.seats[0].cav[0], s2.seats[0].tribes[0], s2.seats[0].gold = 1, 2, 2
    s2.seats[1].tribes[5] = 1
    go(s2, Mp(3, 0))
    assert "adv:city=1,id=coinage" not in codes(s2)  # nobody owns it: 3 gold needed


def test_special_use_of_the_deck_is_one_players_own():
    """PC-MP-DECK-01: an expedition (or mining) draws from the shared deck but is resolved by
    that player alone; the other player's Empire is untouched."""
    s = mp(totem=0, draws=(4,))  # card 4: blue hexagon 7
    fr = next(a for a in range(s.board.n) if s.board.frontier[a])
    s.seats[0].tribes[fr] = 10
    s.seats[1].tribes[fr] = 6
    go(s, Mp(3, 0))
    s.apply(f"exp:area={fr + 1},by=land")
    for _ in range(8):
        s.apply("exp:add")
    s.apply("go")
    assert s.emp.gold == 9 - 7 and s.emp.tribes[fr] == 1
    assert s.seats[1].tribes[fr] == 6 and s.seats[1].gold == 0 and 3 in s.discard


def test_black_market_anarchy_strikes_only_the_taxing_player():
    """Ruling PC-R-MP-OWN-AREA, PC-MP-DECK-01, PC-DEV-BM-06: a handshake the taxing player
    cannot pay starts an Anarchy on that player's own Empire."""
    s = mp(totem=0, draws=(1,))  # card 1: no gold, a handshake
    s.seats[0].adv = 1 << ADV_INDEX["black_market"]
    s.seats[0].cav[0], s.seats[0].tribes[0] = 1, 3
    s.seats[1].cav[0], s.seats[1].tribes[0] = 1, 3
    s.seats[0].tribes[1] = 1
    go(s, Mp(3, 0))
    s.apply("tax")
    assert s.emp.cav[0] == 0 and s.emp.tribes[0] == 0
    assert s.seats[1].cav[0] == 1 and s.seats[1].tribes[0] == 3


def empire_areas(e) -> str:
    """An Empire's per-area fields, to compare."""
    return json.dumps([e.tribes, e.cav, e.moved, e.wonders])


def test_players_never_act_on_each_other():
    """PC-MP-02: PocketCiv is not a war game: a player's own decisions (moving, founding,
    farming, advances, wonders, city development, paying) never change another Empire."""
    own = {"move", "sail", "city", "farm", "agri", "forest", "adv", "wonder", "grow", "pay", "place", "capital"}
    checked = 0

    def watch(s):
        nonlocal checked
        f = s.stack[-1]
        if s.focus < 0 or type(f) in (MpEv, Alloc):
            return
        for a in s.legal_actions():
            if a.kind in own:
                twin = s.clone()
                others = [empire_areas(twin.seats[p]) for p in range(s.players) if p != s.focus]
                twin.apply(a)
                if type(twin.stack[-1]) is type(f):
                    assert others == [empire_areas(twin.seats[p]) for p in range(s.players) if p != s.focus]
                    checked += 1
                break

    _policy_game(2, 4, watch)
    assert checked > 50


# -- eras and the end (PC-MP-ERA-*, PC-MP-END-*, PC-Q-27, PC-Q-28) ------------------------------------
def test_eras_flow_on_without_scoring():
    """PC-MP-ERA-01: no era change: no city check, no scoring, no choice to stop;
    PC-MP-ERA-02: the era still counts the exhausted decks; PC-Q-27: the deck is reshuffled and
    three cards discarded."""
    s = mp(totem=0)
    fr = next(a for a in range(s.board.n) if s.board.frontier[a])
    s.seats[0].tribes[fr] = 5
    s.seats[0].adv = 1 << ADV_INDEX["masonry"]
    s.seats[0].cav[fr] = 1
    s.seats[1].tribes[0 if fr else 1] = 1
    s.discard = s.deck[:-1]
    s.deck = s.deck[-1:]
    go(s, Mp(3, 0))
    s.apply(f"exp:area={fr + 1},by=land")
    s.apply("go")
    # the expedition's card, drawn last, is used up at its draw: it is shuffled into the new deck
    # with the 15 others (PC-R-ERA-AT-ONCE, rules version 3): 16 - 3 burnt = 13
    assert s.era == 2 and len(s.deck) == 13 and len(s.discard) == 3
    assert s.stack[-1] == Dev() and all(s.seats[p].vp == 0 for p in (0, 1))
    assert any(e["key"] == "pocketciv.mp_era" and e["era"] == 2 for e in s.log)
    assert not any(e["key"] == "pocketciv.era_end" for e in s.log)


def test_game_ends_when_a_player_has_nothing_and_scores_by_advances_and_wonders():
    """PC-MP-END-01: the game ends as soon as a player has neither tribe nor city;
    PC-MP-END-02, PC-Q-28: each player scores as in PC-END-02 (advances limited by their own
    tribes, +4 with Written Record, plus wonders); the most points wins, a tie is shared."""
    s = mp(totem=0)
    masonry, music = ADV_INDEX["masonry"], ADV_INDEX["music"]
    s.seats[0].adv = (1 << masonry) | (1 << music)
    s.seats[0].tribes[0] = 1
    s.seats[1].adv = 1 << masonry
    go(s, Mp(3, 0))
    assert s.is_over and s.ending == "wiped" and s.to_move is None
    assert s.seats[1].vp == 0  # no tribe: no advance scores
    assert s.seats[0].vp == max(ADV_VP[masonry], ADV_VP[music]) and s.winners() == [0]
    u = mp(totem=0)
    record, monolith = ADV_INDEX["written_record"], WONDER_INDEX["monolith"]
    u.seats[0].adv = (1 << masonry) | (1 << music) | (1 << record)
    u.seats[0].tribes[0] = 1
    u.seats[0].set_wonders(0, (monolith,))
    go(u, Mp(3, 0))
    assert u.seats[0].vp == ADV_VP[masonry] + ADV_VP[music] + ADV_VP[record]  # 1 tribe + 4: all three
    assert u.scores() == [float(u.seats[0].vp + WONDER_VP[monolith]), 0.0] and u.winners() == [0]
    t = mp(totem=0)
    t.seats[0].tribes[0] = t.seats[1].tribes[0] = 1
    go(t, Mp(3, 0))
    t.seats[0].cav[0] = 0
    t.era = 8
    t.discard = t.deck[:-1]
    t.deck = t.deck[-1:]
    t.stack = [Mp(1, 0)]
    t.run()
    t.apply("done")
    t.apply("done")
    assert t.is_over and t.ending == "eras" and t.winners() == [0, 1]


def test_a_player_who_loses_every_city_and_tribe_has_lost():
    """PC-R-MP-WIPEOUT-LOSES (PC-Q-28 revised, rules version 4), PC-MP-END-01/02, p. 18: „A
    játék véget ér, ha valamelyik játékos a játék bármely pontján elveszti összes városát és
    törzsét, vagy ha a 8. Korszak véget ért. Utóbbi esetben az nyer, aki Vívmányokból és
    Csodákból több győzelmi pontot tudott összegyűjteni.” The points decide the era-8 ending
    only: a wiped-out player is never among the winners, even on equal points (0-0 here; rules
    version 3 made both winners) or with more points (a monolith left standing in an empty area)."""
    s = mp(totem=0)
    s.seats[0].tribes[0] = 1
    go(s, Mp(3, 0))
    assert s.is_over and s.ending == "wiped" and s.scores() == [0.0, 0.0]
    assert s.winners() == [0] and s.outcome()["winners"] == [0]
    u = mp(totem=0)
    u.seats[0].tribes[0] = 1
    u.seats[1].set_wonders(1, (WONDER_INDEX["monolith"],))
    go(u, Mp(3, 0))
    assert u.ending == "wiped" and u.scores()[1] > u.scores()[0] and u.winners() == [0]


def test_era_8_ending_inside_an_event_shares_out_its_losses():
    """Ruling PC-R-MP-LAST-EVENT: when Era 8 ends in the middle of an event the game ends at
    once (PC-ERA-11, PC-MP-END-01, ruling PC-R-ERA-AT-ONCE: right at the draw of the last card,
    before that card is applied); what the event did so far falls on the other colours first.
    Card 3, era 8, is a Civil War: its area card costs the shared city 2 CAV, then the card for
    the collateral damage is the deck's last: no tribe is lost."""
    s = mp(totem=0, era=8)
    k = next(k for k in range(1, 9) if not any(s.seats[0].cav[n] for n in s.board.adj[areas_of(s, k)[0]]))
    a1 = areas_of(s, k)[0]
    card = next(c for c in range(NCARDS) if c != 2 and (c % 8) + 1 == k)
    last = next(c for c in range(NCARDS) if c not in (2, card))
    for e in s.seats:
        e.cav[a1], e.tribes[a1] = 2, 3
    s.discard = [c for c in range(NCARDS) if c not in (2, card, last)]
    s.deck = [last, card, 2]
    go(s, Mp(3, 0), MpEv(6, -1, 8, 1))
    s.apply("totem:leave")
    assert s.is_over and s.ending == "eras"
    assert s.seats[0].cav[a1] == 2 and s.seats[1].cav[a1] == 0  # the CAV loss fell on the other colour
    assert s.seats[0].tribes[a1] == s.seats[1].tribes[a1] == 3  # the collateral card was never applied


def test_looting_outside_events_takes_the_players_own_area():
    """Ruling PC-R-MP-OWN-AREA: Culture of Thievery's looting (a player's own upkeep) takes the
    area of the red circle's number where that player has more tribes."""
    s = mp(totem=0, draws=(2, 12))  # red circle 2, then 3 gold
    a1, a2 = areas_of(s, 2)
    s.seats[0].adv = 1 << ADV_INDEX["culture_of_thievery"]
    s.seats[0].tribes[a1], s.seats[0].tribes[a2] = 1, 2
    s.seats[1].tribes[a1] = 1
    go(s, Mp(5, 0))
    assert s.emp.tribes[a2] == 1 and s.emp.tribes[a1] == 1 and s.emp.gold == 3


# -- whole games ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_multiplayer_games_end_replay_and_keep_the_view(players):
    """PC-MP-01: 2-4 players play to an end; the record replays; the JSON saves load back;
    views hide only the deck order (and the discards without Surveying)."""
    for seed in range(3):
        s = GAME.new_game(players, seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            if r.random() < 0.05 and not s.is_over:
                assert GAME.from_json(s.to_json()).to_json() == s.to_json()
                v = s.view(s.to_move)
                assert "deck" not in v and s.determinize(s.to_move, 7).view(s.to_move) == v
        again = games.replay(json.loads(json.dumps(s.record)))
        assert again.to_json() == s.to_json()
        assert len(s.scores()) == players and s.ending in ("wiped", "eras")


def test_a_two_player_game_reaches_the_end_of_era_8():
    """PC-MP-END-01 (b): two scripted players play a whole game through all eight eras."""
    s = _policy_game(2, 6)
    assert s.ending == "eras" and s.era == 8
    # the era-8 ending: the most points win (rules version 4 and issue 33's two-player policy;
    # a shared win on equal points is tested in
    # test_game_ends_when_a_player_has_nothing_and_scores_by_advances_and_wonders)
    assert s.winners() == [p for p, v in enumerate(s.scores()) if v == max(s.scores())] and not s.outcome()["fallen"]
