"""What a game says about itself, so that no layer above the games has to know it by name.

A :class:`~asztal.engine.game.Game` declares (as class attributes):

- ``options``: each option's :class:`Option` (type, hu/en label, allowed values, the player
  counts it is for); the lobby, the terminal menu and the server read them;
- ``solo_levels``: the option that numbers the levels of the solo game, and its values
  (the arena plays every level);
- ``rule_groups``: by kind of action, the rule ID prefixes that govern it (the browser's
  "the rules behind this move");
- ``parts``: its optional parts as module paths, imported only when asked for
  (``Game.part``): ``actions`` (the module of its interned actions), ``board`` (SVG board),
  ``render`` (terminal drawing), ``stats`` (research columns), ``heuristic`` and ``policy``
  (bots), ``map`` (map rules and geometry), ``encoding`` (observations for learning agents:
  ``view_encoder(state)`` and ``state_encoder(state, size)``, see ``asztal.adapters.encoding``);
- ``bot_presets``: per MCTS difficulty, the settings this game plays better with;
- ``action_space(state)``: every action it can ever offer (a fixed numbering for learning);
- for the research adapters: ``score_return`` (the return is the final score divided by it;
  None: each winner's share of the win), ``constant_sum`` (a game of several players always
  has a winner, so the win shares sum to 1) and ``chance_bound(state)`` (one more than the
  largest outcome a draw can have: a card's number, a die's face).

>>> Option("integer", "Szint", "Level", values=(1, 2, 3)).to_json("level")["values"]
[1, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the kinds of option value an interface knows how to ask for
OPTION_TYPES = ("integer", "string|integer", "boolean", "pack", "any")


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: ``type`` (one of ``OPTION_TYPES``; ``"pack"``: the name of a data
    pack or map the server offers, never a path from a client), the label in Hungarian and
    English, the allowed ``values`` (None: any of the type) and the player counts it is for
    (None: every count)."""

    type: str
    hu: str
    en: str
    values: tuple[Any, ...] | None = None
    players: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option type must be one of {', '.join(OPTION_TYPES)}, not {self.type!r}")

    def to_json(self, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "hu": self.hu, "en": self.en, "type": self.type}
        if self.values is not None:
            out["values"] = list(self.values)
        if self.players is not None:
            out["players"] = list(self.players)
        return out


#: the parts a game may declare (``Game.parts``), each a module path
PARTS = ("actions", "board", "render", "stats", "heuristic", "policy", "map", "lesson", "encoding", "items")

__all__ = ["OPTION_TYPES", "Option", "PARTS"]
