"""Hidden information (CC-Q-34), determinize, and the state JSON format (docs/formats/caboose.md)."""

import json
import random

import pytest

from asztal import games
from asztal.engine import BadRecord
from asztal.games.caboose import GAME
from asztal.games.caboose.pack import FRUIT
from tests.contract.helpers import random_position


def _midgame(players=4, seed=5, steps=150):
    return random_position(GAME, players, seed, steps)


def test_hands_are_secret_money_open():
    """CC-Q-34: city and auction hands hidden (counts shown), money and played cards open; no deck order."""
    s = _midgame()
    v = s.view(1)
    for q, seat in enumerate(v["seats"]):
        assert "money" in seat and "fruit_cards" in seat and "city_cards" in seat
        assert ("city_hand" in seat) == (q == 1) and ("auction_hand" in seat) == (q == 1)
    assert isinstance(v["city_deck"], int) and isinstance(v["auction_deck"], int)
    spectator = s.view(None)
    assert all("city_hand" not in seat for seat in spectator["seats"])
    text = json.dumps(spectator)
    for q in range(4):
        for c in s.chand[q]:
            if c not in s.cdisc and c != getattr(s.frame, "city_card", -1):
                assert f'"{s.pk.cc_ids[c]}"' not in text


def test_open_hands_option_shows_every_hand():
    """CC-Q-34 configurable: option open_hands."""
    s = GAME.new_game(3, seed=1, options={"open_hands": True})
    assert all("city_hand" in seat for seat in s.view(0)["seats"])
    d = s.determinize(0, 3)
    assert d.chand == s.chand and d.ahand == s.ahand


@pytest.mark.parametrize("seed", range(4))
def test_determinize_keeps_the_view_and_the_rules(seed):
    s = _midgame(seed=seed)
    for seat in range(4):
        d = s.determinize(seat, seed + 100)
        assert d.view(seat) == s.view(seat)
        d.check_invariants()
        assert d.chand[seat] == s.chand[seat]
        for q in range(4):
            assert all(d.pk.ac_kind[i] != FRUIT for i in d.ahand[q])
    others = [q for q in range(4) if q != 0]
    samples = {tuple(s.determinize(0, k).chand[q] for q in others) for k in range(10)}
    assert len(samples) > 1  # the other hands really are resampled


def test_json_round_trip_at_many_steps():
    s = GAME.new_game(5, seed=2)
    rnd = random.Random(2)
    while not s.is_over:
        text = s.to_json()
        again = GAME.from_json(text)
        assert again.to_json() == text
        assert [a.code for a in again.legal_actions()] == [a.code for a in s.legal_actions()]
        s.apply(rnd.choice(s.legal_actions()))
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()


def test_hand_written_position_replays():
    """A record may start from a hand-edited position (ids from the pack); cubes move via the supply."""
    s = GAME.new_game(3, seed=4)
    pos = s.to_dict()["state"]
    pos["seats"][s.cleo]["money"] = 50
    alexandria = pos["cities"][0]
    for fruit, n in alexandria["fruit"].items():
        pos["supply"][fruit] += n
    alexandria["fruit"] = {}
    rec = {**s.record, "start": pos, "actions": ["bid:1", "pass", "pass"]}
    back = games.replay(rec)
    assert back.money[s.cleo] == 49 and back.phase == 1 and back.cmask[0] == 0
    assert back.record["start"] == pos


@pytest.mark.parametrize("breakage,expect", [
    (lambda p: p["seats"][1]["city_hand"].append(p["city_display"][0]), "city card"),
    (lambda p: p["seats"][0].update(trains=21), "trains"),
    (lambda p: [p["routes"][0].update(trains={"0": 1, "1": 1, "2": 1})] + [s.update(trains=19) for s in p["seats"]],
     "route r01 holds 3 players"),
    (lambda p: p["cities"][0].update(fruit={"dates": 9}), "cubes"),
    (lambda p: p.update(phase="lunch"), "phase"),
    (lambda p: p["seats"][0]["city_hand"].append("city-atlantis-1"), "unknown city card"),
])
def test_broken_positions_are_refused(breakage, expect):
    s = GAME.new_game(3, seed=4)
    pos = json.loads(json.dumps(s.to_dict()["state"]))
    breakage(pos)
    with pytest.raises(BadRecord) as e:
        games.replay({**s.record, "start": pos})
    assert expect in str(e.value)


def test_state_schema_documents_the_saved_state():
    """docs/formats/caboose.md carries a JSON Schema that every saved state meets."""
    import pathlib
    import re

    import jsonschema

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "formats" / "caboose.md").read_text(encoding="utf-8")
    schema = json.loads(re.search(r"```json\n(.*?)\n```", doc, re.S).group(1))
    s = _midgame(steps=80)
    jsonschema.validate(s.to_dict()["state"], schema)
    jsonschema.validate(GAME.new_game(3).to_dict()["state"], schema)
