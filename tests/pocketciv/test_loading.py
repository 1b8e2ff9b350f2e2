"""Issue 15 for PocketCiv: positions and maps checked for type and range before use."""

import json

import pytest

from asztal import games
from asztal.engine import BadOptions, BadRecord

GAME = games.load("pocketciv")


def _start(s, edit):
    pos = json.loads(json.dumps(s.to_dict()["state"]))
    edit(pos)
    return games.replay({**s.record, "start": pos, "actions": []})


@pytest.mark.parametrize("edit,field", [
    (lambda p: p["areas"][0].update(tribes=2.7), "tribes"),
    (lambda p: p["areas"][0].update(tribes=True), "tribes"),
    (lambda p: p.update(hit=[0]), "hit"),  # area 0 used to wrap to area 8
    (lambda p: p.update(acquired=[9]), "acquired"),
    (lambda p: p.update(ending="banana"), "ending"),
    (lambda p: p.update(gold=10**9), "gold"),
    (lambda p: p.update(era="2"), "era"),
    (lambda p: p.update(deck=p["deck"] + [17]), "deck"),
    (lambda p: p.update(stack=[["flood", "x"]]), "stack"),
    (lambda p: p.update(stack=[["mpev", 0, 0, 1, 0]]), "pending step"),
    (lambda p: p["map"]["areas"][0].update(cells=[[10**7, 0]]), "map area cells"),
    (lambda p: p["map"]["areas"][0].update(notes="x" * 10**6), "unknown field"),
])
def test_solo_fields_are_refused_naming_the_field(edit, field):
    s = GAME.new_game(1, seed=3)
    with pytest.raises(BadRecord) as e:
        _start(s, edit)
    msg = str(e.value)
    assert field in msg and len(msg) <= 200, msg


@pytest.mark.parametrize("edit,field", [
    (lambda p: p["empires"][0].update(gold=1.5), "gold"),
    (lambda p: p["map"]["areas"][0].update(id=10**7), "map area id"),
    (lambda p: p["map"]["areas"][3].update(cells=[[0, 10**7]]), "map area cells"),
    (lambda p: p.update(totem=3), "totem"),
    (lambda p: p["areas"][0].update(tribes=[1]), "tribes"),
])
def test_multiplayer_fields_are_refused_naming_the_field(edit, field):
    s = GAME.new_game(2, seed=3)
    with pytest.raises(BadRecord) as e:
        _start(s, edit)
    assert field in str(e.value) and len(str(e.value)) <= 200


def test_a_map_file_is_checked_before_anything_is_drawn(tmp_path):
    m = GAME.new_game(1, seed=2).to_dict()["state"]["map"]
    m["areas"][2]["cells"] = [[3, 10**7]]
    path = tmp_path / "map.json"
    path.write_text(json.dumps(m), encoding="utf-8")
    with pytest.raises(BadOptions, match="cells"):
        GAME.new_game(1, seed=1, options={"map": str(path)})


def test_every_card_announced_by_one_decision_stays_in_the_view_and_the_worlds():
    """One decision may draw several cards (an event, then the cards its effects read): all of
    them stay in the view (``drawn``) and no determinized world moves them."""
    import random

    rnd = random.Random(2)
    found = 0
    for players in (1, 2):
        for seed in range(30):
            s = GAME.new_game(players, seed=seed)
            while not s.is_over:
                v = s.view(0)
                assert v["drawn"] == [c + 1 for c in s.shown]
                if len(s.shown) >= 2 and not v["discard"]:
                    found += 1
                    at = {c: i for i, c in enumerate(s.discard) if c in s.shown}
                    for _ in range(3):
                        world = s.determinize(0, rnd.getrandbits(32))
                        assert all(world.discard[i] == c for c, i in at.items())
                        assert world.view(0) == v
                s.apply(rnd.choice(s.legal_actions()))
    assert found > 20
