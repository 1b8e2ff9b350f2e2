"""Turn-based games: a turn timer of an hour or more (BGA offers 12 hours to 3 days per move).

The policy when such a turn runs out (our ruling, docs/operations.md "Turn-based games"): the
game's stand-in bot makes that one move for the seat, every player is told so, and the seat stays
its player's; the next turn of the seat has a fresh deadline. A live game (a timer in minutes)
keeps its own rule: the stand-in plays only while another human is at the table, and goes on
until its player is back. The difference is deliberate: in a game of days nobody is "at the
table", and a player who missed one turn must not lose the rest of the game to a bot.

Nothing polls: a turn's deadline is stored with the move that began it (``games.turn_deadline``),
and the instance holding the game sleeps until it; a restarted server reads it back and sleeps
for what is left (or moves at once when it has passed). Two instances that both wake race for the
same ``seq``: the database keeps exactly one move.
"""

from __future__ import annotations

from typing import Any

#: a turn timer from this many seconds up makes a game turn-based
TURN_BASED_FROM = 3600.0


def is_turn_based(row: dict[str, Any]) -> bool:
    timer = row.get("turn_timer")
    return timer is not None and float(timer) >= TURN_BASED_FROM
