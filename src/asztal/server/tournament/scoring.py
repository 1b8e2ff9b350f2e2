"""Placement points and the standings of a tournament, with their tie-breaks.

Pure functions (exact fractions, no I/O). The rules, as docs/tournaments.md tells them:

- **Places** at a table (``places``): the game's winners first, then the others by their final
  score; equal scores share a place (1, 2, 2, 4). A player who withdrew or forfeited takes the
  last place, shared with anyone else who did (``forfeit_places``).
- **Points** per game (``placement_points``): first place 1, last place 0, the places between
  spread evenly (a table of 4: 1, 2/3, 1/3, 0; a table of 2: 1 and 0). Players sharing places
  share those places' points equally (two sharing first at a table of 2: ½ each). So a game at a
  smaller table or against a bot is worth the same as any other.
- **Standings** (``standings``): by points; then, in a Swiss tournament, the Buchholz-like sum
  (for each game, the average points of its table-mates over the whole tournament); then the
  head-to-head among the players still tied (at each table two of them shared, 1 for the one
  placed ahead, ½ each for the same place); then the total of the game scores. Players equal in
  all of these share a rank (listed in sign-up order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from asztal.server.tournament.pairing import Table


@dataclass(frozen=True)
class Result:
    """One finished table: its seats (a player's id, ``None`` for a bot), each seat's place
    (1 is best) and each seat's final game score."""

    table: Table
    places: tuple[int, ...]
    scores: tuple[float, ...]

    def __post_init__(self) -> None:
        if not len(self.table) == len(self.places) == len(self.scores):
            raise ValueError("a result has a place and a score for every seat")


@dataclass(frozen=True)
class Standing:
    player: str
    rank: int
    points: Fraction
    buchholz: Fraction
    head_to_head: Fraction
    game_points: float
    games: int


def places(scores: Sequence[float], winners: Sequence[int] = ()) -> list[int]:
    """Each seat's place: the winners first, then by score; equal seats share a place."""
    keys = [(i in winners, s) for i, s in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def forfeit_places(scores: Sequence[float], out: Sequence[int]) -> list[int]:
    """Places of a game that did not end: the seats in ``out`` (withdrawn, forfeited) last,
    the others by their score at that moment."""
    keys = [(i not in out, s) for i, s in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def placement_points(seat_places: Sequence[int]) -> list[Fraction]:
    """Each seat's points: 1 for first, 0 for last, evenly between; tied seats share."""
    n = len(seat_places)
    if n == 1:
        return [Fraction(1)]
    out = []
    for p in seat_places:
        tied = sum(1 for q in seat_places if q == p)
        spanned = [Fraction(n - q, n - 1) for q in range(p, p + tied)]
        out.append(sum(spanned, Fraction(0)) / tied)
    return out


def standings(players: Sequence[str], results: Sequence[Result], swiss: bool) -> list[Standing]:
    """The standings of ``players`` (in sign-up order) after ``results``, best first."""
    points = {p: Fraction(0) for p in players}
    game_points = {p: 0.0 for p in players}
    games = {p: 0 for p in players}
    earned = [placement_points(r.places) for r in results]
    for r, pts in zip(results, earned, strict=True):
        for seat, p in enumerate(r.table):
            if p is not None and p in points:
                points[p] += pts[seat]
                game_points[p] += r.scores[seat]
                games[p] += 1
    buchholz = {p: Fraction(0) for p in players}
    if swiss:
        for r in results:
            people = [p for p in r.table if p is not None and p in points]
            for p in people:
                mates = [points[q] for q in people if q != p]
                if mates:
                    buchholz[p] += sum(mates, Fraction(0)) / len(mates)
    order = {p: i for i, p in enumerate(players)}

    def first(p: str) -> tuple[Fraction, Fraction]:
        return points[p], buchholz[p]

    ranked = sorted(players, key=lambda p: (tuple(-x for x in first(p)), order[p]))
    out: list[Standing] = []
    for _, group_iter in groupby(ranked, key=first):
        group = list(group_iter)
        h2h = _head_to_head(group, results)
        group.sort(key=lambda p: (-h2h[p], -game_points[p], order[p]))
        for p in group:
            rank = len(out) + 1
            if out and (first(p), h2h[p], game_points[p]) == (
                    (out[-1].points, out[-1].buchholz), out[-1].head_to_head, out[-1].game_points):
                rank = out[-1].rank
            out.append(Standing(p, rank, points[p], buchholz[p], h2h[p], game_points[p], games[p]))
    return out


def _head_to_head(group: list[str], results: Sequence[Result]) -> dict[str, Fraction]:
    """Among the tied ``group``: for each table two of them shared, 1 to the one placed ahead,
    ½ each for the same place."""
    out = {p: Fraction(0) for p in group}
    if len(group) < 2:
        return out
    members = set(group)
    for r in results:
        seats = [(p, place) for p, place in zip(r.table, r.places, strict=True) if p in members]
        for p, mine in seats:
            for q, theirs in seats:
                if q != p:
                    out[p] += 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
    return out
