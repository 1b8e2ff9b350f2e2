"""Per-game evaluations, and how the bots turn positions into rewards in [0, 1].

A game's heuristic lives in ``asztal.bots.heuristics.<game>`` (the game declares it as its
``heuristic`` part) and reads only
``state.view(seat)`` (JSON-able, what the seat may know) or public fields, so it keeps
working whatever the game's internals become. A module provides:

``evaluate(state, seat) -> float``
    how good the position is for ``seat``, in points-like units (higher is better);
``values(state) -> list[float]`` (optional)
    ``evaluate`` for every seat at once, when that is cheaper;
``TEMPERATURE`` (optional, default 5.0)
    the value difference that makes one seat e times likelier to win than another
    (used to turn multiplayer values into win chances);
``SCORE_SCALE`` (optional, default 20.0)
    a typical final score, to normalise solo scores into [0, 1];
``solo_reward(state) -> float`` (optional)
    the reward in [0, 1] of a finished solo game;
``solo_estimate(state) -> float`` (optional)
    the same for an unfinished solo game (default: ``evaluate`` squashed by ``SCORE_SCALE``);
``ROLLOUT_AVOID`` (optional)
    action codes MCTS roll-outs skip while another move is legal (ending the game early);
``SOLO_ROLLOUT_DEPTH`` (optional)
    in a solo game, MCTS roll-outs stop after this many moves (instead of the preset's
    ``depth``, unless the bot's spec sets one) and the evaluation judges the position;
``ROLLOUT_PREFER`` (optional)
    action kinds MCTS roll-outs take (four times out of five) whenever one is legal;
``winners(state) -> list[int]`` (optional)
    the seats a finished multiplayer game counts as won for the bots, when the game's own
    list would reward a seat the bots must avoid becoming (an Empire wiped out);
``cutoff(state) -> list[float]`` (optional)
    a multiplayer game's rewards of an unfinished position, where a softmax of ``values``
    would pay a seat for what the bots must not play for (PocketCiv: the other's fall);
``win_share(state) -> float`` (optional, default 0.9)
    what the winners of a finished multiplayer game share, when a win by some endings is
    not what the bots should play for (PocketCiv: the other Empire's fall);
``settle(state, stats, move) -> Action`` (optional)
    MCTS's last word on its chosen move, from the root's statistics: a move whose worth the
    sampled worlds cannot see (PAX level 5's look at Rome's face-down cards, ``pax/look.py``);
``survive(state, move) -> Action`` (optional)
    the move settled on, or a safer answer where one event could end the seat's game
    (PocketCiv's Totem questions in a two-player game), applied last.

Games without a module get ``None`` from :func:`get` and the bots fall back to scores.
"""

from __future__ import annotations

import math
from types import ModuleType
from typing import Any

from asztal.bots.base import game_module
from asztal.engine import GameState


def get(game_name: str) -> ModuleType | None:
    """The heuristic module for a game, or None if it has none."""
    return game_module("heuristic", game_name)


def _param(mod: ModuleType | None, name: str, default: Any) -> Any:
    return getattr(mod, name, default) if mod is not None else default


def squash(x: float, scale: float) -> float:
    """Map a non-negative score to [0, 1): ``x / (x + scale)``; 0.5 at ``x == scale``."""
    if x <= 0:
        return 0.0
    return x / (x + scale)


def winners(state: GameState, mod: ModuleType | None = None) -> list[int]:
    """The seats a finished game counts as won: the game heuristic's ``winners`` or the game's."""
    fn = _param(mod, "winners", None)
    return list(fn(state)) if fn is not None else list(state.winners())


def terminal_rewards(state: GameState, mod: ModuleType | None = None) -> list[float]:
    """Rewards in [0, 1] per seat of a finished game.

    Several players: the winners share 0.9 (a lone winner 0.9, two tied 0.45 each; less where
    the game's ``win_share`` says so) and every
    seat gets up to 0.1 for its score relative to the others, so a search still prefers
    the better loss when it cannot win. Solo: the game's ``solo_reward`` or, by default,
    half for winning and half for the normalised score.
    """
    n = state.players
    scores = state.scores()
    if n == 1:
        solo = _param(mod, "solo_reward", None)
        if solo is not None:
            return [float(solo(state))]
        won = 1.0 if state.winners() else 0.0
        return [0.5 * won + 0.5 * squash(scores[0], _param(mod, "SCORE_SCALE", 20.0))]
    winning = winners(state, mod)
    out = [0.0] * n
    if winning:
        fn = _param(mod, "win_share", None)
        share = (0.9 if fn is None else float(fn(state))) / len(winning)
        for w in winning:
            out[w] = share
    lo, hi = min(scores), max(scores)
    if hi > lo:
        span = hi - lo
        for s in range(n):
            out[s] += 0.1 * (scores[s] - lo) / span
    return out


def heuristic_values(state: GameState, mod: ModuleType) -> list[float]:
    fn = getattr(mod, "values", None)
    if fn is not None:
        return list(fn(state))
    return [mod.evaluate(state, s) for s in range(state.players)]


def cutoff_rewards(state: GameState, mod: ModuleType) -> list[float]:
    """Rewards in [0, 1] of an unfinished position, from the game's evaluation.

    Several players: the game's ``cutoff``, or a softmax of the values (the chance each seat
    ends up winning);
    solo: the value normalised like a final score.
    """
    if state.players == 1:
        est = getattr(mod, "solo_estimate", None)
        if est is not None:
            return [float(est(state))]
        return [squash(mod.evaluate(state, 0), _param(mod, "SCORE_SCALE", 20.0))]
    own = _param(mod, "cutoff", None)
    if own is not None:
        return list(own(state))
    vals = heuristic_values(state, mod)
    t = _param(mod, "TEMPERATURE", 5.0)
    top = max(vals)
    ex = [math.exp((v - top) / t) for v in vals]
    z = sum(ex)
    return [e / z for e in ex]


def rewards(state: GameState, mod: ModuleType | None) -> list[float]:
    """Terminal rewards when the game is over, else the heuristic's (or a neutral guess)."""
    if state.is_over:
        return terminal_rewards(state, mod)
    if mod is not None:
        return cutoff_rewards(state, mod)
    n = state.players
    if n == 1:
        return [squash(max(state.scores()[0], 0.0), 20.0)]
    return [1.0 / n] * n
