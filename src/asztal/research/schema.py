"""The results file: one row per game, the same columns in Parquet and CSV.

Every row has the common columns below, then the columns of the game's own statistics
(``asztal.games.<name>.stats.COLUMNS``). Types are few on purpose, so that Parquet,
CSV and pandas agree: ``int``, ``float``, ``bool``, ``str`` and lists of the first four
(``list<int>``...). In CSV a list is written as JSON (``[3, 1]``) and read back.

>>> columns("caboose")["vp_cities"][0]
'list<int>'

``seconds`` is the one column that is not a function of the batch: it is measured.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

#: the columns every results file has: name -> (type, meaning)
COMMON: dict[str, tuple[str, str]] = {
    "game": ("str", "the game's name (pax, pocketciv, caboose)"),
    "rules_version": ("str", "the version of the game's rules code (a record's version)"),
    "pack": ("str", "the data pack: reconstructed, a pack file's path, or standard for PocketCiv"),
    "options": ("str", "the game options given, as JSON (defaults left out)"),
    "players": ("int", "number of seats"),
    "index": ("int", "the game's number in the batch, 0-based (rows are sorted by it)"),
    "seed": ("int", "the game's seed: game_seed(batch seed, index), see asztal.sim.runner"),
    "bots": ("list<str>", "the bot spec of each seat"),
    "bot_seeds": ("list<int>", "the seed of each seat's bot"),
    "scores": ("list<float>", "each seat's final score"),
    "winners": ("list<int>", "the winning seats, 0-based (empty: nobody won: PAX when Rome wins and no seat "
                "holds the Primus Conspiratus, whose holder otherwise wins, PAX-R-07; a PocketCiv collapse)"),
    "decisions": ("list<int>", "per seat: real decisions (moves with more than one legal action)"),
    "length": ("int", "every action of the game, forced ones included"),
    "seconds": ("float", "wall time of the game in its worker (measured: the only column that varies)"),
    "record": ("str", "the game record as JSON: replay it with asztal replay or Game.replay"),
}

_ARROW = {"int": "int64", "float": "float64", "bool": "bool_", "str": "string"}


def stats_module(game: str) -> ModuleType | None:
    """The game's ``stats`` part (its declared statistics), or None for a game that defines
    no statistics of its own."""
    from asztal import games

    return games.load(game).part("stats")


def columns(game: str) -> dict[str, tuple[str, str]]:
    """Every column of a results file of ``game``, in file order."""
    mod = stats_module(game)
    own = mod.COLUMNS if mod else {}
    clash = set(own) & set(COMMON)
    if clash:
        raise ValueError(f"{game} statistics reuse common column names: {', '.join(sorted(clash))}")
    return {**COMMON, **own}


def arrow_type(kind: str) -> Any:
    import pyarrow as pa

    if kind.startswith("list<") and kind.endswith(">"):
        return pa.list_(getattr(pa, _ARROW[kind[5:-1]])())
    return getattr(pa, _ARROW[kind])()


def arrow_schema(game: str, metadata: dict[str, Any] | None = None) -> Any:
    """The pyarrow schema of ``game``'s results; ``metadata`` (the batch) is kept as JSON."""
    import pyarrow as pa

    fields = [pa.field(name, arrow_type(kind)) for name, (kind, _) in columns(game).items()]
    meta = {b"asztal.batch": json.dumps(metadata, sort_keys=True).encode()} if metadata else None
    return pa.schema(fields, metadata=meta)


def to_table(game: str, rows: Sequence[dict[str, Any]], metadata: dict[str, Any] | None = None) -> Any:
    """Rows (dicts with every column) as a pyarrow Table, sorted by ``index``."""
    import pyarrow as pa

    schema = arrow_schema(game, metadata)
    rows = sorted(rows, key=lambda r: r["index"])
    return pa.Table.from_pylist(list(rows), schema=schema)


def batch_metadata(table: Any) -> dict[str, Any] | None:
    """The batch a table was made by (None for a file written by something else)."""
    meta = table.schema.metadata or {}
    raw = meta.get(b"asztal.batch")
    return json.loads(raw) if raw else None


def _is_csv(path: Path) -> bool:
    return path.suffix.lower() == ".csv"


def write_table(table: Any, path: Path) -> None:
    """Write Parquet, or CSV when the name ends in ``.csv`` (lists as JSON text).

    The file is written beside its final name and renamed, so a reader never sees half.
    """
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    if _is_csv(path):
        cols = {}
        for f in table.schema:
            col = table.column(f.name)
            if pa.types.is_list(f.type):
                col = pa.array([None if v is None else json.dumps(v) for v in col.to_pylist()], pa.string())
            cols[f.name] = col
        pacsv.write_csv(pa.table(cols), tmp)
        meta = batch_metadata(table)
        if meta is not None:
            path.with_name(path.name + ".batch.json").write_text(json.dumps(meta, sort_keys=True))
    else:
        pq.write_table(table, tmp)
    tmp.replace(path)


def read_table(path: Path) -> Any:
    """Read a results file written by ``write_table`` (Parquet or CSV) as a pyarrow Table."""
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no results file {path}")
    if not _is_csv(path):
        return pq.read_table(path)
    game_col = pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(include_columns=["game"]))
    games = set(game_col.column("game").to_pylist())
    if len(games) != 1:
        raise ValueError(f"{path}: a results file holds the games of one game, found {sorted(games) or 'none'}")
    game = games.pop()
    sidecar = path.with_name(path.name + ".batch.json")
    meta = json.loads(sidecar.read_text()) if sidecar.exists() else None
    schema = arrow_schema(game, meta)
    text_types = {f.name: (pa.string() if pa.types.is_list(f.type) else f.type) for f in schema}
    raw = pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(column_types=text_types))
    cols = []
    for f in schema:
        col = raw.column(f.name)
        if pa.types.is_list(f.type):
            col = pa.array([None if v is None else json.loads(v) for v in col.to_pylist()], f.type)
        cols.append(col)
    return pa.Table.from_arrays(cols, schema=schema)
