"""PAX as an asztal Game: name, players, options, actions, messages and setup."""

from __future__ import annotations

from typing import Any

from asztal.engine import Action, BadOptions, Game, GameState
from asztal.engine.declare import Option
from asztal.games.pax.actions import ACTIONS
from asztal.games.pax.messages import MESSAGES
from asztal.games.pax.pack import NCARDS, load_pack
from asztal.games.pax.setup import setup
from asztal.games.pax.state import PaxState


class Pax(Game):
    """PAX (Irongames 2011): 2-4 players against Rome, or the 5-game solitaire campaign.

    Options: ``level`` (solitaire game 1-5, 1 player only; default 1), ``pack`` (path of
    another data pack; default the reconstructed pack), ``start`` (the first start player:
    ``"random"`` or a seat number; PAX-Q-19).
    """

    name = "pax"
    version = "1"
    title = {"hu": "PAX", "en": "PAX"}
    min_players = 1  # PAX-GOAL-01: 1-4 players, 1 = solitaire
    max_players = 4
    state_class = PaxState
    messages = MESSAGES
    default_options: dict[str, Any] = {"level": None, "pack": None, "start": "random"}
    options = {
        "level": Option("integer", "Pasziánsz: a játék száma (1-5)", "Solitaire: game number (1-5)",
                        values=(1, 2, 3, 4, 5), players=(1,)),
        "start": Option("string|integer", "Kezdő játékos (random: sorsolás)",
                        "Starting player (random: drawn by lot)"),
        "pack": Option("pack", "Kártyacsomag", "Card pack"),
    }
    solo_levels = ("level", (1, 2, 3, 4, 5))  # PAX-SOLO-01
    default_players = 2
    rule_groups = {
        "keep": ("PAX-SETUP", "PAX-DRAW", "PAX-REL"), "start": ("PAX-SOLO",),
        "draw": ("PAX-TURN", "PAX-DRAW"), "nodraw": ("PAX-END", "PAX-DRAW"), "place": ("PAX-DRAW",),
        "buy": ("PAX-BUY", "PAX-WEA"), "nobuy": ("PAX-BUY",), "play": ("PAX-PLAY", "PAX-LIM", "PAX-SYM"),
        "done": ("PAX-INC",), "pass": ("PAX-TURN",),
    }
    parts = {
        "actions": "asztal.games.pax.actions",
        "board": "asztal.games.pax.board",
        "render": "asztal.games.pax.render",
        "stats": "asztal.games.pax.stats",
        "heuristic": "asztal.bots.heuristics.pax",
        "lesson": "asztal.learn.pax",
        "encoding": "asztal.games.pax.encoding",
        "items": "asztal.games.pax.items",
    }
    # easy: a first-time player should beat it now and then; at most 60 iterations (the clock
    # still applies) it beats greedy about two games in three (71%, 40 games), where its 0.1 s
    # on an idle machine (~500 iterations) beat greedy far more often (200 iterations: 92.5%)
    bot_presets = {"easy": {"iterations": 60}}
    # no constant sum: when Rome wins and nobody holds the Primus Conspiratus, nobody wins (PAX-R-07)

    def chance_bound(self, state: GameState) -> int:
        """A draw is a card of the deck (numbered from 0) or a seat (the start player)."""
        return NCARDS

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check_options(players, options)
        level = opts["level"]
        if players == 1:
            if level is None:
                level = 1
            if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 5:
                raise BadOptions(f"level must be a solitaire game number 1-5, not {level!r}")
        elif level is not None:
            raise BadOptions("option level is for the solitaire game (1 player) only")
        opts["level"] = level
        start = opts["start"]
        if start != "random" and (isinstance(start, bool) or not isinstance(start, int)
                                  or not 0 <= start < players):
            raise BadOptions(f"start must be 'random' or a seat 0-{players - 1}, not {start!r}")
        load_pack(opts["pack"])  # raises BadOptions with the reason
        return opts

    def action_by_code(self, code: str) -> Action | None:
        return ACTIONS.by_code(code)

    def _setup(self, state: GameState) -> None:
        assert isinstance(state, PaxState)
        setup(state)


GAME = Pax()
