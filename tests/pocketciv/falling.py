"""How the end-to-end tests of issue 33 let a two-player Empire fall as fast as a player may:
all starting tribes on an area that feeds none (support 0, PC-UPK-TRIBE-01), the Totem left to
the other player, every phase ended at once; the first upkeep or event then takes them all
(PC-R-MP-WIPEOUT-LOSES). The terminal's and the browser's tests both play it."""

from __future__ import annotations

#: an area's resources (each feeds one tribe, PC-UPK-TRIBE-01), as the view names them
FEEDS = ("forest", "mountain", "volcano", "farm")


def choose(codes: list[str], barren: int) -> str:
    """The falling player's move among the legal ``codes``, ``barren`` the area that feeds none."""
    for wanted in (f"place:area={barren}", "totem:leave", "done"):
        if wanted in codes:
            return wanted
    return codes[0]  # a decision with no way to end it (none expected): its first choice
