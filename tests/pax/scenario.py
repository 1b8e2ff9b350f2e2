"""Scenario builder: a PAX position written in a few lines, for tests that check one action.

>>> s = build(2, phase="play", hands=[["fleet-08", "estate"], []], tableaux=[["estate*2"], []])
>>> s.apply("play:card=estate-01")

Cards are given by id (``"army-08"``) or by a pattern that picks an unused card:
``"army"`` (a 1-symbol Army), ``"army*2"`` (2 symbols), ``"army$4"`` (printed value 4),
``"army*2$4"``. Cards not placed anywhere go to the deck (``deck_top`` first), the cards
out of the game and Rome's hidden cards are filled in as the player count needs.
"""

from __future__ import annotations

from typing import Any

from asztal import games
from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CATEGORIES, DEFAULT_PACK
from asztal.games.pax.setup import REMOVED

GAME = games.load("pax")


class _Picker:
    def __init__(self) -> None:
        self.used: set[str] = set()

    def reserve_exact(self, specs) -> None:
        for spec in specs:
            if spec in CARD_IDS:
                assert spec not in self.used, f"card {spec} placed twice in the scenario"
                self.used.add(spec)

    def pick(self, spec: str) -> str:
        if spec in CARD_IDS:
            return spec
        cat, want_sym, want_cost = spec, None, None
        if "$" in cat:
            cat, cost = cat.split("$")
            want_cost = int(cost)
        if "*" in cat:
            cat, sym = cat.split("*")
            want_sym = int(sym)
        elif want_cost is None:
            want_sym = 1
        k = CATEGORIES.index(cat)
        for i, cid in enumerate(CARD_IDS):
            if cid in self.used or CARD_CAT[i] != k:
                continue
            if want_sym is not None and DEFAULT_PACK.symbols[i] != want_sym:
                continue
            if want_cost is not None and DEFAULT_PACK.cost[i] != want_cost:
                continue
            self.used.add(cid)
            return cid
        raise AssertionError(f"no unused card matches {spec!r}")


def build(players: int = 2, *, level: int | None = None, phase: str = "turn", to_move: int | None = 0,
          hands=None, tableaux=None, legions=None, rome=(), rome_hidden=(), money=None, deck_top=(),
          deck_bottom=(), primus_conspiratus=None, start_player: int = 0, turns_taken: int | None = None,
          draw: dict | None = None, turn: dict | None = None, rome_seen=(), hand_public=(),
          deck_ran_out: bool = False, round_no: int = 1, seed: int = 0, log: bool = True,
          deck_size: int | None = None, deck_slid=None, options: dict | None = None):
    """A PaxState in exactly this position (validated by the game's invariants).

    ``deck_size``: keep only this many cards in the deck (the rest go out of the game is not
    allowed, so extra cards are given to Rome's face-up cards unless ``deck_size`` is None).
    """
    if turns_taken is None:  # PAX-TURN-01: the seats from Primus up to ``to_move`` have had their turn
        turns_taken = 0 if to_move is None else (to_move - start_player) % players
    opts = dict(options or {})
    if level is not None:
        opts["level"] = level
    state = GAME.new_game(players, seed=seed, options=opts)
    nleg = 3 if players == 1 else players + 1
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    tableaux = [list(t) for t in (tableaux or [[] for _ in range(players)])]
    legions = [list(g) for g in (legions or [[] for _ in range(nleg)])]
    draw = dict(draw) if draw else None
    groups: list[list[str]] = hands + tableaux + legions + [list(rome), list(rome_hidden), list(deck_top),
                                                             list(deck_bottom)]
    if draw:
        groups.append(list(draw.get("pending", [])))
    picker = _Picker()
    for g in groups:
        picker.reserve_exact(g)
    resolve = lambda seq: [picker.pick(x) for x in seq]  # noqa: E731
    hands = [resolve(h) for h in hands]
    tableaux = [resolve(t) for t in tableaux]
    legions = [resolve(g) for g in legions]
    rome = resolve(rome)
    rome_hidden = resolve(rome_hidden)
    deck_top = resolve(deck_top)
    deck_bottom = resolve(deck_bottom)
    if draw:
        draw["pending"] = resolve(draw.get("pending", []))
        draw.setdefault("left", 0)
        draw.setdefault("used", [])
        draw.setdefault("mode", "one-by-one")
    rest = [cid for cid in CARD_IDS if cid not in picker.used]
    while len(rome_hidden) < 3:
        rome_hidden.append(rest.pop())
    removed = [rest.pop() for _ in range(REMOVED[players])]
    deck = deck_top + rest + deck_bottom
    if deck_size is not None:
        extra = len(deck) - deck_size
        assert extra >= 0, "deck_size larger than the cards left"
        rome = rome + deck[len(deck_top):len(deck_top) + extra]
        deck = deck_top + deck[len(deck_top) + extra:]
    position: dict[str, Any] = {
        "phase": phase, "to_move": None if phase == "over" else to_move, "round": round_no,
        "start_player": start_player, "turns_taken": turns_taken, "deck": deck, "removed": removed,
        "legions": legions, "rome": rome, "rome_hidden": rome_hidden, "rome_seen": list(rome_seen),
        "hands": hands, "tableaux": tableaux, "money": list(money or [5] * players),
        "primus_conspiratus": primus_conspiratus, "hand_public": list(hand_public),
        "deck_ran_out": deck_ran_out,
    }
    if deck_slid is not None:
        position["deck_slid"] = deck_slid
    if draw:
        position["draw"] = draw
    if turn is not None or phase == "play":
        position["turn"] = {"played": 0, "categories": [], **(turn or {})}
    if players == 1 and phase in ("solo-start", "keep"):
        position["solo_start_plays_left"] = 0 if phase == "keep" else 1
    GAME._load_position(state, position)
    if not log:
        state.log = None
    return state


def money(state, seat: int = 0) -> int:
    return state.money[seat]


def codes(state) -> list[str]:
    return [a.code for a in state.legal_actions()]


def events(state, key: str) -> list[dict]:
    return [e for e in state.log if e["key"] == key]
