"""Cleopatra's Caboose statistics of a finished game: victory points by source.

The designer's question is which way to score pays: city majorities, buildings, fruit
sets, trains on the routes others deliver over, the railway bonus, pyramids or money.
Points scored during play are read from the finished game's log (their events carry the
points: CC-ACT-BUILD-08, CC-ACT-DELIVER-09/10, CC-GOD-SETH-01, CC-ACT-PYR-06), the final
scoring from its result
(CC-SCORE-*); per-seat lists add up to the seat's score. Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

#: column -> (type, meaning); types are those of ``asztal.research.schema``
COLUMNS: dict[str, tuple[str, str]] = {
    "vp_cities": ("list<int>", "per seat: final-scoring VP of the cities (train majorities)"),
    "vp_buildings": ("list<int>", "per seat: VP of buildings built during play plus the final building sets"),
    "vp_fruit": ("list<int>", "per seat: final-scoring VP of fruit sets"),
    "vp_deliveries": ("list<int>", "per seat: VP won when another seat delivers (own trains on the "
                      "destination's routes, that fruit on an own played card)"),
    "vp_railway": ("list<int>", "per seat: VP for the longest route when building a railway (Seth)"),
    "vp_pyramids": ("list<int>", "per seat: VP of the pyramids built"),
    "vp_money": ("list<int>", "per seat: final-scoring VP of money (one per 3)"),
    "money": ("list<int>", "per seat: money left at the end"),
    "first_player": ("int", "the seat that began the first round (Cleo at setup, CC-COMP-11)"),
}
#: the points scored during play are only in the log, so the game is played with its log kept
USES_LOG = True


def game_stats(state: CabooseState) -> dict[str, Any]:
    """The columns above for a finished game played with its log."""
    final = state.final
    if final is None:
        raise ValueError("Caboose statistics need a finished game")
    if state.log is None:
        raise ValueError("Caboose statistics need the game's log (play it with the log kept)")
    n = state.players
    built, deliveries, railway, pyramids = [0] * n, [0] * n, [0] * n, [0] * n
    first = None
    for e in state.log:
        key = e.get("key")
        if key == "caboose.setup":
            first = e["start"]
        elif key == "caboose.build":
            built[e["seat"]] += e["vp"]
        elif key == "caboose.deliver":
            for q, vp in enumerate(e["vp"]):
                deliveries[q] += vp
        elif key == "caboose.rail":
            railway[e["seat"]] += e["vp"]
        elif key == "caboose.pyramid":
            pyramids[e["seat"]] += e["value"]
    return {
        "vp_cities": list(final["cities"]),
        "vp_buildings": [built[s] + final["buildings"][s] for s in range(n)],
        "vp_fruit": list(final["fruit"]),
        "vp_deliveries": deliveries,
        "vp_railway": railway,
        "vp_pyramids": pyramids,
        "vp_money": list(final["money"]),
        "money": [int(m) for m in state.money],
        "first_player": first,
    }
