"""``asztal --help`` stays quick (issue 27: under 150 ms of CPU) because it loads only Typer and
the commands' declarations. Timing it in a test would measure the machine's other jobs, so this
checks the cause instead: which modules a fresh interpreter has loaded once the help is printed.
The figure itself is measured by ``benchmarks/compare.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

#: what the help must not load: the rules of the games, the bots, the simulator, the server, the
#: lessons, the terminal game, Rich (only commands that draw need it) and Typer's Rich help
HEAVY = ("asztal.games.pax", "asztal.games.pocketciv", "asztal.games.caboose", "asztal.games.guide",
         "asztal.bots", "asztal.sim", "asztal.research", "asztal.server", "asztal.learn", "asztal.cli.play",
         "asztal.cli.show", "asztal.cli.menu", "asztal.cli.screen", "rich", "typer.rich_utils", "textual",
         "fastapi", "sqlalchemy", "pyarrow", "matplotlib", "ray")

RUN = """
import json, sys
sys.argv = ["asztal", *sys.argv[1:]]
from asztal.cli.app import main
try:
    main()
except SystemExit:
    pass
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
"""


def loaded_after(argv: list[str], lang: str) -> tuple[str, set[str]]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "LANG": lang, "LC_ALL": lang}
    out = subprocess.run([sys.executable, "-c", RUN, *argv], env=env, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    text, _, modules = out.rpartition("\nMODULES ")
    return text, set(json.loads(modules))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["review", "--help"], ["simulate", "--help"]])
@pytest.mark.parametrize("lang", ["hu_HU.UTF-8", "en_US.UTF-8", "C.UTF-8"])
def test_help_loads_no_command_implementation(argv, lang):
    """The help in the locale's language; the C locale names none: Hungarian (issue 37)."""
    text, modules = loaded_after(argv, lang)
    assert ("Usage:" if lang.startswith("en") else "Használat:") in text  # the help was printed, in its language
    assert "asztal.cli.app" in modules
    assert heavy(modules) == []


def test_a_command_still_loads_what_it_runs():
    """The other side: the lazy imports happen when a command runs (the check above is not vacuous)."""
    text, modules = loaded_after(["games", "--lang", "en"], "C.UTF-8")
    assert "PocketCiv" in text
    assert {"rich.table", "asztal.games.pax", "asztal.games.caboose"} <= modules
