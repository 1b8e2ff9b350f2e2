"""Setup, the round count (CC-RND-01) and the setup vectors."""

import pytest

from asztal.games.caboose import GAME
from asztal.games.caboose.pack import FRUIT


@pytest.mark.parametrize("seed", range(5))
def test_prestige_tiles_alternate_light_and_dark(seed):
    """CC-SETUP-01, CC-Q-28: every tile placed once at random; its side follows the city colour, and
    every route joins a light and a dark city."""
    s = GAME.new_game(3, seed=seed)
    pk = s.pk
    assert sorted(s.prestige) == list(range(12))
    for r in range(pk.nr):
        assert pk.city_dark[pk.route_a[r]] != pk.city_dark[pk.route_b[r]]
    from asztal.games.caboose.scoring import city_value

    for x in range(pk.nc):
        t = s.prestige[x]
        assert city_value(s, x) == (pk.prestige_dark[t] if pk.city_dark[x] else pk.prestige_light[t])
    assert len({tuple(GAME.new_game(3, seed=k).prestige) for k in range(6)}) > 1  # random placement


@pytest.mark.parametrize("players,on_map,supply", [(3, 12, 18), (4, 16, 14), (5, 20, 10)])
def test_setup_cubes(players, on_map, supply):
    """CC-TV-SETUP-CUBES; CC-SETUP-02 one marker per fruit; CC-SETUP-03 one cube per city;
    CC-SETUP-04 corners +1 with 4-5; CC-SETUP-05 Giza, Heliopolis, Abydos, Dendara +1 with 5;
    CC-SETUP-06 the rest is the supply."""
    s = GAME.new_game(players, seed=3)
    pk = s.pk
    assert sum(s.cubes) == on_map and sum(s.supply) == supply
    per_city = [sum(s.cubes[x * pk.nf:(x + 1) * pk.nf]) for x in range(pk.nc)]
    for x in range(pk.nc):
        extra = (players >= 4 and x in pk.corners) + (players == 5 and pk.city_ids[x] in
                                                         ("giza", "heliopolis", "abydos", "dendara"))
        assert per_city[x] == 1 + extra


@pytest.mark.parametrize("seed", range(8))
def test_market_starts_at_minus_three_plus_supply(seed):
    """CC-SETUP-07 market value = -3 + cubes of that fruit left in the supply."""
    s = GAME.new_game(4, seed=seed)
    assert s.market == [-3 + n for n in s.supply]


def test_market_vector():
    """CC-TV-MARKET-SETUP: supply 4, 3, 6, 2, 3 -> market +1, 0, +3, -1, 0."""
    s = GAME.new_game(3, seed=0)
    assert s.pk.market_start == -3  # CC-SETUP-02 the markers start on the -3 space
    s.supply = [4, 3, 6, 2, 3]
    s.market = [s.pk.market_start + n for n in s.supply]
    assert s.market == [1, 0, 3, -1, 0]
    # and the setup formula is what setup itself uses
    t = GAME.new_game(3, seed=9)
    assert t.market == [-3 + n for n in t.supply]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_player_start(players):
    """CC-SETUP-08 trains and score at 0; CC-SETUP-14 20 money; CC-SETUP-12 3 city cards;
    CC-SETUP-13 4 face-up city cards; CC-SETUP-11 N+1 face-up auction cards."""
    s = GAME.new_game(players, seed=1)
    assert s.trains == [20] * players and s.vp == [0] * players and s.money == [20] * players
    assert all(len(h) == 3 for h in s.chand) and len(s.cdisp) == 4
    assert len(s.adisp) == players + 1
    assert len(s.cdeck) == 60 - 3 * players - 4


@pytest.mark.parametrize("seed", range(6))
def test_starting_auction_cards(seed):
    """CC-SETUP-09 one '1' train card and one random auction card each; CC-SETUP-10 a fruit card
    received is laid face up in front of the player, never held."""
    s = GAME.new_game(5, seed=seed)
    pk = s.pk
    for q in range(5):
        ones = [i for i in s.ahand[q] if pk.ac_starting[i]]
        assert ones and pk.ac_trains[ones[0]] == 1
        assert len(s.ahand[q]) + len(s.fcards[q]) == 2
        assert all(pk.ac_kind[i] != FRUIT for i in s.ahand[q])
        assert all(pk.ac_kind[k] == FRUIT for k in s.fcards[q])


def test_some_start_has_a_fruit_card_face_up():
    """CC-SETUP-10: over a few seeds a player starts with a played fruit card (visible to all)."""
    for seed in range(40):
        s = GAME.new_game(5, seed=seed)
        if any(s.fcards):
            q = next(q for q in range(5) if s.fcards[q])
            assert s.view((q + 1) % 5)["seats"][q]["fruit_cards"]
            return
    raise AssertionError("no fruit card dealt at setup in 40 games")


def test_gods_round_marker_tiles_and_start_player():
    """CC-SETUP-15 all 7 gods available; CC-SETUP-16 round 1; CC-SETUP-17 tiles beside the board;
    CC-SETUP-18 the start player is chosen at random."""
    s = GAME.new_game(4, seed=2)
    assert s.god == [0] * 4 and s.round == 1
    assert s.pyr == [-1] * 12 and all(t == () for t in s.btiles)
    assert {GAME.new_game(4, seed=k).cleo for k in range(20)} == {0, 1, 2, 3}


@pytest.mark.parametrize("players,rounds", [(3, 12), (4, 10), (5, 8)])
def test_rounds_by_player_count(players, rounds):
    """CC-RND-01, CC-Q-02: 12 / 10 / 8 rounds from the pack's round track."""
    assert GAME.new_game(players).rounds == rounds
