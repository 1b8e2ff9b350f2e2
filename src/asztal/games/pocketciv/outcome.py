"""How a game of PocketCiv ended, as a typed value (PC-END-01..03, PC-MP-END-01/02).

``PocketCivState.final_outcome()`` gives it once the game is over, for the solo game and the
multiplayer mode alike; ``PocketCivState.outcome()`` is its JSON form (records, research rows,
the equivalence digests and the learning lessons read that).

>>> from asztal import games
>>> import random
>>> state = games.load("pocketciv").new_game(seed=3)
>>> rand = random.Random(3)
>>> while not state.is_over:
...     state.apply(rand.choice(state.legal_actions()))
>>> result = state.final_outcome()
>>> result.ending in (Ending.ERAS, Ending.STOPPED, Ending.COLLAPSE)
True
>>> result.to_json() == state.outcome()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Ending(StrEnum):
    """Why the game ended. The values are the state's ``ending`` as saved positions and
    records have always written it (a ``str``: ``Ending.ERAS == "eras"``)."""

    #: PC-END-01 (a), PC-MP-END-01: the eighth era was played to its end
    ERAS = "eras"
    #: PC-END-01 (c), PC-ERA-09: the solo player stopped at an era change
    STOPPED = "stopped"
    #: PC-END-01 (b), PC-POP-04: the solo Empire has neither a tribe nor a city left
    COLLAPSE = "collapse"
    #: PC-MP-END-01: a seat of the multiplayer game has neither a tribe nor a city left
    WIPED = "wiped"


class WonBy(StrEnum):
    """By which rule the multiplayer winners won (ruling PC-R-MP-WIPEOUT-LOSES)."""

    #: PC-MP-END-02: Era 8 ended with every Empire standing; the most points win
    POINTS = "points"
    #: PC-MP-END-01: every other Empire has fallen; the one still standing wins
    LAST_STANDING = "last_standing"
    #: PC-MP-END-01/02 with three or four players: the most points among those still standing
    POINTS_OF_THE_STANDING = "points_of_the_standing"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game of PocketCiv, per seat (one seat in the solo game).

    ``vp_eras`` are the points of the era scorings (the multiplayer mode scores once, at the
    end, PC-Q-28), ``vp_wonders`` those of the wonders standing (PC-END-02); ``scores`` their
    sums. The solo game is won when it ends normally (``eras`` or ``stopped``), lost in a
    collapse. In the multiplayer mode ``fallen`` are the seats left with neither a tribe nor
    a city: they have lost (ruling PC-R-MP-WIPEOUT-LOSES, rules version 4); the seats still
    standing are ranked by points, the most win and a tie is shared (PC-MP-END-02, PC-Q-28).
    ``wonders`` are the wonders standing at the end, by id (the solo JSON form lists them).
    ``round`` is the round the game ended in; ``cause`` why the fallen seats fell at that
    moment: the event being carried out (its id on the cards) or the step of the round
    (``messages.RULE_CAUSES``: ``tribe_upkeep``, ``city_upkeep``...), None when neither applies.
    While the game goes on ``ending`` is None and nobody has won yet.
    """

    ending: Ending | None
    era: int
    vp_eras: tuple[int, ...]
    vp_wonders: tuple[int, ...]
    wonders: tuple[str, ...]
    fallen: tuple[int, ...] = ()
    round: int = 0
    cause: str | None = None

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(e + w) for e, w in zip(self.vp_eras, self.vp_wonders, strict=True))

    @property
    def solo(self) -> bool:
        return len(self.vp_eras) == 1

    @property
    def winners(self) -> tuple[int, ...]:
        if self.ending is None:
            return ()
        if self.solo:
            return (0,) if self.ending in (Ending.ERAS, Ending.STOPPED) else ()
        # PC-MP-END-01/02, ruling PC-R-MP-WIPEOUT-LOSES (PC-Q-28 revised): the points decide only
        # among the seats still standing (p. 18: „Utóbbi esetben az nyer, aki … több győzelmi pontot
        # tudott összegyűjteni”: the points rule is given for the era-8 ending); a fallen seat has lost
        scores = self.scores
        standing = [p for p in range(len(scores)) if p not in self.fallen]
        if not standing:
            return ()
        best = max(scores[p] for p in standing)
        return tuple(p for p in standing if scores[p] == best)

    @property
    def won_by(self) -> WonBy | None:
        """The rule the multiplayer winners won by; None in the solo game, while the game goes
        on, or when every seat fell at once (nobody won)."""
        winners = self.winners
        if self.solo or not winners:
            return None
        if not self.fallen:
            return WonBy.POINTS
        standing = len(self.scores) - len(self.fallen)
        return WonBy.LAST_STANDING if standing == 1 else WonBy.POINTS_OF_THE_STANDING

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``GameState.outcome()``): scores, winners, the ending and the era,
        then the points by kind (solo: numbers and the wonders standing; multiplayer: lists by
        seat, the round, who fell (seat from 0, round, era, cause) and the rule the winners won by)."""
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners),
                               "ending": None if self.ending is None else self.ending.value, "era": self.era}
        if self.solo:
            out.update({"vp_eras": self.vp_eras[0], "vp_wonders": self.vp_wonders[0],
                        "wonders": list(self.wonders)})
        else:
            out.update({"vp_advances": list(self.vp_eras), "vp_wonders": list(self.vp_wonders),
                        "round": self.round,
                        "fallen": [{"seat": p, "round": self.round, "era": self.era, "cause": self.cause}
                                   for p in self.fallen],
                        "won_by": None if self.won_by is None else self.won_by.value})
        return out
