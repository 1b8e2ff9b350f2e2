"""How a game of PAX ended, as a typed value: who won and why (sections 11-13, the
solitaire requirements).

``PaxState.final_outcome()`` gives it once the game is over; ``PaxState.outcome()`` is its
JSON form (records, research rows and the equivalence digests read that).

>>> from asztal import games
>>> import random
>>> state = games.load("pax").new_game(players=2, seed=3)
>>> rand = random.Random(3)
>>> while not state.is_over:
...     state.apply(rand.choice(state.legal_actions()))
>>> result = state.final_outcome()
>>> result.ending in (Ending.ROME_WINS, Ending.PLAYERS_WIN)
True
>>> result.to_json() == state.outcome()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Ending(Enum):
    """Why the game ended the way it did."""

    #: PAX-WIN-04: Rome is strongest in at least 4 categories; the Primus Conspiratus holder wins with it
    ROME_WINS = "rome_wins"
    #: PAX-WIN-05: the players beat Rome; the most points win (section 13)
    PLAYERS_WIN = "players_win"
    #: PAX-SOLO-13: the solitaire game's requirements are met
    LEVEL_BEATEN = "level_beaten"
    #: PAX-SOLO-13: they are not; Rome wins
    LEVEL_LOST = "level_lost"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game of PAX.

    ``scores`` are the points of section 13 per seat (computed even when Rome wins);
    ``winners`` the seats that won (none when Rome wins and nobody holds Primus
    Conspiratus); ``rome_holds`` the categories Rome holds. In the solitaire game
    ``level`` is the game number and ``categories_stronger``/``categories_needed`` say how
    close the player came.
    """

    ending: Ending
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rome_holds: tuple[str, ...]
    primus_conspiratus: int | None
    level: int | None = None
    categories_stronger: int | None = None
    categories_needed: int | None = None
    all_categories_played: bool | None = None

    @property
    def rome_won(self) -> bool:
        return self.ending in (Ending.ROME_WINS, Ending.LEVEL_LOST)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``GameState.outcome()``): scores, winners, and PAX's own keys."""
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners),
                               "rome_won": self.rome_won, "rome_holds": list(self.rome_holds),
                               "primus_conspiratus": self.primus_conspiratus}
        if self.level is not None:
            out.update({"level": self.level, "level_beaten": self.ending is Ending.LEVEL_BEATEN,
                        "categories_stronger": self.categories_stronger,
                        "categories_needed": self.categories_needed,
                        "all_categories_played": self.all_categories_played})
        return out


def outcome_of(result: dict[str, Any], scores: list[float], pc: int | None, level: int | None) -> Outcome:
    """The Outcome of a final result (``scoring.final_result``)."""
    if level:
        ending = Ending.LEVEL_BEATEN if result["level_beaten"] else Ending.LEVEL_LOST
        return Outcome(ending, tuple(scores), tuple(result["winners"]), tuple(result["rome_holds"]), pc,
                       level, result["categories_stronger"], result["categories_needed"],
                       result["all_categories_played"])
    ending = Ending.ROME_WINS if result["rome_won"] else Ending.PLAYERS_WIN
    return Outcome(ending, tuple(scores), tuple(result["winners"]), tuple(result["rome_holds"]), pc)
