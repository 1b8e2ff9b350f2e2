"""Actions: small immutable values with a stable text code and a label in two languages.

A game builds each of its actions once (``ActionTable``) and ``legal_actions()`` hands out
those same objects, so the hot path of bots and simulations allocates nothing. Because
actions are interned, equality and hashing are by identity (C speed in ``in`` and dict
lookups); two actions are the same decision exactly when they are the same object, and
``Game.parse_action`` maps a code to that object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any


class Action:
    """One atomic decision. ``code`` round-trips through ``Game.parse_action``.

    ``kind`` and ``args`` are for the rules (``kind="draw"``, ``args=(2,)``); ``hu`` and
    ``en`` are what a player reads.
    """

    __slots__ = ("code", "kind", "args", "hu", "en")
    code: str
    kind: str
    args: tuple[Any, ...]
    hu: str
    en: str

    def __init__(self, code: str, kind: str, args: tuple[Any, ...] = (), hu: str = "", en: str = "") -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "hu", hu or code)
        object.__setattr__(self, "en", en or code)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action values are immutable")

    def __repr__(self) -> str:
        return f"Action({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def label(self, lang: str = "hu") -> str:
        return self.en if lang == "en" else self.hu

    def __reduce__(self) -> tuple[type[Action], tuple[str, str, tuple[Any, ...], str, str]]:
        return (Action, (self.code, self.kind, self.args, self.hu, self.en))


class ActionTable:
    """The interned actions of one game, found by key or by code.

    ``make(key)`` must return the Action for a key (any hashable, usually
    ``(kind, *args)``); it is called once per key and the result is kept.
    A game may fill the table up front (``build``) or let it grow as keys are asked for.
    """

    __slots__ = ("_by_key", "_by_code", "_make")

    def __init__(self, make: Callable[[Any], Action]) -> None:
        self._by_key: dict[Hashable, Action] = {}
        self._by_code: dict[str, Action] = {}
        self._make: Callable[[Any], Action] = make

    def __call__(self, key: Hashable) -> Action:
        a = self._by_key.get(key)
        if a is None:
            a = self._make(key)
            self._by_key[key] = a
            self._by_code[a.code] = a
        return a

    def build(self, keys: Iterable[Hashable]) -> None:
        for k in keys:
            self(k)

    def by_code(self, code: str) -> Action | None:
        return self._by_code.get(code)

    def __len__(self) -> int:
        return len(self._by_key)
