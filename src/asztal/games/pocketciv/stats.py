"""PocketCiv statistics of a finished game, one value per column of a results file.

The designer's question is survival: which era an Empire reaches and how it ends
(all eight eras played, stopped at an era change, or collapsed). A row also carries what
the Empire built. Per-empire columns are lists by seat (one entry in the solo game).
Reads only the finished state; nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asztal.games.pocketciv.state import PocketCivState

#: column -> (type, meaning); types are those of ``asztal.research.schema``
COLUMNS: dict[str, tuple[str, str]] = {
    "era": ("int", "the era the game ended in (1-8)"),
    "ending": ("str", "how the game ended, as its outcome names it: eras (all 8 played), stopped (at an "
               "era change), collapse (no tribe and no city); multiplayer games also wiped"),
    "cities": ("list<int>", "per seat: cities standing at the end"),
    "city_av": ("list<int>", "per seat: the cities' total advancement value (AV)"),
    "tribes": ("list<int>", "per seat: tribes on the map at the end"),
    "advances": ("list<int>", "per seat: advances acquired"),
    "wonders": ("list<int>", "per seat: wonders standing"),
    "gold": ("list<int>", "per seat: gold held"),
    "vp_eras": ("list<int>", "per seat: victory points from the era scorings"),
    "vp_wonders": ("list<int>", "per seat: victory points from wonders"),
    "round": ("int", "the round the game ended in"),
    "fallen": ("list<int>", "multiplayer: the seats (0-based) left with neither a tribe nor a city; they lost "
               "(ruling PC-R-MP-WIPEOUT-LOSES)"),
    "fall_cause": ("str", "what the fallen seats fell after: an event (its id on the cards) or a step of the "
                   "round (tribe_upkeep, city_upkeep...); null when nobody fell or neither applies"),
    "won_by": ("str", "multiplayer: the rule the winners won by: points (Era 8 over), last_standing, "
               "points_of_the_standing; null in the solo game and when nobody won"),
}
USES_LOG = False


#: (tribes, cav, wonders, gold, vp, vp_wonders, advance bits) of one seat's Empire
EmpireRow = tuple[list[int], list[int], tuple[tuple[int, ...], ...], int, int, int, int]


def _empire(state: PocketCivState, seat: int) -> EmpireRow:
    """(tribes, cav, wonders, gold, vp, vp_wonders, advance bits) of one seat's Empire."""
    e = state.seats[seat]
    return (e.tribes, e.cav, e.wonders, e.gold, e.vp, e.vp_wonders, e.adv)


def game_stats(state: PocketCivState) -> dict[str, Any]:
    """The columns above for a finished PocketCiv game."""
    if not state.is_over:
        raise ValueError("PocketCiv statistics need a finished game")
    emp = [_empire(state, p) for p in range(state.players)]
    result = state.final_outcome()
    return {
        "era": int(state.era),
        "ending": None if state.ending is None else state.ending.value,
        "cities": [len(cav) - list(cav).count(0) for _, cav, *_ in emp],
        "city_av": [int(sum(cav)) for _, cav, *_ in emp],
        "tribes": [int(sum(t)) for t, *_ in emp],
        "advances": [int(adv).bit_count() for *_, adv in emp],
        "wonders": [sum(len(ws) for ws in e[2]) for e in emp],
        "gold": [int(e[3]) for e in emp],
        "vp_eras": [int(e[4]) for e in emp],
        "vp_wonders": [int(e[5]) for e in emp],
        "round": int(state.round_no),
        "fallen": list(result.fallen),
        "fall_cause": result.cause,
        "won_by": None if result.won_by is None else result.won_by.value,
    }
