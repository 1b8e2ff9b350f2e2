"""What is being decided and why a move is refused: the sentences of every Caboose decision.

The legal list is made of the same checks the refusals come from, so at every point of seeded
games each legal action is accepted by ``refusal`` and each code that is legal somewhere else in
the game is refused with a specific reason (its own sentence and rule, names instead of ids) in
Hungarian and in English.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from asztal import games
from asztal.engine import BadRecord, IllegalAction
from asztal.engine.action import Action
from asztal.engine.decision import MESSAGES as ENGINE_MESSAGES
from asztal.engine.decision import Frame
from asztal.games.caboose import GAME
from asztal.games.caboose import frames as F
from tests.caboose.scenario import act, cubes, give, refresh, scene, trains, turn

SEEDS = [(3, 1), (4, 2), (5, 3), (3, 4), (4, 5), (5, 6)]
ROOT = Path(__file__).resolve().parents[2]
#: the rule IDs of the spec shipped with the rules page, and the rulings (CC-R-*) recorded in docs/rules
RULE_IDS = set(re.findall(r"\b(CC-[A-Z]+(?:-[A-Z]+)*-\d+)\b",
                          (ROOT / "src/asztal/web/rules/caboose.md").read_text(encoding="utf-8")
                          + (ROOT / "docs/rules/caboose.md").read_text(encoding="utf-8")))
FRAME_KINDS = {cls.KIND for cls in (F.Bidding, F.GodChoice, F.Turn, F.RailCity, F.RailRoute, F.BuildCity,
                                    F.BuildFruit, F.DeliverFruit, F.GrowCity, F.PyramidCity, F.SwapFirst,
                                    F.SwapSecond)}
GENERIC = {text for entry in ENGINE_MESSAGES.values() for text in entry.values()}


def _ids(pk) -> re.Pattern:
    """Internal ids a player must never read (those with a dash or a digit: card, route, tile ids)."""
    ids = {i for table in (pk.city_ids, pk.cc_ids, pk.ac_ids, pk.route_ids, pk.pyr_ids, pk.btile_ids,
                           pk.prestige_ids, pk.fruit_ids) for i in table if re.search(r"[-\d]", i)}
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                      + r")(?![\w-])")


def _games():
    """Every state of the seeded random games (a clone per decision)."""
    for players, seed in SEEDS:
        s = GAME.new_game(players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            yield s
            acts = s.legal_actions()
            s.apply(acts[int(rnd.random() * len(acts))])


def _check_text(text: str, ids: re.Pattern, what: str) -> None:
    assert text and "{" not in text and not text.startswith("caboose."), f"{what}: unrendered: {text}"
    assert text not in GENERIC, f"{what}: the engine's generic line: {text}"
    found = ids.search(text)
    assert found is None, f"{what}: internal id {found.group(0)!r} in {text!r}"


def test_every_decision_has_its_own_sentence_in_both_languages():
    ids = None
    kinds = set()
    for s in _games():
        ids = ids or _ids(s.pk)
        d = s.decision()
        assert d.seat == s.to_move and d.kind == s.frame.KIND and d.key.startswith("caboose.ask.")
        assert d.rule in RULE_IDS, f"{d.kind}: unknown rule {d.rule}"
        hu, en = GAME.describe_decision(d, "hu"), GAME.describe_decision(d, "en")
        _check_text(hu, ids, d.kind)
        _check_text(en, ids, d.kind)
        assert hu != en
        kinds.add(d.kind)
        if isinstance(s.frame, F.BuildFruit):  # the count left is told
            n = bin(s.frame.need).count("1")
            assert f"még {n} gyümölcs kell" in hu and (f"{n} fruit" in en)
        if isinstance(s.frame, F.Bidding):  # the price to beat is told
            assert str(s.high) in hu and str(s.high) in en or s.high == 0
    assert kinds == FRAME_KINDS, f"decision kinds never met: {FRAME_KINDS - kinds}"
    end = s.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[-1])
    assert end.decision().kind == "over"


def test_legal_moves_pass_and_moves_legal_elsewhere_are_refused_specifically():
    states = list(s.clone() for s in _games())
    pool = sorted({a.code for s in states for a in s.legal_actions()})
    rnd = random.Random(7)
    ids = _ids(states[0].pk)
    keys = set()
    for n, s in enumerate(states):
        legal = set(s.legal_actions())
        for a in legal:
            assert s.refusal(a) is None, f"legal {a.code} refused at step {n}"
        if n % 3:
            continue
        for code in rnd.sample(pool, 25):
            a = s.pk.action_by_code(code)
            if a in legal:
                continue
            r = s.refusal(a)
            assert r is not None, f"{code} is not legal at step {n} but nothing refuses it"
            assert r.key.startswith("caboose.no.") and r.rule in RULE_IDS, (code, r)
            hu, en = GAME.describe_refusal(r, "hu"), GAME.describe_refusal(r, "en")
            _check_text(hu, ids, f"{code}: {r.key}")
            _check_text(en, ids, f"{code}: {r.key}")
            assert hu != en and hu.endswith(")") and en.endswith(")"), (hu, en)  # "(Épületépítés)"
            keys.add(r.key)
    assert len(keys) >= 25, f"only {len(keys)} kinds of refusal met: {sorted(keys)}"


def test_an_illegal_code_carries_its_refusal():
    s = GAME.new_game(3, seed=1)
    with pytest.raises(IllegalAction) as e:
        s.apply("done")
    assert e.value.refusal == s.refusal(s.pk.action_by_code("done"))
    assert e.value.refusal.key == "caboose.no.during_auction" and e.value.refusal.rule == "CC-AUC-02"
    assert "Befejezem a körömet" in GAME.describe_refusal(e.value.refusal, "hu")


def test_the_book_words_of_a_building_refusal():
    """CC-ACT-BUILD-05: the city card names a city the missing fruit cannot reach (figs come from the
    played fruit card, dates only from the cube in Giza)."""
    s = scene(3)
    turn(s, 0, city=["city-giza-3", "city-siwa-1"], auction=["building-temple-1"], fruit=["fruit-02"])  # figs
    cubes(s, giza={"dates": 1}, siwa={"figs": 1})
    act(s, "build:building-temple-1")
    r = s.refusal(s.pk.action_by_code("card:city-siwa-1"))
    assert (r.key, r.rule) == ("caboose.no.build_fruit", "CC-ACT-BUILD-05")
    assert GAME.describe_refusal(r, "hu") == ("Ide (Szíva) nem tudod megszerezni ezt: datolya — sem vasúton, "
                                              "sem a városból, sem gyümölcslapról. (Épületépítés)")
    assert GAME.describe_refusal(r, "en") == ("You cannot get dates to Siwa: not by rail, not from the city, "
                                              "not from a fruit card. (Building a building)")
    assert s.refusal(s.pk.action_by_code("card:city-giza-3")) is None


def test_a_train_card_too_dear_and_a_route_already_full():
    """CC-ACT-TRAIN-01 the money the card asks; CC-ACT-TRAIN-04 two players per route."""
    s = scene(3)
    turn(s, 0, city=["city-giza-1"], auction=["train-13"])  # 3 trains, cost 5
    s.money[0] = 4
    refresh(s)
    r = s.refusal(s.pk.action_by_code("rail:train-13"))
    assert (r.key, r.rule) == ("caboose.no.rail_money", "CC-ACT-TRAIN-01")
    assert GAME.describe_refusal(r, "hu") == "Ehhez a vonatkártyához 5 pénz kell, neked csak 4 van. (Vasútépítés)"
    s.money[0] = 20
    refresh(s)
    act(s, "rail:train-13", "card:city-giza-1")
    route = s.pk.route_ids[s.pk.city_routes[s.pk.city_idx["giza"]][0]]
    trains(s, route, 1, 1)
    trains(s, route, 2, 1)
    r = s.refusal(s.pk.action_by_code(f"route:{route}"))
    assert (r.key, r.rule) == ("caboose.no.route_full", "CC-ACT-TRAIN-04")
    assert GAME.describe_refusal(r, "en").startswith("Two players already have trains on ")


def test_the_fruit_count_left_in_a_building():
    """CC-ACT-BUILD-04: the sentence names the fruit being sourced and how many are still needed."""
    s = scene(3)
    turn(s, 0, city=["city-giza-3"], auction=["building-temple-1"], fruit=[])
    pk = s.pk
    fruits = pk.ac_fruits[pk.ac_idx["building-temple-1"]]
    cubes(s, giza={pk.fruit_ids[f]: 1 for f in fruits})
    act(s, "build:building-temple-1", "card:city-giza-3")
    d = s.decision()
    assert d.kind == "caboose.build.fruit" and d.rule == "CC-ACT-BUILD-04"
    hu = GAME.describe_decision(d, "hu")
    assert f"még {len(fruits)} gyümölcs kell" in hu and pk.fruit_hu[fruits[0]] in hu


def test_frames_save_and_load():
    """Every frame met saves to JSON and back, and a saved position restores the pending decision."""
    seen = {}
    for s in _games():
        frame = s.frame
        assert Frame.from_json(frame.to_json()) == frame
        if len(s.stack) > 1 and type(frame) not in seen:
            seen[type(frame)] = True
            back = GAME.from_json(s.to_json())
            assert back.stack == s.stack and back.legal_actions() == s.legal_actions()
            assert back.decision() == s.decision()
    assert len(seen) == 9


def test_horus_refusals_name_the_cubes():
    """CC-Q-22: the second cube comes from another city and is another fruit."""
    s = scene(3)
    turn(s, 0, god=2, city=[], fruit=[], auction=[])
    cubes(s, giza={"dates": 1, "figs": 1}, siwa={"dates": 1, "grapes": 1})
    give(s, 0, city=[])
    act(s, "horus", "swap:giza:dates")
    same_city = s.refusal(s.pk.action_by_code("swap:giza:figs"))
    same_fruit = s.refusal(s.pk.action_by_code("swap:siwa:dates"))
    assert same_city.key == "caboose.no.swap_same_city" and same_fruit.key == "caboose.no.swap_same_fruit"
    assert GAME.describe_refusal(same_fruit, "en") == "Choose another fruit than dates. (HORUS K. HOLLIDAY)"


def _pending(step: str):
    """A seeded game stopped where ``step`` waits, and its saved position."""
    for s in _games():
        if s.to_dict()["state"]["turn"]["step"] == step:
            return s, json.loads(json.dumps(s.to_dict()["state"]))
    raise AssertionError(f"no {step} met")


@pytest.mark.parametrize("step,edit,words", [
    ("rail_route", lambda t: t.update(city_card=None), "needs its 'city_card'"),
    ("build_source", lambda t: t.update(need=[]), "needs its 'need'"),
    ("deliver_source", lambda t: t.update(card="train-01"), "has no 'card'"),
    ("rail_card", lambda t: t.update(swap=["giza", "dates"]), "has no 'swap'"),
])
def test_a_saved_step_holds_exactly_the_fields_of_its_frame(step, edit, words):
    s, pos = _pending(step)
    assert games.replay({**s.record, "start": pos, "actions": []}).stack == s.stack
    edit(pos["turn"])
    with pytest.raises(BadRecord, match=words):
        games.replay({**s.record, "start": pos, "actions": []})


def test_a_code_of_another_pack_is_unknown_here():
    """Codes are read against the state's own pack: an action the pack lacks is refused as unknown."""
    s = GAME.new_game(3, seed=1)
    assert s.refusal(Action("rail:no-such-card", "rail", (999,), "x", "x")).key == "engine.unknown"
