"""Game review in the browser: ``asztal review``'s three biggest mistakes of one seat, each
drawn on the board of that moment with the bot's move and the move played marked.

The review itself is ``asztal.bots.review.review_game`` (what the terminal prints); here it
runs with a small fixed search budget (``ITERATIONS``: reproducible and a second or so for
a PAX or Caboose game, a few seconds for PocketCiv) in the bot pool's side workers (never in
the server's own process: its event loop would stop for as long), one review at a time per
worker, and the answers of the last reviews are kept there, so asking again is free.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from asztal import games
from asztal.bots.review import review_game
from asztal.server.present import option_labels

#: MCTS iterations per decision: cheap, and the same answer every time (seeded)
ITERATIONS = 20
_CACHE: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
_CACHE_SIZE = 32
_LOCK = threading.Lock()


class Busy(Exception):
    """Other reviews are waiting or running: ask again in a moment."""


def review(key: str, record: dict[str, Any], seat: int, lang: str, names: list[str] | None) -> dict[str, Any]:
    """The biggest mistakes of ``seat`` in a finished game's ``record`` (``key``: its cache key)."""
    ck = (key, seat, lang)
    if ck in _CACHE:
        _CACHE.move_to_end(ck)
        return _CACHE[ck]
    if not _LOCK.acquire(blocking=False):
        raise Busy()
    try:
        result = review_game(record, seat, iterations=ITERATIONS, seed=0, lang=lang, top=3)
        out = _present(record, result, seat, lang, names)
    finally:
        _LOCK.release()
    _CACHE[ck] = out
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return out


def _present(record: dict[str, Any], result: dict[str, Any], seat: int, lang: str,
             names: list[str] | None) -> dict[str, Any]:
    """Each mistake with the labels as the seat reads them and its board (both moves marked)."""
    g = games.load(str(record["game"]))
    board = g.part("board")
    assert board is not None, "a reviewed game has a board"
    mistakes = []
    for m in result["mistakes"]:
        state = g.replay({**record, "actions": record["actions"][:m["move"]]})
        view = m["view"]
        acts = {a.code: a for a in state.legal_actions()}
        pair = [acts[m["played"]["code"]], acts[m["best"]["code"]]]
        played, best = option_labels(state, view, pair, lang)
        legal = [{"code": a.code, lang: label} for a, label in zip(pair, (played, best), strict=True)]
        mistakes.append({"move": m["move"], "loss": round(m["loss"], 3), "unit": m["unit"],
                         "played": {"code": pair[0].code, "label": played},
                         "best": {"code": pair[1].code, "label": best},
                         "board": board.draw(view, legal, lang, names=names)})
    return {"seat": seat, "unit": result["unit"], "decisions": len(result["decisions"]),
            "agreement": round(result["agreement"], 3), "total_loss": round(result["total_loss"], 3),
            "mistakes": mistakes}
