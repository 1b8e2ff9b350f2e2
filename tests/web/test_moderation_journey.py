"""A player's whole account, from registering to being banned, on a phone (390×844, Hungarian):
the address confirmed from the link a real SMTP server (aiosmtpd) received, a forgotten password
reset from the mailed link (asked for with the login form's „Elfelejtetted a jelszavad?”), a
rated game whose hint is refused, another player who reports and mutes them with the chat's
„Jelentés” and „Némítás” buttons, and an operator (the role given by ``asztal admin grant``) who
logs in in a browser of their own and bans them from the moderation page (``?admin``), after
which the browser's login is refused. The operator's page is photographed at 390×844 and 1366×900."""

from __future__ import annotations

import re
import subprocess
from email.message import EmailMessage

import pytest

from tests.server.smtp import SmtpServer
from tests.server.wire import ASZTAL, Server
from tests.web.conftest import ARGS, CHROMIUM, MY_TURN
from tests.web.test_access import no_serious

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
FIRST, SECOND = "régi jelszó 11", "új jelszó 2222"

@pytest.fixture
def setting(tmp_path):
    """A real SMTP server, a server mailing through it, and a browser; all stopped afterwards."""
    from playwright.sync_api import sync_playwright

    db = f"sqlite:///{tmp_path / 'asztal.db'}"
    with SmtpServer() as smtp:
        srv = Server(db, tmp_path / "server.log", args=["--smtp", smtp.address])
        srv.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                try:
                    yield smtp, srv, browser, db
                finally:
                    browser.close()
        finally:
            srv.stop()


def _phone(browser, srv: Server, viewport: dict | None = None):
    ctx = browser.new_context(viewport=viewport or PHONE, locale="hu-HU")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.base = srv.url + "/"
    return page


def _link(mail: EmailMessage, path: str) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    found = re.findall(r"https?://\S+", body.get_content())
    assert len(found) == 1 and path in found[0], found
    return found[0]


def _register(page, name: str, email: str | None = None) -> None:
    page.goto(page.base)
    page.wait_for_selector("#acc-user")
    page.fill("#acc-user", name)
    page.fill("#acc-pass", FIRST)
    if email:
        page.fill("#acc-email", email)
    page.click("#acc-register")
    page.wait_for_function(f"(document.querySelector('#acc-who') || {{}}).textContent?.includes('{name}')")


def _login(page, name: str, password: str) -> None:
    page.goto(page.base)
    page.wait_for_selector("#acc-user")
    page.fill("#acc-user", name)
    page.fill("#acc-pass", password)
    page.click("#acc-login")


def test_register_confirm_reset_rated_hint_reported_muted_banned(setting, tmp_path):
    smtp, srv, browser, db = setting
    shots = tmp_path / "shots"
    shots.mkdir()

    def shot(page, name: str) -> None:
        page.screenshot(path=str(shots / f"{name}.png"), full_page=False)

    panna = _phone(browser, srv)
    # registering with an address: the mail's one recipient, and a link that asks before it acts
    _register(panna, "Panna", "panna@example.org")
    to, mail = smtp.inbox.next()
    assert to == ["panna@example.org"] and mail["Subject"] == "Erősítsd meg az e-mail-címed"
    panna.goto(_link(mail, "/api/account/confirm?token="))
    assert "Ez a cím a tiéd" in panna.inner_text("body")
    panna.click("button[type=submit]")
    panna.wait_for_selector("text=a címed megerősítve")
    shot(panna, "1-confirmed")

    # logged out and the password forgotten: the reset link sets a new one, the old one is refused
    panna.goto(panna.base)
    panna.click("#acc-logout")
    panna.wait_for_selector("#acc-user")
    panna.click("#forgot-open")
    assert panna.input_value("#forgot-user") == ""
    panna.fill("#forgot-user", "Panna")
    panna.click("#forgot-send")
    panna.wait_for_function("document.querySelector('#forgot-out').textContent.length > 0")
    sent = panna.inner_text("#forgot-out")
    assert sent.startswith("Ha van ilyen fiók megerősített e-mail-címmel, úton van a levél"), sent
    shot(panna, "2-forgot")
    to, mail = smtp.inbox.next()
    assert to == ["panna@example.org"] and mail["Subject"] == "Új jelszó az asztalhoz"
    panna.goto(_link(mail, "/api/account/reset?token="))
    panna.fill("input[name=password]", SECOND)
    panna.click("button[type=submit]")
    panna.wait_for_selector("text=Az új jelszavad beállítva")
    shot(panna, "2-reset")
    _login(panna, "Panna", FIRST)
    panna.wait_for_function("document.querySelector('#acc-error').textContent.length > 0")
    assert "hibás felhasználónév vagy jelszó" in panna.inner_text("#acc-error")
    _login(panna, "Panna", SECOND)
    panna.wait_for_function("(document.querySelector('#acc-who') || {}).textContent?.includes('Panna')")

    # a rated game with Rozi, invited by link: no hint (the button says why; a hint sent anyway is refused)
    rozi = _phone(browser, srv)
    _register(rozi, "Rozi")
    panna.select_option("#f-game", "pax")
    panna.select_option("#f-players", "2")
    panna.select_option("select[name=kind1]", "invite")
    panna.check("#f-rated")
    panna.click("#f-create")
    invite = panna.wait_for_selector(".invite-url").input_value()
    panna.click("#go-game")
    panna.wait_for_selector("#board svg")
    gid = panna.evaluate("new URLSearchParams(location.search).get('game')")
    rozi.goto(invite)
    rozi.fill("#join-name", "Rozi")
    rozi.click("#join-go")
    rozi.wait_for_selector("#board svg")
    # the game has begun once both seats are taken; whoever is to move asks
    panna.wait_for_function("window.__asztalState && window.__asztalState.status === 'running'")
    mover = panna if panna.evaluate("window.__asztalState.to_move") == 0 else rozi  # Panna made seat 0
    mover.wait_for_function(MY_TURN)
    assert mover.is_disabled("#hint")
    assert mover.get_attribute("#hint", "title") == "Értékelt játék: nincs tipp és nincs visszavonás."
    mover.evaluate("() => { const b = document.querySelector('#hint'); b.disabled = false; b.click(); }")
    mover.wait_for_selector("text=értékelt játékban nincs tipp")
    shot(mover, "3-rated-no-hint")

    # Panna writes in the chat; Rozi reports the line (with a reason) and mutes her on the server
    panna.fill("#chat-text", "első sor")
    panna.click("#chat-send")
    line = rozi.wait_for_selector("#chat li:has-text('első sor')")
    assert panna.query_selector("#chat li:has-text('első sor') .chat-act") is None  # not one's own line
    line.query_selector(".chat-report").click()
    assert "első sor" in rozi.inner_text("#chat-report-form")  # the line asked about
    rozi.fill("#chat-report-form .chat-reason", "sértő")
    rozi.locator("#chat-report-form").scroll_into_view_if_needed()
    shot(rozi, "4-report")
    rozi.click("#chat-report-form .chat-report-go")
    rozi.wait_for_selector("#chat-note:has-text('Köszönjük, a jelentést megkapta az üzemeltető.')")
    rozi.click("#chat li:has-text('első sor') .chat-mute")
    rozi.wait_for_selector("#chat-muted [data-muted='Panna'] .chat-unmute")
    assert "első sor" not in rozi.inner_text("#chat") and "(Panna némítva)" in rozi.inner_text("#chat")
    panna.fill("#chat-text", "második sor")
    panna.click("#chat-send")
    panna.wait_for_selector("#chat li:has-text('második sor')")
    # Rozi's own line comes after Panna's through the same game: by then Panna's would be shown
    rozi.fill("#chat-text", "harmadik sor")
    rozi.click("#chat-send")
    rozi.wait_for_selector("#chat li:has-text('harmadik sor')")
    assert "második sor" not in rozi.inner_text("#chat")
    panna.wait_for_selector("#chat li:has-text('harmadik sor')")  # Panna muted nobody
    shot(rozi, "4-muted")
    # the mute is the account's: a reload (a fresh socket) still leaves Panna's lines out
    rozi.reload()
    rozi.wait_for_selector("#chat li:has-text('harmadik sor')")
    assert "sor" not in rozi.inner_text("#chat").replace("harmadik sor", "")
    assert rozi.is_visible("#chat-muted [data-muted='Panna'] .chat-unmute")
    # „Némítás feloldása”: her next line shows again
    rozi.click("#chat-muted [data-muted='Panna'] .chat-unmute")
    rozi.wait_for_selector("#chat-note:has-text('Panna némítása feloldva')")
    assert rozi.query_selector("#chat-muted [data-muted='Panna']") is None
    panna.fill("#chat-text", "negyedik sor")
    panna.click("#chat-send")
    rozi.wait_for_selector("#chat li:has-text('negyedik sor')")

    # the operator: the role from the command line, then the report read and the ban made on the
    # moderation page, in a browser of their own (every action asks first)
    olga = _phone(browser, srv)
    _register(olga, "Olga")
    assert olga.query_selector("#acc-admin") is None
    subprocess.run([ASZTAL, "admin", "grant", "Olga", "--db", db], check=True, capture_output=True,
                   env=srv.env, timeout=60)
    olga.reload()
    olga.click("#acc-admin")
    card = olga.wait_for_selector(".admin-report")
    assert [olga.inner_text(f".admin-report {c}") for c in (".admin-author", ".admin-line")] == ["Panna", "első sor"]
    facts = olga.inner_text(".admin-report .admin-facts")
    assert "Rozi" in facts and "sértő" in facts and gid not in facts
    assert olga.get_attribute(".admin-report a.button", "href") == f"?watch={gid}"
    shot(olga, "5-admin")
    laptop = _phone(browser, srv, LAPTOP)
    laptop.context.add_cookies(olga.context.cookies())
    laptop.goto(laptop.base + "?admin")
    laptop.wait_for_selector(".admin-report")
    laptop.screenshot(path=str(shots / "5-admin-laptop.png"), full_page=True)
    card.query_selector(".admin-ban").click()
    assert "Panna" in olga.inner_text(".admin-confirm")  # asked first: nothing is done yet
    no_serious(olga, "the moderation page asking before a ban")
    olga.click(".admin-no")
    assert olga.query_selector(".admin-confirm") is None
    olga.click(".admin-ban")
    olga.fill(".admin-why", "sértő")
    olga.click(".admin-yes")
    olga.wait_for_selector("#admin-status:has-text('Panna kitiltva.')")
    assert olga.inner_text("#admin-audit tr[data-action=ban]").split("\t")[1:] == ["Olga", "kitiltás", "Panna", "sértő"]

    # Panna's browser: her session is over and her login refused, in Hungarian
    _login(panna, "Panna", SECOND)
    panna.wait_for_function("document.querySelector('#acc-error').textContent.length > 0")
    assert "ezt a fiókot az üzemeltető letiltotta" in panna.inner_text("#acc-error")
    shot(panna, "6-banned")
    assert not panna.errors and not rozi.errors and not olga.errors, (panna.errors, rozi.errors, olga.errors)
    assert sorted(p.name for p in shots.iterdir()) == ["1-confirmed.png", "2-forgot.png", "2-reset.png",
                                                       "3-rated-no-hint.png", "4-muted.png", "4-report.png",
                                                       "5-admin-laptop.png", "5-admin.png", "6-banned.png"]
    print(f"screenshots: {shots}")
