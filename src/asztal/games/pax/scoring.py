"""Determining the winner (Győztes) and final scoring: rulebook sections 12-13 and the
solitaire requirements (section 14).

Pure functions over symbol and card counts, so the book's scoring example can be checked
number by number (``tests/pax/test_scoring.py``).
"""

from __future__ import annotations

from typing import Any

from asztal.games.pax.pack import ARMY, CATEGORIES, FLEET

# categories to beat Rome in: PAX-SOLO-07 (3), PAX-SOLO-08 (4), PAX-SOLO-09 (5), PAX-SOLO-10 (6), PAX-SOLO-11 (7)
SOLO_BEAT = {1: 3, 2: 4, 3: 5, 4: 6, 5: 7}


def bonus_armies(fleet_symbols: int) -> int:
    """PAX-FLT-01: one bonus Army per 3 Fleet symbols (not subject to the limit, PAX-FLT-02)."""
    return fleet_symbols // 3


def bonus_fleets(army_symbols: int) -> int:
    """PAX-ARM-01: one bonus Fleet per 3 Army symbols (not subject to the limit, PAX-ARM-02)."""
    return army_symbols // 3


def totals(base: list[int] | tuple[int, ...]) -> list[int]:
    """Symbol totals per category including the bonus Fleets and Armies.

    PAX-Q-15: bonuses come from the played (base) symbols only; a bonus Fleet does not
    itself create a bonus Army. PAX-WIN-02: Rome gets its bonuses the same way.
    """
    t = list(base)  # PAX-LIM-04: bonuses are not limited
    t[FLEET] += bonus_fleets(base[ARMY])
    t[ARMY] += bonus_armies(base[FLEET])
    return t


def rome_categories(rome: list[int], players: list[list[int]]) -> list[bool]:
    """Per category: does Rome have at least as many symbols as every single player (PAX-WIN-04)?"""
    return [all(rome[k] >= p[k] for p in players) for k in range(7)]  # PAX-WIN-03: all 7 categories


def final_result(rome_base: list[int], player_base: list[list[int]], player_cards: list[list[int]],
                 money: list[int], hand_sizes: list[int], pc_holder: int | None,
                 level: int | None = None) -> dict[str, Any]:
    """The result of a finished game.

    ``rome_base``: Rome's played symbols per category, its 3 hidden cards included
    (PAX-WIN-01); ``player_base`` / ``player_cards``: each player's symbols and cards per
    category; ``money``: Aureus held; ``hand_sizes``: influence cards left in hand;
    ``pc_holder``: seat holding Primus Conspiratus or None; ``level``: solitaire game 1-5.
    """
    # PAX-SYM-01: everything here counts symbols; card counts only decide "categories played"
    rome = totals(rome_base)  # PAX-WIN-02
    players = [totals(b) for b in player_base]
    n = len(players)
    held = rome_categories(rome, players)
    rome_count = sum(held)
    # PAX-SCORE-05, PAX-Q-02: money = Aureus + 1 per influence card left in hand
    wealth = [money[s] + hand_sizes[s] for s in range(n)]
    top = max(wealth)
    points, breakdown = [], []
    for s in range(n):
        p, cards = players[s], player_cards[s]
        played = sum(1 for k in range(7) if cards[k] > 0)  # PAX-SCORE-01, PAX-Q-14: categories with cards
        stronger = [CATEGORIES[k] for k in range(7) if p[k] > rome[k]]  # PAX-SCORE-02
        b = {
            "categories_played": 2 * played,
            "stronger_than_rome": 3 * len(stronger),
            "fleet_and_army": p[FLEET] + p[ARMY],  # PAX-SCORE-03, bonuses included
            "primus_conspiratus": 1 if (pc_holder == s and level is None) else 0,  # PAX-SCORE-04
            # PAX-SCORE-05, PAX-SCORE-06: ties all get 4
            "most_money": 4 if (wealth[s] == top and level is None) else 0,
        }
        points.append(sum(b.values()))
        breakdown.append({**b, "stronger_in": stronger, "money": wealth[s]})
    out: dict[str, Any] = {
        "rome_totals": dict(zip(CATEGORIES, rome, strict=True)),
        "player_totals": [dict(zip(CATEGORIES, p, strict=True)) for p in players],
        "rome_holds": [CATEGORIES[k] for k in range(7) if held[k]],
        "points": points,
        "breakdown": breakdown,
    }
    if level is not None:
        # PAX-SOLO-06: every category played; PAX-SOLO-07..11: stronger in SOLO_BEAT[level];
        # PAX-SOLO-13: won exactly when both hold, else Rome wins
        cards = player_cards[0]
        all_played = all(cards[k] > 0 for k in range(7))
        n_stronger = sum(1 for k in range(7) if players[0][k] > rome[k])
        beaten = all_played and n_stronger >= SOLO_BEAT[level]
        out.update({"level": level, "level_beaten": beaten, "all_categories_played": all_played,
                    "categories_stronger": n_stronger, "categories_needed": SOLO_BEAT[level],
                    "rome_won": not beaten, "winners": [0] if beaten else []})
        return out
    rome_won = rome_count >= 4  # PAX-WIN-04; otherwise PAX-WIN-05 holds (PAX-WIN-06); PAX-GOAL-03
    if rome_won:
        # PAX-WIN-04: the Primus Conspiratus holder shares Rome's victory; PAX-Q-06: nobody if no holder
        winners = [] if pc_holder is None else [pc_holder]
    else:
        best = max(points)  # PAX-WIN-05; PAX-Q-07: ties share the victory
        winners = [s for s in range(n) if points[s] == best]
    out.update({"rome_won": rome_won, "winners": winners})
    return out
