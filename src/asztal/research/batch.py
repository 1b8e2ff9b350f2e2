"""A batch of seeded games written as rows, resumable after an interrupt.

>>> spec = Batch("caboose", players=4, bots=["greedy", "random"], games=1000, seed=7)  # doctest: +SKIP
>>> run_batch(spec, Path("caboose.parquet"), jobs=2)                                   # doctest: +SKIP

Game ``i`` of a batch has seed ``game_seed(seed, i)`` (``asztal.sim.runner``: a bijective
mix of the pair, so two batch seeds never share a game) and its bots the seeds
``bot_seeds`` gives, so a row is a pure function of the batch and its index: any backend,
any number of workers and any interruption give the same rows. A batch records its
``seeding`` (2: derived seeds); parts or results of a batch seeded otherwise (the old
``seed + i``) are refused on resume instead of being mixed.

While it runs, finished rows are kept in ``<out>.parts/`` (a file every ``flush_every``
rows or every minute, and at an interrupt); the results file is written when the batch is complete and
the parts are removed. ``resume=True`` keeps the rows found in the parts and in an
existing results file of the same batch, and plays only the missing games (a larger
``games`` extends a finished batch).
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from asztal import games as registry
from asztal.engine import GameState
from asztal.research import schema
from asztal.research.backends import make_backend
from asztal.sim.runner import SEED_LIMIT, bot_seeds, game_seed, play_game, seat_bots

#: how a batch derives its games' seeds: 2 = ``game_seed(seed, index)``
SEEDING = 2


@dataclass(frozen=True)
class Batch:
    """What a batch plays: the same Batch gives the same rows."""

    game: str
    players: int
    bots: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seeding: int = SEEDING

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", seat_bots(list(self.bots), self.players))

    def identity(self) -> dict[str, Any]:
        """What must match for rows to belong to this batch (all but the number of games)."""
        d = asdict(self)
        d.pop("games")
        return d

    def check(self) -> None:
        """Refuse an unknown game, a bad player count, bot spec or option before any work."""
        from asztal.bots import make_bot

        g = registry.load(self.game)
        if self.games < 1:
            raise ValueError("play at least one game")
        if not (0 <= self.seed < SEED_LIMIT and self.games <= SEED_LIMIT):
            raise ValueError(f"the batch seed must be a whole number from 0 to {SEED_LIMIT - 1}")
        g.new_game(self.players, seed=game_seed(self.seed, 0), options=self.options)
        for spec in set(self.bots):
            make_bot(spec, 0)

    def rows(self, indices: Iterable[int]) -> list[dict[str, Any]]:
        """The rows of games ``indices``, in the order asked (what a backend's worker runs)."""
        return play_rows(self, indices)


def _pack_name(options: dict[str, Any], record_options: dict[str, Any]) -> str:
    if "pack" not in record_options:
        return "standard"  # PocketCiv plays the book's own deck, advances and wonders
    return str(options.get("pack") or "reconstructed")


def play_row(batch: Batch, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``batch`` and return its row (every column of the schema)."""
    stats = schema.stats_module(batch.game)
    seed = game_seed(batch.seed, index)
    seeds = bot_seeds(seed, batch.players)

    def finish(state: GameState) -> dict[str, Any]:
        rec = state.record
        return {"record": json.dumps(rec, sort_keys=True), "pack": _pack_name(batch.options, rec["options"]),
                "rules_version": rec["version"], **(stats.game_stats(state) if stats else {})}

    t0 = time.perf_counter()
    r = play_game(batch.game, batch.players, batch.options, seed, batch.bots, seeds,
                  keep_log=bool(stats and stats.USES_LOG), finish=finish)
    seconds = time.perf_counter() - t0
    extra = r["extra"]
    return {
        "game": batch.game, "rules_version": extra.pop("rules_version"), "pack": extra.pop("pack"),
        "options": json.dumps(batch.options, sort_keys=True), "players": batch.players, "index": index,
        "seed": seed, "bots": list(batch.bots), "bot_seeds": seeds, "scores": r["scores"],
        "winners": r["winners"], "decisions": r["decisions"], "length": r["actions"], "seconds": seconds,
        "record": extra.pop("record"), **extra,
    }


def play_rows(batch: Batch, indices: Iterable[int]) -> list[dict[str, Any]]:
    """The rows of several games, in the order asked (what a worker runs)."""
    return [play_row(batch, i) for i in indices]


class PartStore:
    """The rows of an unfinished batch: ``<out>.parts/batch.json`` and ``part-NNNNN.parquet``."""

    def __init__(self, out: Path, batch: Batch) -> None:
        self.dir = out.with_name(out.name + ".parts")
        self.batch = batch
        self.buffer: list[dict[str, Any]] = []
        self.flushed = time.monotonic()

    def exists(self) -> bool:
        return self.dir.exists()

    def load(self) -> list[dict[str, Any]]:
        """The rows kept so far; refuses parts of another batch."""
        meta = json.loads((self.dir / "batch.json").read_text())
        _same_batch(meta, self.batch, self.dir)
        import pyarrow.parquet as pq

        rows: list[dict[str, Any]] = []
        for p in sorted(self.dir.glob("part-*.parquet")):
            rows.extend(pq.read_table(p).to_pylist())
        return rows

    def start(self) -> None:
        """Create the folder for a new batch (kept parts of a resumed one stay as they are)."""
        if not self.dir.exists():
            self.dir.mkdir(parents=True)
            (self.dir / "batch.json").write_text(json.dumps(self.batch.identity(), sort_keys=True))

    def add(self, rows: list[dict[str, Any]], flush_every: int, seconds: float = 60.0) -> None:
        """Buffer rows; write a part every ``flush_every`` rows or ``seconds`` (slow games)."""
        self.buffer.extend(rows)
        if len(self.buffer) >= flush_every or time.monotonic() - self.flushed >= seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered rows as a new part (written whole, then renamed)."""
        if not self.buffer:
            return
        n = len(list(self.dir.glob("part-*.parquet")))
        schema.write_table(schema.to_table(self.batch.game, self.buffer), self.dir / f"part-{n:05d}.parquet")
        self.buffer = []
        self.flushed = time.monotonic()

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _same_batch(meta: dict[str, Any] | None, batch: Batch, where: Path) -> None:
    if meta is None:
        raise ValueError(f"{where} was not written by asztal simulate: cannot resume it")
    mine = batch.identity()
    theirs = {k: meta.get(k) for k in mine}
    if theirs != json.loads(json.dumps(mine)):
        diff = ", ".join(f"{k}={theirs[k]!r}" for k in mine if theirs[k] != json.loads(json.dumps(mine[k])))
        raise ValueError(f"{where} holds another batch ({diff}): resume with the same game, players, bots, "
                         "seed and options, or write to another file")


def run_batch(batch: Batch, out: Path, backend: str = "local", jobs: int = 1, address: str | None = None,
              resume: bool = False, flush_every: int = 100,
              progress: Callable[[int, int], None] | None = None) -> Path:
    """Play the batch's missing games and write the results file ``out`` (Parquet or CSV).

    ``progress(done, total)`` is called as rows arrive (kept rows count as done). On an
    interrupt (KeyboardInterrupt) the rows so far are kept in the parts before it re-raises.
    """
    out = Path(out)
    batch.check()
    parts = PartStore(out, batch)
    kept: dict[int, dict[str, Any]] = {}
    if resume:
        if out.exists():
            table = schema.read_table(out)
            _same_batch(schema.batch_metadata(table), batch, out)
            kept.update((r["index"], r) for r in table.to_pylist())
        if parts.exists():
            kept.update((r["index"], r) for r in parts.load())
    elif parts.exists():
        raise ValueError(f"an interrupted batch is kept in {parts.dir}: continue it with --resume, "
                         "or delete that folder")
    kept = {i: r for i, r in kept.items() if i < batch.games}
    todo = [i for i in range(batch.games) if i not in kept]
    parts.start()
    done = len(kept)
    if progress:
        progress(done, batch.games)
    rows = dict(kept)
    runner = make_backend(backend, jobs, address)
    stream = runner.run(batch, todo)
    try:
        for got in stream:
            parts.add(got, flush_every)
            for r in got:
                rows[r["index"]] = r
            done += len(got)
            if progress:
                progress(done, batch.games)
    except BaseException:
        parts.flush()
        stream.close()  # stops the workers now, not when the generator is collected
        runner.close(interrupted=True)
        raise
    meta = {**batch.identity(), "games": batch.games}
    out.parent.mkdir(parents=True, exist_ok=True)
    schema.write_table(schema.to_table(batch.game, list(rows.values()), meta), out)
    parts.remove()
    return out
