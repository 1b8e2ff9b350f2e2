"""Chapters 1, 3 and 4: the map generator, hand-made maps, the start of the game."""

import json

import pytest

from asztal.engine import BadOptions
from asztal.engine.rng import Rng
from asztal.games.pocketciv.data import NCARDS
from asztal.games.pocketciv.frames import Move
from asztal.games.pocketciv.map import CORNERS, DISC, outline
from asztal.games.pocketciv.setup import (
    POOL,
    build_pool,
    check_map,
    generate_board,
    generate_map,
    grow_partition,
    has_hole,
    place_deserts,
)
from tests.pocketciv.scenario import GAME, MAP, codes


@pytest.mark.parametrize("seed", range(40))
def test_generated_map_is_valid(seed):
    """PC-SETUP-MAP-01, PC-SETUP-MAP-02, PC-SETUP-MAP-04, PC-SETUP-MAP-05, PC-SETUP-MAP-06,
    PC-SETUP-MAP-07, PC-SETUP-MAP-08, PC-SETUP-MAP-09, PC-SETUP-MAP-10, PC-SETUP-MAP-11: one Empire of 8
    areas numbered 1-8, a
    Frontier bordering 4 or 5 areas, the Sea the rest of the rim, 5 mountains, 5 forests,
    deserts as the book places them."""
    m = generate_map(Rng(seed))
    check_map(m)  # raises if any rule is broken
    areas = m["areas"]
    assert sorted(a["number"] for a in areas) == list(range(1, 9))  # PC-SETUP-MAP-02, PC-SETUP-MAP-04
    assert sum(a["frontier"] for a in areas) in (4, 5)  # PC-SETUP-MAP-05
    rim = {tuple(c) for c in m["frontier"]["cells"]} | {tuple(c) for c in m["sea"]["cells"]}
    disc = {tuple(c): a["number"] for a in areas for c in a["cells"]}
    dirs = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    for a in areas:  # PC-SETUP-MAP-06, PC-SETUP-MAP-07: every rim stretch not on the Frontier is Sea
        touches_rim = any((q + dq, r + dr) in rim for q, r in a["cells"] for dq, dr in dirs)
        assert touches_rim == (a["frontier"] or a["sea"])
    assert sum(a["mountain"] for a in areas) == 5 and sum(a["forest"] for a in areas) == 5  # -08, -09
    bare = [a for a in areas if not a["mountain"] and not a["forest"]]
    deserts = [a for a in areas if a["desert"]]
    if bare:
        assert deserts == bare  # PC-SETUP-MAP-10
    else:
        assert len(deserts) == 1 and not deserts[0]["forest"]  # PC-SETUP-MAP-11
    assert len(set(range(1, 9))) == len({disc[c] for c in disc})  # PC-SETUP-MAP-01: one disc, 8 areas


@pytest.mark.parametrize("seed", range(20))
def test_no_border_point_touches_more_than_three_regions(seed):
    """PC-SETUP-MAP-03: count the regions (areas, Frontier, Sea) meeting at every corner."""
    m = generate_map(Rng(seed))
    regions = [a["polygon"] for a in m["areas"]] + [m["frontier"]["polygon"], m["sea"]["polygon"]]
    meet = {}
    for i, poly in enumerate(regions):
        for x, y in poly:
            meet.setdefault((x, y), set()).add(i)
    assert max(len(v) for v in meet.values()) <= 3
    assert all(len(poly) >= 6 for poly in regions)  # every region has a drawable outline


def test_neighbours_match_the_drawn_cells():
    """PC-CON-14: areas are adjacent exactly when their cells share a border."""
    for seed in range(30):
        m = generate_map(Rng(seed))
        cell_area = {tuple(c): a["number"] for a in m["areas"] for c in a["cells"]}
        for a in m["areas"]:
            touching = {cell_area.get((q + dq, r + dr)) for q, r in a["cells"]
                        for dq, dr in ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))}
            assert sorted(touching - {None, a["number"]}) == a["neighbours"]


def test_pool_partitions_come_from_the_generator():
    """PC-R-MAP-POOL: the shipped pool is what grow_partition makes, areas without holes."""
    assert len(POOL) >= 256
    assert build_pool(3) == ["".join(map(str, p)) for p in POOL[:3]]
    for p in POOL[:50]:
        assert sorted(set(p)) == list(range(8))
        assert not any(has_hole(list(p), a) for a in range(8))
    owner = grow_partition(Rng(5)) or grow_partition(Rng(6))
    assert owner is not None and len(owner) == len(DISC)


def test_hole_test_finds_an_enclosed_area():
    ring = [0] * len(DISC)
    ring[DISC.index((0, 0))] = 1  # area 1 is one cell inside area 0
    assert has_hole(ring, 0) and not has_hole(ring, 1)
    assert len(outline([(0, 0)])[0]) == len(CORNERS)


def test_tv_setup_desert():
    """PC-TV-SETUP-DESERT."""
    assert place_deserts(Rng(1), {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}) == {5, 6, 7}
    for seed in range(10):
        d = place_deserts(Rng(seed), {0, 1, 2, 3, 4}, {3, 4, 5, 6, 7})
        assert len(d) == 1 and d <= {0, 1, 2}


def test_same_seed_same_map_and_numbers_at_random():
    """PC-SETUP-MAP-04, PC-SETUP-MAP-12: the seed stands in for the book's random draws."""
    a, b = generate_board(Rng(9)), generate_board(Rng(9))
    assert a.data == b.data
    maps = {json.dumps(generate_map(Rng(s))["areas"][0]["neighbours"]) for s in range(30)}
    assert len(maps) > 5


def test_start_three_tribes_then_deck():
    """PC-SETUP-MAP-13, PC-SETUP-01, PC-SETUP-02, PC-SETUP-03, PC-SETUP-04, PC-SETUP-05, PC-SETUP-06,
    PC-SETUP-07, PC-TURN-01: three tribes where the player likes;
    then the deck is shuffled and three cards discarded; gold 0, VP 0, era 1; round 1 begins
    with phase I."""
    s = GAME.new_game(seed=3)
    assert codes(s) == [f"place:area={n}" for n in range(1, 9)]
    e = s.emp
    assert s.era == 1 and e.gold == 0 and e.vp == 0 and e.adv == 0  # PC-SETUP-04, PC-SETUP-05, PC-SETUP-06, PC-SETUP-01
    assert len(s.deck) == NCARDS and not s.discard
    s.apply("place:area=2")
    s.apply("place:area=2")
    assert s.checkpoint == 0 and not s.discard  # nothing is shuffled before the last tribe
    s.apply("place:area=5")
    assert len(s.discard) == 3 and len(s.deck) == NCARDS - 3  # PC-SETUP-07, PC-SETUP-02
    assert s.checkpoint == len(s.history)  # the shuffle revealed information
    assert s.emp.tribes[1] == 3 and s.emp.tribes[4] == 2  # grown once in phase I (PC-TURN-01, PC-POP-01)
    assert s.stack == [Move()]  # no city yet: no top-up (PC-POP-03), movement begins


def test_hand_made_map_option():
    """PC-SETUP-MAP-01, PC-SETUP-MAP-02, PC-SETUP-MAP-03, PC-SETUP-MAP-04, PC-SETUP-MAP-05,
    PC-SETUP-MAP-06, PC-SETUP-MAP-07, PC-SETUP-MAP-08, PC-SETUP-MAP-09, PC-SETUP-MAP-10, PC-SETUP-MAP-11
    for a drawn map: option ``map`` (object or file path)."""
    s = GAME.new_game(seed=1, options={"map": MAP})
    assert s.board.adj[2] == (0, 1, 3, 4) and s.desert == [0, 0, 0, 0, 0, 0, 0, 1]


def test_map_file_and_bad_maps(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(MAP), encoding="utf-8")
    s = GAME.new_game(seed=1, options={"map": str(path)})
    assert s.board.frontier == (True, True, False, True, False, True, False, False)
    bad = [
        ({"areas": MAP["areas"][:7]}, "exactly 8"),
        ({"areas": [dict(a, frontier=True) for a in MAP["areas"]]}, "Frontier"),
        ({"areas": [dict(a, mountain=True) for a in MAP["areas"]]}, "mountains"),
        ({"areas": [dict(a, neighbours=[2]) if a["number"] == 1 else a for a in MAP["areas"]]}, "disagree"),
        ({"areas": [dict(a, sea=False) for a in MAP["areas"]]}, "Sea"),
        ({"areas": [dict(a, desert=True) for a in MAP["areas"]]}, "desert"),
        ("/no/such/map.json", "cannot read"),
        (3, "JSON object"),
    ]
    for m, words in bad:
        with pytest.raises(BadOptions, match=words):
            GAME.new_game(seed=1, options={"map": m})
    garbage = tmp_path / "g.json"
    garbage.write_text("{", encoding="utf-8")
    with pytest.raises(BadOptions, match="not valid JSON"):
        GAME.new_game(seed=1, options={"map": str(garbage)})


def test_options_are_frozen_and_five_players_refused():
    """PC-INTRO-01, PC-INTRO-02: one player, or 2-4 in the multiplayer mode
    (test_multiplayer.py); options are fixed when the game starts (they live in the record)."""
    with pytest.raises(BadOptions):
        GAME.new_game(players=5, seed=1)
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new_game(seed=1, options={"variant": 1})
    s = GAME.new_game(seed=1, options={"map": MAP})
    assert s.record["options"]["map"]["areas"][0]["number"] == 1
