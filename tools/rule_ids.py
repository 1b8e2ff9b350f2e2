#!/usr/bin/env python3
"""Rule coverage in a clone without the rule specs (``make coverage`` falls back to this when
``$(SHARED)/tools/rule_coverage.py`` is absent): every rule ID the code names (a rule's code
carries its ID), and which of them no test names.

usage: rule_ids.py [--missing]
"""

import pathlib
import re
import sys

ID = re.compile(r"\b((?:PAX|PC|CC)-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\b")
ROOT = pathlib.Path(__file__).resolve().parents[1]


def ids(folder: str) -> set[str]:
    return {m for f in (ROOT / folder).rglob("*.py") for m in ID.findall(f.read_text(encoding="utf-8"))}


def main() -> int:
    code, tests = ids("src"), ids("tests")
    for game in ("PAX", "PC", "CC"):
        named = {i for i in code if i.startswith(game + "-") and "-R-" not in i}
        tested = named & tests
        share = 100 * len(tested) / len(named) if named else 100.0
        print(f"{game:4} {len(tested):4}/{len(named):<4} rule IDs named in the code are named by a test ({share:.0f}%)")
        if "--missing" in sys.argv:
            for i in sorted(named - tested):
                print(f"     untested: {i}")
    print("(the rule specs are not here: SHARED=DIR make coverage measures against their full list)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
