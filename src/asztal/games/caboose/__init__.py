"""Cleopatra vasúti kocsija (Cleopatra's Caboose), 3-5 players, from the Hungarian rulebook.

The map, cards and tiles come from a data pack; the default pack is *reconstructed* (designed
to fit every rule, not copied from the printed game): see docs/rules/caboose.md.

>>> from asztal import games
>>> state = games.load("caboose").new_game(players=3, seed=1)
>>> state.legal_actions()[0].code
'bid:1'
"""

from asztal.games.caboose.game import GAME, Caboose
from asztal.games.caboose.state import CabooseState

__all__ = ["GAME", "Caboose", "CabooseState"]
