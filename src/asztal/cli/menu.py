"""The play menu (``make run``): choose a game, the table and the bots, then play.

Every question has a default (Enter accepts it), so a new player gets a game going by
pressing Enter a few times.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from rich.console import Console

from asztal import games
from asztal.cli.files import autosave_path
from asztal.cli.text import t
from asztal.engine import Game

QUESTIONS = {
    "lang": ("Nyelv / language (hu, en)", "Language / nyelv (hu, en)"),
    "game": ("Melyik játék?", "Which game?"),
    "players": ("Hány játékos? ({lo}-{hi})", "How many players? ({lo}-{hi})"),
    "seat": ("Melyik helyen ülsz? (1-{n})", "Which seat are you in? (1-{n})"),
    "bots": ("Robotok nehézsége (véletlen, könnyű, normál, nehéz)", "Bot strength (random, easy, normal, hard)"),
    "level": ("Pasziánsz szint (1-5)", "Solitaire level (1-5)"),
    "humans": ("Hány ember játszik ezen a gépen, felváltva? (1-{n})",
               "How many people play on this device, in turn? (1-{n})"),
}


#: the bots' strengths as a player types them, in either language, with or without accents
LEVELS = {"random": "random", "véletlen": "random", "veletlen": "random", "véletlenszerű": "random",
          "easy": "easy", "könnyű": "easy", "konnyu": "easy", "normal": "normal", "normál": "normal",
          "hard": "hard", "nehéz": "hard", "nehez": "hard"}


#: what the menu says to an answer it cannot take, in a sentence
AGAIN = ("Erre nem tudok mit lépni: „{answer}”. Ezek közül válassz: {choices} (Enter: {default}).",
         "I cannot take „{answer}”. Please answer one of: {choices} (Enter: {default}).")


def ask(console: Console, read: Callable[[str], str], question: str, default: str, choices: list[str] | None = None,
        shown: list[str] | None = None, lang: str = "hu") -> str:
    """Ask until the answer is one of ``choices`` (Enter: ``default``); on a wrong answer
    say in a sentence which are accepted (``shown``: the ones to name, when ``choices`` has synonyms)."""
    while True:
        try:
            answer = read(f"{question} [{default}]: ").strip().lower() or default
        except EOFError:
            return default
        if choices is None or answer in choices:
            return answer
        again = AGAIN[1 if lang == "en" else 0]
        console.print(again.format(answer=answer[:40], choices=", ".join(shown or choices), default=default),
                      highlight=False, markup=False)


def usual_players(game: Game) -> int:
    """The table a game is usually played at: two (the smallest table of two or more), or its only size."""
    return max(game.min_players, min(2, game.max_players))


def q(key: str, lang: str, **kw: object) -> str:
    hu, en = QUESTIONS[key]
    return (en if lang == "en" else hu).format(**kw)


def run_menu(read: Callable[[str], str] = input, console: Console | None = None) -> None:
    from asztal.cli.lang import help_lang
    from asztal.cli.play import TerminalGame

    console = console or Console()
    first = help_lang()  # the locale's language (or --lang) asks the first question and is its default
    lang = ask(console, read, QUESTIONS["lang"][0 if first == "hu" else 1], first, ["hu", "en"], lang=first)
    names = games.names()
    for i, name in enumerate(names, 1):
        console.print(f"  [bold cyan]{i}[/] {games.load(name).title.get(lang, name)}")
    pick = ask(console, read, q("game", lang), "1", [str(i) for i in range(1, len(names) + 1)] + names, lang=lang)
    game = games.load(names[int(pick) - 1] if pick.isdigit() else pick)
    lo, hi = game.min_players, game.max_players
    players = int(ask(console, read, q("players", lang, lo=lo, hi=hi), str(usual_players(game)),
                      [str(n) for n in range(lo, hi + 1)], lang=lang))
    options = {}
    if game.solo_levels is not None and players == 1:
        option, levels = game.solo_levels
        values = [str(v) for v in levels]
        options[option] = int(ask(console, read, q("level", lang), values[0], values, lang=lang))
    humans, bots = {0}, "random"
    if players > 1:
        n_humans = int(ask(console, read, q("humans", lang, n=players), "1", [str(n) for n in range(1, players + 1)],
                           lang=lang))
        if n_humans == 1:
            seat = int(ask(console, read, q("seat", lang, n=players), "1", [str(n) for n in range(1, players + 1)],
                           lang=lang))
            humans = {seat - 1}
        else:
            humans = set(range(n_humans))
        if n_humans < players:
            words = ["véletlen", "könnyű", "normál", "nehéz"] if lang == "hu" else ["random", "easy", "normal", "hard"]
            level = LEVELS[ask(console, read, q("bots", lang), words[2], list(LEVELS), words, lang=lang)]
            bots = "random" if level == "random" else f"mcts:{level}"
    seed = secrets.randbelow(2**31)
    state = game.new_game(players, seed=seed, options=options)
    specs = [bots if s not in humans else "human" for s in range(players)]
    console.print(f"[dim]{t('seed', lang, seed=seed)} · {t('help', lang)}[/]")
    # a game started from the menu is saved after every decision (asztal play --continue resumes it)
    TerminalGame(state, humans, specs, lang, autosave_path(game.name, seed), False, seed, console,
                 autosave=True).run(None if read is input else read)  # a person at a terminal: full screen
