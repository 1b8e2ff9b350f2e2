"""The toy Nim with a determinize that depends only on the seat's view and the rng.

``tests/toy/nim.py`` gathers the unseen cards in their hidden order before shuffling, so
its samples depend on where the cards really are (a contract slip reported to the lead).
This variant sorts them first, as the contract asks; the no-peeking tests use it.
"""

from __future__ import annotations

from tests.toy.nim import Nim, NimState


class FairNimState(NimState):
    __slots__ = ()

    def _determinize(self, seat, rng):
        unseen = sorted([c for s, c in enumerate(self.hands) if s != seat] + self.deck)
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.hands[s] = unseen.pop()
        self.deck = unseen
        self._legal = None


class FairNim(Nim):
    name = "fairnim"
    state_class = FairNimState


GAME = FairNim()
