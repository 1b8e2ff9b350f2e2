"""Fixed-size feature vectors, for the observation encoders a game declares (its ``encoding``
part, read by the learning adapters in ``asztal.adapters``).

``Vec`` builds one observation: each call fills the next numbers and, when the vector is
made to list them (``Vec()`` without a size), names them. numpy is imported here, not by
the engine's other modules: only a game's ``encoding`` part (imported when an adapter asks
for it) uses this module.

>>> v = Vec(3); v.num("money", 5, scale=10); v.onehot("colour", "red", ("blue", "red"))
>>> v.values.tolist()
[0.5, 0.0, 1.0]
>>> v = Vec(); v.num("money", 5); v.onehot("colour", None, ("blue", "red")); v.names
['money', 'colour=blue', 'colour=red']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

#: an encoder from the state's own fields: ``(state, seat) -> float32 vector``
Encode = Callable[[Any, int], np.ndarray]


class Vec:
    """Builds one observation: each call fills the next numbers (and, when asked, names them).

    A name is a string or a tuple of parts (``("seat", k, ":money")``), so encoding
    builds no strings; the parts are joined only when the names are listed.

    The array is allocated once at its known size and only non-zero entries are written,
    so a one-hot over a hundred cards costs one assignment."""

    def __init__(self, size: int | None = None) -> None:
        self.names: list[str] | None = [] if size is None else None
        self.values = np.zeros(size or 0, dtype=np.float32)
        self.at = 0

    def num(self, name: Any, x: Any, scale: float = 1.0) -> None:
        if self.names is not None:
            self.names.append(_name(name))
        elif x:
            self.values[self.at] = float(x) / scale
        self.at += 1

    def onehot(self, name: Any, value: Any, vocab: Sequence[Any]) -> None:
        if self.names is not None:
            self.names.extend(f"{_name(name)}={v}" for v in vocab)
        elif value is not None:
            i = position(vocab, value)
            if i >= 0:
                self.values[self.at + i] = 1.0
        self.at += len(vocab)

    def multihot(self, name: Any, values: Iterable[Any], vocab: Sequence[Any]) -> None:
        if self.names is not None:
            self.names.extend(f"{_name(name)}:{v}" for v in vocab)
        else:
            for x in values:
                i = position(vocab, x)
                if i >= 0:
                    self.values[self.at + i] = 1.0
        self.at += len(vocab)


def _name(name: Any) -> str:
    """A feature's name: a string, or a tuple of parts joined (built only when names are asked for)."""
    return "".join(map(str, name)) if isinstance(name, tuple) else name


_POSITIONS: dict[int, tuple[Sequence[Any], dict[Any, int]]] = {}


def position(vocab: Sequence[Any], value: Any) -> int:
    """Where ``value`` is in ``vocab`` (-1: absent), with the vocabulary's index kept."""
    entry = _POSITIONS.get(id(vocab))
    if entry is None or entry[0] is not vocab:
        entry = (vocab, {v: i for i, v in enumerate(vocab)})
        _POSITIONS[id(vocab)] = entry
    return entry[1].get(value, -1)


__all__ = ["Encode", "Vec", "position"]
