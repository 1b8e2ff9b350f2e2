"""The game registry: ``load(name)``, ``names()``, ``replay(record)``.

Built-in games live in sub-packages that export ``GAME``; tests and plug-ins add more with
``register``. A built-in package that is not present is simply not listed.
"""

from __future__ import annotations

import importlib
from typing import Any

from asztal.engine.decision import Refusal
from asztal.engine.errors import BadRecord, UnknownGame, brief
from asztal.engine.game import Game
from asztal.engine.state import GameState

BUILTIN = {
    "pax": "asztal.games.pax",
    "pocketciv": "asztal.games.pocketciv",
    "caboose": "asztal.games.caboose",
}

_registered: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` loadable by its name (returns it, so it can decorate an instance)."""
    _registered[game.name] = game
    return game


def _import(name: str) -> Game | None:
    module = BUILTIN[name]
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None
        raise
    game = getattr(mod, "GAME", None)
    if game is not None:
        _registered[name] = game
    return game


def names() -> list[str]:
    """Names of every game that can be loaded, built-ins first."""
    found = [n for n in BUILTIN if n in _registered or _import(n) is not None]
    return found + sorted(n for n in _registered if n not in BUILTIN)


def load(name: str) -> Game:
    """The game called ``name`` (``"pax"``, ``"pocketciv"``, ``"caboose"``), imported on first use.

    Raises ``UnknownGame`` for a name no game answers to.

    >>> from asztal import games
    >>> pax = games.load("pax")
    >>> pax.title["hu"], pax.min_players, pax.max_players
    ('PAX', 1, 4)
    >>> sorted(pax.options)
    ['level', 'pack', 'start']
    """
    game = _registered.get(name)
    if game is None and name in BUILTIN:
        game = _import(name)
    if game is None:
        known = ", ".join(names())
        raise UnknownGame(f"unknown game {brief(name)}; known games: {known}",
                          Refusal("engine.unknown_game", args={"name": brief(name), "known": known}))
    return game


def replay(record: dict[str, Any]) -> GameState:
    """The state a game record leads to (the same record gives the identical state).

    >>> import asztal
    >>> state = asztal.load("pax").new_game(players=2, seed=5)
    >>> state.apply(state.legal_actions()[-1])
    >>> asztal.replay(state.record).history == state.history
    True
    """
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        raise BadRecord("a game record must be a JSON object with a 'game' name")
    return load(record["game"]).replay(record)


__all__ = ["BUILTIN", "load", "names", "register", "replay"]
