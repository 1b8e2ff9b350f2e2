"""The shared machinery of the contract, proven on the toy game."""

import json

import pytest

from asztal import games
from asztal.engine import Action, ActionTable, BadOptions, IllegalAction
from asztal.engine.i18n import missing_translations, render_message
from tests.toy.nim import CARD, DONE, TAKE


def new(players=2, seed=1, **options):
    return games.load("nim").new_game(players, seed=seed, options=options)


def test_registry_lists_and_loads():
    assert "nim" in games.names()
    assert games.load("nim").name == "nim"


def test_actions_are_interned_values_with_codes():
    assert TAKE != Action("take", "take")  # interned: the same decision is the same object
    assert games.load("nim").parse_action(new(), "take") is TAKE
    with pytest.raises(AttributeError):
        TAKE.code = "x"
    table = ActionTable(lambda key: Action(f"k:{key}", "k", (key,)))
    assert table(3) is table(3) and table.by_code("k:3") is table(3) and len(table) == 1


def test_illegal_action_leaves_state_unchanged():
    s = new()
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cannot make that move now") as err:
        s.apply(DONE)  # must take at least one stone first
    assert s.to_json() == before
    # the refusal travels as a value every interface renders in its reader's language
    assert err.value.refusal == s.refusal(DONE) and err.value.refusal.key == "engine.not_now"
    assert s.game.describe_refusal(err.value.refusal, "hu") == "Ezt a lépést most nem teheted meg."


def test_the_pending_decision_names_its_seat_and_says_it_in_both_languages():
    s = new()
    d = s.decision()
    assert d.seat == s.to_move and d.kind == "choose"
    assert s.game.describe_decision(d, "en") == "Choose a move."
    assert s.game.describe_decision(d, "hu") == "Válassz egy lépést."


def test_unknown_code_says_so():
    with pytest.raises(IllegalAction, match="unknown action code"):
        new().apply("fly")


def test_player_count_and_options_are_checked():
    with pytest.raises(BadOptions, match="2-3 players"):
        new(players=5)
    with pytest.raises(BadOptions, match="unknown option"):
        new(colour="red")
    with pytest.raises(BadOptions, match="stones"):
        new(stones=0)


def test_record_replays_to_identical_state():
    s = new(seed=4)
    for code in ["take", "take", "done", "card", "take"]:
        s.apply(code)
    rec = json.loads(json.dumps(s.record))
    assert rec["actions"] == ["take", "take", "done", "card", "take"]
    assert games.replay(rec).to_json() == s.to_json()


def test_undo_takes_back_own_decisions_until_a_checkpoint():
    s = new(seed=4)
    s.apply(TAKE)
    s.apply(TAKE)
    assert s.can_undo(0) and not s.can_undo(1)
    back = s.undo(0)
    assert back.pile == s.pile + 1 and back.to_move == 0
    s.apply(DONE)  # passing the turn is a checkpoint
    assert not s.can_undo(1) and not s.can_undo(0)
    with pytest.raises(IllegalAction):
        s.undo(1)


def test_a_revealing_action_is_a_checkpoint():
    s = new(seed=4)
    s.apply(CARD)  # draws a new hidden card
    assert s.checkpoint == 1 and not s.can_undo(s.to_move)


def test_determinize_hides_opponent_cards_only():
    s = new(players=3, seed=8)
    views = {s.determinize(0, k).hands[0] for k in range(20)}
    assert views == {s.hands[0]}
    others = {tuple(s.determinize(0, k).hands[1:]) for k in range(40)}
    assert len(others) > 1


def test_log_events_render_in_both_languages():
    game = games.load("nim")
    assert missing_translations(game.messages) == []
    ev = {"key": "nim.card", "seat": 1, "value": 3}
    assert render_message(game.messages, ev, "hu") == "1. játékos kijátszott egy 3-est"
    assert render_message(game.messages, ev, "en") == "seat 1 played a 3"
    assert "nim.card" in render_message(game.messages, {"key": "nim.card"}, "en")
    assert render_message(game.messages, {"key": "nope", "x": 1}) == "nope x=1"


def test_hand_written_position_is_validated():
    game = games.load("nim")
    s = game.new_game(2, seed=1)
    data = json.loads(s.to_json())
    data["state"]["hands"] = [3, 3]  # a card duplicated
    data["state"]["deck"] = data["state"]["deck"] + [3]
    from asztal.engine import BadRecord
    with pytest.raises(BadRecord, match="card lost or duplicated"):
        game.replay({**s.record, "start": data["state"]})
    with pytest.raises(BadRecord, match="a save is its record"):  # an edited save is not its record
        game.from_json(json.dumps(data))


def test_record_with_hand_written_start_replays_from_it():
    start = {"pile": 2, "taken": [6, 7], "hands": [1, 2], "deck": [1, 1, 2, 2, 3, 3, 3],
             "discard": [], "this_turn": 0, "winner": None}
    rec = {"game": "nim", "players": 2, "seed": 0, "options": {"stones": 15}, "start": start,
           "actions": ["take", "take"]}
    s = games.replay(rec)
    assert s.is_over and s.winners() == [0]
    assert games.replay(s.record).to_json() == s.to_json()


def test_json_files_fail_in_one_line(tmp_path):
    from asztal.engine.jsonfile import read_json_file

    good = tmp_path / "ok.json"
    good.write_text('{"a": 1}')
    assert read_json_file(good, "pack") == {"a": 1}
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(BadOptions, match=r"^pack: not valid JSON \(.*line 1\)$"):
        read_json_file(bad, "pack", BadOptions)
    with pytest.raises(ValueError, match="^map: cannot read it"):
        read_json_file(tmp_path / "missing.json", "map")
