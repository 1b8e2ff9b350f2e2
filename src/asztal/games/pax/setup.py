"""Setup (Előkészületek) for 2-4 players and the solitaire game (Pasziánsz játék)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asztal.games.pax.frames import KEEP, StartCards
from asztal.games.pax.pack import BANK_START, NCARDS, load_pack
from asztal.games.pax.scoring import SOLO_BEAT

if TYPE_CHECKING:
    from asztal.engine.rng import Rng
    from asztal.games.pax.state import PaxState

# PAX-SETUP-03 (2 players: 20), PAX-SETUP-04 (3 players: 10), PAX-SETUP-05 (4 players: none),
# PAX-SOLO-04 (solitaire: 30 set aside)
REMOVED = {1: 30, 2: 20, 3: 10, 4: 0}
# PAX-SOLO-01: five solitaire games; PAX-SOLO-02 (2 cards), PAX-SOLO-09 (3), PAX-SOLO-10 (4), PAX-SOLO-11 (5)
SOLO_DRAW = {1: 2, 2: 2, 3: 3, 4: 4, 5: 5}
START_MONEY = 5  # PAX-SETUP-08, PAX-SOLO-02
ROME_HIDDEN = 3  # PAX-SETUP-07, PAX-SOLO-05


def shuffle(rng: Rng, items: list[int]) -> None:
    """The wide Fisher-Yates (``Rng.shuffle(wide=True)``): same law as the plain one with
    14 calls to the generator instead of about 80, which is most of the cost of a new game."""
    rng.shuffle(items, "pax.unseen", wide=True)


def _take(rng: Rng, deck: list[int], k: int) -> tuple[int, ...]:
    """The top ``k`` cards of the deck, in the order drawn (the top card first)."""
    return tuple(rng.draw(deck, "pax.deck") for _ in range(k))


def setup(s: PaxState) -> None:
    """Lay out a new game on ``s`` from its options, drawing every chance from ``s.rng``."""
    n = s.players
    pack = load_pack(s.options.get("pack"))
    s.pack, s.cost, s.syms = pack, pack.cost, pack.symbols
    solo = n == 1
    s.level = s.options["level"] if solo else 0
    s.nleg = 3 if solo else n + 1  # PAX-SETUP-06, PAX-Q-12: Legions I..N+1; PAX-SOLO-03: 3
    s.bank = BANK_START  # PAX-SETUP-01
    deck = list(range(NCARDS))
    s.rng.shuffle(deck, "pax.deck", deck=True, wide=True)  # PAX-SETUP-02: top of the deck = end of the list
    s._sh = 0  # a new game shares no list with any clone
    s.deck = deck
    s.legions = [()] * s.nleg
    s.lval = [0] * s.nleg
    s.rome = ()
    s.rome_seen = 0
    s.tableau = [()] * n
    s.sym = [0] * (7 * n)
    s.cnt = [0] * (7 * n)
    s.money = [START_MONEY] * n
    s.bank -= START_MONEY * n
    s.known = 0
    s.slid = [0] * n
    s.slid_all = 0
    s.round_no = 1
    s.pc = -1
    s.exhausted = False
    s.result = None
    s.turns = 0
    if solo:
        k = SOLO_DRAW[s.level]
        s.hands = [_take(s.rng, deck, k)]  # PAX-SOLO-02 (3-5 cards in games 3-5)
        s.removed = _take(s.rng, deck, REMOVED[1])  # PAX-SOLO-04: set aside unseen
        s.rome_hidden = _take(s.rng, deck, ROME_HIDDEN)  # PAX-SOLO-05
        s.primus = 0
        # PAX-SOLO-14, PAX-Q-17: otherwise the multiplayer procedure (one card per Legion, a turn
        # is a round, game end per section 11); games 3/4/5 play 1/2/3 cards at the start
        s.frame = StartCards(k - 2) if k > 2 else KEEP
        s.to_move = 0
    else:
        s.removed = _take(s.rng, deck, REMOVED[n])  # PAX-SETUP-03..05: boxed unseen
        s.rome_hidden = _take(s.rng, deck, ROME_HIDDEN)  # PAX-SETUP-07
        start = s.options["start"]
        s.primus = s.rng.below(n, "pax.start") if start == "random" else start  # PAX-SETUP-10, PAX-Q-19
        hands: list[tuple[int, ...]] = [()] * n
        for i in range(n):  # PAX-SETUP-11: the start player 2 cards, each next player one more
            seat = (s.primus + i) % n
            hands[seat] = _take(s.rng, deck, 2 + i)
        s.hands = hands
        s.frame = KEEP  # PAX-SETUP-12: each keeps one, in turn order from the start player
        s.to_move = s.primus
    if s.log is not None:
        # the default pack's name is an English word: say it in Hungarian too
        pack_hu = "rekonstruált" if pack.reconstructed else pack.name
        s.emit("pax.setup", players=n, start=s.primus + 1, pack=pack.name, pack_hu=pack_hu, level=s.level or None)
        if s.level:
            s.emit("pax.solo_goal", level=s.level, needed=SOLO_BEAT[s.level])
