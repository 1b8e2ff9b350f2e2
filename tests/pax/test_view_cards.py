"""PAX's views hand out the pack's card dicts themselves, not copies (a view is made for every
socket on every change): whoever reads a view must leave its cards as they are. Every reader of
a view in the project (the board and its panels, the terminal's panes and labels, the bots'
evaluation, the server's ``state`` message) reads the views of seeded games, and the cards
must be afterwards what the pack says."""

from __future__ import annotations

import random

from asztal import games
from asztal.bots.heuristics.pax import evaluate
from asztal.games.pax import board, render
from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CATEGORIES
from asztal.games.pax.view import _templates
from asztal.server.present import decorate


def test_no_reader_of_a_view_changes_its_cards() -> None:
    pax = games.load("pax")
    for seed in (2, 9):
        state = pax.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        seats = [{"seat": s, "name": "", "kind": "human"} for s in range(3)]
        for _ in range(120):
            if state.is_over:
                break
            for seat in (*range(3), None):
                view = state.view(seat)
                legal = state.legal_actions() if seat == state.to_move else []
                board.draw(view, legal, "hu")
                board.panels(view, 3)
                render.panes(view, "en", seat)
                for a in legal:
                    render.option_label(view, a, "hu")
                msg = {"legal": [{"code": a.code, "hu": a.hu, "en": a.en} for a in legal]}
                decorate(msg, state, seat, "en", view, seats, None, board)
                if seat is not None:
                    evaluate(state, seat)
            state.apply(rng.choice(state.legal_actions()).code)
        cards = _templates(state.pack)
        assert [c["id"] for c in cards] == list(CARD_IDS)
        assert [c["category"] for c in cards] == [CATEGORIES[k] for k in CARD_CAT]
        assert [(c["cost"], c["symbols"]) for c in cards] == [(state.pack.cost[c], state.pack.symbols[c])
                                                              for c in range(len(CARD_IDS))]
        assert all(set(c) == {"id", "category", "cost", "symbols"} for c in cards)
        # and a view's cards are those very dicts
        assert any(c is cards[i] for p in state.view(None)["tableaux"] for c in p["tableau"]
                   for i in range(len(cards)))
