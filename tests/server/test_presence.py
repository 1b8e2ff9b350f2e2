"""Bot moves of the presence layer, without a server: what strength a seat's bot plays at."""

from __future__ import annotations

import asyncio
from typing import Any

from asztal import games
from asztal.server.meta import bot_spec
from asztal.server.presence import Presence
from asztal.server.room import Room


class _Pool:
    """The bot pool's ``choose``, answering the first legal move and keeping the specs asked for."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.specs: list[str] = []

    async def choose(self, key: str, record: dict[str, Any], spec: str, seed: int, side: bool = False) -> str:
        self.specs.append(spec)
        return self.room.state.legal_actions()[0].code

    def repair(self) -> None:
        pass


class _Hub(Presence):
    def __init__(self, pool: _Pool) -> None:
        self.pool = pool  # a stand-in for the bot pool: only choose (and repair) are asked
        self.bot_time = 0.05
        self.closing = False
        self.submitted: list[tuple[int | None, str, str | None, str]] = []

    async def submit(self, room: Room, seat: int | None, kind: str, code: str | None, seq: int,
                     by: str = "human") -> None:
        self.submitted.append((seat, kind, code, by))


def _room(bot: str | None) -> Room:
    state = games.load("pax").new_game(2, 7, {})
    row = {"id": "g1", "status": "running", "stand_in": "greedy", "turn_timer": None, "grace": 120}
    seats = [{"seat": s, "name": "", "kind": "bot", "bot": bot, "token_hash": None} for s in range(2)]
    return Room(row, seats, state, 0)


def _bot_move(bot: str | None) -> tuple[_Hub, _Pool, Room]:
    room = _room(bot)
    pool = _Pool(room)
    hub = _Hub(pool)
    seat = room.seats[room.state.to_move or 0]
    asyncio.run(hub._bot_move(room, seat, room.seq))
    return hub, pool, room


def test_a_bot_seat_plays_at_its_own_strength():
    hub, pool, room = _bot_move("random")
    assert pool.specs == [bot_spec("random", 0.05)]
    assert hub.submitted == [(room.state.to_move, "act", room.state.legal_actions()[0].code, "bot")]


def test_a_bot_seat_stored_without_a_strength_plays_at_the_games_stand_in_strength():
    # only a hand-edited database holds one; it used to fail and retry every second forever
    hub, pool, room = _bot_move(None)
    assert pool.specs == [bot_spec("greedy", 0.05)]
    assert hub.submitted == [(room.state.to_move, "act", room.state.legal_actions()[0].code, "bot")]
