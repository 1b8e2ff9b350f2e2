"""PAX, the Roman card game of intrigue, from its Hungarian rulebook (Irongames 2011).

>>> from asztal import games
>>> state = games.load("pax").new_game(players=3, seed=7)
>>> {a.kind for a in state.legal_actions()}
{'keep'}

The card values come from a **reconstructed** data pack (``data/pack-reconstructed.json``):
the printed values are not known; see ``docs/rules/pax.md``.
"""

from asztal.games.pax.frames import Stage
from asztal.games.pax.game import GAME, Pax
from asztal.games.pax.outcome import Ending, Outcome
from asztal.games.pax.state import PaxState

__all__ = ["GAME", "Ending", "Outcome", "Pax", "PaxState", "Stage"]
