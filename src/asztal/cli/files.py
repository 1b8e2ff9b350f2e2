"""Reading and writing saved games and records, with one-line errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from asztal import games
from asztal.engine import BadRecord, GameState
from asztal.engine.jsonfile import read_json_file


def read_json(path: Path) -> dict[str, Any]:
    data = read_json_file(path, str(path), BadRecord)
    if not isinstance(data, dict):
        raise BadRecord(f"{path} is not an asztal save or record")
    return data


def load_game_file(path: Path) -> tuple[GameState, dict[str, Any]]:
    """A saved game (``to_json`` format) or a bare record; returns the state and its metadata."""
    data = read_json(path)
    if data.get("format") == "asztal-state":
        state = games.load(str(data.get("game"))).from_json(data)
        return state, data.get("meta") or {}
    if "actions" in data and "game" in data:
        return games.replay(data), data.get("meta") or {}
    raise BadRecord(f"{path} is neither an asztal saved game nor a game record")


def save_game_file(path: Path, state: GameState, meta: dict[str, Any]) -> None:
    data = state.to_dict()
    data["meta"] = meta
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; values that read as JSON (numbers, true/false) become those."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"option {pair!r} must look like key=value")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options
