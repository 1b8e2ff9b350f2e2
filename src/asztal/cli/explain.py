"""What an offered move is about, for ``?`` on an option: the card, advance, wonder, god or
building it names (the game's ``items.explain``) and the guide passage of the rules it plays
by (``Game.rule_groups`` -> ``guide.of_rule``), in the reader's language: the same words the
browser shows behind "§" and on a card.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from asztal.cli.text import t
from asztal.engine import Action, GameState
from asztal.games.guide import ItemText, Passage, explain, guide, item_ids


def named_items(game: str, action: Action) -> list[str]:
    """The item ids an action's code names (``keep:card=army-07``, ``build:building-granary-2``,
    ``adv:city=3,id=masonry``, ``buy:legion=1`` -> ``legion-1``), in the code's order."""
    ids = set(item_ids(game))
    _, _, rest = action.code.partition(":")
    found: list[str] = []
    for part in rest.split(","):
        key, eq, value = part.partition("=")
        for candidate in ((value, f"{key}-{value}") if eq else (key,)):
            if candidate in ids and candidate not in found:
                found.append(candidate)
    return found


def items_of(state: GameState, action: Action, lang: str) -> list[ItemText]:
    return [explain(state.game.name, i, lang) for i in named_items(state.game.name, action)]


def passage_of(state: GameState, action: Action, lang: str) -> Passage | None:
    """The guide passage that covers the rules of this kind of move (None if the game names none)."""
    groups = state.game.rule_groups.get(action.kind, ())
    book = guide(state.game.name, lang)
    for group in groups:
        passage = book.of_rule(group)
        if passage is not None:
            return passage
    return None


def explain_option(state: GameState, label: str, actions: Sequence[Action], lang: str) -> RenderableType:
    """The option as offered (its label), what it names, and the rules behind it."""
    first = actions[0]
    parts: list[RenderableType] = [Text(label, style="bold")]
    for item in items_of(state, first, lang):
        parts.append(Text.assemble("\n", (item.name, "bold cyan"), "\n", item.text))
    passage = passage_of(state, first, lang)
    if passage is not None:
        parts.append(Text.assemble("\n", (t("explain.rule", lang, title=passage.title), "bold cyan")))
        parts.append(Markdown(passage.text))
    if len(parts) == 1:
        parts.append(Text(t("explain.none", lang), style="dim"))
    return Group(*parts)
