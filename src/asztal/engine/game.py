"""The Game: what a game is (name, players, options, actions, messages) and how its
states are made, parsed, saved and replayed. One instance per game, registered in
``asztal.games``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from asztal.engine.action import Action
from asztal.engine.decision import MESSAGES as ENGINE_MESSAGES
from asztal.engine.decision import Decision, Refusal
from asztal.engine.declare import Option
from asztal.engine.errors import BadOptions, BadRecord, IllegalAction, brief, one_line
from asztal.engine.i18n import render_message
from asztal.engine.rng import Rng
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

    # -- what the game declares about itself (``engine.declare``) --------------------
    #: the player count a table (an adapter, a quick game) starts with when none is asked
    default_players: int = 1
    #: each option of ``default_options`` with its type and hu/en label
    options: Mapping[str, Option] = {}
    #: the option numbering the solo game's levels, and its values (None: no levels)
    solo_levels: tuple[str, tuple[int, ...]] | None = None
    #: by kind of action, the rule ID prefixes that govern it
    rule_groups: Mapping[str, tuple[str, ...]] = {}
    #: the game's optional parts (``declare.PARTS``) as module paths, imported by ``part``
    parts: Mapping[str, str] = {}
    #: per MCTS difficulty (easy, normal, hard), settings that override the common presets
    bot_presets: Mapping[str, Mapping[str, Any]] = {}
    #: the research adapters' return (``reward="game"``): the final score divided by this
    #: number, or None for each winner's share of the win (1/k for each of k winners)
    score_return: float | None = None
    #: a game of several players always has a winner, so the win shares always sum to 1
    constant_sum: bool = False

    def part(self, name: str) -> ModuleType | None:
        """The game's ``name`` part (``"board"``, ``"render"``, ``"stats"``, ...), imported on
        first use; None when the game has no such part.

        >>> from asztal import games
        >>> games.load("pax").part("board").__name__
        'asztal.games.pax.board'
        """
        path = self.parts.get(name)
        return None if path is None else importlib.import_module(path)

    def action_space(self, state: GameState | None = None) -> list[Action]:
        """Every action the game can ever offer (with ``state``: in that game's data pack),
        sorted by code, so that a learning agent can number them once.

        The default reads the interned actions of the game's ``actions`` part."""
        module = self.part("actions")
        if module is None:
            raise ValueError(f"{self.name} declares no action table")
        found = actions_in(*(getattr(module, name) for name in dir(module)))
        return [found[c] for c in sorted(found)]

    def chance_bound(self, state: GameState) -> int:
        """One more than the largest outcome a draw of ``state``'s game can have (a card's
        number, a die's face, a generated map's parameter): the size of a chance node's
        outcome space for the research adapters. A game that draws anything declares it."""
        raise ValueError(f"{self.name} declares no bound on its chance outcomes")

    # -- to be provided by each game ----------------------------------------------
    def _setup(self, state: GameState) -> None:
        """Lay out a new game on ``state`` (base fields already set), using ``state.rng``."""
        raise NotImplementedError

    def action_by_code(self, code: str) -> Action | None:
        """The interned Action whose code is ``code``, or None if the game has no such action."""
        raise NotImplementedError

    def action_for_code(self, state: GameState, code: str) -> Action | None:
        """The Action for ``code`` in ``state``; override when codes depend on the state
        (e.g. on the data pack the game was started with), calling ``check_code`` first."""
        self.check_code(state, code)
        return self.action_by_code(code)

    def check_code(self, state: GameState, code: str) -> None:
        """IllegalAction unless ``state`` is a state of this game and ``code`` is text."""
        if not isinstance(state, self.state_class):
            raise IllegalAction(f"not a {self.name} game state: {brief(state)}")
        if type(code) is not str:
            raise IllegalAction(f"an action code must be text, not {type(code).__name__}")

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Return the options normalised (defaults filled in); raise BadOptions if invalid."""
        unknown = set(options) - set(self.default_options)
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise BadOptions(f"unknown option(s) for {self.name}: {names}",
                             Refusal("engine.bad.option", None, {"options": names}))
        return {**self.default_options, **options}

    # -- shared -----------------------------------------------------------------
    def new_game(self, players: int | None = None, seed: int = 0,
                 options: dict[str, Any] | None = None, rng: Rng | None = None) -> GameState:
        """A new game laid out for ``players`` (default: the fewest the game allows) from
        ``seed``: the same seed, options and actions always give the same game. ``rng``
        replaces the seeded generator every draw goes through (a research adapter passes an
        ``ExplicitChance`` to choose the outcomes itself).

        Refused with ``BadOptions`` (its ``refusal`` says why in both languages) when the
        player count, the seed or an option is not one the game accepts.

        >>> from asztal import games
        >>> state = games.load("pax").new_game(players=3, seed=7)
        >>> state.players, state.to_move is not None, state.is_over
        (3, True, False)
        >>> games.load("pax").new_game(players=9)
        Traceback (most recent call last):
        asztal.engine.errors.BadOptions: pax is for 1-4 players, not 9
        """
        if players is None:
            players = self.min_players
        if not isinstance(players, int) or isinstance(players, bool) or \
                not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.name} is for {self.min_players}-{self.max_players} players, not {brief(players)}",
                             Refusal("engine.bad.players", None,
                                     {"lo": self.min_players, "hi": self.max_players, "players": brief(players)}))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadOptions("seed must be a whole number", Refusal("engine.bad.seed"))
        opts = self.check_options(players, dict(options or {}))
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, players, seed, opts)
        if rng is not None:
            state.rng = rng
        self._setup(state)
        state.checkpoint = 0
        return state

    def parse_action(self, state: GameState, code: str | object) -> Action:
        """The Action for ``code`` if it is legal in ``state``; IllegalAction otherwise."""
        if not isinstance(code, str):
            raise IllegalAction(f"an action code must be text, not {type(code).__name__}")
        action = self.action_for_code(state, code.strip())
        if action is None:
            raise IllegalAction(f"unknown action code {brief(code)}",
                                Refusal("engine.unknown", args={"action": brief(code)}))
        legal = state.legal_actions()
        if action not in legal:
            # a state unpickled in this process (OpenSpiel, Ray) may hold its legal list as
            # copies of the interned actions: the same decision is the one with the same code
            copy = next((a for a in legal if a.code == action.code), None)
            if copy is not None:
                return copy
            reason = state.refusal(action) or Refusal("engine.not_now", args={"action": action.code})
            raise IllegalAction(state.why_illegal(action), reason)
        return action

    def other_version(self, version: object) -> BadRecord:
        """The refusal of a record (a save, a server's stored game, a replay) made under another
        rules version, naming both versions: one sentence per language from the catalogue
        (``engine.bad.record.version``), its English also the exception's line. A change of
        rules version never strands a game silently (docs/formats/records.md)."""
        v = _version_words(version)
        if not isinstance(version, (str, int)) or isinstance(version, bool) or v != str(version):
            return BadRecord(f"made under an unknown rules version ({v}); this program plays version {self.version}",
                             Refusal("engine.bad.record.version.unknown", None,
                                     {"version": v, "current": self.version}))
        return BadRecord(f"made under rules version {v}; this program plays version {self.version} "
                         "and cannot replay it",
                         Refusal("engine.bad.record.version", None, {"version": v, "current": self.version}))

    def replay(self, record: dict[str, Any]) -> GameState:
        """The state a record leads to: setup (or its hand-written start), then its actions.

        Anything malformed is refused with a one-line ``BadRecord`` naming the field.

        >>> from asztal import games
        >>> pax = games.load("pax")
        >>> state = pax.new_game(players=2, seed=11)
        >>> state.apply(state.legal_actions()[0])
        >>> again = pax.replay(state.record)
        >>> again.to_json() == state.to_json()
        True
        """
        if not isinstance(record, dict):
            raise BadRecord("a game record must be a JSON object")
        if record.get("game") != self.name:
            raise BadRecord(f"this record is for {brief(record.get('game'))}, not {self.name!r}",
                            Refusal("engine.bad.record.game"))
        version = record.get("version", self.version)
        if not isinstance(version, (str, int)) or isinstance(version, bool) or str(version) != self.version:
            raise self.other_version(version)
        if "players" not in record:
            raise BadRecord("game record lacks 'players'")
        players, seed = record["players"], record.get("seed", 0)
        options, actions = record.get("options") or {}, record.get("actions") or []
        if not isinstance(actions, list):
            raise BadRecord("record 'actions' must be a list")
        if not isinstance(options, dict):
            raise BadRecord("record 'options' must be an object")
        try:
            state = self.new_game(players, seed, options)
        except BadOptions as e:
            raise BadRecord(one_line(f"record: {e}"), e.refusal) from None
        if record.get("start") is not None:
            self._load_position(state, record["start"])
        for i, code in enumerate(actions):
            try:
                state.apply(code)  # a code is parsed and checked once, by apply
            except IllegalAction as e:
                raise BadRecord(one_line(f"action {i + 1} ({brief(code)}) of the record is not legal: {e}"),
                                Refusal("engine.bad.record.action", None, {"n": i + 1, "action": brief(code)})) \
                    from None
        return state

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        """Load a state saved with ``to_json``.

        A save is its record: the record is replayed and the saved position, PRNG, seat to
        move, checkpoint and log (a cache of that replay) must be exactly what the replay
        gives, so an edited save is refused with a one-line ``BadRecord``. A hand-written
        position is loaded as a record's ``start`` (``replay``), where it is validated."""
        try:
            data = json.loads(text) if isinstance(text, (str, bytes)) else text
        except json.JSONDecodeError as e:
            raise BadRecord(f"not valid JSON: {e.msg} (line {e.lineno})", Refusal("engine.bad.save.json")) from None
        except (ValueError, RecursionError, UnicodeDecodeError):
            raise BadRecord("not valid JSON: nested too deep or a number too long",
                            Refusal("engine.bad.save.json")) from None
        if not isinstance(data, dict) or data.get("format") != "asztal-state":
            raise BadRecord("not an asztal saved game", Refusal("engine.bad.save.format"))
        schema = data.get("schema")
        if type(schema) is not int or schema != STATE_SCHEMA:
            raise BadRecord(f"saved-game schema {brief(schema)} is not {STATE_SCHEMA}")
        if data.get("game") != self.name:
            raise BadRecord(f"this save is for {brief(data.get('game'))}, not {self.name!r}",
                            Refusal("engine.bad.save.game"))
        record = data.get("record")
        if not isinstance(record, dict):
            raise BadRecord("saved game lacks its record")
        if not isinstance(data.get("state"), dict):
            raise BadRecord("saved game lacks its position ('state' must be an object)")
        _check_envelope_types(data)
        version = record.get("version", self.version)
        if not isinstance(version, (str, int)) or isinstance(version, bool) or str(version) != self.version:
            raise self.other_version(version)
        try:
            state = self.replay(record)
        except BadRecord as e:
            raise BadRecord(one_line(f"corrupt saved game: {e}"), Refusal("engine.bad.save.corrupt")) from None
        saved = state.to_dict()
        for key in ("checkpoint", "rng", "to_move", "is_over"):
            if key in data and not _same(data[key], saved[key]):
                raise BadRecord(f"corrupt saved game: '{key}' is not what its record gives (a save is its record)",
                                Refusal("engine.bad.save.corrupt"))
        if not _same(data["state"], saved["state"]):
            raise BadRecord("corrupt saved game: the position is not what its record gives (a save is its record)",
                            Refusal("engine.bad.save.corrupt"))
        log = data.get("log")
        # an empty log: a state saved without logging; an older wording of the same replay is
        # not a corrupt save (the loaded state carries today's log)
        if log and not _same(log, saved["log"]) and not _same(log, self.log_before(saved["log"])):
            raise BadRecord("corrupt saved game: the log is not what its record gives (a save is its record)",
                            Refusal("engine.bad.save.corrupt"))
        return state

    def log_before(self, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The replayed ``log`` as the previous build of this rules version wrote it.

        A log is the replay told in words: a later build may add fields (a loss's cause) or
        lines (an event that strikes nothing) without changing the game, and saves made
        before must still load. Games that did so override this to take the additions out."""
        return log

    def _load_position(self, state: GameState, position: dict[str, Any]) -> None:
        """Set ``state`` to a hand-written position (a record's ``start``), validated field by
        field by the game's loader and then by its invariants."""
        what = "invalid position"
        if not isinstance(position, dict):
            raise BadRecord(f"{what}: the position must be a JSON object")
        try:
            state._load_state_dict(position)
            state._legal = None
            state.check_invariants()
            if not state.is_over and not state.legal_actions():
                raise ValueError("no legal action although the game is not over")
        except KeyError as e:
            raise BadRecord(one_line(f"{what}: missing field {brief(e.args[0] if e.args else '')}")) from None
        except (ValueError, AssertionError) as e:
            raise BadRecord(one_line(f"{what}: {e}")) from None
        except (TypeError, IndexError, AttributeError, RecursionError, OverflowError) as e:
            # a field the game's loader did not check: still one line, never the input itself
            raise BadRecord(one_line(f"{what}: malformed field ({type(e).__name__})")) from None
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

    def describe_decision(self, decision: Decision, lang: str = "hu") -> str:
        """The sentence telling the player what is being decided, in ``lang``."""
        return self._sentence(decision.key, decision.args, lang)

    def describe_refusal(self, refusal: Refusal, lang: str = "hu") -> str:
        """Why a move is refused, in ``lang`` (the rule's name is the catalogue's business)."""
        return self._sentence(refusal.key, refusal.args, lang)

    def _sentence(self, key: str, args: Any, lang: str) -> str:
        catalogue = self.messages if key in self.messages else ENGINE_MESSAGES
        return render_message(catalogue, self.event_words({**args, "key": key}, lang), lang)

    def event_words(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """The event's fields with the words its template needs (names for the ids it carries);
        games override this so that the log keeps ids and the text says names."""
        return event

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


def actions_in(*objs: Any) -> dict[str, Action]:
    """The Actions in ``objs`` (Actions, or tuples and lists of them, nested), by code; not
    an ActionTable's, which may hold actions built on demand (the space would depend on history)."""
    out: dict[str, Action] = {}
    stack = list(objs)
    while stack:
        obj = stack.pop()
        if isinstance(obj, Action):
            out[obj.code] = obj
        elif isinstance(obj, (tuple, list)):
            stack.extend(obj)
    return out


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def _same(saved: Any, replayed: Any) -> bool:
    """True when a saved value is exactly the replayed one (``1``, ``1.0`` and ``true`` differ)."""
    try:
        return _canonical(saved) == _canonical(replayed)
    except (TypeError, ValueError, RecursionError):
        return False


def _check_envelope_types(data: dict[str, Any]) -> None:
    """The envelope's own fields have their JSON types (their values are checked against the replay)."""
    cp = data.get("checkpoint", 0)
    if type(cp) is not int or cp < 0:
        raise BadRecord("saved 'checkpoint' must be a whole number >= 0")
    if "is_over" in data and type(data["is_over"]) is not bool:
        raise BadRecord("saved 'is_over' must be true or false")
    tm = data.get("to_move")
    if tm is not None and type(tm) is not int:
        raise BadRecord("saved 'to_move' must be a seat number or null")
    rng = data.get("rng", [1, 1])
    if not (isinstance(rng, list) and len(rng) == 2 and all(type(x) is int for x in rng)):
        raise BadRecord("saved 'rng' must be two whole numbers")
    if not isinstance(data.get("log", []), list):
        raise BadRecord("saved 'log' must be a list")


def _version_words(version: object) -> str:
    """A record's rules version as a sentence names it: itself when it is a short plain name
    (``2``), else its brief form (whatever a stranger wrote, cut short and quoted)."""
    v = str(version) if isinstance(version, (str, int)) and not isinstance(version, bool) else ""
    return v if v.isascii() and v.isalnum() and len(v) <= 10 else brief(version)
