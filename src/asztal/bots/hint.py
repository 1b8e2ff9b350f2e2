"""Hints for a human: what the ``normal`` bot would play, and why, in Hungarian or English.

>>> action, why = hint(state, state.to_move, "en")      # doctest: +SKIP
>>> why                                                 # doctest: +SKIP
'Play your card: about 64% chance to win, judged over 400 simulated continuations (next best: Take a stone, 41%).'
"""

from __future__ import annotations

from asztal.bots.mcts import MctsBot
from asztal.engine import Action, GameState
from asztal.engine.i18n import check_lang

_TEXT = {
    "hu": {
        "only": "{label}: ez az egyetlen szabályos lépés.",
        "multi": "{label}: kb. {pct}% nyerési esély {n} szimulált folytatás alapján{alt}.",
        "solo": "{label}: {n} szimulált folytatásban a legjobb várható eredményt adta ({pct}%){alt}.",
        "alt": " (a második legjobb: {label}, {pct}%)",
    },
    "en": {
        "only": "{label}: the only legal move.",
        "multi": "{label}: about {pct}% chance to win, judged over {n} simulated continuations{alt}.",
        "solo": "{label}: best expected result over {n} simulated continuations ({pct}%){alt}.",
        "alt": " (next best: {label}, {pct}%)",
    },
}


#: a hint searches this many iterations (reproducible) unless ``HINT_SECONDS`` run out first
HINT_ITERATIONS = 1000
HINT_SECONDS = 1.0


def hint(state: GameState, seat: int, lang: str = "hu", seed: int = 0,
         level: str = "normal") -> tuple[Action, str]:
    """The move the ``level`` bot suggests for ``seat`` (who must be to move), with a reason.

    The bot sees only what ``seat`` sees, exactly as when it plays. It searches
    ``HINT_ITERATIONS`` iterations with the level's other settings, so the same position
    and seed give the same hint, but never longer than ``HINT_SECONDS`` (a player waits).
    """
    check_lang(lang)
    if state.is_over:
        raise ValueError("the game is over")  # the callers ask only while it runs
    if seat != state.to_move:
        raise ValueError(f"seat {seat} is not to move")  # the callers ask only for the seat to move
    texts = _TEXT[lang]
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0], texts["only"].format(label=acts[0].label(lang))
    bot = MctsBot(seed=seed, level=level, iterations=HINT_ITERATIONS, max_time=HINT_SECONDS)
    action = bot.choose(state)
    stats = bot.last_stats
    values, visits = stats.get("values", {}), stats.get("visits", {})
    by_code = {a.code: a for a in acts}
    ranked = sorted((c for c in visits if c in by_code and c != action.code),
                    key=lambda c: -visits[c])
    alt = ""
    if ranked:
        other = by_code[ranked[0]]
        alt = texts["alt"].format(label=other.label(lang), pct=round(100 * values.get(other.code, 0.0)))
    key = "solo" if state.players == 1 else "multi"
    return action, texts[key].format(label=action.label(lang), n=stats.get("iterations", 0),
                                     pct=round(100 * values.get(action.code, 0.0)), alt=alt)
