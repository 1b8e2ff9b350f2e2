"""Every action of the game, built once (interned) with its code and Hungarian/English label.

Areas are 0-7 inside the rules and 1-8 in codes and labels (the numbers on the map).
The tables below (``MOVE[a][b]``, ``ADV[a][i]``, ...) are what ``legal_actions`` hands out.
"""

from __future__ import annotations

from typing import Any, Final

from asztal.engine import Action, ActionTable
from asztal.engine.i18n import fill, with_article
from asztal.games.pocketciv.data import (
    ADV_EN,
    ADV_HU,
    ADV_IDS,
    MAXAREA,
    NADV,
    NWONDER,
    WONDER_EN,
    WONDER_HU,
    WONDER_IDS,
)

RES_NAMES = ("forest", "mountain", "farm")
_RES_HU = {"forest": "erdő", "mountain": "hegység", "farm": "farm"}
_RES_EN = {"forest": "forest", "mountain": "mountain", "farm": "farm"}


def _make(key: tuple[Any, ...]) -> Action:
    """The action of a table key: its kind's name, then its numbers (areas, seats, indices)."""
    kind, *args = key
    n = [x + 1 for x in args]  # area numbers where the argument is an area
    simple = {
        "done": ("done", "Kész", "Done"),
        "draw": ("draw", "Új lapot húz", "Draw another card"),
        "stop": ("stop", "Megáll", "Stop"),
        "mine": ("mine", "Bányászat (3 törzs hegységből/vulkánból)", "Mining (3 tribes from mountains/volcanoes)"),
        "tax": ("tax", "Feketepiac megadóztatása", "Tax the black market"),
        "exp_add": ("exp:add", "Még egy törzs az expedícióba", "One more tribe joins the expedition"),
        "go": ("go", "Indulás: lapot húz", "Set out: draw a card"),
        "continue": ("era:continue", "Játék folytatása az új Korszakban", "Go on into the new era"),
        "end": ("era:end", "A játék befejezése most", "End the game now"),
        "astronomy": ("astronomy", "Csillagászat: a lap figyelmen kívül hagyása, új lap",
                      "Astronomy: ignore this card, draw a replacement"),
        "offer_gold": ("offer:gold", "1 arany felajánlása", "Offer 1 gold"),
        "steal": ("steal", "Lopás a látogatóktól", "Steal from the visitors"),
        "take": ("totem:take", "A Totem elvétele", "Take the Totem"),
        "leave": ("totem:leave", "A Totem maradjon a birtokosánál", "Leave the Totem with its holder"),
    }
    if kind in simple:
        code, hu, en = simple[kind]
        return Action(code, kind, (), hu, en)
    if kind in ("hit", "hitcity"):  # multiplayer: the Totem holder says whose tribe/city an event hits
        p, a = args
        if kind == "hit":
            return Action(f"hit:seat={p + 1},area={a + 1}", kind, (p, a),
                          f"Az esemény {with_article(p + 1)}. játékos egy törzsét sújtja ({a + 1}. terület)",
                          f"The event hits a tribe of player {p + 1} (area {a + 1})")
        return Action(f"hitcity:seat={p + 1},area={a + 1}", kind, (p, a),
                      f"Az esemény {with_article(p + 1)}. játékos városát sújtja: −1 vff ({a + 1}. terület)",
                      f"The event hits the city of player {p + 1}: −1 AV (area {a + 1})")
    if kind == "cut":  # Bandits: how many of Law's and Democracy's "may reduce" to use (PC-R-BANDITS-CHOICE)
        (k,) = args
        if k == 0:
            return Action("reduce:n=0", kind, (0,), "A banditák erejét nem csökkenti",
                          "Do not reduce the bandits' force")
        hu = "Törvénykönyv vagy Demokrácia" if k == 1 else "Törvénykönyv és Demokrácia"
        en = "Law or Democracy" if k == 1 else "Law and Democracy"
        return Action(f"reduce:n={k}", kind, (k,), f"A banditák ereje {k}× a kék hatszöggel kisebb ({hu})",
                      f"Reduce the bandits' force by the blue hexagon {k}× ({en})")
    if kind in ("move", "sail"):
        a, b = n
        code = f"{kind}:from={a},to={b}"
        if kind == "move":
            return Action(code, kind, tuple(args), f"Törzs mozgatása: {a}. → {b}. terület",
                          f"Move a tribe from area {a} to area {b}")
        return Action(code, kind, tuple(args), f"Törzs tengeri útja: {a}. → {b}. terület",
                      f"Sail a tribe from area {a} to area {b}")
    if kind == "adv":
        a, i = args
        return Action(f"adv:city={a + 1},id={ADV_IDS[i]}", kind, (a, i),
                      f"Vívmány: {ADV_HU[i]} ({a + 1}. terület városa)",
                      f"Advance: {ADV_EN[i]} (city in area {a + 1})")
    if kind == "wonder":
        a, w = args
        return Action(f"wonder:area={a + 1},id={WONDER_IDS[w]}", kind, (a, w),
                      f"Csoda építése: {WONDER_HU[w]} ({a + 1}. terület)",
                      f"Build wonder: {WONDER_EN[w]} (area {a + 1})")
    if kind == "exp":
        a, sea = args
        by = "sea" if sea else "land"
        return Action(f"exp:area={a + 1},by={by}", kind, (a, sea),
                      f"Expedíció {with_article(a + 1)}. területről ({'tengeren' if sea else 'a Peremvidékre'})",
                      f"Expedition from area {a + 1} ({'by sea' if sea else 'to the Frontier'})")
    if kind == "sacrifice":
        a, r = args
        res = RES_NAMES[r]
        return Action(f"sacrifice:area={a + 1},res={res}", kind, (a, r),
                      f"Nyersanyagforrás feláldozása: {_RES_HU[res]}, {a + 1}. terület",
                      f"Give up a resource source: {_RES_EN[res]} in area {a + 1}")
    if kind in ("wloss", "drop"):
        (i,) = args
        if kind == "wloss":
            return Action(f"lose_wonder:id={WONDER_IDS[i]}", kind, (i,), f"Elpusztul: {WONDER_HU[i]}",
                          f"Lose the wonder {WONDER_EN[i]}")
        return Action(f"drop:id={ADV_IDS[i]}", kind, (i,), f"Vívmány eldobása: {ADV_HU[i]}",
                      f"Discard the advance {ADV_EN[i]}")
    (a,) = n
    one = {
        "place": ("place", "Kezdő törzs: {a}. terület", "Place a starting tribe in area {a}"),
        "topup": ("topup", "Új törzs {a:a}. terület városához", "New tribe at the city in area {a}"),
        "city": ("city", "Városalapítás: {a}. terület", "Found a city in area {a}"),
        "farm": ("farm", "Farmosítás (erdőirtással): {a}. terület", "Create a farm (clearing the forest) in area {a}"),
        "agri": ("agri", "Farmosítás erdőirtás nélkül (Mezőgazdálkodás): {a}. terület",
                 "Create a farm without a forest (Agriculture) in area {a}"),
        "forest": ("forest", "Erdőtelepítés (Kertészet): {a}. terület", "Plant a forest (Horticulture) in area {a}"),
        "pay": ("pay", "Törzs fizetése {a:a}. területről", "Pay a tribe from area {a}"),
        "lose": ("lose", "Törzsveszteség {a:a}. területen", "Lose a tribe in area {a}"),
        "cav": ("cav", "Vff-csökkenés: {a}. terület városa", "City in area {a} loses 1 AV"),
        "pick": ("pick", "Választás: {a}. terület", "Choose area {a}"),
        "grow": ("grow", "Városfejlesztés: {a}. terület", "Develop the city in area {a}"),
        "capital": ("capital", "Főváros kinevezése: {a}. terület", "Name the city in area {a} the capital"),
        "offer": ("offer", "1 törzs felajánlása {a:a}. területről", "Offer 1 tribe from area {a}"),
    }
    code, hu, en = one[kind]
    return Action(f"{code}:area={a}", kind, (args[0],), fill(hu, "hu", a=a), fill(en, "en", a=a))


TABLE = ActionTable(_make)
R = range(MAXAREA)


def _per_area(kind: str) -> tuple[Action, ...]:
    return tuple(TABLE((kind, a)) for a in R)


# each name ``Final`` (in the order the table has always been filled): the compiled rules read it
# as a C static, not through the module's dictionary
DONE: Final = TABLE(("done",))
DRAW: Final = TABLE(("draw",))
STOP: Final = TABLE(("stop",))
MINE: Final = TABLE(("mine",))
TAX: Final = TABLE(("tax",))
EXP_ADD: Final = TABLE(("exp_add",))
GO: Final = TABLE(("go",))
CONTINUE: Final = TABLE(("continue",))
END: Final = TABLE(("end",))
ASTRONOMY: Final = TABLE(("astronomy",))
OFFER_GOLD: Final = TABLE(("offer_gold",))
STEAL: Final = TABLE(("steal",))
MOVE: Final = tuple(tuple(TABLE(("move", a, b)) if a != b else None for b in R) for a in R)
SAIL: Final = tuple(tuple(TABLE(("sail", a, b)) if a != b else None for b in R) for a in R)
PLACE: Final = _per_area("place")
TOPUP: Final = _per_area("topup")
CITY: Final = _per_area("city")
FARM: Final = _per_area("farm")
AGRI: Final = _per_area("agri")
FOREST: Final = _per_area("forest")
PAY: Final = _per_area("pay")
LOSE: Final = _per_area("lose")
CAV: Final = _per_area("cav")
PICK: Final = _per_area("pick")
GROW: Final = _per_area("grow")
CAPITAL: Final = _per_area("capital")
OFFER: Final = _per_area("offer")
ADV: Final = tuple(tuple(TABLE(("adv", a, i)) for i in range(NADV)) for a in R)
WONDER: Final = tuple(tuple(TABLE(("wonder", a, w)) for w in range(NWONDER)) for a in R)
EXP: Final = tuple(tuple(TABLE(("exp", a, s)) for s in (0, 1)) for a in R)
SACRIFICE: Final = tuple(tuple(TABLE(("sacrifice", a, r)) for r in range(3)) for a in R)
WLOSS: Final = tuple(TABLE(("wloss", w)) for w in range(NWONDER))
DROP: Final = tuple(TABLE(("drop", i)) for i in range(NADV))
TAKE: Final = TABLE(("take",))
LEAVE: Final = TABLE(("leave",))
CUT: Final = tuple(TABLE(("cut", k)) for k in range(3))
MAXSEATS: Final = 4
HIT: Final = tuple(tuple(TABLE(("hit", p, a)) for a in R) for p in range(MAXSEATS))
HITCITY: Final = tuple(tuple(TABLE(("hitcity", p, a)) for a in R) for p in range(MAXSEATS))
