"""Every log line that tells a loss says why (issue 30): the event being carried out or the
upkeep step (``PocketCivState.loss_cause``), in Hungarian and English; an event that strikes
nothing says so. The saves made before (``tests/fixtures/log_before_causes``) are of rules version 3."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from asztal import games
from asztal.bots.policies.pocketciv import choose
from asztal.engine.errors import BadRecord
from asztal.games.pocketciv.frames import Upkeep
from tests.pocketciv.scenario import GAME, play, scenario, start_event

BEFORE = Path(__file__).resolve().parents[1] / "fixtures" / "log_before_causes"
LOSSES = ("pocketciv.tribes_lost", "pocketciv.cav_lost", "pocketciv.city_lost", "pocketciv.wonders_lost",
          "pocketciv.mp_city_lost")


def lines(s, lang="hu"):
    return [GAME.describe(e, lang) for e in s.log]


def test_an_event_names_itself_on_every_loss():
    """PC-EVT-FLOOD-02 (inland flood, card 6 era 1 on area 3): 2 tribes drown, the city loses 1."""
    s = scenario({3: dict(tribes=3, city=2)}, draws=[3])
    start_event(s, card=6, era=1)
    s.run()
    assert [e["cause"] for e in s.log if e["key"] in LOSSES] == ["flood", "flood"]
    assert "Árvíz: a 3. területen 2 törzs odavész, 1 marad" in lines(s)
    assert "Árvíz: a 3. terület városa 1 vff-et veszít, most 1" in lines(s)
    assert "Flood: area 3 loses 2 tribes, 1 left" in lines(s, "en")


def test_the_upkeep_steps_name_themselves():
    """PC-UPK-TRIBE-02 (the area supports 3 of 4 tribes), PC-UPK-CITY-01 (no farm: the city
    loses 1), PC-UPK-CITYDEV-01 (the price of growing)."""
    s = scenario({3: dict(city=2, tribes=4, mountain=True)}, stack=Upkeep(0))
    s.run()
    assert lines(s)[-1] == ("Törzsfenntartás (a terület ennyi törzset nem tart el): "
                            "a 3. területen 1 törzs odavész, 3 marad")
    play(s, "done")
    assert ("Városfenntartás (nincs farm, amely élelmezné): a 3. terület városa 1 vff-et veszít, most 1"
            in lines(s))
    assert "City upkeep (no farm feeds it): the city in area 3 loses 1 AV, now 1" in lines(s, "en")
    s = scenario({3: dict(city=1, tribes=9, farm=True)}, stack=Upkeep(4), adv=("masonry",))
    play(s, "grow:area=3")
    assert [e["cause"] for e in s.log if e["key"] in LOSSES] == ["citydev"]
    assert lines(s)[-1].startswith("Városfejlesztés (a fejlesztés ára): a 3. területen 2 törzs odavész")


def test_a_city_destroyed_by_starving_says_so():
    """PC-UPK-CITY-01, PC-CON-12: a city at AV 1 without a farm is destroyed in city upkeep."""
    s = scenario({3: dict(city=1, tribes=1)}, stack=Upkeep(5))
    s.run()
    assert s.emp.cav[2] == 0
    assert "Városfenntartás (nincs farm, amely élelmezné): elpusztult a 3. terület városa" in lines(s)
    assert "City upkeep (no farm feeds it): the city in area 3 is destroyed" in lines(s, "en")


def test_wonders_lost_name_the_event():
    """PC-R-WONDER-CHOICE, PC-EVT-TSUNAMI-07 (card 6 era 1 on coastal area 5, damage 6, strikes
    its coastal neighbour 6, PC-R-TSUNAMI-ADJACENT): the wonders chosen to go are told one by one
    with the event that took them."""
    s = scenario({6: dict(wonders=["palace", "monolith", "amphitheater"]), 1: dict(tribes=2)}, draws=[5, 14])
    start_event(s, card=6, era=1)
    s.run()
    play(s, "lose_wonder:id=palace", "lose_wonder:id=amphitheater")
    assert [t for t in lines(s) if "Csoda" in t] == ["Árvíz: egy Csoda elpusztult a 6. területen"] * 2
    assert lines(s, "en")[-1] == "Flood: a wonder is destroyed in area 6"


def test_a_tribal_war_that_strikes_nothing_says_why():
    """PC-EVT-TRIBALWAR-01 (Government stops it) and PC-EVT-TRIBALWAR-02 (no tribe in the
    active area): the log says so instead of only the event's name."""
    s = scenario({3: dict(tribes=2), 1: dict(tribes=5)}, draws=[3], adv=("government",))
    start_event(s, card=1, era=1)
    s.run()
    assert lines(s)[-1] == "Törzsi háború: elmarad, mert megvan a Vívmány: Államrend"
    assert lines(s, "en")[-1] == "Tribal War: nothing happens, as the Empire has Government"
    s = scenario({1: dict(tribes=5)}, draws=[3])
    start_event(s, card=1, era=1)
    s.run()
    assert lines(s)[-1] == "Törzsi háború: a 3. területen nincs törzs, ezért nem történik semmi"
    assert lines(s, "en")[-1] == "Tribal War: area 3 has no tribe, so nothing happens"


def _played(seed: int = 11):
    """A solo game of the scripted policy with one random move in ten (losses to events, tribe
    upkeep, city development and city upkeep: seed 11 has them all)."""
    s = GAME.new_game(1, seed=seed)
    rnd = random.Random(seed)
    while not s.is_over:
        s.apply(choose(s) if rnd.random() < 0.9 else rnd.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name", ["solo.json", "two_players.json"])
def test_saves_made_before_the_causes_are_of_rules_version_3(name):
    """The saves made before the log told the causes were made under rules version 3: they are
    refused with the one line naming that version (docs/formats/records.md), never read as corrupt
    nor replayed under rules version 4 (PC-R-TSUNAMI-ADJACENT and the three other rulings)."""
    data = json.loads((BEFORE / name).read_text(encoding="utf-8"))
    assert not any("cause" in e for e in data["log"])
    with pytest.raises(BadRecord) as e:
        games.load("pocketciv").from_json(data)
    assert str(e.value) == "made under rules version 3; this program plays version 4 and cannot replay it"


def test_an_edited_log_is_refused():
    """A save is its record: a log that tells another game is refused."""
    data = json.loads(_played().to_json())
    lost = next(e for e in data["log"] if e["key"] == "pocketciv.tribes_lost")
    lost["lost"] += 1
    with pytest.raises(BadRecord, match="the log is not what its record gives"):
        games.load("pocketciv").from_json(data)


def test_every_loss_of_a_played_game_has_a_cause():
    """A whole game: no loss line without its cause, in both languages."""
    state = _played()
    losses = [e for e in state.log if e["key"] in LOSSES]
    causes = {e["cause"] for e in losses}
    assert None not in causes
    assert {"tribe_upkeep", "citydev", "city_upkeep"} <= causes
    assert any(e["key"] == "pocketciv.spared_area" for e in state.log)
    for e in losses:
        for lang in ("hu", "en"):
            text = state.game.describe(e, lang)
            assert ": " in text and "{" not in text and "cause" not in text


def test_an_area_choice_says_what_it_decides():
    """Issue 30: "Választás: 5. terület" did not say what is chosen; the option now tells what
    happens there (PC-EVT-TRIBALWAR-04: card 1 era 1, the warriors of area 3 pick neighbours)."""
    from asztal.games.pocketciv.render import option_label

    s = scenario({3: dict(tribes=2), 1: dict(tribes=5), 2: dict(tribes=5), 4: dict(tribes=5)}, draws=[3])
    start_event(s, card=1, era=1)
    s.run()
    view = s.view(0)
    labels = [option_label(view, a, "hu") for a in s.legal_actions()]
    assert labels == ["A harcosok az 1. területre törnek", "A harcosok a 2. területre törnek",
                      "A harcosok a 4. területre törnek"]
    assert option_label(view, s.legal_actions()[0], "en") == "The warriors strike area 1"


def test_a_tribe_offered_to_visitors_is_told_as_an_offer():
    """PC-EVT-VISIT-02 (Diplomacy, card 12 era 1): the tribe given to the visitors is an offer,
    not a victim of the visit."""
    s = scenario({3: dict(tribes=5)}, gold=1, draws=[2, 5], adv=("diplomacy",))
    start_event(s, card=12, era=1)
    s.run()
    play(s, "offer:area=3")
    assert lines(s)[-1] == "Diplomácia (felajánlás a látogatóknak): a 3. területen 1 törzs odavész, 4 marad"
    assert lines(s, "en")[-1] == "Diplomacy (an offer to the visitors): area 3 loses 1 tribe, 4 left"
