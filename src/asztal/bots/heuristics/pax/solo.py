"""PAX solitaire: the chance of beating the level, judged from the seat's view only.

A solitaire game is won at the end (PAX-SOLO-06..13): every category played and more
symbols than Rome in ``level + 2`` of the seven (Fleet and Army with their bonuses). So the
position is judged by projecting both sides to the end of the game:

* **the cards still to come** are the deck, whose order is hidden. The seat knows which
  cards it slid under the deck (``deck_known``); the other deck cards are a random part of
  the pool of cards it has not seen (``unseen_pool``), so a card still to come has the
  deck's mean composition: the known cards plus the pool's mean for the unknown places.
  Rome's face-down cards (unless the seat looked) and the 30 set-aside cards never come
  into play, but they are part of that pool.
* **Rome's final strength**: its face-up symbols, its face-down cards, the group it takes at
  the end of this round, and ``ROME_CARDS_PER_ROUND`` cards of the deck's composition for
  every round the deck still holds (``rounds_left``).
* **the player's final strength**: the symbols played, the cards in hand (as many as the
  turns and the money left can play), and what the rounds to come bring: one card a round
  kept from three drawn, and what the money (held and the income to come) buys. Part of it
  arrives as the deck's composition, the rest where the player needs it most (the
  categories to win that are closest to being won): a player chooses which drawn card to
  keep and which group to buy, so these symbols go where they count.
* **the chance of being ahead** in a category is a normal curve of the margin over both
  sides' uncertainty; categories are taken as independent, so the chance of the level is
  the chance that all seven are played and at least ``need`` are won (an exact sum over
  the seven categories, not a curve of the expected count: in level 5 one hopeless
  category loses the game however strong the other six are).

Everything is read from ``state.view(0)`` and the pack's printed values (public
component data), so the result depends only on what the seat may know.
"""

from __future__ import annotations

import math
from typing import Any

from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CARD_INDEX, CATEGORIES, Pack

CATS = CATEGORIES
#: a seat's view (``state.view(0)``), JSON-like
View = dict[str, Any]
SOLO_BEAT = {1: 3, 2: 4, 3: 5, 4: 6, 5: 7}  # PAX-SOLO-07..11
#: cards Rome takes at the end of a future round (the most valuable Legion group: the card
#: dealt to an empty Legion plus what the player put there), on average
ROME_CARDS_PER_ROUND = 1.6
#: cards a round takes from the deck: three drawn, one slid back, one dealt to a Legion
DECK_PER_ROUND = 3.0
#: symbols a future round brings the player from the card kept of the three drawn
DRAW_SYMBOLS = 1.35
#: symbols an Aureus buys (a group of cards, or a second card played in a turn)
SYMBOLS_PER_AUREUS = 0.3
#: income a future round brings, in Aurei (base income 2, or the played category's count)
INCOME_PER_ROUND = 2.0
#: share of the player's future symbols that go where the player needs them
STEERED = 0.5
#: share of Rome's future symbols the player steers: it chooses which drawn card goes below
#: a Legion and which group to buy, so Rome takes what the player can spare
ROME_STEERED = 0.4
#: variance (symbols squared) of a category's margin that no count explains: how the
#: rounds to come will really fall, per round left, and a floor
VAR_PER_ROUND = 0.25
VAR_FLOOR = 0.4


def sigmoid(x: float) -> float:
    """The logistic curve, clamped where exp would overflow (both evaluations of PAX use it)."""
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _ahead(margin: float, var: float) -> float:
    """P(more symbols than Rome) for an expected ``margin`` with variance ``var``: the
    logistic of slope 1.7 is a normal curve to within 1%; 0.5 for the integer step."""
    return sigmoid(1.7 * (margin - 0.5) / math.sqrt(var))


def with_bonus(sym: dict[str, float]) -> dict[str, float]:
    """Fleet and Army with their bonuses (PAX-FLT-01, PAX-ARM-01, PAX-Q-15: from base symbols)."""
    out = dict(sym)
    out["fleet"] = sym["fleet"] + int(sym["army"]) // 3
    out["army"] = sym["army"] + int(sym["fleet"]) // 3
    return out


def unseen_pool(v: View, pack: Pack) -> list[tuple[str, int]]:
    """(category, symbols) of every card ``v``'s seat has not seen: the hidden deck, the cards set
    aside and Rome's face-down cards, in no order (the pack's printed values are public)."""
    seen: set[str] = set()
    groups = [v["rome"]["cards"], v["rome"]["hidden"] or [], v.get("hand") or [],
              (v.get("draw") or {}).get("cards") or []]
    groups += [g["cards"] for g in v["legions"]]
    for p in v["tableaux"]:
        groups += [p["tableau"], p["hand_public"]]
    for g in groups:
        seen.update(c["id"] for c in g)
    seen.update(cid for _, cid in v.get("deck_known") or ())
    return [(CATS[CARD_CAT[i]], pack.symbols[i]) for i, cid in enumerate(CARD_IDS) if cid not in seen]


def _moments(cards: list[tuple[str, int]]) -> tuple[dict[str, float], dict[str, float]]:
    """Per category, the sum of symbols and of squared symbols over ``cards``."""
    s1 = dict.fromkeys(CATS, 0.0)
    s2 = dict.fromkeys(CATS, 0.0)
    for k, sym in cards:
        s1[k] += sym
        s2[k] += sym * sym
    return s1, s2


def deck_composition(v: View, pack: Pack, pool: list[tuple[str, int]]
                     ) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """Per category: the mean symbols of a card still to come from the deck, its variance,
    and the chance that such a card is of that category.

    The cards the seat slid under the deck are known; the other places hold a random part of
    the unseen pool."""
    known = [(CATS[CARD_CAT[CARD_INDEX[cid]]], pack.symbols[CARD_INDEX[cid]])
             for _, cid in v.get("deck_known") or ()]
    d = max(1, v.get("deck_size", 0))
    unknown = max(0, d - len(known))
    n = len(pool) or 1
    p1, p2 = _moments(pool)
    k1, k2 = _moments(known)
    pc = dict.fromkeys(CATS, 0.0)
    for k, _ in pool:
        pc[k] += unknown / n
    for k, _ in known:
        pc[k] += 1.0
    mean = {k: (k1[k] + unknown * p1[k] / n) / d for k in CATS}
    sq = {k: (k2[k] + unknown * p2[k] / n) / d for k in CATS}
    var = {k: max(0.0, sq[k] - mean[k] ** 2) for k in CATS}
    share = {k: pc[k] / d for k in CATS}
    return mean, var, share


def rounds_left(v: View) -> float:
    """Whole rounds after this one the deck still has cards for (PAX-END-01), as a smooth count.

    What the turn under way still draws comes off the deck first."""
    d = float(v.get("deck_size", 0))
    phase = v.get("phase")
    if phase == "turn":
        d -= 3.0
    elif phase == "draw":
        d -= float((v.get("draw") or {}).get("left") or 0)
    return max(0.0, (d - 1.5) / DECK_PER_ROUND)


def _play_slots(v: View, rounds: float) -> float:
    """How many hand cards the player can still play: one free card a turn (PAX-PLAY-02),
    the others paid from the money held."""
    money = float(v.get("money") or 0)
    turn = v.get("turn") or {}
    phase = v.get("phase")
    now = 0.0
    if phase in ("turn", "draw", "buy", "play"):
        cost = float(turn.get("next_cost", 0)) if phase == "play" else 0.0
        while cost <= money and now < 6:
            money -= cost
            cost += 1.0
            now += 1.0
    return now + rounds


def project(v: View, pack: Pack) -> dict[str, Any]:
    """Both sides' final symbols per category as the seat sees the position, and how sure."""
    pool = unseen_pool(v, pack)
    mean, cvar, share = deck_composition(v, pack, pool)
    over = v.get("phase") == "over"
    rounds = 0.0 if over else rounds_left(v)
    # -- Rome: face up, face down, this round's group, a group a round from the deck --
    rome = {k: float(x) for k, x in v["rome"]["symbols"].items()}
    rvar = dict.fromkeys(CATS, 0.0)
    hidden = v["rome"]["hidden"]
    if hidden is not None:
        for c in hidden:
            rome[c["category"]] += c["symbols"]
    elif v["rome"]["hidden_count"]:
        n = len(pool) or 1
        p1, p2 = _moments(pool)
        h = v["rome"]["hidden_count"]
        for k in CATS:
            m = p1[k] / n
            rome[k] += h * m
            rvar[k] += h * max(0.0, p2[k] / n - m * m)
    if not over:
        best = max(v["legions"], key=lambda g: g["value"], default=None)
        if best and best["cards"]:
            sure = 1.0 if v.get("phase") == "play" else 0.7  # the player may still buy it
            for c in best["cards"]:
                rome[c["category"]] += sure * c["symbols"]
    future = rounds * ROME_CARDS_PER_ROUND
    free = (1.0 - ROME_STEERED) * future
    for k in CATS:
        rome[k] += free * mean[k]
        rvar[k] += free * cvar[k]
    dumped = ROME_STEERED * future * sum(mean.values())  # placed after the player's side is known
    # -- the player: played, the hand it can play, the rounds and money to come --
    me = v["tableaux"][0]
    mine = {k: float(x) for k, x in me["symbols"].items()}
    hand = list(v.get("hand") or [])
    held = (v.get("draw") or {}).get("cards") or []
    draws = rounds
    used = (v.get("draw") or {}).get("used") or []
    if v.get("phase") == "turn" or (v.get("phase") == "draw" and "hand" not in used and not held):
        draws += 1.0  # this turn's card for the hand is still to be drawn
    if held and "hand" not in used:
        best_held = max(held, key=lambda c: c["symbols"])
        hand.append(best_held)  # one of the cards drawn goes to the hand
    # the turns to come play one card free each, for the hand and for the cards still to come
    slots = 0.0 if over else _play_slots(v, rounds)
    w_hand = min(1.0, slots / (len(hand) + draws)) if hand else 0.0
    has_card = dict.fromkeys(CATS, 0.0)
    for c in hand:
        mine[c["category"]] += w_hand * c["symbols"]
        has_card[c["category"]] = max(has_card[c["category"]], w_hand)
    # money buys groups (this turn's buy, if still to come, and later turns') and second cards
    buys = min(1.0, rounds + (1.0 if v.get("phase") in ("turn", "draw", "buy") else 0.0))
    money = float(v.get("money") or 0) * buys
    flex = 0.0 if over else (draws * DRAW_SYMBOLS
                             + SYMBOLS_PER_AUREUS * (money + rounds * INCOME_PER_ROUND))
    pvar = dict.fromkeys(CATS, 0.0)
    spread = (1.0 - STEERED) * flex
    tot_mean = sum(mean.values()) or 1.0
    for k in CATS:
        mine[k] += spread * mean[k] / tot_mean
        pvar[k] += (spread / tot_mean) * cvar[k]
    # the Fleet/Army limit (PAX-LIM-01): the player's Fleet and Army cannot pass it
    lim = max(mine["estate"], mine["conspiracy"])
    for k in ("fleet", "army"):
        mine[k] = min(mine[k], max(lim, float(me["symbols"][k])))
    steer = STEERED * flex
    need = SOLO_BEAT.get(v.get("level") or 1, 3)
    if dumped > 0:
        _dump(rome, mine, dumped, need)
    rome_b = with_bonus(rome)
    if steer > 0:
        _steer(mine, rome_b, steer, need)
    mine_b = with_bonus(mine)
    # at the end nothing is uncertain any more: the chances are the result
    base = 1e-4 if over else VAR_FLOOR + VAR_PER_ROUND * rounds
    var = {k: base + rvar[k] + pvar[k] for k in CATS}
    played = {k: me["cards"][k] > 0 for k in CATS}
    # P(a card of an unplayed category reaches the tableau): one in hand, or one among the
    # three cards a round draws (most of them could be kept)
    p_play = {}
    for k in CATS:
        if played[k]:
            p_play[k] = 1.0
        else:
            miss = (1.0 - share[k]) ** (3.0 * draws) if draws > 0 else 1.0
            p_play[k] = max(has_card[k], 0.9 * (1.0 - miss))
    return {"rome": rome_b, "mine": mine_b, "var": var, "played": played, "p_play": p_play,
            "rounds": rounds, "need": need}


def _steer(mine: dict[str, float], rome: dict[str, float], amount: float, need: int) -> None:
    """Add ``amount`` symbols where they count: to the ``need`` categories closest to being
    won (largest margins), raising the weakest of them first (water-filling)."""
    margin = {k: mine[k] - rome[k] for k in CATS}
    targets = sorted(CATS, key=lambda k: -margin[k])[:need]
    targets.sort(key=lambda k: margin[k])
    left = amount
    i = 1
    while left > 1e-9:
        level = margin[targets[0]]
        nxt = margin[targets[i]] if i < len(targets) else math.inf
        step = min(left / i, nxt - level)
        for k in targets[:i]:
            margin[k] += step
            mine[k] += step
        left -= step * i
        if i < len(targets):
            i += 1


def _dump(rome: dict[str, float], mine: dict[str, float], amount: float, need: int) -> None:
    """Add ``amount`` symbols to Rome where they cost the player least: spread over the
    categories it gives up (the ``7 - need`` with the smallest margins) or, when every
    category must be won, where it leads most (lowering the largest margins first)."""
    margin = {k: mine[k] - rome[k] for k in CATS}
    order = sorted(CATS, key=lambda k: margin[k])
    given_up = order[:len(CATS) - need]
    if given_up:
        for k in given_up:
            rome[k] += amount / len(given_up)
        return
    top = sorted(CATS, key=lambda k: -margin[k])
    left = amount
    i = 1
    while left > 1e-9:
        level = margin[top[0]]
        nxt = margin[top[i]] if i < len(top) else -math.inf
        step = min(left / i, level - nxt)
        for k in top[:i]:
            margin[k] -= step
            rome[k] += step
        left -= step * i
        if i < len(top):
            i += 1


def chances(v: View, pack: Pack) -> tuple[float, dict[str, float], dict[str, Any]]:
    """(P(the level is beaten), P(ahead of Rome) per category, the projection)."""
    pr = project(v, pack)
    p_ahead = {k: _ahead(pr["mine"][k] - pr["rome"][k], pr["var"][k]) for k in CATS}
    need = pr["need"]
    # per category: won (needs it played), played but not won, not played; all seven played
    # and at least ``need`` won (exact under independence)
    dist = [1.0] + [0.0] * 7
    for k in CATS:
        q = pr["p_play"][k]
        p = min(p_ahead[k], q)  # a category never played is never won
        nxt = [0.0] * 8
        for c, x in enumerate(dist):
            if x:
                nxt[c] += x * (q - p)
                if c < 7:
                    nxt[c + 1] += x * p
        dist = nxt
    p_win = sum(dist[need:])
    return p_win, p_ahead, pr


#: the chance a category can keep in the level-5 closeness (a hopeless category still ranks
#: the moves by how hopeless it is, instead of zeroing every move alike)
ALL_SEVEN_FLOOR = 1e-6


def all_seven(p_ahead: dict[str, float], p_play: dict[str, float]) -> float:
    """How close a level-5 game (stronger than Rome in every category, PAX-SOLO-11) comes:
    the geometric mean over the seven categories of the chance to play and win each.

    It is the seventh root of the chance of the level, so it rises and falls with that
    chance alone, and the weakest category weighs most. A sum of the categories' chances,
    the closeness of the other levels, rewards widening a lead Rome cannot reach anyway as
    much as closing the gap that loses the game; and the chance of all seven (a few in a
    thousand early on) is too small beside it for the search to see."""
    logs = 0.0
    for k in CATS:
        logs += math.log(max(ALL_SEVEN_FLOOR, min(p_ahead[k], p_play[k])))
    return math.exp(logs / len(CATS))


def final_all_seven(v: View, pack: Pack) -> float:
    """``all_seven`` of a finished game: the final margins judged with the uncertainty of the
    last round (``VAR_FLOOR``), so that a lost game is scored on the scale of the positions
    just before it, and a category never played counts as lost."""
    pr = project(v, pack)
    p_ahead = {k: _ahead(pr["mine"][k] - pr["rome"][k], VAR_FLOOR) for k in CATS}
    p_play = {k: 1.0 if pr["played"][k] else 0.0 for k in CATS}
    return all_seven(p_ahead, p_play)


def estimate(v: View, pack: Pack) -> float:
    """The solitaire reward of an unfinished position, on the scale of ``reward``: the chance
    of beating the level, plus (for a lost game) up to 0.4 for how close it comes: in level 5
    ``all_seven``, in the others the categories played and the chances of being ahead."""
    p_win, p_ahead, pr = chances(v, pack)
    if pr["need"] == len(CATS):
        progress = all_seven(p_ahead, pr["p_play"])
    else:
        played = sum(pr["p_play"].values())
        beaten = sum(p_ahead.values())
        progress = 0.5 * played / 7.0 + 0.5 * min(beaten / pr["need"], 1.0)
    return float(p_win + (1.0 - p_win) * 0.4 * progress)
