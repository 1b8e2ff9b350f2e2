"""The greedy bot: one-ply lookahead on the game's evaluation.

For each legal action it plays the action in a few sampled worlds
(``state.determinize(seat, rng)``: never in the real state, whose next card it must not
peek at) and scores the result with the game's evaluation
(``asztal.bots.heuristics.<game>``) from its own seat's view. A finished game counts
as its final result (a win is worth more than any position; in a solo game finished and
unfinished positions are compared on the heuristic's [0, 1] reward scale). Games without an
evaluation get their final scores when over and a random tie-break otherwise.

Where the heuristic says one move's evaluation is blind to the danger it makes
(``scripted(state)``, e.g. PocketCiv's movement and development in a multiplayer game, whose
cost shows only after the next event), the bot plays the game's scripted policy instead; and
where the heuristic has a ``caution(state, move)`` (PocketCiv: the Totem holder's choices
inside a two-player event, which the evaluation would steer onto the other Empire's last
tribes), the chosen move passes through it.
"""

from __future__ import annotations

from types import ModuleType

from asztal.bots import heuristics
from asztal.bots.base import Bot, move_rng
from asztal.bots.policies import PolicyBot
from asztal.engine import Action, GameState, IllegalAction

_WIN = 1e6


def _value(state: GameState, seat: int, mod: ModuleType | None) -> float:
    if state.players == 1 and mod is not None:
        # solo: finished and unfinished positions on one scale, the reward in [0, 1]
        return heuristics.rewards(state, mod)[0]
    if state.is_over:
        r = heuristics.terminal_rewards(state, mod)[seat]
        if state.players == 1:
            return _WIN * r
        winners = heuristics.winners(state, mod)
        if seat in winners:
            return _WIN / len(winners)
        return -_WIN + r
    if mod is not None:
        return float(mod.evaluate(state, seat))
    return 0.0


class GreedyBot(Bot):
    """Best action by the evaluation after one move, averaged over ``samples`` worlds."""

    def __init__(self, seed: int = 0, samples: int = 2) -> None:
        super().__init__(seed)
        self.samples = samples
        self.spec = "greedy" if samples == 2 else f"greedy:samples={samples}"

    def scores(self, state: GameState) -> list[tuple[Action, float]]:
        """Every legal action with its mean evaluation (for hints and tests)."""
        seat = state.to_move
        assert seat is not None, "a seat is deciding"
        mod = heuristics.get(state.game.name)
        rng = move_rng(self.seed, state)
        acts = state.legal_actions()
        totals = [0.0] * len(acts)
        for _ in range(self.samples):
            world = state.determinize(seat, rng.next64())
            world.log = None
            for i, a in enumerate(acts):
                s = world.clone()
                try:
                    s.apply(a)
                except IllegalAction:  # a world where this is not legal: a game bug; avoid it
                    totals[i] -= _WIN
                    continue
                totals[i] += _value(s, seat, mod)
        return [(a, t / self.samples) for a, t in zip(acts, totals, strict=True)]

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        mod = heuristics.get(state.game.name)
        scripted = getattr(mod, "scripted", None)
        if scripted is not None and scripted(state):
            return PolicyBot(self.seed).choose(state)
        scored = self.scores(state)
        best = max(v for _, v in scored)
        tied = [a for a, v in scored if v >= best - 1e-9]
        move = tied[0] if len(tied) == 1 else tied[move_rng(self.seed, state, salt=1).below(len(tied))]
        caution = getattr(mod, "caution", None)
        return move if caution is None else caution(state, move)
