"""A guided first game: a script of steps played on a real game from a fixed seed.

A ``Script`` names the game, the player count and the seed; its ``Step``s say, in Hungarian
and English, what is happening and what to do. A step either asks the learner (always seat
0) for one move (``expect``: its action code) or only explains (the learner goes on). A step
may first let the tutorial play moves itself (``auto``): the other seats' turns (``OTHERS``),
or every seat's (``REST``) until the step's own move can be made, or to the end of the game
when the step asks for none. Those moves are made
by the game's scripted player with a fixed seed, so the whole lesson is a pure function of
(script, number of steps done): the browser API keeps no state, it replays.

A move the script does not ask for changes nothing; the learner reads why: the game's own
refusal (``describe_refusal``) when the move is not allowed now, or that it is allowed but
this lesson asks for another one, and why that one.

Moves are named as the game page and the terminal name them for the seat that decides (the
game's ``render.option_label``: "Megtartod: Sereg ● 2"), never by the engine's plain label.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from asztal import games
from asztal.bots.registry import make_bot
from asztal.engine import Action, GameState, IllegalAction
from asztal.games.guide import guide

#: ``Step.auto``: play the other seats until it is the learner's turn again (or the game ends)
OTHERS = "others"
#: ``Step.auto``: play every seat until the step's move is legal (to the end if it asks for none)
REST = "rest"
LEARNER = 0
#: how many moves an ``auto`` step may make (a lesson is bounded like every other input)
MAX_AUTO = 5000
#: the most log lines a step shows (the rest of a fast-forwarded game is in the game's log)
MAX_NEWS = 12

Text = tuple[str, str]


@dataclass(frozen=True)
class Step:
    """One step of a lesson: what the tutorial says (hu, en), and the move it asks for."""

    say: Text
    #: the action code the learner is asked to make (None: read, then go on)
    expect: str | None = None
    #: why this move: shown when the learner makes another one
    why: Text | None = None
    #: the guide passage this step teaches (``games/<game>/guide``)
    passage: str | None = None
    #: moves the tutorial makes before the step is shown: "", OTHERS or REST
    auto: str = ""


@dataclass(frozen=True)
class Script:
    game: str
    players: int
    seed: int
    title: Text
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)
    #: extra lines for the last step, from the final position (the scoring, explained)
    summary: Callable[[GameState, str], list[str]] | None = None


@dataclass(frozen=True)
class Reply:
    """The answer to a move: ``ok`` when the lesson went on; otherwise why not."""

    ok: bool
    message: str = ""


def _t(text: Text, lang: str) -> str:
    return text[0] if lang == "hu" else text[1]


class Lesson:
    """A script being followed: the real game state and the step the learner is at."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.game = games.load(script.game)
        self.state = self.game.new_game(script.players, seed=script.seed, options=dict(script.options))
        self.bot = make_bot("policy", script.seed)
        self.index = 0
        #: where the log stood before the learner's last move (the current step's news start here)
        self.news_from = 0
        self._enter()

    @classmethod
    def at(cls, script: Script, done: int) -> Lesson:
        """The lesson after its first ``done`` steps were followed as the script asks."""
        lesson = cls(script)
        while lesson.index < min(done, len(script.steps)) and not lesson.finished:
            step = lesson.step
            reply = lesson.answer(step.expect)
            if not reply.ok:
                raise RuntimeError(f"lesson {script.game}: step {lesson.index} cannot be followed: {reply.message}")
        return lesson

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.script.steps)

    def _enter(self) -> None:
        """Make the current step's own moves (``auto``)."""
        self.news_from = len(self.state.log_for(LEARNER, 0))
        if self.finished:
            return
        step, moves = self.step, 0
        while step.auto and not self.state.is_over and not self._may_stop(step):
            self.state.apply(self.bot.choose(self.state))
            moves += 1
            if moves > MAX_AUTO:
                raise RuntimeError(f"lesson {self.script.game}: the tutorial's moves do not end")

    def _may_stop(self, step: Step) -> bool:
        if step.auto == OTHERS:
            return self.state.to_move == LEARNER
        return step.expect is not None and self.state.to_move == LEARNER and any(
            a.code == step.expect for a in self.state.legal_actions())

    def _advance(self, since: int) -> None:
        """On to the next step; its news start with what the learner's own move brought."""
        self.index += 1
        self._enter()
        self.news_from = since

    def answer(self, code: str | None, lang: str = "hu") -> Reply:
        """The learner's move (None: "go on" on a step that only explains). A move the step
        does not ask for changes nothing and is answered with the reason, in ``lang``."""
        if self.finished:
            return Reply(False, self.why_not(code, lang))
        step = self.step
        since = len(self.state.log_for(LEARNER, 0))
        if step.expect is None:
            if code is None:
                self._advance(since)
                return Reply(True)
            return Reply(False, self.why_not(code, lang))
        if code is not None and code.strip() == step.expect:
            self.state.apply(self.game.parse_action(self.state, step.expect))
            self._advance(since)
            return Reply(True)
        return Reply(False, self.why_not(code, lang))

    def why_not(self, code: str | None, lang: str) -> str:
        """Why ``code`` is not the move of this step, in ``lang``."""
        if self.finished:
            return "A lecke véget ért." if lang == "hu" else "The lesson is over."
        step = self.step
        if step.expect is None:
            return ("Ennél a lépésnél csak olvass, aztán menj tovább." if lang == "hu"
                    else "At this step just read, then go on.")
        asked = self.expected_label(lang)
        why = _t(step.why, lang) if step.why else ""
        if code is None or not code.strip():
            lead = f"Most ezt lépd: {asked}." if lang == "hu" else f"Make this move now: {asked}."
            return " ".join(x for x in (lead, why) if x)
        try:
            action = self.game.parse_action(self.state, code)
        except IllegalAction as e:
            reason = self.game.describe_refusal(e.refusal, lang) if e.refusal is not None else (
                "Ilyen lépés nincs." if lang == "hu" else "There is no such move.")
            tail = f"Most ezt kérjük: {asked}." if lang == "hu" else f"This lesson asks for: {asked}."
            return " ".join(x for x in (reason, tail, why) if x)
        label = self.label(action, lang)
        lead = (f"Ez is szabályos lépés ({label}), de a lecke most ezt kéri: {asked}." if lang == "hu"
                else f"That move is allowed too ({label}), but the lesson asks for: {asked}.")
        return " ".join(x for x in (lead, why) if x)

    def expected_label(self, lang: str) -> str:
        code = self.step.expect
        if code is None:
            return ""
        action = self.game.action_for_code(self.state, code)
        return self.label(action, lang) if action is not None else code

    def label(self, action: Action, lang: str, seen: dict[str, Any] | None = None) -> str:
        """A move as the learner reads it: the game's own words for the seat that decides
        (``render.option_label``, as on the game page and in the terminal); ``seen`` is the
        learner's view when the caller has it already."""
        name = getattr(self.game.part("render"), "option_label", None)
        if name is None:
            return action.label(lang)
        return name(seen if seen is not None else self.state.view(LEARNER), action, lang)  # type: ignore[no-any-return]

    def news(self, lang: str) -> list[str]:
        """What happened since the step began: the game's own log lines, as seat 0 reads them."""
        events = self.state.log_for(LEARNER, 0)[self.news_from:]
        return [self.game.describe(e, lang, LEARNER) for e in events[-MAX_NEWS:]]

    def view(self, lang: str) -> dict[str, Any]:
        """Everything a screen shows at this step, in one language."""
        done = self.finished
        # the last step's words stay on screen once it is done (they explain the scoring)
        shown = self.script.steps[min(self.index, len(self.script.steps) - 1)]
        step = None if done else self.step
        p = guide(self.script.game, lang).passage(shown.passage) if shown.passage else None
        text = _t(shown.say, lang)
        last = self.index >= len(self.script.steps) - 1
        extra = self.script.summary(self.state, lang) if last and self.script.summary and self.state.is_over else []
        your_turn = not self.state.is_over and self.state.to_move == LEARNER
        seen = self.state.view(LEARNER)
        return {
            "game": self.script.game, "lang": lang, "title": _t(self.script.title, lang),
            "step": self.index, "total": len(self.script.steps), "done": done,
            "text": text, "summary": extra, "news": self.news(lang),
            "expect": step.expect if step else None, "expect_label": self.expected_label(lang) if step else "",
            "passage": {"id": p.id, "title": p.title, "text": p.text} if p else None,
            "actions": [{"code": a.code, "label": self.label(a, lang, seen)} for a in self.state.legal_actions()]
            if your_turn and step and step.expect else [],
            "over": self.state.is_over,
        }
