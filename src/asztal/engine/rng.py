"""Chance: every random draw of the rules, and the small portable PRNG that resolves it.

**The chance API.** Rules draw only through the state's ``rng`` and always say what they draw
from (``what``, e.g. ``"pax.deck"``):

* ``rng.chance(what, outcomes, weights=None)``: the one primitive, one of ``outcomes`` with
  probability ``weights[i] / sum(weights)`` (uniform without weights);
* ``rng.below(n, what)``, ``rng.randint(lo, hi, what)``, ``rng.choice(seq, what)``: a die;
* ``rng.shuffle(items, what)``: an order decided now and seen at once (tiles laid out);
  ``rng.shuffle(items, what, deck=True)``: a face-down pile whose cards are read only one at
  a time through ``rng.draw``, so its order may be decided draw by draw;
* ``rng.draw(pile, what, unfixed=None)``: the top card of a pile (the end of the list).
  ``unfixed`` is how many cards from the top lie in an order nobody knows (default: all of a
  shuffled deck); a card put back in a known place (PAX: slid under the deck) is below them.

``Rng`` (normal play) resolves each call at once from the seeded PCG32 stream, exactly as the
plain generator always did (a shuffle is Fisher-Yates, a draw is ``pile.pop()``), so every
record replays unchanged. ``ExplicitChance`` (a research adapter's) instead stops at each
call that has more than one outcome: it raises ``ChanceNode`` naming the pile and the
distribution over what no one has seen (the distinct cards of the unfixed part, each weighted
by its count), unless the adapter has queued the outcome in ``forced``. The adapter replays
the interrupted action from a copy with the outcomes chosen so far, or, giving ``ask``, is
handed each node and answers with the outcome while the action waits (``adapters.chance``).
The two laws are the same: a draw from a uniformly shuffled pile is uniform over its cards.

**The generator** (PCG32, O'Neill 2014): Python's ``random`` changes its derived algorithms
(``shuffle``, ``randrange``) between versions; a game replayed from its seed must draw the
same cards on every machine, so the rules use this generator only. Its state is two integers.
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

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
        if seed == 0 and stream == _STREAM and _SEED0:
            # ``Rng()``, worked out once: in the compiled build ``Rng.__new__`` runs ``__init__``
            # with no arguments, so ``copy`` and ``from_state`` would otherwise pay a seeding
            self.state, self.inc = _SEED0
            return
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
        r = Rng()  # the seed-0 start, worked out once (``_SEED0``): a native call in the compiled build
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

    # -- the chance API (see the module docstring) --------------------------------------
    def chance(self, what: str, outcomes: Sequence[T], weights: Sequence[int] | None = None) -> T:
        """One of ``outcomes`` (probability ``weights[i] / sum(weights)``, uniform without)."""
        if weights is None:
            return outcomes[self.below(len(outcomes))]
        r = self.below(sum(weights))
        for o, w in zip(outcomes, weights, strict=True):
            if r < w:
                return o
            r -= w
        raise ValueError("chance() weights must be positive")

    def draw(self, pile: list[T], what: str = "", unfixed: int | None = None) -> T:
        """The top card of ``pile`` (its last item), taken off. Normal play: the pile was
        shuffled when it was made, so this is ``pile.pop()``."""
        return pile.pop()

    def below(self, n: int, what: str = "") -> int:
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

    def randint(self, lo: int, hi: int, what: str = "") -> int:
        """A uniform integer in ``[lo, hi]`` (both ends included, like a die)."""
        return lo + self.below(hi - lo + 1, what)

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return ((self.next32() >> 5) * 67108864 + (self.next32() >> 6)) / 9007199254740992.0

    def choice(self, seq: Sequence[T], what: str = "") -> T:
        return seq[self.below(len(seq), what)]

    def shuffle(self, items: list[Any], what: str = "", deck: bool = False, wide: bool = False) -> None:
        """Fisher-Yates in place: the same draws as ``below(i + 1)`` for i = n-1 .. 1 (so the
        same stream and the same order), with the generator step and the rejection test
        written out in the loop instead of two method calls per element.

        ``deck``: the pile is read only through ``draw`` (an explicit-chance generator then
        leaves its order to the draws). ``wide``: the order comes from one big random number
        read as mixed-radix digits (PAX's deck: the same law with ~14 generator steps for 74
        cards instead of ~80; a game keeps the method its records were made with)."""
        if wide:
            self._shuffle_wide(items)
            return
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

    def _shuffle_wide(self, items: list[Any]) -> None:
        """The digits of ``x`` in the mixed radix n, n-1, ..., 2 are the swaps. They are read a
        block at a time: one division of the big number by the product of a block's radices
        (below 2**62), then the block's digits from the small remainder, so most of the
        arithmetic is on machine integers (6 big divisions for 74 cards instead of 73); the
        digits, and so the order, are the same."""
        n = len(items)
        x = 0
        for _ in range(_wide_words(n)):
            x = (x << 32) | self.next32()
        i = n - 1
        for p, k in _radix_blocks(n):
            x, r = divmod(x, p)
            while i > k:
                r, j = divmod(r, i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1


#: ``(state, inc)`` of ``Rng()`` (see ``Rng.__init__``); empty while it is being worked out
_SEED0: tuple[int, ...] = ()
_SEED0 = tuple(Rng().get_state())

_WIDE: dict[int, int] = {}


def _wide_words(n: int) -> int:
    """32-bit words of randomness for a wide shuffle of ``n``: log2(n!) plus 58 bits of margin."""
    w = _WIDE.get(n)
    if w is None:
        w = _WIDE[n] = (int(math.lgamma(n + 1) / math.log(2)) + 1 + 58 + 31) // 32
    return w


_BLOCKS: dict[int, list[tuple[int, int]]] = {}


def _radix_blocks(n: int) -> list[tuple[int, int]]:
    """The blocks of a wide shuffle of ``n``: ``(product, k)`` for the radices i + 1 from the
    block's first down to k + 1, each product below 2**62, the blocks in reading order."""
    blocks = _BLOCKS.get(n)
    if blocks is None:
        blocks = []
        i = n - 1
        while i > 0:
            p, k = 1, i
            while k > 0 and p * (k + 1) < 1 << 62:
                p *= k + 1
                k -= 1
            blocks.append((p, k))
            i = k
        _BLOCKS[n] = blocks
    return blocks


@mypyc_attr(native_class=False)  # an exception: left to the interpreter when compiled
class ChanceNode(Exception):
    """An explicit-chance generator reached a draw whose outcome nobody has chosen yet.

    ``what`` names the pile or die, ``outcomes`` the possible results (distinct, sorted where
    they are cards; a die's faces stay a ``range``, equally likely, so that a die of 40,320
    faces is neither copied nor searched) and ``probs`` their probabilities (summing to 1;
    None given: uniform)."""

    def __init__(self, what: str, outcomes: Sequence[Any], probs: tuple[float, ...] | None = None) -> None:
        super().__init__(what, outcomes, probs)  # all three: a node pickles and copies
        self.what, self.outcomes, self._probs = what, outcomes, probs

    @property
    def probs(self) -> tuple[float, ...]:
        if self._probs is None:  # uniform, made only when asked (a die may have 40,320 faces)
            self._probs = (1.0 / len(self.outcomes),) * len(self.outcomes)
        return self._probs

    def __str__(self) -> str:
        return f"a draw from {self.what} ({len(self.outcomes)} outcomes)"


@mypyc_attr(native_class=False)
class UnroutedDraw(RuntimeError):
    """A rule read the generator's raw stream instead of naming its draw (explicit mode only)."""


class ExplicitChance(Rng):
    """A generator that never decides: each draw with more than one outcome is either the
    next outcome of ``forced`` (queued by the adapter) or a ``ChanceNode``. ``taken`` counts
    the outcomes consumed, so an adapter can tell a finished action from an interrupted one.

    The node is raised, unless the adapter gives ``ask``: then the node is handed to it and
    its answer is the outcome (an adapter that runs the step where it can wait, in a
    coroutine of its own, so that the step goes on instead of being replayed)."""

    __slots__ = ("forced", "taken", "ask")

    def __init__(self, forced: Sequence[Any] = ()) -> None:
        self.state, self.inc = 0, 1
        self.forced = list(forced)
        self.taken = 0
        self.ask: Callable[[ChanceNode], Any] | None = None

    def copy(self) -> ExplicitChance:
        r = ExplicitChance(self.forced)
        r.taken = self.taken
        return r

    def next32(self) -> int:
        raise UnroutedDraw("a random draw that does not name what it draws from (use the chance API)")

    def chance(self, what: str, outcomes: Sequence[T], weights: Sequence[int] | None = None) -> T:
        probs: tuple[float, ...] | None = None
        if weights is None:
            distinct: Sequence[T] = outcomes  # uniform: no copy (``o in range(n)`` is immediate)
        else:
            total = sum(weights)
            distinct = tuple(o for o, w in zip(outcomes, weights, strict=True) if w > 0)
            probs = tuple(w / total for w in weights if w > 0)
        if len(distinct) == 1:
            return distinct[0]
        o: T
        if self.forced:
            o = self.forced.pop(0)  # an outcome chosen by the driver, checked just below
        else:
            node = ChanceNode(what, distinct if isinstance(distinct, range) else tuple(distinct), probs)
            if self.ask is None:
                raise node
            o = self.ask(node)
        if o not in distinct:
            raise ValueError(f"{o!r} is not a possible outcome of {what}")
        self.taken += 1
        return o

    def _pick(self, what: str, cards: Sequence[T]) -> T:
        """A card among ``cards`` (each copy equally likely): the distinct ones weighted by count."""
        first = cards[0]
        if self.forced and any(c != first for c in cards):  # replaying: the outcome is known
            o: T = self.forced.pop(0)  # an outcome chosen by the driver, checked just below
            if o not in cards:
                raise ValueError(f"{o!r} is not a possible outcome of {what}")
            self.taken += 1
            return o
        seen = set(cards)
        if len(seen) == len(cards):  # every card once (most piles): equally likely, no weights to make
            ordered: list[T] = sorted(seen)  # type: ignore[type-var]  # cards are ints or strings: ordered
            return self.chance(what, ordered)
        counts: dict[T, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        keys: list[T] = sorted(counts)  # type: ignore[type-var]  # cards are ints or strings: ordered
        return self.chance(what, keys, [counts[k] for k in keys])

    def below(self, n: int, what: str = "") -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.chance(what, range(n))

    def random(self) -> float:
        raise UnroutedDraw("random() has no finite outcomes: draw from a named pile or die")

    def shuffle(self, items: list[Any], what: str = "", deck: bool = False, wide: bool = False) -> None:
        if deck:
            return  # its order is decided by the draws
        for i in range(len(items) - 1, 0, -1):  # Fisher-Yates, one chance node per place
            c = self._pick(what, items[:i + 1])
            j = items.index(c, 0, i + 1)
            items[i], items[j] = items[j], items[i]

    def draw(self, pile: list[T], what: str = "", unfixed: int | None = None) -> T:
        m = len(pile) if unfixed is None else unfixed
        if m > 1:
            n = len(pile)
            c = self._pick(what, pile[n - m:])
            j = pile.index(c, n - m)
            pile[n - 1], pile[j] = pile[j], pile[n - 1]
        return pile.pop()


@mypyc_attr(native_class=False)
class RngTypeError(TypeError, ValueError):
    """An ``rng`` argument of the wrong type: a ``ValueError`` like the engine's other errors
    (and a ``TypeError``, as it always was)."""


def as_rng(rng: int | _random.Random | Rng | object) -> Rng:
    """The ``rng`` argument of ``determinize``: an int seed, a ``random.Random`` or an ``Rng``."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, (int, _random.Random)):
        raise RngTypeError("rng must be an int seed, a random.Random or an asztal Rng")
    if isinstance(rng, int):
        return Rng(rng)
    return Rng(rng.getrandbits(64))
