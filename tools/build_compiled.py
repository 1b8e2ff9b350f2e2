"""Compile the engine and the rules of PAX, Caboose and PocketCiv with mypyc, in place (``make compiled``).

The compiled modules are C extensions (``*.so``) written next to their ``.py`` sources; Python
imports an extension before a source of the same name, so after this build ``import asztal``
runs the compiled code. ``asztal/_build.py`` decides at import time which build is used: it
reads the list this script writes (``src/asztal/_compiled.txt``) and falls back to the pure
sources (with a warning) when any compiled module's source is newer than the build, or when
``ASZTAL_PURE=1`` is set. ``make clean-compiled`` removes everything this script made.

The pure-Python package is the source of truth and stays importable without a compiler: this
build is an optional speed-up of the same code (``tests/perf_equivalence`` replays the same
games on both builds).

The modules are compiled in separate groups (``GROUPS``), each its own shared library and C
file, so that the C compiler runs on both cores at once, and a rebuild compiles again only the
groups whose generated C changed: mypyc type-checks incrementally (its cache is kept in
build/mypyc), rewrites a group's C file only when its contents differ, and setuptools skips an
extension whose C is older than it. A call from one group into another goes through a table of
function pointers, so the groups are cut where few calls per step cross (the engine and PAX
together, Caboose alone, PocketCiv's turn and its events).

    python tools/build_compiled.py            # build, or rebuild what changed
    python tools/build_compiled.py --clean    # remove the extensions, the list and build/mypyc
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PKG = SRC / "asztal"
LIST = PKG / "_compiled.txt"
TEMP = ROOT / "build" / "mypyc"

#: the modules compiled, relative to src/asztal. The engine, and the rules of PAX, Caboose and
#: PocketCiv (what a play-out runs); their interfaces (board, render, messages, stats, views,
#: saves, PocketCiv's decisions and static data) are left interpreted: they are not on the hot
#: path of a play-out.
#: Left out, and why:
#: - engine/decision.py and Caboose's frames.py: the pending-decision frames are frozen
#:   slotted dataclasses whose subclasses register themselves (``Frame.__init_subclass__``) and
#:   redeclare the ``KIND`` class variable; mypyc 2.4 turns that ClassVar into a dataclass field
#:   (``non-default argument follows default argument``) and its slots rebuild fails, so they
#:   stay interpreted classes that compiled code creates (PAX's and PocketCiv's frames are plain
#:   dataclasses of their own, compiled: see games/pax/frames.py, games/pocketciv/frames.py);
#: - engine/game.py, engine/errors.py and the games' ``game.py``: the Game classes (class
#:   attributes overridden per game and by tests) and the exceptions; not per step;
#: - games/pocketciv/data.py (tables read from JSON at import): read once, its values reached as
#:   module globals either way.
MODULES = (
    "engine/action.py", "engine/rng.py", "engine/state.py",
    # the observation encoders of the research adapters (each game's state encoder, and the buffer
    # they write into): an adapter's step reads one at every step
    "engine/features.py", "games/pax/encoding.py", "games/caboose/encoding.py", "games/pocketciv/encoding.py",
    # and the adapters' step around them (the action numbers, the mask, the action played), which
    # an environment's interpreted ``observe`` and ``step`` reach in one call each; OpenSpiel's
    # game in progress, whose methods the state hands out for the questions of every step
    "adapters/encoding.py", "adapters/table.py", "adapters/live.py",
    "games/pax/actions.py", "games/pax/state.py", "games/pax/draw.py",
    "games/pax/play.py", "games/pax/buy.py", "games/pax/keep.py", "games/pax/round_end.py",
    "games/pax/deck.py", "games/pax/asks.py", "games/pax/setup.py", "games/pax/scoring.py",
    "games/pax/frames.py",
    "games/pax/view.py",  # determinize, and the view the PAX evaluation reads at every roll-out's end
    "games/caboose/state.py", "games/caboose/common.py", "games/caboose/turn.py", "games/caboose/menu.py",
    "games/caboose/rail.py", "games/caboose/building.py", "games/caboose/delivery.py",
    "games/caboose/growing.py", "games/caboose/pyramid.py", "games/caboose/citydraw.py",
    "games/caboose/gods.py", "games/caboose/transport.py", "games/caboose/auction.py",
    "games/caboose/scoring.py", "games/caboose/setup.py",
    "games/caboose/pack.py",  # the tables every rule reads (``s.pk.ac_kind[i]``): native attributes
    "games/pocketciv/state.py", "games/pocketciv/empire.py", "games/pocketciv/actions.py",
    "games/pocketciv/advances.py", "games/pocketciv/development.py", "games/pocketciv/movement.py",
    "games/pocketciv/upkeep.py", "games/pocketciv/wonders.py", "games/pocketciv/scoring.py",
    "games/pocketciv/setup.py", "games/pocketciv/mp.py", "games/pocketciv/refuse.py",
    "games/pocketciv/position.py", "games/pocketciv/map.py", "games/pocketciv/frames.py",
    "games/pocketciv/events/__init__.py", "games/pocketciv/events/common.py",
    "games/pocketciv/events/anarchy.py", "games/pocketciv/events/attack.py", "games/pocketciv/events/bandits.py",
    "games/pocketciv/events/civil_war.py", "games/pocketciv/events/corruption.py",
    "games/pocketciv/events/earthquake.py", "games/pocketciv/events/epidemic.py", "games/pocketciv/events/famine.py",
    "games/pocketciv/events/flood.py", "games/pocketciv/events/sandstorm.py",
    "games/pocketciv/events/superstition.py", "games/pocketciv/events/trade.py",
    "games/pocketciv/events/tribal_war.py", "games/pocketciv/events/uprising.py",
    "games/pocketciv/events/visitation.py", "games/pocketciv/events/volcano.py",
    # the scripted player MCTS's PocketCiv play-outs run (most of an iteration), unchanged source
    "bots/policies/pocketciv/__init__.py", "bots/policies/pocketciv/defence.py",
    # the evaluations MCTS reads at every Caboose and PocketCiv roll-out's end, unchanged sources
    "bots/heuristics/caboose.py", "bots/heuristics/pocketciv.py", "bots/heuristics/pocketciv_coeffs.py",
    # the MCTS bot's evaluation of PAX positions (about a third of an iteration), unchanged source
    "bots/heuristics/__init__.py", "bots/heuristics/pax/__init__.py", "bots/heuristics/pax/solo.py",
)

#: the compilation groups: (name, the prefixes of the modules it holds), the largest first, as
#: the C compiler processes take them in this order. Every module of ``MODULES`` is in one.
GROUPS = (
    ("pocketciv", ("games/pocketciv/", "bots/policies/pocketciv", "bots/heuristics/pocketciv")),
    ("engine_pax", ("engine/", "games/pax/", "bots/", "adapters/")),
    ("caboose", ("games/caboose/", "bots/heuristics/caboose.py")),
    ("pocketciv_events", ("games/pocketciv/events/",)),
)


def group_of(module: str) -> str:
    """The group a module is compiled in: the one with the longest prefix of its path."""
    best = max((p for _, ps in GROUPS for p in ps if module.startswith(p)), key=len, default=None)
    if best is None:
        raise ValueError(f"{module} is in no compilation group")
    return next(name for name, ps in GROUPS if best in ps)


def extensions() -> list[Path]:
    """Every extension module this build may have left under src (the shims and the shared library)."""
    return [p for p in SRC.rglob("*.so") if p.is_file()]


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the C compiler processes)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def ext_suffix() -> str:
    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def clean() -> None:
    for p in extensions():
        p.unlink()
    LIST.unlink(missing_ok=True)
    shutil.rmtree(TEMP, ignore_errors=True)


def build(modules: tuple[str, ...] = MODULES, jobs: int = 2) -> None:
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as e:
        sys.exit(f"no compiled build: {e} (pip install mypy setuptools); the pure-Python package is used")
    if shutil.which(os.environ.get("CC", "cc")) is None:
        sys.exit("no compiled build: no C compiler (cc); the pure-Python package is used")
    start = cpu_seconds(), time.time()
    cwd = os.getcwd()
    os.chdir(SRC)  # module names follow the paths given, relative to src
    try:
        paths = [f"asztal/{m}" for m in modules]
        separate: list[tuple[list[str], str | None]] = [
            ([f"asztal/{m}" for m in modules if group_of(m) == name], f"asztal_compiled_{name}")
            for name, _ in GROUPS]
        exts = mypycify(["--config-file", str(ROOT / "tools" / "mypyc.ini"), "--cache-dir", str(TEMP / "cache"),
                         *paths], separate=[g for g in separate if g[0]],
                        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"), target_dir=str(TEMP), verbose=False)
        # the groups' libraries first, the largest first (each C compiler process takes the next)
        order = {f"asztal_compiled_{name}__mypyc": i for i, (name, _) in enumerate(GROUPS)}
        exts.sort(key=lambda e: order.get(e.name, len(order)))
        dist = Distribution({"name": "asztal-compiled", "ext_modules": exts})
        cmd = dist.get_command_obj("build_ext")
        cmd.inplace = True
        cmd.build_temp = str(TEMP / "temp")
        cmd.build_lib = str(TEMP / "lib")
        cmd.parallel = jobs
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    # the extensions of an earlier build that this one did not make (a module left out, a group renamed)
    made = {SRC / (e.name.replace(".", os.sep) + ext_suffix()) for e in exts}
    for p in extensions():
        if p not in made:
            p.unlink()
    LIST.write_text("".join(m + "\n" for m in modules), encoding="utf-8")
    print(f"compiled build: {len(modules)} modules in {len(GROUPS)} groups with mypyc in "
          f"{time.time() - start[1]:.0f} s ({cpu_seconds() - start[0]:.0f} s of CPU with the C compiler's)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled build")
    ap.add_argument("--jobs", type=int, default=2, help="C compiler processes")
    a = ap.parse_args()
    if a.clean:
        clean()
        print("compiled build removed: the pure-Python package is used")
        return
    build(jobs=a.jobs)


if __name__ == "__main__":
    main()
