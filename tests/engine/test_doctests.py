"""The examples in the public API's docstrings run, so they never go stale."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

MODULES = [
    "asztal", "asztal.games", "asztal.engine", "asztal.engine.decision", "asztal.engine.declare",
    "asztal.engine.game", "asztal.engine.state", "asztal.engine.features", "asztal.games.pax",
    "asztal.games.pax.frames", "asztal.games.pax.outcome", "asztal.games.pocketciv.outcome",
    "asztal.games.caboose.outcome",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    if not str(module.__file__).endswith(".py"):  # compiled (mypyc): doctest finds examples in sources
        source = Path(str(module.__file__)).parent / (name.rpartition(".")[2] + ".py")
        spec = importlib.util.spec_from_file_location(name + "_source", source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # a dataclass reads its module's names (string annotations)
        try:
            spec.loader.exec_module(module)
        finally:
            del sys.modules[spec.name]
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed (run with -s to see them)"
    assert result.attempted, f"{name} has no example"
