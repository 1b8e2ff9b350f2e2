"""End of round (A forduló vége), new round (Új forduló) and game end (A játék vége)."""

from tests.pax.scenario import build, codes, events


def last_turn(**kw):
    """Seat 1 (of 2) takes the last turn of the round; seat 0 started it."""
    kw.setdefault("turns_taken", 1)
    return build(2, to_move=1, **kw)


def test_round_ends_after_every_player_and_the_richest_group_goes_to_rome():
    """PAX-EOR-01, PAX-EOR-02, PAX-EOR-04, PAX-EX-ROUNDEND: the Army worth 4 below Legion I goes to
    Rome face up; Legion I is empty and gets a new face-up card at the start of the next round."""
    s = last_turn(legions=[["army$4"], ["wealth$1", "religion$2"], ["senator$1"]], deck_top=["estate-12"])
    s.apply("pass")
    assert s.rome == (27,)  # army-08
    assert [c["id"] for c in s.view(0)["rome"]["cards"]] == ["army-08"]
    assert s.legions[0] == (61,), "refilled with the top card (estate-12), face up (PAX-NEWR-03)"
    assert s.round_no == 2 and events(s, "pax.rome")[0]["value"] == 4


def test_round_end_tie_goes_to_the_lowest_legion():
    """PAX-EOR-03, PAX-TV-ROUNDEND-TIE: groups below II and IV both worth 6: Legion II's moves."""
    s = build(3, to_move=2, turns_taken=2,
              legions=[["wealth$1"], ["army$4", "wealth$2"], ["senator$1"], ["fleet$4", "religion$2"]])
    two, four = s.legions[1], s.legions[3]
    assert sum(s.cost[c] for c in two) == sum(s.cost[c] for c in four) == 6
    s.apply("pass")
    assert s.rome == two and s.legions[3] == four and len(s.legions[1]) == 1
    assert events(s, "pax.rome")[0]["legion"] == 2


def test_no_limit_for_rome():
    """PAX-EOR-05, PAX-LIM-05: Rome takes Fleets and Armies with no Estate or Conspiracy."""
    s = last_turn(legions=[["fleet*2$4", "army*2$4"], [], []])
    s.apply("pass")
    assert s.rome_symbols(False)[1:3] == [2, 2]
    s.check_invariants()


def test_nothing_moves_when_every_legion_is_empty():
    """PAX-EOR-06, PAX-Q-20: no group below any Legion: Rome gets nothing, every Legion is refilled."""
    s = last_turn(legions=[[], [], []])
    deck = len(s.deck)
    s.apply("pass")
    assert s.rome == () and all(len(g) == 1 for g in s.legions) and len(s.deck) == deck - 3


def test_start_player_follows_primus_conspiratus():
    """PAX-NEWR-01, PAX-NEWR-04: the Primus Conspiratus holder takes Primus and starts the next round."""
    s = last_turn(start_player=0, primus_conspiratus=1, tableaux=[[], ["conspiracy"]])
    s.apply("pass")
    assert s.primus == 1 and s.to_move == 1 and s.view(0)["start_player"] == 1


def test_start_player_unchanged_without_conspirators():
    """PAX-NEWR-02: nobody has played a Conspiracy card: the start player stays."""
    s = last_turn(start_player=0)
    s.apply("pass")
    assert s.primus == 0 and s.to_move == 0 and s.round_no == 2


def test_start_player_unchanged_when_the_holder_is_the_same():
    """PAX-NEWR-02: Primus Conspiratus stayed with the start player: same start player."""
    s = last_turn(start_player=0, primus_conspiratus=0, tableaux=[["conspiracy"], []])
    s.apply("pass")
    assert s.primus == 0 and s.to_move == 0
    assert not events(s, "pax.start_player")


def test_refill_each_empty_legion():
    """PAX-NEWR-03: one card from the deck below every Legion left without cards."""
    s = last_turn(legions=[["army$4"], [], ["wealth$1"]], deck_top=["senator", "religion"])
    s.apply("pass")
    assert [len(g) for g in s.legions] == [1, 1, 1]
    assert s.legions[0] == (40,) and s.legions[1] == (30,)  # top card to Legion I, next to Legion II


def test_game_ends_when_the_deck_cannot_refill_every_empty_legion():
    """PAX-END-01, PAX-Q-11: the round is finished (transfer to Rome, start player), then with fewer
    cards than empty Legions nothing is dealt and the game ends."""
    s = last_turn(legions=[["army$4"], [], ["wealth$1"]], deck_size=1)
    s.apply("pass")
    assert s.is_over and s.to_move is None and not s.legal_actions()
    assert 27 in s.rome, "the last round's transfer happened"
    assert len(s.deck) == 1, "no partial dealing"


def test_game_continues_when_the_deck_just_suffices():
    """PAX-END-01: exactly enough cards for every empty Legion: deal them and play on."""
    s = last_turn(legions=[["army$4"], [], ["wealth$1"]], deck_size=2)
    s.apply("pass")
    assert not s.is_over and len(s.deck) == 0 and codes(s) == ["nodraw", "pass"]


def test_deck_running_out_ends_the_game_after_the_round():
    """PAX-END-02, PAX-END-03, PAX-Q-11: a player who could not draw gets 2 Aureus and plays on; the
    game ends once everybody finished that round (after the transfer to Rome)."""
    s = build(2, to_move=0, deck_size=0, legions=[["army$4"], ["wealth$1"], ["religion$1"]],
              hands=[["senator"], ["estate"]])
    s.apply("nodraw")
    s.apply("nobuy")
    s.apply("play:card=senator-01")
    assert not s.is_over and s.to_move == 1
    s.apply("nodraw")
    assert not s.is_over
    s.apply("nobuy")
    s.apply("done")
    assert s.is_over and 27 in s.rome
