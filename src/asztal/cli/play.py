"""Terminal play: one human seat, bots in the others, the table drawn with Rich.

Input is read line by line (so a script or a test can drive it): a number or an action
code plays it; ``u`` takes back, ``h`` asks for a hint, ``s`` saves, ``l`` shows the whole
log, ``q`` quits (saving first when ``--save`` was given). End of input quits the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from asztal.cli.files import save_game_file
from asztal.cli.show import actions_table, print_log, print_outcome, seat_name, view_renderable
from asztal.cli.text import t
from asztal.engine import GameState, IllegalAction


class TerminalGame:
    """The loop of ``asztal play``: bots move by themselves, the human is asked."""

    def __init__(self, state: GameState, human: int, bot_specs: list[str], lang: str,
                 save: Path | None, hint: bool, seed: int, console: Console | None = None) -> None:
        from asztal.bots import make_bot

        self.state = state
        self.human = human
        self.lang = lang
        self.save_path = save
        self.hint = hint
        self.console = console or Console()
        self.bot_specs = bot_specs
        self.bots = {s: make_bot(bot_specs[s], seed=seed * 31 + s) for s in range(state.players) if s != human}
        self.names = [seat_name(s, {human}, bot_specs, lang) for s in range(state.players)]
        self.shown = 0

    def meta(self) -> dict[str, Any]:
        return {"human": self.human, "bots": self.bot_specs, "lang": self.lang}

    def save(self) -> None:
        if self.save_path is None:
            self.console.print(t("no_save_path", self.lang))
            return
        save_game_file(self.save_path, self.state, self.meta())
        self.console.print(t("saved", self.lang, path=self.save_path))

    def run(self, read=input) -> GameState:
        c = self.console
        self.shown = print_log(c, self.state, 0, self.lang) if self.state.log else 0
        while not self.state.is_over:
            seat = self.state.to_move
            if seat != self.human:
                action = self.bots[seat].choose(self.state)
                self.state.apply(action)
                c.print(t("bot_moves", self.lang, who=self.names[seat], action=action.label(self.lang)))
                self.shown = print_log(c, self.state, self.shown, self.lang)
                continue
            if not self._human_turn(read):
                break
        if self.state.is_over:
            c.print(view_renderable(self.state, self.human, self.lang))
            print_outcome(c, self.state, self.lang, self.names)
        if self.save_path is not None:
            self.save()
        return self.state

    def _human_turn(self, read) -> bool:
        """Ask until one action is played; False when the player quits."""
        c, lang = self.console, self.lang
        c.print(view_renderable(self.state, self.human, lang))
        acts = self.state.legal_actions()
        c.print(actions_table(acts, lang))
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
            elif answer == "s":
                self.save()
            elif answer == "l":
                print_log(c, self.state, 0, lang)
            elif answer == "h":
                self._show_hint()
            elif answer == "u":
                if self.state.can_undo(self.human):
                    self.state = self.state.undo(self.human)
                    self.shown = len(self.state.log or [])
                    c.print(t("undone", lang))
                    return True
                c.print(t("no_undo", lang))
            elif answer:
                action = self._parse(answer, acts)
                if action is not None:
                    self.state.apply(action)
                    self.shown = print_log(c, self.state, self.shown, lang)
                    return True

    def _parse(self, answer: str, acts: list):
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(acts):
                return acts[k - 1]
            self.console.print(t("bad_choice", self.lang, what=answer))
            return None
        try:
            return self.state.game.parse_action(self.state, answer)
        except IllegalAction as e:
            self.console.print(t("illegal", self.lang, why=e))
            return None

    def _show_hint(self) -> None:
        from asztal.bots import hint

        _, why = hint(self.state, self.human, self.lang)  # the reason names the move
        self.console.print(t("hint", self.lang, why=why))
