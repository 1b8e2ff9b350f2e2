"""A small portable PRNG (PCG32, O'Neill 2014) whose state serialises with the game.

Python's ``random`` changes its derived algorithms (``shuffle``, ``randrange``) between
versions; a game replayed from its seed must draw the same cards on every machine, so the
rules use this generator only. Its whole state is two integers.
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = 0xFFFFFFFF
_MULT = 6364136223846793005


def _splitmix64(x: int) -> int:
    """Spread any integer seed over 64 bits so that nearby seeds give unrelated streams."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


_STREAM = 0x5A7A1
_DEFAULT_INC = ((_STREAM << 1) | 1) & _MASK64


def _whole_seed(seed: int) -> tuple[int, int]:
    """A (seed, stream) pair that depends on every bit of a seed outside ``[0, 2**64)``.

    Each 64-bit limb of the seed's two's-complement bytes (and their count) goes through two
    splitmix chains: one gives the generator's start, the other its stream, which is never the
    default one, so such a seed cannot replay the game of a seed below ``2**64`` and two of them
    meet only if both 64-bit chains collide. Linear in the seed's length."""
    raw = seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)
    h1, h2 = 0x243F6A8885A308D3, 0x13198A2E03707344
    for i in range(0, len(raw), 8):
        limb = int.from_bytes(raw[i:i + 8], "little")
        h1 = _splitmix64(h1 ^ limb)
        h2 = _splitmix64(h2 ^ limb ^ 0xA4093822299F31D0)
    h1 = _splitmix64(h1 ^ len(raw))
    h2 = _splitmix64(h2 ^ len(raw))
    if ((h2 << 1) | 1) & _MASK64 == _DEFAULT_INC:
        h2 ^= 1 << 1
    return h1, h2


class Rng:
    """PCG32 (XSH RR). ``Rng(seed)`` for any int seed; ``Rng.from_state`` to restore."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = _STREAM) -> None:
        if 0 <= seed <= _MASK64:
            mixed = seed  # every seed below 2**64 keeps the stream it has always had
        else:
            mixed, stream = _whole_seed(seed)
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next32()
        self.state = (self.state + _splitmix64(mixed)) & _MASK64
        self.next32()

    @classmethod
    def from_state(cls, data: list[int] | tuple[int, int]) -> Rng:
        state, inc = data
        if not (isinstance(state, int) and isinstance(inc, int) and inc & 1):
            raise ValueError("invalid random generator state")
        r = cls.__new__(cls)
        r.state = state & _MASK64
        r.inc = inc & _MASK64
        return r

    def get_state(self) -> list[int]:
        return [self.state, self.inc]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        r.inc = self.inc
        return r

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        x = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & _MASK32

    def next64(self) -> int:
        return (self.next32() << 32) | self.next32()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        if n <= 1 << 32:
            limit = ((1 << 32) // n) * n
            while True:
                x = self.next32()
                if x < limit:
                    return x % n
        bits = n.bit_length()
        while True:
            x = 0
            for _ in range((bits + 31) // 32):
                x = (x << 32) | self.next32()
            x >>= (-bits) % 32
            if x < n:
                return x

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]`` (both ends included, like a die)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return ((self.next32() >> 5) * 67108864 + (self.next32() >> 6)) / 9007199254740992.0

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place: the same draws as ``below(i + 1)`` for i = n-1 .. 1 (so the
        same stream and the same order), with the generator step and the rejection test
        written out in the loop instead of two method calls per element."""
        state, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = 4294967296 - 4294967296 % n  # ((1 << 32) // n) * n, as in ``below``
            while True:
                old = state
                state = (old * _MULT + inc) & _MASK64
                x = (((old >> 18) ^ old) >> 27) & _MASK32
                rot = old >> 59
                x = ((x >> rot) | (x << ((-rot) & 31))) & _MASK32
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state


class RngTypeError(TypeError, ValueError):
    """An ``rng`` argument of the wrong type: a ``ValueError`` like the engine's other errors
    (and a ``TypeError``, as it always was)."""


def as_rng(rng: int | _random.Random | Rng) -> Rng:
    """The ``rng`` argument of ``determinize``: an int seed, a ``random.Random`` or an ``Rng``."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, (int, _random.Random)):
        raise RngTypeError("rng must be an int seed, a random.Random or an asztal Rng")
    if isinstance(rng, int):
        return Rng(rng)
    return Rng(rng.getrandbits(64))
