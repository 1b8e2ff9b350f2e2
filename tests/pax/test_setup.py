"""Setup (Előkészületek): components, deck, Legions, Rome, money, start player, starting hands."""

import json

import pytest

from asztal import games
from asztal.engine import BadOptions
from asztal.games.pax.frames import Stage
from asztal.games.pax.pack import BANK_START, CARD_CAT, CARD_IDS, CAT_COUNTS, DEFAULT_PACK, NCARDS
from tests.pax.scenario import codes

GAME = games.load("pax")


def test_player_counts_one_to_four():
    """PAX-GOAL-01: 1-4 players; 1 player is the solitaire game; 5-8 is out of scope."""
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    assert GAME.new_game(1, seed=1).level == 1
    with pytest.raises(BadOptions):
        GAME.new_game(5, seed=1)


def test_components_74_influence_cards_in_seven_categories():
    """PAX-COMP-02, PAX-COMP-03, PAX-GOAL-02: 74 cards, 10/10/10/10/10/12/12, each with a value and symbols."""
    counts = [sum(1 for c in range(NCARDS) if CARD_CAT[c] == k) for k in range(7)]
    assert counts == list(CAT_COUNTS) == [10, 10, 10, 10, 10, 12, 12]
    assert all(1 <= DEFAULT_PACK.cost[c] <= 4 and DEFAULT_PACK.symbols[c] in (1, 2) for c in range(NCARDS))
    assert any(DEFAULT_PACK.symbols[c] == 2 for c in range(NCARDS)), "a card can carry more than one symbol"


def test_other_components_legions_primus_and_the_bank():
    """PAX-COMP-01 (Aureus, unlimited bank), PAX-SETUP-01 (the bank pays each player 5 at setup),
    PAX-COMP-04 (Legions I-V), PAX-COMP-05 (Primus), PAX-COMP-06 (Primus Conspiratus),
    PAX-COMP-07 (overview cards: no rules effect, not modelled)."""
    s = GAME.new_game(4, seed=3)
    assert s.bank == BANK_START - 4 * 5
    v = s.view(None)
    assert [leg["numeral"] for leg in v["legions"]] == ["I", "II", "III", "IV", "V"]
    assert v["start_player"] in range(4) and v["primus_conspiratus"] is None
    assert s.bank + sum(s.money) == BANK_START


@pytest.mark.parametrize("players,removed", [(2, 20), (3, 10), (4, 0)])
def test_cards_removed_by_player_count(players, removed):
    """PAX-SETUP-02 (shuffled face-down deck), PAX-SETUP-03 (2 players: 20 boxed),
    PAX-SETUP-04 (3 players: 10), PAX-SETUP-05 (4 players: all 74)."""
    s = GAME.new_game(players, seed=9)
    assert len(s.removed) == removed
    assert s.view(0)["removed"] == removed
    text = json.dumps(s.view(0))
    assert not any(f'"{CARD_IDS[c]}"' in text for c in s.removed), "a boxed card is never seen"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legions_rome_money_and_hands(players):
    """PAX-SETUP-06 + PAX-Q-12 (Legions I..N+1), PAX-SETUP-07 (3 hidden Rome cards),
    PAX-SETUP-08 (5 Aureus each), PAX-SETUP-09 (overview card: no state),
    PAX-SETUP-11 (2, 3, 4, 5 cards from the start player on)."""
    s = GAME.new_game(players, seed=21)
    assert s.nleg == players + 1 and len(s.legions) == players + 1
    assert len(s.rome_hidden) == 3 and s.rome == ()
    assert s.money == [5] * players
    start = s.primus
    for i in range(players):
        assert len(s.hands[(start + i) % players]) == 2 + i


def test_setup_hands_example_four_players():
    """PAX-EX-SETUP-HANDS, PAX-SETUP-12: 2/3/4/5 drawn, each keeps one, 1/2/3/4 go under the deck."""
    s = GAME.new_game(4, seed=5, options={"start": 0})
    deck_before = len(s.deck)
    slid = []
    for seat in range(4):
        assert s.to_move == seat and s.stage == Stage.KEEP
        hand = s.hands[seat]
        s.apply(f"keep:card={CARD_IDS[hand[-1]]}")
        assert s.hands[seat] == (hand[-1],)
        slid.append(len(hand) - 1)
    assert slid == [1, 2, 3, 4]
    # 10 cards went under the deck, then one card below each of the 5 Legions (PAX-SETUP-14)
    assert len(s.deck) == deck_before + 10 - 5


@pytest.mark.parametrize("players,deck", [(4, 62), (3, 54), (2, 46)])
def test_deck_size_when_play_begins(players, deck):
    """PAX-TV-DECK: 74 - removed - 3 Rome - kept cards - one per Legion."""
    s = GAME.new_game(players, seed=2)
    while s.stage == Stage.KEEP:
        s.apply(s.legal_actions()[0])
    assert len(s.deck) == deck


def test_one_face_up_card_below_each_legion_then_start_player_moves():
    """PAX-SETUP-14 (one face-up card per Legion) and PAX-SETUP-15 (the start player begins)."""
    s = GAME.new_game(3, seed=4, options={"start": 2})
    while s.stage == Stage.KEEP:
        s.apply(s.legal_actions()[0])
    assert all(len(g) == 1 for g in s.legions)
    assert all(len(leg["cards"]) == 1 for leg in s.view(None)["legions"])  # public
    assert s.to_move == 2 and codes(s) == ["draw", "pass"]


def test_start_player_option_and_random_default():
    """PAX-SETUP-10, PAX-Q-19: configurable first start player, random (from the seed) by default."""
    assert GAME.new_game(4, seed=1, options={"start": 3}).primus == 3
    starts = {GAME.new_game(4, seed=k).primus for k in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new_game(4, seed=7).primus == GAME.new_game(4, seed=7).primus
    with pytest.raises(BadOptions, match="start"):
        GAME.new_game(2, seed=1, options={"start": 2})


def test_hands_and_money_are_secret():
    """PAX-SETUP-13: influence cards and Aureus in hand are hidden from the opponents."""
    s = GAME.new_game(3, seed=8)
    v = s.view(1)
    assert v["hand"] and all(p["money"] is None for p in v["tableaux"] if p["seat"] != 1)
    assert v["tableaux"][1]["money"] == 5
    assert "hand" not in s.view(None)
    other = v["tableaux"][0]
    assert other["hand_public"] == [] and other["hand_size"] == len(s.hands[0])


def test_turn_order_is_clockwise_from_the_start_player():
    """PAX-TURN-01: turns go clockwise (seat + 1) from the start player; a round is one turn each."""
    s = GAME.new_game(3, seed=6, options={"start": 1})
    while s.stage == Stage.KEEP:
        s.apply(s.legal_actions()[0])
    order = []
    for _ in range(3):
        order.append(s.to_move)
        s.apply("pass")
    assert order == [1, 2, 0]
    assert s.round_no == 2 and s.to_move == 1
