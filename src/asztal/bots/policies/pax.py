"""PAX's scripted player for 2-4 players: MCTS's play-outs and prior, and the ``policy`` bot.

Random play-outs pass at half the turn starts and scatter the drawn cards, so a play-out of
forty random moves says little about the position it started from (issue 39). This player
plays the way the scoring asks (Pontozás): every category played is worth 2 points, every
category where a player is stronger than Rome 3 more, the Fleet and Army symbols count
once more, and the players beat Rome only in four categories or more. So a symbol is worth
most in a category the seat has not played yet, then where the seat is close to Rome's
face-up symbols (the race can still be won or lost there), and little where it is far ahead
or hopelessly behind; a Fleet or Army card above the Estate/Conspiracy limit cannot be
played (PAX-LIM-03) and is worth little, an Estate or Conspiracy card raises that limit.

With that worth of a card (``_worth``) it always draws (the base income comes anyway), puts
a drawn card it wants into its hand, one it does not want below the weakest Legion, the rest
under the deck; buys the group whose cards are worth more than their price, above all the
group Rome would take; and plays the cards worth their cost, a Conspiracy only when it takes
Primus Conspiratus or the turn is otherwise worth little (it cancels the turn's income,
PAX-CON-02).

What it reads is what its seat sees: its own hand, money and drawn cards, the public
tableaux, Legion groups, Rome's face-up cards and the printed card values (it never reads
the deck, Rome's face-down cards or another hand). MCTS calls it on sampled worlds anyway.
The solitaire game keeps its random play-outs (``SOLO = False``): its evaluation is tuned to
a few random moves (``SOLO_ROLLOUT_DEPTH``) and was not measured with this player.

``choose(state) -> Action`` is one of ``state.legal_actions()``; it is a pure function of
the state, a few list lookups per legal move (cheaper than one engine step).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from asztal.engine import Action
from asztal.games.pax.actions import HAND, OP_BUY, OP_PLACE, OP_PLAY
from asztal.games.pax.frames import Drawing, Playing
from asztal.games.pax.pack import ARMY, CARD_CAT, CONSPIRACY, ESTATE, FLEET

if TYPE_CHECKING:
    from asztal.engine import GameState
    from asztal.games.pax.state import PaxState

#: the solitaire game keeps its random play-outs (see the module doc)
SOLO = False

#: a symbol's worth in a category the seat has not played (2 points for playing it)
NEW_CATEGORY = 2.0
#: a symbol's worth where the seat is within ``CLOSE`` symbols of Rome (3 points for being ahead)
CONTESTED = 1.5
CLOSE = 3
#: elsewhere a symbol still counts a little (a lead can be lost, Fleet/Army score it)
BASE = 0.5
#: what an Aureus is worth against a symbol, when buying and paying to play
AUREUS = 0.4
#: the least a drawn card must be worth to go into the hand rather than under the deck
KEEP = 1.0


def _rome(s: PaxState) -> list[int]:
    """Rome's face-up symbols per category (public)."""
    out = [0] * 7
    syms = s.syms
    for c in s.rome:
        out[CARD_CAT[c]] += syms[c]
    return out


def _worth(s: PaxState, seat: int, rome: list[int], c: int) -> float:
    """What card ``c`` in the seat's tableau would be worth, in points-like units."""
    k = CARD_CAT[c]
    b = seat * 7
    n = s.syms[c]
    mine = s.sym[b + k]
    if k == FLEET or k == ARMY:
        limit = max(s.sym[b + ESTATE], s.sym[b + CONSPIRACY])
        if mine + n > limit:  # PAX-LIM-03: not playable now
            return 0.2 * n
    w = 0.0
    if s.cnt[b + k] == 0:
        w += NEW_CATEGORY  # PAX-SCO: 2 points per category played
    gap = rome[k] - mine
    if -1 <= gap <= CLOSE:
        w += CONTESTED * min(n, gap + 1)  # the symbols that bring it level with Rome and past
    w += BASE * n
    if k == FLEET or k == ARMY:
        w += 0.5 * n  # PAX-SCO: Fleet and Army symbols score once more
    elif k == ESTATE or k == CONSPIRACY:
        # PAX-LIM-01/02: a higher limit lets the Fleet and Army cards in hand be played
        w += 0.3 * n
    return w


def choose(state: GameState) -> Action:
    """A sensible move for ``state.to_move`` (see the module doc)."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    s: PaxState = state  # type: ignore[assignment]  # the policy of PAX's states only
    seat = s.to_move
    assert seat is not None
    f = s.frame
    rome = _rome(s)
    if isinstance(f, Drawing):
        return _place(s, seat, rome, acts)
    if isinstance(f, Playing):
        return _play(s, seat, rome, f, acts)
    op0 = acts[0].args[0]
    if op0 == OP_BUY or acts[0].kind == "nobuy":
        return _buy(s, seat, rome, acts)
    if any(a.kind == "pass" for a in acts):  # a turn start: draw (or take 2 Aureus), never pass
        return next(a for a in acts if a.kind != "pass")
    # keep a card at setup / play one at the solitaire start: the one worth most
    return max(acts, key=lambda a: _worth(s, seat, rome, a.args[1]) if a.args[1] >= 0 else -1.0)


def _place(s: PaxState, seat: int, rome: list[int], acts: Sequence[Action]) -> Action:
    """A wanted card into the hand, an unwanted one below the weakest Legion, else under the deck."""
    lval = s.lval
    best, best_v = acts[0], -1e9
    for a in acts:
        if a.args[0] != OP_PLACE:
            continue
        _, c, d = a.args
        w = _worth(s, seat, rome, c)
        if d == HAND:
            v = w
        elif d < 5:  # below a Legion: Rome may take it; the weakest group is the least likely
            v = KEEP - 0.5 * w - 0.1 * lval[d]
        else:  # under the deck
            v = KEEP - 0.2 * w
        if v > best_v:
            best, best_v = a, v
    return best


def _buy(s: PaxState, seat: int, rome: list[int], acts: Sequence[Action]) -> Action:
    """The group worth most over its price, above all the one Rome takes at the round's end."""
    lval = s.lval
    top = max(range(s.nleg), key=lambda n: (lval[n], -n))  # PAX-EOR-03: Rome's group
    best, best_v = next(a for a in acts if a.kind == "nobuy"), 0.0
    for a in acts:
        if a.args[0] != OP_BUY:
            continue
        n = a.args[2]
        group = s.legions[n]
        v = sum(_worth(s, seat, rome, c) for c in group) - AUREUS * s.price(seat, n)
        if n == top:
            v += 0.3 * sum(s.syms[c] for c in group)  # kept from Rome
        if v > best_v:
            best, best_v = a, v
    return best


def _play(s: PaxState, seat: int, rome: list[int], f: Playing,
          acts: Sequence[Action]) -> Action:
    """The card worth most, if it is worth what it costs; a Conspiracy cancels the income."""
    done = acts[-1]
    cost = AUREUS * f.played
    best, best_v = done, 0.0
    for a in acts:
        if a.args[0] != OP_PLAY:
            continue
        c = a.args[1]
        v = _worth(s, seat, rome, c) - cost
        if CARD_CAT[c] == CONSPIRACY and s.pc != seat:
            mine = s.sym[seat * 7 + CONSPIRACY] + s.syms[c]
            takes = all(s.sym[o * 7 + CONSPIRACY] < mine for o in range(s.players) if o != seat)
            v += 1.5 if takes else -AUREUS * s.income(seat)  # PAX-CON-04 / PAX-CON-02
        elif CARD_CAT[c] == CONSPIRACY:
            v -= AUREUS * s.income(seat)
        if v > best_v:
            best, best_v = a, v
    return best
