"""The lobby as issue 36 asks: logging in offers a rated game without a reload, a seat kept for
a friend invited by name is listed to others as reserved (not joinable), the seat-type list
shows its whole words at both sizes, a finished game says when it ended and who won, and a
guest's lobby asks the server nothing that is refused (no 401 in the console)."""

from __future__ import annotations

import re

from tests.web.test_profile_page import PASSWORD, account, play_rated_game

#: each seat's "who plays it" list wider than its selected words (with room for the arrow)?
CUT = """() => { const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select.kind')].filter((s) => {
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
    const words = ctx.measureText(s.options[s.selectedIndex].text).width;
    return words + parseFloat(cs.paddingLeft) + 20 > s.clientWidth;
  }).map((s) => [s.options[s.selectedIndex].text, s.clientWidth]); }"""


def test_the_lobby_offers_tells_and_keeps(page, context, server):
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
    for w, h in ((390, 844), (1366, 900)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(page.base)
        page.wait_for_selector("#f-create")
        page.select_option("select[name=kind1]", "here")
        assert not page.evaluate(CUT), f"{w}px: seat types cut: {page.evaluate(CUT)}"
    assert not refused, f"a guest's lobby logs errors: {refused}"
    # registering in the account panel offers a rated game at once
    assert page.query_selector("#f-rated") is None
    page.fill("#acc-user", "Anna")
    page.fill("#acc-pass", PASSWORD)
    page.click("#acc-register")
    page.wait_for_selector("#f-rated")
    # a seat kept for Béla, invited by name: others see it reserved, with nothing to join
    account(server, "Bela")
    page.select_option("#f-game", "pax")
    page.select_option("#f-players", "2")
    page.select_option("select[name=kind1]", "invite")
    page.click("#f-create")
    page.wait_for_selector(".invite-name")
    page.fill(".invite-name", "Bela")
    page.click(".invite-send")
    page.wait_for_function("document.querySelector('.invite-by-name .note').textContent.length > 0")
    guest = context.new_page()  # Anna's other window: the seat is kept for Béla, not for her
    guest.goto(page.base)
    guest.wait_for_selector("#games-open .row")
    row = guest.inner_text("#games-open .row")
    assert "fenntartva egy meghívottnak" in row, row
    assert guest.query_selector("#games-open .row button") is None
    # a finished game: when it ended (the reader's time, Hungarian) and who won
    a, b = account(server, "Cili"), account(server, "Dani")
    end = play_rated_game(server, a, b)
    guest.goto(page.base)
    guest.wait_for_selector("#games-finished .row")
    text = guest.inner_text("#games-finished .row")
    assert re.search(r"\d{4}\. [a-zá]+\.? \d{1,2}\. \d{1,2}:\d{2}", text), text
    won = [["Cili", "Dani"][i] for i in end["winners"]]
    assert (f"Győztes: {won[0]}" in text) if len(won) == 1 else ("Győztes" in text or "Nincs győztes" in text), text
