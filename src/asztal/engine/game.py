"""The Game: what a game is (name, players, options, actions, messages) and how its
states are made, parsed, saved and replayed. One instance per game, registered in
``asztal.games``.
"""

from __future__ import annotations

import json
from typing import Any

from asztal.engine.action import Action
from asztal.engine.errors import BadOptions, BadRecord, IllegalAction
from asztal.engine.i18n import render_message
from asztal.engine.state import STATE_SCHEMA, GameState


class Game:
    """Subclass per game and set the class attributes; implement ``_setup`` and ``action``.

    ``messages`` maps a log key to ``{"hu": "...", "en": "..."}`` templates
    (``str.format`` fields taken from the event).
    """

    name: str = ""
    version: str = "1"
    title: dict[str, str] = {}
    min_players: int = 1
    max_players: int = 1
    state_class: type[GameState] = GameState
    messages: dict[str, dict[str, str]] = {}
    #: options a record may carry, with their defaults
    default_options: dict[str, Any] = {}

    # -- to be provided by each game ----------------------------------------------
    def _setup(self, state: GameState) -> None:
        """Lay out a new game on ``state`` (base fields already set), using ``state.rng``."""
        raise NotImplementedError

    def action_by_code(self, code: str) -> Action | None:
        """The interned Action whose code is ``code``, or None if the game has no such action."""
        raise NotImplementedError

    def action_for_code(self, state: GameState, code: str) -> Action | None:
        """The Action for ``code`` in ``state``; override when codes depend on the state
        (e.g. on the data pack the game was started with)."""
        return self.action_by_code(code)

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Return the options normalised (defaults filled in); raise BadOptions if invalid."""
        unknown = set(options) - set(self.default_options)
        if unknown:
            raise BadOptions(f"unknown option(s) for {self.name}: {', '.join(sorted(unknown))}")
        return {**self.default_options, **options}

    # -- shared -----------------------------------------------------------------
    def new_game(self, players: int | None = None, seed: int = 0,
                 options: dict[str, Any] | None = None) -> GameState:
        if players is None:
            players = self.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadOptions("players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadOptions("seed must be a whole number")
        opts = self.check_options(players, dict(options or {}))
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, players, seed, opts)
        self._setup(state)
        state.checkpoint = 0
        return state

    def parse_action(self, state: GameState, code: str) -> Action:
        """The Action for ``code`` if it is legal in ``state``; IllegalAction otherwise."""
        if not isinstance(code, str):
            raise IllegalAction(f"an action code must be text, not {type(code).__name__}")
        action = self.action_for_code(state, code.strip())
        if action is None:
            raise IllegalAction(f"unknown action code {code!r} / ismeretlen lépéskód")
        if action not in state.legal_actions():
            raise IllegalAction(state.why_illegal(action))
        return action

    def replay(self, record: dict[str, Any]) -> GameState:
        """The state a record leads to: setup (or its hand-written start), then its actions."""
        if not isinstance(record, dict):
            raise BadRecord("a game record must be a JSON object")
        if record.get("game") != self.name:
            raise BadRecord(f"this record is for {record.get('game')!r}, not {self.name!r}")
        if str(record.get("version", self.version)) != self.version:
            raise BadRecord(f"record of rules version {record.get('version')}, this is {self.version}")
        try:
            players, seed = record["players"], record.get("seed", 0)
            options, actions = record.get("options") or {}, record.get("actions") or []
        except (KeyError, TypeError) as e:
            raise BadRecord(f"game record lacks {e}") from None
        if not isinstance(actions, list) or not isinstance(options, dict):
            raise BadRecord("record 'actions' must be a list and 'options' an object")
        state = self.new_game(players, seed, options)
        if record.get("start") is not None:
            self._load_position(state, record["start"])
        for i, code in enumerate(actions):
            try:
                state.apply(code)  # a code is parsed and checked once, by apply
            except IllegalAction as e:
                raise BadRecord(f"action {i + 1} ({code!r}) of the record is not legal: {e}") from None
        return state

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        """Load a state saved with ``to_json`` (or written by hand in that format)."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
        except json.JSONDecodeError as e:
            raise BadRecord(f"not valid JSON: {e.msg} (line {e.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != "asztal-state":
            raise BadRecord("not an asztal saved game")
        if data.get("schema") != STATE_SCHEMA:
            raise BadRecord(f"saved-game schema {data.get('schema')} is not {STATE_SCHEMA}")
        if data.get("game") != self.name:
            raise BadRecord(f"this save is for {data.get('game')!r}, not {self.name!r}")
        record = data.get("record")
        if not isinstance(record, dict):
            raise BadRecord("saved game lacks its record")
        try:
            state = self.new_game(record["players"], record.get("seed", 0), record.get("options") or {})
            if record.get("start") is not None:
                state.start = record["start"]
            state.history = [self._action_from_record(state, c) for c in record.get("actions") or []]
            state.checkpoint = int(data.get("checkpoint", len(state.history)))
            if "rng" in data:
                state.rng = state.rng.from_state(data["rng"])
            state.log = list(data.get("log") or [])
            self._load_position(state, data["state"], data)
        except BadRecord:
            raise
        except (KeyError, TypeError, ValueError, AssertionError, IndexError) as e:
            raise BadRecord(f"corrupt saved game: {e}") from None
        return state

    def _action_from_record(self, state: GameState, code: str) -> Action:
        action = self.action_for_code(state, code) if isinstance(code, str) else None
        if action is None:
            raise BadRecord(f"unknown action code {code!r} in the saved record")
        return action

    def _load_position(self, state: GameState, position: dict[str, Any],
                       envelope: dict[str, Any] | None = None) -> None:
        """Set ``state`` to a position (validated by the game's invariants)."""
        what = "invalid position" if envelope is None else "corrupt saved game"
        if not isinstance(position, dict):
            raise BadRecord(f"{what}: the position must be a JSON object")
        try:
            state._load_state_dict(position)
            if envelope is not None:
                state.to_move = envelope.get("to_move", state.to_move)
                state.is_over = bool(envelope.get("is_over", state.is_over))
            state.check_invariants()
        except KeyError as e:
            raise BadRecord(f"{what}: missing field {e}") from None
        except (TypeError, ValueError, AssertionError, IndexError) as e:
            raise BadRecord(f"{what}: {e}") from None
        if envelope is None:
            state.start = position

    def describe(self, event: dict[str, Any], lang: str = "hu", seat: int | None = None) -> str:
        """The log line for an event as ``seat`` reads it, in Hungarian (``hu``) or English (``en``).

        The event's ``secret`` facts (see ``GameState.log_for``) are told only to the seat they
        belong to, with the catalogue's ``<key>.own`` template when it has one.
        """
        secret = event.get("secret")
        if secret is not None and secret.get("seat") == seat:
            own = event["key"] + ".own"
            if own in self.messages:
                return render_message(self.messages, self.event_words({**event, **secret, "key": own}, lang), lang)
        if secret is not None:
            event = {k: v for k, v in event.items() if k != "secret"}
        return render_message(self.messages, self.event_words(event, lang), lang)

    def event_words(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """The event's fields with the words its template needs (names for the ids it carries);
        games override this so that the log keeps ids and the text says names."""
        return event

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
