"""The Textual app of the full-screen game.

One screen, fixed panes: the board (left, scrolls inside itself), below it what is being
decided and the options (click one, or type its number or code), on the right the players,
your hand and the log (which scrolls in its own pane, so a bot's moves and the events never
push the board away). The keys are the line mode's: a number or a code plays, ``u`` takes
back, ``h`` hints, ``l`` opens the log full screen, ``s`` saves, ``?`` explains the highlighted
option (``?3``: the third: the card or advance it names, the rules behind it) above the help and
the game's legend, ``q`` quits (saving).

Hot-seat: before another person's turn every pane is emptied and a pass screen covers the
terminal (Textual draws on the alternate screen, so there is no scrollback to read either);
the next hand is drawn only after that person confirms.

Bots think in a worker thread, so the screen stays alive; what is typed meanwhile is
ignored, never queued as an answer to the next question.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from asztal.cli.explain import explain_option
from asztal.cli.screen.options import Options, hidden_mark, option_rows, pinned_index
from asztal.cli.screen.panes import panes
from asztal.cli.seated import SeatedGame
from asztal.cli.show import (
    Entry,
    legend,
    log_lines,
    member_labels,
    option_entries,
    option_labels,
    outcome_renderable,
)
from asztal.cli.text import t
from asztal.engine import Action

#: the log lines the pane keeps (the whole log is in the save, and in ``asztal replay``)
LOG_LINES = 600


#: what each pane key opens on the whole screen (typed, then Enter, as every command)
PANE_KEYS = {"t": "board", "j": "players", "k": "hand"}


class LogPane(VerticalScroll):
    """The log's pane, which ``l`` opens full screen."""

    ALLOW_MAXIMIZE = True


class PassScreen(Screen[None]):
    """Hot-seat: the whole terminal says who is next; nothing of any hand is drawn."""

    BINDINGS = [Binding("enter", "confirm", show=False)]

    def __init__(self, who: str, lang: str) -> None:
        super().__init__()
        self.who, self.lang = who, lang

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(Text(t("pass_to", self.lang, who=self.who), style="bold"), id="pass-who")
            yield Static(t("pass_enter", self.lang), id="pass-what")
            yield Button(t("screen.pass_ok", self.lang), id="pass-ok", variant="primary")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def action_confirm(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#pass-ok")
    def _pressed(self) -> None:
        self.dismiss(None)


class TextScreen(ModalScreen[None]):
    """Help and the game's legend (``?``), closed by Esc, Enter or q."""

    BINDINGS = [Binding("escape,enter,q,question_mark", "close", show=False)]

    def __init__(self, body: RenderableType, lang: str, title: str | None = None) -> None:
        super().__init__(classes="whole" if title else "")
        self.body, self.lang, self.title = body, lang, title

    def compose(self) -> ComposeResult:
        with Vertical(id="text-box") as box:
            if self.title:
                box.border_title = self.title
            with VerticalScroll():
                yield Static(self.body)
            yield Static(Text(t("screen.close", self.lang), style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


class GameApp(App[None]):
    """One game on one screen; ``game`` holds the state, the bots, the names and the saves."""

    TITLE = "asztal"
    CSS = """
    Screen { layout: vertical; }
    VerticalScroll, OptionList { scrollbar-size-vertical: 1; }
    #status { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 2fr; min-width: 30; }
    #board-pane { height: 1fr; border: round $primary; padding: 0 1; }
    #players-pane { height: auto; max-height: 35%; border: round $primary; padding: 0 1; }
    #decide { height: auto; border: round $accent; }
    #question { height: auto; max-height: 4; padding: 0 1; text-style: bold; }
    #options { height: auto; max-height: 40vh; border: none; padding: 0; }
    #pinned { height: auto; border: none; padding: 0; }
    #more { height: auto; padding: 0 1; }
    #hand-pane { height: auto; max-height: 30%; border: round $success; padding: 0 1; }
    #log { height: 1fr; min-height: 4; border: round $secondary; padding: 0 1; }
    .narrow #board-pane, .narrow #players-pane, .narrow #decide, .narrow #hand-pane, .narrow #log {
        border: none; border-top: solid $primary; padding: 0;
    }
    .narrow #question { max-height: 3; }
    .narrow #options { max-height: 25vh; }
    .narrow #hand-pane { max-height: 25%; }
    #command { height: 1; border: none; padding: 0 1; background: $boost; }
    #keys { height: 1; padding: 0; background: $primary-background; }
    #message { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    #pass-who { width: auto; margin: 1 2; }
    #pass-what { width: auto; margin: 1 2; }
    #text-box { width: 90%; height: 80%; border: round $accent; padding: 0 1; background: $surface; }
    .whole #text-box { width: 100%; height: 100%; }
    #players-pane.-empty, #hand-pane.-empty, .narrow #players-pane { display: none; }
    TextScreen { align: center middle; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "narrow"), (100, "wide")]
    BINDINGS = [Binding("ctrl+c", "quit_game", show=False, priority=True),
                Binding("escape", "go_back", show=False),
                Binding("up", "cursor(-1)", show=False), Binding("down", "cursor(1)", show=False),
                Binding("pageup", "cursor(-2)", show=False), Binding("pagedown", "cursor(2)", show=False)]

    def __init__(self, game: SeatedGame) -> None:
        super().__init__()
        self.game = game
        self.lang = game.lang
        self.finished = False
        self.busy: str | None = None  # what to say to input while a bot (or the hint) thinks
        self.waiting = "start"  # what the app waits for: move, pass, bot, over (tests read it)
        self.entries: list[Entry] = []
        self.group: list[Action] | None = None  # the members of a grouped option being chosen
        self.log_seen = 0
        self.log_items: list[RenderableType] = []
        self.shown_panes: dict[str, RenderableType | None] = {}  # what ``t``, ``j``, ``k`` show whole

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board-pane") as board:
                    board.border_title = t("screen.board", lang)
                    yield Static(id="board")
                with VerticalScroll(id="players-pane") as players:
                    players.border_title = t("screen.players", lang)
                    yield Static(id="players")
            with Vertical(id="right"):
                with Vertical(id="decide") as decide:
                    decide.border_title = t("screen.options", lang)
                    yield Static(id="question")
                    yield Options(id="options")
                    yield Static(id="more")
                    yield Options(id="pinned")
                with VerticalScroll(id="hand-pane") as hand:
                    hand.border_title = t("screen.hand", lang)
                    yield Static(id="hand")
                with LogPane(id="log") as log:
                    log.border_title = t("log", lang)
                    yield Static(id="log-lines")
        yield Input(id="command", placeholder=t("screen.input", lang))
        yield Static(id="message")
        yield Static(Text(t("screen.keys", lang), no_wrap=True, overflow="ellipsis"), id="keys")

    def on_mount(self) -> None:
        self.query_one("#command", Input).focus()
        self.say("")
        self.sync_log(full=True)
        self.advance()

    # --- the game loop, one step per event ------------------------------------------------
    def advance(self) -> None:
        """Play on until a person must decide, a bot must think or the game is over."""
        g = self.game
        while not g.state.is_over:
            seat = g.state.to_move
            assert seat is not None, "a game not over has a seat to move"
            if seat not in g.humans:
                self.show_position()
                self.think(seat)
                return
            if len(g.humans) > 1 and (seat != g.human or not g.passed):
                self.pass_device(seat)  # the first turn too: one hot-seat flow in every game
                return
            acts = g.state.legal_actions()
            if len(acts) == 1:
                label = option_labels(g.state, seat, acts, self.lang)[0]
                self.play(acts[0])
                self.note(t("forced", self.lang, action=label))
                continue
            self.offer(acts)
            return
        self.show_end()

    def play(self, action: Action) -> None:
        self.game.state.apply(action)
        if self.game.autosave:
            self.game.save_quietly()
        self.sync_log()

    def think(self, seat: int) -> None:
        self.busy = t("screen.busy", self.lang, who=self.game.names[seat])
        self.waiting = "bot"
        self.set_status(t("thinking", self.lang, who=self.game.names[seat]))
        self.query_one("#question", Static).update("")
        self.fill_options([], [])
        self.run_worker(lambda: self._choose(seat), thread=True, group="bot")

    def _choose(self, seat: int) -> None:
        action = self.game.bots[seat].choose(self.game.state)
        try:
            self.call_from_thread(self._bot_moved, action)
        except RuntimeError:  # the app closed while the bot was thinking
            pass

    def _bot_moved(self, action: Action) -> None:
        self.busy = None
        self.play(action)
        self.advance()

    def pass_device(self, seat: int) -> None:
        """Empty every pane, then cover the screen until the next person says it is them."""
        self.waiting = "pass"
        for pane in ("#board", "#players", "#hand", "#question", "#message", "#status"):
            self.query_one(pane, Static).update("")
        self.shown_panes = {}
        self.fill_options([], [])
        self.log_items = []
        self.query_one("#log-lines", Static).update("")
        self.query_one("#command", Input).value = ""
        self.entries, self.group = [], None

        def passed(_: None) -> None:
            self.game.human = seat
            self.game.passed = True
            self.sync_log(full=True)
            self.advance()
        self.push_screen(PassScreen(self.game.names[seat], self.lang), passed)

    # --- drawing --------------------------------------------------------------------------
    def set_status(self, text: str) -> None:
        g = self.game
        title = g.state.game.title.get(self.lang, g.state.game.name)
        self.query_one("#status", Static).update(Text(f"{title} · {text}", no_wrap=True,
                                                      overflow="ellipsis"))

    def show_position(self, before: RenderableType | None = None) -> None:
        """Draw what the viewing seat sees into the panes (``before``: above the board)."""
        g = self.game
        p = panes(g.state, g.human, self.lang)
        self.query_one("#board", Static).update(p.board if before is None else Group(before, p.board))
        for name, body, title in (("players", p.players, p.players_title), ("hand", p.hand, p.hand_title)):
            self.query_one(f"#{name}", Static).update(body or "")
            pane = self.query_one(f"#{name}-pane")
            pane.set_class(body is None, "-empty")  # (a narrow screen hides the players: ``j`` shows them)
            pane.border_title = title or t(f"screen.{name}", self.lang)
        self.shown_panes = {"board": p.board if before is None else Group(before, p.board), "players": p.players,
                            "hand": p.hand}

    def sync_log(self, full: bool = False) -> None:
        """Write the log lines the viewing seat has not seen (all of them after a seat change
        or an undo, which shortens the log)."""
        g = self.game
        length = len(g.state.log or [])
        if full or length < self.log_seen:
            self.log_items = []
            self.log_seen = 0
        events = g.state.log_for(g.human, self.log_seen)
        for event, line in zip(events, log_lines(g.state, self.log_seen, self.lang, g.human), strict=True):
            self.log_items.append(Rule(line, style="dim") if event.get("header") else Text("· " + line))
        self.log_seen = length
        self._draw_log()

    def note(self, text: str) -> None:
        """A remark of the interface (a forced move, an undo) in the log pane, set apart."""
        self.log_items.append(Text(text, style="italic dim"))
        self._draw_log()

    def _draw_log(self) -> None:
        """The pane holds the latest lines and shows the newest; ``l`` opens it full screen."""
        del self.log_items[:-LOG_LINES]
        self.query_one("#log-lines", Static).update(Group(*self.log_items))
        self.query_one("#log", LogPane).anchor()  # kept at the newest line as the content grows

    def say(self, text: str) -> None:
        message = self.query_one("#message", Static)
        message.update(Text(text))
        message.display = bool(text)

    def offer(self, acts: Sequence[Action]) -> None:
        g = self.game
        self.waiting = "move"
        self.group = None
        self.show_position()
        self.set_status(t("your_turn", self.lang, who=g.names[g.human]))
        self.entries = option_entries(g.state, g.human, acts, self.lang)
        self.query_one("#question", Static).update(Text(g.question()))
        self.fill_options([label for label, _ in self.entries], [acts[0].code for _, acts in self.entries])
        if g.hint:  # --hint: one at every decision
            self.ask_hint()

    def fill_options(self, labels: list[str], codes: list[str], back: bool = False) -> None:
        """The numbered options; the one that ends the decision (or „Vissza”) pinned under them."""
        rows, pin = option_rows(labels, pinned_index(codes))
        if back:
            pin = [Option(Text(t("screen.back", self.lang), style="dim"), id="back")]
        box, pinned = self.query_one("#options", Options), self.query_one("#pinned", Options)
        box.clear_options()
        box.add_options(rows)
        box.highlighted = 0 if rows else None
        box.scroll_home(animate=False, immediate=True)
        pinned.clear_options()
        pinned.add_options(pin)
        pinned.highlighted = None
        pinned.display = bool(pin)
        self.call_after_refresh(self.mark_hidden)

    def mark_hidden(self) -> None:
        """The line under the list: how many options are out of sight above and below."""
        above, below = self.query_one("#options", Options).hidden()
        more = self.query_one("#more", Static)
        more.update(hidden_mark(above, below, self.lang))
        more.display = bool(above or below)

    def show_end(self) -> None:
        g = self.game
        self.waiting = "over"
        self.finished = True
        self.show_position(before=outcome_renderable(g.state, self.lang, g.names, g.human))
        self.set_status(t("game_over", self.lang))
        self.query_one("#question", Static).update(Text(t("screen.over", self.lang)))
        self.entries = []
        self.fill_options([], [])
        box = self.query_one("#options", Options)
        box.add_option(Option(t("screen.quit", self.lang), id="quit"))
        box.highlighted = 0

    # --- input ----------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """A character typed while another pane has the focus (after a click, or the full-screen
        log) goes to the command line, so typing always answers."""
        box = self.query_one("#command", Input)
        if self.screen is not box.screen or self.focused is box:
            return
        if event.is_printable and event.character:
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()
        elif event.key == "enter" and not isinstance(self.focused, OptionList) and self.screen.maximized is None:
            box.focus()  # after Tab into a pane, Enter still answers (it is not swallowed)
            value, box.value = box.value, ""
            self.submit(value)
            event.stop()

    @on(Input.Submitted, "#command")
    def _typed(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.submit(event.value)

    def submit(self, value: str) -> None:
        """A line typed and Enter: a command, a number, a code; empty: the highlighted option."""
        answer = value.strip()
        if not answer and self.waiting in ("move", "over") and self.screen.maximized is None:
            answer = self._highlighted()  # Enter on an empty line: the highlighted option
            if answer == "quit":
                self.action_quit_game()
                return
            if answer == "back":
                self.action_go_back()
                return
        self.command(answer)

    def _highlighted(self) -> str:
        """The number (or id) of the highlighted option, the pinned one first; '' for none."""
        for name in ("#pinned", "#options"):
            box = self.query_one(name, Options)
            if box.display and box.highlighted is not None:
                return box.get_option_at_index(box.highlighted).id or ""
        return ""

    @on(Input.Changed, "#command")
    def _typing(self, event: Input.Changed) -> None:
        """A number being typed: its option highlighted and scrolled into view (Enter plays it)."""
        value = event.value.strip()
        if self.waiting == "move" and value.isdigit():
            box, pinned = self.query_one("#options", Options), self.query_one("#pinned", Options)
            if box.show_number(int(value)):
                pinned.highlighted = None
            elif pinned.show_number(int(value)):
                box.highlighted = None

    def action_cursor(self, step: int) -> None:
        """↑↓ (and PgUp/PgDn, a page at a time) move the highlight in the list of options."""
        box = self.query_one("#options", Options)
        if not box.option_count:
            return
        if abs(step) > 1:
            step = (1 if step > 0 else -1) * max(1, box.scrollable_content_region.height - 1)
        current = box.highlighted if box.highlighted is not None else -1
        box.highlighted = max(0, min(box.option_count - 1, current + step))
        box.scroll_to_highlight()
        self.query_one("#pinned", Options).highlighted = None

    @on(OptionList.OptionSelected, "#options, #pinned")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "quit":
            self.action_quit_game()
        elif key == "back":
            self.action_go_back()
        else:
            self.command(key)
        self.query_one("#command", Input).focus()

    def command(self, answer: str) -> None:
        """What a typed line (or a clicked option's number) does, as in the line mode."""
        g, lang = self.game, self.lang
        if answer in ("q", "quit"):
            self.action_quit_game()
            return
        if self.busy is not None:
            self.say(self.busy)
            return
        if answer in ("?", "help") or (answer.startswith("?") and answer[1:].strip().isdigit()):
            self.explain(answer[1:].strip())
            return
        if answer == "l":
            self.query_one("#log", LogPane).focus()
            self.screen.maximize(self.query_one("#log", LogPane), container=False)
            self.say(t("screen.log_full", lang))
            return
        if answer in PANE_KEYS:
            name = PANE_KEYS[answer]
            body = self.shown_panes.get(name)
            if body is not None:
                title = self.query_one(f"#{name}-pane").border_title or ""
                self.push_screen(TextScreen(body, lang, f"{title} · {t('screen.pane_full', lang)}"))
            return
        if self.waiting != "move" or not answer:
            return
        if answer == "s":
            self.say(g.save_quietly())
        elif answer == "h":
            self.ask_hint()
        elif answer == "u":
            if g.state.can_undo(g.human):
                g.state = g.state.undo(g.human)
                self.sync_log(full=True)
                self.note(t("undone", lang))
                self.say(t("undone", lang))
                self.advance()
            else:
                self.say(t("no_undo", lang))
        elif self.group is not None:
            self.choose_member(answer)
        else:
            group, why = g.resolve(answer, self.entries)
            if group is None:
                self.say(why or "")
            elif len(group) == 1:
                self.say("")
                self.play(group[0])
                self.advance()
            else:
                self.group = group
                self.query_one("#question", Static).update(Text(t("screen.which", lang)))
                self.fill_options(member_labels(g.state, g.human, group, lang), [], back=True)

    def explain(self, number: str) -> None:
        """``?``: what the highlighted option (``?3``: the third) is about, then the help and the
        game's legend; with no option offered, the help alone."""
        g, lang = self.game, self.lang
        body: list[RenderableType] = []
        chosen = self._highlighted()
        index = int(number) - 1 if number else (int(chosen) - 1 if chosen.isdigit() else None)
        if self.waiting == "move" and index is not None:
            if self.group is not None and 0 <= index < len(self.group):
                label = member_labels(g.state, g.human, self.group, lang)[index]
                body.append(explain_option(g.state, label, [self.group[index]], lang))
            elif self.group is None and 0 <= index < len(self.entries):
                label, actions = self.entries[index]
                body.append(explain_option(g.state, f"{index + 1}. {label}", actions, lang))
            if body:
                body.append(Rule(style="dim"))
        body.append(Text(t("help", lang)))
        if self.waiting == "move":
            body.append(Text(t("screen.explain_how", lang), style="dim"))
        text = legend(g.state, lang)
        if text:
            body.append(Text.from_markup("\n" + text))
        self.push_screen(TextScreen(Group(*body), lang))

    def choose_member(self, answer: str) -> None:
        group = self.group or []
        if answer.isdigit() and 1 <= int(answer) <= len(group):
            self.say("")
            self.play(group[int(answer) - 1])
            self.advance()
        else:
            self.action_go_back()

    def ask_hint(self) -> None:
        self.busy = t("screen.hinting", self.lang)
        self.say(self.busy)

        def work() -> None:
            text = self.game.hint_text()
            try:
                self.call_from_thread(self._hinted, text)
            except RuntimeError:
                pass
        self.run_worker(work, thread=True, group="hint")

    def _hinted(self, text: str) -> None:
        self.busy = None
        self.say(text)

    def action_go_back(self) -> None:
        """Esc: out of the full-screen log, or back from a follow-up choice to the options."""
        if self.screen.maximized is not None:
            self.screen.minimize()
            self.say("")
            self.query_one("#command", Input).focus()
        elif self.group is not None and self.waiting == "move":
            self.offer(self.game.state.legal_actions())

    def action_quit_game(self) -> None:
        self.finished = self.game.state.is_over
        self.exit()

