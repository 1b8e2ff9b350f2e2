"""2. Build a building (épület építése): fruit -> building -> VP now, city value up, the others
earn money (CC-ACT-BUILD-*).

``build:<building card>`` -> ``card:<city card>`` -> one ``src:<city>:<fruit>`` or
``use:<fruit card>`` per required fruit, the player deciding fruit by fruit where it comes from
(CC-R-09). Every legal list here is the candidates that pass the matching ``*_refusal`` check.
PTAH GOULD's bonus is paid here (CC-GOD-PTAH-01).
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Final

from asztal.engine.action import Action
from asztal.engine.decision import Decision
from asztal.games.caboose.common import (
    Why,
    add_cube,
    city_card_refusal,
    finish_first,
    hand_cities,
    move_market,
    named,
    no,
    remove_cube,
    remove_from,
)
from asztal.games.caboose.frames import BuildCity, BuildFruit
from asztal.games.caboose.pack import PTAH
from asztal.games.caboose.scoring import trains_around
from asztal.games.caboose.transport import board_masks, components
from asztal.games.caboose.turn import action_done

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState

PART = "build"


#: ``BuildCity`` frames by card, each made once: frames are immutable values (shared by clones), and the
#: interpreter's frozen-dataclass ``__init__`` costs several times this lookup
_CITY_FRAMES: Final[dict[int, BuildCity]] = {}


def fruit_card_mask(s: CabooseState, p: int) -> int:
    """The fruits ``p``'s played fruit cards show."""
    m = 0
    acm = s.pk.ac_mask
    for k in s.fcards[p]:
        m |= acm[k]
    return m


def sites_in(s: CabooseState, cities: int) -> int:
    """Bit ``m`` set when the fruits of mask ``m`` can be had in one of the ``cities`` (bits)
    without a pyramid (bit 0: such a city exists); see ``transport.board_masks``. By city, not by
    card: a hand often holds several cards of one city."""
    sites, pyr = board_masks(s)[0], s.pyr
    fits = 0
    for x in range(len(pyr)):
        if cities >> x & 1 and pyr[x] < 0:  # CC-ACT-BUILD-13, CC-ACT-GROW-06 nothing built or grown on a pyramid city
            fits |= sites[x]
    return fits


def hand_sites(s: CabooseState, p: int) -> int:
    """``sites_in`` the cities of ``p``'s city cards."""
    return sites_in(s, hand_cities(s, p))


# --------------------------------------------------------------------------- starting the action

def can_build(s: CabooseState, b: int, fits: int, cards: int) -> bool:
    """CC-ACT-BUILD-01: a building card, a city card and the fruits to be had there (``fits``:
    ``hand_sites``); what the played fruit cards show (``cards``: ``fruit_card_mask``) needs no
    cube (CC-ACT-BUILD-04 3). The menu offers building card ``b`` of the hand exactly when this holds."""
    return bool(fits >> (s.pk.ac_mask[b] & ~cards) & 1)


def build_refusal(s: CabooseState, p: int, b: int) -> Why | None:
    """Why building card ``b`` cannot start a building now (None: it can)."""
    if b not in s.ahand[p]:
        return no("auction_card_not_in_hand", "CC-ACT-BUILD-01", PART, acard=b)
    fits, cards = hand_sites(s, p), fruit_card_mask(s, p)
    if can_build(s, b, fits, cards):
        return None
    if not s.chand[p]:
        return no("no_city_cards", "CC-ACT-BUILD-01", PART)
    if not fits:
        return no("build_all_pyramids", "CC-ACT-BUILD-13", PART)
    return no("build_fruit_anywhere", "CC-ACT-BUILD-05", PART, fruit=s.pk.ac_mask[b] & ~cards)


def build_start(s: CabooseState, p: int, b: int) -> bool:
    s.own_hands()
    s.ahand[p] = remove_from(s.ahand[p], b)  # CC-ACT-BUILD-02 (i) play the card
    frame = _CITY_FRAMES.get(b)
    if frame is None:
        frame = _CITY_FRAMES[b] = BuildCity(b)
    s.stack = (s.stack[0], frame)
    return False


# --------------------------------------------------------------------------- the city card

def city_refusal(s: CabooseState, p: int, frame: BuildCity, c: int) -> Why | None:
    bad = city_card_refusal(s, p, c, "CC-ACT-BUILD-02", PART)
    if bad is not None:
        return bad
    pk = s.pk
    x = pk.cc_city[c]
    if s.pyr[x] >= 0:
        return no("build_pyramid", "CC-ACT-BUILD-13", PART, city=x)
    short = pk.ac_mask[frame.card] & ~fruit_card_mask(s, p)  # what the played fruit cards cannot supply
    site = board_masks(s)[0][x]
    if not site >> short & 1:  # CC-ACT-BUILD-05: bit m of ``site`` set when the fruits m can be had
        missing = [f for f in pk.mask_fruits[short] if not site >> (1 << f) & 1]
        return no("build_fruit", "CC-ACT-BUILD-05", PART, city=x, fruit=missing)
    return None


def city_legal(s: CabooseState, p: int, frame: BuildCity) -> list[Action]:
    """The cards of the hand that pass ``city_refusal``: its tests, worked out once for the hand."""
    pk = s.pk
    A, cc_city, pyr = pk.A_CARD, pk.cc_city, s.pyr
    short = pk.ac_mask[frame.card] & ~fruit_card_mask(s, p)
    sites = board_masks(s)[0]
    return [A[c] for c in s.chand[p] if pyr[cc_city[c]] < 0 and sites[cc_city[c]] >> short & 1]


# --------------------------------------------------------------------------- the fruits

def _sourcing(frame: BuildFruit) -> int:
    """The fruit being sourced now: the lowest of those still missing (CC-ACT-BUILD-04)."""
    need = frame.need
    return (need & -need).bit_length() - 1


def _used_card(s: CabooseState, frame: BuildFruit, bit: int) -> int:
    """CC-R-09 a card already used for another fruit may supply this one too; which of several
    such cards does it makes no difference (every used card is discarded): the first (CC-R-07)."""
    acm = s.pk.ac_mask
    return next((k for k in frame.used if acm[k] & bit), -1)


def src_refusal(s: CabooseState, p: int, frame: BuildFruit, y: int, f: int) -> Why | None:
    """CC-ACT-BUILD-04 1) by rail from a connected city, 2) the city's own cube."""
    pk = s.pk
    x = pk.cc_city[frame.city_card]
    want = _sourcing(frame)
    if f != want:
        return no("build_other_fruit", "CC-ACT-BUILD-04", PART, fruit=(want,),
                  chosen=(f,))
    if not s.cubes[y * pk.nf + f]:
        return no("no_cube", "CC-ACT-BUILD-04", PART, city=y, fruit=(f,))
    if y not in components(s)[0][x]:
        return no("not_connected", "CC-TRANS-01", PART, source=y, city=x)
    bit = 1 << f
    if y == x and _used_card(s, frame, bit) >= 0 and _own_cube_as_card(s, p, frame, f, frame.need & ~bit):
        return no("build_same_as_card", "CC-R-07", PART, fruit=(f,))
    return None


def use_refusal(s: CabooseState, p: int, frame: BuildFruit, k: int) -> Why | None:
    """CC-ACT-BUILD-04 3) one of the player's own played fruit cards; CC-R-07 equal cards once."""
    pk = s.pk
    acm = pk.ac_mask
    f = _sourcing(frame)
    bit = 1 << f
    if k in frame.used:
        if _used_card(s, frame, bit) != k:
            if acm[k] & bit:
                return no("build_card_twice", "CC-R-07", PART, fruit=(f,))
            return no("build_card_lacks", "CC-ACT-BUILD-04", PART, fruit=(f,), chosen=acm[k])
        return None
    if k not in s.fcards[p]:
        return no("fruit_card_not_yours", "CC-ACT-BUILD-04", PART, fruit=pk.ac_fruits[k])
    if not acm[k] & bit:
        return no("build_card_lacks", "CC-ACT-BUILD-04", PART, fruit=(f,), chosen=acm[k])
    for j in s.fcards[p]:
        if j == k:
            return None
        if acm[j] == acm[k]:  # CC-R-07 equal cards are one choice: the first of them is offered
            return no("build_card_twice", "CC-R-07", PART, fruit=(f,))
    return None


def fruit_legal(s: CabooseState, p: int, frame: BuildFruit) -> list[Action]:
    """Sources for the lowest required fruit still missing: cubes of the connected cities (by
    source city, CC-R-07), the used card that shows it, then the player's other fruit cards."""
    pk = s.pk
    f = _sourcing(frame)
    x = pk.cc_city[frame.city_card]
    nf, A = pk.nf, pk.A_SRC
    out = [A[y * nf + f] for y in components(s)[0][x] if src_refusal(s, p, frame, y, f) is None]
    used = _used_card(s, frame, 1 << f)
    if used >= 0:
        out.append(pk.A_USE[used])
    out += [pk.A_USE[k] for k in s.fcards[p] if use_refusal(s, p, frame, k) is None]
    return out


def _own_cube_as_card(s: CabooseState, p: int, frame: BuildFruit, f: int, rest: int) -> bool:
    """Whether taking the built city's own ``f`` cube, while a used card shows ``f``, ends exactly like
    letting that card supply it (CC-R-07): the card's ``f`` then goes onto the city (CC-ACT-BUILD-06) and
    the cube leaves (CC-ACT-BUILD-07), which nets out only if every ``f`` left unused, also by cards that
    may still be used for the ``rest`` of the fruits, finds a supply cube and the market never hits the
    track's bottom."""
    acm, bit = s.pk.ac_mask, 1 << f
    n = sum(1 for k in frame.used if acm[k] & bit)
    n += sum(1 for k in s.fcards[p] if acm[k] & bit and acm[k] & rest)
    return n <= s.supply[f] and s.market[f] - n >= s.pk.market_min


# --------------------------------------------------------------------------- the frames' contract

def legal(s: CabooseState, p: int, frame: BuildCity | BuildFruit) -> list[Action]:
    return city_legal(s, p, frame) if isinstance(frame, BuildCity) else fruit_legal(s, p, frame)


def refusal(s: CabooseState, p: int, frame: BuildCity | BuildFruit, action: Action) -> Why | None:
    kind = action.kind
    if isinstance(frame, BuildCity):
        if kind == "card":
            return city_refusal(s, p, frame, action.args[0])
        return finish_first(frame, action, "CC-ACT-BUILD-02", PART)
    if kind == "src":
        return src_refusal(s, p, frame, *action.args)
    if kind == "use":
        return use_refusal(s, p, frame, action.args[0])
    return finish_first(frame, action, "CC-ACT-BUILD-04", PART)


def ask(s: CabooseState, p: int, frame: BuildCity | BuildFruit) -> Decision:
    pk = s.pk
    if isinstance(frame, BuildCity):
        return Decision(p, frame.KIND, "caboose.ask.build_city", named(pk, {"building": frame.card}),
                        "CC-ACT-BUILD-02")
    need = frame.need
    words = named(pk, {"building": frame.card, "city": pk.cc_city[frame.city_card], "fruit": (_sourcing(frame),),
                       "missing": need, "count": bin(need).count("1")})
    return Decision(p, frame.KIND, "caboose.ask.build_fruit", words, "CC-ACT-BUILD-04")


def do(s: CabooseState, p: int, frame: BuildCity | BuildFruit, action: Action) -> bool:
    if isinstance(frame, BuildCity):
        c = action.args[0]
        s.own_hands()
        s.chand[p] = remove_from(s.chand[p], c)  # CC-ACT-BUILD-02 play the city card
        # CC-ACT-BUILD-03 the fruits on the card
        s.stack = (s.stack[0], BuildFruit(frame.card, c, s.pk.ac_mask[frame.card]))
        return False
    need, sources, used = frame.need, frame.sources, frame.used
    if action.kind == "src":
        y, f = action.args
        sources += ((y, f),)
        need &= ~(1 << f)
    else:
        k = action.args[0]
        if k not in used:
            s.own_hands()
            s.fcards[p] = remove_from(s.fcards[p], k)
            used += (k,)
        need &= need - 1  # CC-R-09: the card supplies the one fruit being sourced
    frame = BuildFruit(frame.card, frame.city_card, need, sources, used)
    if need:
        s.stack = (s.stack[0], frame)
        return False
    return _resolve(s, p, frame)


def _resolve(s: CabooseState, p: int, frame: BuildFruit) -> bool:
    pk = s.pk
    b, c = frame.card, frame.city_card
    x = pk.cc_city[c]
    s.own_board()
    fed = pk.ac_mask[b]  # the required fruits some used card supplied: those no cube supplied
    for _, f in frame.sources:
        fed &= ~(1 << f)
    # CC-ACT-BUILD-06 (iii), CC-Q-14: every fruit on a used fruit card that it did not supply for the
    # building (CC-R-09) grows on the city, if the supply has the cube; the market drops by one
    for k in frame.used:
        for g in pk.ac_fruits[k]:
            if fed >> g & 1:
                fed &= ~(1 << g)  # one card supplied it; another card's same fruit is unused
            elif s.supply[g]:
                s.supply[g] -= 1
                add_cube(s, x, g)
                move_market(s, g, -1)
    # CC-ACT-BUILD-07 (iv): the cubes used leave the board for the supply (CC-Q-15), market +1 each
    for y, f in frame.sources:
        remove_cube(s, y, f)
        s.supply[f] += 1
        move_market(s, f, +1)
    s.own_seats()
    vp = pk.ac_vp[b]  # CC-ACT-BUILD-08 (v)
    if s.god[p] == PTAH:
        vp += 2  # CC-ACT-BUILD-14, CC-GOD-PTAH-01, CC-Q-23 the holder's own buildings
    s.vp[p] += vp
    t = pk.ac_tile[b]
    if t >= 0:
        s.own_routes()
        s.btiles[x] = s.btiles[x] + (t,)  # CC-ACT-BUILD-09 (vi) the bonus tile; CC-Q-29 one tile per card
    paid = trains_around(s, x)  # CC-ACT-BUILD-10 others paid per train on the city's routes
    paid[p] = 0
    s.money[:] = map(add, s.money, paid)
    s.own_hands()
    s.bcards[p] = s.bcards[p] + (b,)  # CC-ACT-BUILD-11 (vii) the card in front of the builder
    s.own_decks()
    s.cdisc.append(c)  # CC-ACT-BUILD-12 (viii) discard the city card and any fruit card
    s.adisc.extend(frame.used)
    if s.log is not None:
        s.emit("caboose.build", seat=p, building=pk.ac_ids[b], building_hu=pk.auction_text(b, "hu"),
               building_en=pk.auction_text(b, "en"), city=pk.city_ids[x], city_hu=pk.city_hu[x],
               city_en=pk.city_en[x], vp=vp, paid=paid)
    return action_done(s)
