"""Constants and the small state helpers every part of the rules uses (cubes, market, decks)."""

from __future__ import annotations

# phases of a round (CC-RND-02)
AUCTION, GODS, ACTIONS, OVER = 0, 1, 2, 3
PHASE_NAMES = ("auction", "gods", "actions", "over")

# the pending sub-decision inside a phase B turn
MAIN, RAIL_CARD, RAIL_ROUTE, BUILD_CARD, BUILD_SRC, DELIVER_SRC, GROW_CARD, PYR_CITY, SWAP1, SWAP2 = range(10)
STEP_NAMES = ("main", "rail_card", "rail_route", "build_card", "build_source", "deliver_source", "grow_card",
              "pyramid_city", "swap_first", "swap_second")

STARTING_MONEY = 20  # CC-SETUP-14
TRAINS_PER_PLAYER = 20  # CC-COMP-08
CITY_HAND = 3  # CC-SETUP-12
CITY_DISPLAY = 4  # CC-SETUP-13
#: building sets (CC-SCORE-BLDG-01) and fruit sets (CC-SCORE-FRUIT-01) by number of kinds
BUILDING_SET_VP = (0, 1, 3, 6, 10, 15)
FRUIT_SET_VP = (0, 2, 5, 9, 14, 20)


def set_vp(table, kinds: int) -> int:
    return table[min(kinds, len(table) - 1)]


def move_market(s, f: int, d: int) -> None:
    """Move fruit ``f``'s market marker by ``d``, stopping at the track's ends (CC-Q-16)."""
    pk = s.pk
    v = s.market[f] + d
    if v < pk.market_min:
        v = pk.market_min
    elif v > pk.market_max:
        v = pk.market_max
    s.market[f] = v


def add_cube(s, x: int, f: int) -> None:
    s.cubes[x * s.pk.nf + f] += 1
    m = s.cmask[x]
    if not m >> f & 1:  # a new kind of fruit there: the cached board masks change
        s.cmask[x] = m | 1 << f
        s._cm = None


def remove_cube(s, x: int, f: int) -> None:
    i = x * s.pk.nf + f
    n = s.cubes[i] - 1
    s.cubes[i] = n
    if n == 0:
        s.cmask[x] &= ~(1 << f)
        s._cm = None


def _draw(s, deck: str, discard: str) -> int:
    """The top card of ``s.<deck>`` (-1 if none); an empty deck is the shuffled discard pile (CC-Q-26)."""
    cards = getattr(s, deck)
    if not cards:
        cards = getattr(s, discard)
        if not cards:
            return -1
        setattr(s, deck, cards)
        setattr(s, discard, [])
        s.rng.shuffle(cards, "caboose." + deck, deck=True)
    return s.rng.draw(cards, "caboose." + deck)


def draw_city(s) -> int:
    """The top city card (-1 if none), see ``_draw``."""
    return _draw(s, "cdeck", "cdisc")


def draw_auction(s) -> int:
    """The top auction card (-1 if none), see ``_draw``."""
    return _draw(s, "adeck", "adisc")


def remove_from(t: tuple, item) -> tuple:
    i = t.index(item)
    return t[:i] + t[i + 1:]
