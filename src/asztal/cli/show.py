"""Rich rendering shared by the commands: a seat's view, the log, numbered actions."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from asztal.cli.text import t
from asztal.engine import GameState

if TYPE_CHECKING:  # Rich is imported by the functions that draw (start-up time)
    from rich.console import Console, RenderableType
    from rich.table import Table


def view_renderable(state: GameState, seat: int | None, lang: str) -> RenderableType:
    """The game's own drawing of what ``seat`` sees (``games/<name>/render.py``), else the raw view."""
    view = state.view(seat)
    module = type(state.game).__module__.rsplit(".", 1)[0]
    try:
        render = importlib.import_module(f"{module}.render").render
    except (ImportError, AttributeError):
        from rich.pretty import Pretty  # only for a game without a drawing

        return Pretty(view)
    return render(view, lang)


def seat_name(seat: int | None, humans: set[int], bots: list[str], lang: str) -> str:
    if seat is None:
        return "-"
    name = t("seat", lang, seat=seat + 1)
    if seat in humans:
        return f"{name} ({t('you', lang)})"
    return f"{name} ({bots[seat]})" if seat < len(bots) else name


def actions_table(actions: list, lang: str) -> Table:
    from rich.table import Table

    table = Table(title=t("actions", lang), show_header=False, box=None, padding=(0, 1))
    for i, a in enumerate(actions, 1):
        table.add_row(f"[bold cyan]{i:>3}[/]", a.label(lang), f"[dim]{a.code}[/]")
    return table


def print_log(console: Console, state: GameState, since: int, lang: str) -> int:
    """Print log events from index ``since``; return the new length."""
    log = state.log or []
    for event in log[since:]:
        console.print(f"  [dim]·[/] {state.event_text(event, lang)}")
    return len(log)


def print_outcome(console: Console, state: GameState, lang: str, names: list[str]) -> None:
    console.print(f"[bold]{t('game_over', lang)}[/]")
    from rich.table import Table

    table = Table(title=t("scores", lang))
    table.add_column(t("sim.seat", lang))
    table.add_column(t("score", lang), justify="right")
    for seat, score in enumerate(state.scores()):
        table.add_row(names[seat], f"{score:g}")
    console.print(table)
    who = ", ".join(names[w] for w in state.winners()) or t("nobody", lang)
    console.print(t("winners", lang, who=who))
    # the game's own drawing shows the detailed final scoring; here only its plain facts
    # (ending, level beaten, ...), which the outcome keeps as scalars
    facts = [f"{k}={v}" for k, v in state.outcome().items()
             if k not in ("scores", "winners") and isinstance(v, (str, int, float, bool))]
    if facts:
        console.print(f"[dim]{t('details', lang)}: {', '.join(facts)}[/]")

