"""Which build of asztal runs: the compiled one (mypyc) or the pure-Python sources.

``tools/build_compiled.py`` (``make compiled``, run by ``make install`` when a C compiler is
there) writes C extensions next to the sources of the engine and of the rules of PAX,
Caboose and PocketCiv, and the list of the compiled modules (``_compiled.txt``). Python
imports an extension before a source of the same name, so once built they are used, unless

* ``ASZTAL_PURE=1`` is set (CI runs the contract suite this way too), or
* the build is stale: a source in a compiled module's directory was changed after the build
  (an edit, a ``git checkout``). Running a stale extension would run other rules than the ones on disk,
  so then the pure sources are used and a warning says to rebuild (``make compiled``).

Falling back means the package's directories are searched without extension modules: a path
hook put in front of the others gives them a finder that knows only sources and bytecode.
This runs once, when ``asztal`` is first imported, before any compiled module is.
"""

from __future__ import annotations

import os
import sys
from importlib import machinery
from pathlib import Path

_PKG = os.path.dirname(os.path.abspath(__file__))
_LIST = os.path.join(_PKG, "_compiled.txt")
_EXT = machinery.EXTENSION_SUFFIXES[0]

#: "compiled", "pure" (no build, or ASZTAL_PURE=1) or "pure (stale build)"
BUILD = "pure"


def _compiled_modules() -> list[str] | None:
    try:
        with open(_LIST, encoding="utf-8") as f:
            return [line.strip() for line in f if line.strip()]
    except OSError:
        return None


def _stale(modules: list[str]) -> list[str]:
    """The sources newer than the build: every ``.py`` in the directories of the compiled
    modules (a compiled module also bakes in what it read of its neighbours' types), and a
    compiled module whose extension is gone."""
    try:
        built = os.stat(_LIST).st_mtime_ns
    except OSError:
        return modules
    out = []
    for d in sorted({os.path.dirname(m) for m in modules}):
        for entry in os.scandir(os.path.join(_PKG, d)):
            if entry.name.endswith(".py") and entry.stat().st_mtime_ns > built:
                out.append(f"{d}/{entry.name}")
    out += [m for m in modules if not os.path.exists(os.path.join(_PKG, m[:-3] + _EXT))]
    return out


def _sources_only(path: str) -> machinery.FileFinder:
    """A finder for a directory of the package that ignores extension modules."""
    if not _inside(path):
        raise ImportError("not a directory of asztal")
    return machinery.FileFinder(path, (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
                                (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES))


def _inside(path: str) -> bool:
    p = os.path.abspath(path)
    return p == _PKG or p.startswith(_PKG + os.sep)


def _use_sources() -> None:
    sys.path_hooks.insert(0, _sources_only)
    for key in [k for k in sys.path_importer_cache if _inside(k)]:
        del sys.path_importer_cache[key]


def _choose() -> str:
    modules = _compiled_modules()
    if modules is None:
        return "pure"
    if os.environ.get("ASZTAL_PURE", "") not in ("", "0"):
        _use_sources()
        return "pure"
    stale = _stale(modules)
    if stale:
        _use_sources()
        print(f"asztal: the compiled build is older than {stale[0]} (and {len(stale) - 1} more): "
              "running the pure-Python sources; `make compiled` rebuilds it", file=sys.stderr)
        return "pure (stale build)"
    return "compiled"


def build_info() -> dict[str, str]:
    """Which build runs, and where the engine's ``GameState`` was loaded from (for ``asztal bench``)."""
    from asztal.engine import state

    where = Path(state.__file__ or "")
    return {"build": BUILD, "engine": where.name,
            "compiled": "mypyc" if where.suffix in (".so", ".pyd") else "no"}


BUILD = _choose()
