"""Rich rendering shared by the commands: a seat's view, its log, numbered actions, the result.

Everything here is drawn for one seat (``None``: a spectator) from what that seat may know:
its view and its log (``state.log_for``). Another seat's action label or code is never printed;
its move reaches the screen only as the public log line.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from asztal.cli.text import t
from asztal.engine import Action, GameState
from asztal.engine.i18n import number, player_name

#: an option as offered: its label and the actions it stands for (one, or a group whose member
#: is chosen next)
Entry = tuple[str, list[Action]]


def _game_module(state: GameState, name: str) -> ModuleType | None:
    """The game's declared ``name`` part (``render``), or None."""
    return state.game.part(name)


def view_renderable(state: GameState, seat: int | None, lang: str) -> RenderableType:
    """The game's own drawing of what ``seat`` sees (``games/<name>/render.py``), else the raw view."""
    view = state.view(seat)
    render = getattr(_game_module(state, "render"), "render", None)
    if render is None:
        from rich.pretty import Pretty  # only for a game without a drawing

        return Pretty(view)
    drawn: RenderableType = render(view, lang)
    return drawn


def legend(state: GameState, lang: str) -> str | None:
    """The game's own legend of its symbols and abbreviations (``render.legend``), if it has one."""
    fn = getattr(_game_module(state, "render"), "legend", None)
    return fn(lang) if fn else None


def seat_names(players: int, controllers: list[str], humans: set[int], lang: str) -> list[str]:
    """"1. játékos (te)", "2. játékos (normál robot)": one name per seat, used everywhere."""
    out = []
    for s in range(players):
        who: str | None
        if s in humans:
            who = "you" if len(humans) == 1 else "human"
        else:
            who = controllers[s] if s < len(controllers) else None
        out.append(player_name(s, lang, who))
    return out


def seat_name(seat: int | None, humans: set[int], bots: list[str], lang: str) -> str:
    if seat is None:
        return "-"
    return seat_names(seat + 1, bots, humans, lang)[seat]


def option_labels(state: GameState, seat: int, actions: Sequence[Action], lang: str) -> list[str]:
    """Each option as ``seat`` reads it: the game's ``render.option_label(view, action, lang)``
    says what it will do (prices, costs, effects) from that seat's view; else the action's label."""
    fn = getattr(_game_module(state, "render"), "option_label", None)
    if fn is None:
        return [a.label(lang) for a in actions]
    view = state.view(seat)
    return [fn(view, a, lang) for a in actions]


def option_entries(state: GameState, seat: int, actions: Sequence[Action], lang: str) -> list[Entry]:
    """The options as offered: ``(label, actions)``, one entry per action, except that a game
    may offer a group once (``render.option_group``: PocketCiv's advances, whose buying city is
    a follow-up choice). The order is the actions' order, so the numbers stay the same."""
    module = _game_module(state, "render")
    group_of = getattr(module, "option_group", None)
    labels = option_labels(state, seat, actions, lang)
    if module is None or group_of is None:
        return [(label, [a]) for label, a in zip(labels, actions, strict=True)]
    entries: list[Entry] = []
    where: dict[object, int] = {}  # a group's key: its entry
    for label, a in zip(labels, actions, strict=True):
        key = group_of(a)
        if key is None:
            entries.append((label, [a]))
        elif key in where:
            entries[where[key]][1].append(a)
        else:
            where[key] = len(entries)
            entries.append((label, [a]))
    view = state.view(seat)
    return [(module.group_label(view, acts, lang) if len(acts) > 1 else label, acts) for label, acts in entries]


def member_labels(state: GameState, seat: int, actions: Sequence[Action], lang: str) -> list[str]:
    """The follow-up choices of a group (e.g. the cities that could buy an advance)."""
    module = _game_module(state, "render")
    assert module is not None, "only a game whose render part groups options has members"
    view = state.view(seat)
    return [module.member_label(view, a, lang) for a in actions]


def actions_table(actions: Sequence[Action], lang: str, labels: list[str] | None = None) -> Table:
    table = Table(title=t("actions", lang), show_header=False, box=None, padding=(0, 1))
    labels = labels or [a.label(lang) for a in actions]
    for i, label in enumerate(labels, 1):  # labels only: a code is typed by who knows it, never shown
        table.add_row(f"[bold cyan]{i:>3}[/]", label)
    return table


def log_lines(state: GameState, since: int, lang: str, seat: int | None) -> list[str]:
    """The log from ``since`` as ``seat`` reads it (other seats' secrets removed)."""
    return [state.game.describe(e, lang, seat) for e in state.log_for(seat, since)]


def print_log(console: Console, state: GameState, since: int, lang: str, seat: int | None = None) -> int:
    """Print log events from index ``since`` as ``seat`` may read them; return the new length.

    Headers (events whose key ends in ``round``/``era_start``/``phase``) stand out as rules.
    """
    for event, line in zip(state.log_for(seat, since), log_lines(state, since, lang, seat), strict=True):
        if event.get("header"):
            console.rule(f"[bold]{line}[/]", style="dim")
        else:
            console.print(f"  [dim]·[/] {line}", highlight=False)
    return len(state.log or [])


def print_outcome(console: Console, state: GameState, lang: str, names: list[str], seat: int | None = None) -> None:
    """Who won and the scores; the game's own end screen (``render.end_screen(view, log, lang)``,
    or its drawing of the final view) explains where they came from."""
    console.print(outcome_renderable(state, lang, names, seat))


def outcome_renderable(state: GameState, lang: str, names: list[str], seat: int | None = None) -> RenderableType:
    """The end as one renderable (the line mode prints it, the full screen shows it)."""
    parts: list[RenderableType] = []
    end_screen = getattr(_game_module(state, "render"), "end_screen", None)
    if end_screen is not None:
        screen = end_screen(state.view(seat), state.log_for(seat), lang)
        if screen is not None:
            parts.append(screen)
    parts.append(Text(t("game_over", lang), style="bold"))
    parts.extend(Text(line, style="bold") for line in outcome_sentences(state, lang, names))
    table = Table(title=t("scores", lang))
    table.add_column(t("player", lang))
    table.add_column(t("score", lang), justify="right")
    for s, score in enumerate(state.scores()):
        table.add_row(names[s], number(score, lang))
    parts.append(table)
    winners = state.winners()
    if state.players == 1:
        parts.append(Text(solo_verdict(state, lang)))
    else:
        who = ", ".join(names[w] for w in winners) or t("nobody", lang)
        parts.append(Text(t("winner" if len(winners) == 1 else "winners", lang, who=who)))
    return Group(*parts)


def outcome_sentences(state: GameState, lang: str, names: list[str]) -> list[str]:
    """What the outcome says in words: the game's own reading of it (``render.verdict(outcome,
    lang, names)``: who fell and who won by which rule), then any sentence the outcome carries
    itself (a ``{"hu": …, "en": …}`` value, or a list of them). Keys it lacks give nothing."""
    outcome = state.outcome()
    fn = getattr(_game_module(state, "render"), "verdict", None)
    lines = list(fn(outcome, lang, names)) if fn is not None else []
    for value in outcome.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and isinstance(item.get(lang), str) and isinstance(item.get("hu"), str):
                lines.append(item[lang])
    return lines


def solo_verdict(state: GameState, lang: str) -> str:
    """A solitaire game's end in its own terms: a game scored in points (PocketCiv) names the
    score; one with a goal (a PAX solitaire level) says whether the goal was reached."""
    if "level_beaten" in state.outcome():
        return t("solo_won" if state.winners() else "solo_lost", lang)
    return t("solo_score", lang, score=number(state.scores()[0], lang))
