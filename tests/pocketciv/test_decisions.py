"""Issue 25 for PocketCiv: what is being decided and why a move is refused, from the rules' own
checks (issue 22 "say what is being decided", issue 23 "a specific reason for every refused
move"), and the stack of pending decisions as named, saved and reloaded values."""

import random

import pytest

from asztal import games
from asztal.engine import IllegalAction
from asztal.engine.i18n import with_article
from asztal.games.pocketciv.frames import Loss, Move, load_frame
from tests.pocketciv.scenario import GAME, play, scenario, start_event
from tests.words.test_words import BAD, check_articles

ENGINE_KEYS = {"engine.not_now", "engine.ask.choose"}


def _text_ok(text: str, lang: str) -> None:
    assert text and "{" not in text and "pocketciv." not in text, text
    for pattern, what in BAD:
        assert not pattern.search(text), f"{what} in {lang} text: {text!r}"
    if lang == "hu":
        check_articles(text)


def _sweep(players: int, seed: int, every: int = 1):
    """Play a seeded random game; at every ``every``-th decision check the decision sentence,
    that every legal action passes ``refusal`` and that every code seen legal elsewhere in the
    game is refused with a specific reason. Returns the decision kinds and refusal keys met."""
    rnd = random.Random(seed)
    s = GAME.new_game(players, seed=seed)
    seen_codes: dict[str, object] = {}
    kinds, keys = set(), set()
    step = 0
    while not s.is_over:
        acts = s.legal_actions()
        for a in acts:
            seen_codes.setdefault(a.code, a)
        if step % every == 0:
            d = s.decision()
            assert d.seat == s.to_move and d.key.startswith("pocketciv.ask.") and d.rule, d
            kinds.add(d.kind)
            for lang in ("hu", "en"):
                _text_ok(GAME.describe_decision(d, lang), lang)
            for a in acts:
                assert s.refusal(a) is None, (a.code, s.stack)
            legal = set(acts)
            offered = {a.kind for a in acts}
            for code, a in seen_codes.items():
                if a in legal:
                    continue
                r = s.refusal(a)
                assert r is not None and r.key not in ENGINE_KEYS and r.key.startswith("pocketciv.no."), (code, r)
                # a move of the kind being decided is refused for what is wrong with it, not for the step
                assert a.kind not in offered or r.key != "pocketciv.no.not_now", (code, r, s.stack[-1])
                assert r.rule and r.rule.startswith("PC-"), (code, r)
                keys.add(r.key)
                for lang in ("hu", "en"):
                    _text_ok(GAME.describe_refusal(r, lang), lang)
        s.apply(rnd.choice(acts))
        step += 1
    return kinds, keys


@pytest.mark.parametrize("players,seeds", [(1, range(0, 30)), (2, range(0, 8)), (3, range(0, 3))])
def test_every_decision_is_told_and_every_refusal_is_specific(players, seeds):
    """Issue 22/23: every decision met has its own sentence in both languages; every legal move
    passes ``refusal``; every code legal elsewhere in the game gets a specific reason with a
    rule ID, in hu and en, naming no internal id."""
    kinds, keys = set(), set()
    for seed in seeds:
        k, r = _sweep(players, seed, every=1 if players == 1 else 2)
        kinds |= k
        keys |= r
    assert {"pocketciv.setup", "pocketciv.move", "pocketciv.dev", "pocketciv.era" if players == 1
            else "pocketciv.totem"} <= kinds
    assert {"pocketciv.no.not_now", "pocketciv.no.no_tribe"} <= keys


def test_refused_move_says_which_areas_and_the_rule():
    """PC-POP-05: a move to an area that is not a neighbour names both areas (test map: 2 and 5
    are not neighbours); the engine's IllegalAction carries the same refusal."""
    s = scenario({2: dict(tribes=3)}, stack=Move())
    r = s.refusal(GAME.action_by_code("move:from=2,to=5"))
    assert r.rule == "PC-POP-05"
    assert GAME.describe_refusal(r, "hu") == "Ide nem léphetsz: az 5. terület nem szomszédos a 2. területtel (Mozgatás)"
    assert GAME.describe_refusal(r, "en") == "Not there: area 5 is not next to area 2 (Movement)"
    with pytest.raises(IllegalAction) as e:
        s.apply("move:from=2,to=5")
    assert e.value.refusal == r
    assert s.refusal(GAME.action_by_code("move:from=2,to=4")) is None


def test_founding_a_city_with_too_few_tribes_says_how_many():
    """PC-DEV-CITY-01: 4 tribes in the area; PC-DEV-CITY-02 with Common Tongue 2; PC-DEV-03 keeps one."""
    s = scenario({3: dict(tribes=3), 5: dict(tribes=2)})
    r = s.refusal(GAME.action_by_code("city:area=3"))
    assert (r.key, r.rule, dict(r.args)) == ("pocketciv.no.area_tribes", "PC-DEV-CITY-01",
                                             {"area": 3, "need": 4, "have": 3})
    assert GAME.describe_refusal(r, "hu") == "Ehhez 4 törzs kell a 3. területen, ott csak 3 van"
    assert GAME.describe_refusal(r, "en") == "That needs 4 tribes in area 3; it has 3"
    s = scenario({3: dict(tribes=2)}, adv=["common_tongue"])
    r = s.refusal(GAME.action_by_code("city:area=3"))
    assert r.key == "pocketciv.no.keep_one" and r.rule == "PC-DEV-03"
    s = scenario({3: dict(tribes=2), 5: dict(tribes=1)}, adv=["common_tongue"])
    assert s.refusal(GAME.action_by_code("city:area=3")) is None
    r = s.refusal(GAME.action_by_code("city:area=5"))
    assert (r.rule, r.args["need"], r.args["have"]) == ("PC-DEV-CITY-02", 2, 1)


def test_an_advance_refused_names_what_is_missing():
    """PC-DEV-ADV-07 (Irrigation needs Agriculture), PC-DEV-ADV-05 (gold), PC-DEV-ADV-01 (TCAV)."""
    s = scenario({4: dict(city=3, tribes=4, forest=True)}, gold=2, adv=["horticulture"])
    r = s.refusal(GAME.action_by_code("adv:city=4,id=irrigation"))
    assert r.rule == "PC-DEV-ADV-07"
    assert GAME.describe_refusal(r, "hu") == "Öntözőrendszer: előbb ez kell hozzá: Mezőgazdálkodás"
    assert GAME.describe_refusal(r, "en") == "Irrigation needs Agriculture first"
    s = scenario({4: dict(city=1, tribes=4, forest=True)}, gold=0)
    r = s.refusal(GAME.action_by_code("adv:city=4,id=irrigation"))
    assert r.rule == "PC-DEV-ADV-07"
    r = s.refusal(GAME.action_by_code("adv:city=3,id=masonry"))
    assert (r.key, r.rule) == ("pocketciv.no.adv_city", "PC-DEV-ADV-03")


def test_a_move_of_another_phase_says_where_it_belongs():
    """PC-POP-05: moving a tribe in the Development phase is refused naming both phases."""
    s = scenario({3: dict(tribes=3)})
    r = s.refusal(GAME.action_by_code("move:from=3,to=4"))
    assert r.key == "pocketciv.no.not_now" and r.rule == "PC-POP-05"
    assert GAME.describe_refusal(r, "hu") == ("Ezt most nem teheted meg (Törzs mozgatása: 3. → 4. terület): törzset "
                                              "a Populáció és mozgatás fázisban lehet mozgatni. Most ez következik: "
                                              "Fejlődés")
    assert GAME.describe_refusal(r, "en") == ("You cannot do that now (Move a tribe from area 3 to area 4): tribes "
                                              "move in the Population and movement phase. What comes now: "
                                              "Development")


def test_a_second_expedition_waits_for_the_first_to_set_out():
    """Issue 33: PC-DEV-EXP-04 launches expeditions one after another; while one is still
    gathering, a second one (or any other Development move, or closing the phase) is refused
    for that reason, not as a move "of the Development phase" made in that very phase."""
    s = scenario({1: dict(tribes=5), 2: dict(tribes=4)})
    s.apply(GAME.action_by_code("exp:area=1,by=land"))
    assert {a.code for a in s.legal_actions()} == {"exp:add", "go"}
    for code in ("exp:area=2,by=land", "city:area=2", "done"):
        r = s.refusal(GAME.action_by_code(code))
        assert (r.key, r.rule) == ("pocketciv.no.unfinished", "PC-DEV-EXP-04"), code
        hu, en = GAME.describe_refusal(r, "hu"), GAME.describe_refusal(r, "en")
        assert hu.startswith("Egy expedíció már gyülekezik: előbb indítsd útnak") and "Fejlődés" not in hu
        assert en.startswith("An expedition is still gathering: send it off first") and "Development" not in en
    s.apply(GAME.action_by_code("go"))
    assert s.refusal(GAME.action_by_code("exp:area=2,by=land")) is None


def test_a_development_move_waits_for_the_mine_cart() -> None:
    """PC-DEV-MINING-05: with a full cart the player stops or digs on; an expedition started
    meanwhile is refused for the mining under way."""
    s = scenario({1: dict(tribes=5, mountain=True), 2: dict(tribes=4)}, adv=["mining"])
    s.apply(GAME.action_by_code("mine"))
    assert {a.code for a in s.legal_actions()} == {"draw", "stop"}
    r = s.refusal(GAME.action_by_code("exp:area=2,by=land"))
    assert (r.key, r.rule) == ("pocketciv.no.unfinished", "PC-DEV-MINING-05")
    assert GAME.describe_refusal(r, "hu").startswith("A bányászat még tart")
    assert GAME.describe_refusal(r, "en").startswith("Mining is still going on")


def test_the_loss_to_share_out_is_told_with_its_areas_and_count():
    """Issue 22: "Földrengés: oszd el a 3 törzs veszteségét ..." (PC-EVT-QUAKE-05, spread over the
    areas the loss reaches that have tribes)."""
    s = scenario({3: dict(tribes=6), 5: dict(tribes=2), 1: dict(tribes=2)}, draws=[3, 5])
    start_event(s, card=4, era=1)  # earthquake
    s.run()
    f = s.stack[-1]
    assert type(f) is Loss
    d = s.decision()
    assert d.kind == "pocketciv.loss" and d.args["left"] == f.left
    places = [a.args[0] + 1 for a in s.legal_actions()]
    hu, en = GAME.describe_decision(d, "hu"), GAME.describe_decision(d, "en")
    assert hu.startswith(f"Földrengés: oszd el {with_article(f.left)} törzs veszteségét ")
    assert hu.endswith(" terület között")
    assert all(f"{n}." in hu for n in places) and en.startswith("Earthquake: share out the loss of ")
    r = s.refusal(GAME.action_by_code("lose:area=8"))
    assert r.key == "pocketciv.no.outside"


def test_the_bandits_attack_choice_says_what_is_chosen():
    """PC-R-ATTACK-04: the force goes to the tied neighbour the player picks; the sentence names
    the attackers, the force and the areas."""
    from asztal.games.pocketciv.events import attack

    s = scenario({3: dict(tribes=1), 2: dict(tribes=1), 4: dict(tribes=1), 1: dict(tribes=5)})
    s.stack.append(attack.start(2, 5))
    s.run()
    d = s.decision()
    assert d.kind == "pocketciv.attack"
    text = GAME.describe_decision(d, "hu")
    assert "támadó sereg" in text and "közül" in text
    r = s.refusal(GAME.action_by_code("pick:area=8"))
    assert r.key in ("pocketciv.no.not_neighbour", "pocketciv.no.attack_target")


def test_frames_are_named_values_saved_as_the_readable_state_has_them():
    """Every frame met in seeded games reloads from its saved list (``[tag, value, ...]``, as
    docs/formats/pocketciv.md has it); an event not started yet is
    saved 8 wide, as older saves have it."""
    n = 0
    for players, seed in ((1, 1), (1, 2), (2, 1)):
        s = GAME.new_game(players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            for f in s.stack:
                assert load_frame(f.saved()) == f
                n += 1
            s.apply(rnd.choice(s.legal_actions()))
    assert n > 200
    from asztal.games.pocketciv.frames import start_frame

    assert start_frame("flood", 5, 2).saved() == ["flood", 0, 5, 2, 0, 0, 0, 0]
    assert load_frame(["flood", 0, 5, 2, 0, 0, 0, 0]) == start_frame("flood", 5, 2)
    with pytest.raises(ValueError, match="stack frame flood"):
        load_frame(["flood", 1, 5, 2, 3, 9])


@pytest.mark.parametrize("players", [1, 2])
def test_every_code_of_the_game_is_refused_or_legal_without_fail(players):
    """Any action code a client may send (areas up to the largest map's) gets an answer:
    None when legal, else a specific reason; never an exception."""
    from asztal.games.pocketciv.actions import TABLE

    every = list(TABLE._by_code.values())
    s = GAME.new_game(players, seed=5)
    rnd = random.Random(5)
    for step in range(120):
        if s.is_over:
            break
        if step % 30 == 0:
            legal = set(s.legal_actions())
            for a in every:
                r = s.refusal(a)
                assert (r is None) == (a in legal), (a.code, r)
                if r is not None:
                    assert r.key.startswith("pocketciv.no."), (a.code, r)
        s.apply(rnd.choice(s.legal_actions()))


def test_legal_actions_is_an_immutable_shared_sequence():
    s = games.load("pocketciv").new_game(1, seed=4)
    acts = s.legal_actions()
    assert isinstance(acts, tuple) and s.legal_actions() is acts
    play(s, acts[0].code)
    assert s.legal_actions() is not acts
