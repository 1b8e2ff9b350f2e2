"""How a PAX player weighs a position, read from ``state.view(seat)`` only.

The race against Rome decides everything: at the end the players beat Rome if, in at
least four of the seven categories, some player has more symbols than Rome (Fleet and
Army with their bonuses); otherwise Rome wins and the holder of Primus Conspiratus wins
with it. So, per category:

* Rome's strength is its face-up symbols, plus its three face-down cards (known exactly
  after a pass, else estimated from the cards still unseen), plus half of the most
  valuable Legion group, which goes to Rome at the end of the round unless bought;
* each player's chance to be ahead of Rome there is a logistic function of the margin.

A seat's value = P(players beat Rome) x (its points if they do: 2 per category played,
3 per category stronger than Rome, Fleet + Army symbols, Primus Conspiratus)
+ P(Rome wins) x (a winner's value if it holds Primus Conspiratus)
+ what its money and hand will buy. Solitaire is judged by ``pax_solo``: the chance of
meeting the level's requirement (all seven categories played, stronger than Rome in
level + 2 of them) with both sides projected to the end of the game.
"""

from __future__ import annotations

from typing import Any

from asztal.bots.heuristics.pax import solo as pax_solo
from asztal.bots.heuristics.pax.look import settle as settle
from asztal.bots.heuristics.pax.solo import sigmoid
from asztal.bots.heuristics.pax.solo import with_bonus as _with_bonus
from asztal.engine import GameState
from asztal.games.pax.pack import Pack

CATS = ("wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy")
#: cards per category in the full deck (PAX-COMP-02): public component data
CAT_COUNTS = {"wealth": 10, "fleet": 10, "army": 10, "religion": 10, "senator": 10, "estate": 12,
              "conspiracy": 12}
SOLO_BEAT = {1: 3, 2: 4, 3: 5, 4: 6, 5: 7}

#: solitaire roll-outs: a few random moves, then ``pax_solo``'s projection judges (level 3,
#: 200 iterations, 20 deals: 12 won after 8 moves, 8 after 40, 1 of 18 with none; see
#: docs/bots.md)
SOLO_ROLLOUT_DEPTH = 8

TEMPERATURE = 6.0
SCORE_SCALE = 25.0
#: a Rome victory is worth this much to the Primus Conspiratus holder (it wins the game)
ROME_WIN_VALUE = 30.0
MONEY = 0.3
HAND = 0.6


def _pack(state: GameState) -> Pack:
    """The card values of the game's pack (public component data)."""
    pack = getattr(state, "pack", None)
    assert isinstance(pack, Pack)
    return pack


def rome_estimate(v: dict[str, Any]) -> dict[str, float]:
    """Rome's expected final symbols per category (bonuses included) as ``v``'s seat sees it."""
    rome = dict(v["rome"]["symbols"])
    hidden = v["rome"]["hidden"]
    if hidden is not None:
        for c in hidden:
            rome[c["category"]] += c["symbols"]
    elif v["rome"]["hidden_count"]:
        seen = dict.fromkeys(CATS, 0)
        sym_total = n_seen = 0
        cards = list(v["rome"]["cards"]) + list(v.get("hand") or [])
        for g in v["legions"]:
            cards += g["cards"]
        for p in v["tableaux"]:
            cards += p["tableau"]
            cards += p["hand_public"]
        for c in cards:
            seen[c["category"]] += 1
            sym_total += c["symbols"]
            n_seen += 1
        avg = sym_total / n_seen if n_seen else 1.3
        left = {k: max(0, CAT_COUNTS[k] - seen[k]) for k in CATS}
        total_left = sum(left.values()) or 1
        k_hidden = v["rome"]["hidden_count"]
        for k in CATS:
            rome[k] += k_hidden * avg * left[k] / total_left
    if v.get("phase") != "over":
        best = max(v["legions"], key=lambda g: g["value"], default=None)
        if best and best["cards"]:
            for c in best["cards"]:
                rome[c["category"]] += 0.5 * c["symbols"]
    return _with_bonus(rome)


#: a player as ``_analyse`` sees it: its tableau, its symbols (bonuses included) and per
#: category the chance that it ends ahead of Rome
_Player = tuple[dict[str, Any], dict[str, float], dict[str, float]]


def _analyse(v: dict[str, Any]) -> tuple[dict[str, float], list[_Player]]:
    rome = rome_estimate(v)
    players = []
    for p in v["tableaux"]:
        tot = _with_bonus({k: float(x) for k, x in p["symbols"].items()})
        ahead = {k: sigmoid(1.6 * (tot[k] - rome[k] - 0.5)) for k in CATS}
        players.append((p, tot, ahead))
    return rome, players


def pending_gain(v: dict[str, Any], seat: int) -> tuple[float, float]:
    """(Aureus, cards) still to come to ``seat`` in the turn it is taking.

    A turn is several decisions; what the turn still brings (the drawn card for the hand,
    the income collected after playing: PAX-INC-01..07) belongs to the position, or a
    one-move lookahead would always pass for the 2 Aureus in hand.
    """
    if v.get("to_move") != seat:
        return 0.0, 0.0
    phase = v.get("phase")
    if phase == "draw":
        return 2.0, 0.0 if "hand" in (v["draw"].get("used") or []) else 1.0
    if phase == "buy":
        return 2.0, 0.0
    if phase == "play":
        turn = v["turn"]
        if not turn["played"]:
            return 2.0, 0.0  # PAX-INC-07 base income
        cats = turn["categories"]
        if "conspiracy" in cats:
            return 0.0, 0.0  # PAX-CON-02
        cards = v["tableaux"][seat]["cards"]
        income = max(cards[k] for k in cats) + (1 if "senator" in cats else 0)  # PAX-INC-02/03, SEN-01
        return float(income), 0.0
    return 0.0, 0.0


def hand_value(v: dict[str, Any], p: dict[str, Any]) -> float:
    hand = v.get("hand")
    if hand is None:
        size: int = p["hand_size"]
        return HAND * size
    worth: float = sum(HAND + 0.3 * (c["symbols"] - 1) for c in hand)
    return worth


def evaluate(state: GameState, seat: int) -> float:
    v = state.view(seat)
    if v["players"] == 1:
        # solitaire: the chance of beating the level (``pax_solo``), in points-like units
        return SCORE_SCALE * pax_solo.estimate(v, _pack(state))
    rome, players = _analyse(v)
    mine_p, mine_tot, mine_ahead = players[seat]
    played = sum(1 for k in CATS if mine_p["cards"][k] > 0)
    gold, cards = pending_gain(v, seat)
    resources = MONEY * ((v.get("money") or 0) + gold) + hand_value(v, mine_p) + HAND * cards
    # P(some player ahead of Rome) per category, then P(players beat Rome in >= 4)
    k_exp = 0.0
    for k in CATS:
        behind = 1.0
        for _, _, ahead in players:
            behind *= 1.0 - ahead[k]
        k_exp += 1.0 - behind
    p_players = sigmoid(2.2 * (k_exp - 3.5))
    points = (2.0 * played + 3.0 * sum(mine_ahead.values()) + mine_tot["fleet"] + mine_tot["army"]
              + (1.0 if mine_p["primus_conspiratus"] else 0.0))
    pc = ROME_WIN_VALUE if mine_p["primus_conspiratus"] else 0.0
    # Conspiracy symbols are what take Primus Conspiratus (PAX-CON-04): a lead there has value
    return p_players * points + (1.0 - p_players) * pc + resources


def solo_estimate(state: GameState) -> float:
    """The reward in [0, 1] of an unfinished solitaire game: the chance of beating the level
    (``pax_solo.estimate``) plus a little for how close a lost game comes."""
    return pax_solo.estimate(state.view(0), _pack(state))


def solo_reward(state: GameState) -> float:
    """A finished solitaire game: 1 for beating the level, else up to 0.4 for how close it came
    (in level 5 as ``pax_solo.estimate`` judges it, ``pax_solo.final_all_seven``)."""
    if state.winners():
        return 1.0
    v = state.view(0)
    if v.get("level") == 5:
        return 0.4 * pax_solo.final_all_seven(v, _pack(state))
    res = v.get("result") or {}
    p = v["tableaux"][0]
    played = sum(1 for k in CATS if p["cards"][k] > 0)
    need = SOLO_BEAT.get(v.get("level") or 1, 3)
    stronger = len((res.get("breakdown") or [{}])[0].get("stronger_in", []))
    return 0.4 * (0.5 * played / 7.0 + 0.5 * min(stronger / need, 1.0))
