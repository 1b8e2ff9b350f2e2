"""How a search's moves are ranked and told to a player: one figure, one unit, everywhere.

A hint (terminal and browser) and a game review show a figure per move. The figure shown is
the one the ranking used, so the move called best always has the best figure: the moves are
ranked by their mean reward in the search, among those the search tried often enough to
trust it (``TRUSTED_SHARE`` of the most tried move's visits, at least ``MIN_TRUSTED``).
Ranking by visits and showing the mean, as before, let a move the policy prior pushed
(PocketCiv, where the prior is the scripted player) be called best at 13 % while the next
best showed 29 %.

The unit is the game's, the same in the hint and the review (:func:`unit`):

``win``
    several players: the chance of winning, in per cent (the bots' reward in [0, 1]: 0.9
    shared by the winners plus up to 0.1 for the score); PAX solitaire: the chance of beating
    the level;
``vp``
    a solo game whose evaluation converts rewards into victory points (``reward_points``,
    PocketCiv): the final score the search expects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from asztal.bots import heuristics
from asztal.bots.mcts import Node
from asztal.engine import GameState

#: a move is ranked only when the search tried it at least this share of the top move's visits ...
TRUSTED_SHARE = 0.1
#: ... and at least this many times (fewer tries say little about a move)
MIN_TRUSTED = 5


@dataclass(frozen=True)
class Ranked:
    """One move of a search: its code, the figure shown (in the unit's scale) and its visits."""

    code: str
    figure: float
    visits: int


def unit(state: GameState) -> tuple[str, Callable[[float], float]]:
    """How figures are told: ``("win", reward -> reward)`` or ``("vp", reward -> points)``."""
    if state.players > 1:
        return "win", float
    mod = heuristics.get(state.game.name)
    to_points = getattr(mod, "reward_points", None)
    return ("vp", to_points) if to_points is not None else ("win", float)


def rank(state: GameState, root: Node, codes: list[str]) -> list[Ranked]:
    """The root's moves among ``codes``, best first by the figure shown (see the module doc).

    Moves tried too rarely to trust come after the trusted ones, by visits; a tie on the
    figure goes to the more tried move."""
    _, conv = unit(state)
    tried = [(c, root.children[c]) for c in codes if c in root.children and root.children[c].visits]
    if not tried:
        return []
    top = max(ch.visits for _, ch in tried)
    floor = max(MIN_TRUSTED, TRUSTED_SHARE * top) if top >= MIN_TRUSTED else top
    out = [(ch.visits >= floor, conv(ch.total / ch.visits), ch.visits, c) for c, ch in tried]
    out.sort(key=lambda x: (x[0], x[1] if x[0] else 0.0, x[2]), reverse=True)
    return [Ranked(c, fig, n) for _, fig, n, c in out]
