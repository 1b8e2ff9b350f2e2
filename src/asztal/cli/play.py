"""Terminal play: human seats (one, or several in hot-seat), bots in the others, drawn with Rich.

At a terminal the game takes the whole screen (:mod:`asztal.cli.screen`; the game, its bots
and its save, which both modes play, are in :mod:`asztal.cli.seated`); otherwise, and with
``--lines``, input is read line by line (so a script or a test can drive it): a number or an
action code plays it; ``u`` takes back, ``h`` asks for a hint, ``s`` saves, ``l`` shows the whole
log, ``?`` the help and the game's legend, ``q`` quits. End of input and Ctrl-C quit the same
way, and an unfinished game is saved first, so nothing is lost.

What the screen shows is always one seat's: its view and its log. Bots' moves appear only as
the public log lines; a move that is the only legal one is played without asking.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.markup import escape

from asztal.cli.screen import run_screen
from asztal.cli.seated import SeatedGame
from asztal.cli.show import (
    Entry,
    actions_table,
    legend,
    member_labels,
    option_entries,
    option_labels,
    print_log,
    print_outcome,
    view_renderable,
)
from asztal.cli.text import t
from asztal.engine import Action, GameState

#: reads one line after printing its prompt (``input``, or a script's next line); EOFError at the end
Reader = Callable[[str], str]


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


class TerminalGame(SeatedGame):
    """The loop of ``asztal play``: bots move by themselves, each human is asked in turn."""

    def save(self, quiet: bool = False) -> None:
        message = self.save_quietly()
        if not quiet or self.save_path is None:
            self.console.print(message, highlight=False)

    def _show_log(self, seat: int) -> None:
        self.shown[seat] = print_log(self.console, self.state, self.shown[seat], self.lang, seat)

    def run(self, read: Reader | None = None) -> GameState:
        """Play until the end or until a human quits; the game is saved either way.

        An interactive terminal (no ``read`` given, stdin and stdout a terminal) gets the
        full-screen game (:mod:`asztal.cli.screen`); a script, a pipe or a test reads lines."""
        c, lang = self.console, self.lang
        if read is None and interactive():
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

    def _loop(self, read: Reader) -> bool:
        """Play until the end (True) or until a human quits (False)."""
        c, lang = self.console, self.lang
        if len(self.humans) == 1:
            self._show_log(self.human)
        while not self.state.is_over:
            seat = self.state.to_move
            assert seat is not None, "a game not over has a seat to move"
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

    def _pass_device(self, seat: int, read: Reader) -> None:
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

    def _human_turn(self, read: Reader, acts: Sequence[Action]) -> bool:
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

    def _parse(self, answer: str, entries: list[Entry], read: Reader) -> Action | None:
        group, why = self.resolve(answer, entries)
        if group is None:
            self.console.print(why, highlight=False)
            return None
        return group[0] if len(group) == 1 else self._follow_up(group, read)

    def _follow_up(self, group: list[Action], read: Reader) -> Action | None:
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
