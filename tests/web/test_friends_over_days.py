"""Two friends at phone size (390x844), each in their own browser: they register, one creates a rated,
turn-based Caboose (a day per move, the third seat a bot) and invites the other by username, the
other accepts from the lobby, writes in the chat (a <script> in it shows as text), leaves; when it
is their turn again they get the e-mail (read back from a real SMTP server on loopback; each
confirmed the address from the mail after registering) and its link, in a third browser, asks them
to log in and opens the game on their turn. The server is then stopped and started again on the same
database: the open pages reconnect and a move is made in a page. The game's remaining moves, about
150 decisions of the two friends, are made over the seats' sockets from Python while both pages
watch; the game ends, and both friends' ratings, the bot's, the leaderboard page and the profile
page show the result."""

from __future__ import annotations

import queue
import random
import re
import time

from tests.server.smtp import SmtpServer
from tests.server.wire import Server
from tests.web.conftest import MY_TURN, click_once, shot

PASSWORD = "jó hosszú jelszó 1"
PHONE = {"width": 390, "height": 844}
BELA_TO_MOVE = "document.querySelector('#panels [data-seat=\"1\"][data-turn=\"1\"]')"
SETTLED = "document.querySelector('#status') && document.querySelector('#status').dataset.mine !== undefined"
SCRIPT = "<script>window.__pwned = 1</script> szia!"
CONN_IS = "document.querySelector('#conn') && document.querySelector('#conn').dataset.state === '{}'"
OVER = "document.querySelector('#end-screen')"


def phone_page(browser, base: str):
    ctx = browser.new_context(viewport=PHONE, locale="hu-HU")  # a Hungarian player's phone
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
            # each confirms the address from the mail (an unconfirmed one gets no notice): the link's
            # page asks, its button confirms
            pages = {"anna@example.org": anna, "bela@example.org": bela}
            for _ in range(2):
                to, msg = smtp.inbox.next(timeout=20)
                page = pages.pop(to[0])
                page.goto(re.search(r"http://\S+/api/account/confirm\?token=\S+", msg.get_content()).group(0))
                page.click("button[type=submit]")
                page.wait_for_selector("text=a címed megerősítve")
            shot(bela, "friends-phone-registered")

            # Anna: a Caboose for three, a day per move, seat 2 a bot, seat 1 for a friend
            anna.goto(base)
            anna.select_option("#f-game", "caboose")
            anna.select_option("#f-players", "3")
            anna.select_option("select[name=kind1]", "invite")
            anna.select_option("select[name=kind2]", "bot")
            anna.select_option("select[name=bot2]", "greedy")  # the quicker bot (the lobby offers normal)
            anna.select_option("#f-timer", "86400")
            anna.check("#f-rated")
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

            # the server stops and starts again on the same database: the open pages reconnect
            assert srv.api("GET", "/api/ratings/caboose").json() == []
            seq = srv.api("GET", f"/api/games/{gid}").json()["seq"]
            srv.stop()
            for p in (anna, third):
                p.wait_for_function(CONN_IS.format("reconnecting"))
            shot(third, "friends-phone-server-away")
            srv.start()
            for p in (anna, third):
                p.wait_for_function(CONN_IS.format("open"), timeout=30000)
                p.wait_for_function(SETTLED, timeout=30000)
            assert srv.api("GET", f"/api/games/{gid}").json()["seq"] >= seq  # no accepted move lost
            # a move in a page after the restart: Anna's if it is her turn, else (the bot is quick) Béla's
            anna.wait_for_function(f"({MY_TURN}) || {BELA_TO_MOVE}", timeout=30000)
            mover = anna if anna.evaluate(MY_TURN) else third
            mover.wait_for_function(MY_TURN, timeout=30000)
            click_once(mover, rng)
            shot(mover, "friends-phone-moved-after-restart")

            # the rest of the game from Python over the seats' sockets; the pages watch
            tokens = {0: seat_token(anna, gid, 0), 1: seat_token(third, gid, 1)}
            for p in (anna, third):
                p.goto(f"{base}?watch={gid}")
                p.wait_for_selector("#board svg")
            end = finish(srv, gid, tokens, rng)
            for p in (anna, third):
                p.wait_for_selector("#end-screen", timeout=30000)
            shot(anna, "friends-phone-game-over")

            # both friends' ratings and the bot's moved; the leaderboard and the profile show it
            board = rated_board(srv)
            by_who = {r["username"] or f"bot:{r['bot']}": r for r in board}
            assert set(by_who) == {"Anna", "Bela", "bot:greedy"}
            assert all(r["games"] == 1 and r["players"] == 3 for r in board)
            assert all(r["rating"] != 0 for r in board)  # openskill's ordinal starts at 0
            assert sum(r["wins"] for r in board) == len(end["winners"])
            anna.goto(f"{base}?ratings=caboose")
            anna.wait_for_selector("#leaderboard-table tr[data-player]")
            rows = anna.query_selector_all("#leaderboard-table tr[data-player]")
            assert [r.get_attribute("data-player") for r in rows] == [r["username"] or f"bot:{r['bot']}"
                                                                      for r in board]
            assert "Gép (mohó)" in anna.inner_text("#leaderboard-table")
            shot(anna, "friends-phone-leaderboard")
            third.goto(f"{base}?player=Bela")
            third.wait_for_selector("#profile-ratings tr[data-game='caboose']")
            # the rating written the Hungarian way: a decimal comma
            assert f"{by_who['Bela']['rating']:.1f}".replace(".", ",") in third.inner_text("#profile-ratings")
            shot(third, "friends-phone-bela-profile")
            for p in (anna, bela, third):
                assert not p.errors, p.errors
        finally:
            srv.stop()


def seat_token(page, gid: str, seat: int) -> str:
    """The seat's token as this browser holds it (taking a fresh one would close its page's seat)."""
    return page.evaluate(f"JSON.parse(localStorage.getItem('asztal.games'))['{gid}'].seats['{seat}']")


def finish(srv: Server, gid: str, tokens: dict[int, str], rng: random.Random) -> dict:
    """Both friends' moves, chosen at random among the legal ones, while the bot plays its own;
    the last state."""
    with srv.sock(gid, tokens[0]) as s0, srv.sock(gid, tokens[1]) as s1:
        socks = {0: s0, 1: s1}
        state = s0.state_at_least(0)
        for _ in range(2000):
            if state["is_over"]:
                return state
            mover = socks.get(state["to_move"])
            if mover is None:  # the bot's turn: its move comes to every socket
                state = s0.until("state", lambda m, seq=state["seq"]: m["seq"] > seq)
                continue
            mine = mover.state_at_least(state["seq"])
            state = mover.act(rng.choice(mine["legal"])["code"], mine["seq"])
    raise AssertionError("the game did not end")


def rated_board(srv: Server) -> list[dict]:
    """The leaderboard once the game's ratings are written (on a thread of the server's own,
    after the last move): asked until they are there."""
    for _ in range(200):
        board = srv.api("GET", "/api/ratings/caboose").json()
        if len(board) == 3:
            return board
        time.sleep(0.05)
    raise AssertionError(f"the game was not rated: {board}")
