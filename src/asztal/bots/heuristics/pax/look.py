"""PAX solitaire level 5: when to look at Rome's face-down cards (PAX-TURN-05).

Level 5 is won only with more symbols than Rome in all seven categories (PAX-SOLO-11), and
Rome's three face-down cards, about four symbols in unknown categories, decided a third of
the lost games: the player was ahead of Rome's face-up cards everywhere and behind once the
hidden cards were turned (docs/bots.md, "PAX solitaire level 5, diagnosed"). A pass shows
them, at the price of a turn without drawing, buying or playing, but the search cannot see
what that look is worth: every world it samples already holds some face-down cards, and the
moves after the look are shared by all of them, so the look is judged as a wasted turn and
taken too late to aim at the cards, if at all.

So once, early in a level-5 game, the bot passes although the search prefers another start
of the turn, when the search judges the pass to cost little: its mean reward within
``LOOK_COST`` (relative) of the move chosen, over at least ``LOOK_VISITS`` visits. The
first turn that passes that test is the cheapest the bot will meet while the look is still
worth most (the rounds left to aim at the cards); the guard keeps it from a pass that gives
Rome a group it could not afford to give. Everything is read from the seat's view and the
search's statistics: the bot never sees what its seat cannot see.
"""

from __future__ import annotations

from typing import Any

from asztal.bots.heuristics.pax.solo import rounds_left
from asztal.engine import Action, GameState

PASS = "pass"
#: the pass may cost this share of the chosen move's mean reward: in the first four turns of
#: three level-5 games (arena seed 390, games 0-2, 6,095 iterations) the search judged a pass
#: 3-9 % below the draw, later 14-59 %; this takes the look in the first few turns of most games
LOOK_COST = 0.06
#: the pass's mean reward must rest on this many of the search's iterations
LOOK_VISITS = 100
#: a look later than this many rounds before the end leaves too little time to aim at the cards
LOOK_ROUNDS = 5.0


def settle(state: GameState, stats: dict[str, Any], move: Action) -> Action:
    """``move``, or a pass at the start of a level-5 turn whose look at Rome's face-down cards
    is still to be taken and costs little (see the module's text)."""
    if state.players != 1 or move.code == PASS:
        return move
    v = state.view(0)
    if (v.get("level") != 5 or v.get("phase") != "turn" or v["rome"]["hidden"] is not None
            or not v["rome"]["hidden_count"] or rounds_left(v) < LOOK_ROUNDS):
        return move
    values, visits = stats.get("values") or {}, stats.get("visits") or {}
    if visits.get(PASS, 0) < LOOK_VISITS or move.code not in values:
        return move
    if values[PASS] < values[move.code] * (1.0 - LOOK_COST):
        return move
    return next((a for a in state.legal_actions() if a.code == PASS), move)
