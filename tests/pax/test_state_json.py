"""The state format (docs/formats/pax.md): readable, hand-writable, validated."""

import json
import pathlib
import random

import pytest

from asztal import games
from asztal.engine import BadRecord
from asztal.games.pax.frames import Stage
from tests.pax.scenario import build

GAME = games.load("pax")
DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "formats" / "pax.md"


def _load_edited(d):
    """A hand-edited position is loaded as a record's start; as a save it is not its record."""
    with pytest.raises(BadRecord, match="a save is its record"):
        GAME.from_json(d)
    GAME.replay({**d["record"], "start": d["state"], "actions": []})


def test_round_trip_at_every_step():
    for seed in range(4):  # every player count; each load replays the record
        s = GAME.new_game(seed % 4 + 1, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            text = s.to_json()
            assert GAME.from_json(text).to_json() == text
            s.apply(rnd.choice(s.legal_actions()))
        assert GAME.from_json(s.to_json()).to_json() == s.to_json()


def test_state_uses_card_ids_and_seats():
    s = GAME.new_game(2, seed=1)
    d = json.loads(s.to_json())["state"]
    assert d["phase"] == "keep" and all(isinstance(c, str) and "-" in c for c in d["deck"])
    assert len(d["legions"]) == 3 and d["money"] == [5, 5]


def test_card_in_two_places_is_refused():
    """PAX-COMP-02: every influence card in exactly one zone."""
    s = build(2)
    d = json.loads(s.to_json())
    d["state"]["hands"][0].append(d["state"]["deck"][0])
    with pytest.raises(BadRecord, match="both in"):
        _load_edited(d)


def test_aureus_from_nowhere_is_refused():
    """PAX-COMP-01, PAX-Q-03: the bank and the players' Aureus add up to the same total."""
    s = build(2)
    d = json.loads(s.to_json())
    d["state"]["money"][0] += 3
    with pytest.raises(BadRecord, match="Aureus"):
        _load_edited(d)


def test_over_the_fleet_limit_is_refused():
    """PAX-LIM-01: a hand-written tableau with a Fleet and no Estate or Conspiracy breaks the rules."""
    with pytest.raises(BadRecord, match="limit"):
        build(2, tableaux=[["fleet"], []])


def test_schema_errors_are_one_line():
    s = build(2)
    d = json.loads(s.to_json())
    d["state"]["phase"] = "dancing"
    with pytest.raises(BadRecord, match="phase"):
        _load_edited(d)


def test_record_with_a_hand_written_start_replays():
    s = build(3, to_move=1, start_player=1)
    s.apply("pass")
    rec = json.loads(json.dumps(s.record))
    assert rec["start"]["to_move"] == 1
    assert games.replay(rec).to_json() == s.to_json()


def test_documented_example_position_loads():
    """The example in docs/formats/pax.md is a valid position."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```json", 2)[1].split("```", 1)[0]
    example = json.loads(block)
    state = GAME.new_game(2, seed=0)
    GAME._load_position(state, example)
    assert state.to_move == 0 and state.stage == Stage.TURN


def test_draw_positions_must_be_reachable():
    """PAX-DRAW-02, PAX-REL-01: one-by-one draws hold one card; two-then-one holds two while waiting."""
    ok = build(2, phase="draw", draw={"pending": ["wealth"], "left": 2, "used": []})
    assert ok.frame.held == (0,)
    with pytest.raises(BadRecord, match="single card"):
        build(2, phase="draw", draw={"pending": ["wealth", "fleet"], "left": 1, "used": []})
    with pytest.raises(BadRecord, match="two cards"):
        build(2, phase="draw", draw={"pending": ["wealth"], "left": 2, "used": [], "mode": "two-then-one"},
              tableaux=[["religion*2", "religion"], []])


def test_seat_to_move_must_follow_from_primus_and_turns():
    """Issue 13 item 8 (PAX-TURN-01, PAX-SETUP-15): start player 0, nobody done, seat 2 to move
    is refused with one line (it loaded and played 2, 0, 1)."""
    with pytest.raises(BadRecord) as e:
        build(3, to_move=2, start_player=0, turns_taken=0)
    msg = str(e.value)
    assert "to_move" in msg and "PAX-TURN-01" in msg and len(msg) <= 200 and "\n" not in msg
    assert build(3, to_move=2, start_player=0, turns_taken=2).to_move == 2
    assert build(3, to_move=0, start_player=1, turns_taken=2).to_move == 0


def test_keep_phase_with_an_empty_hand_is_refused():
    """PAX-SETUP-12: the seat to keep a card must hold one (it loaded with no legal action)."""
    with pytest.raises(BadRecord, match="PAX-SETUP-12"):
        build(2, phase="keep", to_move=0, hands=[[], ["wealth"]])


@pytest.mark.parametrize("field,value", [("round", 2.7), ("round", 10**6), ("money", [10**9, 5]),
                                         ("money", [True, 5]), ("turns_taken", "1"), ("phase", "banana")])
def test_fields_are_checked_for_type_and_range(field, value):
    s = build(2)
    d = json.loads(s.to_json())
    d["state"][field] = value
    with pytest.raises(BadRecord, match=field if field != "money" else "money"):
        GAME.replay({**d["record"], "start": d["state"], "actions": []})


def test_hand_checks_agree_with_the_shipped_schema():
    """The hand-written checks refuse whatever data/state.schema.json refuses (mutants of a position)."""
    import jsonschema

    from asztal.games.pax.serial import _check_schema
    from tests.fuzz.mutate import mutants

    schema = json.loads((pathlib.Path(__file__).resolve().parents[2] / "src/asztal/games/pax/data/state.schema.json")
                        .read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    rnd = random.Random(4)
    d = json.loads(build(3).to_json())["state"]
    for desc, m in mutants(d, rnd, 120):
        if isinstance(m, str) or "nested deep" in desc:
            continue
        if not validator.is_valid(m):
            with pytest.raises(ValueError):
                _check_schema(m)

