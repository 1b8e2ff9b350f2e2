"""The same rules everywhere: 50 seeded games give the same state after every decision in
Pyodide (the offline page's engine) as here.

The Pyodide run is Node 20 with the npm package ``pyodide`` that ``make offline`` installs
(``offline/node_modules``) and the pack ``tools/pack_offline.py`` makes: the page's own sources,
never a port. Skipped, saying why, where node or the package is missing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.offline import seeded_games

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "offline" / "node_modules" / "pyodide"
HERE = Path(__file__).resolve().parent
GAMES = 50


def _pack_tool():
    spec = importlib.util.spec_from_file_location("pack_offline", ROOT / "tools" / "pack_offline.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the Pyodide side of the comparison cannot run")
    major = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout
    if int(major.strip().lstrip("v").split(".")[0]) < 20:
        pytest.skip(f"node {major.strip()} is older than 20")
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.skip("the npm package pyodide is not installed: run `make offline`")
    return node


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("offline") / "asztal-pack.zip"
    _pack_tool().pack(out)
    return out


def in_pyodide(pack: Path, expression: str) -> Any:
    """What ``expression`` (over ``seeded_games.py``'s names) gives under Pyodide, from its JSON."""
    node = _node()
    run = subprocess.run([node, str(HERE / "run_pyodide.mjs"), str(PYODIDE), str(pack),
                          str(HERE / "seeded_games.py"), expression],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_fifty_seeded_games_match_move_by_move(pack: Path) -> None:
    in_page = in_pyodide(pack, f"play_all({GAMES})")
    plan = seeded_games.plan(GAMES)
    assert len(in_page) == len(plan)
    kinds = set()
    for (game, players, options, seed), page in zip(plan, in_page, strict=True):
        native = seeded_games.play(game, players, options, seed)
        first = next((i for i, (a, b) in enumerate(zip(native, page, strict=False)) if a != b), None)
        assert first is None and len(native) == len(page), (
            f"{game} {players}p seed {seed}: Pyodide differs from native at decision {first}"
            f" ({len(page)} vs {len(native)} digests)")
        kinds.add((game, players == 1))
    # every game, solo and with several seats, was compared
    assert kinds == {(g, solo) for g in ("pax", "pocketciv", "caboose") for solo in (True, False)} - {("caboose", True)}


def test_pocketciv_map_and_board_are_drawn_alike(pack: Path) -> None:
    """The outlines' first corners and the desert's dunes once differed (docs/offline.md)."""
    seeds = [1000, 1020, 1040]
    assert in_pyodide(pack, f"first_board({seeds})") == json.loads(seeded_games.first_board(seeds))


def test_the_pack_holds_the_engine_and_not_the_server(pack: Path) -> None:
    import zipfile

    names = set(zipfile.ZipFile(pack).namelist())
    assert {"asztal/engine/state.py", "asztal/games/pax/game.py", "asztal/bots/mcts.py",
            "asztal/offline/session.py", "asztal/server/present.py"} <= names
    assert not any(n.startswith(("asztal/cli/", "asztal/server/ws", "asztal/server/storage", "asztal/web/"))
                   for n in names)
    locales = {Path(n).stem for n in names if n.startswith("babel/locale-data/")}
    assert locales == {"root", "en", "en_001", "en_GB", "hu", "hu_HU"}
