"""``asztal learn pax|pocketciv|caboose``: a guided first game in the terminal.

Each step shows what just happened (the game's own log lines), the board when it is your
move, and what to do; you answer with the number of a move (or its code). Another move is
refused with the reason and changes nothing. ``r`` shows the rule behind the step, ``? ID``
explains a card, advance, wonder, god or event, ``q`` quits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from asztal.learn import Lesson

LEARN_HELP = ("Tanuld meg: vezetett első játék (pax | pocketciv | caboose).",
        "Learn to play: a guided first game (pax | pocketciv | caboose).")
_TEXT = {
    "step": ("{i}/{n}. lépés", "Step {i}/{n}"),
    "prompt": ("A lépésed száma (r: szabály, ? AZONOSÍTÓ: magyarázat, q: kilépés)",
               "Your move's number (r: rule, ? ID: explanation, q: quit)"),
    "go_on": ("Enter: tovább (r: szabály, q: kilépés)", "Enter: go on (r: rule, q: quit)"),
    "happened": ("Ez történt:", "What happened:"),
    "done": ("A lecke véget ért. Jó játékot!", "The lesson is over. Enjoy the game!"),
    "unknown": ("Nincs ilyen elem: {x}", "No such item: {x}"),
    "no_game": ("Ehhez a játékhoz nincs lecke: {x} (pax, pocketciv, caboose)",
                "There is no lesson for this game: {x} (pax, pocketciv, caboose)"),
}


def _t(key: str, lang: str, **kw: object) -> str:
    return _TEXT[key][0 if lang == "hu" else 1].format(**kw)


def run_lesson(lesson: Lesson, lang: str, read: Callable[[str], str], console: Console) -> bool:
    """Follow ``lesson`` with the lines ``read`` returns; True when it was finished, False on quit."""
    from asztal.cli.show import view_renderable
    from asztal.games.guide import explain

    shown = -1
    while not lesson.finished:
        v = lesson.view(lang)
        if shown != lesson.index:
            shown = lesson.index
            console.rule(f"{v['title']} — {_t('step', lang, i=v['step'] + 1, n=v['total'])}")
            if v["news"]:
                console.print(_t("happened", lang), style="bold")
                for line in v["news"]:
                    console.print(f"  • {line}", highlight=False)
            if v["actions"]:
                console.print(view_renderable(lesson.state, 0, lang))
            console.print(v["text"], style="bold cyan", highlight=False)
            for line in v["summary"]:
                console.print(f"  {line}", highlight=False)
            for k, a in enumerate(v["actions"], 1):
                console.print(f"  {k:>2}. {a['label']}", highlight=False)
        answer = read(_t("prompt" if v["expect"] else "go_on", lang)).strip()
        if answer.lower() == "q":
            return False
        if answer.lower() == "r":
            if v["passage"]:
                console.print(f"[bold]{v['passage']['title']}[/bold]\n{v['passage']['text']}", highlight=False)
            continue
        if answer.startswith("?"):
            item = answer[1:].strip()
            try:
                x = explain(lesson.script.game, item, lang)
                console.print(f"[bold]{x.name}[/bold]: {x.text}", highlight=False)
            except KeyError:
                console.print(_t("unknown", lang, x=item), highlight=False)
            continue
        code: str | None = answer or None
        if code and code.isdigit() and 1 <= int(code) <= len(v["actions"]):
            code = v["actions"][int(code) - 1]["code"]
        reply = lesson.answer(code, lang)
        if not reply.ok:
            console.print(reply.message, style="yellow", highlight=False)
    console.print(_t("done", lang), style="bold green")
    return True


def learn(game: str = typer.Argument(..., help="pax | pocketciv | caboose"),
          lang: str = typer.Option("hu", "--lang", help="hu | en")) -> None:
    # the lessons load every game: only when one is asked for (``asztal --help`` stays quick)
    from rich.console import Console

    from asztal.engine.i18n import check_lang
    from asztal.learn import GAMES, Lesson, script

    check_lang(lang)
    console = Console()
    if game not in GAMES:
        console.print(_t("no_game", lang, x=game), highlight=False)
        raise typer.Exit(2)
    try:
        run_lesson(Lesson(script(game)), lang, lambda prompt: console.input(prompt + ": "), console)
    except (EOFError, KeyboardInterrupt):
        raise typer.Exit(1) from None
