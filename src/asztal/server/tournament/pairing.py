"""Who sits at which table in a round: Swiss by standing, and round-robin schedules.

Pure functions (no I/O, no clock, no randomness): the same field and history give the same
tables, so an instance that pairs a round again after a restart pairs it the same way.

A table is a tuple of seats in seat order; a seat is a player's id, or ``None`` for a seat a bot
plays. The rules, as docs/tournaments.md tells them to players:

- **Tables and byes** (``layout``): as few tables as the table size allows, the players spread
  over them as evenly as possible (sizes differ by at most one, the larger tables first). A table
  left with fewer players than the game's minimum gets bots up to that minimum: with a table size
  the game can also be played one smaller (PAX of 3, PocketCiv of 3), an odd field just makes a
  smaller table; with one it cannot (PAX of 2, Caboose of 3) the short table gets a bot seat.
- **Swiss** (``swiss``): the players in standing order (best first; the first round in sign-up
  order); each table takes the best player not yet seated and the next best who have not sat with
  them yet, so tables form within score groups. No two players sit together twice while a
  seating without it exists: the search tries a seating with no repeated table-mates first, and
  if there is none, the fewest repeated pairs it can find: a greedy seating (each next seat to
  whoever brings the fewest) bettered by searches halving the gap between a count found and one
  not found. Each try is bounded by ``BUDGET`` steps, a try past it counted as not found, which
  only happens in fields far larger than a club's or late in long tournaments (measured: 64
  players at tables of 4 pair without a repeat for 11 rounds, under a second a round). The seats
  played by bots go to the lowest-placed players who have had the fewest bot seats so far.
- **Round-robin** (``round_robin``): at tables of two, the circle method (every pair meets once,
  ``n - 1`` rounds, ``n`` for an odd field, where one player a round plays a bot). At larger
  tables, rounds are added until every pair has met: each round is the seating that brings
  together the most pairs who have not met yet (the search bounded by ``BUDGET``). No schedule can
  have fewer rounds than ``ceil((n - 1) / (size - 1))`` (a player meets at most ``size - 1``
  others a round); ``rounds_bound`` is that bound, and tests/server/test_tournament_pairing.py
  shows how close the schedules come for club fields.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence, Set
from math import ceil

Seat = str | None
Table = tuple[Seat, ...]

#: search steps (a table tried) allowed per try of one round's seating
BUDGET = 20000


class _OutOfBudget(Exception):
    """The bounded search gave up; the caller tries the next, looser seating."""


def layout(n: int, size: int, min_players: int) -> list[tuple[int, int]]:
    """The tables of a round of ``n`` players at tables of ``size``: (players, bots) per table,
    the larger tables first."""
    if n < 1 or size < 1 or min_players < 1 or min_players > size:
        raise ValueError("a round needs a player and a table size the game allows")
    count = ceil(n / size)
    base, extra = divmod(n, count)
    humans = [base + 1] * extra + [base] * (count - extra)
    return [(h, max(0, min_players - h)) for h in humans]


def rounds_bound(n: int, size: int) -> int:
    """The fewest rounds in which every pair of ``n`` players can meet at tables of ``size``."""
    return ceil((n - 1) / (size - 1)) if n > 1 else 0


def pairs_of(table: Table) -> Iterator[frozenset[str]]:
    """Every pair of players at a table (bots are nobody's table-mates)."""
    people = [p for p in table if p is not None]
    return (frozenset(pair) for pair in itertools.combinations(people, 2))


def met_pairs(rounds: Sequence[Sequence[Table]]) -> set[frozenset[str]]:
    """Every pair of players who have sat at one table in ``rounds``."""
    return {pair for tables in rounds for table in tables for pair in pairs_of(table)}


def swiss(order: Sequence[str], history: Sequence[Sequence[Table]], size: int, min_players: int) -> list[Table]:
    """The next Swiss round of the players in ``order`` (best first), after ``history``."""
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    shape = layout(len(order), size, min_players)
    met = met_pairs(history)
    bot_seats = {p: sum(1 for tables in history for t in tables if p in t and None in t) for p in order}
    with_bots = sum(h for h, b in shape if b)
    # the bot seats: the lowest placed among those who had the fewest
    ranked = sorted(range(len(order)), key=lambda i: (bot_seats[order[i]], -i))
    chosen = set(ranked[:with_bots])
    top = [p for i, p in enumerate(order) if i not in chosen]
    bottom = [p for i, p in enumerate(order) if i in chosen]
    full = _seat(top, [h for h, b in shape if not b], met)
    short = _seat(bottom, [h for h, b in shape if b], met)
    bots = [b for _, b in shape if b]
    return full + [t + (None,) * b for t, b in zip(short, bots, strict=True)]


def _seat(players: list[str], sizes: list[int], met: Set[frozenset[str]]) -> list[Table]:
    """``players`` (in order) at tables of ``sizes`` with the fewest repeated pairs the bounded
    searches find, each table the best player left and the nearest below them."""
    if not players:
        return []
    best = _greedy(players, sizes, met)
    low, high = 0, _repeats(best, met)
    # none allowed first (the usual case), then halving the gap to the fewest found
    while low < high:
        allowed = low if low == 0 else (low + high) // 2
        try:
            found = _search(players, sizes, met, allowed, [0])
        except _OutOfBudget:
            found = None
        if found is None:
            low = allowed + 1
        else:
            best, high = found, _repeats(found, met)
    return best


def _greedy(players: list[str], sizes: list[int], met: Set[frozenset[str]]) -> list[Table]:
    """A seating found at once: each table the best player left, then one by one the nearest
    of those who bring the fewest repeated pairs."""
    left = list(players)
    out: list[Table] = []
    for size in sizes:
        table = [left.pop(0)]
        for _ in range(size - 1):
            costs = [sum(1 for q in table if frozenset((p, q)) in met) for p in left]
            table.append(left.pop(costs.index(min(costs))))
        out.append(tuple(table))
    return out


def _repeats(tables: list[Table], met: Set[frozenset[str]]) -> int:
    return sum(1 for t in tables for pair in pairs_of(t) if pair in met)


def _search(left: list[str], sizes: list[int], met: Set[frozenset[str]], allowed: int,
            steps: list[int]) -> list[Table] | None:
    if not sizes:
        return []
    head, rest = left[0], left[1:]
    for table, used in _tables_from((head,), rest, 0, sizes[0] - 1, met, allowed, steps):
        others = [p for p in rest if p not in table]
        below = _search(others, sizes[1:], met, allowed - used, steps)
        if below is not None:
            return [table, *below]
    return None


def _tables_from(chosen: tuple[str, ...], rest: list[str], start: int, need: int, met: Set[frozenset[str]],
                 allowed: int, steps: list[int]) -> Iterator[tuple[tuple[str, ...], int]]:
    """The tables that add ``need`` players of ``rest[start:]`` to ``chosen`` (nearest first)
    with at most ``allowed`` repeated pairs, each with its count; a player who would bring more is
    passed over at once, so a search with none allowed never tries a table of known pairs."""
    if need == 0:
        yield chosen, 0
        return
    for i in range(start, len(rest)):
        p = rest[i]
        cost = sum(1 for q in chosen if frozenset((p, q)) in met)
        if cost > allowed:
            continue
        steps[0] += 1
        if steps[0] > BUDGET:
            raise _OutOfBudget
        for table, used in _tables_from((*chosen, p), rest, i + 1, need - 1, met, allowed - cost, steps):
            yield table, used + cost


def round_robin(players: Sequence[str], size: int, min_players: int) -> list[list[Table]]:
    """Rounds in which every pair of ``players`` sits at one table at least once."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if len(players) < 2:
        return []
    if size == 2:
        return _circle(list(players))
    shape = layout(len(players), size, min_players)
    left = {frozenset(p) for p in itertools.combinations(players, 2)}
    rounds: list[list[Table]] = []
    while left:
        best = _most_new(list(players), [h for h, _ in shape], left)
        rounds.append([t + (None,) * b for t, (_, b) in zip(best, shape, strict=True)])
        left -= met_pairs([best])
    return rounds


def _circle(players: list[str]) -> list[list[Table]]:
    """The circle method: the first player stays, the others turn one place a round."""
    seats: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(seats)
    out: list[list[Table]] = []
    for _ in range(n - 1):
        tables = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        out.append([t if t[0] is not None else (t[1], None) for t in tables])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return out


def _most_new(players: list[str], sizes: list[int], left: Set[frozenset[str]]) -> list[Table]:
    """The seating (searched depth-first within ``BUDGET``) that seats the most pairs in ``left``.
    The first seating tried already seats one such pair (the player with the most has one at
    their table), so every round brings at least one new pair together."""
    best: list[list[Table]] = []
    best_score = [-1]
    steps = [0]
    cap = [s * (s - 1) // 2 for s in sizes]

    def go(rest: list[str], k: int, chosen: list[Table], score: int) -> None:
        if k == len(sizes):
            if score > best_score[0]:
                best_score[0] = score
                best[:] = [list(chosen)]
            return
        if score + sum(cap[k:]) <= best_score[0]:
            return  # cannot beat the best found
        # the first seating tried is the greedy one: who has the most pairs left first, each
        # with those they have not met
        unmet = {p: sum(1 for q in rest if frozenset((p, q)) in left) for p in rest}
        rest = sorted(rest, key=lambda p: -unmet[p])
        head = rest[0]
        tail = sorted(rest[1:], key=lambda q: frozenset((head, q)) not in left)
        for mates in itertools.combinations(tail, sizes[k] - 1):
            steps[0] += 1
            if steps[0] > BUDGET and best:
                return
            table = (head, *mates)
            new = sum(1 for pair in pairs_of(table) if pair in left)
            go([p for p in tail if p not in mates], k + 1, [*chosen, table], score + new)

    go(players, 0, [], 0)
    return best[0]

