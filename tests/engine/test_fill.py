"""``i18n.fill`` keeps each template cut into pieces once (a server fills log lines and labels
on every change): what it gives, and what it raises, must be exactly ``vformat``'s with the
grammar specs, for every template of every catalogue and for the shapes a template may take."""

from __future__ import annotations

from typing import Any

import pytest

from asztal import games
from asztal.engine.decision import MESSAGES as ENGINE_MESSAGES
from asztal.engine.i18n import _FORMATTERS, LANGS, fill

#: values a field may be given: numbers, words, a Roman numeral, seats, nothing, a float
VALUES: list[Any] = [0, 1, 2, 12500, "III", "Siwa", [0, 2], ["kard", "pajzs"], None, 0.905, True]

SHAPES = ["plain {a} and {b:n}", "{{braces}} {a!r} {a!s:>4}", "{x[0]} {x[1]:>3}", "{k.real} {k!r}", "{}", "{0}",
          "{a", "a}", "{a:{b}}", "{n:pl:card} {n:pl:city}", "{area:a} {area:A}", "{s:seats} {w:list}", "{q:%}",
          "{missing}", "", "no fields at all"]


def _outcome(template: str, lang: str, fields: dict[str, Any], fast: bool) -> str:
    try:
        if fast:
            return fill(template, lang, **fields)
        return _FORMATTERS[lang].vformat(template, (), fields)
    except Exception as e:  # noqa: BLE001 - the very exception is what is compared
        return f"raised {type(e).__name__}: {e}"


def _catalogue_templates() -> list[str]:
    out = []
    for catalogue in [ENGINE_MESSAGES, *(games.load(name).messages for name in games.names())]:
        for entry in catalogue.values():
            out.extend(entry[lang] for lang in LANGS if entry.get(lang))
    return sorted(set(out))


def _fields(template: str, value: Any) -> dict[str, Any]:
    names = {f.split(".")[0].split("[")[0] for _, f, _, _ in _FORMATTERS["hu"].parse(template) if f}
    return {n: value for n in names}


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_every_catalogue_template_is_filled_as_vformat_fills_it(value: Any) -> None:
    templates = _catalogue_templates()
    assert len(templates) > 300
    for template in templates:
        fields = _fields(template, value)
        for lang in LANGS:
            assert _outcome(template, lang, fields, True) == _outcome(template, lang, fields, False), template


@pytest.mark.parametrize("template", SHAPES)
def test_every_shape_of_template_is_filled_or_refused_as_vformat_does(template: str) -> None:
    fields = {"a": "Siwa", "k": 7, "b": 12500, "x": [1, 2], "n": 3, "area": "III", "s": [0, 2], "w": ["kard", "pajzs"],
              "q": 0.905}
    for lang in LANGS:
        for _ in range(2):  # the first time cuts the template, the second reads it cut
            assert _outcome(template, lang, fields, True) == _outcome(template, lang, fields, False)
