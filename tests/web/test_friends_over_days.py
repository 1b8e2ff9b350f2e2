"""Two friends at phone size (390x844), each in their own browser: they register, one creates a
turn-based Caboose (a day per move, the third seat a bot) and invites the other by username, the
other accepts from the lobby, writes in the chat (a <script> in it shows as text), leaves; when
it is their turn again they get the e-mail (read back from a real SMTP server on loopback) and
its link, in a third browser, asks them to log in and opens the game on their turn."""

from __future__ import annotations

import queue
import random
import re

import pytest

from tests.server.smtp import SmtpServer
from tests.server.wire import Server
from tests.web.conftest import ARGS, CHROMIUM, MY_TURN, click_once, shot

PASSWORD = "jó hosszú jelszó 1"
PHONE = {"width": 390, "height": 844}
BELA_TO_MOVE = "document.querySelector('#panels [data-seat=\"1\"][data-turn=\"1\"]')"
SETTLED = "document.querySelector('#status') && document.querySelector('#status').dataset.mine !== undefined"
SCRIPT = "<script>window.__pwned = 1</script> szia!"


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def phone_page(browser, base: str):
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.base = base
    return page


def register(page, name: str, email: str) -> None:
    page.goto(page.base)
    page.wait_for_selector("#acc-user")
    page.fill("#acc-user", name)
    page.fill("#acc-pass", PASSWORD)
    page.fill("#acc-email", email)
    page.click("#acc-register")
    page.wait_for_selector("#acc-who")


def play_own_turns(page, rng) -> None:
    """On a game page: click while it is this seat's turn."""
    page.wait_for_function(SETTLED, timeout=30000)
    while page.evaluate(MY_TURN):
        click_once(page, rng)


def anna_until_belas_turn(page, rng) -> None:
    for _ in range(300):
        page.wait_for_function(f"({MY_TURN}) || {BELA_TO_MOVE}", timeout=60000)
        if page.query_selector('#panels [data-seat="1"][data-turn="1"]'):
            return
        click_once(page, rng)
    raise AssertionError("it never became Béla's turn")


def test_friends_play_a_turn_based_caboose_with_an_invitation_chat_and_a_mail(browser, tmp_path):
    rng = random.Random("friends")
    with SmtpServer() as smtp:
        srv = Server(f"sqlite:///{tmp_path / 'asztal.db'}", tmp_path / "server.log",
                     env={"ASZTAL_ARGON2_MEMORY_KIB": "1024", "ASZTAL_ARGON2_TIME": "1"},
                     args=["--smtp", smtp.address])
        srv.env["ASZTAL_PUBLIC_URL"] = srv.url
        srv.start()
        try:
            base = srv.url + "/"
            anna, bela = phone_page(browser, base), phone_page(browser, base)
            register(anna, "Anna", "anna@example.org")
            register(bela, "Bela", "bela@example.org")
            shot(bela, "friends-phone-registered")

            # Anna: a Caboose for three, a day per move, seat 2 a bot, seat 1 for a friend
            anna.goto(base)
            anna.select_option("#f-game", "caboose")
            anna.select_option("#f-players", "3")
            anna.select_option("select[name=kind1]", "invite")
            anna.select_option("select[name=kind2]", "bot")
            anna.select_option("#f-timer", "86400")
            anna.click("#f-create")
            anna.wait_for_selector("#go-game")
            gid = anna.get_attribute("#go-game", "href").split("game=")[1]
            anna.fill(".invite-name[data-seat='1']", "Bela")
            anna.click(".invite-send[data-seat='1']")
            anna.wait_for_function("document.querySelector('.invite-by-name .note').textContent.length > 0")
            assert "Bela meghívást kapott" in anna.inner_text(".invite-by-name")
            shot(anna, "friends-phone-invited")

            # Béla finds the invitation in his lobby and accepts it
            bela.goto(base)
            bela.wait_for_selector("#account-invitations .acc-accept")
            assert "Anna meghívott" in bela.inner_text("#account-invitations")
            shot(bela, "friends-phone-invitation")
            bela.click("#account-invitations .acc-accept")
            bela.wait_for_function(f"location.search.includes('game={gid}')")
            bela.wait_for_selector("#board svg")
            bela.fill("#chat-text", SCRIPT)
            bela.click("#chat-send")
            bela.wait_for_selector("#chat li")
            anna.click("#go-game")
            anna.wait_for_selector("#board svg")
            anna.wait_for_selector("#chat li")
            assert anna.inner_text("#chat li").startswith("Bela: " + SCRIPT)
            assert anna.evaluate("window.__pwned") is None and not anna.query_selector("#chat script")
            anna.locator("#chat-fold").scroll_into_view_if_needed()
            shot(anna, "friends-phone-game-chat")

            # Béla plays his turns and leaves; when his turn comes while he is away, he gets a mail
            mail = None
            for _ in range(20):
                play_own_turns(bela, rng)
                bela.goto(base)
                anna_until_belas_turn(anna, rng)
                try:
                    while (mail := smtp.inbox.next(timeout=20))[0] != ["bela@example.org"]:
                        pass  # Anna's (she was away when Béla's acceptance started the game)
                    break
                except queue.Empty:  # his turn came back while his page was still open: no mail then
                    bela.goto(f"{base}?game={gid}")
                    bela.wait_for_selector("#board svg")
            assert mail is not None
            to, msg = mail
            assert to == ["bela@example.org"] and "Cleopatra" in msg["Subject"]
            link = re.search(r"http://\S+\?open=\S+", msg.get_content()).group(0)
            assert link == f"{srv.url}/?open={gid}"
            shot(anna, "friends-phone-anna-waits")

            # the link in a third browser: log in, and the game opens on Béla's turn
            third = phone_page(browser, base)
            third.goto(link)
            third.wait_for_selector("#acc-open-note")
            shot(third, "friends-phone-mail-link")
            third.fill("#acc-user", "Bela")
            third.fill("#acc-pass", PASSWORD)
            third.click("#acc-login")
            third.wait_for_function(f"location.search.includes('game={gid}')")
            third.wait_for_selector("#board svg")
            third.wait_for_function(MY_TURN, timeout=30000)
            third.wait_for_selector("#chat li")
            shot(third, "friends-phone-opened-from-mail")
            click_once(third, rng)
            shot(third, "friends-phone-moved")
            for p in (anna, bela, third):
                assert not p.errors, p.errors
        finally:
            srv.stop()
