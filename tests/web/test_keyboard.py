"""Issue 36: a game played to its end with the keyboard alone (no mouse event at all), as a
player who cannot see the board would: the first Tab reaches "Ugrás a választásokhoz", Enter
brings the focus to the choices, the arrows move among them, Enter chooses; at each decision
the player reads the status line (a polite live region) and it says the game's own sentence
for it. PAX for two, PocketCiv alone and Caboose for three, against the greedy bots."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from asztal import games
from tests.web.conftest import MY_TURN, OVER, create

#: a mouse event anywhere on the page (the test fails if one happens)
WATCH = """() => { window.__mouse = 0;
  for (const k of ['mousedown', 'mouseup', 'pointerdown', 'pointerup'])
    document.addEventListener(k, (e) => { if (e.isTrusted) window.__mouse++; }, true); }"""


@pytest.mark.parametrize(("game", "players"), [("pax", 2), ("pocketciv", 1), ("caboose", 3)])
def test_a_game_to_its_end_with_the_keyboard(page, game, players):
    page.set_viewport_size({"width": 1366, "height": 900})
    gid = create(page, game, players, kinds=["here"] + ["bot"] * (players - 1))
    page.evaluate(WATCH)
    page.wait_for_function(f"({MY_TURN}) || {OVER}")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-choices"
    page.keyboard.press("Enter")
    rng = random.Random(36)
    heard: list[tuple[int, str]] = []
    for _ in range(1500):
        page.wait_for_function(f"({MY_TURN}) || {OVER}", timeout=60000)
        if page.query_selector("#end-screen"):
            break
        # the focus is on a choice (kept there from the last move)
        page.wait_for_function("document.activeElement && (document.activeElement.closest('#buttons') "
                               "|| document.activeElement.closest('#board'))")
        seq = page.evaluate("window.__asztalState.seq")
        heard.append((seq, page.inner_text("#status")))
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        if page.query_selector("#menu"):  # a target with several moves: its own list, focused
            page.keyboard.press("Enter")
        page.wait_for_function(f"({OVER}) || window.__asztalState.seq > {seq}", timeout=60000)
    else:
        raise AssertionError("no end in 1500 key presses")
    page.wait_for_selector("#end-screen")
    assert page.evaluate("document.activeElement.id") == "end-close"
    assert page.evaluate("window.__mouse") == 0
    assert page.get_attribute("#status", "aria-live") == "polite"
    # what the live region said at each decision: the game's own sentence for it
    with urllib.request.urlopen(f"{page.base}api/games/{gid}/record") as r:
        record = json.loads(r.read())["record"]
    g = games.load(game)
    assert heard
    for seq, text in heard:
        state = g.replay({**record, "actions": record["actions"][:seq]})
        sentence = g.describe_decision(state.decision(), "hu")
        assert sentence in text, f"move {seq}: the live region said {text!r}, not {sentence!r}"
