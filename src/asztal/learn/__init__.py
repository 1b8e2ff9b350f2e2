"""Guided first games ("Tanuld meg"): one scripted lesson per game, followed in the terminal
(``asztal learn pax``) or in the browser (``/api/learn/{game}``, ``asztal.web.learn``).

The lessons are ``Script`` values (``core``), one module per game; this package lists them.
"""

from __future__ import annotations

import importlib

from asztal.learn.core import Lesson, Reply, Script, Step

GAMES = ("pax", "pocketciv", "caboose")

__all__ = ["GAMES", "Lesson", "Reply", "Script", "Step", "script"]


def script(game: str) -> Script:
    """The lesson of ``game``; KeyError for a game without one."""
    if game not in GAMES:
        raise KeyError(game)
    return importlib.import_module(f"asztal.learn.{game}").SCRIPT  # type: ignore[no-any-return]
