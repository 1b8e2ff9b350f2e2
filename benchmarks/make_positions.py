"""Write the fixed mid-game positions ``asztal bench`` measures MCTS from.

    .venv/bin/python benchmarks/make_positions.py [GAME ...]

For every game (or those named) and player count: seeded uniform-random games; from each, the
positions a third and a half of the way through (the first decision there with two or more legal
actions) saved as ``to_dict`` states in ``src/asztal/sim/positions/<game>-<n>p.json``.
A save is its record and a record of another rules version is refused, so run this again for a
game whenever its rules version or saved-state format changes (the bench tests load them).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from asztal import games
from asztal.sim.bench import player_counts

OUT = Path(__file__).resolve().parent.parent / "src" / "asztal" / "sim" / "positions"
GAMES_PER_CONFIG = 2


def positions(game_name: str, players: int, seed: int) -> list[dict]:
    game = games.load(game_name)
    rand = random.Random(seed).random
    state = game.new_game(players, seed=seed)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[int(rand() * len(acts))])
    codes = state.record["actions"]
    out = []
    for frac in (3, 2):
        replay = game.new_game(players, seed=seed)
        for code in codes[:len(codes) // frac]:
            replay.apply(code)
        while len(replay.legal_actions()) < 2 and not replay.is_over:
            replay.apply(replay.legal_actions()[0])
        replay.log = []
        out.append(replay.to_dict())
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[1:] or games.names():
        for n in player_counts(name):
            saved = []
            for g in range(GAMES_PER_CONFIG):
                saved.extend(positions(name, n, 1000 + 10 * n + g))
            path = OUT / f"{name}-{n}p.json"
            path.write_text(json.dumps(saved, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
            print(path, len(saved))


if __name__ == "__main__":
    main()
