"""The seat's connection in a real browser: a second window of the same seat, and a click made
while the server is away (sent after reconnecting with its seq, or refused on screen)."""

from __future__ import annotations

import random

import pytest

from tests.server.wire import Server
from tests.web.conftest import MY_TURN, click_once, create, shot


@pytest.fixture
def server(tmp_path):
    """A server of this test alone: the test stops and restarts it on the same port."""
    srv = Server(f"sqlite:///{tmp_path / 'asztal.db'}", tmp_path / "server.log").start()
    yield srv
    srv.stop()


def test_a_second_window_tells_the_first_and_it_can_take_the_seat_back(page, context):
    gid = create(page, "pax", 2)
    page.wait_for_function(MY_TURN)
    other = context.new_page()
    other.goto(f"{page.base}?game={gid}")
    other.wait_for_function(MY_TURN)
    page.wait_for_selector("#take-back")
    assert page.inner_text("#conn").startswith("Ez a hely egy másik ablakban nyílt meg.")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "connection-other-window-phone")
    page.click("#take-back")
    other.wait_for_selector("#take-back")  # now the other window is the one told
    page.wait_for_function(MY_TURN)
    assert page.inner_text("#conn") == ""
    click_once(page, random.Random(4))  # and the first window plays again


def test_a_click_while_the_server_is_away_is_sent_after_reconnecting(page, server):
    gid = create(page, "pax", 2)
    page.wait_for_function(MY_TURN)
    seq = server.api("GET", f"/api/games/{gid}").json()["seq"]
    server.stop()  # SIGTERM: the socket is closed with a reason and the page reconnects
    page.wait_for_function("document.querySelector('#conn').dataset.state === 'reconnecting'")
    target = random.Random(5).choice(page.query_selector_all("#buttons .act-btn"))
    target.dispatch_event("click")
    if page.query_selector("#menu"):
        page.query_selector_all("#menu .act-btn")[0].click()
    page.wait_for_function("document.querySelector('#conn').textContent.includes('Nincs kapcsolat')")
    shot(page, "connection-click-queued")
    server.start()  # the same port, the same database
    page.wait_for_function("document.querySelector('#conn').dataset.state === 'open'", timeout=30000)
    for _ in range(100):
        if server.api("GET", f"/api/games/{gid}").json()["seq"] > seq:
            break
        page.wait_for_timeout(100)
    assert server.api("GET", f"/api/games/{gid}").json()["seq"] > seq  # taken once, after reconnecting


def test_a_lost_connection_shows_whatever_the_timer(page, server):
    """A game over days (24 hours a move): with the server stopped the red banner takes the
    countdown's place, nobody's dot stays green, and the countdown is back once it returns."""
    page.goto(page.base)
    page.select_option("#f-game", "pax")
    page.select_option("#f-players", "2")
    page.select_option("select[name=kind1]", "bot")
    page.select_option("#f-timer", str(24 * 3600))
    page.click("#f-create")
    page.wait_for_selector("#board svg")
    page.wait_for_function(MY_TURN)
    page.wait_for_function("document.querySelector('#conn').textContent.length > 0")  # the deadline
    countdown = page.inner_text("#conn")
    assert page.query_selector(".dot[data-on='1']")
    server.stop()
    page.wait_for_function("document.querySelector('#conn').dataset.state === 'reconnecting'")
    page.wait_for_function("!document.querySelector('.dot[data-on=\"1\"]')")
    banner = page.evaluate("""() => { const c = document.querySelector('#conn');
      return {text: c.textContent, bg: getComputedStyle(c).backgroundColor,
              offline: c.classList.contains('offline')}; }""")
    assert banner["offline"] and banner["text"] != countdown and "újrakapcsolódás" in banner["text"], banner
    assert banner["bg"] == "rgb(183, 28, 28)"  # red
    assert "újrakapcsolódás" in page.inner_text("#conn-said")  # said aloud once (an alert), not each second
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "connection-lost-turn-based-phone")
    server.start()
    page.wait_for_function("document.querySelector('#conn').dataset.state === 'open'", timeout=30000)
    page.wait_for_function("document.querySelector('.dot[data-on=\"1\"]')")
