"""``asztal review``: the reader's language and number format, moves by their card names, and
the quick first look that spares the full search on decisions far from a mistake."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from asztal import games
from asztal.bots import make_bot
from asztal.bots.review import review_game
from asztal.cli.app import build_app


def pax_record(seed: int = 11) -> dict:
    state = games.load("pax").new_game(2, seed=seed)
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    while not state.is_over and len(state.history) < 40:
        state.apply(bots[state.to_move].choose(state))
    return state.record


def test_review_speaks_hungarian_with_card_names_and_decimal_commas(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(pax_record()))
    out = CliRunner().invoke(build_app("hu"), ["review", str(path), "--seat", "1", "--iters", "60", "--lang", "hu"])
    assert out.exit_code == 0, out.output
    text = out.output
    assert "Játékelemzés: PAX, 1. játékos lépései; elemző: normál robot" in text and "mcts" not in text
    assert not re.search(r"\b[a-z]+-\d\d\b", text)  # no card ids such as senator-10
    assert not re.search(r"\d\.\d", text)  # no decimal points: 4,5 in Hungarian
    assert "Megtartod:" in text or "Húzol" in text  # the options list's words
    help_hu = CliRunner().invoke(build_app("hu"), ["review", "--help"]).output
    assert "az elemző robot" in help_hu and "Használat:" in help_hu


def test_the_quick_look_settles_moves_far_from_a_mistake_and_defers_the_rest():
    record = pax_record()
    quick = review_game(record, 0, "mcts", iterations=400, seed=3)
    full = review_game(record, 0, "mcts", iterations=400, seed=3, screen=False)
    assert [d["move"] for d in quick["decisions"]] == [d["move"] for d in full["decisions"]]
    screened = [d for d in quick["decisions"] if d["screened"]]
    assert screened and len(screened) < len(quick["decisions"])  # some settled quickly, some searched in full
    assert not any(d["screened"] for d in full["decisions"])
    for d in screened:  # settled only when nothing beat the played move by the margin
        assert d["loss"] < 0.02 + 1e-9
    by_move = {d["move"]: d for d in full["decisions"]}
    for d in quick["decisions"]:
        if not d["screened"]:  # the deferred ones got the very same full search
            assert d == {**by_move[d["move"]], "screened": False}


def test_review_of_the_players_own_game_names_their_moves_not_the_bots_strength(tmp_path):
    """The player's seat is „a te lépéseid”; „normál robot” is the reviewer, said apart."""
    path = tmp_path / "g.json"
    path.write_text(json.dumps({**pax_record(), "meta": {"human": 1}}))
    for lang, said in (("hu", "a te lépéseid (2. játékos); elemző: normál robot"),
                       ("en", "your moves (seat 2); reviewer: normal bot")):
        out = CliRunner().invoke(build_app(lang), ["review", str(path), "--iters", "40", "--lang", lang])
        assert out.exit_code == 0, out.output
        assert said in " ".join(out.output.split()), out.output
