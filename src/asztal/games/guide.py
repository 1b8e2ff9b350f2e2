"""Rules written for players: each game's ``guide/<lang>.md``, read as passages tagged with rule IDs.

The rule specifications (``web/rules/<game>.md``) are the index a developer and a test use; a
player reads these guides instead, in one language, in the order the game is learnt. Every
passage names the spec rule IDs it covers, so "the rule behind this" (a refusal, a decision, an
action) opens the passage a player can read, in the reader's language.

File syntax (plain Markdown, so the files also read well on their own)::

    # Title of the guide
    ## Passage title {#passage-id}
    <!-- rules: PAX-BUY-01..05 PAX-EX-BUY PAX-Q-08 -->
    Paragraphs of text ...

A range ``PREFIX-01..05`` stands for every number from the first to the last, keeping the
first number's width. The Hungarian and the English guide of a game have the same passages
with the same tags (a test checks it), so a passage id works in either language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import ModuleType

LANGS = ("hu", "en")
_HEADING = re.compile(r"^## (.+?)\s*\{#([a-z0-9-]+)\}\s*$")
_TAGS = re.compile(r"^<!--\s*rules:\s*(.*?)\s*-->\s*$")
_RANGE = re.compile(r"^(.*-)(\d+)\.\.(\d+)$")


@dataclass(frozen=True, slots=True)
class Passage:
    """One section of a guide: what a player reads about one part of the game."""

    id: str
    title: str
    text: str
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "title": self.title, "text": self.text, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class Guide:
    game: str
    lang: str
    title: str
    passages: tuple[Passage, ...]

    def passage(self, passage_id: str) -> Passage | None:
        return next((p for p in self.passages if p.id == passage_id), None)

    def of_rule(self, rule_id: str) -> Passage | None:
        """The passage that covers ``rule_id`` (the first one, when several do). An ID no passage
        names falls back to its group, then to the group above: a group (``PC-DEV-BM``,
        ``PAX-SCORE``) opens the passage of its first rule, and a passage may be tagged with a
        bare group (``PC-EVT-EPIDEMIC``, ``PC-R-ATTACK``) that covers all of its rules (the
        engine's own rule IDs for the events the Hungarian book lacks, its rulings)."""
        parts = rule_id.split("-")
        while len(parts) >= 2:
            tag = "-".join(parts)
            hit = next((p for p in self.passages if tag in p.rules), None) or next(
                (p for p in self.passages if any(r.startswith(tag + "-") for r in p.rules)), None)
            if hit is not None:
                return hit
            parts.pop()
        return None

    def index(self) -> dict[str, str]:
        """Rule ID -> id of the first passage covering it."""
        out: dict[str, str] = {}
        for p in self.passages:
            for r in p.rules:
                out.setdefault(r, p.id)
        return out


def expand(tag: str) -> list[str]:
    """``PAX-BUY-01..05`` -> PAX-BUY-01 ... PAX-BUY-05; any other tag stands for itself."""
    m = _RANGE.match(tag)
    if not m:
        return [tag]
    prefix, first, last = m.group(1), m.group(2), m.group(3)
    return [f"{prefix}{n:0{len(first)}d}" for n in range(int(first), int(last) + 1)]


def parse(text: str, game: str, lang: str) -> Guide:
    title = ""
    passages: list[Passage] = []
    head: tuple[str, str] | None = None
    tags: list[str] = []
    body: list[str] = []

    def close() -> None:
        if head is not None:
            passages.append(Passage(head[1], head[0], "\n".join(body).strip(), tuple(tags)))

    for line in text.splitlines():
        h = _HEADING.match(line)
        t = _TAGS.match(line)
        if line.startswith("# ") and not title:
            title = line[2:].strip()
        elif h:
            close()
            head, tags, body = (h.group(1), h.group(2)), [], []
        elif t and head is not None and not body:
            tags.extend(r for tag in t.group(1).split() for r in expand(tag))
        elif head is not None:
            body.append(line)
    close()
    return Guide(game, lang, title, tuple(passages))


@cache
def guide(game: str, lang: str) -> Guide:
    """The player's guide of ``game`` in ``lang`` (``hu`` or ``en``)."""
    if lang not in LANGS:
        raise ValueError(f"no guide language {lang!r}")
    text = resources.files(f"asztal.games.{game}").joinpath(f"guide/{lang}.md").read_text(encoding="utf-8")
    return parse(text, game, lang)


@dataclass(frozen=True, slots=True)
class ItemText:
    """What one card, advance, wonder, god, building or event is and does, in one language,
    and the guide passage whose rules it plays by (for "the rule behind this")."""

    name: str
    text: str
    passage: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "text": self.text, "passage": self.passage}


def _items(game: str) -> ModuleType:
    """The game's ``items`` part: its cards, advances, gods... and what each does."""
    from asztal import games  # the registry imports the games, whose items import this module

    module = games.load(game).part("items")
    if module is None:
        raise ValueError(f"{game} declares no item explanations")
    return module


def item_ids(game: str) -> tuple[str, ...]:
    """Every item of ``game`` that has an explanation (each game's ``items.ITEM_IDS``)."""
    ids: tuple[str, ...] = _items(game).ITEM_IDS
    return ids


def explain(game: str, item_id: str, lang: str) -> ItemText:
    """What ``item_id`` of ``game`` does, in ``lang``; KeyError for an item the game does not have."""
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r}")
    text: ItemText = _items(game).explain(item_id, lang)
    return text
