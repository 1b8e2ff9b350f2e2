"""The language a command speaks before it has read its options: ``--lang`` in the arguments,
else the locale. A module of its own, light (no Rich, no Babel), so that both the command line
(``app``, at start-up) and the play menu (``menu``) read it without importing each other."""

from __future__ import annotations

import os
import sys


def help_lang(argv: list[str] | None = None) -> str:
    """The language of the help: ``--lang X`` / ``--lang=X`` in argv, else the locale, else hu."""
    argv = sys.argv[1:] if argv is None else argv
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("hu", "en"):
            return argv[i + 1]
        if arg.startswith("--lang=") and arg[7:] in ("hu", "en"):
            return arg[7:]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            if value.split(".")[0].upper() in ("C", "POSIX"):
                return "hu"  # a locale that names no language
            return "hu" if value.lower().startswith("hu") else "en"
    return "hu"
