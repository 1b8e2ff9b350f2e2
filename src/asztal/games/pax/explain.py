"""Why an action is not legal now: one line in English and Hungarian, for the interfaces."""

from __future__ import annotations

from typing import Any

from asztal.engine import Action
from asztal.games.pax.actions import ACTIONS, BOTTOM, HAND
from asztal.games.pax.pack import ARMY, CARD_CAT, CARD_IDS, FLEET
from asztal.games.pax.state import (
    MODE_TWO,
    PH_BUY,
    PH_DRAW,
    PH_KEEP,
    PH_PLAY,
    PH_SOLO,
    PH_TURN,
    USED_BOTTOM,
    USED_HAND,
    USED_LEGION,
    fleet_army_limit,
)

# a drawn card's destination: (bit of ``used``, English, Hungarian) (PAX-DRAW-03..05)
_DEST_HAND = (USED_HAND, "hand", "kézbe")
_DEST_BOTTOM = (USED_BOTTOM, "bottom of the deck", "a pakli alá")
_DEST_LEGION = (USED_LEGION, "Legions", "légió alá")


def why_illegal(s, action: Any) -> str:
    if not isinstance(action, Action):
        return f"not a PAX action: {action!r} / nem PAX-lépés"
    if s.is_over:
        return "the game is over / a játék véget ért"
    interned = ACTIONS.by_code(action.code)
    if interned is None:
        return f"unknown action code {action.code!r} / ismeretlen lépéskód"
    kind = interned.kind
    _, c, d = interned.args
    seat = s.to_move
    phase = s.phase
    if kind == "keep":
        if phase != PH_KEEP:
            return "cards are kept only at setup / lapot megtartani csak az előkészületkor lehet"
    elif kind == "start":
        if phase != PH_SOLO:
            return "start cards are played only at the start of solitaire games 3-5 / csak a pasziánsz kezdésekor"
    elif kind in ("pass", "draw", "nodraw"):
        if phase != PH_TURN:
            return "you pass or draw only at the start of your turn / passzolni vagy húzni csak a kör elején lehet"
        if kind == "draw":
            return "the deck is empty: take 2 Aureus instead / elfogyott a pakli: 2 Aureust kapsz helyette"
        if kind == "nodraw":
            return "the deck still has cards: draw them / van még lap a pakliban: húzni kell"
    elif kind == "place":
        if phase != PH_DRAW:
            return "no drawn card to place / nincs elhelyezendő húzott lap"
        if c not in s.pending:
            return f"{CARD_IDS[c]} is not among the cards you drew / {CARD_IDS[c]} nincs a húzott lapok között"
        if d >= s.nleg and d not in (HAND, BOTTOM):
            return f"there is no Legion {d + 1} in this game / nincs {d + 1}. légió ebben a játékban"
        bit, en, hu = _DEST_HAND if d == HAND else _DEST_BOTTOM if d == BOTTOM else _DEST_LEGION
        if s.used & bit:
            return (f"one card of the three already went to the {en} / a három lapból már került egy {hu}"
                    " (PAX-DRAW-03..05)")
        if d == HAND and s.mode == MODE_TWO and s.to_draw:
            return ("with 3+ Religion symbols one of the two cards goes below a Legion or under the deck "
                    "before the third is drawn / 3+ vallásjellel előbb légió alá vagy pakli alá kell tenni egyet")
    elif kind in ("buy", "nobuy"):
        if phase != PH_BUY:
            return "buying comes after drawing, before playing / vásárolni húzás után, kijátszás előtt lehet"
        if kind == "buy":
            if d >= s.nleg or not s.legions[d]:
                return f"no cards below Legion {d + 1} / a(z) {d + 1}. légió alatt nincs lap"
            price, money = s.price(seat, d), s.money[seat]
            if price > money:
                return f"the group costs {price} Aureus, you have {money} / a csoport ára {price}, neked {money} van"
    elif kind in ("play", "done"):
        if phase != PH_PLAY:
            return "cards are played after drawing and buying / kijátszani húzás és vásárlás után lehet"
        if kind == "play":
            if c not in s.hands[seat]:
                return f"{CARD_IDS[c]} is not in your hand / {CARD_IDS[c]} nincs a kezedben"
            if s.money[seat] < s.nplayed:
                return (f"the next card costs {s.nplayed} Aureus, you have {s.money[seat]} / "
                        f"a következő lap ára {s.nplayed}, neked {s.money[seat]} van")
            if CARD_CAT[c] in (FLEET, ARMY):
                lim = fleet_army_limit(s.sym, seat * 7)
                return (f"Fleet/Army limit {lim} (the larger of your Estate and Conspiracy symbols) / "
                        f"flotta/sereg korlát: {lim} (a birtok- és cselszövésjeleid közül a nagyobb szám)")
    return f"not allowed now: {action.en} / most nem szabályos: {action.hu}"
