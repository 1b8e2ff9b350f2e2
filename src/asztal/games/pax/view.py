"""What each seat may know (PAX-SETUP-13, PAX-TURN-05) and resampling what it may not.

Public: the Legion groups (face up), Rome's face-up cards, every tableau, hand sizes, the
cards a player bought (everybody saw them go into the hand), the deck size, who holds
Primus and Primus Conspiratus.
Secret: the other hands (except bought cards), every player's money (PAX-SETUP-13), the
cards being drawn (only the drawer sees them), the deck order (except the cards a seat
slid under it itself, whose places it knows), the boxed / set-aside cards, and Rome's 3
face-down cards (seen only by seats that passed, PAX-TURN-05). At the end Rome's cards and
all money are revealed (PAX-WIN-01, PAX-SCORE-05).

Money: every payment in PAX is public (income follows from the played cards, prices from
the groups, play costs from the number of cards), so a player with perfect memory knows
everybody's money; the view hides it as the book asks, and ``determinize`` keeps it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from asztal.games.pax.frames import MODE_NAMES, PLACED_NAMES, Drawing, Over, Playing
from asztal.games.pax.pack import (
    ARMY,
    BIT,
    CARD_CAT,
    CARD_IDS,
    CATEGORIES,
    FLEET,
    LEGION_NUMERALS,
    Pack,
)
from asztal.games.pax.play import fleet_army_limit
from asztal.games.pax.scoring import bonus_armies, bonus_fleets
from asztal.games.pax.setup import shuffle

if TYPE_CHECKING:
    from asztal.engine.rng import Rng
    from asztal.games.pax.state import PaxState

#: a card as a view shows it: id, category, cost and symbol count
CardJson = dict[str, str | int]

_TEMPLATES: dict[int, tuple[Pack, tuple[CardJson, ...]]] = {}


def _templates(pack: Pack) -> tuple[CardJson, ...]:
    """The card objects of a pack, built once and shared by every view of every state: a view
    holds these very dicts (copying each card's dict was the largest part of a view's cost), so
    whoever reads a view treats its cards as read-only (``card_json`` gives a copy to change)."""
    key = id(pack)
    t = _TEMPLATES.get(key)
    if t is None or t[0] is not pack:
        cards: tuple[CardJson, ...] = tuple(
            {"id": CARD_IDS[c], "category": CATEGORIES[CARD_CAT[c]], "cost": pack.cost[c],
             "symbols": pack.symbols[c]} for c in range(len(CARD_IDS)))
        t = _TEMPLATES[key] = (pack, cards)
    return t[1]


def card_json(state: PaxState, c: int) -> dict[str, Any]:
    return dict(_templates(state.pack)[c])


def _per_cat(values: Iterable[int]) -> dict[str, int]:
    return dict(zip(CATEGORIES, values, strict=True))


def view(state: PaxState, seat: int | None) -> dict[str, Any]:
    frame = state.frame
    over = isinstance(frame, Over)
    n = state.players
    templates = _templates(state.pack)

    def cards_of(seq: Iterable[int]) -> list[dict[str, Any]]:
        return [templates[c] for c in seq]

    saw_rome = over or (seat is not None and bool(state.rome_seen >> seat & 1))
    rome_face_up = state.rome_symbols(False)
    players = []
    for s in range(n):
        b = s * 7
        sym = state.sym[b:b + 7]
        hand = state.hands[s]
        players.append({
            "seat": s,
            "tableau": cards_of(state.tableau[s]),
            "symbols": _per_cat(sym),
            "cards": _per_cat(state.cnt[b:b + 7]),
            "limit": fleet_army_limit(sym),  # PAX-LIM-01
            "bonus_armies": bonus_armies(sym[FLEET]),  # PAX-FLT-01
            "bonus_fleets": bonus_fleets(sym[ARMY]),  # PAX-ARM-01
            "hand_size": len(hand),
            "hand_public": cards_of(c for c in hand if state.known & BIT[c]),
            "money": state.money[s] if (over or s == seat) else None,
            "saw_rome": bool(state.rome_seen >> s & 1),
            "primus": s == state.primus,
            "primus_conspiratus": s == state.pc,
        })
    v: dict[str, Any] = {
        "game": "pax",
        "pack": state.pack.name,
        "reconstructed": state.pack.reconstructed,
        "players": n,
        "seat": seat,
        "level": state.level or None,
        "phase": frame.STAGE.name_json,
        "to_move": state.to_move,
        "round": state.round_no,
        "start_player": state.primus,
        "primus_conspiratus": None if state.pc < 0 else state.pc,
        "deck_size": len(state.deck),
        "removed": len(state.removed),
        "deck_ran_out": state.exhausted,
        "legions": [{"number": i + 1, "numeral": LEGION_NUMERALS[i],
                     "cards": cards_of(g), "value": sum(state.cost[c] for c in g),
                     # what the viewing seat would pay, its Wealth discount taken off (PAX-WEA-01)
                     "price": state.price(seat, i) if seat is not None and g else None}
                    for i, g in enumerate(state.legions)],
        "rome": {
            "cards": cards_of(state.rome),
            "symbols": _per_cat(rome_face_up),
            "hidden_count": len(state.rome_hidden),
            "hidden": cards_of(state.rome_hidden) if saw_rome else None,
        },
        "tableaux": players,
    }
    if isinstance(frame, Drawing):
        v["draw"] = {
            "mode": MODE_NAMES[frame.mode],
            "drawn": len(frame.held),
            "left": frame.left,
            "used": [name for bit, name in PLACED_NAMES if frame.placed & bit],
            "cards": cards_of(frame.held) if seat == state.to_move else None,
        }
    if isinstance(frame, Playing):
        v["turn"] = {"played": frame.played, "next_cost": frame.played,
                     "categories": [CATEGORIES[k] for k in range(7) if frame.categories >> k & 1]}
        if seat is not None and seat == state.to_move:  # what stopping now would pay (section 7.2)
            v["turn"]["income"] = state.income(seat)
    if seat is not None:
        v["hand"] = cards_of(state.hands[seat])
        v["money"] = state.money[seat]
        mine = state.slid[seat]
        # the cards this seat slid under the deck, counted from the bottom (1 = the bottom card)
        v["deck_known"] = [[i + 1, CARD_IDS[c]] for i, c in enumerate(state.deck) if mine & BIT[c]]
    if over:
        v["result"] = copy.deepcopy(state.final())
    return v


def determinize(state: PaxState, seat: int, rng: Rng) -> None:
    """Shuffle every card ``seat`` cannot see among the places it cannot see into."""
    state.own_hands()  # a clone's: the hands, the deck and ``slid`` are rewritten below
    state.own_deck()
    pool: list[int] = []
    known = state.known
    others = [s for s in range(state.players) if s != seat]
    for s in others:
        pool.extend(c for c in state.hands[s] if not known & BIT[c])
    frame = state.frame
    hidden_pending = isinstance(frame, Drawing) and state.to_move != seat
    if isinstance(frame, Drawing) and hidden_pending:
        pool.extend(frame.held)
    mine = state.slid[seat]
    deck = state.deck
    deck_slots = [i for i, c in enumerate(deck) if not mine & BIT[c]]
    # the unknown deck places where another seat slid a card (it keeps knowing that place)
    other_slid = state.slid_all & ~mine
    owned: list[tuple[int, int]] = []
    if other_slid:
        for i in deck_slots:
            b = BIT[deck[i]]
            if other_slid & b:
                owned.append((i, next(s for s in others if state.slid[s] & b)))
    pool.extend(deck[i] for i in deck_slots)
    rome_hidden = not (isinstance(frame, Over) or state.rome_seen >> seat & 1)
    if rome_hidden:
        pool.extend(state.rome_hidden)
    pool.extend(state.removed)
    pool.sort()  # the result depends only on which cards are unseen, not on where they really are
    shuffle(rng, pool)
    it = iter(pool)
    for s in others:
        state.hands[s] = tuple(c if known & BIT[c] else next(it) for c in state.hands[s])
    if isinstance(frame, Drawing) and hidden_pending:
        state.frame = replace(frame, held=tuple(next(it) for _ in frame.held))
    for i in deck_slots:
        deck[i] = next(it)
    if rome_hidden:
        state.rome_hidden = tuple(next(it) for _ in state.rome_hidden)
    state.removed = tuple(next(it) for _ in state.removed)
    for s in others:
        state.slid[s] = 0
    for i, s in owned:
        state.slid[s] |= BIT[deck[i]]
    all_slid = 0
    for m in state.slid:
        all_slid |= m
    state.slid_all = all_slid
