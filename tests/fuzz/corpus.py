"""Where the mutants come from: saves, positions and records of random games at random points."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from asztal import games
from tests.fuzz.mutate import judge, mutants

#: every game and player count the fuzzer covers
CASES = [("pax", p) for p in (1, 2, 3, 4)] + [("caboose", p) for p in (3, 4, 5)] + \
        [("pocketciv", p) for p in (1, 2)]


def positions(name: str, players: int, seed: int, count: int) -> Iterator:
    """``count`` states of random games (each stopped at a random step)."""
    game = games.load(name)
    rnd = random.Random(seed)
    for i in range(count):
        s = game.new_game(players, seed=seed * 1000 + i)
        stop = rnd.randrange(400)
        for _ in range(stop):
            if s.is_over:
                break
            s.apply(rnd.choice(s.legal_actions()))
        yield s


def fuzz(name: str, players: int, seed: int, per_source: int, sources: int = 2) -> list[tuple]:
    """(outcome, what was mutated, detail, seconds) of ``3 * per_source`` mutants per source position:
    the save (must load as itself or be refused), the position as a record's ``start`` and the record."""
    game = games.load(name)
    rnd = random.Random(seed)
    out = []
    for s in positions(name, players, seed, sources):
        text = s.to_json()
        save = json.loads(text)
        base = {**save["record"], "actions": []}
        for desc, m in mutants(save, rnd, per_source):
            outcome, detail, took = judge(game.from_json, m, rnd, original=text)
            out.append((outcome, f"{name}/{players} save: {desc}", detail, took))
        for desc, m in mutants(save["state"], rnd, per_source):
            if isinstance(m, str):
                continue  # a truncated position is not JSON; covered by the save mutants
            outcome, detail, took = judge(lambda pos, base=base: game.replay({**base, "start": pos}), m, rnd)
            out.append((outcome, f"{name}/{players} start: {desc}", detail, took))
        for desc, m in mutants(save["record"], rnd, per_source):
            if isinstance(m, str):
                continue
            outcome, detail, took = judge(game.replay, m, rnd)
            out.append((outcome, f"{name}/{players} record: {desc}", detail, took))
    return out
