"""PC-DECK-04, PC-Q-03 (2), ruling PC-R-ERA-AT-ONCE (rules version 3, issue 29): at an era change
the whole discard pile is shuffled into the new deck, the card whose draw emptied the deck
included when its use ended at that draw; kept out are only the cards an unfinished event still
needs. The book's numbers: 16 event cards, three burnt after the shuffle (p. 11, p. 16), so a
new deck holds 16 - 3 = 13 cards, one fewer for each card an unfinished event keeps out (p. 19).
"""

from asztal.games.pocketciv.data import BOX, GOLD, NCARDS
from asztal.games.pocketciv.frames import Astro, Dev, Era, Event, Mine, Move, Mp
from tests.pocketciv.scenario import play, scenario, start_event
from tests.pocketciv.test_multiplayer import areas_of, event, mp

FIVE_CITIES = {n: dict(tribes=3, city=1) for n in (1, 2, 3, 4, 6)}


def _era_change(s) -> bool:
    """The era change waits at its first step (the era scored, the player asked to go on)."""
    return type(s.stack[-1]) is Era and s.stack[-1].step == 1


def _only_in_deck(s, *cards):
    """The deck holds only ``cards`` (card numbers, drawn in this order); the rest are discards."""
    keep = [c - 1 for c in reversed(cards)]
    s.discard = [c for c in range(NCARDS) if c not in keep and c not in s.aside]
    s.deck = keep
    s.check_invariants()


def _scored(s) -> dict:
    return [e for e in s.log if e["key"] == "pocketciv.era_end"][-1]


def test_a_card_with_no_event_for_the_era_goes_into_the_new_deck():
    """Issue 29's example: era 5, five cities, the deck holds only card 1 (no Era 5 event), the
    other 15 cards are discards, movement is pending. ``done``: card 1 is drawn in phase II, era 5
    is scored (Masonry 3 + Engineering 5 = 8 VP), and after ``era:continue`` the new deck holds
    13 cards and the discard pile 3 (all 16 shuffled, three burnt)."""
    assert BOX[0][5] is None
    s = scenario(FIVE_CITIES, adv=("masonry", "engineering"), era=5, stack=Move())
    _only_in_deck(s, 1)
    s.run()
    play(s, "done")
    assert _era_change(s) and _scored(s)["era"] == 5 and s.emp.vp == 8
    assert 0 in s.discard and s.aside == []  # face up on the discard pile (p. 8, p. 11)
    play(s, "era:continue")
    assert s.era == 6 and len(s.deck) == 13 and len(s.discard) == 3 and s.aside == []
    assert any(e["key"] == "pocketciv.no_event" and e["card"] == 1 and e["era"] == 5 for e in s.log)
    assert s.stack == [Dev()]
    s.check_invariants()


def test_superstitions_discards_go_into_the_new_deck():
    """PC-EVT-SUPERST-02/03: Superstition (card 4, era 4) reads card 2: two more cards to draw and
    discard; the second of them (card 7) is the deck's last. It is discarded, so it is shuffled
    in: the new deck holds 16 - 1 (the Superstition card, still out) - 3 = 12 cards; the event
    then ends and its card joins the 3 burnt ones on the discard pile."""
    s = scenario(era=4)
    start_event(s, card=4)
    _only_in_deck(s, 2, 5, 7)
    s.run()
    assert _era_change(s) and s.era == 5
    assert 6 in s.discard and s.aside == [3]  # only the event's own card is kept out (p. 19)
    play(s, "era:continue")
    assert s.stack == [Dev()]
    assert len(s.deck) == 12 and len(s.discard) == 3 + 1 and s.discard[-1] == 3 and s.aside == []
    s.check_invariants()


def test_a_mining_card_goes_into_the_new_deck():
    """PC-DEV-MINING-09: "Ha a bányászat során az utolsó eseménykártya is felhasználásra kerül,
    akkor korszakváltás történik": the mining card (card 12, 3 gold) is the deck's last; it goes
    into the new deck of 13, its gold onto the cart."""
    s = scenario({3: dict(tribes=5, mountain=True)}, adv=("mining",))
    _only_in_deck(s, 12)
    play(s, "mine")
    assert _era_change(s) and 11 in s.discard
    play(s, "era:continue")
    assert len(s.deck) == 13 and len(s.discard) == 3 and s.aside == []
    assert s.stack[-1] == Mine(1, 3, GOLD[11]) == Mine(1, 3, 3)
    play(s, "stop")
    assert s.emp.gold == 3 and s.stack == [Dev()]
    s.check_invariants()


def test_a_taxation_card_goes_into_the_new_deck():
    """PC-DEV-BM-07: "Ha az adóztatás során az utolsó eseménykártya is felhasználásra kerül, akkor
    Korszakváltás történik": the taxed card (card 12: 3 gold, no handshake) is the deck's last; it
    goes into the new deck of 13 and its gold is collected."""
    s = scenario({3: dict(tribes=2)}, adv=("black_market",))
    _only_in_deck(s, 12)
    play(s, "tax")
    assert _era_change(s) and 11 in s.discard and s.emp.gold == 0
    play(s, "era:continue")
    assert len(s.deck) == 13 and len(s.discard) == 3 and s.aside == []
    assert s.emp.gold == 3 and s.stack == [Dev()]
    s.check_invariants()


def test_an_event_that_still_needs_its_card_keeps_it_out():
    """PC-EVT-02, p. 19 ("célszerű megtartani az Eseményt kiváltó eredeti kártyát"): the phase II
    card (card 6: Flood in era 1) is the deck's last; its event has not begun, so it stays out:
    the new deck holds 16 - 1 - 3 = 12 cards (seen while the player, who owns Astronomy, may still
    ignore the card); once the Flood is over its card is on the discard pile."""
    s = scenario({n: dict(tribes=2) for n in range(1, 9)}, adv=("astronomy",))
    s.stack = [Event()]
    _only_in_deck(s, 6)
    s.run()
    assert _era_change(s) and s.aside == [5] and 5 not in s.discard
    play(s, "era:continue")
    assert s.era == 2 and s.stack[-1] == Astro(5, 1)  # read in the era it was drawn in
    assert len(s.deck) == 12 and len(s.discard) == 3 and s.aside == [5]
    play(s, "done")
    assert s.stack == [Dev()] and s.discard[-1] == 5 and s.aside == []
    assert any(e["key"] == "pocketciv.event" and e["card"] == 6 and e["event"] == "flood" for e in s.log)
    s.check_invariants()


def test_a_card_whose_area_was_read_goes_into_the_new_deck():
    """The reading asked by issue 29: the Flood's area card (card 7, area 7 on the coast: a
    Tsunami) is the deck's last. Its number has been read, but the event is not over; the event
    never reads that card again (the area is kept as a number), so it is shuffled in: 16 - 1 (the
    Flood card) - 3 = 12, then the Tsunami draws its damage card (11 left) and strikes area 8,
    a coastal neighbour of area 7 (PC-R-TSUNAMI-ADJACENT)."""
    s = scenario({8: dict(tribes=12), 1: dict(tribes=1)})
    start_event(s, card=6, era=1)
    _only_in_deck(s, 7)
    s.run()
    assert _era_change(s) and 6 in s.discard and s.aside == [5]
    play(s, "era:continue")
    assert s.stack == [Dev()] and s.emp.tribes[7] < 12
    assert len(s.deck) == 12 - 1 and s.discard[-1] == 5 and s.aside == []
    s.check_invariants()


def test_multiplayer_shared_deck_reshuffles_a_used_card():
    """PC-MP-ERA-02, PC-Q-27 with PC-R-ERA-AT-ONCE: the shared deck's last card goes to a player's
    expedition; it is used up at the draw and shuffled in: 16 - 3 = 13."""
    s = mp(totem=0)
    fr = next(a for a in range(s.board.n) if s.board.frontier[a])
    s.seats[0].tribes[fr] = 5
    s.seats[1].tribes[0 if fr else 1] = 1
    _only_in_deck(s, s.deck[-1] + 1)
    s.stack = [Mp(3, 0)]
    s._legal = None
    s.run()
    s.apply(f"exp:area={fr + 1},by=land")
    s.apply("go")
    assert s.era == 2 and len(s.deck) == 13 and len(s.discard) == 3 and s.aside == []
    s.check_invariants()


def test_multiplayer_event_keeps_out_the_card_its_next_area_reads():
    """PC-MP-TOTEM-09, ruling PC-R-MP-PASSES: Famine (card 10, era 1) is played on both areas of
    its number with the same area card (card 2), which is the deck's last. The second area still
    reads it, so it stays out with the Famine card: 16 - 2 - 3 = 11 in the new deck; both areas
    starve (-2 CAV each), then both cards are on the discard pile (3 + 2)."""
    s = mp(totem=0, era=1)
    a1, a2 = areas_of(s, 2)
    s.seats[0].cav[a1], s.seats[0].tribes[a1] = 3, 2
    s.seats[1].cav[a2], s.seats[1].tribes[a2] = 3, 4
    other = next(a for a in range(s.board.n) if a not in (a1, a2))
    s.seats[0].tribes[other] = s.seats[1].tribes[other] = 1
    s.discard = [c for c in range(NCARDS) if c + 1 not in (10, 2)]
    s.deck = []
    event(s, 10, (2,))
    s.apply("totem:leave")
    assert s.era == 2 and any(e["key"] == "pocketciv.mp_era" for e in s.log)
    assert s.seats[0].cav[a1] == 1 and s.seats[1].cav[a2] == 1
    # the area card stayed on the discard pile, under the 3 burnt cards; the Famine card came last
    assert len(s.deck) == 11 and len(s.discard) == 3 + 2 and s.discard[0] == 1 and s.discard[-1] == 9
    assert s.aside == []
    s.check_invariants()


def test_multiplayer_superstitions_discards_go_into_the_shared_deck():
    """PC-EVT-SUPERST-02/03 in the multiplayer mode: Superstition names no area, so it is played
    once and its discards are never read again. Card 4 (era 4) reads card 2: two discards, cards
    5 and 7, the second the deck's last: it is shuffled in, the Superstition card alone stays
    out: 16 - 1 - 3 = 12 in the new deck, then the event's card joins the 3 burnt ones."""
    s = mp(totem=0, era=4)
    s.seats[0].tribes[0] = s.seats[1].tribes[1] = 2
    s.discard = [c for c in range(NCARDS) if c + 1 not in (4, 2, 5, 7)]
    s.deck = []
    event(s, 4, (2, 5, 7))
    s.apply("totem:leave")
    assert s.era == 5 and any(e["key"] == "pocketciv.mp_era" for e in s.log)
    assert len(s.deck) == 12 and len(s.discard) == 3 + 1 and s.discard[-1] == 3 and s.aside == []
    s.check_invariants()
