"""Issue 15: a save is its record; the envelope is typed; whole seeds; typed errors for bad arguments."""

import json
import random
from pathlib import Path

import pytest

from asztal import games
from asztal.cli.app import main
from asztal.cli.files import load_game_file
from asztal.engine import BadRecord, BadSeat, IllegalAction, Rng
from asztal.engine.errors import MAX_LINE
from tests.contract.helpers import random_position

CASES = [("pax", 3), ("caboose", 4), ("pocketciv", 1), ("pocketciv", 2)]


def _played(name, players, steps=40, seed=3):
    return random_position(games.load(name), players, seed, steps)


@pytest.mark.parametrize("name,players", CASES)
def test_a_save_whose_record_was_edited_is_refused(name, players):
    s = _played(name, players)
    game = s.game
    d = json.loads(s.to_json())
    assert game.from_json(d).to_json() == s.to_json()
    edits = [
        lambda d: d["record"].update(seed=d["record"]["seed"] + 1),
        lambda d: d["record"].update(actions=d["record"]["actions"][:-1]),
        lambda d: d.update(checkpoint=-1),  # would allow undo past a draw
        lambda d: d.update(checkpoint=d["checkpoint"] + 1 if d["checkpoint"] < len(d["record"]["actions"]) else 0),
        lambda d: d["state"].update(era=2) if "era" in d["state"] else d["state"].update(round=2),
        lambda d: d.update(rng=[d["rng"][0] + 1, d["rng"][1]]),
        lambda d: d.update(is_over="no"),
        lambda d: d.update(to_move=1.0),
        lambda d: d.update(schema=True),
    ]
    for edit in edits:
        m = json.loads(json.dumps(d))
        edit(m)
        if m == d:
            continue
        with pytest.raises(BadRecord) as e:
            game.from_json(m)
        assert "\n" not in str(e.value) and len(str(e.value)) <= 200


def test_an_empty_log_is_a_save_made_without_logging():
    s = _played("pax", 2)
    d = json.loads(s.to_json())
    d["log"] = []
    assert games.load("pax").from_json(d).to_json() == s.to_json()


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": 1' + "0" * 10_000 + "}", "x" * 1_000_000])
def test_deep_nesting_and_huge_numbers_are_one_line(text):
    with pytest.raises(BadRecord) as e:
        games.load("caboose").from_json(text)
    assert len(str(e.value)) <= 200


def test_refusals_never_echo_the_input():
    s = _played("caboose", 3)
    rec = s.record
    rec["actions"] = rec["actions"] + ["y" * 1_000_000]
    with pytest.raises(BadRecord) as e:
        games.replay(rec)
    assert len(str(e.value)) <= 200


def test_seeds_take_every_bit():
    """Seeds 1, 2**64 and 1 + 2**128 used to give the same game; seeds below 2**64 keep theirs."""
    states = {tuple(Rng(x).get_state()) for x in (1, 2**64, 1 + 2**128, 2**64 + 2**128, -1, 0)}
    assert len(states) == 6
    assert Rng(2**64 - 1).get_state() == [11145971527221386410, 741187]  # as before the change
    assert Rng(1).get_state() == [7749933324337711095, 741187]
    g = games.load("pax")
    assert g.new_game(3, seed=1).to_json() != g.new_game(3, seed=2**64).to_json().replace(str(2**64), "1")


@pytest.mark.parametrize("name,players", CASES)
def test_wrong_types_and_seats_raise_engine_errors(name, players):
    s = _played(name, players, steps=5)
    game = s.game
    for seat in (players, -1, "0", True, 1.0):
        with pytest.raises(BadSeat):
            s.view(seat)
        with pytest.raises(BadSeat):
            s.determinize(seat, 1)
    with pytest.raises(BadSeat):
        s.determinize(None, 1)
    with pytest.raises(ValueError):
        s.determinize(0, "seed")
    for state, code in ((None, "pass"), (s, ["pass"]), (s, 5), (s, {"a": 1})):
        with pytest.raises(IllegalAction):
            game.action_for_code(state, code)


@pytest.mark.parametrize("name,players", [("pax", 2), ("pax", 4), ("caboose", 3), ("caboose", 5),
                                          ("pocketciv", 1), ("pocketciv", 2)])
def test_determinize_yields_a_playable_world_at_every_seat(name, players):
    game = games.load(name)
    for seed in range(2):
        s = game.new_game(players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            for seat in range(players):
                world = s.determinize(seat, rnd.getrandbits(32))
                assert world.legal_actions(), f"seed {seed}: no legal action in a world of seat {seat}"
                assert world.view(seat) == s.view(seat)
            s.apply(rnd.choice(s.legal_actions()))


# -- a change of rules version (issue 29: PocketCiv rules version 3; issue 33: version 4) -----------
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _refusal(v: str) -> str:
    return f"made under rules version {v}; this program plays version 4 and cannot replay it"


def _refusal_hu(v: str) -> str:
    return (f"Ez a játék a {v}. szabályváltozattal készült; ez a program a 4. változatot játssza, "
            "ezért nem tudja visszajátszani.")


@pytest.mark.parametrize("v", ["2", "3"])
def test_a_save_of_an_older_pocketciv_rules_version_is_refused_naming_the_version(v):
    """docs/formats/records.md: a save made by ``asztal play`` under PocketCiv rules version 2 or
    3 (``tests/fixtures/rules_v<v>/save.json``, made by that code) is not corrupt: it is refused
    with one line naming both versions, in the reader's language; so is its bare record."""
    assert games.load("pocketciv").version == "4"
    with pytest.raises(BadRecord) as e:
        load_game_file(FIXTURES / f"rules_v{v}" / "save.json")
    assert str(e.value) == _refusal(v)
    record = json.loads((FIXTURES / f"rules_v{v}" / "save.json").read_text())["record"]
    with pytest.raises(BadRecord) as e:
        games.replay(record)
    assert str(e.value) == _refusal(v) and e.value.words("hu") == _refusal_hu(v)


@pytest.mark.parametrize("v", ["2", "3"])
def test_asztal_play_load_of_an_older_save_says_which_version(v, monkeypatch, capsys):
    """``asztal play --load`` of the older save: exit code 2 and the one line in the
    interface's language, no traceback."""
    for lang, line in (("en", _refusal(v)), ("hu", _refusal_hu(v))):
        monkeypatch.setattr("sys.argv", ["asztal", "play", "--load", str(FIXTURES / f"rules_v{v}" / "save.json"),
                                         "--lang", lang])
        with pytest.raises(SystemExit) as exit_info:
            main()
        assert exit_info.value.code == 2
        err = " ".join(capsys.readouterr().err.split())
        assert line in err and "Traceback" not in err and "corrupt" not in err


def test_the_refusal_of_another_version_is_short_and_never_echoes_the_input():
    """Versions that are not a short word are named only briefly (a server echoes the line)."""
    g = games.load("pocketciv")
    for version in ("x" * 5000, True, 10 ** 100, ["2"]):
        e = g.other_version(version)
        for line in (str(e), e.words("hu"), e.words("en")):
            assert len(line) <= MAX_LINE and "x" * 50 not in line
        assert "ismeretlen" in e.words("hu") and "unknown" in e.words("en")
    one, five, two = g.other_version(1), g.other_version("5"), g.other_version(2)
    assert str(one).startswith("made under rules version 1;")
    # one sentence per language, with the article Hungarian puts before each numeral (never "a(z)")
    assert "az 1. szabályváltozattal" in one.words("hu") and "az 5. szabályváltozattal" in five.words("hu")
    assert "a 2. szabályváltozattal" in two.words("hu") and "a 4. változatot" in two.words("hu")
    assert all("a(z)" not in e.words("hu") and "version" not in e.words("hu") for e in (one, five, two))
    assert two.words("en") == f"This game was {_refusal('2')}."
