"""The full-screen terminal game (Textual): board, hand, options, players and log in fixed
panes, so nothing a player needs scrolls away; hot-seat hands hidden behind a pass screen.

``asztal play`` uses it when a person sits at a terminal; scripts and pipes keep the line
mode of :class:`asztal.cli.play.TerminalGame`. Both play a :class:`asztal.cli.seated.SeatedGame`
(the game, its bots and its save).
"""

from __future__ import annotations

from asztal.cli.seated import SeatedGame


def run_screen(game: SeatedGame) -> bool:
    """Play ``game`` full-screen until the end (True) or until the player quits (False)."""
    from asztal.cli.screen.app import GameApp

    app = GameApp(game)
    app.run()
    return app.finished


__all__ = ["run_screen"]
