"""Playing cards and income (Kártyák kijátszása, Bevétel): after buying, the player plays
cards from the hand, the k-th for k-1 Aureus, within the Fleet/Army limit, then collects
the turn's income; a Conspiracy may pass the Primus Conspiratus card on.

``check_play`` is the one check: the legal list is the cards that pass it (and ``done``),
and a refused card is refused by it, with its reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asztal.engine import Action, Refusal
from asztal.games.pax.actions import DONE, PLAY
from asztal.games.pax.frames import PLAYING, Playing, playing
from asztal.games.pax.messages import card_fields, income_fields
from asztal.games.pax.pack import ARMY, BIT, CARD_CAT, CONSPIRACY, ESTATE, FLEET, SENATOR
from asztal.games.pax.round_end import end_turn

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

CON_BIT: Final = 1 << CONSPIRACY
SEN_BIT: Final = 1 << SENATOR
#: the pack's tables as ``Final`` names of this module: the compiled build keeps them in C
#: statics instead of reading another module's globals through a dict
_CAT: Final = CARD_CAT
_BIT: Final = BIT
#: what a check answers a legal list, which needs no reason: one shared value instead of a
#: Refusal (a dataclass and its arguments) made per card refused; never shown to anyone
REFUSED: Final = Refusal("engine.not_now")


def fleet_army_limit(sym: list[int], b: int = 0) -> int:
    """PAX-LIM-01, PAX-LIM-02, PAX-CON-01: the most Fleet and the most Army symbols a tableau may
    hold: the larger (not the sum) of its Estate and Conspiracy symbols. ``sym[b:b + 7]`` are
    the tableau's symbols per category."""
    e, c = sym[b + ESTATE], sym[b + CONSPIRACY]
    return e if e > c else c


def check_play(s: PaxState, f: Playing, c: int) -> Refusal | None:
    """PAX-PLAY-01: a card of the hand, then ``check_playable``."""
    seat = s.to_move
    assert seat is not None
    if c not in s.hands[seat]:
        return Refusal("pax.no.play.card", "PAX-PLAY-01", {"card": c})
    return check_playable(s, f, c)


def check_playable(s: PaxState, f: Playing, c: int, why: bool = True) -> Refusal | None:
    """Whether ``c``, a card of the hand, may be played now: PAX-PLAY-02, PAX-PLAY-06: the k-th
    costs k-1, no credit; PAX-LIM-03, PAX-Q-04: Fleet and Army symbols stay within the limit,
    each separately. ``why=False`` (the legal list): ``REFUSED`` instead of the reason."""
    seat = s.to_move
    assert seat is not None
    money = s.money[seat]
    if money < f.played:
        return Refusal("pax.no.play.money", "PAX-PLAY-06", {"cost": f.played, "money": money}) if why else REFUSED
    cat = _CAT[c]
    if cat == FLEET or cat == ARMY:
        b = seat * 7
        limit = fleet_army_limit(s.sym, b)
        have = s.sym[b + cat]
        if have + s.syms[c] > limit:
            if not why:
                return REFUSED
            key = "pax.no.play.fleet_limit" if cat == FLEET else "pax.no.play.army_limit"
            return Refusal(key, "PAX-LIM-03", {"card": c, "limit": limit, "have": have})
    return None


def play_list(s: PaxState, f: Playing) -> list[Action]:
    """The cards of the hand that may be played now, then ``done`` (always allowed)."""
    seat = s.to_move
    assert seat is not None
    acts = [PLAY[c] for c in s.hands[seat] if check_playable(s, f, c, False) is None]
    acts.append(DONE)
    return acts


def enter_play(s: PaxState) -> bool:
    s.frame = PLAYING
    legal = play_list(s, PLAYING)
    if len(legal) == 1:  # nothing playable: the turn ends with base income
        assert s.to_move is not None
        return finish_turn(s, s.to_move)
    s._legal = tuple(legal)
    return False


def add_to_tableau(s: PaxState, seat: int, c: int) -> None:
    s.own_tableau()
    s.tableau[seat] += (c,)  # PAX-PLAY-03: public, by category; PAX-PLAY-05: stays there
    k = seat * 7 + _CAT[c]
    s.sym[k] += s.syms[c]
    s.cnt[k] += 1


def play(s: PaxState, f: Playing, seat: int, c: int) -> bool:
    cost = f.played  # PAX-PLAY-02: 0, 1, 2, ... paid to the bank
    s.own_money()
    s.money[seat] -= cost
    s.bank += cost
    s.own_hands()
    hand = s.hands[seat]
    i = hand.index(c)
    s.hands[seat] = hand[:i] + hand[i + 1:]
    b = _BIT[c]
    if s.known & b:
        s.known ^= b
    add_to_tableau(s, seat, c)  # PAX-PLAY-01
    cat = _CAT[c]
    f = s.frame = playing(cost + 1, f.categories | 1 << cat)
    if s.log is not None:
        s.emit("pax.play", seat=seat, player=seat + 1, cost=cost, **card_fields(s, c))
    if cat == CONSPIRACY and s.players > 1:
        update_pc(s, seat)
    legal = play_list(s, f)
    if len(legal) == 1:
        return finish_turn(s, seat)
    s._legal = tuple(legal)
    return False


def update_pc(s: PaxState, seat: int) -> None:
    """PAX-CON-03, PAX-CON-04, PAX-Q-05: Primus Conspiratus goes to whoever has strictly more
    Conspiracy symbols than its holder (the first one: more than everybody), at once."""
    sym = s.sym
    mine = sym[seat * 7 + CONSPIRACY]
    pc = s.pc
    if pc == seat:
        return
    if pc < 0:
        if any(sym[o * 7 + CONSPIRACY] >= mine for o in range(s.players) if o != seat):
            return
    elif mine <= sym[pc * 7 + CONSPIRACY]:
        return
    s.pc = seat
    if s.log is not None:
        s.emit("pax.primus_conspiratus", seat=seat, player=seat + 1)


def income(s: PaxState, seat: int) -> int:
    """This turn's income for ``seat`` if it stopped playing now (section 7.2)."""
    f = s.frame
    played, cats = (f.played, f.categories) if isinstance(f, Playing) else (0, 0)
    if played == 0:
        return 2  # PAX-INC-07, PAX-TURN-04: base income
    if cats & CON_BIT:
        return 0  # PAX-CON-02, PAX-INC-06, PAX-SEN-02: no income at all
    cnt = s.cnt
    b = seat * 7
    best = 0
    for k in range(7):  # PAX-INC-02, PAX-Q-01: strongest category that got a card now, in cards
        if cats >> k & 1 and cnt[b + k] > best:
            best = cnt[b + k]
    if cats & SEN_BIT:
        best += 1  # PAX-SEN-01, PAX-INC-05: +1 however many Senators
    return best  # PAX-INC-03, PAX-SYM-01: the card count of that category; PAX-INC-04: 1 for a new one


def finish_turn(s: PaxState, seat: int) -> bool:
    inc = income(s, seat)  # PAX-INC-01: after playing
    s.own_money()
    s.money[seat] += inc
    s.bank -= inc  # PAX-Q-03: the bank is unlimited
    if s.log is not None:
        f = s.frame
        played, cats = (f.played, f.categories) if isinstance(f, Playing) else (0, 0)
        s.emit("pax.income", seat=seat, player=seat + 1, amount=inc, played=played,
               **income_fields(s, seat, played, cats))
    return end_turn(s)
