"""The solitaire game (Pasziánsz játék): five games of increasing difficulty."""

import pytest

from asztal import games
from asztal.engine import BadOptions
from asztal.games.pax.board import scoring
from asztal.games.pax.frames import Stage
from tests.pax.scenario import build, codes

GAME = games.load("pax")


def start(level, seed=3):
    return GAME.new_game(1, seed=seed, options={"level": level})


def play_start(s):
    """Play the first offered start cards, then keep the first card: the book's start sequence."""
    plays = 0
    while s.stage == Stage.SOLO_START:
        s.apply(s.legal_actions()[0])
        plays += 1
    kept = s.legal_actions()[0]
    s.apply(kept)
    return plays


@pytest.mark.parametrize("level,drawn,played", [(1, 2, 0), (2, 2, 0), (3, 3, 1), (4, 4, 2), (5, 5, 3)])
def test_solo_start_by_game(level, drawn, played):
    """PAX-EX-SOLO-START, PAX-SOLO-02, PAX-SOLO-09, PAX-SOLO-10, PAX-SOLO-11: draw 2/2/3/4/5; play
    0/0/1/2/3; one under the deck; keep one. Always 5 Aureus, 3 Legions, 30 set aside, 3 for Rome."""
    s = start(level)
    assert len(s.hands[0]) == drawn and s.money == [5]
    drawn_cards = set(s.hands[0])
    deck_before = len(s.deck)
    assert play_start(s) == played
    assert len(s.tableau[0]) == played and len(s.hands[0]) == 1
    assert set(s.tableau[0]) | set(s.hands[0]) | {s.deck[0]} == drawn_cards, \
        "the one card neither played nor kept went under the deck"
    assert len(s.deck) == deck_before + 1 - 3, "one card slid under, then one dealt below each Legion"
    assert s.nleg == 3 and len(s.removed) == 30 and len(s.rome_hidden) == 3  # PAX-SOLO-03/04/05
    assert s.money == [5], "start plays are free (PAX-Q-17)"
    assert s.view(0)["rome"]["hidden"] is None, "PAX-SOLO-05: Rome's 3 cards lie face down, unseen"


@pytest.mark.parametrize("level,deck", [(1, 37), (2, 37), (3, 36), (4, 35), (5, 34)])
def test_solo_deck_size_when_play_begins(level, deck):
    """PAX-TV-SOLO-DECK, PAX-Q-17: one card dealt below each of the 3 Legions."""
    s = start(level)
    play_start(s)
    assert len(s.deck) == deck and all(len(g) == 1 for g in s.legions)


def test_solo_set_aside_cards_stay_out():
    """PAX-SOLO-04, PAX-Q-20: the 30 cards set aside never come back."""
    s = start(2, seed=11)
    aside = set(s.removed)
    s.log = None
    while not s.is_over:
        s.apply(s.legal_actions()[0])
        assert set(s.removed) == aside


def test_solo_start_cards_ignore_the_fleet_army_limit():
    """PAX-SOLO-12, PAX-LIM-06: start cards may be Fleets and Armies without Estates."""
    s = build(1, level=5, phase="solo-start", hands=[["fleet*2", "army*2", "fleet", "wealth"]])
    assert "start:card=fleet-08" in codes(s) and "start:card=army-08" in codes(s)
    s.apply("start:card=fleet-08")
    assert s.sym[1] == 2
    s.check_invariants()


def test_solo_one_turn_is_one_round():
    """PAX-Q-17, PAX-SOLO-14: each turn is a full round with the transfer to Rome."""
    s = build(1, level=1, legions=[["army$4"], ["wealth$1"], []])
    s.apply("pass")
    assert s.rome == (27,) and s.round_no == 2 and s.to_move == 0


def test_solo_no_primus_conspiratus():
    """PAX-Q-17: Primus Conspiratus has no use in the solitaire game and is not given."""
    s = build(1, level=1, phase="play", hands=[["conspiracy", "wealth"]])
    s.apply("play:card=conspiracy-01")
    assert s.pc == -1


def end_solo(level, tableau, rome):
    """A solitaire game at its last turn, ended by ``done``."""
    s = build(1, level=level, phase="play", deck_ran_out=True, tableaux=[tableau], rome=rome,
              rome_hidden=["religion-01", "religion-02", "religion-03"], hands=[[]])
    s.apply("done")
    assert s.is_over
    return s


ALL7 = ["wealth", "fleet", "army", "religion*2", "religion*2", "senator", "estate*2", "conspiracy"]


@pytest.mark.parametrize("level,beaten", [(1, True), (2, True), (3, True), (4, False), (5, False)])
def test_solo_thresholds(level, beaten):
    """PAX-SOLO-01, PAX-SOLO-06, PAX-SOLO-07, PAX-SOLO-08, PAX-SOLO-09, PAX-SOLO-10, PAX-SOLO-11,
    PAX-SOLO-13: all 7 categories played and stronger than Rome in 3/4/5/6/7 of them."""
    # Rome: 3 Religion (hidden), 1 Senator, 1 Wealth face up -> the player is stronger in 5
    # categories (Fleet, Army, Religion 4 > 3, Estate, Conspiracy), not in Wealth and Senator
    s = end_solo(level, ALL7, ["senator", "wealth"])
    r = s.outcome()
    assert r["level"] == level and s.final()["categories_stronger"] == 5
    assert r["categories_needed"] == {1: 3, 2: 4, 3: 5, 4: 6, 5: 7}[level]
    assert r["all_categories_played"] is True
    assert r["level_beaten"] is beaten and s.winners() == ([0] if beaten else [])


def test_solo_needs_all_seven_categories():
    """PAX-SOLO-06, PAX-SOLO-13: stronger in 6 categories but no Senator played: not won."""
    s = end_solo(1, ["wealth", "fleet", "army", "religion*2", "religion*2", "estate*2", "conspiracy"], [])
    assert s.final()["categories_stronger"] == 6 and not s.final()["all_categories_played"]
    assert s.outcome()["level_beaten"] is False


def test_level_option_checked():
    """PAX-SOLO-01: five games; the option is for one player only."""
    with pytest.raises(BadOptions, match="1-5"):
        start(6)
    with pytest.raises(BadOptions, match="solitaire"):
        GAME.new_game(2, seed=1, options={"level": 2})
    assert GAME.new_game(1, seed=1).options["level"] == 1


def test_solo_verdict_and_points_column_agree():
    """The verdict counts categories (5 of 6), the column shows points: its heading gives the rate,
    3 per category, so the 15 beside „5 kategória” reads right (was „1 kategória” beside a bare 3)."""
    s = end_solo(4, ALL7, ["senator", "wealth"])
    for lang, head, count in (("hu", "erősebb Rómánál (3 pont/kategória)", "(5/6 kategória)"),
                              ("en", "stronger than Rome (3 points each)", "(5/6 categories)")):
        table = scoring(s.view(0), lang)
        assert count in table["title"]
        k = table["columns"].index(head)
        assert table["rows"][0][k] == "15"
