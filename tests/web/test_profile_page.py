"""A rated game's result in the browser at phone size: the leaderboard lists both players in
order, the profile shows the rating, win rate and the chart of the rating game by game; the
create form offers "rated" to a logged-in player only."""

from __future__ import annotations

import time

import httpx

from tests.web.conftest import shot

PASSWORD = "jó hosszú jelszó 1"


def account(server, name: str) -> httpx.Client:
    c = httpx.Client(base_url=server.url, timeout=60)
    r = c.post("/api/account/register", json={"username": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = c.cookies["asztal_csrf"]
    return c


def play_rated_game(server, a: httpx.Client, b: httpx.Client) -> dict:
    made = a.post("/api/games", json={"game": "pax", "players": 2, "seat": 0, "rated": True}).json()
    gid = made["game"]["id"]
    joined = b.post(f"/api/games/{gid}/join", json={}).json()
    with server.sock(gid, made["token"]) as s0, server.sock(gid, joined["token"]) as s1:
        socks, seq = [s0, s1], 0
        while True:
            states = [s.state_at_least(seq) for s in socks]
            if states[0]["is_over"]:
                return states[0]
            mover = socks[states[0]["to_move"]]
            seq = mover.act(mover.state_at_least(seq)["legal"][0]["code"], seq)["seq"]


def test_leaderboard_and_profile_after_a_rated_game(page, server):
    anna, bela = account(server, "Anna"), account(server, "Bela")
    end = play_rated_game(server, anna, bela)
    for _ in range(200):  # the server rates on a thread of its own after the last move: asked until done
        board = anna.get("/api/ratings/pax").json()
        if len(board) == 2:
            break
        time.sleep(0.05)
    assert len(board) == 2
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "?ratings=pax")
    page.wait_for_selector("#leaderboard-table tr[data-player]")
    rows = page.query_selector_all("#leaderboard-table tr[data-player]")
    assert [r.get_attribute("data-player") for r in rows] == [x["username"] for x in board]
    assert "Ranglista: PAX" in page.inner_text("#leaderboard")
    shot(page, "ratings-phone-leaderboard")
    winner = ["Anna", "Bela"][end["winners"][0]] if end["winners"] else "Anna"
    page.click(f"#leaderboard-table tr[data-player='{winner}'] a")
    page.wait_for_selector("#profile-ratings tr[data-game='pax']")
    assert f"{winner} profilja" in page.inner_text("#profile")
    assert page.query_selector("#rating-chart polyline") is not None
    shot(page, "ratings-phone-profile")
    page.click("#lang")
    page.wait_for_function("document.querySelector('#profile h1')?.textContent.includes('profile')")
    assert "The rating game by game" in page.inner_text("#profile")
    # the create form offers a rated game once logged in
    page.goto(page.base)
    page.wait_for_selector("#f-create")
    assert page.query_selector("#f-rated") is None
