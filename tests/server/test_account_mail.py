"""Addresses and the links mailed to an account, read back from a real SMTP server on loopback:
one address is one recipient (a list, a display name or a header break is refused), an address
gets no notice until its owner confirms it from a link (single-use, expiring), a new address is
confirmed again, a forgotten password is reset from a mailed link that ends every session, and
each mail is in the account's one language."""

from __future__ import annotations

from importlib import resources

import argon2
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from asztal.server.accounts import check_email
from asztal.server.mail import Notice
from tests.server.test_accounts import PASSWORD, csrf, refused, register, rows
from tests.server.test_mail import confirm_mail, link, make_app, register_confirmed

HEADER_TRICKS = ["x@y.zz,root", "x@y.zz>,<postmaster", "x@y.zz, root@localhost", "Anna <anna@example.org>",
                 "anna@example.org\r\nBcc: root@example.org", "anna@example.org\nBcc: root@example.org",
                 "anna@example.org;root@example.org", "anna@example.org root@example.org",
                 '"a,b"@example.org', "anna@[127.0.0.1]", "anna(root)@example.org", "@example.org",
                 "anna@", "anna@example.org>"]


@pytest.mark.parametrize("bad", HEADER_TRICKS)
def test_an_address_is_one_mailbox_or_refused(bad):
    with pytest.raises(Exception, match="bad_email"):
        check_email(bad)


def test_an_address_is_normalised_and_tricks_are_refused_on_register_and_on_change(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as c:
        for n, bad in enumerate(HEADER_TRICKS):
            refused(c.post("/api/account/register", json={"username": f"Kata{n}", "password": PASSWORD,
                                                          "email": bad}), 400, "bad_email")
        out = register(c, "Anna", email="Anna.Kiss@EXAMPLE.org")
        assert out["account"]["email"] == "Anna.Kiss@example.org" and out["account"]["email_confirmed"] is False
        confirm_mail(smtp, "Anna.Kiss@example.org")
        for bad in HEADER_TRICKS[:3]:
            refused(c.post("/api/account/email", headers=csrf(c), json={"email": bad, "password": PASSWORD}),
                    400, "bad_email")
        refused(c.post("/api/account/email", headers=csrf(c), json={"email": "anna@example.org",
                                                                    "password": "nem ez a jelszó"}),
                403, "bad_password")
        assert c.get("/api/account").json()["email"] == "Anna.Kiss@example.org"
        c.portal.call(app.state.links.drain)
        assert smtp.inbox.empty()


def test_an_address_gets_no_notice_until_confirmed_and_then_alone_in_its_owners_language(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as anna, TestClient(app) as bela:
        register(anna, "Anna", email="anna@example.org", lang="en")
        register(bela, "Bela", email="bela@example.org")  # no language given: the browser's (Hungarian)
        to_anna = confirm_mail(smtp, "anna@example.org")  # the mails are sent on one thread, in order
        to_bela = confirm_mail(smtp, "bela@example.org")
        assert to_anna["Subject"] == "Confirm your e-mail address" and "Hello Anna" in to_anna.get_content()
        assert "Szia" not in to_anna.get_content() and "erősítsd" not in to_anna.get_content().lower()
        assert to_bela["Subject"] == "Erősítsd meg az e-mail-címed" and "Szia Bela" in to_bela.get_content()
        assert "Hello" not in to_bela.get_content()
        made = anna.post("/api/games", headers=csrf(anna), json={"game": "pax", "players": 2, "seat": 0,
                                                                "turn_timer": 86400})
        gid = made.json()["game"]["id"]
        bela.post(f"/api/games/{gid}/join", headers=csrf(bela), json={})
        anna.portal.call(app.state.notices.drain)
        while not smtp.inbox.empty():  # a "your turn" of the start would have gone to nobody yet
            raise AssertionError(smtp.inbox.next())
        over = Notice("over", gid, ("PAX", "PAX"), [0, 1], result=("Anna 3, Bela 2", "Anna 3, Bela 2"))
        app.state.notices._deliver(over)
        assert smtp.inbox.empty() and rows(app, "mail_sent") == []
        # the link's page asks first: opening it changes nothing
        path = link(to_anna, "/api/account/confirm")
        page = anna.get(path, headers={"Accept-Language": "en"})
        assert page.status_code == 200 and "<button" in page.text and "Confirm" in page.text
        assert anna.get("/api/account").json()["email_confirmed"] is False
        assert anna.post(path).status_code == 200
        assert anna.get("/api/account").json() == {"username": "Anna", "email": "anna@example.org",
                                                   "email_confirmed": True, "lang": "en", "operator": False}
        refused(anna.post(path), 404, "bad_link")  # once only
        refused(anna.get(path), 404, "bad_link")
        app.state.notices._deliver(over)
        envelope, msg = smtp.inbox.next()
        assert envelope == ["anna@example.org"] and msg["Subject"] == "Game over: PAX"
        assert "Hello Anna" in msg.get_content() and "Szia" not in msg.get_content()
        assert smtp.inbox.empty()  # Béla has not confirmed his


def test_a_new_address_is_confirmed_again_and_an_old_link_confirms_nothing(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as c:
        register_confirmed(c, smtp, "Anna", "anna@example.org")
        assert c.get("/api/account").json()["email_confirmed"] is True
        r = c.post("/api/account/email", headers=csrf(c), json={"email": "anna@example.net", "password": PASSWORD})
        assert r.status_code == 204
        first = link(confirm_mail(smtp, "anna@example.net"), "/api/account/confirm")
        assert c.get("/api/account").json() == {"username": "Anna", "email": "anna@example.net",
                                                "email_confirmed": False, "lang": "hu", "operator": False}
        c.post("/api/account/email", headers=csrf(c), json={"email": "anna@example.com", "password": PASSWORD})
        second = link(confirm_mail(smtp, "anna@example.com"), "/api/account/confirm")
        refused(c.post(first), 404, "bad_link")  # the link of an address given up
        assert c.post(second).status_code == 200
        assert c.get("/api/account").json()["email_confirmed"] is True
        # no address at all
        c.post("/api/account/email", headers=csrf(c), json={"email": None, "password": PASSWORD})
        assert c.get("/api/account").json()["email"] is None
        # a link past its time
        c.post("/api/account/email", headers=csrf(c), json={"email": "anna@example.org", "password": PASSWORD})
        late = link(confirm_mail(smtp, "anna@example.org"), "/api/account/confirm")
        with app.state.hub.storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE account_tokens SET expires = :t"), {"t": "2020-01-01 00:00:00+00:00"})
        refused(c.post(late), 404, "bad_link")
        assert c.get("/api/account").json()["email_confirmed"] is False
        # only hashes are stored
        assert all(len(r["token_hash"]) == 64 and r["token_hash"] not in late for r in rows(app, "account_tokens"))


def test_a_forgotten_password_is_reset_from_the_mail_once_and_every_session_ends(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as phone, TestClient(app) as laptop, TestClient(app) as stranger:
        register_confirmed(phone, smtp, "Anna", "anna@example.org")
        assert laptop.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 200
        register(stranger, "Bela")  # no address: nothing to mail
        stranger.cookies.clear()
        # the same answer for an account with an address, one without, and no account at all
        answers = [stranger.post("/api/account/forgot", json={"username": name})
                   for name in ("Bela", "Senki", "anna")]
        assert [(r.status_code, r.content) for r in answers] == [(202, b"")] * 3
        envelope, msg = smtp.inbox.next()
        assert envelope == ["anna@example.org"] and msg["Subject"] == "Új jelszó az asztalhoz"
        stranger.portal.call(app.state.links.drain)
        assert smtp.inbox.empty()
        path = link(msg, "/api/account/reset")
        page = stranger.get(path)
        assert page.status_code == 200 and 'type="password"' in page.text and 'lang="hu"' in page.text
        refused(stranger.post(path, data={"password": "rövid"}), 400, "weak_password")  # the link still works
        done = stranger.post(path, data={"password": "egy új, hosszú jelszó"})
        assert done.status_code == 200 and "Az új jelszavad beállítva" in done.text
        refused(stranger.post(path, data={"password": "még egy új jelszó"}), 404, "bad_link")
        for device in (phone, laptop):  # every session ended
            refused(device.get("/api/account"), 401, "not_logged_in")
        refused(stranger.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}),
                401, "bad_login")
        assert stranger.post("/api/account/login", json={"username": "Anna",
                                                         "password": "egy új, hosszú jelszó"}).status_code == 200
        # a reset link past its hour
        stranger.post("/api/account/forgot", json={"username": "Anna"})
        late = link(smtp.inbox.next()[1], "/api/account/reset")
        with app.state.hub.storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE account_tokens SET expires = :t"), {"t": "2020-01-01 00:00:00+00:00"})
        refused(stranger.post(late, json={"password": "egy harmadik jelszó"}), 404, "bad_link")


def test_a_reset_asked_for_by_the_confirmed_address_reaches_it_and_only_it(env, db_url, smtp):
    """„Elfelejtetted a jelszavad?” takes the address too: a confirmed one gets the reset link, an
    unconfirmed or unknown one nothing, and every answer is the same."""
    app = make_app(db_url, smtp)
    with TestClient(app) as anna, TestClient(app) as bela:
        register_confirmed(anna, smtp, "Anna", "anna@example.org")
        register(bela, "Bela", email="bela@example.org")  # never confirmed
        assert smtp.inbox.next()[0] == ["bela@example.org"]  # his confirmation
        bela.cookies.clear()
        answers = [bela.post("/api/account/forgot", json={"username": value})
                   for value in ("bela@example.org", "senki@example.org", "nem@cím", "anna@Example.ORG")]
        assert [(r.status_code, r.content) for r in answers] == [(202, b"")] * 4
        envelope, msg = smtp.inbox.next()
        assert envelope == ["anna@example.org"] and msg["Subject"] == "Új jelszó az asztalhoz"
        assert "Anna" in msg.get_body(("plain",)).get_content()
        bela.portal.call(app.state.links.drain)
        assert smtp.inbox.empty()


def test_reset_mails_are_limited_per_account(env, db_url, smtp):
    app = make_app(db_url, smtp)
    with TestClient(app) as c:
        register_confirmed(c, smtp, "Anna", "anna@example.org")
        c.cookies.clear()
        for _ in range(20):
            assert c.post("/api/account/forgot", json={"username": "Anna"}).status_code in (202, 429)
        c.portal.call(app.state.links.drain)
        assert 1 <= smtp.inbox.received.qsize() <= 4  # five an hour, the confirmation included


@pytest.mark.unmigrated  # the database starts empty: this test builds the older revision
def test_an_address_stored_by_the_previous_release_is_unconfirmed_after_the_upgrade(env, db_url, smtp):
    """An address of revision 0007 was never checked (it may list several recipients): after the
    upgrade it gets nothing until confirmed, and its account logs in as before."""
    engine = sa.create_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("asztal.server") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0007"
    with engine.begin() as conn:  # as the previous release stored it
        conn.execute(sa.text("INSERT INTO accounts (id, username, username_key, email, password_hash, created) "
                             "VALUES ('a1', 'Anna', 'anna', 'x@y.zz,root', :h, :t)"),
                     {"h": argon2.PasswordHasher(memory_cost=1024, time_cost=1).hash(PASSWORD),
                      "t": "2026-12-01 12:00:00+00:00"})
    engine.dispose()
    app = make_app(db_url, smtp)
    with TestClient(app) as c:
        r = c.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        assert r.json()["account"] == {"username": "Anna", "email": "x@y.zz,root", "email_confirmed": False,
                                       "lang": "hu", "operator": False}
        assert c.post("/api/account/forgot", json={"username": "Anna"}).status_code == 202
        made = c.post("/api/games", headers=csrf(c), json={"game": "pax", "players": 2, "seat": 0})
        app.state.notices._deliver(Notice("over", made.json()["game"]["id"], ("PAX", "PAX"), [0]))
        c.portal.call(app.state.links.drain)
        assert smtp.inbox.empty() and rows(app, "mail_sent") == []
