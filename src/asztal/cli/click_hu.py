"""The command line's own words (``Usage:``, ``Show this message and exit.``, its error
messages) in Hungarian, for a command line whose help is Hungarian.

Typer ships its own copy of Click whose strings are plain English (no ``gettext``), and a
few of Typer's own go through ``gettext`` without a catalogue. :func:`install` rebinds
``_`` in those modules to :data:`HU`, and wraps the ``echo`` by which the copied Click
prints help and errors so that the sentences of :data:`PATTERNS` come out in Hungarian.
A sentence not listed stays English (a newer Typer may add some), never worse than before.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

#: Typer's own ``gettext`` strings
HU: dict[str, str] = {
    "Options": "Kapcsolók",
    "Commands": "Parancsok",
    "Arguments": "Argumentumok",
    "[default: {}]": "[alapból: {}]",
    "[required]": "[kötelező]",
    "default: {default}": "alapból: {default}",
    "required": "kötelező",
    "Error": "Hiba",
    "Usage:": "Használat:",
    "Show this message and exit.": "Ez a súgó, aztán kilépés.",
    "Aborted!": "Megszakítva!",
}

#: the copied Click's sentences, as patterns (applied in order to what it prints)
PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.M), r) for p, r in (
    (r"^Usage: ", "Használat: "),
    (r" \[OPTIONS\]", " [KAPCSOLÓK]"),
    (r" COMMAND \[ARGS\]\.\.\.", " PARANCS [ARGUMENTUMOK]..."),
    (r"^Options:$", "Kapcsolók:"),
    (r"^Commands:$", "Parancsok:"),
    (r"^Arguments:$", "Argumentumok:"),
    (r"Show this message and exit\.", "Ez a súgó, aztán kilépés."),
    (r"^Try '(.+?)' for help\.", r"Súgó: '\1'."),
    (r"^Error: ", "Hiba: "),
    (r"No such option: (\S+)", r"Nincs ilyen kapcsoló: \1"),
    (r"\(Possible options: (.+)\)", r"(lehetséges kapcsolók: \1)"),
    (r"No such command '(.+?)'\.", r"Nincs ilyen parancs: '\1'."),
    (r"Missing argument '(.+?)'\.", r"Hiányzik egy argumentum: '\1'."),
    (r"Missing option '(.+?)'\.", r"Hiányzik egy kapcsoló: '\1'."),
    (r"Missing command\.", "Hiányzik a parancs."),
    (r"Got unexpected extra arguments? \((.+)\)", r"Fölösleges argumentum: \1"),
    (r"Option '(.+?)' requires an argument\.", r"A(z) '\1' kapcsolóhoz érték kell."),
    (r"Option '(.+?)' requires (\d+) arguments\.", r"A(z) '\1' kapcsolóhoz \2 érték kell."),
    (r"Option '(.+?)' does not take a value\.", r"A(z) '\1' kapcsoló nem kap értéket."),
    (r"Invalid value for (.+?): ", r"Érvénytelen érték (\1): "),
    (r"Invalid value: ", "Érvénytelen érték: "),
    (r"'(.+?)' is not a valid (integer|float|integer range|float range)\.", r"'\1' nem érvényes szám."),
    (r"(\S+) is not in the range (.+)\.", r"\1 nincs a megengedett tartományban (\2)."),
    (r"'(.+?)' is not one of (.+)\.", r"'\1' nem ezek egyike: \2."),
    (r"'(.+?)' is not (.+)\.", r"'\1' nem \2."),
    (r"Path '(.+?)' does not exist\.", r"Nincs ilyen fájl vagy mappa: '\1'."),
    (r"File '(.+?)' does not exist\.", r"Nincs ilyen fájl: '\1'."),
    (r"Input should be a valid integer[^\n]*", "egész számot várok"),
    (r"Input should be a valid number[^\n]*", "számot várok"),
    (r"\[default: ", "[alapból: "),
    (r"\[required\]", "[kötelező]"),
)]

GETTEXT_MODULES = ("typer.core", "typer.rich_utils")
ECHO_MODULES = ("typer._click.core", "typer._click.decorators", "typer._click.exceptions")
_ORIGINAL_ECHO: dict[str, Callable[..., Any]] = {}


def hungarian(text: str) -> str:
    """``text`` with the command line's English sentences put in Hungarian."""
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _gettext(message: str) -> str:
    return HU.get(message, message)


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def install(lang: str) -> None:
    """The command line speaks ``lang`` (``hu``: these tables; anything else: English)."""
    from gettext import gettext

    for name in GETTEXT_MODULES:
        # ``typer.rich_utils`` draws help and errors only for an app with Rich markup, and
        # importing it costs as much as the rest of the start-up (Rich's markdown and
        # tracebacks): patched when something has already loaded it, never loaded here
        module = sys.modules.get(name) if name == "typer.rich_utils" else _import(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = _gettext if lang == "hu" else gettext  # type: ignore[attr-defined]
    for name in ECHO_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:  # a Typer without its own Click copy: nothing to wrap
            continue
        original = _ORIGINAL_ECHO.setdefault(name, module.echo)
        if lang != "hu":
            module.echo = original  # type: ignore[attr-defined]
            continue

        def echo(message: Any = None, *args: Any, _original: Callable[..., Any] = original, **kwargs: Any) -> Any:
            return _original(hungarian(message) if isinstance(message, str) else message, *args, **kwargs)
        module.echo = echo  # type: ignore[attr-defined]
