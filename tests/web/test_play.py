"""Playing in the browser by clicking alone: each game against bots to the end screen (with
screenshots at the start, mid-game and the end, and the click latencies), then its replay."""

from __future__ import annotations

import random

import pytest

from tests.web.conftest import create, play_to_end, save_latencies, shot

GAMES = [("pax", 2, None), ("pocketciv", 1, None), ("caboose", 3, None)]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_play_a_game_to_the_end_by_clicking(page, game, players, options):
    gid = create(page, game, players, options=options)
    page.wait_for_selector("#board svg")
    shot(page, f"{game}-start")
    assert page.get_attribute("#board svg", "class") == f"board board-{game}"
    rng = random.Random(7)

    def mid(i):
        if i == 12:
            shot(page, f"{game}-mid")

    clicks = play_to_end(page, rng, on_click=mid)
    assert clicks > 0
    page.wait_for_selector("#end-screen")
    shot(page, f"{game}-end")
    winner = page.inner_text("#end-winner")
    assert winner.startswith("Győztes:") if players > 1 else winner
    assert page.inner_text("#end-why")  # why the game ended so, in one sentence
    rows = page.query_selector_all("#end-screen table.scores tr")
    assert len(rows) == players + 1  # header + one row per seat
    assert page.inner_text("#status") == "A játék véget ért"
    save_latencies(game, page.evaluate("window.__asztalLatency"))
    # the finished game replays: step forward and back through it
    page.click("#end-replay")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('0.')")
    total = int(page.inner_text("#step").split("/")[1].split()[0])
    assert total >= clicks  # every click is in the record (and the bots' moves)
    page.click("#r-next")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('1.')")
    page.click("#r-last")
    page.wait_for_function(f"document.querySelector('#step').textContent.startsWith('{total}.')")
    assert f"replay={gid}" in page.input_value("#share")
    page.click("#r-prev")
    page.wait_for_function(f"document.querySelector('#step').textContent.startsWith('{total - 1}.')")
