"""Civilizációk Hajnala (PocketCiv 2.0), solo: the rules as a pure, seeded state machine.

>>> from asztal import games
>>> state = games.load("pocketciv").new_game(seed=7)
>>> state.apply("place:area=1")
"""

from asztal.games.pocketciv import (  # noqa: F401  (each module registers its steps)
    advances,
    development,
    events,
    movement,
    scoring,
    upkeep,
    wonders,
)
from asztal.games.pocketciv.game import PocketCiv

GAME = PocketCiv()

__all__ = ["GAME", "PocketCiv"]
