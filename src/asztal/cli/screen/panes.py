"""What goes into each pane, from the game's own drawing (``games/<name>/render.py``).

A game that lays itself out for the screen has ``panes(view, lang, seat)`` returning the
renderables ``board``, ``players`` and ``hand`` (``None`` for a pane it has nothing for),
and may name the last two (``players_title``, ``hand_title``: PocketCiv's "hand" is the
player's empire); any other game's whole drawing goes into the board pane.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType

from asztal.cli.show import _game_module, view_renderable
from asztal.engine import GameState


@dataclass(frozen=True)
class Panes:
    board: RenderableType
    players: RenderableType | None
    hand: RenderableType | None
    players_title: str | None = None
    hand_title: str | None = None


def panes(state: GameState, seat: int | None, lang: str) -> Panes:
    """The panes of what ``seat`` sees now (a spectator's for ``None``)."""
    fn = getattr(_game_module(state, "render"), "panes", None)
    if fn is None:
        return Panes(view_renderable(state, seat, lang), None, None)
    parts = fn(state.view(seat), lang, seat)
    return Panes(parts["board"], parts.get("players"), parts.get("hand"), parts.get("players_title"),
                 parts.get("hand_title"))
