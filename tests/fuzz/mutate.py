"""A seeded mutator of JSON documents and the judge of what a loader did with a mutant.

``mutants(doc, rnd, n)`` yields ``(description, mutant)`` pairs: one leaf or list changed
(±1, negative, 0, huge, float, bool, string, null, deleted), ids swapped or duplicated, lists
emptied, grown or shuffled, deep nesting, or the text truncated (then the mutant is a str).
``judge`` loads a mutant, and when it is accepted checks that the state keeps the invariants,
renders for every seat and plays to the end.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections import Counter
from io import StringIO
from typing import Any

OUTCOMES = ("refused", "accepted", "wrong error", "crash", "slow")
#: a load slower than this is counted as "slow" (reported; the machine is shared, see the brief)
SLOW = 0.100
MAX_PLAY = 5000


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def _set(doc, path, value):
    _get(doc, path[:-1])[path[-1]] = value


def _deep(depth: int) -> Any:
    v: Any = 0
    for _ in range(depth):
        v = [v]
    return v


def _leaf_values(v: Any, rnd: random.Random) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("null", None), ("bool", rnd.choice([True, False])), ("zero", 0),
                                  ("string", "banana"), ("float", 2.7), ("huge", 10 ** 9),
                                  ("hugest", 10 ** 400), ("negative", -1), ("object", {}), ("list", [])]
    if type(v) is int:
        out += [("+1", v + 1), ("-1", v - 1), ("negated", -v), ("float of it", float(v) + 0.5)]
    if isinstance(v, str):
        out += [("longer", v + "x"), ("empty", ""), ("long", v * 5000)]
    return out


def mutants(doc: Any, rnd: random.Random, n: int):
    """``n`` mutants of ``doc`` (a JSON value), each with a short description."""
    paths = _paths(doc)
    strings = [p for p in paths if p and isinstance(_get(doc, p), str)]
    lists = [p for p in paths if isinstance(_get(doc, p), list)]
    made = 0
    while made < n:
        kind = rnd.random()
        m = copy.deepcopy(doc)
        if kind < 0.55:  # a leaf or node replaced
            p = rnd.choice(paths[1:])
            name, value = rnd.choice(_leaf_values(_get(m, p), rnd))
            _set(m, p, value)
            desc = f"{'/'.join(map(str, p))} -> {name}"
        elif kind < 0.62:  # deleted
            p = rnd.choice(paths[1:])
            del _get(m, p[:-1])[p[-1]]
            desc = f"{'/'.join(map(str, p))} deleted"
        elif kind < 0.72 and len(strings) >= 2:  # two ids swapped, or one duplicated over another
            a, b = rnd.sample(strings, 2)
            va, vb = _get(m, a), _get(m, b)
            if rnd.random() < 0.5:
                _set(m, a, vb)
                _set(m, b, va)
                desc = f"{'/'.join(map(str, a))} <-> {'/'.join(map(str, b))}"
            else:
                _set(m, b, va)
                desc = f"{'/'.join(map(str, a))} copied over {'/'.join(map(str, b))}"
        elif kind < 0.88 and lists:  # a list emptied, grown or shuffled
            p = rnd.choice(lists)
            lst = _get(m, p)
            how = rnd.choice(["emptied", "grown", "doubled", "shuffled", "popped"])
            if how == "emptied":
                lst.clear()
            elif how == "grown":
                lst.append(copy.deepcopy(lst[-1]) if lst else 0)
            elif how == "doubled":
                lst.extend(copy.deepcopy(lst) * 50 if len(lst) < 40 else copy.deepcopy(lst))
            elif how == "shuffled":
                rnd.shuffle(lst)
            elif lst:
                lst.pop(rnd.randrange(len(lst)))
            desc = f"{'/'.join(map(str, p))} {how}"
        elif kind < 0.93:  # deep nesting
            p = rnd.choice(paths[1:])
            _set(m, p, _deep(rnd.choice([50, 5000, 100_000])))
            desc = f"{'/'.join(map(str, p))} nested deep"
        else:  # truncated text
            text = json.dumps(doc)
            m = text[:rnd.randrange(len(text))]
            desc = "text truncated"
        made += 1
        yield desc, m


def render_all(state) -> None:
    """Draw the position for every seat and a spectator (the terminal interface's boards)."""
    from rich.console import Console

    from asztal.cli.show import view_renderable

    console = Console(file=StringIO(), width=120, color_system=None)
    for seat in [*range(state.players), None]:
        for lang in ("hu", "en"):
            console.print(view_renderable(state, seat, lang))


def play_out(state, rnd: random.Random) -> None:
    """Random legal actions to the end; every state on the way keeps the invariants."""
    for _ in range(MAX_PLAY):
        if state.is_over:
            return
        acts = state.legal_actions()
        assert acts, "no legal action before the end"
        state.apply(rnd.choice(acts))
        state.check_invariants()
    raise AssertionError(f"no end after {MAX_PLAY} random actions")


def judge(load, mutant, rnd: random.Random, original: str | None = None) -> tuple[str, str, float]:
    """(outcome, detail, seconds the load took) of ``load(mutant)``.

    ``original``: for a save, the only state it may load as. A refusal must be a ``ValueError``
    of one short line; an accepted state must keep the invariants, render and play to the end."""
    t0 = time.perf_counter()
    try:
        state = load(mutant)
    except ValueError as e:
        took = time.perf_counter() - t0
        msg = str(e)
        if "\n" in msg or len(msg) > 200:
            return "wrong error", f"not one short line: {msg[:80]!r}", took
        return ("slow" if took > SLOW else "refused"), f"{took * 1000:.0f} ms: {msg}", took
    except Exception as e:  # noqa: BLE001 - the point is to see any other error
        return "wrong error", f"{type(e).__name__}: {str(e)[:100]}", time.perf_counter() - t0
    took = time.perf_counter() - t0
    try:
        if original is not None and state.to_json() != original:
            return "crash", "an edited save loaded as a changed state", took
        state.check_invariants()
        render_all(state)
        play_out(state, rnd)
        render_all(state)
    except Exception as e:  # noqa: BLE001
        return "crash", f"after acceptance: {type(e).__name__}: {str(e)[:100]}", took
    return ("slow" if took > SLOW else "accepted"), f"{took * 1000:.0f} ms", took


def tally(results) -> Counter:
    return Counter(r[0] for r in results)
