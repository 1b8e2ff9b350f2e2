"""The Game object of Cleopatra's Caboose: options, action codes, messages, setup."""

from __future__ import annotations

from typing import Any

from asztal.engine import BadOptions, Game, GameState
from asztal.engine.action import Action
from asztal.engine.declare import Option
from asztal.engine.game import actions_in
from asztal.games.caboose import pack as _pack
from asztal.games.caboose.messages import MESSAGES, event_words
from asztal.games.caboose.setup import setup
from asztal.games.caboose.state import CabooseState

#: bids above this are not in the action space (no seat has held that much in our runs)
MAX_BID = 120


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
    # what the game declares to the other layers (``asztal.engine.declare``)
    default_players = 3
    options = {"pack": Option("pack", "Alkatrészcsomag", "Component pack"),
               "open_hands": Option("boolean", "Nyílt kézben tartott lapok", "Open hands")}
    rule_groups = {
        "bid": ("CC-AUC",), "pass": ("CC-AUC",), "god": ("CC-GOD",), "take": ("CC-TURN",), "done": ("CC-TURN",),
        "rail": ("CC-ACT-TRAIN",), "route": ("CC-ACT-TRAIN",), "build": ("CC-ACT-BUILD",),
        "deliver": ("CC-ACT-DELIVER", "CC-TRANS"), "card": ("CC-ACT-DELIVER",), "src": ("CC-TRANS",),
        "grow": ("CC-ACT-GROW",), "use": ("CC-ACT-GROW", "CC-ACT-BUILD"), "pyramid": ("CC-ACT-PYR",),
        "citydraw": ("CC-ACT-CITY",), "city": ("CC-ACT-BUILD", "CC-ACT-PYR", "CC-ACT-TRAIN"),
        "horus": ("CC-GOD-HORUS",), "swap": ("CC-GOD-HORUS",), "sekhmet": ("CC-GOD-SEKHMET",),
    }
    parts = {"board": "asztal.games.caboose.board", "render": "asztal.games.caboose.render",
             "stats": "asztal.games.caboose.stats", "heuristic": "asztal.bots.heuristics.caboose",
             "lesson": "asztal.learn.caboose", "encoding": "asztal.games.caboose.encoding",
             "items": "asztal.games.caboose.items"}
    # decisions cost ~8x PAX's (longer legal lists, transport search): shorter roll-outs
    bot_presets = {"easy": {"depth": 10}, "normal": {"depth": 20}, "hard": {"depth": 30}}
    constant_sum = True  # the most VP wins, ties broken to one seat (CC-GOAL-02): always a winner

    def chance_bound(self, state: GameState) -> int:
        """A draw is a card of a pile (numbered from 0 in the state's pack: its largest pile
        bounds it) or a small number (a seat, a die: below 256)."""
        assert isinstance(state, CabooseState)
        pk = state.pk
        return max(256, len(pk.ac_ids), len(pk.cc_ids), len(pk.prestige_ids))

    def event_words(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        return event_words(event, lang)

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check_options(players, options)
        if not isinstance(opts["open_hands"], bool):
            raise BadOptions("caboose option open_hands must be true or false")
        _pack.load_pack(opts["pack"])  # raises BadOptions with the first problem of the pack
        return opts

    def _setup(self, state: GameState) -> None:
        assert isinstance(state, CabooseState)
        state.pk = _pack.load_pack(state.options["pack"])
        setup(state)

    def action_space(self, state: GameState | None = None) -> list[Action]:
        """Every action in ``state``'s pack: the fixed ones, bids up to ``MAX_BID``, the pack's own."""
        pk = state.pk if isinstance(state, CabooseState) else _pack.load_pack(None)
        found = actions_in(_pack.PASS, _pack.DONE, _pack.HORUS_ACT, _pack.CITYDECK, _pack.GODS_ACT[1:],
                           _pack.bids(1, MAX_BID), list(pk.codes.values()))
        return [found[c] for c in sorted(found)]

    def action_by_code(self, code: str) -> Action | None:
        """The action of the default pack (codes of another pack resolve per state)."""
        return _pack.load_pack(None).action_by_code(code)

    def action_for_code(self, state: GameState, code: str) -> Action | None:
        """Codes are read against the state's own pack (a printed pack may differ from ours)."""
        self.check_code(state, code)
        assert isinstance(state, CabooseState)
        action = state.pk.action_by_code(code)
        return action if action is not None and action.code == code else None


GAME = Caboose()
