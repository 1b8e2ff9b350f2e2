"""Playing in the browser by clicking alone: each game against bots to the end screen (with
screenshots at the start, mid-game and the end, and the click latencies), then its replay."""

from __future__ import annotations

import random

import pytest

from tests.web.conftest import click_once, create, play_to_end, save_latencies, shot

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


#: the board on the page against a fresh drawing of the state shown: the same children, and the
#: root's attributes but those the page adds (its name for a screen reader, the zoom's size)
SAME_AS_DRAWN = """() => {
  const shown = document.querySelector("#board > svg");
  const fresh = new DOMParser().parseFromString(window.__asztalState.board, "image/svg+xml").documentElement;
  const mine = [...shown.childNodes], theirs = [...fresh.childNodes];
  const attrs = (n) => [...n.attributes].filter((a) => !["role", "aria-label", "style"].includes(a.name))
    .map((a) => `${a.name}=${a.value}`).sort().join(" ");
  return mine.length === theirs.length && mine.every((n, i) => n.isEqualNode(theirs[i]))
    && attrs(shown) === attrs(fresh);
}"""

LOG_LINES = "[...document.querySelectorAll('#log li')].map((li) => [li.value, li.className, li.textContent])"


def test_a_move_changes_only_what_it_changed_on_the_page(page):
    """At every move the page keeps its board and its log and changes what the move changed:
    the drawing on the page stays the very element, made equal to the server's new drawing;
    the log's first line stays the very line, the new ones added after it."""
    create(page, "caboose", 3)
    page.wait_for_function("() => window.__asztalState && document.querySelector('#log li')")
    page.evaluate("() => { document.querySelector('#board > svg').__kept = 1;"
                  " document.querySelector('#log li').__kept = 1; }")
    rng = random.Random(11)
    lines = page.evaluate("document.querySelectorAll('#log li').length")
    for _ in range(12):
        page.wait_for_function("document.querySelector('#status').dataset.mine === '1'")
        click_once(page, rng)
        assert page.evaluate(SAME_AS_DRAWN)
        assert page.evaluate("document.querySelector('#board > svg').__kept === 1"), "the board was put in anew"
        assert page.evaluate("document.querySelector('#log li').__kept === 1"), "the log was written anew"
    assert page.evaluate("document.querySelectorAll('#log li').length") > lines
    # and what it shows is the log as a fresh page shows it: same lines, the last move's marked
    # (read when the bots have moved and it is this seat's turn again, so nothing comes between)
    page.wait_for_function("document.querySelector('#status').dataset.mine === '1'")
    log = page.evaluate(LOG_LINES)
    page.reload()
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(log)}")
    assert page.evaluate(LOG_LINES) == log
    assert page.evaluate(SAME_AS_DRAWN)
