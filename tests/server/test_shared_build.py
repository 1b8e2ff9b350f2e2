"""A change's ``state`` messages are built once per change and shared between the sockets
(room.py, ``present.ChangeParts``: a seat's view and labels, the decision, the log lines of
entries without a secret): every socket must still get, byte for byte, what a room holding
that socket alone sends it, whatever else the room holds.

Seeded games of all three games are played in two ways side by side: one room holds a socket
for every seat and a spectator, in both languages; beside it, one room per such socket holds
that socket alone (nothing to share with). Moves, undos and a seat renamed mid-game go to all
rooms alike; each socket's messages must be the same text as its lone twin's. After every
change a new socket of each seat, spectator and language must get exactly the message built
from scratch here, from ``state.view``, ``present.decorate`` and the game's ``describe`` of
each log entry as that seat reads it (none of the room's sharing). The board is "drawn" as the
JSON of what the drawing process would be given, so the drawing's inputs are compared too.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from asztal import games
from asztal.server.present import decorate, last_events, named_log
from asztal.server.render import BoardKey, DrawJob, board_module
from asztal.server.room import Client, Room

TABLES = [("pax", 2), ("caboose", 3), ("pocketciv", 1), ("pocketciv", 2)]


async def _inputs(key: BoardKey, prev_no: int | None, no: int, prev: str | None,
                  job: DrawJob) -> tuple[str, None]:
    """The board as the JSON of the drawing's inputs (the view, labels, names, last move)."""
    return json.dumps(job, ensure_ascii=False, sort_keys=True), None


def _room(game: str, players: int, seed: int) -> Room:
    state = games.load(game).new_game(players, seed, {})
    row = {"id": f"g{seed}", "status": "running", "stand_in": "greedy", "turn_timer": None, "grace": 120,
           "private": False}
    seats = [{"seat": s, "name": "Anna" if s == 0 else "", "kind": "human" if s < 2 else "bot",
              "bot": None if s < 2 else "random", "token_hash": "x"} for s in range(players)]
    room = Room(row, seats, state, 0)
    room.drawer = _inputs
    return room


def _scratch(room: Room, seat: int | None, lang: str) -> str:
    """A new socket's whole ``state`` made from scratch: the room's message without its sharing."""
    st = room.state
    view = st.view(seat)
    to_move = None if st.is_over else st.to_move
    legal = ([{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()]
             if seat is not None and seat == to_move and room.status == "running" else [])
    msg: dict[str, Any] = {"type": "state", "seq": room.seq, "status": room.status, "to_move": to_move,
                           "is_over": st.is_over, "legal": legal,
                           "can_undo": seat is not None and room.status == "running" and st.can_undo(seat),
                           "deadline": room.deadline, "stand_in": []}
    if st.is_over:
        msg["scores"] = [float(x) for x in st.scores()]
        msg["winners"] = list(st.winners())
    seats = room.seat_info()
    decorate(msg, st, seat, lang, view, seats, room.log_mark, None)
    board = board_module(st.game.name)
    if st.is_over and board is not None and hasattr(board, "verdict"):
        msg["verdict"] = board.verdict(view, lang, msg["names"], list(st.winners()))
    describe = st.game.describe
    lines = [{"i": i, "hu": describe(e, "hu", seat), "en": describe(e, "en", seat)}
             for i, e in enumerate(st.log_for(seat))]
    job = (st.game.name, view, msg["legal"], lang, msg["names"], last_events(st, seat, room.log_mark))
    whole = {**msg, "log_start": 0, "log": named_log(lines, seats), "view": view,
             "board": json.dumps(job, ensure_ascii=False, sort_keys=True)}
    return json.dumps(whole, ensure_ascii=False)


async def _send(room: Room, clients: list[Client]) -> list[str]:
    """One change's messages, as ``broadcast_state`` makes them."""
    drawn = await room._draw({c.key for c in clients})
    return [room._message(c, drawn[c.key]) for c in clients]


async def _play(game: str, players: int, seed: int, changes: int) -> int:
    keys = [(s, lang) for s in [*range(players), None] for lang in ("hu", "en")]
    shared = _room(game, players, seed)
    together = [Client(*k) for k in keys]
    alone = {k: (_room(game, players, seed), Client(*k)) for k in keys}
    rooms = [shared, *(r for r, _ in alone.values())]
    compared = 0

    async def compare() -> None:
        nonlocal compared
        fresh = [Client(*k) for k in keys]
        got = await _send(shared, together + fresh)
        for c, text in zip(together, got, strict=False):
            room, twin = alone[c.key]
            (want,) = await _send(room, [twin])
            assert text == want, (game, seed, c.key, shared.seq)
            compared += 1
        for c, text in zip(fresh, got[len(together):], strict=True):
            assert text == _scratch(shared, *c.key), (game, seed, c.key, shared.seq)

    await compare()  # every socket's whole first state
    rng = random.Random(seed)
    for step in range(changes):
        st = shared.state
        if st.is_over:
            break
        if step == changes // 2 and players > 1:  # a seat renamed: every log line names it anew
            for room in rooms:
                room.seats[1].name = "Béla"
                room.renamed()
        undoer = next((s for s in range(players) if st.can_undo(s)), None)
        if undoer is not None and rng.random() < 0.15:
            new, undone = st.undo(undoer), True
        else:
            new, undone = st.clone(), False
            new.apply(rng.choice(list(st.legal_actions())).code)
        for room in rooms:
            old = room.state
            room.log_mark = None if undone else len(old.log or [])
            room.state, room.seq = new, room.seq + 1
            room.replaced(old, undone)
        await compare()
    return compared


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
@pytest.mark.parametrize("seed", [3, 11])
def test_every_socket_gets_what_a_room_of_its_own_would_send_it(game: str, players: int, seed: int) -> None:
    compared = asyncio.run(_play(game, players, seed, 40))
    assert compared >= 2 * (players + 1) * 10  # every seat and a spectator, both languages, over the game


def test_a_seats_view_is_made_once_per_change_and_a_spectator_gets_none_of_a_seats() -> None:
    """What the keys share is keyed by seat: the two languages of a seat get one view object;
    a spectator and another seat get their own (PAX: the hands differ)."""
    room = _room("pax", 2, 5)
    got: dict[Any, Any] = {}

    async def run() -> None:
        got.update(await room._draw({(0, "hu"), (0, "en"), (1, "hu"), (None, "hu")}))

    asyncio.run(run())
    assert got[(0, "hu")].view is got[(0, "en")].view
    assert got[(0, "hu")].view is not got[(1, "hu")].view and got[(None, "hu")].view is not got[(0, "hu")].view
    assert "hand" in got[(0, "hu")].view and "hand" not in got[(None, "hu")].view
    assert got[(0, "hu")].view["hand"] != got[(1, "hu")].view["hand"]
