"""The examples in the public API's docstrings run, so they never go stale."""

from __future__ import annotations

import doctest
import importlib

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
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed (run with -s to see them)"
    assert result.attempted, f"{name} has no example"
