"""``asztal``: the command-line entry point (Typer). Each command is a thin layer over the
engine, the bots and the simulator; errors a user can cause print one line, not a traceback.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import typer

from asztal import games
from asztal.cli.arena import arena
from asztal.cli.files import load_game_file, parse_options
from asztal.cli.show import print_log, print_outcome, seat_name, view_renderable
from asztal.cli.text import t
from asztal.engine.i18n import check_lang

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,  # plain help: fast start-up
                  help="asztal: PAX, Civilizációk Hajnala, Cleopatra vasúti kocsija — play, replay, simulate.")


@cache
def console():
    """The terminal (Rich), made on first use: ``asztal --help`` need not import Rich."""
    from rich.console import Console

    return Console()


app.command("arena", help="Bots against bots: win rates with 95% intervals, ratings, scores.")(arena)

LangOpt = typer.Option("hu", "--lang", help="hu | en")


@app.command("games")
def list_games(lang: str = LangOpt) -> None:
    """List the games asztal plays."""
    check_lang(lang)
    from rich.table import Table

    table = Table(title=t("games.title", lang))
    for col in ("games.name", "games.title_col", "games.players"):
        table.add_column(t(col, lang))
    for name in games.names():
        g = games.load(name)
        table.add_row(name, g.title.get(lang, name), f"{g.min_players}-{g.max_players}")
    console().print(table)


@app.command()
def menu() -> None:
    """Choose a game and play it (what `make run` starts)."""
    from asztal.cli.menu import run_menu

    run_menu()


@app.command()
def play(
    game: str | None = typer.Argument(None, help="pax | pocketciv | caboose"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    seat: int = typer.Option(1, "--seat", help="your seat, counted from 1"),
    bots: str = typer.Option("random", "--bots", help="bots for the other seats, comma separated"),
    seed: int = typer.Option(0, "--seed"),
    lang: str = LangOpt,
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value (level=3, pack=FILE)"),
    save: Path | None = typer.Option(None, "--save", help="save the game to this file"),
    load: Path | None = typer.Option(None, "--load", help="resume a saved game"),
    hint: bool = typer.Option(False, "--hint", help="a bot suggests a move each turn"),
) -> None:
    """Play in the terminal against bots."""
    from asztal.cli.play import TerminalGame
    from asztal.sim.runner import seat_bots

    check_lang(lang)
    if load is not None:
        state, meta = load_game_file(load)
        human = int(meta.get("human", seat - 1))
        specs = meta.get("bots") or seat_bots(bots.split(","), state.players)
        save = save or load
    else:
        if game is None:
            raise ValueError("name a game (asztal games lists them) or --load a saved one")
        g = games.load(game)
        state = g.new_game(players or g.min_players, seed=seed, options=parse_options(option))
        human = seat - 1
        others = seat_bots(bots.split(","), state.players - 1)
        specs = [others[i - (i > human)] if i != human else "human" for i in range(state.players)]
    if not 0 <= human < state.players:
        raise ValueError(f"seat must be between 1 and {state.players}")
    TerminalGame(state, human, specs, lang, save, hint, seed).run()


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a saved game or a game record (JSON)"),
    seat: int | None = typer.Option(None, "--seat", help="show what this seat saw (default: spectator)"),
    lang: str = LangOpt,
    step: bool = typer.Option(False, "--step", help="wait for Enter after each action"),
) -> None:
    """Step through a recorded game."""
    check_lang(lang)
    final, _ = load_game_file(file)
    record = final.record
    g = final.game
    state = g.new_game(record["players"], seed=record["seed"], options=record["options"])
    if record.get("start") is not None:
        g._load_position(state, record["start"])
    viewer = None if seat is None else seat - 1
    names = [seat_name(s, set(), [], lang) for s in range(state.players)]
    shown = 0
    for n, code in enumerate(record["actions"], 1):
        who = names[state.to_move]
        action = g.parse_action(state, code)
        state.apply(action)
        console().print(t("replay.step", lang, n=n, who=who, action=action.label(lang)))
        shown = print_log(console(), state, shown, lang)
        if step:
            console().print(view_renderable(state, viewer, lang))
            if input(t("replay.prompt", lang) + " ").strip() == "q":
                return
    console().print(view_renderable(state, viewer, lang))
    if state.is_over:
        print_outcome(console(), state, lang, names)


@app.command()
def simulate(
    game: str = typer.Argument(...),
    n_games: int = typer.Option(100, "--games", "-n"),
    players: int | None = typer.Option(None, "--players", "-p"),
    bots: str = typer.Option("random", "--bots", help="one bot spec per seat, comma separated"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes"),
    option: list[str] = typer.Option([], "--option", "-o"),
    as_json: bool = typer.Option(False, "--json"),
    lang: str = LangOpt,
) -> None:
    """Play many games between bots and summarise them."""
    from asztal.sim.runner import Summary, run_games, seat_bots

    check_lang(lang)
    g = games.load(game)
    players = players or g.min_players
    options = parse_options(option)
    g.new_game(players, seed=seed, options=options)  # refuse bad options before starting workers
    specs = seat_bots(bots.split(","), players)
    summary = Summary(players)
    from rich.progress import Progress  # here, so that start-up does not import it

    with Progress(console=console(), transient=True, disable=as_json) as progress:
        task = progress.add_task(g.title.get(lang, game), total=n_games)
        for result in run_games(game, players, specs, n_games, seed, options, jobs):
            summary.add(result)
            progress.advance(task)
    data = summary.as_dict()
    if as_json:
        print(json.dumps({"game": game, "players": players, "bots": specs, **data}))
        return
    from rich.table import Table

    table = Table(title=t("sim.title", lang, game=game, games=n_games, players=players))
    for col in ("sim.seat", "sim.bot", "sim.wins", "sim.win_rate", "sim.mean", "sim.median"):
        table.add_column(t(col, lang), justify="right")
    for row in data["seats"]:
        table.add_row(str(row["seat"] + 1), specs[row["seat"]], f"{row['wins']:g}", f"{row['win_rate']:.1%}",
                      f"{row['mean_score']:.2f}", f"{row['median_score']:g}")
    console().print(table)
    console().print(t("sim.length", lang, **data["length"]))


@app.command()
def bench(
    game: list[str] | None = typer.Argument(None, help="games to measure (default: all)"),
    seconds: float = typer.Option(2.0, "--seconds", help="time per workload, over all rounds"),
    rounds: int = typer.Option(5, "--rounds", min=1, help="interleaved rounds (median and range)"),
    players: list[int] | None = typer.Option(None, "--players", help="player counts (default: all)"),
    mcts: bool = typer.Option(True, "--mcts/--no-mcts", help="also measure MCTS iterations/s"),
    as_json: bool = typer.Option(False, "--json"),
    lang: str = LangOpt,
) -> None:
    """Decisions/s (strict: two or more legal actions), clones/s and MCTS iterations/s per game,
    as ratios to OpenSpiel backgammon measured in the same run, interleaved."""
    from asztal.sim.bench import bench as run_bench

    check_lang(lang)
    names = game or games.names()
    for name in names:
        games.load(name)
    result = run_bench(names, seconds, mcts=mcts, rounds=rounds, players=players or None)
    if as_json:
        print(json.dumps(result))
        return
    ref = result["reference"]

    def ratio(d: dict) -> str:
        return f"{d['median']:.2f} ({d['min']:.2f}-{d['max']:.2f})"

    from rich.table import Table

    table = Table(title=t("bench.title", lang))
    for col in ("bench.game", "games.players", "bench.decisions", "bench.ratio", "bench.forced",
                "bench.games", "bench.clones", "bench.ratio", "bench.mcts"):
        table.add_column(t(col, lang), justify="right")
    for row in result["games"]:
        table.add_row(row["game"], str(row["players"]), f"{row['decisions_per_s']['median']:,.0f}",
                      ratio(row["decisions_ratio"]) if ref else "-", f"{row['forced_share']:.1%}",
                      f"{row['games_per_s']['median']:,.1f}", f"{row['clones_per_s']['median']:,.0f}",
                      ratio(row["clones_ratio"]) if ref else "-",
                      f"{row['mcts_iters_per_s']['median']:,.0f}" if "mcts_iters_per_s" in row else "-")
    console().width = max(console().width, 120)
    console().print(table)
    if ref:
        console().print(t("bench.reference", lang, name=ref["name"], rate=ref["decisions_per_s"]["median"],
                        forced=ref["forced_share"], clones=ref["clones_per_s"]["median"]))
    else:
        console().print(t("bench.no_reference", lang))
    console().print(t("bench.method", lang, rounds=rounds))


def main() -> None:
    """Run the app; a user's mistake (bad file, game, action, option) is one line, exit code 2."""
    try:
        app()
    except (ValueError, OSError) as e:
        from rich.console import Console

        Console(stderr=True).print(f"[red]hiba / error:[/] {e}")
        raise SystemExit(2) from None
