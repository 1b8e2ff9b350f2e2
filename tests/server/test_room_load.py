"""A room loaded while another instance commits to its game (hub.py, ``Hub.room``).

An instance builds a game's room from the database when a socket of that game first reaches
it. A join or a move another instance commits while the database is being read is told by a
notice that finds no room yet; the room must not keep the state it read until the game's next
notice (a spectator's socket would wait for that change forever). The other instance is played
here by the test: between the load's read and the room's arrival in ``rooms`` it commits to the
same database and delivers its notice, as PostgreSQL's LISTEN would.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from asztal.server.app import Settings, create_app
from asztal.server.room import Room
from asztal.server.storage import Change


def _loaded_while(app: Any, client: TestClient, gid: str,
                  other: Callable[[Room], dict[str, Any]]) -> Room:
    """The room of ``gid`` loaded afresh, ``other`` committing (and its notice told) between the
    load's read of the database and the room's arrival."""
    hub = app.state.hub
    hub.rooms.pop(gid, None)  # as on an instance that has not served this game yet
    read = hub._load

    async def load() -> Room:
        loop = asyncio.get_running_loop()

        def read_then_other_commits(game_id: str) -> Room | None:
            room = read(game_id)
            assert room is not None
            notice = {**other(room), "game": game_id, "instance": "the other one"}
            asyncio.run_coroutine_threadsafe(hub.on_notify(notice), loop).result(10)
            return room

        hub._load = read_then_other_commits
        try:
            room = await hub.room(gid)
        finally:
            hub._load = read
        assert room is not None
        return room

    return client.portal.call(load)


def test_a_move_committed_elsewhere_while_the_room_loads_is_in_the_room(tmp_path):
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'a.db'}", workers=1, rate_per_minute=100_000))
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0}).json()
        gid = made["game"]["id"]
        assert c.post(f"/api/games/{gid}/join", json={}).status_code == 200

        def moves(room: Room) -> dict[str, Any]:
            assert room.seq == 0
            after = room.state.clone()
            after.apply(after.legal_actions()[0].code)
            app.state.hub.storage.append(gid, Change(1, "act", after.history[-1].code, room.state.to_move, "human"),
                                         "running", after.to_move, None)
            return {"what": "change", "seq": 1}

        room = _loaded_while(app, c, gid, moves)
        assert room.seq == 1 and len(room.state.history) == 1
        assert app.state.hub.rooms[gid] is room


def test_a_join_committed_elsewhere_while_the_room_loads_starts_the_game(tmp_path):
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'a.db'}", workers=1, rate_per_minute=100_000))
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "pax", "players": 2, "seat": 0}).json()
        gid = made["game"]["id"]

        def joins(room: Room) -> dict[str, Any]:
            assert room.status == "open" and not room.seats[1].taken
            token = hashlib.sha256(b"the other one's player").hexdigest()
            assert app.state.hub.storage.take_seat(gid, 1, "Béla", token) == "running"
            return {"what": "seat", "seat": 1}

        room = _loaded_while(app, c, gid, joins)
        assert room.status == "running" and room.seats[1].taken and room.seats[1].name == "Béla"
