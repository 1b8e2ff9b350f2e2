"""``asztal review FILE [--seat K]``: what the review bot (``normal`` strength unless told)
would have played at each of a seat's decisions, what each move cost, and the three biggest
mistakes with the position the seat saw; moves named as the options list names them.

A thin layer over :func:`asztal.bots.review.review_game` (which a server can call too).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from asztal.engine import Action, GameState

# the bots, Rich and the games are imported when a review runs (``asztal --help`` stays quick)

_TEXT = {
    # the bot's strength is the reviewer's, not the seat's: said apart from whose moves these are
    "title": ("Játékelemzés: {game}, {seat}. játékos lépései; elemző: {bot}",
              "Game review: {game}, the moves of seat {seat}; reviewer: {bot}"),
    "title_you": ("Játékelemzés: {game}, a te lépéseid ({seat}. játékos); elemző: {bot}",
                  "Game review: {game}, your moves (seat {seat}); reviewer: {bot}"),
    "move": ("lépés", "move"),
    "played": ("ezt lépted", "played"),
    "best": ("a robot ezt lépte volna", "the bot would play"),
    "loss": ("veszteség", "loss"),
    "win": ("nyerési esély, %-pont", "win chance, points of %"),
    "vp": ("győzelmi pont", "victory points"),
    "summary": ("{n} döntés, {agree} egyezik a robotéval; összes veszteség: {total} ({unit})",
                "{n} decisions, {agree} agree with the bot; total loss: {total} ({unit})"),
    "mistake": ("{k}. legnagyobb hiba, {move}. lépés: {played} helyett {best} (−{loss} {unit})",
                "Mistake {k}, move {move}: {played} instead of {best} (−{loss} {unit})"),
    "none": ("Nincs döntés, amit elemezni lehetne.", "No decision to review."),
    "thinking": ("elemzés", "reviewing"),
}

#: the options' help in Hungarian (build_app puts it in place for a Hungarian interface)
REVIEW_HU = {
    "file": "mentett játék vagy játszmarekord (JSON)",
    "seat": "az elemzett hely, 1-től számozva (alapból az emberi hely, különben az 1.)",
    "bot": "az elemző robot (MCTS: mcts:easy, mcts:normal, mcts:hard)",
    "iters": "iterációk döntésenként (megismételhető eredmény)",
    "seconds": "másodperc döntésenként (alapból a robot sajátja)",
    "thorough": "minden döntés teljes kereséssel (lassabb; alapból egy gyors első pillantás dönti el, "
                "melyik lépés érdemel teljes keresést)",
    "seed": "a robot véletlen magja",
    "json_out": "az elemzés JSON-ként",
    "lang": "a szöveg nyelve: hu | en",
}


def _t(key: str, lang: str, **kw: object) -> str:
    hu, en = _TEXT[key]
    return (en if lang == "en" else hu).format(**kw)


def _loss(x: float, unit: str, lang: str) -> str:
    from asztal.engine.i18n import number

    return number(100 * x if unit == "win" else x, lang, 1)


def _labels(state: GameState, seat: int, actions: Sequence[Action], lang: str) -> list[str]:
    """Moves named as the options list names them (card names, prices), never by their ids."""
    from asztal.cli.show import option_labels

    return option_labels(state, seat, actions, lang)


def review(
    file: Path = typer.Argument(..., help="a saved game or a game record (JSON)"),
    seat: int | None = typer.Option(None, "--seat",
                                     help="the seat to review, 1-based (default: the human seat, else 1)"),
    bot: str = typer.Option("mcts:normal", "--bot", help="the reviewing bot (an MCTS spec)"),
    iters: int | None = typer.Option(None, "--iters", help="iterations per decision (reproducible)"),
    seconds: float | None = typer.Option(None, "--time", help="seconds per decision (default: the bot's)"),
    thorough: bool = typer.Option(False, "--thorough",
                                  help="search every decision in full (slower; by default a quick first look "
                                       "picks the decisions worth a full search)"),
    seed: int = typer.Option(0, "--seed", help="the bot's random seed"),
    json_out: bool = typer.Option(False, "--json", help="print the review as JSON"),
    lang: str = typer.Option("hu", "--lang", help="hu | en"),
) -> None:
    """Review one seat's moves: the bot's choice and the estimated loss of each."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from asztal import games
    from asztal.bots.review import review_game
    from asztal.cli.files import load_game_file
    from asztal.cli.show import view_renderable
    from asztal.engine.i18n import bot_words, check_lang, percent

    check_lang(lang)
    final, meta = load_game_file(file)
    record = final.record
    human = meta.get("human")
    if seat is None:
        seat = (human + 1) if isinstance(human, int) else 1
    console = Console()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=json_out) as progress:
        task = progress.add_task(_t("thinking", lang), total=None)
        result = review_game(record, seat - 1, bot, iterations=iters, seconds=seconds, seed=seed, lang=lang,
                             screen=not thorough, labels=_labels,
                             progress=lambda d, n: progress.update(task, completed=d, total=n))
    if json_out:
        print(json.dumps(result, ensure_ascii=False))
        return
    unit = result["unit"]
    title = final.game.title.get(lang, final.game.name)
    # "your moves" only for the one human of a game against bots (a hot-seat game has several)
    humans = meta.get("humans") or ([human] if isinstance(human, int) else [])
    whose = "title_you" if humans == [seat - 1] else "title"
    table = Table(title=_t(whose, lang, game=title, seat=seat, bot=bot_words(result["bot"], lang)))
    for key in ("move", "played", "best"):
        table.add_column(_t(key, lang))
    table.add_column(f"{_t('loss', lang)} ({_t(unit, lang)})", justify="right")
    for d in result["decisions"]:
        same = d["best"]["code"] == d["played"]["code"]
        table.add_row(str(d["move"] + 1), d["played"]["label"], "=" if same else d["best"]["label"],
                      _loss(d["loss"], unit, lang) if not same else "")
    if not result["decisions"]:
        console.print(_t("none", lang))
        return
    console.print(table)
    console.print(_t("summary", lang, n=len(result["decisions"]), agree=percent(result["agreement"], lang, 0),
                     total=_loss(result["total_loss"], unit, lang), unit=_t(unit, lang)))
    for k, m in enumerate(result["mistakes"], 1):
        console.print()
        console.print(_t("mistake", lang, k=k, move=m["move"] + 1, played=m["played"]["label"],
                         best=m["best"]["label"], loss=_loss(m["loss"], unit, lang), unit=_t(unit, lang)))
        before = games.replay({**record, "actions": record["actions"][:m["move"]]})
        console.print(view_renderable(before, seat - 1, lang))
