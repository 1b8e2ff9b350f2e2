"""Why an action is not legal now: one line in English and Hungarian, for the interfaces."""

from __future__ import annotations

from typing import Any

from asztal.engine import Action
from asztal.games.pax.actions import (
    ACTIONS,
    BOTTOM,
    HAND,
    OP_BUY,
    OP_DONE,
    OP_DRAW,
    OP_KEEP,
    OP_NOBUY,
    OP_NODRAW,
    OP_PASS,
    OP_PLACE,
    OP_PLAY,
    OP_START,
)
from asztal.games.pax.pack import ARMY, CARD_CAT, CARD_IDS, CONSPIRACY, ESTATE, FLEET
from asztal.games.pax.state import MODE_TWO, PH_BUY, PH_DRAW, PH_KEEP, PH_PLAY, PH_SOLO, PH_TURN, USED_NAMES


def why_illegal(s, action: Any) -> str:
    if not isinstance(action, Action):
        return f"not a PAX action: {action!r} / nem PAX-lépés"
    if s.is_over:
        return "the game is over / a játék véget ért"
    interned = ACTIONS.by_code(action.code)
    if interned is None:
        return f"unknown action code {action.code!r} / ismeretlen lépéskód"
    op, c, d = interned.args
    seat = s.to_move
    phase = s.phase
    if op == OP_KEEP:
        if phase != PH_KEEP:
            return "cards are kept only at setup / lapot megtartani csak az előkészületkor lehet"
    elif op == OP_START:
        if phase != PH_SOLO:
            return "start cards are played only at the start of solitaire games 3-5 / csak a pasziánsz kezdésekor"
    elif op in (OP_PASS, OP_DRAW, OP_NODRAW):
        if phase != PH_TURN:
            return "you pass or draw only at the start of your turn / passzolni vagy húzni csak a kör elején lehet"
        if op == OP_DRAW:
            return "the deck is empty: take 2 Aureus instead / elfogyott a pakli: 2 Aureust kapsz helyette"
        if op == OP_NODRAW:
            return "the deck still has cards: draw them / van még lap a pakliban: húzni kell"
    elif op == OP_PLACE:
        if phase != PH_DRAW:
            return "no drawn card to place / nincs elhelyezendő húzott lap"
        if c not in s.pending:
            return f"{CARD_IDS[c]} is not among the cards you drew / {CARD_IDS[c]} nincs a húzott lapok között"
        if d >= s.nleg and d not in (HAND, BOTTOM):
            return f"there is no Legion {d + 1} in this game / nincs {d + 1}. légió ebben a játékban"
        kind = "hand" if d == HAND else "bottom" if d == BOTTOM else "legion"
        if any(name == kind and s.used & bit for bit, name in USED_NAMES):
            return (f"one card of the three already went to the {kind} / már került egy lap ide: {kind}"
                    " (PAX-DRAW-03..05)")
        if d == HAND and s.mode == MODE_TWO and s.to_draw:
            return ("with 3+ Religion symbols one of the two cards goes below a Legion or under the deck "
                    "before the third is drawn / 3+ vallásjellel előbb légió alá vagy pakli alá kell tenni egyet")
    elif op in (OP_BUY, OP_NOBUY):
        if phase != PH_BUY:
            return "buying comes after drawing, before playing / vásárolni húzás után, kijátszás előtt lehet"
        if op == OP_BUY:
            if d >= s.nleg or not s.legions[d]:
                return f"no cards below Legion {d + 1} / a(z) {d + 1}. légió alatt nincs lap"
            price, money = s.price(seat, d), s.money[seat]
            if price > money:
                return f"the group costs {price} Aureus, you have {money} / a csoport ára {price}, neked {money} van"
    elif op in (OP_PLAY, OP_DONE):
        if phase != PH_PLAY:
            return "cards are played after drawing and buying / kijátszani húzás és vásárlás után lehet"
        if op == OP_PLAY:
            if c not in s.hands[seat]:
                return f"{CARD_IDS[c]} is not in your hand / {CARD_IDS[c]} nincs a kezedben"
            if s.money[seat] < s.nplayed:
                return (f"the next card costs {s.nplayed} Aureus, you have {s.money[seat]} / "
                        f"a következő lap ára {s.nplayed}, neked {s.money[seat]} van")
            cat = CARD_CAT[c]
            if cat in (FLEET, ARMY):
                b = seat * 7
                lim = max(s.sym[b + ESTATE], s.sym[b + CONSPIRACY])
                return (f"Fleet/Army limit {lim} (the larger of your Estate and Conspiracy symbols) / "
                        f"flotta/sereg korlát: {lim} (PAX-LIM-01)")
    return f"not allowed now: {action.en} / most nem szabályos: {action.hu}"
