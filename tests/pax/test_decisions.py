"""The pending decision and the refusals of PAX come from one code path: what is offered
passes its check, what is refused says why (with the rule ID), in both languages, in the
words of the table (card names, Legion numerals), never with internal ids."""

from __future__ import annotations

import random
import re

import pytest

from asztal import games
from asztal.engine.decision import MESSAGES as ENGINE_MESSAGES
from asztal.games.pax.frames import Drawing, Stage
from asztal.games.pax.messages import MESSAGES
from tests.pax.scenario import build

GAME = games.load("pax")
CARD_ID = re.compile(r"\b[a-z]+-\d\d\b")


def _texts(render, thing) -> tuple[str, str]:
    return render(thing, "hu"), render(thing, "en")


def _readable(hu: str, en: str) -> None:
    for text in (hu, en):
        assert text and "{" not in text and not CARD_ID.search(text), text
    assert hu != en


def _seeded_positions(players: int, seeds: range, level: int | None = None):
    """Every position of seeded uniform-random games (with the codes seen legal in them)."""
    for seed in seeds:
        state = GAME.new_game(players, seed=seed, options={"level": level} if level else None)
        rand = random.Random(seed)
        while not state.is_over:
            yield state.clone()
            state.apply(rand.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "level"), [(1, 1), (1, 5), (2, None), (3, None), (4, None)])
def test_every_offered_move_passes_and_every_other_is_refused_with_a_reason(players, level):
    """Same code path: ``refusal(a) is None`` for every legal action; any action code that is
    legal somewhere in the game but not here gets a specific refusal with a PAX rule ID."""
    positions = list(_seeded_positions(players, range(3), level))
    everywhere = {a.code for s in positions for a in s.legal_actions()}
    assert {"keep", "pass", "draw", "place", "buy", "nobuy", "play", "done"} <= \
        {GAME.action_by_code(c).kind for c in everywhere} | ({"buy", "nobuy"} if players == 1 else set())
    generic = {ENGINE_MESSAGES[k][lang] for k in ENGINE_MESSAGES for lang in ("hu", "en")}
    for i, s in enumerate(positions):
        legal = s.legal_actions()
        for a in legal:
            assert s.refusal(a) is None, (s, a)
        d = s.decision()
        assert d.seat == s.to_move and d.kind.startswith("pax.") and d.key in MESSAGES and d.rule
        _readable(*_texts(GAME.describe_decision, d))
        if i % 7:
            continue  # the refusals of every seventh position: each costs a few renderings
        codes = {a.code for a in legal}
        for code in sorted(everywhere - codes):
            r = s.refusal(GAME.action_by_code(code))
            assert r is not None and r.key in MESSAGES and r.rule and r.rule.startswith("PAX-"), (s, code, r)
            hu, en = _texts(GAME.describe_refusal, r)
            _readable(hu, en)
            assert hu not in generic and en not in generic


def test_illegal_action_carries_the_same_refusal():
    s = build(2, money=[1, 5], phase="play", hands=[["army"], []], turn={"played": 2})
    action = GAME.action_by_code("play:card=army-01")
    with pytest.raises(Exception) as e:
        s.apply(action)
    assert e.value.refusal == s.refusal(action)
    assert e.value.refusal.rule == "PAX-PLAY-06"


def test_keep_says_how_many_cards_go_under_the_deck():
    """PAX-SETUP-11, PAX-SETUP-12: the start player keeps one of 2, the next one of 3."""
    s = GAME.new_game(3, seed=1, options={"start": 0})
    d = s.decision()
    assert (d.kind, d.rule, d.args["n"]) == ("pax.keep", "PAX-SETUP-12", 1)
    assert GAME.describe_decision(d, "en") == "Choose the card you keep; the rest go under the deck (1 card)"
    s.apply(s.legal_actions()[0])
    assert s.decision().args["n"] == 2
    assert "a többi 2 lap a pakli aljára kerül" in GAME.describe_decision(s.decision(), "hu")


def test_placing_names_the_card_the_open_places_and_the_cards_to_come():
    """PAX-DRAW-02..06: one card at a time, each destination once; the sentence says which are open."""
    s = build(2, deck_top=["wealth$1", "fleet", "army"])
    s.apply("draw")
    d = s.decision()
    assert d.kind == "pax.place" and d.args["open"] == ["hand", "legion", "bottom"] and d.args["left"] == 2
    en = GAME.describe_decision(d, "en")
    assert en.startswith("Where does the drawn card go?") and en.endswith("2 cards still to draw")
    assert "Wealth" not in en, "a decision is public: the drawn card is the drawer's secret"
    s.apply("place:card=wealth-01,to=legion-1")
    d = s.decision()
    assert d.args["open"] == ["hand", "bottom"] and d.args["left"] == 1
    assert "Még szabad: a kezedbe vagy a pakli aljára; utána még 1 lapot húzol" in GAME.describe_decision(d, "hu")
    s.apply(s.legal_actions()[0])
    assert s.decision().key == "pax.ask.place_one_last"


def test_two_then_one_keeps_the_hand_closed_until_the_third_card():
    """PAX-REL-01: with 3+ Religion symbols two cards come at once, and one of them goes below a
    Legion or under the deck before the third is drawn."""
    s = build(2, tableaux=[["religion*2", "religion"], []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    assert isinstance(s.frame, Drawing) and s.stage == Stage.DRAW
    d = s.decision()
    assert d.rule == "PAX-REL-01" and "hand" not in d.args["open"]
    r = s.refusal(GAME.action_by_code("place:card=wealth-01,to=hand"))
    assert r is not None and r.rule == "PAX-REL-01"
    assert "third" in GAME.describe_refusal(r, "en")


def test_buy_lists_what_is_on_offer_and_refuses_what_is_too_dear():
    """PAX-BUY-01..03: a group below one Legion, at its price less the Wealth discount, no credit."""
    s = build(2, phase="buy", money=[3, 5], legions=[["army$2"], ["fleet$4"], ["estate$1"]])
    d = s.decision()
    assert d.kind == "pax.buy" and "Legion I (2 Aureus)" in GAME.describe_decision(d, "en")
    r = s.refusal(GAME.action_by_code("buy:legion=2"))
    assert r.rule == "PAX-BUY-03"
    assert GAME.describe_refusal(r, "hu") == "A II. légió alatti csoport ára 4 Aureus, neked csak 3 van."
    r = s.refusal(GAME.action_by_code("buy:legion=5"))
    assert r.key == "pax.no.legion" and GAME.describe_refusal(r, "en") == "This game has no Legion V."


def test_a_move_of_another_part_of_the_turn_says_when_it_is_taken():
    """PAX-TURN-03: draw, then buy, then play; each refusal names the order."""
    s = build(2)
    r = s.refusal(GAME.action_by_code("done"))
    assert r.rule == "PAX-INC-01" and r.key == "pax.no.done.now"
    r = s.refusal(GAME.action_by_code("buy:legion=1"))
    assert "after drawing" in GAME.describe_refusal(r, "en")
