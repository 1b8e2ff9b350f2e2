"""Reading a JSON file a user named (a data pack, a map, a save) with a one-line error.

Used where options and saves are loaded, never inside ``apply``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json_file(path: str | Path, what: str, error: type[ValueError] = ValueError) -> Any:
    """The parsed contents of ``path``; ``error(f"{what}: ...")`` when it cannot be read or parsed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise error(f"{what}: cannot read it ({e.strerror or e})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{what}: not valid JSON ({e.msg}, line {e.lineno})") from None
