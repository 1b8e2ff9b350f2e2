"""PAX statistics of a finished game, one value per column of a results file.

Designers ask whether Rome wins too often and in which categories it is strong, so a row
carries Rome's final strength per category (its three hidden cards included, PAX-WIN-01),
the categories it holds, and per seat how many categories that seat beat Rome in.
Reads only the finished state's result; nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asztal.games.pax.pack import CATEGORIES

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

#: column -> (type, meaning); types are those of ``asztal.research.schema``
COLUMNS: dict[str, tuple[str, str]] = {
    "rome_won": ("bool", "Rome won the game (it holds at least as many categories as the rule needs)"),
    "rome_holds": ("list<str>", "the categories Rome holds at the end"),
    **{f"rome_{c}": ("int", f"Rome's final {c} strength (symbols, hidden cards included)") for c in CATEGORIES},
    "stronger_than_rome": ("list<int>", "per seat: in how many categories the seat is stronger than Rome"),
    "beat_rome": ("list<int>", "the seats that won against Rome (empty when Rome won)"),
    "primus_conspiratus": ("int", "the seat holding Primus Conspiratus at the end (null: nobody)"),
    "level": ("int", "solitaire level 1-5 (null in games of several players)"),
    "level_beaten": ("bool", "solitaire: the level's requirements were met (null otherwise)"),
}
USES_LOG = False


def game_stats(state: PaxState) -> dict[str, Any]:
    """The columns above for a finished PAX game."""
    r = state.final()
    if r is None:
        raise ValueError("PAX statistics need a finished game")
    rome = r["rome_totals"]
    out: dict[str, Any] = {
        "rome_won": bool(r["rome_won"]),
        "rome_holds": list(r["rome_holds"]),
        **{f"rome_{c}": int(rome[c]) for c in CATEGORIES},
        "stronger_than_rome": [len(b["stronger_in"]) for b in r["breakdown"]],
        "beat_rome": [] if r["rome_won"] else sorted(r["winners"]),
        "primus_conspiratus": None if state.pc < 0 else int(state.pc),
        "level": state.level or None,
        "level_beaten": bool(r["level_beaten"]) if state.level else None,
    }
    return out
