"""Tournaments on a real app: sign-up, rounds paired as the games end (moves over the sockets),
a restart in the middle of a round, withdrawals, private tournaments, and the standings."""

from __future__ import annotations

import datetime as dt
import itertools
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import sqlalchemy as sa
from fastapi.testclient import TestClient

from asztal.server.tournament import scoring
from tests.server.smtp import SmtpServer
from tests.server.test_accounts import csrf, refused, register
from tests.server.test_mail import make_app, move_until_others_turn, register_confirmed

DAY = 86400.0


class Club:
    """One TestClient that acts for each registered account in turn (its cookies swapped)."""

    def __init__(self, client: TestClient, jars: dict[str, dict[str, str]] | None = None) -> None:
        self.c = client
        self.jars = jars if jars is not None else {}

    def register(self, *names: str) -> None:
        for n in names:
            self.c.cookies.clear()
            register(self.c, n)
            self.jars[n] = dict(self.c.cookies)

    def as_(self, name: str) -> TestClient:
        self.c.cookies.clear()
        self.c.cookies.update(self.jars[name])
        return self.c

    def post(self, name: str, url: str, body: dict) -> object:
        c = self.as_(name)
        return c.post(url, headers=csrf(c), json=body)


def soon() -> str:
    return (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).isoformat()


def start_now(app, tid: str) -> None:
    """The start time comes (the row's time moved, not the clock waited for)."""
    stamp = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)
    with app.state.hub.storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE tournaments SET starts = :t, signup_until = :t WHERE id = :id"),
                     {"t": stamp, "id": tid})


def play(club: Club, table: dict) -> dict:
    """Play a table's game to its end over the sockets, each seat's player with their own seat
    token (fetched through their account); the last state."""
    gid = table["game_id"]
    tokens = {}
    for seat, s in enumerate(table["seats"]):
        if s["username"] is not None:
            c = club.as_(s["username"])
            r = c.post(f"/api/me/games/{gid}/token", headers=csrf(c))
            assert r.status_code == 200, r.text
            tokens[seat] = r.json()["token"]
    c = club.c
    to_move = c.get(f"/api/games/{gid}").json()["to_move"]
    for _ in range(3000):
        last = move_until_others_turn(c, gid, tokens[to_move], to_move)
        if last["is_over"]:
            return last
        to_move = last["to_move"]
    raise AssertionError("the game did not end")


def detail(club: Club, tid: str) -> dict:
    r = club.c.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    return r.json()


def pairs(tables: list[dict]) -> set[frozenset[str]]:
    return {frozenset(p) for t in tables
            for p in itertools.combinations([s["username"] for s in t["seats"] if s["username"]], 2)}


NAMES = ["Anna", "Bela", "Cili", "Dani", "Emma", "Feri", "Gabi", "Hugo"]


def test_a_swiss_pax_tournament_of_eight_survives_a_restart_and_ranks_by_points(env, db_url):
    app = make_app(db_url, None)
    observed: list[scoring.Result] = []
    with TestClient(app) as client:
        club = Club(client)
        club.register(*NAMES)
        made = club.post("Anna", "/api/tournaments", {
            "name": "Téli kupa", "game": "pax", "table_size": 2, "format": "swiss", "rounds": 3,
            "turn_timer": DAY, "starts": soon()})
        assert made.status_code == 201, made.text
        tid = made.json()["tournament"]["id"]
        assert made.json()["key"] is None
        for n in NAMES:
            assert club.post(n, f"/api/tournaments/{tid}/signup", {}).status_code == 200
        refused(club.post("Bela", f"/api/tournaments/{tid}/signup", {}), 409, "signed_up_already")
        start_now(app, tid)
        client.portal.call(app.state.tournaments.tick, tid)
        d = detail(club, tid)
        assert d["status"] == "running" and d["round"] == 1
        first = d["rounds_played"][0]["tables"]
        assert sorted(s["username"] for t in first for s in t["seats"]) == sorted(NAMES)  # each at one table
        # the lobby notice: each player's table
        mine = club.as_("Cili").get("/api/me/tournament-tables").json()
        assert [m["game_id"] for m in mine] == [t["game_id"] for t in first
                                                if "Cili" in [s["username"] for s in t["seats"]]]

        def play_round(tables: list[dict]) -> None:
            for t in tables:
                last = play(club, t)
                names = tuple(s["username"] for s in t["seats"])
                observed.append(scoring.Result(names, tuple(scoring.places(last["scores"], last["winners"])),
                                               tuple(float(x) for x in last["scores"])))
                client.portal.call(app.state.tournaments.drain)

        play_round(first)
        d = detail(club, tid)
        assert d["round"] == 2 and all(t["how"] == "played" for t in d["rounds_played"][0]["tables"])
        second = d["rounds_played"][1]["tables"]
        assert not pairs(second) & pairs(first)  # nobody meets a table-mate again
        points = {s["username"]: s["points"] for s in d["standings"]}
        if all(p in (0, 1) for p in points.values()):  # no drawn game: winners meet winners
            assert all(len({points[s["username"]] for s in t["seats"]}) == 1 for t in second)
        play_round(second[:2])
    # the server stops in the middle of round 2 and starts again
    app = make_app(db_url, None)
    with TestClient(app) as client:
        club = Club(client, club.jars)
        client.portal.call(app.state.tournaments.tick, tid)
        d = detail(club, tid)
        assert d["round"] == 2 and [t["game_id"] for t in d["rounds_played"][1]["tables"]] == \
            [t["game_id"] for t in second]  # nothing lost, nothing paired again
        t = app.state.tournaments.row(tid)
        assert app.state.tournaments._store_round(t, 2, []) == []  # a second pairing of round 2 is refused
        play_round(d["rounds_played"][1]["tables"][2:])
        d = detail(club, tid)
        assert d["round"] == 3
        third = d["rounds_played"][2]["tables"]
        assert not pairs(third) & (pairs(first) | pairs(second))
        play_round(third)
        d = detail(club, tid)
        assert d["status"] == "finished" and len(d["rounds_played"]) == 3
        # the standings: a point a win, and the order the scoring rules give for the games played
        wins = {n: sum(Fraction(int(r.places[i] == 1)) if r.places.count(1) == 1 else
                       Fraction(int(r.places[i] == 1), 2) for r in observed for i, p in enumerate(r.table) if p == n)
                for n in NAMES}
        assert {s["username"]: s["points"] for s in d["standings"]} == {n: float(w) for n, w in wins.items()}
        expected = scoring.standings(NAMES, observed, swiss=True)
        assert [s["username"] for s in d["standings"]] == [s.player for s in expected]
        assert [s["points"] for s in d["standings"]] == sorted((s["points"] for s in d["standings"]), reverse=True)
        assert club.as_("Cili").get("/api/me/tournament-tables").json() == []


def test_a_round_robin_of_six_at_caboose_tables_of_three_meets_every_pair(env, tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'rr.db'}", None)
    names = NAMES[:6]
    with TestClient(app) as client:
        club = Club(client)
        club.register(*names)
        made = club.post("Anna", "/api/tournaments", {
            "name": "Kocsi", "game": "caboose", "table_size": 3, "format": "round_robin",
            "turn_timer": DAY, "starts": soon()})
        tid = made.json()["tournament"]["id"]
        for n in names:
            club.post(n, f"/api/tournaments/{tid}/signup", {})
        start_now(app, tid)
        client.portal.call(app.state.tournaments.tick, tid)
        d = detail(club, tid)
        assert d["rounds"] == 4  # six players at tables of three: four rounds (pairing tests show why)
        for t in d["rounds_played"][0]["tables"]:  # the first round is played to its end
            play(club, t)
            client.portal.call(app.state.tournaments.drain)
        met = pairs(d["rounds_played"][0]["tables"])
        while detail(club, tid)["status"] != "finished":
            # the later rounds run out of time: their tables are scored as they stand
            with app.state.hub.storage.engine.begin() as conn:
                conn.execute(sa.text("UPDATE tournament_rounds SET deadline = :t WHERE tournament_id = :id"),
                             {"t": dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1), "id": tid})
            client.portal.call(app.state.tournaments.tick, tid)
        d = detail(club, tid)
        assert len(d["rounds_played"]) == 4
        met = set().union(*(pairs(r["tables"]) for r in d["rounds_played"]))
        assert met == {frozenset(p) for p in itertools.combinations(names, 2)}
        assert {t["how"] for r in d["rounds_played"][1:] for t in r["tables"]} == {"adjudicated"}
        assert all(s["games"] == 4 for s in d["standings"])
        assert sum(s["points"] for s in d["standings"]) == 4 * 2 * 1.5  # a table of 3 gives out 1 + ½ + 0


def test_the_organiser_withdraws_a_player_whose_game_is_forfeited(env, tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'w.db'}", None)
    names = NAMES[:4]
    with TestClient(app) as client:
        club = Club(client)
        club.register(*names)
        tid = club.post("Anna", "/api/tournaments", {
            "name": "Kupa", "game": "pax", "table_size": 2, "rounds": 2, "starts": soon()}).json()["tournament"]["id"]
        for n in names:
            club.post(n, f"/api/tournaments/{tid}/signup", {})
        # before the start, withdrawing takes the sign-up back
        assert club.post("Dani", f"/api/tournaments/{tid}/withdraw", {}).status_code == 200
        assert club.post("Dani", f"/api/tournaments/{tid}/signup", {}).status_code == 200
        start_now(app, tid)
        client.portal.call(app.state.tournaments.tick, tid)
        table = next(t for t in detail(club, tid)["rounds_played"][0]["tables"]
                     if "Bela" in [s["username"] for s in t["seats"]])
        other = next(s["username"] for s in table["seats"] if s["username"] != "Bela")
        refused(club.post("Cili", f"/api/tournaments/{tid}/withdraw", {"username": "Bela"}), 403, "not_organiser")
        r = club.post("Anna", f"/api/tournaments/{tid}/withdraw", {"username": "Bela"})
        assert r.status_code == 200, r.text
        d = r.json()
        forfeited = next(t for t in d["rounds_played"][0]["tables"] if t["game_id"] == table["game_id"])
        assert forfeited["how"] == "forfeit"
        assert {s["username"]: s["place"] for s in forfeited["seats"]} == {"Bela": 2, other: 1}
        assert next(s for s in d["standings"] if s["username"] == "Bela")["withdrawn"]
        refused(club.post("Anna", f"/api/tournaments/{tid}/withdraw", {"username": "Bela"}), 409, "not_signed_up")
        # the rest of round 1 ends; Bela is not seated again
        for t in d["rounds_played"][0]["tables"]:
            if t["how"] is None:
                play(club, t)
                client.portal.call(app.state.tournaments.drain)
        d = detail(club, tid)
        assert d["round"] == 2
        seated = [s["username"] for t in d["rounds_played"][1]["tables"] for s in t["seats"]]
        assert "Bela" not in seated and seated.count(None) == 1  # three players: one plays a bot


def test_a_private_tournament_is_seen_and_joined_only_with_its_key(env, tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'p.db'}", None)
    with TestClient(app) as client:
        club = Club(client)
        club.register("Anna", "Bela", "Cili")
        made = club.post("Anna", "/api/tournaments", {
            "name": "Titkos", "game": "pocketciv", "table_size": 2, "rounds": 1, "private": True,
            "starts": soon()}).json()
        tid, key = made["tournament"]["id"], made["key"]
        assert key
        assert [t["id"] for t in club.as_("Anna").get("/api/tournaments").json()] == [tid]
        assert club.as_("Bela").get("/api/tournaments").json() == []
        refused(club.as_("Bela").get(f"/api/tournaments/{tid}"), 404, "no_tournament")
        refused(club.post("Bela", f"/api/tournaments/{tid}/signup", {}), 404, "no_tournament")
        assert club.as_("Bela").get(f"/api/tournaments/{tid}", params={"key": key}).status_code == 200
        assert club.post("Bela", f"/api/tournaments/{tid}/signup", {"key": key}).status_code == 200
        assert [t["id"] for t in club.as_("Bela").get("/api/tournaments").json()] == [tid]  # now a player
        # what the rules refuse, in both languages
        refused(club.post("Cili", "/api/tournaments", {"name": "x", "game": "caboose", "table_size": 2,
                                                       "rounds": 1, "starts": soon()}), 400, "table_size")
        refused(club.post("Cili", "/api/tournaments", {"name": "x", "game": "pax", "table_size": 2, "rounds": 1,
                                                       "starts": soon(), "signup_until":
                                                       (dt.datetime.now(dt.UTC) + dt.timedelta(days=2)).isoformat()}),
                400, "signup_after_start")
        assert club.post("Cili", "/api/tournaments", {"name": "x", "game": "pax", "table_size": 2, "rounds": 1,
                                                      "turn_timer": 3600.0, "starts": soon()}).status_code == 422
        client.cookies.clear()
        refused(client.post("/api/tournaments/" + tid + "/signup", json={"key": key}), 401, "not_logged_in")


def test_two_instances_pairing_at_once_pair_a_round_once(env, db_url):
    apps = [make_app(db_url, None), make_app(db_url, None)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        club = Club(a)
        club.register(*NAMES[:6])
        tid = club.post("Anna", "/api/tournaments", {"name": "Kupa", "game": "caboose", "table_size": 3, "rounds": 2,
                                                     "starts": soon()}).json()["tournament"]["id"]
        for n in NAMES[:6]:
            club.post(n, f"/api/tournaments/{tid}/signup", {})
        start_now(apps[0], tid)
        with ThreadPoolExecutor(2) as pool:  # both instances find the tournament due at the same moment
            list(pool.map(lambda pair: pair[0].portal.call(pair[1].state.tournaments.tick, tid),
                          [(a, apps[0]), (b, apps[1])]))
        engine = apps[0].state.hub.storage.engine
        with engine.connect() as conn:
            rounds = conn.execute(sa.text("SELECT round FROM tournament_rounds")).all()
            tables = conn.execute(sa.text("SELECT game_id FROM tournament_tables")).all()
            made = conn.execute(sa.text("SELECT count(*) FROM games")).scalar()
        assert rounds == [(1,)] and len(tables) == 2 and made == 2  # the other pairing left nothing behind
        assert detail(Club(b, club.jars), tid)["rounds_played"][0]["tables"] == \
            detail(club, tid)["rounds_played"][0]["tables"]


def test_each_player_of_a_new_table_is_mailed_once(env, tmp_path):
    """Each player of a new table with a confirmed address is told once, in their account's one
    language; an address not yet confirmed gets nothing (mail.py)."""
    with SmtpServer() as smtp:
        app = make_app(f"sqlite:///{tmp_path / 'm.db'}", smtp)
        with TestClient(app) as client:
            club = Club(client)
            for n, address, lang in (("Anna", "anna@example.org", "hu"), ("Bela", "bela@example.org", "en"),
                                     ("Cili", None, "hu"), ("Dora", "dora@example.org", "hu")):
                client.cookies.clear()
                if n in ("Anna", "Bela"):
                    register_confirmed(client, smtp, n, address, lang=lang)
                else:
                    register(client, n, email=address, lang=lang)
                    if address is not None:
                        smtp.inbox.next()  # Dora's confirmation mail, never followed
                club.jars[n] = dict(client.cookies)
            tid = club.post("Anna", "/api/tournaments", {"name": "Őszi kupa", "game": "pax", "table_size": 2,
                                                         "rounds": 1, "starts": soon()}).json()["tournament"]["id"]
            for n in ("Anna", "Bela", "Cili", "Dora"):
                club.post(n, f"/api/tournaments/{tid}/signup", {})
            start_now(app, tid)
            client.portal.call(app.state.tournaments.tick, tid)
            tables = detail(club, tid)["rounds_played"][0]["tables"]
            game_of = {s["username"]: t["game_id"] for t in tables for s in t["seats"] if s["username"]}
            got = {}
            for _ in range(2):
                to, msg = smtp.inbox.next()
                got[to[0]] = msg
            assert set(got) == {"anna@example.org", "bela@example.org"}  # Cili gave no address, Dora never confirmed
            for name, address in (("Anna", "anna@example.org"), ("Bela", "bela@example.org")):
                body = got[address].get_content()
                assert "Őszi kupa" in got[address]["Subject"]
                assert f"http://asztal.test/?open={game_of[name]}" in body
                assert got[address]["List-Unsubscribe"].startswith("<http://asztal.test/api/mail/unsubscribe?token=")
            # one language each: Anna's in Hungarian, Bela's in English
            anna, bela = got["anna@example.org"].get_content(), got["bela@example.org"].get_content()
            assert "Szia" in anna and "Hello" not in anna
            assert "Hello" in bela and "Szia" not in bela
            assert "New table" in got["bela@example.org"]["Subject"]
            assert smtp.inbox.empty()  # told once
