"""Guided first games ("Tanuld meg"): one scripted lesson per game, followed in the terminal
(``asztal learn pax``) or in the browser (``/api/learn/{game}``, ``asztal.server.learn_api``).

The lessons are ``Script`` values (``core``), one module per game, which each game declares
as its ``lesson`` part.
"""

from __future__ import annotations

from asztal import games
from asztal.learn.core import Lesson, Reply, Script, Step

GAMES = tuple(n for n in games.names() if "lesson" in games.load(n).parts)

__all__ = ["GAMES", "Lesson", "Reply", "Script", "Step", "script"]


def script(game: str) -> Script:
    """The lesson of ``game``; KeyError for a game without one."""
    if game not in GAMES:
        raise KeyError(game)
    return games.load(game).part("lesson").SCRIPT  # type: ignore[no-any-return, union-attr]
