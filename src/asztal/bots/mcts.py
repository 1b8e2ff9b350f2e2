"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples one world the deciding seat cannot tell apart from the real one
(``state.determinize(seat, rng)``: the only way the bot touches hidden information), then
walks one shared tree whose edges are action codes:

1. **select**: among the children legal in this world, the one with the highest UCB
   ``mean + c * sqrt(ln(availability) / visits)``; *availability* counts the iterations in
   which the child was legal, so actions that are rarely possible are not penalised;
2. **expand**: an untried legal action, while progressive widening allows another child
   (``k * visits ** alpha``; long action lists are opened a few at a time);
3. **rollout**: uniformly random moves (never one the game's heuristic lists in
   ``ROLLOUT_AVOID`` while there is another; mostly one of the kinds in
   ``ROLLOUT_PREFER`` when legal) for at most ``depth`` actions, then the game's
   evaluation (``asztal.bots.heuristics``) turns the position into rewards in [0, 1]
   per seat; without an evaluation the rollout runs to the end;
4. **backpropagate**: every node adds the reward of the seat that chose its action.

The move played is the root child visited most. Given its seed and iteration budget the
bot is deterministic; an optional time budget stops earlier (and then is not).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from asztal.bots import heuristics
from asztal.bots.base import Bot, move_rng
from asztal.engine import Action, GameState


@dataclass(frozen=True)
class MctsConfig:
    iterations: int = 300
    #: stop after this many seconds even if iterations remain (None: iterations only)
    max_time: float | None = None
    #: UCB exploration constant (rewards are in [0, 1])
    c: float = 0.7
    #: random moves per rollout before the evaluation cuts it off (0: evaluate at once)
    depth: int = 40
    #: progressive widening: a node may have ``ceil(pw_k * visits ** pw_alpha)`` children
    pw_k: float = 2.0
    pw_alpha: float = 0.5
    #: widen only nodes with more legal actions than this
    pw_min_actions: int = 8
    #: rollout safety cap when there is no evaluation to cut off with
    max_rollout: int = 3000


PRESETS: dict[str, MctsConfig] = {
    "easy": MctsConfig(iterations=60, depth=20),
    "normal": MctsConfig(iterations=400),
    "hard": MctsConfig(iterations=2000, depth=60),
}

#: per-game overrides of the presets (measured so that ``normal`` stays under 1 s a move)
GAME_PRESETS: dict[str, dict[str, dict]] = {
    # Caboose decisions cost ~8x PAX's (longer legal lists, transport search): shorter rollouts
    "caboose": {"easy": {"depth": 10}, "normal": {"depth": 20}, "hard": {"depth": 30}},
    # PocketCiv: random moves soon wreck an empire (expeditions, stopping): judge sooner
    "pocketciv": {"easy": {"depth": 8}, "normal": {"depth": 15}, "hard": {"depth": 25}},
}


def preset(level: str, game_name: str | None = None) -> MctsConfig:
    if level not in PRESETS:
        raise ValueError(f"unknown difficulty {level!r}; use easy, normal or hard")
    cfg = PRESETS[level]
    over = GAME_PRESETS.get(game_name or "", {}).get(level)
    return replace(cfg, **over) if over else cfg


class Node:
    __slots__ = ("parent", "seat", "children", "visits", "avail", "total")

    def __init__(self, parent: Node | None, seat: int | None) -> None:
        self.parent = parent
        self.seat = seat          # the seat whose choice led here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class MctsBot(Bot):
    """IS-MCTS for any game of the contract. ``level`` picks a preset; keywords override it."""

    def __init__(self, seed: int = 0, level: str = "normal", config: MctsConfig | None = None,
                 **overrides) -> None:
        super().__init__(seed)
        self.level = level
        self._config = config
        self._overrides = overrides
        self.spec = f"mcts:{level}" if not overrides else "mcts:" + ",".join(
            f"{k}={v}" for k, v in overrides.items())
        #: statistics of the last search (iterations done, root visits per action code)
        self.last_stats: dict = {}

    def config_for(self, game_name: str) -> MctsConfig:
        cfg = self._config or preset(self.level, game_name)
        return replace(cfg, **self._overrides) if self._overrides else cfg

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            self.last_stats = {"iterations": 0, "visits": {acts[0].code: 0}}
            return acts[0]
        root = self.search(state)
        best, best_key = acts[0], (-1, -1.0)
        for a in acts:
            ch = root.children.get(a.code)
            if ch is not None:
                key = (ch.visits, ch.total / ch.visits if ch.visits else 0.0)
                if key > best_key:
                    best, best_key = a, key
        return best

    def search(self, state: GameState) -> Node:
        """Run the search from ``state`` for ``state.to_move``; returns the root."""
        cfg = self.config_for(state.game.name)
        seat = state.to_move
        mod = heuristics.get(state.game.name)
        rnd = random.Random(move_rng(self.seed, state).next64())
        rand = rnd.random
        getbits = rnd.getrandbits
        c = cfg.c
        depth_cap = cfg.depth if mod is not None else cfg.max_rollout
        pw_k, pw_alpha, pw_min = cfg.pw_k, cfg.pw_alpha, cfg.pw_min_actions
        log, sqrt = math.log, math.sqrt
        rewards = heuristics.rewards
        avoid = getattr(mod, "ROLLOUT_AVOID", None)
        prefer = getattr(mod, "ROLLOUT_PREFER", None)
        deadline = None if cfg.max_time is None else time.perf_counter() + cfg.max_time

        root = Node(None, None)
        done = 0
        for done in range(1, cfg.iterations + 1):
            s = state.determinize(seat, getbits(63))
            s.log = None
            node = root
            # -- selection and expansion --
            while not s.is_over:
                acts = s.legal_actions()
                children = node.children
                mover = s.to_move
                if not children:
                    a = acts[int(rand() * len(acts))]
                    child = Node(node, mover)
                    children[a.code] = child
                    s.apply(a)
                    node = child
                    break
                best = None
                best_v = -1.0
                untried = None
                for a in acts:
                    ch = children.get(a.code)
                    if ch is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                        continue
                    ch.avail += 1
                    v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if v > best_v:
                        best_v, best = v, a
                if untried is not None and (
                        best is None or len(acts) <= pw_min
                        or len(children) < pw_k * node.visits ** pw_alpha):
                    a = untried[int(rand() * len(untried))]
                    child = Node(node, mover)
                    children[a.code] = child
                    s.apply(a)
                    node = child
                    break
                s.apply(best)
                node = children[best.code]
            # -- rollout --
            steps = 0
            while not s.is_over and steps < depth_cap:
                acts = s.legal_actions()
                a = acts[int(rand() * len(acts))]
                if prefer is not None and a.kind not in prefer and len(acts) > 1:
                    good = [x for x in acts if x.kind in prefer]
                    if good and rand() < 0.8:
                        a = good[int(rand() * len(good))]
                if avoid is not None and a.code in avoid:
                    others = [x for x in acts if x.code not in avoid]
                    if others:
                        a = others[int(rand() * len(others))]
                s.apply(a)
                steps += 1
            r = rewards(s, mod)
            # -- backpropagation --
            while node is not None:
                node.visits += 1
                if node.seat is not None:
                    node.total += r[node.seat]
                node = node.parent
            if deadline is not None and (done & 15) == 0 and time.perf_counter() > deadline:
                break
        self.last_stats = {
            "iterations": done,
            "visits": {code: ch.visits for code, ch in root.children.items()},
            "values": {code: ch.total / ch.visits for code, ch in root.children.items() if ch.visits},
        }
        return root
