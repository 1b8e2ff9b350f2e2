"""The game review: the hard bot's choice per decision, losses, the biggest mistakes, and
that it reads only what the reviewed seat saw."""

from __future__ import annotations

import json

import pytest

from asztal import games
from asztal.bots import make_bot
from asztal.bots.mcts import MctsBot
from asztal.bots.review import review_decision, review_game

REAL = [n for n in ("pax", "pocketciv", "caboose") if n in games.names()]
TABLE = {"pax": 2, "caboose": 3, "pocketciv": 1, "nim": 2}


def finished(name, seed=4, limit=None):
    """A game played to the end by greedy bots (the first seat by random, to make mistakes)."""
    g = games.load(name)
    players = TABLE[name]
    state = g.new_game(players=players, seed=seed)
    bots = [make_bot("random" if q == 0 else "greedy", q) for q in range(players)]
    while not state.is_over and (limit is None or len(state.history) < limit):
        state.apply(bots[state.to_move].choose(state))
    return state


@pytest.mark.parametrize("name", ["nim", *REAL])
def test_review_of_a_game(name):
    """A whole game of the short ones, the first 60 moves of the long ones (the same code
    runs; ``asztal review`` on finished games of every kind is in docs/bots.md)."""
    state = finished(name, limit=None if name in ("nim", "pax") else 60)
    result = review_game(state.record, 0, iterations=12, lang="en")
    json.dumps(result)
    record = state.record
    replayed = games.replay({**record, "actions": []})
    decisions = 0
    for code in record["actions"]:
        if replayed.to_move == 0 and len(replayed.legal_actions()) > 1:
            decisions += 1
        replayed.apply(code)
    assert len(result["decisions"]) == decisions > 0
    for d in result["decisions"]:
        assert d["loss"] >= 0 and (d["loss"] == 0 or d["best"]["code"] != d["played"]["code"])
        assert d["played"]["code"] == record["actions"][d["move"]]
    losses = [m["loss"] for m in result["mistakes"]]
    assert len(losses) <= 3 and losses == sorted(losses, reverse=True)
    assert losses == sorted((d["loss"] for d in result["decisions"] if d["loss"] > 0), reverse=True)[:3]
    for m in result["mistakes"]:  # the position shown is what the seat saw before the move
        before = games.replay({**record, "actions": record["actions"][:m["move"]]})
        assert m["view"] == json.loads(json.dumps(before.view(0)))
    assert result["unit"] == ("vp" if name == "pocketciv" else "win")


def test_a_random_player_loses_more_than_the_bot_it_is_reviewed_by():
    """On Nim the review knows the game: random play shows losses, the bot's own play few."""
    g = games.load("nim")
    state = g.new_game(players=2, seed=2)
    bots = [make_bot("random", 1), make_bot("mcts:iters=200", 2)]
    while not state.is_over:
        state.apply(bots[state.to_move].choose(state))
    rand = review_game(state.record, 0, iterations=200)
    good = review_game(state.record, 1, iterations=200)
    assert rand["total_loss"] > good["total_loss"]


@pytest.mark.parametrize("name", [n for n in REAL if TABLE[n] > 1] + ["pocketciv"] * ("pocketciv" in REAL))
def test_review_reads_only_what_the_seat_saw(name):
    """Twins that differ only in what the reviewed seat cannot see get identical reviews."""
    g = games.load(name)
    state = g.new_game(players=TABLE[name], seed=6)
    bot = make_bot("policy", 6)
    checked = 0
    while not state.is_over and checked < 3:
        acts = state.legal_actions()
        if len(acts) > 1 and len(state.history) % 5 == 0:
            seat = state.to_move
            played = acts[len(state.history) % len(acts)].code
            want = review_decision(state, seat, played, MctsBot(seed=1, level="hard", iterations=20))
            for k in range(2):
                twin = state.determinize(seat, 50 + k)
                assert twin.view(seat) == state.view(seat)
                assert review_decision(twin, seat, played, MctsBot(seed=1, level="hard", iterations=20)) == want
            checked += 1
        state.apply(bot.choose(state))
    assert checked == 3


def test_review_refuses_a_seat_that_is_not_in_the_game():
    state = finished("nim")
    with pytest.raises(ValueError, match="no seat"):
        review_game(state.record, 5, iterations=5)


def test_review_command(tmp_path):
    from typer.testing import CliRunner

    from asztal.cli.app import app

    state = finished("pax" if "pax" in REAL else "nim")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--seat", "1", "--iters", "10", "--lang", "en"])
    assert out.exit_code == 0, out.output
    assert "Game review" in out.output and "decisions" in out.output
    js = runner.invoke(app, ["review", str(path), "--iters", "10", "--json"])
    assert js.exit_code == 0
    data = json.loads(js.output)
    assert data["seat"] == 0 and data["decisions"]
