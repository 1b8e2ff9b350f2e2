"""``asztal learn pax|pocketciv|caboose``: a guided first game in the terminal.

Each step shows what just happened (the game's own log lines), the board when it is your
move, and what to do; you answer with the number of a move. Another move is refused with the
reason and changes nothing. ``r`` shows the rule behind the step; ``?3`` explains the 3rd move
(what it names and its rule, as ``?3`` does in the game's screen), ``?`` alone the move the
lesson asks for, and ``? name`` a card, advance, wonder, god, building or event by the name
the screen shows (never by an internal id); ``q`` quits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from asztal.learn import Lesson

LEARN_HELP = ("Tanuld meg: vezetett első játék (pax | pocketciv | caboose).",
        "Learn to play: a guided first game (pax | pocketciv | caboose).")
_TEXT = {
    "step": ("{i}/{n}. lépés", "Step {i}/{n}"),
    "prompt": ("A lépésed száma (r: szabály, ?3 vagy ? név: magyarázat, q: kilépés)",
               "Your move's number (r: rule, ?3 or ? name: explanation, q: quit)"),
    "go_on": ("Enter: tovább (r: szabály, ? név: magyarázat, q: kilépés)",
              "Enter: go on (r: rule, ? name: explanation, q: quit)"),
    "happened": ("Ez történt:", "What happened:"),
    "done": ("A lecke véget ért. Jó játékot!", "The lesson is over. Enjoy the game!"),
    "unknown": ("Nincs ilyen nevű lap, vívmány, csoda, isten, épület vagy esemény: {x}",
                "No card, advance, wonder, god, building or event is called {x}"),
    "several": ("Több is illik rá, írd ki pontosabban: {x}", "Several match, say which: {x}"),
    "no_move": ("Nincs {x}. lépés a listában.", "There is no move {x} in the list."),
    "ask_name": ("Írd a kérdőjel után, minek a magyarázatát kéred, például: ? {x}",
                 "After the question mark, write what to explain, for example: ? {x}"),
    "no_game": ("Ehhez a játékhoz nincs lecke: {x} (pax, pocketciv, caboose)",
                "There is no lesson for this game: {x} (pax, pocketciv, caboose)"),
}


def _t(key: str, lang: str, **kw: object) -> str:
    return _TEXT[key][0 if lang == "hu" else 1].format(**kw)


def run_lesson(lesson: Lesson, lang: str, read: Callable[[str], str], console: Console) -> bool:
    """Follow ``lesson`` with the lines ``read`` returns; True when it was finished, False on quit."""
    from asztal.cli.show import view_renderable

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
            console.print(_explain(lesson, v, answer[1:].strip(), lang))
            continue
        code: str | None = answer or None
        if code and code.isdigit() and 1 <= int(code) <= len(v["actions"]):
            code = v["actions"][int(code) - 1]["code"]
        reply = lesson.answer(code, lang)
        if not reply.ok:
            console.print(reply.message, style="yellow", highlight=False)
    console.print(_t("done", lang), style="bold green")
    return True


def _explain(lesson: Lesson, v: dict[str, Any], asked: str, lang: str) -> RenderableType:
    """``?``: the move the lesson asks for; ``?3``: the 3rd move of the list; ``? name``: the
    item the screen calls so (its name as shown, any case; a unique beginning is enough)."""
    from rich.text import Text

    from asztal.cli.explain import explain_option
    from asztal.games.guide import explain, item_ids

    actions = {a.code: a for a in lesson.state.legal_actions()}
    if not asked or asked.isdigit():
        k = int(asked) - 1 if asked else next((i for i, a in enumerate(v["actions"]) if a["code"] == v["expect"]), -1)
        if not 0 <= k < len(v["actions"]):
            example = explain(lesson.script.game, item_ids(lesson.script.game)[0], lang).name
            return Text(_t("no_move", lang, x=asked) if asked else _t("ask_name", lang, x=example))
        option = v["actions"][k]
        return explain_option(lesson.state, f"{k + 1}. {option['label']}", [actions[option["code"]]], lang)
    game = lesson.script.game
    items = [explain(game, i, lang) for i in item_ids(game)]
    want = asked.casefold()
    found = [x for x in items if x.name.casefold() == want] or [x for x in items if
                                                                 x.name.casefold().startswith(want)]
    names = sorted({x.name for x in found})
    if not found:
        return Text(_t("unknown", lang, x=asked))
    if len(names) > 1:
        return Text(_t("several", lang, x=", ".join(names[:8])))
    return Text.assemble((found[0].name, "bold cyan"), "\n", found[0].text)


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
