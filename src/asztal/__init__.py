"""asztal: PAX, Civilizációk Hajnala and Cleopatra vasúti kocsija from their Hungarian rulebooks.

Layers (see docs/architecture.md): ``engine`` (the contract) and ``games`` (pure rules)
at the bottom, then ``bots``, ``sim``, and the interfaces (``cli``).
"""

__version__ = "0.1.0"
