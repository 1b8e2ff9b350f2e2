"""Terminal play: human seats (one, or several in hot-seat), bots in the others, drawn with Rich.

Input is read line by line (so a script or a test can drive it): a number or an action
code plays it; ``u`` takes back, ``h`` asks for a hint, ``s`` saves, ``l`` shows the whole
log, ``?`` the help and the game's legend, ``q`` quits. End of input and Ctrl-C quit the same
way, and an unfinished game is saved first, so nothing is lost.

What the screen shows is always one seat's: its view and its log. Bots' moves appear only as
the public log lines; a move that is the only legal one is played without asking.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from asztal.cli.files import save_game_file
from asztal.cli.show import (
    actions_table,
    legend,
    option_labels,
    print_log,
    print_outcome,
    seat_names,
    view_renderable,
)
from asztal.cli.text import t
from asztal.engine import GameState, IllegalAction


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
                raise ValueError(t("bad_seat", lang, n=state.players, seat=h + 1))
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

    def meta(self) -> dict[str, Any]:
        return {"human": self.human, "humans": sorted(self.humans), "bots": self.bot_specs, "lang": self.lang}

    def save(self, quiet: bool = False) -> None:
        if self.save_path is None:
            self.console.print(t("no_save_path", self.lang))
            return
        save_game_file(self.save_path, self.state, self.meta())
        if not quiet:
            self.console.print(t("saved", self.lang, path=self.save_path))

    def _show_log(self, seat: int) -> None:
        self.shown[seat] = print_log(self.console, self.state, self.shown[seat], self.lang, seat)

    def run(self, read=input) -> GameState:
        c, lang = self.console, self.lang
        try:
            finished = self._loop(read)
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
                c.print(t("resume", lang))
        return self.state

    def _loop(self, read) -> bool:
        """Play until the end (True) or until a human quits (False)."""
        c, lang = self.console, self.lang
        if len(self.humans) == 1:
            self._show_log(self.human)
        while not self.state.is_over:
            seat = self.state.to_move
            if seat in self.humans:
                if seat != self.human and len(self.humans) > 1:
                    self._pass_device(seat, read)
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
        """Hot-seat: hide the previous player's hand, wait until the next one has the device."""
        c = self.console
        c.clear()
        c.rule(t("pass_to", self.lang, who=self.names[seat]))
        try:
            read(t("pass_enter", self.lang) + " ")
        except EOFError:
            pass
        c.clear()

    def _human_turn(self, read, acts: list) -> bool:
        """Ask until one action is played; False when the player quits. The numbers of ``acts``
        stay the same for the whole decision, whatever else is typed in between."""
        c, lang = self.console, self.lang
        c.print(view_renderable(self.state, self.human, lang))
        c.print(t("your_turn", lang, who=self.names[self.human]))
        c.print(actions_table(acts, lang, option_labels(self.state, self.human, acts, lang)))
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
                action = self._parse(answer, acts)
                if action is not None:
                    self.state.apply(action)
                    return True

    def _parse(self, answer: str, acts: list):
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(acts):
                return acts[k - 1]
            self.console.print(t("bad_choice", self.lang, what=answer, n=len(acts)))
            return None
        try:
            return self.state.game.parse_action(self.state, answer)
        except IllegalAction as e:
            self.console.print(t("illegal", self.lang, why=e))
            return None

    def _show_hint(self) -> None:
        from asztal.bots import hint

        _, why = hint(self.state, self.human, self.lang)  # the reason names the move
        # the reason names moves by their labels; say them as the options list does
        acts = self.state.legal_actions()
        for action, label in zip(acts, option_labels(self.state, self.human, acts, self.lang), strict=True):
            why = why.replace(action.label(self.lang), label)
        self.console.print(t("hint", self.lang, why=why), highlight=False)
