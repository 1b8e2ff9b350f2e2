"""The engine contract every game implements (see docs/architecture.md).

>>> from asztal import games
>>> state = games.load("pax").new_game(players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
"""

from asztal.engine.action import Action, ActionTable
from asztal.engine.decision import Decision, Frame, Refusal
from asztal.engine.errors import BadOptions, BadRecord, BadSeat, IllegalAction, UnknownGame
from asztal.engine.game import Game
from asztal.engine.i18n import LANGS, render_message
from asztal.engine.rng import ChanceNode, ExplicitChance, Rng, as_rng
from asztal.engine.state import GameState

__all__ = [
    "Action", "ActionTable", "BadOptions", "BadRecord", "BadSeat", "ChanceNode", "Decision", "ExplicitChance",
    "Frame", "Game", "GameState", "IllegalAction", "LANGS", "Refusal",
    "Rng", "UnknownGame", "as_rng", "render_message",
]
