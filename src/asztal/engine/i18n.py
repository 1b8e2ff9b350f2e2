"""Message catalogues: every text a person reads exists in Hungarian (first) and English.

A catalogue maps a key to ``{"hu": template, "en": template}``; templates are
``str.format`` strings filled from the event's fields. A missing key or field never
crashes the interface: it shows the key and the raw fields instead.
"""

from __future__ import annotations

from typing import Any

LANGS = ("hu", "en")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def render_message(catalogue: dict[str, dict[str, str]], event: dict[str, Any], lang: str = "hu") -> str:
    key = event.get("key", "")
    entry = catalogue.get(key)
    if entry is None:
        return f"{key} {_fields(event)}".rstrip()
    template = entry.get(lang) or entry.get("hu") or key
    try:
        return template.format(**event)
    except (KeyError, IndexError, ValueError):
        return f"{key} {_fields(event)}".rstrip()


def _fields(event: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in event.items() if k != "key")


def missing_translations(catalogue: dict[str, dict[str, str]]) -> list[str]:
    """Keys lacking a Hungarian or an English text (tests call this for every catalogue)."""
    return sorted(k for k, v in catalogue.items() if not all(v.get(lang) for lang in LANGS))
