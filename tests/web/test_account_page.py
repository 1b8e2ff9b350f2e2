"""The account panel in a real browser (Debian's chromium): a guest plays, registers on a laptop
and keeps the seat; on a phone (a second browser, nothing shared) the player logs in, sees the
game in "my games" and opens the seat; both languages."""

from __future__ import annotations

from tests.web.conftest import create, shot

PASSWORD = "jó hosszú jelszó 1"


def _page(browser, server, viewport):
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.base = server.url + "/"
    return page


def test_register_then_log_in_on_another_device_and_open_the_seat(browser, server):
    laptop = _page(browser, server, {"width": 1366, "height": 820})
    gid = create(laptop, "pax", 2, kinds=["here", "bot"])
    laptop.goto(laptop.base)
    laptop.wait_for_selector("#account #acc-user")
    assert "Fiók nélkül is játszhatsz" in laptop.inner_text("#account")
    laptop.fill("#acc-user", "Anna")
    laptop.fill("#acc-pass", PASSWORD)
    laptop.click("#acc-register")
    laptop.wait_for_selector(f"#account-games [data-game='{gid}']")
    assert "Bejelentkezve: Anna" in laptop.inner_text("#acc-who")
    assert "1 helyed került a fiókodba" in laptop.inner_text("#account")
    shot(laptop, "account-laptop-registered")
    # the session cookie is out of the page's reach; the CSRF one is readable
    assert "asztal_session" not in laptop.evaluate("document.cookie")

    phone = _page(browser, server, {"width": 390, "height": 844})
    phone.goto(phone.base)
    phone.wait_for_selector("#acc-user")
    shot(phone, "account-phone-logged-out")
    phone.fill("#acc-user", "anna")
    phone.fill("#acc-pass", "rossz jelszó!")
    phone.click("#acc-login")
    phone.wait_for_function("document.querySelector('#acc-error').textContent.length > 0")
    assert "hibás felhasználónév vagy jelszó" in phone.inner_text("#acc-error")
    phone.fill("#acc-pass", PASSWORD)
    phone.click("#acc-login")
    row = f"#account-games [data-game='{gid}']"
    phone.wait_for_selector(row)
    state = phone.get_attribute(row, "data-state")
    assert state in ("your_turn", "waiting")
    assert {"your_turn": "Te következel", "waiting": "Várakozik"}[state] in phone.inner_text(row)
    shot(phone, "account-phone-my-games-hu")
    phone.click("#lang")
    phone.wait_for_selector(row)
    assert "Your account's games" in phone.inner_text("#account")
    assert "Logged in as Anna" in phone.inner_text("#acc-who")
    shot(phone, "account-phone-my-games-en")
    phone.click(f"{row} .acc-open")
    phone.wait_for_function(f"location.search.includes('game={gid}')")
    phone.wait_for_selector("#board svg")
    phone.wait_for_function("document.querySelector('#status') && !/csatlakoz|connect/i.test("
                            "document.querySelector('#status').textContent)")
    shot(phone, "account-phone-game")
    assert not laptop.errors and not phone.errors, (laptop.errors, phone.errors)
