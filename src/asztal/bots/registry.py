"""Bots by name: ``make_bot("mcts:hard", seed=7)``.

A spec is a bot name, optionally followed by ``:``-separated parts, each a difficulty
(``easy``, ``normal``, ``hard``) or a ``key=value`` setting:

=====================  ===========================================================
``random``             uniformly random legal moves
``greedy``             one-ply lookahead on the game's evaluation (``samples=N``)
``policy``             the game's scripted player (``asztal.bots.policies``; random
                       where the game has none)
``mcts``               IS-MCTS at the ``normal`` preset
``mcts:hard``          IS-MCTS preset (``easy``/``normal``/``hard``)
``mcts:iters=500``     IS-MCTS with settings: ``iters``, ``time`` (seconds), ``c``,
                       ``depth``, ``pw_k``, ``pw_alpha``, ``eps``, ``prior``, ``cp``,
                       ``policy`` (0/1), ``guard``, ``guard_visits``, ``reuse``
                       (0/1); may follow a preset (``mcts:hard:c=1.0``).
                       The presets are time budgets; ``iters`` without ``time``
                       makes the bot reproducible (no clock)
``easy`` / ``normal``  shorthand for ``mcts:easy`` / ``mcts:normal`` / ``mcts:hard``
=====================  ===========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asztal.bots.base import Bot, RandomBot
from asztal.bots.greedy import GreedyBot
from asztal.bots.mcts import PRESETS, MctsBot
from asztal.bots.policies import PolicyBot

BOT_NAMES = ("random", "greedy", "policy", "mcts", "easy", "normal", "hard")

#: an MCTS setting's names in a spec: (``MctsConfig`` field, how its text is read)
_MCTS_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
              "iters": ("iterations", int), "iterations": ("iterations", int),
              "time": ("max_time", float), "max_time": ("max_time", float), "c": ("c", float),
              "depth": ("depth", int), "pw_k": ("pw_k", float), "pw_alpha": ("pw_alpha", float),
              "eps": ("eps", float), "prior": ("prior", float), "cp": ("cp", float),
              "policy": ("policy", lambda v: bool(int(v))), "guard": ("guard", float),
              "guard_visits": ("guard_visits", int), "reuse": ("reuse", lambda v: bool(int(v)))}


def _settings(parts: list[str], spec: str) -> tuple[list[str], dict[str, str]]:
    words, kv = [], {}
    for p in parts:
        if "=" in p:
            k, _, v = p.partition("=")
            kv[k.strip()] = v.strip()
        elif p.strip():
            words.append(p.strip())
    return words, kv


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec (see the module doc); ValueError with a reason if malformed."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a bot spec must be a name such as random, greedy, mcts or mcts:hard")
    name, *parts = spec.strip().lower().split(":")
    if name in PRESETS:
        name, parts = "mcts", [name, *parts]
    words, kv = _settings(parts, spec)
    if name == "random":
        if words or kv:
            raise ValueError(f"the random bot takes no settings: {spec!r}")
        return RandomBot(seed)
    if name == "policy":
        if words or kv:
            raise ValueError(f"the policy bot takes no settings: {spec!r}")
        return PolicyBot(seed)
    if name == "greedy":
        bad = [w for w in words] + [k for k in kv if k != "samples"]
        if bad:
            raise ValueError(f"unknown greedy setting(s) {', '.join(bad)} in {spec!r} (use samples=N)")
        try:
            return GreedyBot(seed, samples=int(kv.get("samples", 2)))
        except ValueError:
            raise ValueError(f"samples must be a whole number in {spec!r}") from None
    if name == "mcts":
        level = "normal"
        for w in words:
            if w not in PRESETS:
                raise ValueError(f"unknown difficulty {w!r} in {spec!r}; use easy, normal or hard")
            level = w
        overrides: dict[str, Any] = {}  # keywords of ``MctsBot``: its config's fields
        for k, v in kv.items():
            if k not in _MCTS_KEYS:
                raise ValueError(f"unknown mcts setting {k!r} in {spec!r}; "
                                 f"use {', '.join(sorted(_MCTS_KEYS))}")
            field, conv = _MCTS_KEYS[k]
            try:
                overrides[field] = conv(v)
            except ValueError:
                raise ValueError(f"{k} must be a number in {spec!r}") from None
        bot = MctsBot(seed, level=level, **overrides)
        bot.spec = spec.strip().lower() if spec.strip().lower() != "mcts" else "mcts:normal"
        return bot
    raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOT_NAMES)}")
