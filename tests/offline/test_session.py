"""The offline session natively (no node needed): the socket's checks and messages, in order."""

from __future__ import annotations

import json

import pytest

from asztal.offline.session import Session

SOLO = [{"kind": "human", "name": "Anna"}]
WITH_BOTS = [{"kind": "human", "name": ""}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_a_move_is_a_state_with_the_next_seq_and_only_the_new_log_lines() -> None:
    s = Session.new("pocketciv", SOLO, 0, seed=4)
    first = s.message(whole=True)
    assert first["log_start"] == 0 and first["seq"] == 0 and first["legal"] and first["board"].startswith("<svg")
    (after,) = s.handle({"type": "act", "code": first["legal"][0]["code"], "seq": 0})
    assert after["type"] == "state" and after["seq"] == 1
    assert after["log_start"] == len(first["log"]) and after["last_from"] is not None
    start = after["log_start"]
    assert [line["i"] for line in after["log"]] == list(range(start, start + len(after["log"])))


@pytest.mark.parametrize("message, code", [
    ({"type": "act", "code": "place:area=1", "seq": 7}, "stale"),
    ({"type": "act", "code": "no-such-move", "seq": 0}, "illegal"),
    ({"type": "undo", "seq": 0}, "nothing_to_undo"),
    ({"type": "chat", "text": "szia"}, "bad_message"),
    ({"type": "why"}, "bad_message"),
    ({"type": "act", "code": "x", "seq": True}, "bad_message"),
    ({"type": "act", "code": "x" * 201, "seq": 0}, "bad_message"),
    ({"type": "act", "code": "x", "seq": 0, "extra": 1}, "bad_message"),
    ({"type": "lang", "lang": "de"}, "bad_message"),
    ("not an object", "bad_message"),
])
def test_a_refusal_changes_nothing_and_says_why_in_both_languages(message: object, code: str) -> None:
    s = Session.new("pocketciv", SOLO, 0, seed=4)
    before = s.state.to_json()
    (error,) = s.handle(message)
    assert error["type"] == "error" and error["code"] == code and error["hu"] and error["en"]
    assert error["hu"] != error["en"]
    assert s.state.to_json() == before and s.seq == 0


def test_an_undo_sends_the_log_again_from_the_start() -> None:
    s = Session.new("pocketciv", SOLO, 0, seed=4)
    first = s.message(whole=True)
    (moved,) = s.handle({"type": "act", "code": first["legal"][0]["code"], "seq": 0})
    assert moved["can_undo"]
    (undone,) = s.handle({"type": "undo", "seq": 1})
    assert undone["seq"] == 2 and undone["log_start"] == 0
    assert undone["view"] == first["view"] and undone["legal"] == first["legal"]


def test_the_bots_move_one_at_a_time_and_a_move_out_of_turn_is_refused_unread() -> None:
    s = Session.new("caboose", WITH_BOTS, 0, seed=1)
    assert s.message(whole=True)["legal"] == []  # a bot opens
    assert s.handle({"type": "act", "code": "anything", "seq": 0})[0]["code"] == "not_your_turn"
    seqs = []
    while (m := s.bot_step()) is not None:
        seqs.append(m["seq"])
    assert seqs == list(range(1, len(seqs) + 1)) and s.state.to_move == 0
    assert s.message()["legal"]


def test_a_saved_game_resumes_at_the_same_decision() -> None:
    s = Session.new("pax", SOLO, 0, seed=3, options={"level": 2})
    m = s.message(whole=True)
    for _ in range(5):
        (m,) = s.handle({"type": "act", "code": m["legal"][-1]["code"], "seq": s.seq})
    saved = json.loads(json.dumps(s.saved()))
    again = Session.resume(saved)
    assert again.seq == s.seq and again.state.to_json() == s.state.to_json()
    resumed = again.message(whole=True)
    assert resumed["legal"] == m["legal"] and resumed["view"] == s.message(whole=True)["view"]


def test_hint_and_why_are_the_servers_answers() -> None:
    """``why`` is ``present.why`` (the socket's own), a ``hint`` names a legal move in both
    languages with the seq it is for; neither changes the game, and neither is given out of turn."""
    from asztal.server.present import why

    s = Session.new("pax", [{"kind": "human", "name": ""}, {"kind": "bot", "bot": "random"}], 0, seed=3)
    before = s.state.to_json()
    legal = [a.code for a in s.state.legal_actions()]
    (answer,) = s.handle({"type": "why", "code": legal[0]})
    assert answer == why(s.state, legal[0]) and answer["legal"]
    (answer,) = s.handle({"type": "why", "code": "nincs-ilyen"})
    assert answer["type"] == "why" and not answer["legal"] and answer["hu"] != answer["en"]
    (hint,) = s.handle({"type": "hint"})
    assert hint["type"] == "hint" and hint["code"] in legal and hint["seq"] == 0 and hint["hu"] and hint["en"]
    assert s.state.to_json() == before and s.seq == 0
    s.handle({"type": "act", "code": legal[0], "seq": 0})
    assert s.bot_to_move()  # seed 3: the bot's turn after this move
    (error,) = s.handle({"type": "hint"})
    assert error["code"] == "not_your_turn"


@pytest.mark.parametrize("game, players", [("pocketciv", 2), ("pax", 2), ("caboose", 3)])
def test_the_normal_bot_searches_what_the_page_can_in_a_second(game: str, players: int) -> None:
    """Offline, ``normal`` searches ``NORMAL_ITERATIONS`` (the page's measured speed), capped by
    the time budget; the other strengths are the server's."""
    from asztal.offline.session import NORMAL_ITERATIONS

    seats = [{"kind": "human", "name": ""}] + [{"kind": "bot", "bot": "normal"}] * (players - 1)
    s = Session.new(game, seats, 0, seed=2, bot_time=1.0)
    config = s.bot_for(1).config_for(game)
    assert (config.iterations, config.max_time) == (NORMAL_ITERATIONS[game], 1.0)
    s.seats[1]["bot"] = "easy"
    assert s.bot_for(1).config_for(game).iterations is None  # the server's easy bot: a time budget alone
