"""Setup (előkészületek, steps 1-11 of the rulebook; CC-SETUP-01 ... CC-SETUP-18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.caboose.auction import begin_auction
from asztal.games.caboose.common import (
    CITY_DISPLAY,
    CITY_HAND,
    STARTING_MONEY,
    TRAINS_PER_PLAYER,
    draw_auction,
    draw_city,
)
from asztal.games.caboose.pack import FRUIT

if TYPE_CHECKING:
    from asztal.games.caboose.state import CabooseState


def setup(s: CabooseState) -> None:
    pk, P, rng = s.pk, s.players, s.rng
    nc, nf = pk.nc, pk.nf
    s._sh = 0  # a new game shares no list with any clone
    s.round = 1  # CC-SETUP-16, CC-COMP-09 the round marker on the first space
    s.rounds = pk.rounds[P]  # CC-RND-01, CC-Q-02: rounds by player count from the pack
    # CC-SETUP-01, CC-Q-28: prestige tiles placed at random; the side follows the city's light/dark colour
    tiles = list(range(len(pk.prestige_ids)))
    rng.shuffle(tiles, "caboose.prestige")
    s.prestige = tiles
    s.btiles = [()] * nc  # CC-SETUP-17 building and pyramid tiles wait beside the board
    s.pyr = [-1] * nc
    # CC-SETUP-02: one cube of each fruit is its market marker; CC-SETUP-03: the rest go into the bag
    bag = [f for f in range(nf) for _ in range(pk.per_fruit - 1)]  # CC-COMP-15 the bag
    rng.shuffle(bag, "caboose.bag", deck=True)
    s.cubes = [0] * (nc * nf)
    s.cmask = [0] * nc
    targets = list(range(nc))  # CC-SETUP-03 one cube onto every city
    if P >= 4:
        targets += pk.corners  # CC-SETUP-04 one more on each corner city with 4-5 players
    if P == 5:
        targets += pk.five_extra  # CC-SETUP-05 and on Giza, Heliopolis, Abydos, Dendara with 5
    for x in targets:
        f = rng.draw(bag, "caboose.bag")
        s.cubes[x * nf + f] += 1
        s.cmask[x] |= 1 << f
    s.supply = [bag.count(f) for f in range(nf)]  # CC-SETUP-06 the cubes left form the supply
    # CC-SETUP-07: each marker moves up from -3 by its fruit's cubes in the supply
    s.market = [pk.market_start + s.supply[f] for f in range(nf)]
    # CC-SETUP-08: trains, score marker on 0
    s.trains = [TRAINS_PER_PLAYER] * P
    s.vp = [0] * P  # CC-COMP-09 score markers on 0
    s.money = [STARTING_MONEY] * P  # CC-SETUP-14; CC-COMP-14, CC-Q-27 the bank is unlimited
    s.god = [0] * P
    s.final = None
    # CC-SETUP-09, CC-Q-07: one starting "1" train card each, the unused ones stay in the auction deck
    starters = [i for i in range(pk.nac) if pk.ac_starting[i]][:P]
    s.adeck = [i for i in range(pk.nac) if i not in starters]
    rng.shuffle(s.adeck, "caboose.adeck", deck=True)
    s.adisc = []
    s.ahand = [(starters[p],) for p in range(P)]
    s.known = [1 << starters[p] for p in range(P)]  # everyone knows each seat's starting train card
    s.fcards = [()] * P
    s.bcards = [()] * P
    for p in range(P):
        i = draw_auction(s)
        if pk.ac_kind[i] == FRUIT:
            s.fcards[p] = (i,)  # CC-SETUP-10 a fruit card is laid face up in front of its owner
        else:
            s.ahand[p] = s.ahand[p] + (i,)
    s.adisp = [draw_auction(s) for _ in range(P + 1)]  # CC-SETUP-11 N + 1 face-up auction cards
    # CC-SETUP-12, CC-SETUP-13: 3 city cards each, 4 face up
    s.cdeck = list(range(pk.ncc))
    rng.shuffle(s.cdeck, "caboose.cdeck", deck=True)
    s.cdisc = []
    s.chand = [tuple(draw_city(s) for _ in range(CITY_HAND)) for _ in range(P)]
    s.cdisp = [draw_city(s) for _ in range(CITY_DISPLAY)]
    s.rt = [0] * (pk.nr * P)
    s.rown = [0] * pk.nr
    # CC-SETUP-15 all seven gods available; CC-SETUP-18 the start player (Cleo) is drawn at random
    s.cleo = rng.below(P, "caboose.cleo")  # CC-COMP-11 Cleo
    s._comp = None
    s._cm = None
    s._dirty = 0
    s._bw = 0
    s._pfree = None
    s._rail = None
    begin_auction(s)
    if s.log is not None:
        recon = pk.name == "reconstructed"
        s.emit("caboose.setup", players=P, rounds=s.rounds, start=s.cleo, pack=pk.name,
               pack_hu="rekonstruált" if recon else pk.name, pack_en=pk.name)
