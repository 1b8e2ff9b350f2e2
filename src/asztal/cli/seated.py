"""The game that ``asztal play`` plays at the terminal, apart from how it is shown: what the
line mode (``play.py``) and the full screen (``screen/``) both read and change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from asztal.cli.errors import Told
from asztal.cli.files import save_game_file
from asztal.cli.show import Entry, option_labels, seat_names
from asztal.cli.text import t
from asztal.engine import Action, GameState, IllegalAction
from asztal.engine.decision import Refusal


class SeatedGame:
    """A game at the terminal and who sits at it: the humans (one, or several in hot-seat) and
    whose screen it is now, the bots of the other seats, everyone's name, the save file and
    the hint. The line mode (:class:`asztal.cli.play.TerminalGame`) and the full screen
    (:mod:`asztal.cli.screen`) both play it."""

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

    def save_quietly(self) -> str:
        """Save now; the sentence that says where (or that there is no save file)."""
        if self.save_path is None:
            return t("no_save_path", self.lang)
        save_game_file(self.save_path, self.state, self.meta())
        return t("saved", self.lang, path=self.save_path)

    def question(self) -> str:
        """What the pending decision decides, in the player's language (the game's own sentence)."""
        return self.state.game.describe_decision(self.state.decision(), self.lang)

    def resolve(self, answer: str, entries: list[Entry]) -> tuple[list[Action], None] | tuple[None, str]:
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
