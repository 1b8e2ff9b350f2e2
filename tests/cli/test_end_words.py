"""The end of a multiplayer PocketCiv game in words (issue 33 item 6, issue 37): who fell, when
and why, who won by which rule, from what the outcome offers, and nothing when it offers none."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from asztal import games
from asztal.cli.show import outcome_renderable, seat_names
from asztal.games.pocketciv.render import verdict

NAMES = {"hu": ["1. játékos", "2. játékos"], "en": ["Player 1", "Player 2"]}


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_fallen_empire_and_the_rule_the_winner_won_by(lang):
    outcome = {"ending": "wiped", "winners": [0], "scores": [3.0, 0.0], "won_by": "last_standing",
               "fallen": [{"seat": 1, "round": 3, "era": 2, "cause": "anarchy"}]}
    fell, won = verdict(outcome, lang, NAMES[lang])
    if lang == "hu":
        assert fell == ("A 2. játékos Birodalma elpusztult a 3. fordulóban, a 2. korszakban: az Anarchia után nem "
                        "maradt sem városa, sem törzse.")
        assert won == "Az 1. játékos nyert: az ő Birodalma maradt talpon utoljára."
    else:
        assert fell == ("The Empire of Player 2 fell in round 3, era 2: after the Anarchy it had neither a city nor "
                        "a tribe left.")
        assert won == "Player 1 won: theirs is the last Empire standing."


def test_every_empire_fallen_at_once_and_a_win_on_points():
    both = {"ending": "wiped", "winners": [], "scores": [0.0, 0.0], "won_by": None,
            "fallen": [{"seat": 0, "round": 1, "era": 1, "cause": "tribe_upkeep"},
                       {"seat": 1, "round": 1, "era": 1, "cause": "tribe_upkeep"}]}
    fell, won = verdict(both, "hu", NAMES["hu"])
    assert fell.startswith("Az 1. játékos és a 2. játékos Birodalma egyszerre pusztult el")
    assert "Törzsfenntartás" in fell
    assert won == "Senki sem nyert: minden Birodalom elpusztult."
    points = verdict({"ending": "eras", "winners": [0, 1], "scores": [20.0, 20.0], "won_by": "points",
                      "fallen": []}, "en", NAMES["en"])
    assert points == ["Era 8 is over, and the most victory points win: a tie, Player 1 and Player 2 share the win "
                      "with 20 each."]


def test_an_outcome_without_those_keys_says_nothing_more():
    assert verdict({"winners": [1]}, "hu", NAMES["hu"]) == []  # a solo game's outcome


class WithOutcome:
    """A finished state that reports ``outcome`` (a proxy: a compiled state class cannot be patched)."""

    def __init__(self, state, outcome: dict) -> None:
        self.state, self.told = state, outcome

    def outcome(self) -> dict:
        return self.told

    def __getattr__(self, name: str):
        return getattr(self.state, name)


def test_the_end_screen_shows_the_verdict_and_the_outcomes_own_sentences():
    state = games.load("pocketciv").new_game(2, seed=5)
    pick = random.Random(5)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    told = {**state.outcome(), "ending": "wiped", "winners": [0], "won_by": "last_standing",
            "fallen": [{"seat": 1, "round": 2, "era": 1, "cause": "city_upkeep"}],
            "note": {"hu": "Egy mondat a kimenetelből.", "en": "A sentence of the outcome."}}
    console = Console(width=120, record=True, file=open("/dev/null", "w"))
    console.print(outcome_renderable(WithOutcome(state, told), "hu", seat_names(2, ["human", "normal"], {0}, "hu"), 0))
    text = " ".join(console.export_text().split())
    assert "A 2. játékos (normál robot) Birodalma elpusztult a 2. fordulóban, az 1. korszakban" in text
    assert "Az 1. játékos (te) nyert: az ő Birodalma maradt talpon utoljára." in text
    assert "Egy mondat a kimenetelből." in text and "A sentence" not in text
