"""Terminal play: human seats (one, or several in hot-seat), bots in the others, drawn with Rich.

At a terminal the game takes the whole screen (:mod:`asztal.cli.screen`, which reads its
game, bots and saves from here); otherwise, and with ``--lines``, input is read line by
line (so a script or a test can drive it): a number or an action
code plays it; ``u`` takes back, ``h`` asks for a hint, ``s`` saves, ``l`` shows the whole
log, ``?`` the help and the game's legend, ``q`` quits. End of input and Ctrl-C quit the same
way, and an unfinished game is saved first, so nothing is lost.

What the screen shows is always one seat's: its view and its log. Bots' moves appear only as
the public log lines; a move that is the only legal one is played without asking.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from asztal.cli.errors import Told
from asztal.cli.files import save_game_file
from asztal.cli.show import (
    actions_table,
    legend,
    member_labels,
    option_entries,
    option_labels,
    print_log,
    print_outcome,
    seat_names,
    view_renderable,
)
from asztal.cli.text import t
from asztal.engine import GameState, IllegalAction
from asztal.engine.decision import Refusal


def interactive() -> bool:
    """True when a person sits at a terminal (stdin and stdout both a TTY, not a dumb one):
    then ``play`` takes the whole screen; pipes and scripts keep the line mode."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") not in ("", "dumb")


def _flushed_input(prompt: str = "") -> str:
    """``input``, after dropping what was typed while a bot was thinking (an Enter pressed
    then would otherwise answer the next question, and the prompt would print twice)."""
    if sys.stdin.isatty():
        try:
            import termios

            termios.tcflush(sys.stdin, termios.TCIFLUSH)
        except (ImportError, OSError):  # not a POSIX terminal: nothing was buffered by us
            pass
    return input(prompt)


def command_name() -> str:
    """How to call asztal again from where the player is: ``asztal`` when that is on PATH and
    is this program, else the path it was started by (``.venv/bin/asztal`` after ``make``)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) != "asztal":  # python -m asztal, a test runner
        return "asztal"
    found = shutil.which("asztal")
    if found and Path(found).resolve() == Path(argv0).resolve():
        return "asztal"
    return os.path.relpath(argv0) if os.path.isabs(argv0) else argv0


class TerminalGame:
    """The loop of ``asztal play``: bots move by themselves, each human is asked in turn."""

    def __init__(self, state: GameState, human: int | set[int] | list[int], bot_specs: list[str], lang: str,
                 save: Path | None, hint: bool, seed: int, console: Console | None = None,
                 autosave: bool = False) -> None:
        from asztal.bots import make_bot

        self.state = state
        self.humans = {human} if isinstance(human, int) else set(human)
        for h in self.humans:
            if not 0 <= h < state.players:
                raise Told(t("bad_seat", lang, n=state.players, seat=h + 1))
        self.human = min(self.humans)  # whose screen it is now
        self.lang = lang
        self.save_path = save
        self.autosave = autosave and save is not None
        self.hint = hint
        self.seed = seed
        self.console = console or Console()
        self.bot_specs = [("human" if s in self.humans else spec) for s, spec in enumerate(bot_specs)]
        self.bots = {s: make_bot(self.bot_specs[s], seed=seed * 31 + s)
                     for s in range(state.players) if s not in self.humans}
        self.names = seat_names(state.players, self.bot_specs, self.humans, lang)
        self.shown = {h: 0 for h in self.humans}
        self.passed = False  # hot-seat: has the device been handed to anyone yet

    def meta(self) -> dict[str, Any]:
        return {"human": self.human, "humans": sorted(self.humans), "bots": self.bot_specs, "lang": self.lang}

    def save(self, quiet: bool = False) -> None:
        message = self.save_quietly()
        if not quiet or self.save_path is None:
            self.console.print(message, highlight=False)

    def save_quietly(self) -> str:
        """Save now; the sentence that says where (or that there is no save file)."""
        if self.save_path is None:
            return t("no_save_path", self.lang)
        save_game_file(self.save_path, self.state, self.meta())
        return t("saved", self.lang, path=self.save_path)

    def question(self) -> str:
        """What the pending decision decides, in the player's language (the game's own sentence)."""
        return self.state.game.describe_decision(self.state.decision(), self.lang)

    def resolve(self, answer: str, entries: list[tuple[str, list]]) -> tuple[list | None, str | None]:
        """A typed number or action code: the actions it names (one, or a group whose member is
        chosen next) and no message, or no actions and the sentence saying why not."""
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(entries):
                return entries[k - 1][1], None
            return None, t("bad_choice", self.lang, what=answer, n=len(entries))
        try:
            return [self.state.game.parse_action(self.state, answer)], None
        except IllegalAction as e:
            return None, self.refusal_text(e, answer)

    def refusal_text(self, error: IllegalAction, answer: str) -> str:
        """Why a typed move is refused, in one language: the game's own reason (its catalogue),
        or, for a code that names no move at all, that there is no such move."""
        if isinstance(error.refusal, Refusal) and error.refusal.key != "engine.unknown":
            return t("illegal", self.lang, why=self.state.game.describe_refusal(error.refusal, self.lang))
        return t("unknown_code", self.lang, what=answer[:40])

    def hint_text(self) -> str:
        """The hint bot's suggestion, naming moves by the labels the options list shows."""
        from asztal.bots import hint

        _, why = hint(self.state, self.human, self.lang)
        acts = self.state.legal_actions()
        for action, label in zip(acts, option_labels(self.state, self.human, acts, self.lang), strict=True):
            why = why.replace(action.label(self.lang), label)
        return t("hint", self.lang, why=why)

    def _show_log(self, seat: int) -> None:
        self.shown[seat] = print_log(self.console, self.state, self.shown[seat], self.lang, seat)

    def run(self, read: Callable[[str], str] | None = None) -> GameState:
        """Play until the end or until a human quits; the game is saved either way.

        An interactive terminal (no ``read`` given, stdin and stdout a terminal) gets the
        full-screen game (:mod:`asztal.cli.screen`); a script, a pipe or a test reads lines."""
        c, lang = self.console, self.lang
        if read is None and interactive():
            from asztal.cli.screen import run_screen

            finished = run_screen(self)
            self.shown = {h: len(self.state.log or []) for h in self.humans}  # the log was on the screen
        else:
            try:
                finished = self._loop(_flushed_input if read in (None, input) else read)
            except KeyboardInterrupt:
                c.print()
                finished = False
        if self.state.is_over:
            self._show_log(self.human)
            c.print(view_renderable(self.state, self.human, lang))
            print_outcome(c, self.state, lang, self.names, self.human)
        if self.save_path is not None:
            self.save()
            if not finished and not self.state.is_over:
                c.print(t("resume", lang, command=command_name()))
        return self.state

    def _loop(self, read) -> bool:
        """Play until the end (True) or until a human quits (False)."""
        c, lang = self.console, self.lang
        if len(self.humans) == 1:
            self._show_log(self.human)
        while not self.state.is_over:
            seat = self.state.to_move
            if seat in self.humans:
                if len(self.humans) > 1 and (seat != self.human or not self.passed):
                    self._pass_device(seat, read)  # the first turn too: one hot-seat flow in every game
                    self.passed = True
                self.human = seat
                self._show_log(seat)
                acts = self.state.legal_actions()
                if len(acts) == 1:
                    label = option_labels(self.state, seat, acts, lang)[0]
                    self.state.apply(acts[0])
                    c.print(t("forced", lang, action=label))
                elif not self._human_turn(read, acts):
                    return False
                self._show_log(seat)
            else:
                with c.status(t("thinking", lang, who=self.names[seat]), spinner="dots"):
                    action = self.bots[seat].choose(self.state)
                self.state.apply(action)
                if len(self.humans) == 1:
                    self._show_log(self.human)
            if self.autosave:
                self.save(quiet=True)
        return True

    def _pass_device(self, seat: int, read) -> None:
        """Hot-seat: hide the previous player's hand, wait until the next one has the device.
        On a terminal the scrollback is erased too (``ESC[3J``), not only the visible screen."""
        c = self.console
        self._wipe()
        c.rule(t("pass_to", self.lang, who=self.names[seat]))
        try:
            read(t("pass_enter", self.lang) + " ")
        except EOFError:
            pass
        self._wipe()

    def _wipe(self) -> None:
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _human_turn(self, read, acts: list) -> bool:
        """Ask until one action is played; False when the player quits. The numbers of ``acts``
        stay the same for the whole decision, whatever else is typed in between."""
        c, lang = self.console, self.lang
        c.print(view_renderable(self.state, self.human, lang))
        c.print(t("your_turn", lang, who=self.names[self.human]))
        c.print(f"[bold]{escape(self.question())}[/]")
        entries = option_entries(self.state, self.human, acts, lang)
        c.print(actions_table([group[0] for _, group in entries], lang, [label for label, _ in entries]))
        if self.hint:
            self._show_hint()
        while True:
            try:
                answer = read(t("prompt", lang) + ": ").strip()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit"):
                c.print(t("quit", lang))
                return False
            if answer in ("?", "help"):
                c.print(t("help", lang))
                text = legend(self.state, lang)
                if text:
                    c.print(text)
            elif answer == "s":
                self.save()
            elif answer == "l":
                print_log(c, self.state, 0, lang, self.human)
            elif answer == "h":
                self._show_hint()
            elif answer == "u":
                if self.state.can_undo(self.human):
                    self.state = self.state.undo(self.human)
                    self.shown = {h: len(self.state.log or []) for h in self.humans}
                    c.print(t("undone", lang))
                    return True
                c.print(t("no_undo", lang))
            elif answer:
                action = self._parse(answer, entries, read)
                if action is not None:
                    self.state.apply(action)
                    return True

    def _parse(self, answer: str, entries: list, read):
        group, why = self.resolve(answer, entries)
        if group is None:
            self.console.print(why, highlight=False)
            return None
        return group[0] if len(group) == 1 else self._follow_up(group, read)

    def _follow_up(self, group: list, read):
        """The second choice of a grouped option (which city buys the advance); None to go back."""
        labels = member_labels(self.state, self.human, group, self.lang)
        self.console.print(actions_table(group, self.lang, labels))
        try:
            answer = read(t("follow_up", self.lang) + ": ").strip()
        except EOFError:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(group):
            return group[int(answer) - 1]
        return None

    def _show_hint(self) -> None:
        self.console.print(self.hint_text(), highlight=False)
