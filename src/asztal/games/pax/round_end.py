"""The end of a turn and of a round (A forduló vége, Új forduló, A játék vége): the most
valuable group goes to Rome, Primus Conspiratus becomes the start player, the empty Legions
get a new card each, or the game ends when the deck cannot refill them.

Nobody decides anything here: these steps follow the last turn of a round at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pax import deck
from asztal.games.pax.frames import OVER, TURN
from asztal.games.pax.messages import cards_fields
from asztal.games.pax.pack import LEGION_NUMERALS

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState


def end_turn(s: PaxState) -> bool:
    s.turns += 1
    if s.turns < s.players:
        assert s.to_move is not None
        s.to_move = (s.to_move + 1) % s.players  # PAX-TURN-01: clockwise
        s.frame = TURN
        return False
    return end_round(s)  # PAX-EOR-01


def end_round(s: PaxState) -> bool:
    s.own_legions()  # a group goes to Rome, empty Legions are refilled
    legions = s.legions
    lval = s.lval
    best, pick, empty = -1, -1, 0
    for n in range(s.nleg):
        if legions[n]:
            v = lval[n]
            if v > best:  # PAX-EOR-03: ties go to the lowest Legion number
                best, pick = v, n
        else:
            empty += 1
    if pick >= 0:  # PAX-EOR-02: the most valuable group goes to Rome; PAX-EOR-06: none, nothing
        group = legions[pick]
        s.rome += group  # PAX-EOR-04: face up; PAX-EOR-05, PAX-LIM-05: no limit for Rome
        legions[pick] = ()
        lval[pick] = 0
        empty += 1
        if s.log is not None:
            s.emit("pax.rome", legion=pick + 1, numeral=LEGION_NUMERALS[pick], value=best,
                   **cards_fields(s, group))
    # PAX-NEWR-01, PAX-CON-05; PAX-NEWR-02: otherwise unchanged
    if s.pc >= 0 and s.pc != s.primus:
        s.primus = s.pc
        if s.log is not None:
            s.emit("pax.start_player", seat=s.pc, player=s.pc + 1)
    # PAX-END-01, PAX-Q-11: not enough cards for every empty Legion: deal nothing, the game ends;
    # PAX-END-03: after a round in which the deck ran out
    if s.exhausted or len(s.deck) < empty:
        game_over(s)
        return True
    cost = s.cost
    for n in range(s.nleg):
        if not legions[n]:
            c = deck.pop(s)
            legions[n] = (c,)  # PAX-NEWR-03: face up below each empty Legion
            lval[n] = cost[c]
    s.round_no += 1
    if s.log is not None:
        s.emit("pax.round", round=s.round_no, header=True)
    s.turns = 0
    s.to_move = s.primus  # PAX-NEWR-04
    s.frame = TURN
    return True


def game_over(s: PaxState) -> None:
    s.frame = OVER
    s.to_move = None
    s.is_over = True
    s.result = None  # computed when first asked for (see ``PaxState.final``)
    if s.log is None:
        return
    r = s.final()
    assert r is not None
    if s.level:
        beaten = r["level_beaten"]
        s.emit("pax.solo_end", level=s.level, beaten=beaten,
               stronger=r["categories_stronger"], needed=r["categories_needed"],
               result_hu="sikerült" if beaten else "nem sikerült, Róma nyert",
               result_en="beaten" if beaten else "not beaten, Rome wins")
    elif r["rome_won"]:
        w = r["winners"]
        if w:
            s.emit("pax.rome_wins", seat=w[0], player=w[0] + 1)
        else:
            s.emit("pax.rome_wins_alone")
    else:
        s.emit("pax.players_win", winners=list(r["winners"]), points=max(r["points"]))
