"""The full-screen game (Textual), driven headless by its pilot at 120×40 and 80×24.

At every decision of a seeded game of each kind, the board, the hand, what is being
decided with its options, and the newest log line must be on the screen. Hot-seat: after
the pass screen nothing of the previous hand is on the screen or held by any pane.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Input, Static

from asztal import games
from asztal.cli.play import TerminalGame
from asztal.cli.screen.app import GameApp
from asztal.cli.screen.panes import panes
from asztal.cli.show import log_lines, option_entries

SIZES = [(120, 40), (80, 24)]
#: every game at every table it is played at, with a seed whose first decisions are long lists
GAMES = [("pax", 1, 3), ("pax", 2, 3), ("pax", 3, 3), ("pax", 4, 3), ("pocketciv", 1, 3), ("pocketciv", 2, 3),
         ("pocketciv", 3, 3), ("pocketciv", 4, 3), ("caboose", 3, 3), ("caboose", 4, 6), ("caboose", 5, 3)]
SHOTS = Path(__file__).parents[2] / "build" / "screenshots"


def make_game(name: str, players: int, seed: int, humans=frozenset({0}), lang: str = "hu") -> TerminalGame:
    state = games.load(name).new_game(players, seed=seed)
    specs = ["human" if s in humans else "random" for s in range(players)]
    return TerminalGame(state, set(humans), specs, lang, None, False, seed, Console(file=open("/dev/null", "w")))


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def shown(app, selector: str) -> str:
    """The text inside a widget's region as it is on screen, its rows joined, spaces collapsed."""
    region = app.query_one(selector).content_region
    rows = screen_lines(app)[region.y:region.y + region.height]
    return squash(" ".join(row[region.x:region.x + region.width] for row in rows))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def first_line(renderable, width: int) -> str:
    console = Console(width=width, file=open("/dev/null", "w"), record=True)
    console.print(renderable)
    return next(line for line in console.export_text().splitlines() if line.strip())


async def settle(app, pilot) -> None:
    """Until the app waits for a person (a move, the pass screen, the end) and has drawn it."""
    deadline = asyncio.get_running_loop().time() + 120  # generous: a loaded machine is slow, not wrong
    while asyncio.get_running_loop().time() < deadline:
        await app.workers.wait_for_complete()
        await pilot.pause()
        if app.waiting in ("move", "pass", "over"):
            await pilot.pause()  # one more refresh: the panes and the log's anchor settle
            return
    raise AssertionError(f"the app never came to a decision (waiting: {app.waiting})")


def check_decision(app) -> None:
    g = app.game
    state, seat, lang = g.state, g.human, g.lang
    p = panes(state, seat, lang)
    board_top = squash(first_line(p.board, app.query_one("#board").content_region.width))[:20]
    assert board_top in shown(app, "#board-pane"), board_top
    hand = p.hand
    if hand is not None:
        top = squash(first_line(hand, app.query_one("#hand").content_region.width))[:14]
        assert top in shown(app, "#hand-pane"), (top, shown(app, "#hand-pane"))
    decide = shown(app, "#decide")
    assert squash(state.game.describe_decision(state.decision(), lang))[:20] in decide
    first_option = option_entries(state, seat, state.legal_actions(), lang)[0][0]
    assert squash(first_option)[:14] in decide, (first_option, decide)
    lines = log_lines(state, 0, lang, seat)
    if lines:
        assert squash(lines[-1])[:14] in shown(app, "#log"), (lines[-1], shown(app, "#log"))


#: refreshes a check waits at most for the screen to settle after a typed number
MAX_REFRESHES = 10


def decide_rows(app) -> list[str]:
    region = app.query_one("#decide").content_region
    return [row[region.x:region.right] for row in screen_lines(app)[region.y:region.bottom]]


async def check_every_option_reachable(app, pilot) -> None:
    """Each option's number, typed, brings that option (its number and label) onto the screen;
    the count of what is out of sight is on screen whenever something is."""
    command = app.query_one("#command", Input)
    for number, (label, _) in enumerate(app.entries, 1):
        # the number as the command line holds it once typed (the keys themselves, and Enter,
        # are pressed by ``drive``): a key press costs a test about 0.2 s of waiting for idle
        command.value = str(number)
        wanted = re.compile(rf"(^|\s){number} {re.escape(squash(label)[:10])}")
        # the mark under the list is redrawn after the refresh that follows the scroll
        # (``Options.watch_scroll_y``), so a busy machine may show it a refresh late: wait
        # for the screen to settle, a bounded number of refreshes, then check it
        for _ in range(MAX_REFRESHES):
            await pilot.pause()
            rows = decide_rows(app)  # one drawing of the screen for both checks
            above, below = app.query_one("#options").hidden()
            marked = not (above or below) or ("▼ még" if below else "▲") in " ".join(rows)
            if marked and any(wanted.search(squash(row)) for row in rows):
                break
        assert any(wanted.search(squash(row)) for row in rows), (number, label, rows)
        if above or below:
            assert ("▼ még" if below else "▲") in " ".join(rows), (above, below, rows)
        command.value = ""
    await pilot.pause()


async def drive(name: str, players: int, size: tuple[int, int], decisions: int, seed: int = 3) -> GameApp:
    app = GameApp(make_game(name, players, seed))
    pick = random.Random(seed)
    async with app.run_test(size=size) as pilot:
        for _ in range(decisions):
            await settle(app, pilot)
            if app.waiting == "over":
                break
            check_decision(app)
            await check_every_option_reachable(app, pilot)
            n = len(app.entries)
            await pilot.press(*str(pick.randint(1, n)), "enter")
            if app.group is not None:  # a grouped option: choose its member too
                await pilot.press("1", "enter")
        await settle(app, pilot)
        if size == (120, 40):
            SHOTS.mkdir(parents=True, exist_ok=True)
            stem = f"{name}-{players}p-{size[0]}x{size[1]}"
            app.save_screenshot(f"{stem}.svg", str(SHOTS))
            (SHOTS / f"{stem}.txt").write_text("\n".join(screen_lines(app)) + "\n")
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,players,seed", GAMES, ids=lambda x: str(x))
def test_everything_a_player_needs_is_on_screen_at_every_decision(name, players, seed, size):
    """Issue 37: board, decision, hand and last log line on screen, every option reachable by its number."""
    asyncio.run(drive(name, players, size, decisions=3, seed=seed))


def test_caboose_first_auction_shows_every_bid_and_the_highest_at_120x40():
    """Issue 37: 19 or 20 bids at the first auction of four: the list scrolls inside itself,
    says how many are below, and the cards and the highest bid are on the board above the fold."""
    async def run():
        app = GameApp(make_game("caboose", 4, 6))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            view = app.game.state.view(0)
            assert view["phase"] == "auction" and len(app.entries) >= 17
            board = shown(app, "#board-pane")
            assert f"Legmagasabb licit: {view['auction']['high']}" in board
            assert "Aukciós kártyák" in board and "Városkártyák" in board and "Városok" in board
            assert "▼ még" in " ".join(decide_rows(app))
            await pilot.press(*str(len(app.entries)))
            await pilot.pause()
            assert "▲" in " ".join(decide_rows(app))
    asyncio.run(run())


def illegal_code(state) -> str:
    """A well-formed code of a move that is not legal now (one that becomes legal later)."""
    probe = state.clone()
    legal = {a.code for a in state.legal_actions()}
    for _ in range(40):
        for a in probe.legal_actions():
            if a.code not in legal and state.game.action_for_code(state, a.code) is not None:
                return a.code
        probe.apply(probe.legal_actions()[0])
    raise AssertionError("no illegal code found")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_refused_move_says_why_in_one_language(lang):
    async def run():
        app = GameApp(make_game("pax", 2, 5, lang=lang))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            state = app.game.state
            code = illegal_code(state)
            why = state.game.describe_refusal(state.refusal(state.game.action_for_code(state, code)), lang)
            await pilot.press(*code, "enter")
            await pilot.pause()
            message = shown(app, "#message")
            assert squash(why) in message and " / " not in message
            await pilot.press(*"zzz", "enter")
            await pilot.pause()
            assert ("Nincs ilyen lépés" if lang == "hu" else "No such move") in shown(app, "#message")
    asyncio.run(run())


def static_content(app, selector: str) -> str:
    widget = app.query_one(selector, Static)
    return first_line(widget.content, 200) if str(widget.content) else ""


def test_hot_seat_pass_screen_hides_everything_of_the_previous_hand():
    async def run():
        app = GameApp(make_game("pax", 2, 7, humans={0, 1}))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            assert app.waiting == "pass"  # the first turn too: one hot-seat flow in every game
            await pilot.press("enter")
            await settle(app, pilot)
            from asztal.games.pax.render import card_text

            first = [card_text(c, "hu").plain for c in app.game.state.view(0)["hand"]]
            kept_line = log_lines(app.game.state, 0, "hu", 0)
            while app.waiting == "move" and app.game.human == 0:
                await pilot.press("1", "enter")
                await settle(app, pilot)
            assert app.waiting == "pass"
            private = [line for line in log_lines(app.game.state, 0, "hu", 0)
                       if line not in log_lines(app.game.state, 0, "hu", 1)]
            seen = first + [c["category"] for c in app.game.state.view(0)["hand"]]
            text = "\n".join(screen_lines(app))
            assert "Add át a gépet: 2. játékos" in text
            game_screen = app.screen_stack[0]
            held = [static_content(app, s) for s in ("#board", "#players", "#hand", "#question", "#log-lines")]
            assert not any(held) and not app.log_items and game_screen.query_one("#options").option_count == 0
            for needle in (*first, *private, *kept_line):
                assert needle not in text
            assert seen  # the first player did hold cards
            await pilot.press("enter")
            await settle(app, pilot)
            assert app.game.human == 1
            after = "\n".join(screen_lines(app))
            for line in private:
                assert squash(line)[:30] not in squash(after)
            own = [card_text(c, "hu").plain for c in app.game.state.view(1)["hand"]]
            assert own and squash(own[0]) in shown(app, "#hand-pane")
    asyncio.run(run())


def test_quitting_saves_and_a_finished_game_shows_its_result(tmp_path):
    async def run():
        game = make_game("pocketciv", 1, 4)
        game.save_path = tmp_path / "pc.json"
        app = GameApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("s", "enter")
            await pilot.pause()
            assert "Mentve" in shown(app, "#message") and game.save_path.exists()
            await pilot.press("q", "enter")
            await pilot.pause()
        assert not app.finished
    asyncio.run(run())


class SlowBot:
    """A bot that thinks until the test lets it move (the first legal move), counting its moves."""

    def __init__(self) -> None:
        import threading

        self.go = threading.Event()
        self.moves = 0

    def choose(self, state):
        self.go.wait(10)
        self.moves += 1
        return state.legal_actions()[0]


def test_what_is_typed_while_a_bot_thinks_answers_nothing():
    async def run():
        game = make_game("pax", 2, 5)
        bot = game.bots[1] = SlowBot()
        app = GameApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            while app.waiting != "bot":  # play until the bot must move
                await settle(app, pilot)
                await pilot.press("1", "enter")
                await pilot.pause()
            mine = len(app.game.state.history)
            await pilot.press("enter", "enter", "1", "enter", "2", "enter")
            await pilot.pause()
            assert app.waiting == "bot" and len(app.game.state.history) == mine
            assert "Várj" in shown(app, "#message")
            bot.go.set()
            await settle(app, pilot)
            assert len(app.game.state.history) == mine + bot.moves  # only the bot's moves were played
            assert app.game.state.to_move == 0 and app.waiting == "move"
    asyncio.run(run())


def test_help_log_and_undo_keys():
    async def run():
        app = GameApp(make_game("pocketciv", 1, 4))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark", "enter")
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            assert "u: visszavonás" in text and "Jelmagyarázat" in text  # the help and the game's legend
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("l", "enter")
            await pilot.pause()
            assert app.screen.maximized is not None and app.screen.maximized.id == "log"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen.maximized is None
            before = len(app.game.state.history)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            assert len(app.game.state.history) > before
            await pilot.press("u", "enter")
            await settle(app, pilot)
            assert len(app.game.state.history) == before and "Visszavonva" in shown(app, "#message")
    asyncio.run(run())


def test_question_mark_explains_the_highlighted_option():
    """Issue 30: ``?`` tells what the highlighted option names (a card here) and the rules
    behind it, above the help; ``?2`` explains the second option."""
    from asztal.cli.explain import items_of, passage_of

    async def run():
        app = GameApp(make_game("pax", 2, 5))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            state = app.game.state
            for typed, index in (("?", 0), ("?2", 1)):
                label, actions = app.entries[index]
                items = items_of(state, actions[0], "hu")
                assert items, label  # the first decision keeps a card: each option names one
                await pilot.press(*typed, "enter")
                await pilot.pause()
                text = squash(" ".join(screen_lines(app)))
                assert squash(f"{index + 1}. {label}")[:30] in text
                assert items[0].name in text and squash(items[0].text)[:40] in text
                assert f"A szabály: {passage_of(state, actions[0], 'hu').title}" in text
                assert "u: visszavonás" in text
                await pilot.press("escape")
                await pilot.pause()
    asyncio.run(run())


def test_a_hint_names_an_offered_option():
    async def run():
        app = GameApp(make_game("pax", 2, 5))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("h", "enter")
            for _ in range(100):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if app.busy is None:
                    break
            message = shown(app, "#message")
            assert message.startswith("Tipp:")
            labels = [squash(label) for label, _ in app.entries]
            assert any(label[:20] in message for label in labels), (message, labels)
    asyncio.run(run())


@pytest.mark.parametrize("name,players", [("pocketciv", 1), ("pax", 2)])
def test_the_end_shows_the_result_and_quits_on_a_click(name, players):
    async def run():
        game = make_game(name, players, 6)
        pick = random.Random(6)
        while not game.state.is_over:
            game.state.apply(pick.choice(game.state.legal_actions()))
        app = GameApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            assert app.waiting == "over" and app.finished
            board = shown(app, "#board-pane")
            assert "Vége a játéknak." in board and "Pontszámok" in board
            if players == 1:
                assert "Az eredményed:" in board or "Teljesítetted" in board or "nem sikerült" in board
            await pilot.click("#options", offset=(4, 0))
            await pilot.pause()
        assert app.return_code == 0
    asyncio.run(run())


def test_arrows_enter_tab_and_the_pane_keys():
    """Issue 37: ↓ then Enter plays the highlighted option; after Tab into a pane the first Enter
    still answers; ``j`` shows the players on the whole screen at 80×24, where their pane is hidden."""
    async def run():
        app = GameApp(make_game("pax", 2, 5))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "q kilépés" in screen_lines(app)[-1]
            state = app.game.state
            before, second = len(state.history), app.entries[1][1][0]
            await pilot.press("j", "enter")
            await pilot.pause()
            assert "Aureus" in " ".join(screen_lines(app)) and not app.query_one("#players-pane").display
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("down", "tab", "enter")
            await settle(app, pilot)
            assert app.game.state.history[before] == second
    asyncio.run(run())


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_set_up_card_is_not_called_the_event_card(lang):
    """Issue 37: after the set-up the top of the discard pile is one of the three cards discarded
    unread (PC-SETUP-07): the board names it so, never „Lap:” with an event beside it; once the
    event phase draws its card (a Sandstorm here), „Lap:” shows that card and its event."""
    card_word, discarded = ("Card:", "Discarded at the start:") if lang == "en" else ("Lap:", "Kezdéskor eldobott lap:")

    async def run():
        app = GameApp(make_game("pocketciv", 1, 35, lang=lang))
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):  # the three starting tribes
                await settle(app, pilot)
                await pilot.press("1", "enter")
            await settle(app, pilot)
            board = shown(app, "#board-pane")
            number = "#{}" if lang == "en" else "{}."  # how the card's number is written
            assert f"{discarded} {number.format(app.game.state.view(0)['discard_top'])}" in board, board
            assert not re.search(rf"(^|\s){card_word}", board) and "→" not in board, board
            await pilot.press(*str(len(app.entries)), "enter")  # „Kész”: the event phase draws
            await settle(app, pilot)
            board = shown(app, "#board-pane")
            card = number.format(app.game.state.aside[0] + 1)
            event = "Sandstorm" if lang == "en" else "Homokvihar"
            assert re.search(rf"(^|\s){card_word} {re.escape(card)} .*→ .*{event}", board), board
            assert discarded not in board
    asyncio.run(run())
