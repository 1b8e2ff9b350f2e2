"""Game review: for each decision of one seat, what the review bot would have played and
what the move played cost, and the biggest mistakes with the position the seat saw.

>>> result = review_game(record, seat=0)                      # doctest: +SKIP
>>> result["mistakes"][0]["loss"], result["mistakes"][0]["best"]["code"]   # doctest: +SKIP

The function is what ``asztal review FILE`` prints and what a server can return as JSON.
It replays the record and, at each of the seat's decisions (more than one legal move),
runs the review bot (``mcts:hard`` here, ``mcts:normal`` from ``asztal review``) from that
position. The bot reaches the position only
through ``state.determinize(seat, rng)`` and the seat's own legal moves, and the position
reported is ``state.view(seat)``: what the other seats hid stays hidden, so two games that
differ only in what the seat could not see get the same review.

A whole game is reviewed in two passes per decision: a quick search (a fifth of the bot's
budget) first, and the full search only where the quick one finds a move clearly better
than the one played (by ``SCREEN_MARGIN``): most moves of a game are far from a mistake,
and those are told from the quick search. ``screen=False`` searches every decision in full.

Losses are estimated from the search: the value of the best move (ranked as a hint ranks
it, ``asztal.bots.ranking``: the best figure among the moves tried often enough) minus the value of
the move played (a second search restricted to the played move when the first hardly
tried it). With several players the value is the chance of winning (the bots' reward in
[0, 1]: 0.9 shared by the winners plus up to 0.1 for the score); in a solo game it is
converted to victory points when the game's evaluation says how (``reward_points``),
else it stays the solo reward (PAX solitaire: the chance of beating the level).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asztal import games
from asztal.bots.mcts import MctsBot, Node
from asztal.bots.ranking import rank
from asztal.bots.ranking import unit as figure_unit
from asztal.engine import Action, GameState

#: the free search must have tried the played move this many times to trust its value
MIN_VISITS = 30
#: the quick first look at a decision: this share of the bot's budget ...
SCREEN_SHARE = 0.2
#: ... is the verdict when no move beats the played one by this much (in the bots' reward,
#: [0, 1]: two points of winning chance) and the played move was tried MIN_VISITS times
SCREEN_MARGIN = 0.02

#: how moves are named: ``labels(state, seat, actions, lang)`` (an interface passes the
#: labels its options list shows); default: each action's own label
Labels = Callable[[GameState, int, list[Action], str], list[str]]


def _bot(spec: str | None, iterations: int | None, seconds: float | None, seed: int) -> MctsBot:
    from asztal.bots.registry import make_bot

    bot = make_bot(spec or "mcts:hard", seed)
    if not isinstance(bot, MctsBot):
        raise ValueError(f"a review needs an MCTS bot, not {spec!r}")
    over: dict[str, Any] = {}
    if iterations is not None:
        over["iterations"] = iterations
    if seconds is not None:
        over["max_time"] = seconds
    bot._overrides.update(over)
    return bot


def _search(bot: MctsBot, state: GameState, share: float, only: frozenset[str] | None = None,
            floor: int = 1) -> tuple[Node, dict[str, Any]]:
    """``bot.search`` with ``share`` of its budget (iterations, at least ``floor``, or time);
    the root and its stats."""
    cfg = bot.config_for(state.game.name)
    saved = dict(bot._overrides)
    if share != 1.0:
        if cfg.iterations is not None:
            bot._overrides["iterations"] = max(floor, int(cfg.iterations * share))
        if cfg.max_time is not None:
            bot._overrides["max_time"] = cfg.max_time * share
    try:
        root = bot.search(state, only=only)
    finally:
        bot._overrides = saved
    return root, bot.last_stats


def _best(state: GameState, root: Node, acts: dict[str, Action]) -> str:
    """The best move as a hint ranks it (``asztal.bots.ranking``): the best figure shown."""
    return rank(state, root, list(acts))[0].code


def _verdict(state: GameState, seat: int, played: str, best: str, v_played: float, v_best: float,
             iterations: int, lang: str, labels: Labels | None, screened: bool) -> dict[str, Any]:
    acts = {a.code: a for a in state.legal_actions()}
    unit, conv = figure_unit(state)
    pair = [acts[played], acts[best]]
    names = labels(state, seat, pair, lang) if labels else [a.label(lang) for a in pair]
    return {
        "move": len(state.history),
        "played": {"code": played, "label": names[0], "value": conv(v_played)},
        "best": {"code": best, "label": names[1], "value": conv(v_best)},
        "loss": max(0.0, conv(v_best) - conv(v_played)) if best != played else 0.0,
        "unit": unit,
        "iterations": iterations,
        "choices": len(acts),
        "screened": screened,
    }


def screen_decision(state: GameState, seat: int, played: str, bot: MctsBot, lang: str = "hu",
                    labels: Labels | None = None) -> dict[str, Any] | None:
    """The quick verdict on a decision far from a mistake (see the module doc), or None when
    the quick search finds a clearly better move, or tried the played one too little."""
    acts = {a.code: a for a in state.legal_actions()}
    root, stats = _search(bot, state, SCREEN_SHARE)
    values = stats["values"]
    ch = root.children.get(played)
    if ch is None or ch.visits < MIN_VISITS:
        return None
    best = _best(state, root, acts)
    if best != played and values[best] - values[played] >= SCREEN_MARGIN:
        return None
    return _verdict(state, seat, played, best, values[played], values[best], stats["iterations"], lang, labels,
                    screened=True)


def review_decision(state: GameState, seat: int, played: str, bot: MctsBot,
                    lang: str = "hu", labels: Labels | None = None) -> dict[str, Any]:
    """One decision of ``seat`` (to move in ``state``): the bot's move, the played move, the loss.

    Reads only what ``seat`` sees: the search samples worlds with ``determinize(seat)``.
    """
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    acts = {a.code: a for a in state.legal_actions()}
    if played not in acts:
        raise ValueError(f"{played!r} is not a legal move here")
    root, stats = _search(bot, state, 1.0)
    values = stats["values"]
    best = _best(state, root, acts)
    v_best = values[best]
    ch = root.children.get(played)
    if ch is not None and ch.visits >= MIN_VISITS:
        v_played = ch.total / ch.visits
    else:  # judge the played move by its own search, a quarter of the budget
        side, _ = _search(bot, state, 0.25, only=frozenset({played}), floor=MIN_VISITS)
        c2 = side.children[played]
        v_played = c2.total / c2.visits if c2.visits else 0.0
    if v_played > v_best:  # the move played proves best: the best move keeps the best figure
        best, v_best = played, v_played
    return _verdict(state, seat, played, best, v_played, v_best, stats["iterations"], lang, labels, screened=False)


def review_game(record: dict[str, Any], seat: int, spec: str | None = None, *,
                iterations: int | None = None, seconds: float | None = None, seed: int = 0,
                lang: str = "hu", top: int = 3, screen: bool = True, labels: Labels | None = None,
                progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Review ``seat``'s decisions (0-based) in a game ``record`` (see docs/formats/records.md).

    ``spec``: the reviewing bot (default ``mcts:hard``, a time budget per decision);
    ``iterations`` / ``seconds`` override its budget (``iterations`` alone: reproducible);
    ``screen``: the quick first look (module doc); ``labels``: how moves are named.
    Returns a JSON-able dict: every decision, the total loss, and the ``top`` biggest
    mistakes with the position the seat saw (``view``) before it.
    """
    g = games.load(str(record.get("game")))
    start = games.replay({**record, "actions": []})
    if not 0 <= seat < start.players:
        raise ValueError(f"no seat {seat + 1} in a {start.players}-player game")
    codes = list(record.get("actions") or [])
    bot = _bot(spec, iterations, seconds, seed)
    state = start
    todo = []
    probe = start.clone()
    for i, code in enumerate(codes):
        if probe.to_move == seat and len(probe.legal_actions()) > 1:
            todo.append(i)
        probe.apply(g.parse_action(probe, code))
    decisions, views = [], {}
    for i, code in enumerate(codes):
        if todo and i == todo[0]:
            todo.pop(0)
            d = (screen and screen_decision(state, seat, code, bot, lang, labels)) or \
                review_decision(state, seat, code, bot, lang, labels)
            decisions.append(d)
            views[d["move"]] = state.view(seat)
            if progress:
                progress(len(decisions), len(decisions) + len(todo))
        state.apply(g.parse_action(state, code))
    worst = sorted((d for d in decisions if d["loss"] > 0), key=lambda d: -d["loss"])[:top]
    unit = decisions[0]["unit"] if decisions else figure_unit(start)[0]
    return {
        "game": g.name, "players": start.players, "seat": seat, "bot": bot.spec, "unit": unit,
        "decisions": decisions,
        "total_loss": sum(d["loss"] for d in decisions),
        "agreement": sum(d["best"]["code"] == d["played"]["code"] for d in decisions) / len(decisions)
        if decisions else 1.0,
        "mistakes": [{**d, "view": views[d["move"]]} for d in worst],
    }
