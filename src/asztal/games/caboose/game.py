"""The Game object of Cleopatra's Caboose: options, action codes, messages, setup."""

from __future__ import annotations

from typing import Any

from asztal.engine import BadOptions, Game
from asztal.games.caboose import pack as _pack
from asztal.games.caboose.messages import MESSAGES, event_words
from asztal.games.caboose.setup import setup
from asztal.games.caboose.state import CabooseState


class Caboose(Game):
    name = "caboose"
    version = "2"
    title = {"hu": "Cleopatra vasúti kocsija", "en": "Cleopatra's Caboose"}
    min_players, max_players = 3, 5  # CC-GOAL-03, CC-Q-03
    state_class = CabooseState
    messages = MESSAGES
    #: ``pack``: path of a component pack (None: the reconstructed pack shipped with asztal);
    #: ``open_hands``: everyone sees every hand (CC-Q-34: hidden by default)
    default_options: dict[str, Any] = {"pack": None, "open_hands": False}

    def event_words(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        return event_words(event, lang)

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check_options(players, options)
        if not isinstance(opts["open_hands"], bool):
            raise BadOptions("caboose option open_hands must be true or false")
        _pack.load_pack(opts["pack"])  # raises BadOptions with the first problem of the pack
        return opts

    def _setup(self, state: CabooseState) -> None:
        state.pk = _pack.load_pack(state.options["pack"])
        setup(state)

    def action_by_code(self, code: str):
        """The action of the default pack (codes of another pack resolve per state)."""
        return _pack.load_pack(None).action_by_code(code)

    def action_for_code(self, state, code):
        """Codes are read against the state's own pack (a printed pack may differ from ours)."""
        self.check_code(state, code)
        action = state.pk.action_by_code(code)
        return action if action is not None and action.code == code else None


GAME = Caboose()
