"""Pack the pure-Python sources the offline page runs under Pyodide into one zip (``make offline``).

The page (docs/offline.md) plays the solo games with no server: its Web Worker loads Pyodide
and unpacks this zip into Pyodide's file system. It holds what a game in the page imports and
nothing else:

- from asztal: the engine, the three games (with their data files), the bots, the server's
  pure presentation modules (``present``, ``texts``, ``meta``: the same words and message
  shapes as the socket) and ``asztal.offline``; never the server's routes, storage or the cli;
- the pure-Python libraries they import, copied from this interpreter's installation (the
  versions ``pyproject.toml`` pins): ``mypy_extensions``, ``rich`` (the games' ``render``
  modules build the terminal's tables with it) and ``babel`` with only the locale data of
  ``asztal.engine.i18n.LOCALES`` and their parents (Babel's every locale is 36 MB; these
  are a few hundred kB).

The zip is reproducible (sorted entries, a fixed date), so its hash changes only when a source
does and the page's cache keeps it until then. Where Node and the npm package ``pyodide`` are
installed, ``offline/compile_pack.mjs`` then adds the bytecode Pyodide's Python compiles from
these sources (a start of the page need not compile them again: about 2 s of it).

    python tools/pack_offline.py                    # writes offline/build/asztal-pack.zip
    python tools/pack_offline.py --out some.zip
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
OUT = ROOT / "offline" / "build" / "asztal-pack.zip"

#: asztal's packages the page runs, whole (sources and data files)
PACKAGES = ("asztal/engine", "asztal/games", "asztal/bots", "asztal/offline")
#: single modules of asztal outside them
MODULES = ("asztal/__init__.py", "asztal/_build.py", "asztal/server/__init__.py", "asztal/server/present.py",
           "asztal/server/texts.py", "asztal/server/meta.py")
#: data files a game reads at run time (the guides are read by the web pages, not the worker)
DATA = (".json",)
#: third-party libraries (pure Python) the page imports
LIBRARIES = ("mypy_extensions", "rich", "babel")
DATE = (2020, 1, 1, 0, 0, 0)


def babel_locales() -> set[str]:
    """The Babel locales ``i18n`` formats numbers in, with every locale their data inherits from."""
    sys.path.insert(0, str(SRC))
    from babel.core import get_global

    from asztal.engine.i18n import LOCALES

    parents = dict(get_global("parent_exceptions"))
    keep = {"root"}
    for name in LOCALES.values():
        while name != "root":
            keep.add(name)
            name = parents.get(name) or ("_".join(name.split("_")[:-1]) or "root")
    return keep


def _wanted(rel: str, locales: set[str]) -> bool:
    if "__pycache__" in rel or rel.endswith((".pyc", ".so", ".c", ".h")):
        return False
    if rel.startswith("babel/locale-data/"):
        return Path(rel).stem in locales
    return rel.endswith(".py") or rel.endswith(".dat") or (rel.startswith("asztal/") and rel.endswith(DATA))


def files() -> dict[str, Path]:
    """Every file of the pack: its name in the zip -> where it is read from."""
    found: dict[str, Path] = {}
    locales = babel_locales()
    for pkg in PACKAGES:
        for path in (SRC / pkg).rglob("*"):
            rel = path.relative_to(SRC).as_posix()
            if path.is_file() and _wanted(rel, locales):
                found[rel] = path
    for rel in MODULES:
        found[rel] = SRC / rel
    for lib in LIBRARIES:
        spec = importlib.util.find_spec(lib)
        if spec is None or spec.origin is None:
            raise SystemExit(f"{lib} is not installed: install asztal first (make install)")
        origin = Path(spec.origin)
        if origin.name != "__init__.py":
            found[origin.name] = origin
            continue
        base = origin.parent.parent
        for path in origin.parent.rglob("*"):
            rel = path.relative_to(base).as_posix()
            if path.is_file() and _wanted(rel, locales):
                found[rel] = path
    return found


def pack(out: Path) -> int:
    """Write the zip (entries sorted, dated alike) and return its size in bytes."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for rel, path in sorted(files().items()):
            info = zipfile.ZipInfo(rel, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    return out.stat().st_size


def compile_in_pyodide(out: Path) -> bool:
    """Add Pyodide's bytecode to the zip (``offline/compile_pack.mjs``); False where Node or
    the npm package is missing (the pack then holds the sources only, which work as well)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "offline" / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return False
    subprocess.run([node, str(ROOT / "offline" / "compile_pack.mjs"), str(out)], check=True)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--sources-only", action="store_true", help="leave the bytecode out")
    args = parser.parse_args()
    pack(args.out)
    compiled = not args.sources_only and compile_in_pyodide(args.out)
    with zipfile.ZipFile(args.out) as z:
        count = len(z.namelist())
    print(f"{args.out}: {args.out.stat().st_size / 1024:.0f} kB, {count} files"
          f"{' (with the bytecode)' if compiled else ' (sources only)'}")


if __name__ == "__main__":
    main()
