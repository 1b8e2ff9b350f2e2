"""asztal: PAX, Civilizációk Hajnala and Cleopatra vasúti kocsija from their Hungarian rulebooks.

Layers (see docs/architecture.md): ``engine`` (the contract) and ``games`` (pure rules)
at the bottom, then ``bots``, ``sim``, and the interfaces (``cli``, ``server``, ``web``).

>>> import asztal
>>> asztal.games.names()[:3]  # the built-in games (tests and plug-ins may add more)
['pax', 'pocketciv', 'caboose']
>>> state = asztal.load("pax").new_game(players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
>>> asztal.replay(state.record).to_json() == state.to_json()
True
"""

# ``_build`` first: it picks the compiled or the pure build before any rules module is imported
from asztal import _build, games  # noqa: F401
from asztal.games import load, replay

__version__ = "0.1.0"

__all__ = ["games", "load", "replay"]
