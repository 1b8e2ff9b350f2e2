"""Constants and the small state helpers every part of the rules uses (cubes, market, decks,
the words a refusal or a question names things with)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asztal.engine.action import Action
from asztal.engine.decision import Frame, Refusal
from asztal.engine.i18n import join_words

# the names of phases and steps live with the frames; re-exported for the layers that read views
from asztal.games.caboose.frames import ACTIONS, AUCTION, GODS, OVER, PHASE_NAMES, STEP_NAMES  # noqa: F401

if TYPE_CHECKING:
    from asztal.games.caboose.pack import Pack
    from asztal.games.caboose.state import CabooseState

STARTING_MONEY = 20  # CC-SETUP-14
TRAINS_PER_PLAYER = 20  # CC-COMP-08
CITY_HAND = 3  # CC-SETUP-12
CITY_DISPLAY = 4  # CC-SETUP-13
#: building sets (CC-SCORE-BLDG-01) and fruit sets (CC-SCORE-FRUIT-01) by number of kinds
BUILDING_SET_VP = (0, 1, 3, 6, 10, 15)
FRUIT_SET_VP = (0, 2, 5, 9, 14, 20)


def set_vp(table: tuple[int, ...], kinds: int) -> int:
    return table[min(kinds, len(table) - 1)]


def move_market(s: CabooseState, f: int, d: int) -> None:
    """Move fruit ``f``'s market marker by ``d``, stopping at the track's ends (CC-Q-16)."""
    s.own_board()
    pk = s.pk
    v = s.market[f] + d
    if v < pk.market_min:
        v = pk.market_min
    elif v > pk.market_max:
        v = pk.market_max
    s.market[f] = v


def add_cube(s: CabooseState, x: int, f: int) -> None:
    s.own_board()
    s.cubes[x * s.pk.nf + f] += 1
    m = s.cmask[x]
    if not m >> f & 1:  # a new kind of fruit there: the cached board masks change for x's component
        s.cmask[x] = m | 1 << f
        s._dirty |= 1 << x


def remove_cube(s: CabooseState, x: int, f: int) -> None:
    s.own_board()
    i = x * s.pk.nf + f
    n = s.cubes[i] - 1
    s.cubes[i] = n
    if n == 0:
        s.cmask[x] &= ~(1 << f)
        s._dirty |= 1 << x


def draw_city(s: CabooseState) -> int:
    """The top city card (-1 if none); an empty deck is the shuffled discard pile (CC-Q-26)."""
    s.own_decks()
    if not s.cdeck:
        if not s.cdisc:
            return -1
        s.cdeck, s.cdisc = s.cdisc, []
        s.rng.shuffle(s.cdeck, "caboose.cdeck", deck=True)
    return s.rng.draw(s.cdeck, "caboose.cdeck")


def draw_auction(s: CabooseState) -> int:
    """The top auction card (-1 if none), as ``draw_city`` (CC-Q-26)."""
    s.own_decks()
    if not s.adeck:
        if not s.adisc:
            return -1
        s.adeck, s.adisc = s.adisc, []
        s.rng.shuffle(s.adeck, "caboose.adeck", deck=True)
    return s.rng.draw(s.adeck, "caboose.adeck")


def hand_cities(s: CabooseState, p: int) -> int:
    """Bit ``x`` set for the city of each city card in ``p``'s hand."""
    cc_city = s.pk.cc_city
    m = 0
    for c in s.chand[p]:
        m |= 1 << cc_city[c]
    return m


def remove_from(t: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = t.index(item)
    return t[:i] + t[i + 1:]


def swap_possible(s: CabooseState) -> bool:
    """Whether HORUS K. HOLLIDAY has two cubes to swap: cubes in two cities and two kinds of fruit
    among them (CC-Q-22); then some pair differs unless every non-empty city holds the same single fruit."""
    seen_mask = 0
    cities = 0
    for m in s.cmask:
        if m:
            cities += 1
            seen_mask |= m
    return cities >= 2 and bool(seen_mask & (seen_mask - 1))


# --------------------------------------------------------------------------- reasons and words

#: why a move is refused, as the checks return it: ``(key, rule, part, args)`` with pack indices in
#: ``args`` (cheap to make: the legal lists are built from these checks); ``refused`` names them
Why = tuple[str, str, str, dict[str, Any]]

_CITY_ARGS = frozenset({"city", "source", "first_city"})
_FRUIT_ARGS = frozenset({"fruit", "chosen", "first_fruit", "missing"})
_AUCTION_ARGS = frozenset({"acard", "building"})


def no(key: str, rule: str, part: str, **args: Any) -> Why:
    """Refused: ``caboose.no.<key>``, resting on ``rule``, told as part of the rulebook's ``part``
    (``messages.PARTS``)."""
    return key, rule, part, args


def refused(pk: Pack, why: Why) -> Refusal:
    """The ``Refusal`` of a check's reason, its ids turned into names in both languages."""
    key, rule, part, args = why
    return Refusal("caboose.no." + key, rule, named(pk, args, part=part))


def either(items: list[str], lang: str) -> str:
    """"a, b vagy c" / "a, b or c": alternatives, where ``join_words`` lists things together."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" vagy " if lang == "hu" else " or ") + items[-1]


def named(pk: Pack, args: dict[str, Any], **plain: Any) -> dict[str, Any]:
    """Sentence arguments with every pack index turned into its hu and en name (``city`` ->
    ``city_hu``, ``city_en``): no id ever reaches a sentence. Cities: ``city``, ``source``,
    ``first_city``; fruits (indices or a mask): ``fruit``, ``chosen``, ``first_fruit``, ``missing``;
    ``card`` a city card, ``acard``/``building`` an auction card, ``route``, ``action`` an Action."""
    out = plain
    for k, v in args.items():
        if k in _CITY_ARGS:
            out[k + "_hu"], out[k + "_en"] = pk.city_hu[v], pk.city_en[v]
        elif k in _FRUIT_ARGS:
            fruits = pk.mask_fruits[v] if isinstance(v, int) else v
            out[k + "_hu"] = join_words([pk.fruit_hu[f] for f in fruits], "hu")
            out[k + "_en"] = join_words([pk.fruit_en[f] for f in fruits], "en")
            # a city card's demand is one fruit OR the other: „gránátalma vagy füge”
            out[k + "_or_hu"] = either([pk.fruit_hu[f] for f in fruits], "hu")
            out[k + "_or_en"] = either([pk.fruit_en[f] for f in fruits], "en")
        elif k == "card":
            out["card_hu"], out["card_en"] = pk.card_text(v, "hu"), pk.card_text(v, "en")
        elif k in _AUCTION_ARGS:
            out[k + "_hu"], out[k + "_en"] = pk.auction_text(v, "hu"), pk.auction_text(v, "en")
        elif k == "route":
            out["route_hu"], out["route_en"] = pk.route_text(v, "hu"), pk.route_text(v, "en")
        elif k == "action":
            out["action_hu"], out["action_en"] = v.hu, v.en
        else:
            out[k] = v
    return out


def finish_first(frame: Frame, action: Action, rule: str, part: str) -> Why:
    """Any other move while an action waits for its next choice: finish it first (CC-TURN-06: an
    action once begun is completed; ``task`` names the pending choice in ``messages.TASKS``)."""
    return no("finish", rule, part, task=frame.KIND, action=action)


def city_card_refusal(s: CabooseState, p: int, c: int, rule: str, part: str) -> Why | None:
    """A city card must be in the player's hand to be played."""
    if c not in s.chand[p]:
        return no("city_card_not_in_hand", rule, part, card=c)
    return None
