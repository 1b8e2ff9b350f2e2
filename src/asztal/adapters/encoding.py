"""Fixed-size numbers for learning agents: the action space and the observation of a seat.

**Actions.** ``ActionSpace(game, state)`` numbers every action the game can ever offer
(as the game declares it, ``Game.action_space``: for Caboose the pack's actions and bids),
sorted by code, so action ``i`` is the same decision in every position. ``mask(state)``
marks the legal ones.

**Observations.** ``encoder(game, state)`` turns ``state.view(seat)`` (never the state
itself, so an agent sees what its seat may see) into a float32 vector of fixed length.
Seats are *relative*: block 0 is the observing seat, block 1 the next seat, and so on,
so one policy plays every seat. Counts are divided by a typical maximum so most values
lie in [0, 1]; ``names`` labels every entry (``docs/research.md`` lists the blocks).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from asztal import games
from asztal.engine import Action


def _table_codes(game: str, state) -> list[str]:
    return [a.code for a in games.load(game).action_space(state)]


class ActionSpace:
    """Every action of a game (and pack), numbered; ``index[code]`` and ``codes[i]``."""

    def __init__(self, game: str, state) -> None:
        self.game = game
        self.codes: list[str] = _table_codes(game, state)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.n = len(self.codes)
        self._of: dict[Action, int] = {}  # interned actions: a dict by identity, filled as they appear

    def of(self, action: Action) -> int:
        """The number of an action."""
        i = self._of.get(action)
        if i is None:
            i = self.index.get(action.code)
            if i is None:
                raise ValueError(f"{self.game}: action {action.code} is outside the action space")
            self._of[action] = i
        return i

    def legal(self, state) -> list[int]:
        """The numbers of the legal actions, in the game's order."""
        of = self.of
        return [of(a) for a in state.legal_actions()]

    def mask(self, state) -> np.ndarray:
        """1 for each legal action of ``state`` (int8, length ``n``)."""
        m = np.zeros(self.n, dtype=np.int8)
        m[self.legal(state)] = 1
        return m

    def action(self, state, i: int) -> Action:
        """The legal action number ``i``; ValueError when it is not legal here."""
        if not 0 <= i < self.n:
            raise ValueError(f"action {i} outside 0..{self.n - 1}")
        for a in state.legal_actions():
            if self.of(a) == i:
                return a
        raise ValueError(f"action {i} ({self.codes[i]}) is not legal now")


class Vec:
    """Builds one observation: each call fills the next numbers (and, when asked, names them).

    A name is a string or a tuple of parts (``("seat", k, ":money")``), so encoding
    builds no strings; the parts are joined only when the names are listed.

    The array is allocated once at its known size and only non-zero entries are written,
    so a one-hot over a hundred cards costs one assignment."""

    def __init__(self, size: int | None = None) -> None:
        self.names: list[str] | None = [] if size is None else None
        self.values = np.zeros(size or 0, dtype=np.float32)
        self.at = 0

    def num(self, name: Any, x: Any, scale: float = 1.0) -> None:
        if self.names is not None:
            self.names.append(_name(name))
        elif x:
            self.values[self.at] = float(x) / scale
        self.at += 1

    def onehot(self, name: Any, value: Any, vocab: Sequence[Any]) -> None:
        if self.names is not None:
            self.names.extend(f"{_name(name)}={v}" for v in vocab)
        elif value is not None:
            i = _position(vocab, value)
            if i >= 0:
                self.values[self.at + i] = 1.0
        self.at += len(vocab)

    def multihot(self, name: Any, values: Iterable[Any], vocab: Sequence[Any]) -> None:
        if self.names is not None:
            self.names.extend(f"{_name(name)}:{v}" for v in vocab)
        else:
            for x in values:
                i = _position(vocab, x)
                if i >= 0:
                    self.values[self.at + i] = 1.0
        self.at += len(vocab)


def _name(name: Any) -> str:
    """A feature's name: a string, or a tuple of parts joined (built only when names are asked for)."""
    return "".join(map(str, name)) if isinstance(name, tuple) else name


_POSITIONS: dict[int, tuple[Sequence[Any], dict[Any, int]]] = {}


def _position(vocab: Sequence[Any], value: Any) -> int:
    """Where ``value`` is in ``vocab`` (-1: absent), with the vocabulary's index kept."""
    entry = _POSITIONS.get(id(vocab))
    if entry is None or entry[0] is not vocab:
        entry = (vocab, {v: i for i, v in enumerate(vocab)})
        _POSITIONS[id(vocab)] = entry
    return entry[1].get(value, -1)


# --------------------------------------------------------------------------- PAX

#: where a PAX card can be, as the observing seat sees it (tableau0 is its own)
_PAX_PLACES = ("hand", "drawn", "rome", "rome_hidden", "deck_known", *[f"legion{i}" for i in range(1, 6)],
               *[f"tableau{k}" for k in range(4)], *[f"public{k}" for k in range(1, 4)])
_PAX_DRAW_USED = ("hand", "legion", "bottom")
_GODS = tuple(range(1, 8))

def _pax(view: dict[str, Any], seat: int, v: Vec) -> None:
    from asztal.games.pax.frames import STAGE_NAMES as PHASE_NAMES
    from asztal.games.pax.pack import CARD_IDS, CATEGORIES

    n = view["players"]
    rel = [(seat + k) % n for k in range(n)]
    v.onehot("phase", view["phase"], PHASE_NAMES)
    v.num("to_move_is_me", view["to_move"] == seat)
    v.num("round", view["round"], 20)
    v.num("deck_size", view["deck_size"], 74)
    v.num("deck_ran_out", view["deck_ran_out"])
    v.num("level", view["level"], 5)
    v.num("money", view["money"], 20)
    where: dict[str, str] = {}
    for c in view["hand"]:
        where[c["id"]] = "hand"
    for k, s in enumerate(rel):
        t = view["tableaux"][s]
        for c in t["tableau"]:
            where[c["id"]] = f"tableau{k}"
        if k:  # the seat's own hand cards are "hand", the bought ones too
            for c in t["hand_public"]:
                where[c["id"]] = f"public{k}"
    for leg in view["legions"]:
        for c in leg["cards"]:
            where[c["id"]] = f"legion{leg['number']}"
    for c in view["rome"]["cards"]:
        where[c["id"]] = "rome"
    for c in view["rome"].get("hidden") or []:
        where[c["id"]] = "rome_hidden"
    for c in (view.get("draw") or {}).get("cards") or []:
        where[c["id"]] = "drawn"
    for _, cid in view.get("deck_known") or []:
        where.setdefault(cid, "deck_known")
    for cid in CARD_IDS:
        v.onehot(("card:", cid), where.get(cid), _PAX_PLACES)
    for cat in CATEGORIES:
        v.num(("rome:", cat), view["rome"]["symbols"][cat], 10)
    v.num("rome_hidden_count", view["rome"]["hidden_count"], 3)
    legions = {leg["number"]: leg["value"] for leg in view["legions"]}
    for i in range(1, 6):
        v.num(("legion", i, ":value"), legions.get(i), 10)
    for k in range(4):
        t = view["tableaux"][rel[k]] if k < n else None
        v.num(("seat", k, ":present"), t is not None)
        for cat in CATEGORIES:
            v.num(("seat", k, ":", cat), t and t["symbols"][cat], 10)
        for key, scale in (("hand_size", 10), ("limit", 10), ("bonus_armies", 3), ("bonus_fleets", 3),
                           ("saw_rome", 1), ("primus", 1), ("primus_conspiratus", 1)):
            v.num(("seat", k, ":", key), t and t[key], scale)
        v.num(("seat", k, ":money"), t and t["money"], 20)
        v.num(("seat", k, ":money_hidden"), t is not None and t["money"] is None)
    turn = view.get("turn") or {}
    v.num("turn:played", turn.get("played"), 5)
    v.num("turn:next_cost", turn.get("next_cost"), 5)
    v.multihot("turn:categories", turn.get("categories") or [], CATEGORIES)
    draw = view.get("draw") or {}
    v.num("draw:left", draw.get("left"), 3)
    v.multihot("draw:used", draw.get("used") or [], _PAX_DRAW_USED)


# --------------------------------------------------------------------------- PocketCiv

_PC_CARDS = tuple(range(1, 17))


@functools.cache
def _pocketciv_steps() -> tuple[str, ...]:
    """Every kind of pending step (the frames the rules register)."""
    from asztal.games.pocketciv import frames

    return tuple(sorted(set(frames.RUN) | set(frames.LEGAL) | set(frames.ACT)))

def _pocketciv(view: dict[str, Any], seat: int, v: Vec) -> None:
    from asztal.games.pocketciv.data import ADV_IDS, MAXAREA, NCARDS, WONDER_IDS

    steps = _pocketciv_steps()
    v.num("era", view["era"], 8)
    v.num("round", view["round"], 30)
    for key, scale in (("gold", 10), ("vp", 50), ("vp_wonders", 50), ("deck_size", NCARDS),
                       ("discard_size", NCARDS), ("grown", 1), ("era_due", 1)):
        v.num(key, view.get(key), scale)
    v.onehot("discard_top", view.get("discard_top"), _PC_CARDS)
    v.multihot("advance", view["advances"], ADV_IDS)
    stack = view.get("stack") or [[None]]
    v.onehot("step", stack[-1][0], steps)
    v.onehot("phase", stack[0][0], steps)
    areas = {a["number"]: a for a in view["areas"]}
    hit = set(view.get("hit") or [])
    for n in range(1, MAXAREA + 1):
        a = areas.get(n)
        v.num(("area", n, ":present"), a is not None)
        for key, scale in (("tribes", 10), ("city", 10), ("moved", 10)):
            v.num(("area", n, ":", key), a and a[key], scale)
        for key in ("capital", "forest", "mountain", "volcano", "farm", "desert", "fault"):
            v.num(("area", n, ":", key), a and a[key])
        v.multihot(("area", n, ":wonder"), (a or {}).get("wonders") or [], WONDER_IDS)
        v.num(("area", n, ":hit"), n in hit)


# --------------------------------------------------------------------------- Caboose

def _caboose(view: dict[str, Any], seat: int, v: Vec, pk) -> None:
    from asztal.games.caboose.common import PHASE_NAMES, STEP_NAMES

    n = view["players"]
    rel = [(seat + k) % n for k in range(n)]
    v.onehot("phase", view["phase"], PHASE_NAMES)
    v.num("to_move_is_me", view["to_move"] == seat)
    v.num("round", view["round"], view["rounds"])
    v.num("start_player", (view["start_player"] - seat) % n if view["start_player"] is not None else 0, 5)
    for f in pk.fruit_ids:
        v.num(("market:", f), view["market"][f], 5)
        v.num(("supply:", f), view["supply"][f], 10)
    for c in view["cities"]:
        v.num(("city:", c["id"], ":value"), c["value"], 10)
        v.num(("city:", c["id"], ":dark"), c["dark"])
        for f in pk.fruit_ids:
            v.num(("city:", c["id"], ":", f), c["fruit"].get(f), 3)
        v.num(("city:", c["id"], ":pyramid"), c["pyramid"] is not None)
        v.num(("city:", c["id"], ":tiles"), len(c["building_tiles"]), 3)
    for r in view["routes"]:
        for k in range(5):
            v.num(("route:", r["id"], ":seat", k), r["trains"].get(str(rel[k])) if k < n else 0, 3)
    v.multihot("auction_display", view["auction_display"], pk.ac_ids)
    v.multihot("city_display", view["city_display"], pk.cc_ids)
    v.num("auction_deck", view["auction_deck"], 60)
    v.num("city_deck", view["city_deck"], 60)
    me = view["seats"][seat]
    v.multihot("my_city_hand", me.get("city_hand") or [], pk.cc_ids)
    v.multihot("my_auction_hand", me.get("auction_hand") or [], pk.ac_ids)
    auction = view.get("auction") or {}
    for k in range(5):
        s = view["seats"][rel[k]] if k < n else None
        v.num(("seat", k, ":present"), s is not None)
        for key, scale in (("money", 50), ("vp", 50), ("trains", 20), ("city_cards", 20), ("auction_cards", 10)):
            v.num(("seat", k, ":", key), s and s[key], scale)
        v.onehot(("seat", k, ":god"), s and s["god"], _GODS)
        v.num(("seat", k, ":fruit_cards"), s and len(s["fruit_cards"]), 5)
        v.num(("seat", k, ":buildings"), s and len(s["buildings"]), 5)
        offers, inside = auction.get("offers") or [], auction.get("in") or []
        v.num(("seat", k, ":offer"), offers[rel[k]] if k < n and offers else 0, 50)
        v.num(("seat", k, ":in_auction"), inside[rel[k]] if k < n and inside else 0)
    v.num("auction:high", auction.get("high"), 50)
    turn = view.get("turn") or {}
    v.num("turn:actions_left", turn.get("actions_left"), 3)
    v.num("turn:draws_left", turn.get("draws_left"), 2)
    v.num("turn:horus", turn.get("horus"))
    v.onehot("turn:step", turn.get("step"), STEP_NAMES)


def _caboose_fill(view: dict[str, Any], seat: int, v: Vec, pk: Any) -> None:
    _caboose(view, seat, v, pk)


class Encoder:
    """``encode(state, seat)``: the seat's view as a float32 vector of ``size`` numbers."""

    def __init__(self, game: str, state) -> None:
        self.game = game
        if game == "caboose":
            self._fill = functools.partial(_caboose_fill, pk=state.pk)  # picklable, unlike a lambda
        elif game == "pocketciv" and state.players > 1:
            raise ValueError("multiplayer PocketCiv has no observation encoding yet: play it solo (players=1)")
        elif game in ("pax", "pocketciv"):
            self._fill = {"pax": _pax, "pocketciv": _pocketciv}[game]
        else:
            raise ValueError(f"no observation encoding for {game!r}")
        v = Vec()
        self._fill(state.view(0), 0, v)
        self.names: list[str] = v.names or []
        self.size = len(self.names)
        from asztal.adapters.fast import fast_encoder

        #: the same numbers read from the state's own fields (``asztal.adapters.fast``), if any
        self.fast = fast_encoder(game, self.size)

    def encode(self, state, seat: int) -> np.ndarray:
        if self.fast is not None:
            return self.fast(state, seat)
        return self.encode_view(state.view(seat), seat)

    def encode_view(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """A view (``state.view(seat)``, or the spectator's ``view(None)``) as seat ``seat`` reads it."""
        v = Vec(self.size)
        self._fill(view, seat, v)
        if v.at != self.size:
            raise AssertionError(f"{self.game} observation of {v.at} numbers, expected {self.size}")
        return v.values
