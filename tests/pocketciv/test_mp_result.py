"""The end of a multiplayer game (ruling PC-R-MP-WIPEOUT-LOSES, PC-MP-END-01/02, issue 33): the
outcome says who fell, in which round and era and after what, and who won by which rule; the
browser's and the terminal's end screens say it in Hungarian and English (``result_words``)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from asztal.cli.show import outcome_renderable
from asztal.engine.i18n import player_name
from asztal.games.pocketciv import board
from asztal.games.pocketciv.data import NCARDS, RED
from asztal.games.pocketciv.frames import Mp
from asztal.games.pocketciv.result_words import result_sentences
from tests.pocketciv.scenario import GAME
from tests.pocketciv.test_multiplayer import areas_of, event, go, mp


def _flooded():
    """Card 6 era 1 is a Flood; the next card's red circle names number k, whose areas are all
    inland: the 2 tribes of player 2 there drown (PC-EVT-FLOOD-03), player 1 stands far away."""
    s = mp(totem=0)
    b = s.board
    k = next(k for k in range(1, 9) if not any(b.coastal[a] for a in areas_of(s, k)))
    card = next(c for c in range(NCARDS) if RED[c] == k and c != 5)
    hit = areas_of(s, k)
    far = next(a for a in range(b.n) if b.number[a] != k and not any(x in hit for x in b.adj[a]))
    s.seats[1].tribes[hit[0]] = 2
    s.seats[0].tribes[far] = 3
    event(s, 6, [card + 1])
    s.apply("totem:leave")
    return s


def test_the_outcome_names_who_fell_when_and_after_which_event():
    """PC-MP-END-01: the game ends as soon as player 2 has neither a tribe nor a city; the
    outcome names the seat, the round, the era and the Flood; player 1, still standing, wins as
    the last Empire standing (PC-R-MP-WIPEOUT-LOSES), though both have 0 points."""
    s = _flooded()
    assert s.is_over and s.ending == "wiped"
    out = s.outcome()
    assert out["fallen"] == [{"seat": 1, "round": 1, "era": 1, "cause": "flood"}]
    assert out["winners"] == [0] and out["won_by"] == "last_standing" and out["scores"] == [0.0, 0.0]
    assert result_sentences(out, "hu") == [
        "A 2. játékos Birodalma elpusztult az 1. fordulóban, az 1. korszakban: az Árvíz után nem maradt sem "
        "városa, sem törzse.",
        "Az 1. játékos nyert: az ő Birodalma maradt talpon utoljára."]
    assert result_sentences(out, "en") == [
        "The Empire of Player 2 fell in round 1, era 1: after the Flood it had neither a city nor a tribe left.",
        "Player 1 won: theirs is the last Empire standing."]


def test_both_end_screens_say_who_fell_and_who_won():
    """The browser's headline (``board.verdict``, with the lobby's names) reads the view's
    ``result``, the terminal's end screen (``cli.show.outcome_renderable``: ``render.verdict``
    with the seats' names) the outcome; every seat sees the same."""
    s = _flooded()
    for seat in (0, 1):
        view = s.view(seat)
        assert view["result"] == s.outcome()
        hu = board.verdict(view, "hu", ["Anna", "Béla"], s.winners())
        assert hu == ("Béla Birodalma elpusztult az 1. fordulóban, az 1. korszakban: az Árvíz után nem maradt sem "
                      "városa, sem törzse. Anna nyert: az ő Birodalma maradt talpon utoljára.")
        assert board.verdict(view, "en", ["Anna", "Béla"]).startswith("The Empire of Béla fell in round 1, era 1")
        for lang, words in (("hu", "A 2. játékos Birodalma elpusztult"), ("en", "The Empire of Player 2 fell")):
            console = Console(width=120, record=True)
            console.print(outcome_renderable(s, lang, [player_name(p, lang) for p in (0, 1)], seat))
            text = " ".join(console.export_text().split())
            assert words in text and ("nyert" if lang == "hu" else "won") in text


def test_a_fall_in_tribe_upkeep_names_the_upkeep():
    """PC-MP-CITY-02: an area with no forest, mountain, farm or city supports no tribe; player 2's
    only tribes die there in the tribe upkeep of all colours, and the game ends right after it."""
    s = mp(totem=0)
    s.seats[0].tribes[0] = 1
    s.forest[0] = 1
    s.seats[1].tribes[1] = 2
    go(s, Mp(4, 0))
    out = s.outcome()
    assert out["fallen"] == [{"seat": 1, "round": 1, "era": 1, "cause": "tribe_upkeep"}]
    assert "a Törzsfenntartás után" in result_sentences(out, "hu")[0]
    assert "after the tribe upkeep" in result_sentences(out, "en")[0]


def test_the_rule_the_winners_won_by():
    """Era 8 over with both standing: the most points (a tie shared); three players, one fallen:
    the most points among those still standing; all fallen at once: nobody won."""
    t = mp(totem=0)
    t.seats[0].tribes[0] = t.seats[1].tribes[1] = 1
    t.forest[0] = t.forest[1] = 1
    t.era = 8
    t.discard = t.deck[:-1]
    t.deck = t.deck[-1:]
    go(t, Mp(1, 0))
    t.apply("done")
    t.apply("done")
    out = t.outcome()
    assert t.ending == "eras" and out["fallen"] == [] and out["won_by"] == "points" and out["winners"] == [0, 1]
    assert result_sentences(out, "hu") == [
        "Véget ért a 8. korszak, és a több győzelmi pont dönt: döntetlen, az 1. játékos és a 2. játékos "
        "osztozik a győzelmen, 0-0 ponttal."]
    assert result_sentences(out, "en") == [
        "Era 8 is over, and the most victory points win: a tie, Player 1 and Player 2 share the win with 0 each."]
    three = {"ending": "wiped", "winners": [2], "scores": [9.0, 4.0, 7.0], "won_by": "points_of_the_standing",
             "fallen": [{"seat": 0, "round": 30, "era": 5, "cause": None}]}
    assert result_sentences(three, "hu") == [
        "Az 1. játékos Birodalma elpusztult a 30. fordulóban, az 5. korszakban: nem maradt sem városa, sem törzse.",
        "A talpon maradt Birodalmak közül a több győzelmi pont dönt: a 3. játékos nyert, 7 ponttal."]
    none = {"ending": "wiped", "winners": [], "scores": [0.0, 0.0], "won_by": None,
            "fallen": [{"seat": 0, "round": 3, "era": 1, "cause": "visitation"},
                       {"seat": 1, "round": 3, "era": 1, "cause": "visitation"}]}
    assert result_sentences(none, "en")[1] == "Nobody won: every Empire fell."
    assert result_sentences(none, "hu")[0].startswith("Az 1. játékos és a 2. játékos Birodalma egyszerre pusztult el")
    assert result_sentences({**none, "ending": None}, "hu") == []


@pytest.mark.parametrize("players", [2, 3])
def test_a_wiped_out_seat_is_never_a_winner_in_random_games(players):
    """PC-R-MP-WIPEOUT-LOSES over random games (issue 33 asks 200 two-player games; the report
    gives that figure, this is the fast sample): every game that ends in a wipe-out names its
    fallen seats, none of them wins, and those still standing are the only candidates."""
    wiped = 0
    for seed in range(12):
        s = GAME.new_game(players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            s.apply(rnd.choice(s.legal_actions()))
        out = s.outcome()
        fallen = {f["seat"] for f in out["fallen"]}
        assert fallen == {p for p, e in enumerate(s.seats) if e.wiped()}
        assert not fallen & set(out["winners"])
        assert GAME.from_json(s.to_json()).outcome() == out  # a save tells the same end
        if s.ending == "wiped":
            wiped += 1
            assert fallen and (out["winners"] or fallen == set(range(players)))
    assert wiped >= 6
