"""How a game of Cleopatra's Caboose ended, as a typed value (CC-EOR-03, CC-SCORE-*, CC-WIN-*).

``CabooseState.final_outcome()`` gives it; ``CabooseState.outcome()`` is its JSON form (records,
research rows and the equivalence digests read that). Besides the winners it says which of the
book's tie-breaks decided them, so a result screen or a study can tell a close game from a clear one.

>>> from asztal import games
>>> import random
>>> state = games.load("caboose").new_game(seed=5, players=3)
>>> rand = random.Random(5)
>>> while not state.is_over:
...     state.apply(rand.choice(state.legal_actions()))
>>> result = state.final_outcome()
>>> result.ending is Ending.ROUNDS and result.decided_by in TieBreak
True
>>> result.to_json() == state.outcome()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Ending(StrEnum):
    """Why the game ended: the book knows one way (CC-EOR-03, the last round is played out)."""

    ROUNDS = "rounds"


class TieBreak(StrEnum):
    """What separated the winners from the next player, in the book's order (CC-WIN-01..04);
    ``TIED`` when even the last tie-break left several seats level (they share the win)."""

    VP = "vp"
    MONEY = "money"
    CARDS = "cards"
    GOD = "god"
    TIED = "tied"


#: the ranking key's parts (``scoring.ranking_key``) in order, and what each one decides
_ORDER = (TieBreak.VP, TieBreak.MONEY, TieBreak.CARDS, TieBreak.GOD)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a game of Cleopatra's Caboose, per seat.

    ``scores`` are the victory points after final scoring, ``money`` what each seat kept (the
    first tie-break), ``final`` the final scoring by source as the board's result table shows it.
    While the game goes on ``ending`` and ``decided_by`` are None and nobody has won yet.
    """

    ending: Ending | None
    scores: tuple[float, ...]
    money: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: TieBreak | None
    final: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``GameState.outcome()``): scores, winners, the final scoring, money."""
        return {"scores": list(self.scores), "winners": list(self.winners), "final": self.final,
                "money": list(self.money)}


def decided_by(keys: list[tuple[int, ...]], winners: list[int]) -> TieBreak:
    """The first part of the ranking key (``scoring.ranking_key``) that set the winners above
    the best of the rest; ``TIED`` when nobody is left below them or no part did."""
    rest = [k for q, k in enumerate(keys) if q not in winners]
    if not rest:
        return TieBreak.TIED
    best, runner_up = keys[winners[0]], max(rest)
    for i, part in enumerate(_ORDER):
        if best[i] != runner_up[i]:
            return part
    return TieBreak.TIED
