"""Issue 33's end of a two-player PocketCiv game on the full screen (Textual's pilot at 120×40):
a game against the bot ``asztal play`` gives when not told (``normal``), played by typing the
numbers of the listed options to its end, and the end screen's sentence read off the screen:
who fell, when and why, and who won by which rule, as the game's outcome says.

To end quickly the player lets their Empire fall: the three starting tribes go to an area that
feeds no tribe (no forest, mountain, volcano or farm: support 0, PC-UPK-TRIBE-01), nobody
moves, and the first tribe upkeep (or an event before it) takes them all
(PC-R-MP-WIPEOUT-LOSES). The seed's map has such an area (the test checks it)."""

from __future__ import annotations

import asyncio
import inspect

from rich.console import Console

from asztal import games
from asztal.cli.app import build_app
from asztal.cli.play import TerminalGame
from asztal.cli.screen.app import GameApp
from asztal.engine.i18n import with_article
from asztal.games.pocketciv.messages import EVENT_NAMES
from asztal.games.pocketciv.result_words import STEP_CAUSES
from asztal.sim.runner import seat_bots
from tests.cli.test_screen import SHOTS, screen_lines, settle, shown
from tests.pocketciv.falling import FEEDS, choose

SEED = 4
#: the seats as the sentences name them (``seat_names``), with the article Hungarian puts first
NAMES = ("Az 1. játékos (te)", "A 2. játékos (normál robot)")


def default_bots() -> str:
    """The ``--bots`` of ``asztal play`` when none is given."""
    play = next(c for c in build_app("hu").registered_commands if (c.name or c.callback.__name__) == "play")
    return inspect.signature(play.callback).parameters["bots"].default.default


def expected(outcome: dict) -> str:
    """The end sentence, put together here from the outcome's facts."""
    fallen, f = outcome["fallen"], outcome["fallen"][0]
    cause = with_article((EVENT_NAMES.get(f["cause"]) or STEP_CAUSES[f["cause"]])[0])
    when = f"{with_article(str(f['round']) + '.')} fordulóban, {with_article(str(f['era']) + '.')} korszakban"
    if len(fallen) == 2:
        assert outcome["winners"] == [] and outcome["won_by"] is None, outcome
        return (f"Az 1. játékos (te) és a 2. játékos (normál robot) Birodalma egyszerre pusztult el {when}: {cause} "
                "után egyiküknek sem maradt sem városa, sem törzse. Senki sem nyert: minden Birodalom elpusztult.")
    assert outcome["won_by"] == "last_standing" and outcome["winners"] == [1 - f["seat"]], outcome
    return (f"{NAMES[f['seat']]} Birodalma elpusztult {when}: {cause} után nem maradt sem városa, sem törzse. "
            f"{NAMES[1 - f['seat']]} nyert: az ő Birodalma maradt talpon utoljára.")


def test_a_fallen_empire_at_120x40_against_the_default_bot():
    bots = default_bots()
    assert bots == "normal"  # issue 33: the default bot of `play`, the menu and the lobby
    state = games.load("pocketciv").new_game(2, seed=SEED)
    barren = [a["id"] for a in state.view(0)["areas"] if not any(a[k] for k in FEEDS)]
    assert barren, "the seed's map has no area that feeds no tribe: choose another seed"
    others = iter(seat_bots(bots.split(","), 2))
    specs = ["human" if s == 0 else next(others) for s in range(2)]  # as `play` seats them
    game = TerminalGame(state, {0}, specs, "hu", None, False, SEED, Console(file=open("/dev/null", "w")))

    async def run() -> tuple[str, int]:
        app = GameApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            chosen = 0
            while True:
                await settle(app, pilot)
                if app.waiting == "over":
                    break
                assert chosen < 200, "no end after 200 choices"
                codes = [acts[0].code for _, acts in app.entries]
                await pilot.press(*str(codes.index(choose(codes, barren[0])) + 1), "enter")
                chosen += 1
            SHOTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot("pocketciv-2p-fallen-120x40.svg", str(SHOTS))
            (SHOTS / "pocketciv-2p-fallen-120x40.txt").write_text("\n".join(screen_lines(app)) + "\n")
            return shown(app, "#board-pane"), chosen

    board, chosen = asyncio.run(run())
    assert chosen >= 3  # the three starting tribes at least
    outcome = game.state.outcome()
    assert outcome["fallen"][0]["seat"] == 0, outcome  # the Empire left to fall is the one that fell
    assert expected(outcome) in board, (expected(outcome), board)
    if outcome["winners"]:
        assert "Győztes: 2. játékos (normál robot)" in board, board
