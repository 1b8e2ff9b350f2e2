"""Scenario builder: a PocketCiv position in three lines.

>>> s = scenario({3: dict(tribes=5, city=2, farm=True)}, adv=["law"], draws=[6, 2])
>>> start_event(s, card=6, era=1)          # Flood on card 6, era 1
>>> s.run()                                # the automatic steps; decisions wait

The test map (``MAP``), areas and their neighbours::

    1: 2 3        frontier          mountain forest
    2: 1 3 4      frontier          mountain forest
    3: 1 2 4 5    inland            mountain forest
    4: 2 3 5 6    frontier          mountain
    5: 3 4 6 7    sea               mountain
    6: 4 5 7 8    frontier + sea             forest
    7: 5 6 8      sea                        forest
    8: 6 7        sea               desert
"""

from __future__ import annotations

from asztal import games
from asztal.games.pocketciv.data import ADV_INDEX, BOX, NCARDS, WONDER_INDEX
from asztal.games.pocketciv.frames import Dev, start_frame

GAME = games.load("pocketciv")

_NB = {1: [2, 3], 2: [1, 3, 4], 3: [1, 2, 4, 5], 4: [2, 3, 5, 6], 5: [3, 4, 6, 7], 6: [4, 5, 7, 8],
       7: [5, 6, 8], 8: [6, 7]}
MAP = {"areas": [{"number": n, "neighbours": nb, "frontier": n in (1, 2, 4, 6), "sea": n in (5, 6, 7, 8),
                  "mountain": n in (1, 2, 3, 4, 5), "forest": n in (1, 2, 3, 6, 7)} for n, nb in _NB.items()]}

BLANK = dict(tribes=0, city=0, forest=False, mountain=False, volcano=False, farm=False, desert=False,
             fault=False, wonders=())


def scenario(areas=None, adv=(), gold=0, era=1, draws=(), stack=Dev(), bare=True, capital=None,
             partners=0):
    """A state on the test map. ``areas``: {number: fields}; with ``bare`` every other icon is
    cleared, so only what the test names is on the map. ``draws``: card numbers in the order
    they will be drawn. ``stack``: the bottom (phase) frame (``frames.Dev()``, ``frames.Upkeep(4)``...)."""
    s = GAME.new_game(seed=1, options={"map": MAP})
    s.started = True
    for a in range(8):
        spec = dict(BLANK) if bare else {}
        spec.update((areas or {}).get(a + 1, {}))
        s.emp.tribes[a] = spec.get("tribes", s.emp.tribes[a])
        s.emp.cav[a] = spec.get("city", s.emp.cav[a])
        if "forest" in spec:
            s.forest[a] = int(spec["forest"])
        if "mountain" in spec or "volcano" in spec:
            s.mount[a] = 2 if spec.get("volcano") else 1 if spec.get("mountain") else 0
        for key in ("farm", "desert", "fault"):
            if key in spec:
                getattr(s, key)[a] = int(spec[key])
        if "wonders" in spec:
            s.emp.set_wonders(a, tuple(WONDER_INDEX[w] for w in spec["wonders"]))
    s.started = any(s.emp.tribes) or any(s.emp.cav)  # an empty test map is not a collapsed Empire
    s.emp.capital = -1 if capital is None else capital - 1
    s.emp.adv = sum(1 << ADV_INDEX[x] for x in adv)
    s.emp.gold = gold
    s.era = era
    s.emp.partners = partners
    rest = [c for c in range(NCARDS) if c + 1 not in draws]
    s.deck = rest + [c - 1 for c in reversed(draws)]
    s.discard = []
    s.aside = []
    s.stack = [stack]
    s.log = []
    s.check_invariants()
    return s


def start_event(s, card: int, era: int | None = None) -> None:
    """Put event card ``card`` aside and start its event for ``era`` (default: the state's)."""
    era = s.era if era is None else era
    c = card - 1
    s.deck.remove(c)
    s.aside.append(c)
    s.stack.append(start_frame(BOX[c][era][0], c, era))


def play(s, *codes) -> None:
    for code in codes:
        s.apply(code)


def area(s, n: int) -> dict:
    return s._areas_json()[n - 1]


def codes(s) -> list[str]:
    return [a.code for a in s.legal_actions()]
