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

The move played is the root child visited most, except in a game with a policy: there the
policy's move stands unless the search's move has ``guard_visits`` visits and a mean reward
``guard`` above it, so a budget too small to tell the moves apart plays the policy (the bot
is never weaker than its own play-out). A game's heuristic may still settle the move on the
root's statistics (``settle(state, last_stats, move)``: a move whose worth the sampled
worlds cannot show, such as a look at hidden cards). Under a time budget the tree is kept between
decisions: the next search starts from the node the moves made since lead to (``reuse``).

Budgets: the presets are *time* budgets (``easy`` 0.1 s, ``normal`` 0.5 s, ``hard`` 2.5 s
a decision), so strength follows the machine and a server can promise a turn time. An
iteration budget (``iterations``, ``mcts:iters=2000``) makes the bot a pure function of its
seed and what its seat sees, for reproducible studies and replays; with both, the search
stops at whichever comes first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from asztal import games
from asztal.bots import heuristics, policies
from asztal.bots.base import Bot, move_rng
from asztal.engine import Action, GameState


@dataclass(frozen=True)
class MctsConfig:
    #: iterations per decision (None: until ``max_time``)
    iterations: int | None = 300
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
    #: play roll-outs (and pick a new node's first child) with the game's scripted policy
    #: (``asztal.bots.policies``) when it has one, a random move with probability ``eps``
    policy: bool = True
    eps: float = 0.05
    #: with a policy, selection is PUCT: ``q + cp * prior * sqrt(N) / (1 + n)``, the policy's
    #: move holding ``prior`` of the prior and the other moves sharing the rest
    prior: float = 0.6
    cp: float = 1.0
    #: with a policy, the bot plays the policy's move unless the most visited move has at
    #: least ``guard_visits`` visits and a mean reward ``guard`` above the policy's move
    #: (never weaker than its own play-out where the budget is too small to tell)
    guard: float = 0.01
    guard_visits: int = 12
    #: keep the subtree under the moves made since the last search (None: only under a time
    #: budget, so that an iteration budget stays a pure function of seed and position)
    reuse: bool | None = None


#: the difficulties are thinking times per decision (the issue's budgets: normal <= 1 s,
#: hard <= 5 s); hard thinks five times as long as normal and rolls out further
PRESETS: dict[str, MctsConfig] = {
    "easy": MctsConfig(iterations=None, max_time=0.1, depth=20),
    "normal": MctsConfig(iterations=None, max_time=0.5),
    "hard": MctsConfig(iterations=None, max_time=2.5, depth=60),
}

def preset(level: str, game_name: str | None = None) -> MctsConfig:
    """The common preset of ``level``, with the overrides the game declares (``Game.bot_presets``)."""
    if level not in PRESETS:
        raise ValueError(f"unknown difficulty {level!r}; use easy, normal or hard")
    cfg = PRESETS[level]
    over = games.load(game_name).bot_presets.get(level) if game_name else None
    return replace(cfg, **over) if over else cfg


class Node:
    __slots__ = ("parent", "seat", "children", "visits", "avail", "total", "pcode")

    def __init__(self, parent: Node | None, seat: int | None) -> None:
        self.parent = parent
        self.seat = seat          # the seat whose choice led here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.pcode: str | None = None  # the policy's move here (PUCT search only)


class MctsBot(Bot):
    """IS-MCTS for any game of the contract. ``level`` picks a preset; keywords override it."""

    def __init__(self, seed: int = 0, level: str = "normal", config: MctsConfig | None = None,
                 **overrides: Any) -> None:  # ``MctsConfig``'s fields, checked by ``replace``
        super().__init__(seed)
        self.level = level
        self._config = config
        self._overrides = overrides
        self.spec = f"mcts:{level}" if not overrides else "mcts:" + ",".join(
            f"{k}={v}" for k, v in overrides.items())
        #: statistics of the last search (iterations done, root visits per action code)
        self.last_stats: dict[str, Any] = {}
        #: the last search's tree for reuse: the seat, the action codes it was made after, the root
        self._tree: tuple[int, tuple[str, ...], Node] | None = None

    def config_for(self, game_name: str) -> MctsConfig:
        """The preset for this game with the overrides; an iteration count given without a
        time replaces the preset's clock (a reproducible bot), a time alone its iterations."""
        cfg = self._config or preset(self.level, game_name)
        over = dict(self._overrides)
        if "iterations" in over and "max_time" not in over:
            over["max_time"] = None
        elif "max_time" in over and "iterations" not in over:
            over["iterations"] = None
        cfg = replace(cfg, **over) if over else cfg
        if cfg.iterations is None and cfg.max_time is None:
            raise ValueError("an MCTS bot needs an iteration or a time budget")
        return cfg

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
        move = self.guarded(state, root, acts, best)
        mod = heuristics.get(state.game.name)
        settle = getattr(mod, "settle", None)  # a game's last word, on the root's statistics
        if settle is not None:
            move = settle(state, self.last_stats, move)
        survive = getattr(mod, "survive", None)  # a game's survival check
        return move if survive is None else survive(state, move)

    def guarded(self, state: GameState, root: Node, acts: Sequence[Action], best: Action) -> Action:
        """The policy's move (the prior's favourite) unless ``best`` is clearly better: more
        than ``guard`` in mean reward over at least ``guard_visits`` visits."""
        cfg = self.config_for(state.game.name)
        pc = root.pcode
        if pc is None or pc == best.code:
            return best
        mine = root.children.get(best.code)
        theirs = root.children.get(pc)
        polact = next((a for a in acts if a.code == pc), None)
        if mine is None or polact is None:
            return best
        if theirs is None or not theirs.visits:
            return best if mine.visits >= cfg.guard_visits else polact
        if mine.visits >= cfg.guard_visits and (
                mine.total / mine.visits >= theirs.total / theirs.visits + cfg.guard):
            return best
        return polact

    def _reused(self, state: GameState, cfg: MctsConfig) -> Node | None:
        """The node of the last search's tree that the moves made since lead to, if any."""
        reuse = cfg.reuse if cfg.reuse is not None else cfg.iterations is None
        if not reuse or self._tree is None:
            return None
        seat, codes, node = self._tree
        hist = state.history
        if seat != state.to_move or len(hist) <= len(codes):
            return None
        if any(hist[i].code != c for i, c in enumerate(codes)):
            return None
        for a in hist[len(codes):]:
            nxt = node.children.get(a.code)
            if nxt is None:
                return None
            node = nxt
        node.parent = None
        # the policy's move there was read on whichever sampled world first reached it; the
        # guard needs the one of this position (the first iteration sets it again)
        node.pcode = None
        return node

    def search(self, state: GameState, only: frozenset[str] | None = None) -> Node:
        """Run the search from ``state`` for ``state.to_move``; returns the root.

        ``only``: action codes the root may choose among (a game review uses it to judge
        the move that was played when the free search hardly tried it)."""
        cfg = self.config_for(state.game.name)
        seat = state.to_move
        mod = heuristics.get(state.game.name)
        rnd = random.Random(move_rng(self.seed, state).next64())
        rand = rnd.random
        getbits = rnd.getrandbits
        c = cfg.c
        depth = cfg.depth
        if state.players == 1 and "depth" not in self._overrides:
            # a solo game's evaluation may judge better after a shorter roll-out
            depth = getattr(mod, "SOLO_ROLLOUT_DEPTH", depth)
        depth_cap = depth if mod is not None else cfg.max_rollout
        pw_k, pw_alpha, pw_min = cfg.pw_k, cfg.pw_alpha, cfg.pw_min_actions
        log, sqrt = math.log, math.sqrt
        rewards = heuristics.rewards
        avoid = getattr(mod, "ROLLOUT_AVOID", None)
        prefer = getattr(mod, "ROLLOUT_PREFER", None)
        clock = time.perf_counter
        pol = policies.get(state.game.name) if cfg.policy else None
        pchoose = pol.choose if pol is not None else None
        eps, prior, cp = cfg.eps, cfg.prior, cfg.cp
        deadline = None if cfg.max_time is None else clock() + cfg.max_time
        limit = cfg.iterations if cfg.iterations is not None else 1 << 62

        base = state.clone()  # without its log, which every sampled world would copy
        base.log = None
        root = (self._reused(state, cfg) if only is None else None) or Node(None, None)
        kept = root.visits
        done = 0
        while done < limit:
            done += 1
            s = base.determinize(seat, getbits(63))
            node = root
            # -- selection and expansion --
            while not s.is_over:
                acts = s.legal_actions()
                if only is not None and node is root:
                    acts = [a for a in acts if a.code in only] or acts
                children = node.children
                mover = s.to_move
                if pchoose is not None:  # PUCT with the policy's move as the prior's favourite
                    pc = node.pcode
                    if pc is None:
                        pc = node.pcode = pchoose(s).code
                    other = (1.0 - prior) / (len(acts) - 1) if len(acts) > 1 else 0.0
                    sq = cp * sqrt(node.visits + 1)
                    best: Action | None = None
                    best_v = -1.0
                    for a in acts:
                        ch = children.get(a.code)
                        p = prior if a.code == pc else other
                        v = sq * p if ch is None else ch.total / ch.visits + sq * p / (1 + ch.visits)
                        if v > best_v:
                            best_v, best = v, a
                    assert best is not None  # every score is >= 0
                    s.apply(best)
                    ch = children.get(best.code)
                    if ch is None:
                        node = children[best.code] = Node(node, mover)
                        break
                    node = ch
                    continue
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
                assert best is not None  # else an untried move was expanded above
                s.apply(best)
                node = children[best.code]
            # -- rollout --
            steps = 0
            while not s.is_over and steps < depth_cap:
                if pchoose is not None and rand() >= eps:
                    s.apply(pchoose(s))
                    steps += 1
                    continue
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
            up: Node | None = node
            while up is not None:
                up.visits += 1
                if up.seat is not None:
                    up.total += r[up.seat]
                up = up.parent
            if deadline is not None and clock() > deadline:
                break
        if only is None and seat is not None:
            self._tree = (seat, tuple(a.code for a in state.history), root)
        self.last_stats = {
            "iterations": done,
            "reused": kept,
            "policy": root.pcode,
            "visits": {code: ch.visits for code, ch in root.children.items()},
            "values": {code: ch.total / ch.visits for code, ch in root.children.items() if ch.visits},
        }
        return root
