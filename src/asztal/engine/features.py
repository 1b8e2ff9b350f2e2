"""Fixed-size feature vectors, for the observation encoders a game declares (its ``encoding``
part, read by the learning adapters in ``asztal.adapters``).

``Vec`` builds one observation: each call fills the next numbers and, when the vector is
made to list them (``Vec()`` without a size), names them. numpy is imported here, not by
the engine's other modules: only a game's ``encoding`` part (imported when an adapter asks
for it) uses this module.

``Obs`` is the buffer of the encoders that read a state's own fields (compiled with the
rules): one seat's observation kept from call to call, rewritten only where a number changed.

>>> v = Vec(3); v.num("money", 5, scale=10); v.onehot("colour", "red", ("blue", "red"))
>>> v.values.tolist()
[0.5, 0.0, 1.0]
>>> v = Vec(); v.num("money", 5); v.onehot("colour", None, ("blue", "red")); v.names
['money', 'colour=blue', 'colour=red']
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, final

import numpy as np
from librt.vecs import vec
from mypy_extensions import i32, i64, u8


class Encode(Protocol):
    """An encoder from the state's own fields (a game's ``state_encoder``): ``(state, seat) ->
    float32 vector``, a new array at each call; ``as_list`` the same numbers as a new list;
    ``fill`` writes them into the seat's buffer and gives it (valid until the next call)."""

    def __call__(self, s: Any, seat: int) -> np.ndarray: ...

    def as_list(self, s: Any, seat: int) -> list[float]: ...

    def fill(self, s: Any, seat: int) -> Obs: ...


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


#: the float32 ``1.0`` as its bits (a flag that is on)
_ONE: Final = 0x3F800000
#: counts below this are read from a scale's table (``_Scale``); the others are converted
_TABLE: Final = 256
#: scales below this have their table kept in each buffer's list (``Obs.scales``)
_SCALES: Final = 128


def _f32(x: float) -> tuple[int, float]:
    """``x`` as a float32 stores it: the bits (a signed 32-bit number) and the value as a
    Python float (the C conversion a float32 array or ``memoryview`` makes)."""
    a = array("f", [x])
    return array("i", a.tobytes())[0], a[0]


@final
class _Scale:
    """The float32 of ``n / scale`` clamped to ``±bound`` for every count ``n`` below ``_TABLE``,
    as bits (written into a buffer) and as Python floats (written into a list, the same object
    at every write: no float made per number)."""

    def __init__(self, scale: int, bound: float) -> None:
        self.bits: list[int] = []
        #: (``Any``: the compiled build would take a float out of the list as a C double and
        #: make a new float object of it to put it into another)
        self.values: list[Any] = []
        for n in range(_TABLE):
            x = n / scale
            bits, value = _f32(bound if x > bound else -bound if x < -bound else x)
            self.bits.append(bits)
            self.values.append(value)


#: the tables made, by scale and bound (shared by every buffer)
_SCALE_TABLES: dict[tuple[int, float], _Scale] = {}


@final
class Obs:
    """One seat's observation as a state encoder writes it, kept between calls.

    An encoder computes the numbers at each call but writes only those that differ from the
    last call's: a step changes a few. Every number is a count over a scale (``num``) or a
    flag (``flag``): the count itself is compared with the last one (an integer: no division
    and no new float unless it changed). A value is clamped to ``±bound`` as it is written
    (``inf``: kept as it is), so an adapter's bounded observation needs no pass over the
    vector. A block whose inputs are those it was last written from is not computed at all:
    inputs packed in a key (``same``) or equal lists (``same_lists``: a state's lists, changed
    in place). ``onehot`` writes the entry that was on and the one now on, ``bits`` a set's
    members that came or went.

    The numbers are kept as float32 bits in a ``vec[i32]`` (mypyc's own vector: the compiled
    build writes an entry as one store, where an item set of an ``array`` or a ``memoryview``
    was a generic call costing about 200 instructions with the float it packed); a count's
    bits come from its scale's table (``_Scale``, made once per scale), so what is stored is
    exactly the float32 the array stored before (the same C conversion).

    ``copy()`` is the observation as a new float32 array; ``as_list()`` as a list of the same
    numbers (OpenSpiel's tensors), written entry by entry along with the buffer once first asked
    for: the list handed out last is written again when its caller has let it go (nobody else
    holds it: checked at the first write after it was handed out), and copied when not."""

    def __init__(self, size: int, bound: float = math.inf) -> None:
        if not bound >= 1:
            raise ValueError("a bound below 1 would clamp the flags")
        self.size = size
        self.bound = bound
        #: the count (``num``) or flag (``flag``) last written at each entry: an entry is always
        #: written by one of them, with one scale (0 is 0 at any scale). A ``vec[i64]``: read and
        #: written as C integers (a list's items are objects: each write made one); a count
        #: beyond 64 bits raises ``OverflowError``
        self.ints: vec[i64] = vec[i64]([0] * size)
        #: the float32 numbers, as their bits
        self.vals: vec[i32] = vec[i32]([0] * size)
        #: the same memory as float32 numbers (the source of ``copy``, and of ``array``)
        self.view: memoryview[float] = memoryview(self.vals).cast("B").cast("f")
        self.array: np.ndarray = np.frombuffer(memoryview(self.vals), np.float32)
        #: the tables of the scales met (``_Scale``), by scale
        self.scales: list[_Scale | None] = [None] * _SCALES
        #: the buffer as Python floats (the list last handed out, written along with the buffer);
        #: ``mine``: nobody else holds it (checked at the first write after it was handed out)
        self.floats: list[Any] | None = None  # (floats: ``Any`` as ``_Scale.values``)
        self.mine = False
        self.one: Any = 1.0
        self.zero: Any = 0.0
        #: the key each block was last written from (``same``), the set of each block of flags (``bits``)
        self.keys: list[int] = []
        self.masks: list[int] = []
        #: copies of the lists each block was last written from (``same_lists``)
        self.copies: list[list[list[Any]] | None] = []
        #: the arrays ``copy`` hands out (made when first asked for)
        self.kept: Kept | None = None
        #: ``sys.getrefcount``, kept (the compiled build looks a module's attribute up at every use)
        self.count: Callable[[object], int] = sys.getrefcount
        #: the references ``_refs`` counts to a list that only this buffer holds
        self.floats = [0.0]
        self.alone = self._refs()
        self.floats = None

    def _scale(self, scale: int) -> _Scale:
        """The table of ``scale`` (``0 < scale < _SCALES``), made or found when first met."""
        key = (scale, self.bound)
        t = _SCALE_TABLES.get(key)
        if t is None:
            t = _SCALE_TABLES[key] = _Scale(scale, self.bound)
        self.scales[scale] = t
        return t

    def _own(self) -> None:
        """The list to write into is the one handed out last when its caller let it go, else a
        copy of it (the caller's left as it was). (Counted before anything here holds it.)"""
        if self._refs() != self.alone:
            floats = self.floats
            assert floats is not None
            self.floats = floats.copy()
        self.mine = True

    def num(self, i: int, n: int, scale: int) -> None:
        """Entry ``i`` is the count ``n`` divided by ``scale``."""
        ints = self.ints
        if ints[i] != n:
            ints[i] = n
            if 0 <= n < _TABLE and 0 < scale < _SCALES:
                t = self.scales[scale]
                if t is None:
                    t = self._scale(scale)
                self.vals[i] = t.bits[n]
                if self.floats is not None:
                    if not self.mine:
                        self._own()
                    self.floats[i] = t.values[n]
            else:  # (a count beyond the tables: converted)
                x = n / scale
                b = self.bound
                bits, value = _f32(b if x > b else -b if x < -b else x)
                self.vals[i] = bits
                if self.floats is not None:
                    if not self.mine:
                        self._own()
                    self.floats[i] = value

    def flag(self, i: int, on: bool) -> None:
        """Entry ``i`` is 1 or 0 (never beyond a bound: the adapters' is 10)."""
        ints = self.ints
        if on:
            if ints[i] != 1:
                ints[i] = 1
                self.vals[i] = _ONE
                if self.floats is not None:
                    if not self.mine:
                        self._own()
                    self.floats[i] = self.one
        elif ints[i] != 0:
            ints[i] = 0
            self.vals[i] = 0
            if self.floats is not None:
                if not self.mine:
                    self._own()
                self.floats[i] = self.zero

    def same(self, block: int, key: int) -> bool:
        """True when ``block`` was last written from inputs with this ``key`` (a number that
        tells them apart; negative: not comparable): the caller skips writing it. Else the
        key is kept and the caller writes the block."""
        keys = self.keys
        while len(keys) <= block:
            keys.append(-1)
        if key >= 0 and keys[block] == key:
            return True
        keys[block] = key
        return False

    def onehot(self, block: int, at: int, n: int, i: int) -> None:
        """Entries ``at``..``at + n - 1`` are 0 but ``at + i`` (all 0 when ``i`` is outside them),
        with ``i + 1`` kept as ``block``'s key: once written, only the entry that was on and the
        one now on are written again (not ``n`` flags: a frame's step has 41)."""
        keys = self.keys
        old = keys[block] - 1 if block < len(keys) else -2  # (-2: never written, or not comparable)
        if self.same(block, i + 1 if i >= 0 else 0):
            return
        if old < -1:
            for j in range(n):
                self.flag(at + j, j == i)
            return
        if 0 <= old < n:
            self.flag(at + old, False)
        if 0 <= i < n:
            self.flag(at + i, True)

    def same_lists(self, block: int, lists: list[list[Any]]) -> bool:
        """True when ``lists`` (a state's lists, changed in place) hold what ``block`` (a small
        number of its own) was last written from: the caller skips computing it. Else copies
        are kept and the caller writes the block."""
        copies = self.copies
        while len(copies) <= block:
            copies.append(None)
        old = copies[block]
        if old is not None and old == lists:
            return True
        copies[block] = [x.copy() for x in lists]
        return False

    def bits(self, block: int, at: int, mask: int) -> None:
        """Entries ``at + c`` are the bits ``c`` of ``mask`` (a set of numbers as one integer:
        ``tuple_bits``, ``list_bits``), kept as ``block``'s: only the entries whose bit differs
        from the last call's are written (before, a set was compared with a copy of the last,
        each member looked up in it: kept in a dict, copied when changed)."""
        masks = self.masks
        while len(masks) <= block:
            masks.append(0)  # (a block never written: no member, as the buffer's zeros)
        old = masks[block]
        if old == mask:
            return
        masks[block] = mask
        x = old ^ mask
        while x:
            low = x & -x
            x ^= low
            self.flag(at + low.bit_length() - 1, mask & low != 0)

    def copy(self) -> np.ndarray:
        """The observation as a float32 array its caller may keep (one of two kept arrays,
        written again when nobody else holds it: ``Kept``)."""
        kept = self.kept
        if kept is None:
            kept = self.kept = Kept(self.size, "f")
        return kept.copy_of(self.view)

    def _refs(self) -> int:
        """References to the list last handed out, counted the same way at every call."""
        return self.count(self.floats)

    def as_list(self) -> list[float]:
        """The observation as a list of floats: the list kept along with the buffer (made from
        it when first asked for), handed out; written again, or copied first if its caller
        still holds it, at the next write."""
        floats: list[float] | None = self.floats
        if floats is None:
            floats = self.floats = self.array.tolist()
        self.mine = False
        return floats


@final
class Kept:
    """The arrays of one length and type an adapter hands out, kept and written again.

    A new numpy array at every step costs more than the few numbers a step changes (0.4 µs
    for an 860-float observation, 0.6 µs for a 4,780-flag action mask with its bytes). So two
    arrays are kept and handed out in turn, each written again whole (a ``memoryview`` copy,
    so whatever its caller wrote into it is gone) only when nobody but this object holds it,
    as ``sys.getrefcount`` counts: an array still held (itself, a view of it, a ``memoryview``
    or a tensor over it: each holds a reference) is never changed, and a new one takes its
    place here. Two, because the usual loop (``obs, ... = env.step(a)``) still holds the last
    observation while it asks for the next one; it has let go of the one before.

    The flags (``flags``) are kept in a ``vec[u8]`` of their own, where the compiled build
    clears the last call's and sets this call's with a store each, and copied whole."""

    def __init__(self, size: int, code: str) -> None:
        """``size`` numbers of the ``array`` type ``code`` ("f": float32, "b": int8)."""
        self.code = code
        self.dtype = np.float32 if code == "f" else np.int8
        self.size = size
        self.arrays: list[np.ndarray] = []
        #: each array's numbers, written through (a reference to its array: counted in ``alone``)
        self.views: list[memoryview] = []
        #: the flags of the last ``flags`` call, and their numbers
        self.mask: vec[u8] = vec[u8]([0] * (size if code == "b" else 0))
        self.masked: tuple[int, ...] = ()
        self.mask_view = memoryview(self.mask).cast("b")
        #: ``sys.getrefcount``, kept (the compiled build looks a module's attribute up at every use)
        self.count: Callable[[object], int] = sys.getrefcount
        for _ in range(2):
            self._new(len(self.arrays))
        #: the references ``_refs`` counts to an array that only this object holds
        self.alone = self._refs(0)
        #: the array handed out last
        self.last = 1

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied or pickled as new arrays: the ones handed out stay their holders'."""
        return (Kept, (self.size, self.code))

    def _new(self, k: int) -> None:
        a = np.zeros(self.size, self.dtype)  # (owns its bytes: a view of it holds a reference to it)
        if k < len(self.arrays):
            self.arrays[k] = a
            self.views[k] = a.data
        else:
            self.arrays.append(a)
            self.views.append(a.data)

    def _refs(self, k: int) -> int:
        """References to array ``k``, counted the same way at every call."""
        return self.count(self.arrays[k])

    def _free(self) -> int:
        """An array nobody else holds: the one handed out before the last, else the last, else a
        new one in place of the older (which stays its holder's, unchanged)."""
        k = 1 - self.last
        if self._refs(k) != self.alone:
            k = self.last
            if self._refs(k) != self.alone:
                k = 1 - self.last
                self._new(k)
        self.last = k
        return k

    def copy_of(self, data: memoryview[Any]) -> np.ndarray:
        """An array of the numbers of ``data`` (as many, of this type: a memory copy)."""
        k = self._free()
        self.views[k][:] = data
        return self.arrays[k]

    def flags(self, on: tuple[int, ...]) -> np.ndarray:
        """An int8 array of 1 at the entries ``on``, 0 elsewhere."""
        mask = self.mask
        for i in self.masked:
            mask[i] = 0
        for i in on:
            mask[i] = 1
        self.masked = on
        return self.copy_of(self.mask_view)


def tuple_bits(items: tuple[int, ...]) -> int:
    """The set of numbers ``items`` as one integer (bit ``c`` for ``c``): ``Obs.bits``."""
    m = 0
    for c in items:
        m |= 1 << c
    return m


def list_bits(items: list[int]) -> int:
    """``tuple_bits`` of a list (a loop the compiled build runs by index, as for the tuple)."""
    m = 0
    for c in items:
        m |= 1 << c
    return m


def seat_buffers(buffers: list[Obs], seat: int, size: int, bound: float) -> Obs:
    """The buffer of ``seat`` (made when first asked for)."""
    while len(buffers) <= seat:
        buffers.append(Obs(size, bound))
    return buffers[seat]


__all__ = ["Encode", "Kept", "Obs", "Vec", "list_bits", "position", "seat_buffers", "tuple_bits"]
