"""The readable state JSON of PAX (``docs/formats/pax.md``) and the invariants that refuse a
position breaking the rules (a card in two places, Aureus appearing from nowhere, ...)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from asztal.engine.errors import brief
from asztal.engine.fields import whole
from asztal.games.pax.frames import (
    BUYING,
    KEEP,
    MODE_NAMES,
    OVER,
    PLACED_NAMES,
    STAGE_NAMES,
    TURN,
    Drawing,
    DrawMode,
    Keep,
    Over,
    PaxFrame,
    Playing,
    Stage,
    StartCards,
)
from asztal.games.pax.pack import (
    ARMY,
    BANK_START,
    BIT,
    CARD_CAT,
    CARD_IDS,
    CARD_INDEX,
    CATEGORIES,
    CONSPIRACY,
    FLEET,
    NCARDS,
)
from asztal.games.pax.play import fleet_army_limit
from asztal.games.pax.setup import REMOVED, ROME_HIDDEN

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

#: bounds a hand-written position must keep (no round, Aureus or list the game cannot reach)
MAX_ROUND = NCARDS  # PAX-NEWR-03: every round deals at least one card from the deck
MAX_MONEY = 999
_REQUIRED = ("phase", "to_move", "round", "start_player", "turns_taken", "deck", "removed", "legions",
             "rome", "rome_hidden", "rome_seen", "hands", "tableaux", "money", "primus_conspiratus")
_OPTIONAL = ("hand_public", "bank", "deck_slid", "draw", "turn", "solo_start_plays_left", "deck_ran_out", "result")
_FIELDS = frozenset(_REQUIRED + _OPTIONAL)


def _bad(field: str, msg: str) -> NoReturn:
    raise ValueError(f"PAX position, {field}: {msg}")


def _int_in(v: Any, lo: int, hi: int, field: str) -> int:
    return whole(v, f"PAX position, {field}", lo, hi)


def _seat_or_none(v: Any, field: str) -> None:
    if v is not None:
        _int_in(v, 0, 3, field)


def _card_list(v: Any, field: str) -> None:
    if not isinstance(v, list) or len(v) > NCARDS:
        _bad(field, f"must be a list of at most {NCARDS} card ids")
    for c in v:
        if type(c) is not str or c not in CARD_INDEX:
            _bad(field, f"unknown card {brief(c)}")


def _lists(v: Any, lo: int, hi: int, field: str) -> list[Any]:
    if not isinstance(v, list) or not lo <= len(v) <= hi:
        _bad(field, f"must be a list of {lo}..{hi} entries")
    return v


def _check_schema(d: dict[str, Any]) -> None:
    """The checks of ``data/state.schema.json`` (docs/formats/pax.md) by hand: a one-line ValueError
    naming the first bad field, in microseconds (jsonschema took ~40 ms a load), plus the ranges
    the game can reach. ``tests/fuzz`` checks that it refuses whatever the schema refuses."""
    extra = [k for k in d if k not in _FIELDS]
    if extra:
        _bad(brief(extra[0]), "is not a field of a PAX position")
    for k in _REQUIRED:
        if k not in d:
            _bad(k, "is missing")
    if d["phase"] not in STAGE_NAMES or type(d["phase"]) is not str:
        _bad("phase", f"unknown phase {brief(d['phase'])}")
    _seat_or_none(d["to_move"], "to_move")
    _int_in(d["round"], 1, MAX_ROUND, "round")
    _int_in(d["start_player"], 0, 3, "start_player")
    _int_in(d["turns_taken"], 0, 4, "turns_taken")
    for k in ("deck", "removed", "rome", "rome_hidden"):
        _card_list(d[k], k)
    for i, g in enumerate(_lists(d["legions"], 3, 5, "legions")):
        _card_list(g, f"legions/{i}")
    for x in _lists(d["rome_seen"], 0, 4, "rome_seen"):
        _int_in(x, 0, 3, "rome_seen")
    for k in ("hands", "tableaux"):
        for i, h in enumerate(_lists(d[k], 1, 4, k)):
            _card_list(h, f"{k}/{i}")
    for m in _lists(d["money"], 1, 4, "money"):
        _int_in(m, 0, MAX_MONEY, "money")
    _seat_or_none(d["primus_conspiratus"], "primus_conspiratus")
    if "hand_public" in d:
        _card_list(d["hand_public"], "hand_public")
    if "bank" in d:
        _int_in(d["bank"], BANK_START - 4 * MAX_MONEY, BANK_START, "bank")
    if "deck_slid" in d:
        for i, ids in enumerate(_lists(d["deck_slid"], 0, 4, "deck_slid")):
            _card_list(ids, f"deck_slid/{i}")
    if "draw" in d:
        draw = d["draw"]
        if not isinstance(draw, dict) or set(draw) != {"pending", "left", "used", "mode"}:
            _bad("draw", "must be an object of exactly pending, left, used, mode")
        _card_list(draw["pending"], "draw/pending")
        _int_in(draw["left"], 0, 3, "draw/left")
        used = _lists(draw["used"], 0, 3, "draw/used")
        if any(type(u) is not str or u not in _USED for u in used) or len(set(used)) != len(used):
            _bad("draw/used", "must be distinct destinations hand, legion, bottom")
        if type(draw["mode"]) is not str or draw["mode"] not in MODE_NAMES:
            _bad("draw/mode", f"unknown draw mode {brief(draw['mode'])}")
    if "turn" in d:
        turn = d["turn"]
        if not isinstance(turn, dict) or set(turn) != {"played", "categories"}:
            _bad("turn", "must be an object of exactly played, categories")
        _int_in(turn["played"], 0, NCARDS, "turn/played")
        cats = _lists(turn["categories"], 0, 7, "turn/categories")
        if any(type(k) is not str or k not in CATEGORIES for k in cats) or len(set(cats)) != len(cats):
            _bad("turn/categories", "must be distinct category names")
    if "solo_start_plays_left" in d:
        _int_in(d["solo_start_plays_left"], 0, 3, "solo_start_plays_left")
    if "deck_ran_out" in d and type(d["deck_ran_out"]) is not bool:
        _bad("deck_ran_out", "must be true or false")
    if "result" in d and d["result"] is not None and not isinstance(d["result"], dict):
        _bad("result", "must be an object or null")


_USED = frozenset(name for _bit, name in PLACED_NAMES)


def _ids(cards: Iterable[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def state_dict(s: PaxState) -> dict[str, Any]:
    n = s.players
    f = s.frame
    d: dict[str, Any] = {
        "phase": f.STAGE.name_json,
        "to_move": s.to_move,
        "round": s.round_no,
        "start_player": s.primus,
        "turns_taken": s.turns,
        "deck": _ids(reversed(s.deck)),
        "removed": _ids(s.removed),
        "legions": [_ids(g) for g in s.legions],
        "rome": _ids(s.rome),
        "rome_hidden": _ids(s.rome_hidden),
        "rome_seen": [x for x in range(n) if s.rome_seen >> x & 1],
        "hands": [_ids(h) for h in s.hands],
        "hand_public": [CARD_IDS[c] for h in s.hands for c in h if s.known & BIT[c]],
        "tableaux": [_ids(t) for t in s.tableau],
        "money": list(s.money),
        "bank": s.bank,
        "primus_conspiratus": None if s.pc < 0 else s.pc,
        "deck_slid": [[CARD_IDS[c] for c in reversed(s.deck) if s.slid[x] & BIT[c]] for x in range(n)],
        "deck_ran_out": s.exhausted,
        "result": copy.deepcopy(s.final()),
    }
    if isinstance(f, Drawing):
        d["draw"] = {"pending": _ids(f.held), "left": f.left, "mode": MODE_NAMES[f.mode],
                     "used": [name for bit, name in PLACED_NAMES if f.placed & bit]}
    if isinstance(f, Playing):
        d["turn"] = {"played": f.played, "categories": [CATEGORIES[k] for k in range(7) if f.categories >> k & 1]}
    if isinstance(f, (StartCards, Keep)) and s.players == 1:
        d["solo_start_plays_left"] = f.left if isinstance(f, StartCards) else 0
    return d


def _cards(ids: list[str], what: str) -> tuple[int, ...]:
    out = []
    for cid in ids:
        c = CARD_INDEX.get(cid)
        if c is None:
            raise ValueError(f"{what}: unknown card {cid!r}")
        out.append(c)
    return tuple(out)


def load_state_dict(s: PaxState, d: dict[str, Any]) -> None:
    _check_schema(d)
    n = s.players
    for key in ("hands", "tableaux", "money"):
        if len(d[key]) != n:
            raise ValueError(f"{key} must have one entry per player ({n}), not {len(d[key])}")
    nleg = 3 if n == 1 else n + 1
    if len(d["legions"]) != nleg:
        raise ValueError(f"{n} player(s) use {nleg} Legions, not {len(d['legions'])} (PAX-SETUP-06)")
    s.nleg = nleg
    stage = Stage(STAGE_NAMES.index(d["phase"]))
    s.to_move = d["to_move"]
    s.is_over = stage == Stage.OVER
    s.round_no = d["round"]
    s.primus = d["start_player"]
    s.turns = d["turns_taken"]
    s._sh = 0  # every list below is new: nothing shared with a clone
    s.deck = list(reversed(_cards(d["deck"], "deck")))
    s.removed = _cards(d["removed"], "removed")
    s.legions = [_cards(g, f"legion {i + 1}") for i, g in enumerate(d["legions"])]
    s.lval = [sum(s.cost[c] for c in g) for g in s.legions]
    s.rome = _cards(d["rome"], "rome")
    s.rome_hidden = _cards(d["rome_hidden"], "rome_hidden")
    seen = 0
    for x in d["rome_seen"]:
        if x >= n:
            raise ValueError(f"rome_seen: no seat {x}")
        seen |= 1 << x
    s.rome_seen = seen
    s.hands = [_cards(h, f"hand {i}") for i, h in enumerate(d["hands"])]
    s.tableau = [_cards(t, f"tableau {i}") for i, t in enumerate(d["tableaux"])]
    s.money = list(d["money"])
    s.bank = d.get("bank", BANK_START - sum(s.money))
    pc = d["primus_conspiratus"]
    if pc is not None and pc >= n:
        raise ValueError(f"primus_conspiratus: no seat {pc}")
    s.pc = -1 if pc is None else pc
    s.known = 0
    for c in _cards(d.get("hand_public", []), "hand_public"):
        s.known |= BIT[c]
    slid_lists = d.get("deck_slid") or [[] for _ in range(n)]
    if len(slid_lists) != n:
        raise ValueError("deck_slid must have one list per player")
    s.slid = [0] * n
    for x, ids in enumerate(slid_lists):
        for c in _cards(ids, "deck_slid"):
            s.slid[x] |= BIT[c]
    s.slid_all = 0
    for m in s.slid:
        s.slid_all |= m
    s.sym = [0] * (7 * n)
    s.cnt = [0] * (7 * n)
    for x, t in enumerate(s.tableau):
        for c in t:
            s.sym[x * 7 + CARD_CAT[c]] += s.syms[c]
            s.cnt[x * 7 + CARD_CAT[c]] += 1
    s.exhausted = d.get("deck_ran_out", False)
    s.frame = _frame(stage, d, n)
    s.result = None


def _frame(stage: Stage, d: dict[str, Any], players: int) -> PaxFrame:
    """The pending decision a position's ``phase`` and its ``draw``/``turn`` objects describe."""
    if stage == Stage.DRAW:
        draw = d.get("draw")
        if draw is None:
            raise ValueError("phase 'draw' needs the 'draw' object")
        placed = sum(bit for bit, name in PLACED_NAMES if name in draw["used"])
        return Drawing(DrawMode(MODE_NAMES.index(draw["mode"])), _cards(draw["pending"], "draw.pending"),
                       draw["left"], placed)
    if stage == Stage.PLAY:
        turn = d.get("turn")
        if turn is None:
            raise ValueError("phase 'play' needs the 'turn' object")
        return Playing(turn["played"], sum(1 << CATEGORIES.index(k) for k in turn["categories"]))
    if stage == Stage.SOLO_START:
        left = d.get("solo_start_plays_left", 0) if players == 1 else 0
        if left == 0:
            raise ValueError("phase 'solo-start' needs solo_start_plays_left > 0")
        return StartCards(left)
    fixed: dict[Stage, PaxFrame] = {Stage.KEEP: KEEP, Stage.TURN: TURN, Stage.BUY: BUYING, Stage.OVER: OVER}
    return fixed[stage]


def check_invariants(s: PaxState) -> None:
    """AssertionError when the position breaks a rule (used by the contract suite and to refuse
    hand-written positions)."""
    n = s.players
    f = s.frame
    held = f.held if isinstance(f, Drawing) else ()
    zones = [("deck", s.deck), ("removed", s.removed), ("rome", s.rome), ("rome_hidden", s.rome_hidden),
             ("pending", held)]
    zones += [(f"legion {i + 1}", g) for i, g in enumerate(s.legions)]
    assert s.lval == [sum(s.cost[c] for c in g) for g in s.legions], "Legion group values out of date"
    zones += [(f"hand {i}", h) for i, h in enumerate(s.hands)]
    zones += [(f"tableau {i}", t) for i, t in enumerate(s.tableau)]
    where: dict[int, str] = {}
    for name, cards in zones:
        for c in cards:
            assert c not in where, f"card {CARD_IDS[c]} is both in {where[c]} and in {name}"
            where[c] = name
    missing = [CARD_IDS[c] for c in range(NCARDS) if c not in where]
    assert not missing, f"card(s) missing from every zone: {', '.join(missing[:5])}"  # PAX-COMP-02
    assert len(s.removed) == REMOVED[n], f"{len(s.removed)} cards out of the game, expected {REMOVED[n]}"
    assert len(s.rome_hidden) == ROME_HIDDEN, "Rome has exactly 3 face-down cards (PAX-SETUP-07)"
    assert len(s.legions) == s.nleg == (3 if n == 1 else n + 1), "wrong number of Legions (PAX-SETUP-06)"
    assert len(s.hands) == len(s.tableau) == len(s.money) == n
    assert all(m >= 0 for m in s.money), "negative money (no credit, PAX-Q-20)"
    assert s.bank + sum(s.money) == BANK_START, "Aureus not conserved between the bank and the players"
    for x in range(n):
        sym, cnt = [0] * 7, [0] * 7
        for c in s.tableau[x]:
            sym[CARD_CAT[c]] += s.syms[c]
            cnt[CARD_CAT[c]] += 1
        assert s.sym[x * 7:x * 7 + 7] == sym and s.cnt[x * 7:x * 7 + 7] == cnt, f"symbol counts of seat {x} stale"
        if n > 1:  # PAX-LIM-01 (not for the solitaire start cards, PAX-LIM-06)
            lim = fleet_army_limit(sym)
            assert sym[FLEET] <= lim and sym[ARMY] <= lim, f"seat {x} exceeds the Fleet/Army limit {lim}"
    in_hands = 0
    for h in s.hands:
        for c in h:
            in_hands |= BIT[c]
    assert s.known & ~in_hands == 0, "a card marked public-in-hand is not in a hand"
    in_deck = 0
    for c in s.deck:
        in_deck |= BIT[c]
    union = 0
    for m in s.slid:
        assert m & ~in_deck == 0, "a card marked slid under the deck is not in the deck"
        assert union & m == 0, "a card slid under the deck by two seats"
        union |= m
    assert union == s.slid_all
    con = [s.sym[x * 7 + CONSPIRACY] for x in range(n)]
    if n > 1:  # PAX-CON-03, PAX-CON-04, PAX-Q-05
        if s.pc >= 0:
            assert con[s.pc] > 0 and con[s.pc] == max(con), "Primus Conspiratus is not with the top conspirator"
        else:
            assert max(con) == 0, "somebody has Conspiracy symbols but nobody holds Primus Conspiratus"
    else:
        assert s.pc < 0, "no Primus Conspiratus in the solitaire game (PAX-Q-17)"
    if isinstance(f, Over):
        assert s.is_over and s.to_move is None
    else:
        assert not s.is_over and s.to_move is not None and 0 <= s.to_move < n, "bad to_move"
        assert s.turns < n, "turns_taken must be below the number of players"
        assert 0 <= s.primus < n, "start_player is not a seat"
        # PAX-TURN-01, PAX-SETUP-12, PAX-SETUP-15: turns (and keeping a card) go clockwise from Primus
        due = (s.primus + s.turns) % n
        assert s.to_move == due, (f"to_move {s.to_move} does not follow from start_player {s.primus} and "
                                  f"turns_taken {s.turns}: seat {due} is to move (PAX-TURN-01)")
    if isinstance(f, Keep):
        assert s.to_move is not None and s.hands[s.to_move], "the seat to keep a card holds none (PAX-SETUP-12)"
    if isinstance(f, Drawing):
        assert f.held, "drawing but no drawn card to place"
        assert len(f.held) + f.left + bin(f.placed).count("1") <= 3, "more than 3 cards in one draw"
        assert f.left <= len(s.deck)
        # PAX-DRAW-02: one card at a time; PAX-REL-01: two held while the third waits; PAX-REL-02: all at once
        if f.mode == DrawMode.ONE_BY_ONE:
            assert len(f.held) == 1, "one-by-one draws hold a single card"
        elif f.mode == DrawMode.TWO_THEN_ONE:
            assert len(f.held) == 2 or f.left == 0, "two-then-one holds two cards until the third"
        else:
            assert f.left == 0, "all-at-once draws leave nothing to draw"
