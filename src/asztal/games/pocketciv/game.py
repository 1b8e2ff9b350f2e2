"""The Game object: options, setup, action codes."""

from __future__ import annotations

from typing import Any

from asztal.engine import BadOptions, Game, GameState
from asztal.engine.action import Action
from asztal.engine.declare import Option
from asztal.engine.i18n import player_name
from asztal.engine.jsonfile import read_json_file
from asztal.games.pocketciv.actions import TABLE
from asztal.games.pocketciv.messages import MESSAGES, event_words
from asztal.games.pocketciv.mp import generate_mp_board, setup_multiplayer
from asztal.games.pocketciv.setup import Board, check_map, generate_board, place_deserts
from asztal.games.pocketciv.state import PocketCivState


class PocketCiv(Game):
    name = "pocketciv"
    version = "4"
    title = {"hu": "Civilizációk Hajnala", "en": "Dawn of Civilizations (PocketCiv)"}
    min_players, max_players = 1, 4
    state_class = PocketCivState
    messages = MESSAGES
    #: ``map``: None (generated from the seed), a path to a map JSON file, or the map itself
    default_options = {"map": None}
    # what the game declares to the other layers (``asztal.engine.declare``)
    options = {"map": Option("pack", "Térkép (egyszemélyes játék)", "Map (solo game)", players=(1,))}
    rule_groups = {
        "place": ("PC-SETUP",), "move": ("PC-POP",), "go": ("PC-DECK", "PC-DEV-EXP"), "draw": ("PC-DECK",),
        "stop": ("PC-DEV-EXP",), "city": ("PC-DEV-CITY",), "farm": ("PC-DEV-FARM",), "agri": ("PC-DEV-FARM",),
        "forest": ("PC-DEV-FARM",), "exp": ("PC-DEV-EXP",), "adv": ("PC-DEV-ADV",), "wonder": ("PC-DEV-WONDER",),
        "mine": ("PC-DEV-MINING",), "tax": ("PC-DEV-BM",), "pay": ("PC-UPK-TRIBE", "PC-UPK-CITY"),
        "sacrifice": ("PC-UPK",), "drop": ("PC-UPK-GOLD",), "cav": ("PC-UPK-CITYDEV",), "topup": ("PC-UPK-CITY",),
        "lose": ("PC-EVT",), "hit": ("PC-EVT", "PC-MP"), "hitcity": ("PC-EVT", "PC-MP"), "pick": ("PC-EVT",),
        "lose_wonder": ("PC-EVT",), "era": ("PC-ERA", "PC-END"), "done": ("PC-TURN", "PC-DEV"),
        "totem": ("PC-MP-TOTEM",), "offer": ("PC-EVT",), "steal": ("PC-EVT",), "astronomy": ("PC-DEV-ADV",),
    }
    parts = {"actions": "asztal.games.pocketciv.actions", "board": "asztal.games.pocketciv.board",
             "render": "asztal.games.pocketciv.render", "stats": "asztal.games.pocketciv.stats",
             "map": "asztal.games.pocketciv.setup",
             "heuristic": "asztal.bots.heuristics.pocketciv", "policy": "asztal.bots.policies.pocketciv",
             "lesson": "asztal.learn.pocketciv", "encoding": "asztal.games.pocketciv.encoding",
             "items": "asztal.games.pocketciv.items"}
    # roll-outs stop after a few turns and the heuristic judges the position: solo at its
    # SOLO_ROLLOUT_DEPTH, where an evaluation fitted on the policy's deals predicts the final
    # score (docs/bots.md, issue 39); with several players at 60 moves too, where ``cutoff``
    # pays each Empire its expected reward with the chance of its fall. Played to the end,
    # a two-player search at 0.5 s saw about 200 play-outs a move and let one Empire fall
    # before Era 4 in 12 of 100 deals; cut at 60 moves it sees about 1,100, and both Empires
    # reach Era 4 in 92 of 100 (docs/bots.md, "Play-outs cut at 60 moves with several players").
    bot_presets = {"easy": {"depth": 15}, "normal": {"depth": 60}, "hard": {"depth": 60}}
    # the solo game's goal is its final score (PC-END-02): a research return is the final score / 100
    # (a game's score is mostly 0-200 VP); its "win" (no collapse) is met by stopping early
    score_return = 100.0

    def chance_bound(self, state: GameState) -> int:
        """A draw is an event card (1-16), a die, or a generated map's parameter (below 8! = 40320)."""
        return 40320

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check_options(players, options)
        m = opts["map"]
        if m is None:
            return opts
        if players > 1:
            raise BadOptions("a hand-made map is for the solo game; the multiplayer map is generated")
        if isinstance(m, str):
            m = read_json_file(m, f"the map file {m!r}", BadOptions)
        try:
            opts["map"] = check_map(m)
        except ValueError as e:
            raise BadOptions(f"invalid map: {e}") from None
        return opts

    def event_words(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        return event_words(event, lang)

    def describe(self, event: dict[str, Any], lang: str = "hu", seat: int | None = None) -> str:
        """In the multiplayer game, a line of one Empire's turn names its player first."""
        text = super().describe(event, lang, seat)
        actor = event.get("actor")
        return f"{player_name(actor, lang)}: {text}" if isinstance(actor, int) else text

    def action_by_code(self, code: str) -> Action | None:
        return TABLE.by_code(code)

    def _setup(self, s: GameState) -> None:
        assert isinstance(s, PocketCivState)
        data = s.options["map"]
        if s.players > 1:  # PC-MP-MAP-01/02
            board = generate_mp_board(s.rng, s.players)
        elif data is None:
            board = generate_board(s.rng)
        else:
            if not all("desert" in a for a in data["areas"]):
                mountains = {a["number"] - 1 for a in data["areas"] if a["mountain"]}
                forests = {a["number"] - 1 for a in data["areas"] if a["forest"]}
                deserts = place_deserts(s.rng, mountains, forests)
                data = {**data, "areas": [{**a, "desert": a["number"] - 1 in deserts} for a in data["areas"]]}
            board = Board.from_json(data)
        s.lay_out(board)
        if s.players > 1:
            setup_multiplayer(s)
