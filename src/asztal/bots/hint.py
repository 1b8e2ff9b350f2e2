"""Hints for a human: what the ``normal`` bot would play, and why, in Hungarian or English.

>>> action, why = hint(state, state.to_move, "en")      # doctest: +SKIP
>>> why                                                 # doctest: +SKIP
'Play your card: about 64% chance to win, the average over 400 simulated continuations (next best: Take a stone, 41%).'

The figures are the ones the ranking used (``asztal.bots.ranking``): the move suggested has
the best figure, in the same unit as the game review (chance of winning, or the victory
points a solo PocketCiv game is expected to end with). One search serves every language
(:func:`advise`, :func:`hint_texts`), so the Hungarian and the English hint name the same moves
with the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from asztal.bots.mcts import MctsBot
from asztal.bots.ranking import rank, unit
from asztal.engine import Action, GameState
from asztal.engine.i18n import check_lang

_TEXT = {
    "hu": {
        "only": "{label}: ez az egyetlen szabályos lépés.",
        "win": "{label}: kb. {fig}% nyerési esély, {n} szimulált folytatás átlaga{alt}.",
        "vp": "{label}: kb. {fig} győzelmi pont várható a játék végén, {n} szimulált folytatás átlaga{alt}.",
        "alt_win": " (a második legjobb: {label}, {fig}%)",
        "alt_vp": " (a második legjobb: {label}, {fig} pont)",
    },
    "en": {
        "only": "{label}: the only legal move.",
        "win": "{label}: about {fig}% chance to win, the average over {n} simulated continuations{alt}.",
        "vp": "{label}: about {fig} victory points expected at the end, the average over {n} simulated "
              "continuations{alt}.",
        "alt_win": " (next best: {label}, {fig}%)",
        "alt_vp": " (next best: {label}, {fig} points)",
    },
}


#: a hint searches this many iterations (reproducible) unless ``HINT_SECONDS`` run out first
HINT_ITERATIONS = 1000
HINT_SECONDS = 1.0


@dataclass(frozen=True)
class Advice:
    """A hint before it is worded: the move, the next best (if any), their figures in
    ``unit`` (``"win"``: a chance in [0, 1]; ``"vp"``: victory points) and the iterations."""

    action: Action
    figure: float | None = None
    alt: Action | None = None
    alt_figure: float | None = None
    unit: str = "win"
    iterations: int = 0


def advise(state: GameState, seat: int, seed: int = 0, level: str = "normal") -> Advice:
    """The move the ``level`` bot suggests for ``seat`` (who must be to move), with figures.

    The bot sees only what ``seat`` sees, exactly as when it plays. It searches
    ``HINT_ITERATIONS`` iterations with the level's other settings, so the same position
    and seed give the same hint, but never longer than ``HINT_SECONDS`` (a player waits).
    """
    if state.is_over:
        raise ValueError("the game is over")  # the callers ask only while it runs
    if seat != state.to_move:
        raise ValueError(f"seat {seat} is not to move")  # the callers ask only for the seat to move
    acts = state.legal_actions()
    if len(acts) == 1:
        return Advice(acts[0])
    bot = MctsBot(seed=seed, level=level, iterations=HINT_ITERATIONS, max_time=HINT_SECONDS)
    root = bot.search(state)
    by_code = {a.code: a for a in acts}
    ranked = rank(state, root, list(by_code))
    kind, _ = unit(state)
    n = bot.last_stats.get("iterations", 0)
    best = ranked[0]  # a search runs at least one iteration, so one move at least was tried
    alt = ranked[1] if len(ranked) > 1 else None
    return Advice(by_code[best.code], best.figure, by_code[alt.code] if alt else None,
                  alt.figure if alt else None, kind, n)


def _shown(advice: Advice, figure: float) -> str:
    return str(round(100 * figure)) if advice.unit == "win" else str(round(figure))


def word(advice: Advice, lang: str) -> str:
    """The advice in one line of ``lang``: the move, its figure and unit, the next best."""
    check_lang(lang)
    texts = _TEXT[lang]
    label = advice.action.label(lang)
    if advice.figure is None:
        return texts["only"].format(label=label)
    alt = ""
    if advice.alt is not None and advice.alt_figure is not None:
        alt = texts["alt_" + advice.unit].format(label=advice.alt.label(lang), fig=_shown(advice, advice.alt_figure))
    return texts[advice.unit].format(label=label, fig=_shown(advice, advice.figure), n=advice.iterations, alt=alt)


def hint(state: GameState, seat: int, lang: str = "hu", seed: int = 0,
         level: str = "normal") -> tuple[Action, str]:
    """The suggested move for ``seat`` and its reason in ``lang`` (see :func:`advise`)."""
    check_lang(lang)
    advice = advise(state, seat, seed, level)
    return advice.action, word(advice, lang)


def hint_texts(state: GameState, seat: int, seed: int = 0, level: str = "normal") -> tuple[Action, dict[str, str]]:
    """One search, its reason in every language (the server sends both)."""
    advice = advise(state, seat, seed, level)
    return advice.action, {lang: word(advice, lang) for lang in _TEXT}
