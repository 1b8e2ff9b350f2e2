"""The base class every game state derives from: the engine half of the contract.

A game implements the rules (``legal_actions``, ``_apply``, ``_copy_into``, ``view``,
``_determinize``, ``_state_dict``/``_load_state_dict``, ``scores``, ``check_invariants``);
this class adds what is the same for every game: checking an action before it touches
the state, the record of action codes, checkpoints for undo, the log, cloning the shared
fields and the JSON envelope.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from mypy_extensions import mypyc_attr

from asztal.engine.action import Action
from asztal.engine.decision import NOT_NOW, OVER, Decision, Refusal
from asztal.engine.errors import BadSeat, IllegalAction, brief
from asztal.engine.rng import Rng, as_rng

if TYPE_CHECKING:
    from asztal.engine.game import Game

STATE_SCHEMA = 1


@mypyc_attr(allow_interpreted_subclasses=True)  # the games' states derive from it, compiled or not
class GameState:
    """State of one game in progress. Mutable; ``clone()`` gives an independent copy.

    Shared fields: ``game`` (the Game), ``players``, ``seed``, ``options`` (a JSON-able dict),
    ``rng`` (the game's own PRNG), ``history`` (accepted actions), ``checkpoint`` (length of
    ``history`` at the last checkpoint), ``log`` (structured events, or None to not log),
    ``start`` (the hand-written starting position a record replays from, or None).

    Game fields the subclass keeps up to date: ``to_move`` (seat whose decision it is,
    None when over) and ``is_over``.
    """

    __slots__ = ("game", "players", "seed", "options", "rng", "history", "checkpoint", "log", "start",
                 "to_move", "is_over", "_legal", "_shared")
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    history: list[Action]
    checkpoint: int
    log: list[dict[str, Any]] | None
    start: dict[str, Any] | None
    to_move: int | None
    is_over: bool
    _legal: tuple[Action, ...] | None
    #: True when ``history`` may be another state's list too (after ``clone``): the next
    #: ``apply`` copies it before appending (copy-on-write; a clone no longer copies the record)
    _shared: bool

    # -- to be provided by each game -------------------------------------------------
    def _legal_list(self) -> Sequence[Action]:
        """The legal actions of ``to_move`` in a deterministic order, computed afresh (only
        called while the game is not over). The engine caches the result as a tuple and
        drops the cache whenever the state changes through the engine (``apply``, loading a
        position, ``determinize``), so a game never invalidates it by hand."""
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of ``to_move``, in a deterministic order; empty only when over.

        An immutable sequence shared by every caller until the state changes: nobody can
        reorder another caller's list.

        >>> from asztal import games
        >>> state = games.load("pax").new_game(players=2, seed=7)
        >>> legal = state.legal_actions()
        >>> type(legal).__name__, {a.kind for a in legal}
        ('tuple', {'keep'})
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.is_over else tuple(self._legal_list())
        return legal

    def _apply(self, action: Action) -> bool:
        """Carry out a legal action. Return True when it revealed hidden information
        (a draw, a shuffle, an event card): such an action is an undo checkpoint."""
        raise NotImplementedError

    def _copy_into(self, new: GameState) -> None:
        """Copy the game's own fields into ``new`` (a bare instance) deeply enough that
        applying actions to one never changes the other."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), JSON-able."""
        raise NotImplementedError

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample in place everything ``seat`` cannot see, consistently with its view."""
        raise NotImplementedError

    def _state_dict(self) -> dict[str, Any]:
        """The game's own fields as readable JSON (component ids, area numbers, seats)."""
        raise NotImplementedError

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        """Set the game's own fields from ``_state_dict`` output; raise ValueError if invalid."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats that won (ties: several); in a solo game ``[0]`` if the player won else ``[]``."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if a component appeared, vanished or is in two places."""

    def outcome(self) -> dict[str, Any]:
        """The result of a finished game; games add their own keys (e.g. a level beaten)."""
        return {"scores": self.scores(), "winners": self.winners()}

    def decision(self) -> Decision:
        """The decision the game waits for: who decides, and the sentence that says what.

        Games override this with one ``Decision`` per kind of pending decision; the default
        names only the seat to move."""
        if self.is_over:
            return OVER
        return Decision(seat=self.to_move, kind="choose", key="engine.ask.choose")

    def refusal(self, action: Action) -> Refusal | None:
        """None when ``action`` is legal now, else why not (with the rule ID).

        A game overrides this from the same code that builds its legal list, so that a
        reason never contradicts what is offered; the default is the generic refusal."""
        if self.is_over:
            return Refusal("engine.over")
        if action in self.legal_actions():
            return None
        return Refusal(NOT_NOW, args={"action": action.code})

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is not legal now, in English and Hungarian (for logs
        and old callers; interfaces render ``refusal`` in one language)."""
        reason = self.refusal(action) or Refusal(NOT_NOW, args={"action": action.code})
        return f"{self.game.describe_refusal(reason, 'en')} / {self.game.describe_refusal(reason, 'hu')}"

    # -- the shared machinery -------------------------------------------------------
    # Arguments that come from outside (a seat, an action, a seed) are typed ``X | object``:
    # any value is accepted and a wrong one raises the engine's error (BadSeat, IllegalAction),
    # which a compiled build would otherwise turn into a bare TypeError at the call.
    def check_seat(self, seat: Any, spectator: bool = True) -> None:
        """BadSeat unless ``seat`` is a seat number of this game (or None for a spectator, when allowed).
        Every game's ``view`` calls it first."""
        if seat is None and spectator:
            return
        if type(seat) is not int or not 0 <= seat < self.players:
            raise BadSeat(f"seat must be 0-{self.players - 1}{' or None' if spectator else ''}, not {brief(seat)}")

    def _init_base(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []
        self.checkpoint = 0
        self.log = []
        self.start = None
        self.to_move = 0
        self.is_over = False
        self._legal = None
        self._shared = False

    def apply(self, action: Action | str | object) -> None:
        """Check and carry out one action (an Action or its code).

        Raises IllegalAction with a reason, leaving the state unchanged, when the action is
        unknown or not legal now: its ``refusal`` says why, in the reader's language through
        ``Game.describe_refusal``.

        >>> from asztal import games
        >>> state = games.load("pax").new_game(players=2, seed=7)
        >>> state.apply(state.legal_actions()[0])
        >>> len(state.history)
        1
        >>> try:
        ...     state.apply("done")
        ... except ValueError as e:
        ...     print(state.game.describe_refusal(e.refusal, "en"))
        Income is collected when you stop playing cards.
        """
        if not isinstance(action, Action):
            action = self.game.parse_action(self, action)  # a code: parsed and checked once
        else:
            # one of this state's interned legal actions? (an Action equals only itself: a scan
            # by identity, which the compiled build makes a pointer comparison per action)
            for legal in self.legal_actions():
                if legal is action:
                    break
            else:  # not one of them: resolve it by its code
                action = self.game.parse_action(self, action.code)
        seat = self.to_move
        self._legal = None  # before: ``_apply`` may leave the next position's list (a tuple) it built anyway
        revealed = self._apply(action)
        if self._shared:  # the record is shared with a clone (or the state cloned from): copy it now
            self.history = self.history.copy()
            self._shared = False
        self.history.append(action)
        if revealed or self.to_move != seat or self.is_over:
            self.checkpoint = len(self.history)

    def emit(self, key: str, **params: Any) -> None:
        """Add a structured event to the log (``{"key": "pax.income", ...}``)."""
        if self.log is not None:
            params["key"] = key
            self.log.append(params)

    def log_for(self, seat: int | None | object, start: int = 0) -> list[dict[str, Any]]:
        """The log from index ``start`` as ``seat`` may read it (``None``: a spectator).

        An event's top-level fields are public. Facts only one seat may know travel in the
        event's ``"secret"`` field, ``{"seat": k, ...}``: they are kept for seat ``k`` and
        removed for everyone else, so a log handed to a seat (a socket, a replay of a
        running game, a bot) never carries another seat's hidden facts.
        """
        out = []
        for event in (self.log or [])[start:]:
            secret = event.get("secret")
            if secret is not None and secret.get("seat") != seat:
                event = {k: v for k, v in event.items() if k != "secret"}
            out.append(event)
        return out

    def __getstate__(self) -> dict[str, Any]:
        """Every field, the game's own included (pickle, ``copy.deepcopy``). Needed for the
        compiled build: mypyc's own pickling of a compiled ``GameState`` keeps only the fields
        it knows, and would drop those of a game whose state class is interpreted."""
        out: dict[str, Any] = {}
        for cls in type(self).__mro__:
            names = cls.__dict__.get("__mypyc_attrs__") or cls.__dict__.get("__slots__") or ()
            for k in (names,) if isinstance(names, str) else names:
                if k not in out and k not in ("__dict__", "__weakref__") and hasattr(self, k):
                    out[k] = getattr(self, k)
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)

    def clone(self) -> GameState:
        cls = type(self)
        new = cls.__new__(cls)  # not object.__new__: a compiled (mypyc) class has its own
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.options = self.options
        new.rng = self.rng.copy()
        new.history = self.history  # shared until one of the two appends (see ``_shared``)
        new._shared = self._shared = True
        new.checkpoint = self.checkpoint
        new.log = None if self.log is None else self.log.copy()
        new.start = self.start
        new.to_move = self.to_move
        new.is_over = self.is_over
        new._legal = self._legal  # an immutable tuple (or None): safe to share
        self._copy_into(new)
        return new

    def determinize(self, seat: int | object, rng: Rng | int | object) -> GameState:
        """A copy in which everything ``seat`` cannot see is resampled from ``rng``.

        The copy's own PRNG is reseeded from ``rng`` too, so future chance is unknown
        to whoever searches with it.
        """
        self.check_seat(seat, spectator=False)
        r = as_rng(rng)
        new = self.clone()
        new._determinize(cast(int, seat), r)  # a seat number: check_seat said so
        new._legal = None
        new.rng = Rng(r.next64())
        return new

    @property
    def record(self) -> dict[str, Any]:
        rec = {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [a.code for a in self.history],
        }
        if self.start is not None:
            rec["start"] = self.start
        return rec

    def can_undo(self, seat: int | object) -> bool:
        """True when ``seat`` made the last decision and no checkpoint came after it."""
        return (not self.is_over and len(self.history) > self.checkpoint and self.to_move == seat)

    def undo(self, seat: int | object) -> GameState:
        """The state before ``seat``'s last decision, rebuilt by replaying the record."""
        self.check_seat(seat, spectator=False)
        if not self.can_undo(seat):
            raise IllegalAction("nothing to take back since the last checkpoint", Refusal("engine.no_undo"))
        rec = self.record
        rec["actions"] = rec["actions"][:-1]
        return self.game.replay(rec)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "asztal-state",
            "schema": STATE_SCHEMA,
            "game": self.game.name,
            "record": self.record,
            "checkpoint": self.checkpoint,
            "rng": self.rng.get_state(),
            "to_move": self.to_move,
            "is_over": self.is_over,
            "state": self._state_dict(),
            "log": self.log or [],
        }

    def event_text(self, event: dict[str, Any], lang: str = "hu", seat: int | None = None) -> str:
        return self.game.describe(event, lang, seat)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.name} players={self.players} seed={self.seed} "
                f"step={len(self.history)} to_move={self.to_move} over={self.is_over}>")
