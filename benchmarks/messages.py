"""What building a change's ``state`` messages costs the event loop, without a server (a
benchmark, not a test): seeded games of all three games are played with random legal moves
against a ``Room`` holding some sockets, and after every change the room builds each socket's
message as ``broadcast_state`` does (``Room._draw`` and ``Room._message``: views, labels,
decision, panels, log lines, JSON), the board job pickled as it would be for the drawing
process but not drawn. Reports the CPU time of that work alone (this thread's clock, so the
machine's load changes it little), per change and per message.

    .venv/bin/python benchmarks/messages.py                       # the sockets of benchmarks/load.py
    .venv/bin/python benchmarks/messages.py --sockets all         # every seat and a spectator, both languages
    .venv/bin/python benchmarks/messages.py --src /tmp/base/src   # another tree (a before/after)

``--sockets load`` holds what ``load.py``'s tables hold: seat 0 in Hungarian, and a spectator in
every fourth game; ``all`` holds a socket per seat and a spectator in both languages.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pickle
import random
import sys
import time
from typing import Any

TABLES = [("pax", 2), ("caboose", 3), ("pocketciv", 1)]


async def _pickled(key: Any, prev_no: int | None, no: int, prev: str | None, job: Any) -> tuple[None, None]:
    """The drawing process's hand-off without the drawing: the job pickled, as the pipe does."""
    pickle.dumps((key, prev_no, no, job), protocol=pickle.HIGHEST_PROTOCOL)
    return None, None


async def _game(game: str, players: int, seed: int, moves: int, sockets: str) -> tuple[float, int, int]:
    """(CPU seconds of the messages' work, changes, messages) of one seeded game."""
    from asztal import games
    from asztal.server.room import Client, Room

    state = games.load(game).new_game(players, seed, {})
    row = {"id": f"g{seed}", "status": "running", "stand_in": "greedy", "turn_timer": None, "grace": 120,
           "private": False}
    seats = [{"seat": s, "name": "Anna" if s == 0 else "", "kind": "human" if s == 0 else "bot",
              "bot": None if s == 0 else "random", "token_hash": "x"} for s in range(players)]
    room = Room(row, seats, state, 0)
    room.drawer = _pickled
    if sockets == "all":
        clients = [Client(s, lang) for s in [*range(players), None] for lang in ("hu", "en")]
    else:
        clients = [Client(0, "hu")] + ([Client(None, "hu")] if seed % 4 == 0 else [])
    rng = random.Random(seed)
    cpu, changes, sent = 0.0, 0, 0
    for c in clients:
        began = time.thread_time()
        drawn = await room._draw({c.key})
        room._message(c, drawn[c.key])
        cpu += time.thread_time() - began
        room.clients.add(c)
    for _ in range(moves):
        st = room.state
        if st.is_over:
            break
        new = st.clone()
        new.apply(rng.choice(list(st.legal_actions())).code)
        began = time.thread_time()
        room.log_mark, room.state, room.seq = len(st.log or []), new, room.seq + 1
        room.replaced(st, False)
        drawn = await room._draw({c.key for c in clients})
        for c in clients:
            room._message(c, drawn[c.key])
        cpu += time.thread_time() - began
        changes += 1
        sent += len(clients)
    return cpu, changes, sent


async def run(args: argparse.Namespace) -> dict[str, Any]:
    cpu, changes, sent = 0.0, 0, 0
    await _game("pax", 2, 99, 5, args.sockets)  # imports and first-use caches out of the figure
    for game, players in TABLES:
        for seed in range(args.games):
            c, n, m = await _game(game, players, seed, args.moves, args.sockets)
            cpu, changes, sent = cpu + c, changes + n, sent + m
    return {"sockets": args.sockets, "changes": changes, "messages": sent, "cpu_s": round(cpu, 3),
            "cpu_us_per_change": round(1e6 * cpu / changes, 1), "cpu_us_per_message": round(1e6 * cpu / sent, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sockets", choices=["load", "all"], default="load")
    ap.add_argument("--games", type=int, default=8, help="seeded games of each of the three games")
    ap.add_argument("--moves", type=int, default=80, help="changes per game at most")
    ap.add_argument("--src", help="run another source tree (a before/after): its path goes first")
    args = ap.parse_args()
    if not 1 <= args.games <= 200 or not 1 <= args.moves <= 2000:
        raise SystemExit("--games 1..200 and --moves 1..2000")
    if args.src:
        sys.path.insert(0, args.src)
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
