"""Reading and writing saved games and records, with one-line errors for bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from asztal import games
from asztal.cli.errors import Told
from asztal.cli.text import t
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
    """Write the save atomically (a crash mid-write leaves the previous save) and remember it
    as the last game, for ``asztal play --continue``."""
    data = state.to_dict()
    data["meta"] = meta
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)
    pointer = data_dir() / "last-game"
    pointer.write_text(str(path.resolve()), encoding="utf-8")


def data_dir() -> Path:
    """Where asztal keeps autosaves (``ASZTAL_HOME`` overrides the platform's user data folder)."""
    import platformdirs

    home = Path(os.environ.get("ASZTAL_HOME") or platformdirs.user_data_dir("asztal", appauthor=False))
    home.mkdir(parents=True, exist_ok=True)
    return home


def autosave_path(game: str, seed: int) -> Path:
    """The save of a game started without ``--save`` (the menu's games, a game left with Ctrl-C)."""
    return data_dir() / "saves" / f"{game}-{seed}.json"


def last_game_path(lang: str = "hu") -> Path:
    """The file of the game saved last; BadRecord (in ``lang``) when there is none."""
    pointer = data_dir() / "last-game"
    if not pointer.exists():
        raise Told(t("no_last_game", lang))
    path = Path(pointer.read_text(encoding="utf-8").strip())
    if not path.exists():
        raise Told(t("last_game_gone", lang, path=path))
    return path


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
