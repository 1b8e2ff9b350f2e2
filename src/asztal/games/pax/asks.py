"""What a PAX player is asked and told: the pending decision as a sentence (``decision_of``)
and a refusal's ids turned into the names the table shows (``worded``).

The sentences themselves are in the catalogue (``messages.MESSAGES``, keys ``pax.ask.*`` and
``pax.no.*``); here they get their arguments: the cards by the way the table shows them
("Sereg ●● 4"), the Legions by their numerals, the counts still to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asztal.engine import Decision, Refusal
from asztal.games.pax import buy, play
from asztal.games.pax.actions import BOTTOM, HAND
from asztal.games.pax.draw import check_destination
from asztal.games.pax.frames import Buying, Drawing, Keep, Playing, StartCards, TurnStart
from asztal.games.pax.messages import card_fields
from asztal.games.pax.pack import LEGION_NUMERALS

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState

#: a drawn card's destinations as a player reads them, by the bit of ``Placed``
_DESTINATIONS = ((1, "hand", "a kezedbe", "into your hand"), (2, "legion", "egy légió alá", "below a Legion"),
                 (4, "bottom", "a pakli aljára", "under the deck"))


def _or(words: list[str], lang: str) -> str:
    joint = " vagy " if lang == "hu" else " or "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + joint + words[-1]


def decision_of(s: PaxState) -> Decision:
    """The decision ``s`` waits for (the game is not over)."""
    seat = s.to_move
    f = s.frame
    if isinstance(f, TurnStart):
        if not s.deck:
            return Decision(seat, "pax.turn", "pax.ask.turn_empty", {}, "PAX-END-02")
        return Decision(seat, "pax.turn", "pax.ask.turn", {"n": min(3, len(s.deck))}, "PAX-TURN-02")
    if isinstance(f, Drawing):
        return _placing(s, f)
    if isinstance(f, Playing):
        assert seat is not None
        money = s.money[seat]
        args: dict[str, Any] = {"cost": f.played, "money": money, "income": play.income(s, seat),
                                "played": f.played}
        key = "pax.ask.play" if money >= f.played else "pax.ask.play_broke"
        return Decision(seat, "pax.play", key, args, "PAX-PLAY-01")
    if isinstance(f, Buying):
        assert seat is not None
        offers_hu, offers_en = [], []
        for n in range(s.nleg):
            if buy.check_buy(s, n) is None:
                p = buy.price(s, seat, n)
                offers_hu.append(f"{LEGION_NUMERALS[n]}. légió ({p} Aureus)")
                offers_en.append(f"Legion {LEGION_NUMERALS[n]} ({p} Aureus)")
        args = {"money": s.money[seat], "offers_hu": ", ".join(offers_hu),
                "offers_en": ", ".join(offers_en)}
        return Decision(seat, "pax.buy", "pax.ask.buy", args, "PAX-BUY-01")
    if isinstance(f, Keep):
        assert seat is not None
        rule = "PAX-SOLO-02" if s.players == 1 else "PAX-SETUP-12"
        return Decision(seat, "pax.keep", "pax.ask.keep", {"n": len(s.hands[seat]) - 1}, rule)
    if isinstance(f, StartCards):
        return Decision(seat, "pax.start", "pax.ask.start", {"left": f.left}, "PAX-SOLO-09")
    return Decision(seat, "choose", "engine.ask.choose")  # pragma: no cover (Over is handled by the state)


def _placing(s: PaxState, f: Drawing) -> Decision:
    """PAX-DRAW-03..06: the drawn cards go one by one to the destinations still open; how many to come."""
    open_hu, open_en, names = [], [], []
    for bit, name, hu, en in _DESTINATIONS:
        d = HAND if bit == 1 else BOTTOM if bit == 4 else 0
        if check_destination(s, f, d) is None:
            open_hu.append(hu)
            open_en.append(en)
            names.append(name)
    # the drawn cards are not named: a decision is public (every seat may read it), the cards
    # are the drawer's secret and its view shows them to it
    args: dict[str, Any] = {"open": names, "open_hu": _or(open_hu, "hu"), "open_en": _or(open_en, "en"),
                            "left": f.left, "held": len(f.held)}
    one = "one" if len(f.held) == 1 else "many"
    key = f"pax.ask.place_{one}" + ("" if f.left else "_last")
    rule = "PAX-REL-01" if f.hand_waits else "PAX-DRAW-06"
    return Decision(s.to_move, "pax.place", key, args, rule)


def worded(s: PaxState, r: Refusal) -> Refusal:
    """``r`` with its card and Legion numbers given the names a player reads."""
    args = dict(r.args)
    c = args.pop("card", None)
    if isinstance(c, int):
        args.update(card_fields(s, c))
    legion = args.get("legion")
    if isinstance(legion, int):
        args["legion"] = legion + 1
        args["numeral"] = LEGION_NUMERALS[legion]
    return Refusal(r.key, r.rule, args)

