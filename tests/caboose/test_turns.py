"""Round structure, phase B turns, the gods and end of round."""

import pytest

from asztal.engine import IllegalAction
from asztal.games.caboose import GAME
from asztal.games.caboose.auction import begin_auction
from tests.caboose.scenario import act, codes, cubes, fruit_at, kinds, refresh, scene, trains, turn


def _to_phase_b(s, gods):
    """Run an auction (the start player bids 1, the others pass) and pick ``gods`` in place order."""
    act(s, "bid:1")
    while s.phase == 0:
        act(s, "pass")
    for g in gods:
        act(s, f"god:{g}")


def test_round_structure_and_turn_order_vector():
    """CC-TV-TURN-ORDER; CC-RND-02 auction then actions then end of round; CC-RND-03, CC-TURN-01,
    CC-GOD-01 ascending god numbers; CC-EOR-05, CC-Q-09 the last to act becomes start player."""
    s = GAME.new_game(3, seed=0)
    s.cleo = 0
    begin_auction(s)
    refresh(s)
    _to_phase_b(s, [6, 2, 4])  # places: seat 0, seat 2, seat 1
    assert s.god == [6, 4, 2]
    assert s.order == (2, 1, 0) and s.to_move == 2
    act(s, "done")
    assert s.to_move == 1
    act(s, "done")
    assert s.to_move == 0
    act(s, "done")
    assert s.phase == 0 and s.round == 2 and s.cleo == 0 and s.to_move == 0


def test_god_one_can_be_chosen_and_acts_first():
    """CC-Q-05: gods run 1..7, the '2 to 7' of the text is a slip."""
    s = GAME.new_game(3, seed=0)
    s.cleo = 1
    begin_auction(s)
    refresh(s)
    _to_phase_b(s, [3, 1, 5])
    assert s.god[s.to_move] == 1


def test_one_auction_card_from_the_display_not_refilled():
    """CC-TURN-02, CC-Q-04, CC-Q-06: one card from the face-up display, which is not refilled;
    CC-TURN-03 a fruit card is laid face up, another card goes into the hand."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    pk = s.pk
    fruit = next(i for i in s.adisp if pk.ac_kind[i] == 2) if any(pk.ac_kind[i] == 2 for i in s.adisp) else None
    pick = fruit if fruit is not None else s.adisp[0]
    n = len(s.adisp)
    act(s, f"take:{pk.ac_ids[pick]}")
    assert len(s.adisp) == n - 1
    assert not any(c.startswith("take:") for c in codes(s))
    if fruit is not None:
        assert s.fcards[0] == (pick,)
    else:
        assert s.ahand[0] == (pick,)
    # a train or building card goes to the hand
    t = scene(3)
    turn(t, 0, god=2, city=[], fruit=[], auction=[])
    card = next(i for i in range(pk.nac) if pk.ac_kind[i] == 0 and i in t.adeck)
    t.adeck.remove(card)
    t.adisp.append(card)
    refresh(t)
    act(t, f"take:{pk.ac_ids[card]}")
    assert card in t.ahand[0] and card not in t.fcards[0]


def test_fruit_card_taken_goes_face_up():
    """CC-TURN-03, CC-SETUP-10: a fruit card taken is played face up at once."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    pk = s.pk
    card = pk.ac_idx["fruit-05"]
    for lst in (s.adeck, s.adisp, s.adisc):
        if card in lst:
            lst.remove(card)
    for q in range(3):
        s.fcards[q] = tuple(k for k in s.fcards[q] if k != card)
    s.adisp.append(card)
    refresh(s)
    act(s, "take:fruit-05")
    assert s.fcards[0] == (card,) and card not in s.ahand[0]
    assert "fruit-05" in s.view(1)["seats"][0]["fruit_cards"]


def test_atum_takes_two():
    """CC-GOD-ATUM-01: the holder may take 2 auction cards."""
    s = scene(3)
    turn(s, 0, god=6, city=[], fruit=[], auction=[])
    first = codes(s)[0]
    act(s, first)
    assert any(c.startswith("take:") for c in codes(s))
    second = codes(s)[0]
    act(s, second)
    assert not any(c.startswith("take:") for c in codes(s))
    held = {s.pk.ac_ids[i] for i in s.ahand[0] + s.fcards[0]}
    assert held == {first[5:], second[5:]}


def test_two_actions_three_with_bes():
    """CC-TURN-04 two actions; CC-GOD-BES-01 three with Bes Crocker; CC-TURN-05 the same action twice."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    for _ in range(2):
        act(s, f"citydraw:{s.pk.cc_ids[s.cdisp[0]]}")
    assert s.acts_left == 0 and not any(c.startswith("citydraw") for c in codes(s))
    t = scene(3)
    turn(t, 0, god=7, city=[], fruit=[], auction=[])
    for _ in range(3):
        act(t, f"citydraw:{t.pk.cc_ids[t.cdisp[0]]}")
    assert t.acts_left == 0 and len(t.chand[0]) == 6


def test_auction_card_at_any_point_and_optional():
    """CC-TURN-08, CC-Q-25: the card may be taken after the actions, or not at all (done);
    CC-R-05 the turn ends by itself when nothing is left."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    for _ in range(2):
        act(s, f"citydraw:{s.pk.cc_ids[s.cdisp[0]]}")
    assert s.to_move == 0 and any(c.startswith("take:") for c in codes(s))
    act(s, "done")
    assert s.to_move != 0 and s.ahand[0] == ()
    # with nothing left at all (no action, no card, no swap) the turn ends without 'done'
    t = scene(3)
    turn(t, 0, god=7, gods=[7, 1, 2], city=[], fruit=[], auction=[])
    act(t, codes(t)[0])  # take the auction card
    for _ in range(3):
        act(t, f"citydraw:{t.pk.cc_ids[t.cdisp[0]]}")
    # seat 0 held god 7 and acted last: its turn ended by itself, and with it the round
    assert t.phase == 0 and t.round == 2 and t.acts_left == 0


def test_all_six_actions_are_offered_when_possible():
    """CC-TURN-07 the six actions; CC-TURN-06 each offered only with its requirements;
    CC-GOAL-01 money buys trains and pyramids, deliveries earn money."""
    s = scene(3)
    cubes(s, faiyum={"dates": 1}, memphis={"figs": 1})
    trains(s, "r07", 1, 1)
    trains(s, "r08", 2, 1)
    turn(s, 0, god=2, city=["city-giza-3", "city-giza-4"], auction=["train-06", "building-temple-1"],
         fruit=["fruit-01"])
    assert {"rail", "build", "deliver", "grow", "pyramid", "citydraw"} <= kinds(s)
    turn(s, 0, god=2, city=[], auction=[], fruit=[])
    assert not ({"rail", "build", "deliver", "grow"} & kinds(s))


def test_horus_swaps_two_cubes_once():
    """CC-GOD-HORUS-01, CC-Q-22: once per turn, any time, two cubes of different fruits in different
    cities; no pyramid or 'already there' restriction."""
    s = scene(3)
    cubes(s, giza={"dates": 1}, siwa={"figs": 1, "dates": 1})
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    act(s, "horus")
    assert codes(s) == ["swap:giza:dates", "swap:siwa:figs"]  # siwa dates has no different-fruit partner
    act(s, "swap:giza:dates")
    assert codes(s) == ["swap:siwa:figs"]
    act(s, "swap:siwa:figs")
    assert fruit_at(s, "giza", "figs") == 1 and fruit_at(s, "siwa", "dates") == 2
    assert "horus" not in codes(s)
    t = scene(3)
    cubes(t, giza={"dates": 1}, siwa={"figs": 1})
    turn(t, 0, god=3, city=[], fruit=[], auction=[])
    assert "horus" not in codes(t)  # only the holder


def test_end_of_round():
    """CC-EOR-01 untaken auction cards discarded; CC-EOR-02 N + 1 new ones; CC-EOR-04 round + 1;
    CC-EOR-06 gods lined up again."""
    s = scene(4)
    turn(s, 0, god=7, gods=[7, 1, 2, 3], city=[], fruit=[], auction=[])
    left = list(s.adisp)
    act(s, "done")
    assert s.phase == 0 and s.round == 2
    assert all(i in s.adisc for i in left)
    assert len(s.adisp) == 5 and s.god == [0, 0, 0, 0]
    assert s.place == [0, 0, 0, 0]  # CC-EOR-06 the order markers are removed
    assert codes(s)[0] == "bid:1" and s.to_move == 0 and s.cleo == 0  # CC-EOR-05 seat 0 acted last


def test_last_round_ends_the_game():
    """CC-EOR-03, CC-R-04: after the last round, final scoring (no new display is dealt)."""
    s = scene(3)
    s.round = s.rounds
    turn(s, 0, god=7, gods=[7, 1, 2], city=[], fruit=[], auction=[])
    deck = len(s.adeck)
    act(s, "done")
    assert s.is_over and s.to_move is None and s.legal_actions() == ()
    assert s.adisp == [] and len(s.adeck) == deck
    with pytest.raises(IllegalAction):
        s.apply("done")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_game_runs_its_rounds(players):
    """CC-RND-01, CC-EOR-04: a game of only 'done' and minimal bids lasts exactly the pack's rounds."""
    s = GAME.new_game(players, seed=players)
    rounds_seen = set()
    while not s.is_over:
        rounds_seen.add(s.round)
        acts = s.legal_actions()
        code = "pass" if "pass" in [a.code for a in acts] else acts[0].code
        if s.phase == 2:
            code = "done"
        s.apply(code)
    assert rounds_seen == set(range(1, s.rounds + 1))
