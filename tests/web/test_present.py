"""What the browser's state message adds (``asztal.server.present``), without a browser: option
labels as the seat reads them (never an internal card id), the pending decision's sentence
from the game, names in the reader's language, player panels, the last move marked; the
refusal sentence of a ``why``; a drawn map as game options; the review's mistakes."""

from __future__ import annotations

import importlib
import random

import pytest

from asztal import games
from asztal.server.present import CARD_ID, decorate, seat_label, with_names

CASES = [("pax", 2), ("pax", 1), ("pocketciv", 1), ("pocketciv", 2), ("caboose", 3)]


def _seats(n: int) -> list[dict]:
    return [{"seat": s, "name": "Anna" if s == 0 else "", "kind": "human" if s == 0 else "bot", "connected": True,
             "stand_in": False} for s in range(n)]


def _message(state, seat, lang, mark=None):
    view = state.view(seat)
    legal = [{"code": a.code, "hu": a.hu, "en": a.en} for a in state.legal_actions()] if seat == state.to_move else []
    msg = {"legal": legal}
    board = importlib.import_module(f"asztal.games.{state.game.name}.board")
    decorate(msg, state, seat, lang, view, _seats(state.players), mark, board)
    return msg


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_state_message_says_what_a_player_reads(game, players):
    g = games.load(game)
    rng = random.Random(5)
    state = g.new_game(players=players, seed=5)
    for step in range(160):
        if state.is_over:
            break
        seat = state.to_move
        lang = "en" if step % 2 else "hu"
        mark = len(state.log or [])
        msg = _message(state, seat, lang)
        # every label as the seat reads it, no internal card id, one per legal action
        assert [a["code"] for a in msg["legal"]] == [a.code for a in state.legal_actions()]
        for a in msg["legal"]:
            assert not CARD_ID.search(a["hu"]) and not CARD_ID.search(a["en"]), a
        # the decision sentence is the game's own, in both languages
        d = state.decision()
        # ... with the seats' names from the lobby where the sentence names a player
        for lg in ("hu", "en"):
            names = [seat_label(x.get("name"), x["seat"], x.get("kind", "human"), lg) for x in _seats(players)]
            assert msg["decision"][lg] == with_names(g.describe_decision(d, lg), names, lg)
        # names: the lobby's, else the default in the reader's language
        assert msg["names"][0] == "Anna"
        assert msg["names"][1:] == [("Bot" if lang == "en" else "Gép") + f" {s + 1}" for s in range(1, players)]
        assert len(msg["panels"]) == players and sum(p["to_move"] for p in msg["panels"]) == 1
        assert msg["panels"][seat]["to_move"]
        if players > 1:  # nor does a spectator (its arguments may name what only the seat sees)
            assert _message(state, None, lang)["decision"] is None
        state.apply(rng.choice(state.legal_actions()).code)
        if step in (40, 80):
            after = _message(state, state.to_move if not state.is_over else 0, lang, mark)
            assert after["last_from"] == mark
    if players > 1:
        svg = _message(state, 0, "hu")["board"]
        assert "Anna" in svg


MONEY = {"pax": ("Aureus", "Aureus"), "pocketciv": ("arany", "gold"), "caboose": ("pénz", "money")}


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_panels_name_the_games_money_and_the_end_carries_its_scoring_table(game, players):
    """Each game's money under its own word; at the end the game's scoring table (a row per
    seat, its total the seat's score) for the end screen to show as text."""
    g = games.load(game)
    rng = random.Random(2)
    state = g.new_game(players=players, seed=2)
    for lang, word in zip(("hu", "en"), MONEY[game], strict=True):
        msg = _message(state, 0, lang)
        assert all(p["money_word"] == word for p in msg["panels"] if "money" in p), msg["panels"]
        assert "scoring" not in msg
    for _ in range(5000):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()).code)
    assert state.is_over
    scores = state.scores()
    for lang in ("hu", "en"):
        table = _message(state, 0, lang)["scoring"]
        assert table["title"] and len(table["rows"]) == players
        assert all(len(row) == len(table["columns"]) for row in table["rows"])
        assert [float(row[-1]) for row in table["rows"]] == [float(x) for x in scores]
        assert players == 1 or table["rows"][0][0] == "Anna"  # a solo PocketCiv says "your civilisation"
    assert _message(state, 0, "en")["scoring"]["columns"][-1] == "total"
    assert _message(state, 0, "hu")["scoring"]["columns"][-1] == "összesen"


def test_the_last_move_is_marked_on_the_board():
    """A move that touches a place marks it (PocketCiv moves tribes between areas)."""
    g = games.load("pocketciv")
    state = g.new_game(players=1, seed=3)
    rng = random.Random(3)
    marked = 0
    for _ in range(80):
        if state.is_over:
            break
        mark = len(state.log or [])
        state.apply(rng.choice(state.legal_actions()).code)
        events = [e for e in state.log_for(0, mark) if {"area", "src", "dst"} & set(e)]
        if not state.is_over:
            svg = _message(state, state.to_move, "hu", mark)["board"]
            assert ("last-move" in svg) == bool(events)
            marked += bool(events)
    assert marked > 3


def test_seat_names_are_stored_neutrally_and_shown_in_the_readers_language():
    assert seat_label("", 1, "bot", "hu") == "Gép 2" and seat_label("", 1, "bot", "en") == "Bot 2"
    assert seat_label("", 0, "human", "en") == "Player 1" and seat_label("Béla", 0, "human", "en") == "Béla"
    from asztal.server.texts import seat_event

    e = seat_event("connected", 2, "")
    assert e["hu"] == "Játékos 3 csatlakozott" and e["en"] == "Player 3 connected"


def test_a_refused_move_is_explained_by_the_game():
    from asztal.server.present import why

    g = games.load("pax")
    state = g.new_game(players=2, seed=1)
    code = "buy:legion=1"  # at the start every player keeps a card: no buying yet
    action = g.action_for_code(state, code)
    assert action not in state.legal_actions()
    msg = why(state, code)
    reason = state.refusal(action)
    assert not msg["legal"] and msg["rule"] == reason.rule
    assert msg["hu"] == g.describe_refusal(reason, "hu") and msg["en"] == g.describe_refusal(reason, "en")


def test_a_drawn_map_becomes_the_games_options():
    from asztal.engine import BadOptions
    from asztal.engine.rng import Rng
    from asztal.games.pocketciv.setup import generate_map
    from asztal.server.api import with_drawn_map

    g = games.load("pocketciv")
    drawn = generate_map(Rng(11))
    opts = with_drawn_map(g, 1, {"map": None}, drawn)
    state = g.new_game(1, 7, opts)
    assert [a["number"] for a in state.view(0)["map"]["areas"]] == [a["number"] for a in drawn["areas"]]
    with pytest.raises(BadOptions):
        with_drawn_map(g, 2, {"map": None}, drawn)  # the multiplayer map is generated
    broken = {**drawn, "areas": drawn["areas"][:3]}
    with pytest.raises(BadOptions):
        with_drawn_map(g, 1, {"map": None}, broken)
    with pytest.raises(BadOptions):
        with_drawn_map(games.load("pax"), 2, {}, drawn)


def test_the_review_shows_the_biggest_mistakes_on_their_boards():
    from asztal.server.review import review

    g = games.load("pax")
    rng = random.Random(2)
    state = g.new_game(players=2, seed=2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()).code)
    out = review("test-pax", state.record, 0, "hu", ["Anna", "Béla"])
    assert 0 < len(out["mistakes"]) <= 3
    losses = [m["loss"] for m in out["mistakes"]]
    assert losses == sorted(losses, reverse=True) and losses[0] > 0
    for m in out["mistakes"]:
        assert m["played"]["code"] != m["best"]["code"]
        assert not CARD_ID.search(m["played"]["label"]) and not CARD_ID.search(m["best"]["label"])
        assert m["board"].startswith("<svg") and "Anna (te)" in m["board"]
    assert review("test-pax", state.record, 0, "hu", ["Anna", "Béla"]) is out  # asked again: kept


def test_a_hint_names_the_moves_as_the_seat_reads_them():
    """The hint's text names moves by their plain labels; the browser gets the seat's labels."""
    from asztal.bots.hint import hint
    from asztal.server.present import relabel

    g = games.load("pax")
    state = g.new_game(players=2, seed=3)
    rng = random.Random(1)
    for _ in range(10):
        for lang in ("hu", "en"):
            _, text = hint(state, state.to_move, lang, seed=1)  # (PAX's plain labels name card ids today)
            shown = relabel(state, state.to_move, text, lang)
            assert not CARD_ID.search(shown), shown
        state.apply(rng.choice(state.legal_actions()).code)


def test_the_log_names_the_seats_as_in_the_lobby():
    from asztal.server.present import named_log, with_names

    names = ["Anna", "Gép 2", "Gép 3"]
    assert with_names("2. játékos húz: 3 lap", names, "hu") == "Gép 2 húz: 3 lap"
    assert with_names("Az 1. játékos nyert", names, "hu") == "Anna nyert"
    # a list of seats, and a seat with a case ending, keep the rulebook's numbering
    assert with_names("1., 2. és 3. játékos", names, "hu") == "1., 2. és 3. játékos"
    assert with_names("az 1. játékosé a Totem", names, "hu") == "az 1. játékosé a Totem"
    assert with_names("12. játékos", names, "hu") == "12. játékos"
    assert with_names("Player 2 draws", ["Anna", "Bot 2"], "en") == "Bot 2 draws"
    seats = [{"seat": 0, "name": "Anna", "kind": "human"}, {"seat": 1, "name": "", "kind": "bot"}]
    line = named_log([{"i": 0, "hu": "2. játékos passzol", "en": "Player 2 passes"}], seats)[0]
    assert line == {"i": 0, "hu": "Gép 2 passzol", "en": "Bot 2 passes"}


def test_a_pax_seat_holding_both_primus_tokens_is_named_once():
    """The start player who also holds Primus Conspiratus reads „Primus Conspiratus (kezdő)”, not
    „Primus · Primus Conspiratus”; each panel mark in the reader's language."""
    state = games.load("pax").new_game(players=3, seed=2)
    state.pc = state.primus
    for lang, mark in (("hu", "Primus Conspiratus (kezdő)"), ("en", "Primus Conspiratus (start)")):
        marks = [p.get("marks") for p in _message(state, 0, lang)["panels"]]
        assert marks.count([mark]) == 1 and sum(len(m or []) for m in marks) == 1, marks


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_set_up_card_is_not_drawn_as_the_event_card(lang):
    """Issue 37: on the browser's board, after the set-up the top discard (one of the three cards
    discarded unread, PC-SETUP-07) is headed as such and names no event; the event phase's card
    is the „Eseménylap” with its event (a Sandstorm with this seed)."""
    heading, discarded, event = (("Event card", "Discarded at the start", "Sandstorm") if lang == "en"
                                 else ("Eseménylap", "Kezdéskor eldobott lap", "Homokvihar"))
    state = games.load("pocketciv").new_game(players=1, seed=35)
    for code in ("place:area=1",) * 3:
        state.apply(code)
    board = _message(state, 0, lang)["board"]
    assert discarded in board and heading not in board and event not in board
    assert f"#{state.view(0)['discard_top']}<" in board  # the card itself is still shown
    state.apply("done")  # the event phase draws card 8, set aside while its Sandstorm goes on
    board = _message(state, 0, lang)["board"]
    assert state.aside == [7] and heading in board and event in board and "#8<" in board
    assert discarded not in board
