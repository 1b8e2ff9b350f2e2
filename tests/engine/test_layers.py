"""The layers hold: a game declares itself and every other layer asks the registry, and no
module of ``asztal`` imports itself back (no cycle, at module level or inside functions;
imports under ``if TYPE_CHECKING:`` are for the type checker only and do not count).

Read from the source with ``ast``, so a forbidden import hidden in a function body is found too.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from asztal import games
from asztal.engine.declare import PARTS

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "asztal"
GAMES = tuple(games.BUILTIN)

def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk_runtime(tree: ast.AST):
    """Every node except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def _imports(name: str, path: Path) -> set[str]:
    """The asztal modules ``name`` imports at run time (statement imports, any depth)."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _walk_runtime(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in MODULES and t != name)
    return out


@functools.cache
def _graph() -> dict[str, set[str]]:
    """The run-time import graph of every module, parsed when a test first asks (not at
    collection, which every test worker makes)."""
    return {name: _imports(name, path) for name, path in MODULES.items()}


def _outside_games():
    for name, path in MODULES.items():
        if not name.startswith("asztal.games.") and name != "asztal.games":
            yield name, path


def test_no_layer_imports_a_game_module_by_name():
    """Only a game's own package, and the modules it declares as its parts (a part may be a
    package: its modules with it), import it."""
    declared = {game: tuple(games.load(game).parts.values()) for game in GAMES}

    def in_part(name: str, game: str) -> bool:
        return any(name == part or name.startswith(part + ".") for part in declared[game])

    found = []
    for name, _path in _outside_games():
        for target in _graph()[name]:
            for game in GAMES:
                if target.startswith(f"asztal.games.{game}") and not in_part(name, game):
                    found.append(f"{name} imports {target}")
    assert not found, "ask the registry (games.load(name).part(...)) instead:\n" + "\n".join(sorted(found))


def test_no_layer_tests_a_game_by_its_name():
    """No ``game == "pax"`` (or ``in ("pax", ...)``) outside ``games/``: the game declares the difference."""
    found = []
    for name, path in _outside_games():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            for side in (node.left, *node.comparators):
                values = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                if any(isinstance(v, ast.Constant) and v.value in GAMES for v in values):
                    found.append(f"{name}:{node.lineno}")
    assert not found, "a game's name compared outside games/:\n" + "\n".join(found)


def test_every_declared_part_exists():
    for game in GAMES:
        g = games.load(game)
        for part, module in g.parts.items():
            assert part in PARTS, f"{game} declares an unknown part {part!r}"
            assert module in MODULES, f"{game} declares {part} = {module}, which does not exist"
            assert g.part(part).__name__ == module


def test_no_circular_import():
    """Tarjan's strongly connected components of the run-time import graph: all of size one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in _graph()[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(_graph()):
        if v not in index:
            visit(v)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in sorted(cycles))
