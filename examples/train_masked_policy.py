"""Train a small masked policy for PAX (2 players) against a random opponent, on CPU.

    .venv/bin/python examples/train_masked_policy.py --games 2000 --seed 1

A linear softmax policy over the legal actions only (the action mask), learned with
REINFORCE and a running baseline from the PettingZoo environment's observations. The
learner takes seat 0 or 1 in turn; the reward is its share of the win, plus a small
term for its score margin so that early games, mostly lost, still teach something.
At the end it plays fresh deals against the random bot and prints its win rate with a
95% interval: a random player wins half (50%).

The run is bounded by games, not by time, and every random choice comes from ``--seed``:
the same command prints the same numbers on any machine (a wall-clock budget would not).
"""

from __future__ import annotations

import argparse

import numpy as np

from asztal.adapters.pettingzoo import env
from asztal.sim.stats import wilson


class MaskedLinearPolicy:
    """logits[a] = W[a] . obs + b[a], softmax over the legal actions a only."""

    def __init__(self, n_actions: int, size: int, seed: int = 0) -> None:
        self.w = np.zeros((n_actions, size), np.float32)
        self.b = np.zeros(n_actions, np.float32)
        self.rng = np.random.default_rng(seed)

    def probs(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = self.w[legal] @ obs + self.b[legal]
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs: np.ndarray, legal: np.ndarray, greedy: bool = False) -> tuple[int, int, np.ndarray]:
        p = self.probs(obs, legal)
        k = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), k, p

    def update(self, trace: list, advantage: float, lr: float) -> None:
        for obs, legal, k, p in trace:
            g = -p
            g[k] += 1.0
            self.w[legal] += (lr * advantage) * np.outer(g, obs)
            self.b[legal] += (lr * advantage) * g


def play(e, policy: MaskedLinearPolicy, seat: int, seed: int, rng, learn: bool, greedy: bool = False):
    """One game; returns (the learner's reward, its trace of decisions, won share)."""
    e.reset(seed=seed)
    me = e.possible_agents[seat]
    trace = []
    while not e.table.over:
        legal = np.asarray(e.table.legal())
        if e.agent_selection == me and len(legal) > 1:
            obs = e.observe(me)["observation"]
            a, k, p = policy.act(obs, legal, greedy)
            if learn:
                trace.append((obs, legal, k, p))
        else:
            a = int(legal[int(rng.random() * len(legal))])
        e.step(a)
    share = e.table.returns()[seat]
    scores = e.table.state.scores()
    margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return share + 0.02 * margin, trace, share


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="training games")
    ap.add_argument("--seed", type=int, default=1, help="seed of the opponent's and the policy's choices")
    ap.add_argument("--eval-games", type=int, default=300)
    ap.add_argument("--lr", type=float, default=0.01)
    args = ap.parse_args()
    e = env("pax", players=2)
    policy = MaskedLinearPolicy(e.table.actions.n, e.table.encoder.size, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    baseline, episodes = 0.5, 0
    while episodes < args.games:
        reward, trace, _ = play(e, policy, episodes % 2, 10_000 + episodes, rng, learn=True)
        policy.update(trace, reward - baseline, args.lr)
        baseline += 0.02 * (reward - baseline)
        episodes += 1
        if episodes % 200 == 0:
            print(f"{episodes} games, running reward {baseline:.3f}", flush=True)
    wins = sum(play(e, policy, g % 2, 1_000_000 + g, rng, learn=False, greedy=True)[2]
               for g in range(args.eval_games))
    lo, hi = wilson(wins, args.eval_games)
    print(f"trained on {episodes} games; against random on {args.eval_games} new deals: "
          f"win rate {wins / args.eval_games:.1%} (95% CI {lo:.1%}-{hi:.1%}); random would win 50%")


if __name__ == "__main__":
    main()
