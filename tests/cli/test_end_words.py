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
    outcome = {"winners": [0], "won_by": "last_standing",
               "fallen": [{"seat": 1, "round": 3, "era": 2, "cause": "anarchy"}]}
    fell, won = verdict(outcome, lang, NAMES[lang])
    if lang == "hu":
        assert fell == ("2. játékos: a Birodalma elbukott a 2. Korszak 3. fordulójában: Anarchia után nem maradt "
                        "sem törzse, sem városa.")
        assert won.startswith("1. játékos nyert: az ő Birodalma maradt egyedül talpon")
    else:
        assert fell == ("Player 2: the Empire fell in round 3 of era 2; after Anarchy it had neither a tribe nor a "
                        "city left.")
        assert won.startswith("Player 1 won: theirs is the one Empire left standing")


def test_every_empire_fallen_at_once_and_a_win_on_points():
    both = {"winners": [], "won_by": None, "fallen": [{"seat": 0, "round": 1, "era": 1, "cause": None},
                                                      {"seat": 1, "round": 1, "era": 1, "cause": "tribe_upkeep"}]}
    lines = verdict(both, "hu", NAMES["hu"])
    assert lines[0].endswith("az 1. Korszak 1. fordulójában, nem maradt sem törzse, sem városa.")
    assert "Törzsfenntartás" in lines[1] and lines[2] == "Minden Birodalom egyszerre bukott el: senki sem nyert."
    points = verdict({"winners": [0, 1], "won_by": "points", "fallen": []}, "en", NAMES["en"])
    assert points == ["Player 1 and Player 2 won: every Empire stood to the end of era 8, so the most victory points "
                      "decided."]


def test_an_outcome_without_those_keys_says_nothing_more():
    assert verdict({"winners": [1]}, "hu", NAMES["hu"]) == []
    assert verdict({"winners": [0], "fallen": [{"seat": 9}, "x"], "won_by": "??"}, "hu", NAMES["hu"]) == []


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
    told = {**state.outcome(), "winners": [0], "won_by": "last_standing",
            "fallen": [{"seat": 1, "round": 2, "era": 1, "cause": "city_upkeep"}],
            "note": {"hu": "Egy mondat a kimenetelből.", "en": "A sentence of the outcome."}}
    console = Console(width=120, record=True, file=open("/dev/null", "w"))
    console.print(outcome_renderable(WithOutcome(state, told), "hu", seat_names(2, ["human", "normal"], {0}, "hu"), 0))
    text = " ".join(console.export_text().split())
    assert "2. játékos (normál robot): a Birodalma elbukott az 1. Korszak 2. fordulójában" in text
    assert "1. játékos (te) nyert: az ő Birodalma maradt egyedül talpon" in text
    assert "Egy mondat a kimenetelből." in text and "A sentence" not in text
