"""PC-ERA-11, PC-DECK-03, PC-Q-03, ruling PC-R-ERA-AT-ONCE (issue 13, item 4): when a draw takes the
deck's last card the era changes at once, on the Empire as it stands right after that draw;
only then is the card applied, and the event goes on in the new era.

Every case plays one event (or procedure) twice from the same position: once with a full deck
(the reference: the Empire is recorded at the moment of the ``n``-th draw) and once with a deck
that holds only the ``n`` cards the event draws, so that its ``n``-th draw takes the last card.
The era must be scored on exactly the recorded Empire; when that draw was the event's last, the
event must end, after the era change, as it ended in the reference.
"""

import pytest

from asztal.games.pocketciv import state as state_module
from asztal.games.pocketciv.frames import Dev, Era, Upkeep
from asztal.games.pocketciv.state import PocketCivState
from tests.pocketciv.scenario import area, play, scenario, start_event

#: the reference run counts draws by wrapping ``PocketCivState.draw``; a compiled class (mypyc,
#: docs/performance.md) cannot be patched, so this check runs on the pure-Python build (``make
#: test-pure`` runs the PocketCiv rules there too; the equivalence records hold both builds to the
#: same games)
needs_pure = pytest.mark.skipif(not (state_module.__file__ or "").endswith(".py"),
                                reason="patches PocketCivState.draw: the compiled class cannot be patched")

ALL = tuple(range(1, 9))

# (name, card, era, areas, advances, draws, n, extra state, actions before the draws, n is the last draw)
CASES = [
    ("flood", 6, 1, {3: dict(tribes=5, city=2, farm=True)}, (), [3], 1, {}, (), True),
    ("tsunami_area", 6, 1, {7: dict(tribes=10, city=2)}, (), [7, 2], 1, {}, (), False),
    ("tsunami_damage", 6, 1, {7: dict(tribes=10, city=2)}, (), [7, 2], 2, {}, (), True),
    ("famine", 10, 1, {3: dict(tribes=4, city=2, farm=True)}, (), [3], 1, {}, (), True),
    ("volcano", 2, 1, {3: dict(tribes=4, city=2, mountain=True)}, (), [3], 1, {}, (), True),
    ("earthquake_area", 4, 1, {3: dict(tribes=6, city=3)}, (), [3, 5], 1, {}, (), False),
    ("earthquake_loss", 4, 1, {3: dict(tribes=6, city=3)}, (), [3, 5], 2, {}, (), True),
    ("epidemic_area", 16, 1, {3: dict(tribes=8), 1: dict(tribes=2)}, (), [3, 5], 1, {}, (), False),
    ("epidemic_loss", 16, 1, {3: dict(tribes=8)}, (), [3, 2], 2, {}, (), True),
    ("civil_war_area", 6, 4, {3: dict(tribes=5, city=3)}, (), [3, 5], 1, {}, (), False),
    ("civil_war_loss", 6, 4, {3: dict(tribes=5, city=3)}, (), [3, 5], 2, {}, (), True),
    ("corruption", 2, 3, {3: dict(tribes=2, city=3)}, (), [5], 1, dict(gold=5), (), True),
    ("bandits_area", 3, 2, {8: dict(tribes=9, desert=True), 1: dict(tribes=1)}, (), [8, 5], 1, {}, (), False),
    ("bandits_force", 3, 2, {8: dict(tribes=9, desert=True), 1: dict(tribes=1)}, (), [8, 5], 2, {}, (), True),
    ("attack_ministry", 3, 2, {8: dict(tribes=9, desert=True), 1: dict(tribes=1)}, ("ministry",), [8, 11, 2], 3,
     {}, (), True),
    ("anarchy_slaves", 7, 3, {3: dict(tribes=7, city=2)}, ("slave_labor",), [3], 1, {}, (), True),
    ("sandstorm", 8, 1, {3: dict(tribes=2, farm=True, forest=True)}, (), [3], 1, {}, (), True),
    ("tribal_war", 1, 1, {3: dict(tribes=3), 1: dict(tribes=9)}, (), [3], 1, {}, (), True),
    ("uprising", 4, 7, {3: dict(tribes=4, city=3, farm=True)}, (), [3], 1, {}, (), True),
    ("visitation_trade", 12, 1, {3: dict(tribes=2)}, (), [5], 1, dict(partners=15), (), True),
    ("visitation_look", 12, 1, {6: dict(tribes=8), 1: dict(tribes=1)}, (), [2, 6, 5], 1, {}, (), False),
    ("visitation_area", 12, 1, {6: dict(tribes=8), 1: dict(tribes=1)}, (), [2, 6, 5], 2, {}, (), False),
    ("visitation_force", 12, 1, {6: dict(tribes=8), 1: dict(tribes=1)}, (), [2, 6, 5], 3, {}, (), True),
    ("expedition", 0, 1, {1: dict(tribes=6)}, (), [5], 1, {}, ("exp:area=1,by=land", "exp:add", "go"), True),
    ("mining", 0, 1, {3: dict(tribes=5, mountain=True)}, ("mining",), [12], 1, {}, ("mine",), False),
    ("pillage_area", 0, 1, {3: dict(tribes=4)}, ("culture_of_thievery",), [3, 2], 1, dict(stack=Upkeep(2)),
     (), False),
    ("pillage_gold", 0, 1, {3: dict(tribes=4)}, ("culture_of_thievery",), [3, 2], 2, dict(stack=Upkeep(2)),
     (), False),
]


def _position(card, era, areas, adv, draws, extra):
    s = scenario(areas, adv=adv, era=era, draws=draws, **extra)
    if card:
        start_event(s, card=card, era=era)
    return s


def _empire(s):
    return [area(s, n) for n in ALL], s.emp.gold


@needs_pure
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_era_changes_at_the_draw_of_the_last_card(case, monkeypatch):
    """PC-ERA-11, PC-R-ERA-AT-ONCE: the era is scored right after the draw, before its card acts."""
    name, card, era, areas, adv, draws, n, extra, actions, final = case
    ref = _position(card, era, areas, adv, draws, extra)
    seen = []
    draw = PocketCivState.draw

    def counting(self):
        c = draw(self)
        if self is ref:
            seen.append(c)
            if len(seen) == n:
                ref_at_draw.append(_empire(self))
        return c

    ref_at_draw = []
    monkeypatch.setattr(PocketCivState, "draw", counting)
    ref.run()
    play(ref, *actions)
    assert ref_at_draw and [c + 1 for c in seen[:len(draws)]] == draws[:len(seen)]
    monkeypatch.setattr(PocketCivState, "draw", draw)

    s = _position(card, era, areas, adv, draws, extra)
    keep = [c - 1 for c in reversed(draws[:n])]
    s.discard = [c for c in s.deck if c not in keep]
    s.deck = keep
    s.run()
    play(s, *actions)
    assert type(s.stack[-1]) is Era and s.stack[-1].step == 1, s.stack
    scored = [e for e in s.log if e["key"] == "pocketciv.era_end"][-1]
    areas_then, gold_then = ref_at_draw[0]
    assert _empire(s) == (areas_then, gold_then)  # nothing of the last card has acted yet
    assert scored["tribes"] == sum(a["tribes"] for a in areas_then)
    assert scored["cities"] == sum(1 for a in areas_then if a["city"])
    assert s.era == era + 1
    play(s, "era:continue")
    s.check_invariants()
    if final:  # the card drawn last now acts, as in the reference, and the event is over
        assert s.stack == [Dev()] and ref.stack == [Dev()]
        assert _empire(s) == _empire(ref)
