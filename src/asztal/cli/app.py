"""``asztal``: the command-line entry point (Typer). Each command is a thin layer over the
engine, the bots and the simulator; errors a user can cause print one line, not a traceback.

Every command speaks Hungarian or English, the help and the errors too: ``--lang`` on the
command line wins (before the command or after it), else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``: English for a locale of another language; the C and POSIX locales
name no language), else Hungarian.
"""

from __future__ import annotations

import copy
import functools
import inspect
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

# light: the commands' options and help only; each imports what it runs when it runs
from asztal.cli.admin import admin_commands, backup_command
from asztal.cli.arena import arena
from asztal.cli.lang import help_lang
from asztal.cli.learn import LEARN_HELP, learn
from asztal.cli.research import report, simulate
from asztal.cli.review import REVIEW_HU, review

if TYPE_CHECKING:
    from rich.console import Console

    from asztal.cli.play import TerminalGame
    from asztal.engine import Game, GameState

# Start-up time (``asztal --help`` under 150 ms of CPU): at import this module loads Typer and
# the commands' declarations, nothing that draws or plays. Rich, the games, the bots, the
# simulator and the server are imported inside the commands that use them
# (tests/cli/test_startup.py checks which modules a ``--help`` loads).


@functools.cache
def _console() -> Console:
    """The console the commands print on (made on first use: Rich is imported then)."""
    from rich.console import Console

    return Console()


HELP: dict[str, tuple[str, str]] = {
    "app": ("asztal: PAX, Civilizációk Hajnala, Cleopatra vasúti kocsija — játék, visszajátszás, szimuláció.",
            "asztal: PAX, Civilizációk Hajnala (PocketCiv), Cleopatra's Caboose — play, replay, simulate."),
    "lang": ("a szöveg nyelve: hu | en", "language of the text: hu | en"),
    "games": ("A játékok listája, játékosszámmal.", "List the games asztal plays, with their player counts."),
    "menu": ("Válassz játékot, és játssz a terminálban.", "Choose a game and play it in the terminal."),
    "serve": ("A játékszerver: lobbi a /api alatt, élő játék WebSocketen, böngészős felület a / címen "
              "(ezt indítja a `make run`).",
              "Run the game server: lobby at /api, live play over WebSockets, the browser UI at / "
              "(what `make run` starts)."),
    "host": ("a figyelt cím", "address to listen on"),
    "port": ("a figyelt port", "port to listen on"),
    "db": ("sqlite:///FÁJL vagy postgresql+psycopg://… (alapból SQLite a felhasználó adatkönyvtárában)",
           "sqlite:///FILE or postgresql+psycopg://… (default: SQLite in the user's data directory)"),
    "packs": ("további csomagok mappája: <játék>/<név>.json", "folder of extra packs: <game>/<name>.json"),
    "bot_time": ("egy MCTS-gép gondolkodási ideje lépésenként, másodperc",
                 "seconds an MCTS bot may think per move"),
    "instances": ("ennyi szerverfolyamat egy porton (csak PostgreSQL-lel; mindegyik egy példány, "
                  "így a gép minden magját használják)",
                  "this many server processes on one port (PostgreSQL only; each is an instance, so they "
                  "use every core of the machine)"),
    "proxy": ("egy fordított proxy címe, amelynek X-Forwarded-For fejlécét elhisszük (többször is megadható; "
              "alapból senkiét)",
              "address of a reverse proxy whose X-Forwarded-For is believed (repeatable; default: nobody's)"),
    "smtp": ("az SMTP-kiszolgáló (gép:port), amelyen át a körökre osztott játékok e-mail-értesítései mennek "
             "(vagy ASZTAL_SMTP)",
             "the SMTP server (host:port) that sends the e-mail notices of turn-based games (or ASZTAL_SMTP)"),
    "public_url": ("a szerver nyilvános címe az e-mailek hivatkozásaihoz (vagy ASZTAL_PUBLIC_URL)",
                   "the server's public address for the links in e-mails (or ASZTAL_PUBLIC_URL)"),
    "json_logs": ("a naplósorok JSON-objektumok a szabványos hibakimeneten (vagy ASZTAL_JSON_LOGS=1)",
                  "log lines as JSON objects on standard error (or ASZTAL_JSON_LOGS=1)"),
    "play": ("Játék a terminálban robotok (vagy egymás) ellen.", "Play in the terminal against bots (or each other)."),
    "game": ("a játék: pax | pocketciv | caboose", "the game: pax | pocketciv | caboose"),
    "players": ("a játékosok száma", "number of players"),
    "seat": ("a helyed, 1-től számozva", "your seat, counted from 1"),
    "humans": ("emberi helyek vesszővel (egy gépen, felváltva): 1,2", "human seats, comma separated (hot-seat): 1,2"),
    "bots": ("a többi hely robotjai vesszővel: random, greedy, easy, normal (alapból), hard",
             "bots for the other seats, comma separated: random, greedy, easy, normal (the default), hard"),
    "seed": ("a véletlen mag (alapból új, véletlen játék)", "the random seed (default: a new random game)"),
    "option": ("játékbeállítás kulcs=érték (level=3, pack=FÁJL)", "game option key=value (level=3, pack=FILE)"),
    "save": ("mentés ide, minden döntés után", "save the game to this file after every decision"),
    "load": ("mentett játék folytatása", "resume a saved game"),
    "continue": ("a legutóbb mentett játék folytatása", "resume the game saved last"),
    "hint": ("minden lépésnél egy robot javasol", "a bot suggests a move each turn"),
    "lines": ("soronként, teljes képernyő nélkül (például képernyőolvasóhoz)",
              "line by line, without the full screen (for a screen reader, say)"),
    "replay": ("Egy lejátszott játszma visszajátszása: előre, vissza, ugrás.",
               "Step through a recorded game: forward, back, jump."),
    "file": ("mentett játék vagy játszmarekord (JSON)", "a saved game or a game record (JSON)"),
    "rseat": ("ennek a helynek a látása (alapból néző)", "show what this seat saw (default: spectator)"),
    "step": ("lépésenként, parancsokkal (Enter, b, szám, a, q)",
             "step by step, with commands (Enter, b, number, a, q)"),
    "simulate": ("Sok játszma robotok között: összesítés, és --out mellett játszmánként egy sor.",
                 "Play many games between bots: a summary, and with --out one row per game."),
    "report": ("Korábban írt eredményfájlok összesítése és ábrái.",
               "Summarise results files made earlier, with charts."),
    "n_games": ("a játszmák száma (legalább 1)", "number of games (at least 1)"),
    "sbots": ("helyenként egy robot, vesszővel", "one bot spec per seat, comma separated"),
    "jobs": ("párhuzamos folyamatok", "worker processes"),
    "json": ("eredmény JSON-ként", "print the result as JSON"),
    "bench": ("Sebességmérés: véletlen lépések/s, klónok/s, MCTS iterációk/s, referenciához mérve.",
              "Measure random-playout steps/s, clones/s and MCTS iterations/s per game, against a reference."),
    "bgame": ("a mért játékok (alapból mind)", "games to measure (default: all)"),
    "seconds": ("mérési idő játékonként (mp)", "seconds of measuring per game"),
    "mcts": ("MCTS iterációk/s mérése is", "also measure MCTS iterations/s"),
    "review": ("Egy hely lépéseinek elemzése: mit lépett volna a robot, és mennyibe került az eltérés.",
               "Review a seat's moves: the bot's choice and the loss of each."),
    "rounds": ("felváltott mérési körök (medián és tartomány)", "interleaved rounds (median and range)"),
    "bplayers": ("a mért játékosszámok (alapból mind)", "player counts (default: all)"),
    "arena": ("Robotok egymás ellen: győzelmi arány 95%-os intervallummal, értékszám, pontok.",
              "Bots against bots: win rates with 95% intervals, ratings, scores."),
}

#: the arena command's options in Hungarian (its English help is written beside its options)
ARENA_HU = {
    "game": "a játék: pax | pocketciv | caboose",
    "bots": "robotok vesszővel (random, greedy, mcts, mcts:hard, mcts:iters=500)",
    "games": "játszmák száma (pasziánszban robotonként és szintenként)",
    "players": "a játékosok száma (alapból robotonként egy hely)",
    "jobs": "párhuzamos folyamatok",
    "seed": "a véletlen mag",
    "json_out": "az eredmény JSON-ként",
    "csv_out": "robotonként egy sor ebbe a CSV fájlba",
    "level": "PAX pasziánsz szint (alapból mind)",
    "option": "játékbeállítás kulcs=érték",
    "lang": "a szöveg nyelve: hu | en",
    "record": "minden befejezett játszma ebbe a fájlba (JSON soronként); ugyanezzel a fájllal újraindítva ott "
              "folytatja, ahol abbamaradt, vagy újabb játszmákat tesz hozzá",
}

#: the lesson command's options in Hungarian
LEARN_HU = {
    "game": "a játék: pax | pocketciv | caboose",
    "lang": "a szöveg nyelve: hu | en",
}


#: the research commands' options in Hungarian
SIMULATE_HU = {
    "game": "a játék: pax | pocketciv | caboose",
    "n_games": "a játszmák száma (legalább 1)",
    "players": "a játékosok száma",
    "bots": "helyenként egy robot, vesszővel",
    "seed": "a sorozat magja, 0-536870911: két különböző mag nem ad közös játszmát",
    "jobs": "párhuzamos folyamatok (helyben) vagy egy új helyi Ray processzorai",
    "option": "játékbeállítás kulcs=érték",
    "out": "játszmánként egy sor ide: FÁJL.parquet vagy FÁJL.csv",
    "plot": "PNG ábrák ebbe a mappába",
    "resume": "a --out fájlban (vagy .parts mappájában) már meglévő játszmák megtartása",
    "backend": "local (folyamatkészlet) | ray",
    "address": "Ray fürt: auto vagy ray://gép:port",
    "as_json": "összesítés JSON-ként",
    "lang": "a szöveg nyelve: hu | en",
}
REPORT_HU = {
    "files": "a simulate --out által írt eredményfájlok (.parquet vagy .csv)",
    "plot": "PNG ábrák ebbe a mappába",
    "as_json": "eredmény JSON-ként",
    "lang": "a szöveg nyelve: hu | en",
}


def localized(func: Callable[..., object], helps: dict[str, str] | None, lang: str) -> Callable[..., object]:
    """``func`` as a command whose options' help is ``helps`` (None: its own) and whose
    ``--lang`` is ``lang`` unless given (Typer reads the signature)."""
    sig = inspect.signature(func)
    params = []
    for p in sig.parameters.values():
        default = p.default
        if helps and p.name in helps and hasattr(default, "help"):
            default = copy.copy(default)
            default.help = helps[p.name]
        if p.name == "lang" and hasattr(default, "default"):
            default = copy.copy(default)
            default.default = lang
        params.append(p.replace(default=default))

    @functools.wraps(func)
    def command(*args: object, **kwargs: object) -> object:
        return func(*args, **kwargs)
    vars(command)["__signature__"] = sig.replace(parameters=params)  # what ``inspect.signature`` reads
    return command


def lang_after_command(argv: list[str], takes_lang: set[str]) -> list[str]:
    """``argv`` with a ``--lang`` given before the command moved after it (``asztal --lang en
    play pax``), or dropped where the command has none (``menu`` asks; ``--help`` alone reads
    it through :func:`help_lang`)."""
    args, lang, i = [], None, 0
    while i < len(argv) and argv[i].startswith("-"):
        if argv[i] == "--lang" and i + 1 < len(argv):
            lang, i = argv[i + 1], i + 2
            continue
        if argv[i].startswith("--lang="):
            lang, i = argv[i][7:], i + 1
            continue
        args.append(argv[i])
        i += 1
    rest = argv[i:]
    if lang is None or not rest:
        return args + rest
    command, after = rest[0], rest[1:]
    given = any(a == "--lang" or a.startswith("--lang=") for a in after)
    if command in takes_lang and not given:
        return [*args, command, "--lang", lang, *after]
    return [*args, command, *after]


def parse_seats(text: str | None, players: int, lang: str) -> list[int]:
    """"1,3" → [0, 2], each checked against the table."""
    from asztal.cli.errors import Told
    from asztal.cli.text import t

    if not text:
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise Told(t("bad_seat", lang, n=players, seat=part))
        seats.append(int(part) - 1)
    return sorted(set(seats))


def build_app(lang: str) -> typer.Typer:
    """The command line with its help in ``lang``."""
    serve_lang = lang

    def h(key: str) -> str:
        return HELP[key][0 if lang == "hu" else 1]

    from asztal.cli.click_hu import install

    install(lang)  # Click's own words ("Usage:", its errors) in the help's language

    app = typer.Typer(add_completion=False, no_args_is_help=True, help=h("app"),
                      rich_markup_mode=None)  # plain help: fast start-up
    hu = lang == "hu"
    app.command("arena", help=h("arena"))(localized(arena, ARENA_HU if hu else None, lang))
    app.command("review", help=h("review"))(localized(review, REVIEW_HU if hu else None, lang))
    app.command("simulate", help=h("simulate"))(localized(simulate, SIMULATE_HU if hu else None, lang))
    app.command("report", help=h("report"))(localized(report, REPORT_HU if hu else None, lang))
    app.command("learn", help=LEARN_HELP[0 if hu else 1])(localized(learn, LEARN_HU if hu else None, lang))
    app.add_typer(admin_commands(lang), name="admin")  # the operator's role, on the command line only
    backup = backup_command(lang)
    app.command("backup", help=backup.__doc__)(backup)
    lang_opt = typer.Option(lang, "--lang", help=h("lang"))

    @app.command("games", help=h("games"))
    def list_games(lang: str = lang_opt) -> None:
        from rich.table import Table

        from asztal import games
        from asztal.cli.text import t
        from asztal.engine.i18n import check_lang

        check_lang(lang)
        console = _console()
        table = Table(title=t("games.title", lang))
        for col in ("games.name", "games.title_col", "games.players"):
            table.add_column(t(col, lang))
        for name in games.names():
            g = games.load(name)
            count = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
            table.add_row(name, g.title.get(lang, name), count)
        console.print(table)

    @app.command(help=h("menu"))
    def menu() -> None:
        from asztal.cli.menu import run_menu

        run_menu()

    @app.command(help=h("play"))
    def play(
        game: str | None = typer.Argument(None, help=h("game")),
        players: int | None = typer.Option(None, "--players", "-p", help=h("players")),
        seat: int = typer.Option(1, "--seat", help=h("seat")),
        humans: str | None = typer.Option(None, "--humans", help=h("humans")),
        bots: str = typer.Option("normal", "--bots", help=h("bots")),
        seed: int | None = typer.Option(None, "--seed", help=h("seed")),
        lang: str = lang_opt,
        option: list[str] = typer.Option([], "--option", "-o", help=h("option")),
        save: Path | None = typer.Option(None, "--save", help=h("save")),
        load: Path | None = typer.Option(None, "--load", help=h("load")),
        cont: bool = typer.Option(False, "--continue", help=h("continue")),
        hint: bool = typer.Option(False, "--hint", help=h("hint")),
        lines: bool = typer.Option(False, "--lines", help=h("lines")),
    ) -> None:
        import secrets

        from asztal import games
        from asztal.cli.errors import Told
        from asztal.cli.files import autosave_path, last_game_path, load_game_file, parse_options
        from asztal.cli.play import TerminalGame
        from asztal.cli.text import t
        from asztal.engine import BadRecord
        from asztal.engine.i18n import check_lang
        from asztal.sim.runner import seat_bots

        check_lang(lang)
        console = _console()
        if cont:
            load = last_game_path(lang)
        if load is not None:
            state, meta = load_game_file(load)
            if not state.is_over and not (isinstance(state.to_move, int) and 0 <= state.to_move < state.players):
                raise BadRecord(f"corrupt saved game: seat {state.to_move!r} cannot be to move")
            human_seats = meta.get("humans") or [meta.get("human", seat - 1)]
            specs = meta.get("bots") or seat_bots(bots.split(","), state.players)
            save = save or load
            seed = state.seed
        else:
            if game is None:
                raise Told(t("no_game", lang))
            g = games.load(game)
            n = players if players is not None else _ask_players(g, lang, not lines)
            if seed is None:
                seed = secrets.randbelow(2**31)
            state = g.new_game(n, seed=seed, options=parse_options(option))
            human_seats = parse_seats(humans, state.players, lang) if humans else [seat - 1]
            others = iter(seat_bots(bots.split(","), state.players))  # the bots in seat order, humans skipped
            specs = ["human" if i in human_seats else next(others) for i in range(state.players)]
        for s in human_seats:
            if not isinstance(s, int) or not 0 <= s < state.players:
                raise Told(t("bad_seat", lang, n=state.players, seat=s + 1 if isinstance(s, int) else s))
        autosave = save is not None
        path = save or autosave_path(state.game.name, seed)
        game_ = TerminalGame(state, set(human_seats), specs, lang, path, hint, seed, console, autosave=autosave)
        if load is None:  # once the table is set (a bad bot is said alone)
            console.print(f"[dim]{t('seed', lang, seed=seed)}[/]")
        final = game_.run(input if lines else None)
        _offer_next_level(final, game_, lang)

    def _ask_players(g: Game, lang: str, may_ask: bool) -> int:
        """No ``--players``: a person at a terminal is asked (Enter: the usual table); a script
        gets the usual table, and is told so."""
        from asztal.cli.menu import usual_players
        from asztal.cli.play import interactive
        from asztal.cli.text import t

        usual = usual_players(g)
        if g.min_players == g.max_players:
            return usual
        if may_ask and interactive():
            while True:
                try:
                    answer = input(t("ask_players", lang, lo=g.min_players, hi=g.max_players, n=usual) + " ").strip()
                except EOFError:
                    answer = ""
                if not answer:
                    return usual
                if answer.isdigit() and g.min_players <= int(answer) <= g.max_players:
                    return int(answer)
                _console().print(t("bad_players", lang, what=answer[:20], lo=g.min_players, hi=g.max_players),
                                 highlight=False)
        _console().print(t("usual_players", lang, n=usual), highlight=False)
        return usual

    def _offer_next_level(final: GameState, game_: TerminalGame, lang: str) -> None:
        """PAX solitaire: after a level is beaten, offer the next one."""
        import secrets

        from asztal.cli.files import autosave_path
        from asztal.cli.play import TerminalGame
        from asztal.cli.text import t

        console = _console()
        while final.is_over and final.outcome().get("level_beaten") and final.options.get("level", 0) < 5:
            level = final.options["level"]
            try:
                answer = input(t("next_level", lang, level=level, next=level + 1) + " ").strip().lower()
            except EOFError:
                return
            if answer not in ("i", "igen", "y", "yes"):
                return
            seed = secrets.randbelow(2**31)
            state = final.game.new_game(1, seed=seed, options={**final.options, "level": level + 1})
            console.print(f"[dim]{t('seed', lang, seed=seed)}[/]")
            nxt = TerminalGame(state, {0}, ["human"], lang, autosave_path(state.game.name, seed), game_.hint,
                               seed, console, autosave=game_.autosave)
            final = nxt.run()

    @app.command(help=h("replay"))
    def replay(
        file: Path = typer.Argument(..., help=h("file")),
        seat: int | None = typer.Option(None, "--seat", help=h("rseat")),
        lang: str = lang_opt,
        step: bool = typer.Option(False, "--step", help=h("step")),
    ) -> None:
        from asztal.cli.errors import Told
        from asztal.cli.files import load_game_file
        from asztal.cli.show import seat_names, view_renderable
        from asztal.cli.text import t
        from asztal.engine.i18n import check_lang

        check_lang(lang)
        console = _console()
        final, meta = load_game_file(file)
        if seat is not None and not 1 <= seat <= final.players:
            raise Told(t("bad_seat", lang, n=final.players, seat=seat))
        viewer = None if seat is None else seat - 1
        states = _replay_states(final)
        controllers = meta.get("bots") or []
        humans = set(meta.get("humans") or [])
        names = seat_names(final.players, controllers, humans, lang)
        total = len(states) - 1
        if not step:
            for i in range(total + 1):
                _show_step(states, i, total, viewer, lang, names, board=i == total)
            return
        i = 0
        _show_step(states, i, total, viewer, lang, names)
        while True:
            try:
                answer = input(t("replay.prompt", lang, n=total) + " ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            if answer == "a":
                if not final.is_over:
                    console.print(t("replay.all_hands_unfinished", lang))
                    continue
                for s in range(final.players):
                    console.rule(t("replay.hand_of", lang, who=names[s]))
                    console.print(view_renderable(states[-1], s, lang))
                continue
            if answer == "b":
                i = max(0, i - 1)
            elif answer.isdigit():
                i = min(total, int(answer))
            elif answer in ("", "n"):
                if i == total:
                    return
                i += 1
            else:
                if not final.is_over:  # a code could tell another seat's hidden choice: finished games only
                    console.print(t("replay.code_unfinished", lang), highlight=False)
                    continue
                found = _find_code(final.record["actions"], answer, i)
                if found is None:
                    console.print(t("replay.bad", lang, what=answer[:40], n=total), highlight=False)
                    continue
                i = found
                console.print(t("replay.found", lang, n=found), highlight=False)
            _show_step(states, i, total, viewer, lang, names)

    def _find_code(codes: list[str], answer: str, after: int) -> int | None:
        """The move number (1-based: the position after it) of the next move whose code is
        ``answer`` after move ``after``, else the first such move; None when no move has it."""
        hits = [k + 1 for k, code in enumerate(codes) if code.lower() == answer]
        later = [k for k in hits if k > after]
        return (later or hits)[0] if hits else None

    def _replay_states(final: GameState) -> list[GameState]:
        record = final.record
        g = final.game
        state = g.new_game(record["players"], seed=record["seed"], options=record["options"])
        if record.get("start") is not None:
            g._load_position(state, record["start"])
        states = [state.clone()]
        for code in record["actions"]:
            state.apply(code)
            states.append(state.clone())
        return states

    def _show_step(states: list[GameState], i: int, total: int, viewer: int | None, lang: str, names: list[str],
                   board: bool = True) -> None:
        from asztal.cli.show import print_log, print_outcome, view_renderable
        from asztal.cli.text import t

        console = _console()
        state = states[i]
        since = 0 if i == 0 else len(states[i - 1].log or [])
        if not board and len(state.log or []) == since:
            return  # reading straight through: a move that told nothing gets no heading
        if i == 0:
            console.rule(t("replay.start", lang))
        else:
            who = states[i - 1].to_move
            console.rule(t("replay.step", lang, n=i, total=total, who=names[who] if who is not None else "-"))
        print_log(console, state, since, lang, viewer)
        if board:
            console.print(view_renderable(state, viewer, lang))
        if board and state.is_over:
            print_outcome(console, state, lang, names, viewer)

    @app.command(help=h("bench"))
    def bench(
        game: list[str] | None = typer.Argument(None, help=h("bgame")),
        seconds: float = typer.Option(2.0, "--seconds", help=h("seconds")),
        rounds: int = typer.Option(5, "--rounds", min=1, help=h("rounds")),
        players: list[int] | None = typer.Option(None, "--players", help=h("bplayers")),
        mcts: bool = typer.Option(True, "--mcts/--no-mcts", help=h("mcts")),
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        lang: str = lang_opt,
    ) -> None:
        import json

        from rich.table import Table

        from asztal import games
        from asztal.cli.text import t
        from asztal.engine.i18n import check_lang, number, percent
        from asztal.sim.bench import bench as run_bench

        check_lang(lang)
        console = _console()
        names = game or games.names()
        for name in names:
            games.load(name)
        result = run_bench(names, seconds, mcts=mcts, rounds=rounds, players=players or None)
        if as_json:
            print(json.dumps(result))
            return
        ref = result["reference"]

        def ratio(d: dict[str, float]) -> str:
            return f"{number(d['median'], lang, 2)} ({number(d['min'], lang, 2)}-{number(d['max'], lang, 2)})"

        table = Table(title=t("bench.title", lang))
        for col in ("bench.game", "games.players", "bench.decisions", "bench.ratio", "bench.forced",
                    "bench.games", "bench.clones", "bench.ratio", "bench.mcts"):
            table.add_column(t(col, lang), justify="right")
        for row in result["games"]:
            table.add_row(row["game"], str(row["players"]), number(round(row["decisions_per_s"]["median"]), lang),
                          ratio(row["decisions_ratio"]) if ref else "-", percent(row["forced_share"], lang),
                          number(row["games_per_s"]["median"], lang, 1),
                          number(round(row["clones_per_s"]["median"]), lang),
                          ratio(row["clones_ratio"]) if ref else "-",
                          number(round(row["mcts_iters_per_s"]["median"]), lang)
                          if "mcts_iters_per_s" in row else "-")
        console.width = max(console.width, 120)
        console.print(table)
        if ref:
            console.print(t("bench.reference", lang, name=ref["name"],
                            rate=number(round(ref["decisions_per_s"]["median"]), lang),
                            forced=percent(ref["forced_share"], lang),
                            clones=number(round(ref["clones_per_s"]["median"]), lang)))
        else:
            console.print(t("bench.no_reference", lang))
        console.print(t("bench.method", lang, rounds=rounds))
        build = {"compiled": "bench.build.compiled", "pure": "bench.build.pure"}.get(
            result["build"]["build"], "bench.build.stale")
        console.print(t("bench.build", lang, build=t(build, lang), module=result["build"]["engine"]))

    @app.command(help=h("serve"))
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help=h("host")),
        port: int = typer.Option(8000, "--port", help=h("port")),
        db: str | None = typer.Option(None, "--db", help=h("db")),
        packs: Path | None = typer.Option(None, "--packs", help=h("packs")),
        bot_time: float = typer.Option(2.0, "--bot-time", help=h("bot_time")),
        proxy: list[str] = typer.Option([], "--proxy", metavar="ADDR", help=h("proxy")),
        smtp: str | None = typer.Option(None, "--smtp", metavar="HOST:PORT", help=h("smtp")),
        public_url: str | None = typer.Option(None, "--public-url", metavar="URL", help=h("public_url")),
        workers: int = typer.Option(1, "--workers", min=1, max=64, help=h("instances")),
        json_logs: bool = typer.Option(False, "--json-logs", help=h("json_logs")),
    ) -> None:
        from asztal.cli.errors import Told
        from asztal.cli.text import t
        from asztal.server.app import Settings, default_db_url, run
        from asztal.server.logs import wanted as logs_wanted
        from asztal.server.mail import MailSettings

        console = _console()
        mail = MailSettings()
        if smtp:
            mail.smtp = smtp
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        mail.public_url = public_url or os.environ.get("ASZTAL_PUBLIC_URL") or f"http://{shown}:{port}"
        settings = Settings(db_url=db or default_db_url(), pack_dir=packs, bot_time=bot_time, proxies=tuple(proxy),
                            mail=mail, instances=workers, json_logs=json_logs or logs_wanted())
        if workers > 1 and not settings.db_url.startswith("postgresql"):
            raise Told(t("serve.workers_pg", serve_lang))
        where = settings.db_url.split("@")[-1]

        def announce() -> None:
            """The address, once the server answers (a link that works), and who can reach it."""
            shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
            console.print(f"asztal: http://{shown}:{port}/  ({where})", highlight=False)
            local = host in ("127.0.0.1", "localhost", "::1")
            console.print(t("serve.local" if local else "serve.network", serve_lang, port=port), highlight=False)

        run(settings, host, port, on_started=announce)

    return app


app = build_app(help_lang())


#: the commands that take ``--lang`` (where one given before the command goes)
TAKES_LANG = {"arena", "review", "simulate", "report", "learn", "games", "play", "replay", "bench"}


def main() -> None:
    """Run the app; a user's mistake (bad file, game, action, option) is one line in the
    reader's language, exit code 2."""
    try:
        app(args=lang_after_command(sys.argv[1:], TAKES_LANG))
    except KeyboardInterrupt:  # a game in play saves itself first (TerminalGame.run)
        _stderr().print(f"\n[dim]{_word('interrupted')}[/]")
        raise SystemExit(130) from None
    except (ValueError, OSError) as e:
        from asztal.cli.errors import error_words  # only now: --help loads no engine

        _stderr().print(f"[red]{_word('error')}:[/] {error_words(e, help_lang())}", highlight=False)
        raise SystemExit(2) from None


def _stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True)


def _word(key: str) -> str:
    from asztal.cli.text import t

    return t(key, help_lang())
