"""The WebSocket of one seat (or of a spectator): ``/ws/games/{id}?token=…&lang=hu|en``.

Each socket has an outbox drained by its own writer task, so a slow client never holds up a
broadcast. A refused message is answered with an ``error`` and changes nothing; only the
client closing (or a newer socket of the same seat) ends the connection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from asztal.server import texts
from asztal.server.hub import Client, Hub, OtherRules, Refusal, Room
from asztal.server.tokens import hash_secret

try:
    from asztal.web.present import relabel
except ImportError:  # the server runs without the browser package too
    relabel = None

MAX_MESSAGE = 16 * 1024

#: the fields of each client message type (docs/protocol.md, "Client → server")
FIELDS: dict[str, dict[str, type]] = {
    "act": {"code": str, "seq": int},
    "undo": {"seq": int},
    "hint": {},
    "why": {"code": str},
    "lang": {"lang": str},
    "ping": {},
}
LANGS = ("hu", "en")


def parse(text: str | None) -> dict[str, Any]:
    """A client message checked against its type's fields; Refusal("bad_message"/"too_large") if not."""
    if text is None:
        raise Refusal("bad_message", "send JSON text frames / JSON szöveget küldj")
    if len(text) > MAX_MESSAGE:
        raise Refusal("too_large", f"at most {MAX_MESSAGE} characters / legfeljebb {MAX_MESSAGE} karakter")
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise Refusal("bad_message", "not JSON / nem JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str) or msg["type"] not in FIELDS:
        raise Refusal("bad_message", f"type must be one of {', '.join(FIELDS)} / ismeretlen típus")
    fields = FIELDS[msg["type"]]
    extra = set(msg) - set(fields) - {"type"}
    if extra:
        raise Refusal("bad_message", f"unknown field {sorted(extra)[0][:40]!r} / ismeretlen mező")
    for name, kind in fields.items():
        value = msg.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Refusal("bad_message", f"{name} must be {'text' if kind is str else 'a whole number'} / "
                                         f"hibás mező: {name}")
        if kind is str and len(value) > 200:
            raise Refusal("bad_message", f"{name} is too long / túl hosszú mező: {name}")
        if kind is int and value < 0:
            raise Refusal("bad_message", f"{name} must not be negative / {name} nem lehet negatív")
    if msg["type"] == "lang" and msg["lang"] not in LANGS:
        raise Refusal("bad_message", "lang must be hu or en / a nyelv hu vagy en")
    return msg


async def _writer(ws: WebSocket, client: Client) -> None:
    while True:
        msg = await client.outbox.get()
        if msg is None:
            await ws.close(1001)
            return
        if msg.get("type") == "close":
            await ws.close(msg["code"])
            return
        await ws.send_text(json.dumps(msg, ensure_ascii=False))


async def game_socket(ws: WebSocket, game_id: str, hub: Hub) -> None:
    token = ws.query_params.get("token")
    lang = ws.query_params.get("lang", "hu")
    await ws.accept()
    if lang not in LANGS:
        lang = "hu"
    try:
        room = await hub.room(game_id)
    except OtherRules as e:
        await ws.send_text(json.dumps(texts.error("other_rules", e.reason)))
        await ws.close(4410)
        return
    if room is None:
        await ws.send_text(json.dumps(texts.error("no_game")))
        await ws.close(4404)
        return
    seat = None
    if token:
        seat = await asyncio.to_thread(hub.storage.seat_of_token, game_id, hash_secret(token))
        if seat is None:
            await ws.send_text(json.dumps(texts.error("bad_token")))
            await ws.close(4401)
            return
    client = Client(seat, lang)
    client.send(room.hello(client))
    client.send(room.state_message(client, {}))
    hub.connected(room, client)
    await hub.announce(room, seat, True)
    writer = asyncio.create_task(_writer(ws, client))
    try:
        while not writer.done():
            receive = asyncio.create_task(ws.receive())
            done, _ = await asyncio.wait({receive, writer}, return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:
                receive.cancel()
                break
            frame = receive.result()
            if frame["type"] == "websocket.disconnect":
                break
            try:
                await handle(hub, room, client, parse(frame.get("text")))
            except Refusal as r:
                client.send(r.message)
    except WebSocketDisconnect:
        pass
    finally:
        hub.disconnected(room, client)
        await hub.announce(room, seat, False)
        if not writer.done():
            writer.cancel()


async def handle(hub: Hub, room: Room, client: Client, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if kind == "ping":
        client.send({"type": "pong"})
        return
    if client.seat is not None:
        hub.seat_back(room, room.seats[client.seat])
    if kind in ("act", "undo"):
        await hub.submit(room, client.seat, kind, msg.get("code"), msg["seq"])
    elif kind == "lang":
        client.lang = msg["lang"]
        client.log_sent = 0
        client.send(room.state_message(client, {}))
    elif kind in ("why", "hint"):
        st = room.state
        if client.seat is None:
            raise Refusal("spectator")
        if st.is_over:
            raise Refusal("game_over")
        if client.seat != st.to_move:
            raise Refusal("not_your_turn")  # why/hint describe the hand of the seat to move
        if kind == "why":
            client.send(why(st, msg["code"]))
        else:
            seq = room.seq
            code, hu, en = await hub.pool.suggest(room.id, st.record, client.seat, room.bot_seed(client.seat) + seq)
            if relabel is not None:  # the moves named as the seat reads them (no internal ids)
                hu, en = relabel(st, client.seat, hu, "hu"), relabel(st, client.seat, en, "en")
            client.send({"type": "hint", "code": code, "hu": hu, "en": en, "seq": seq})


def why(state, code: str) -> dict[str, Any]:
    """Why ``code`` is (not) legal for the seat to move, in both languages."""
    try:
        action = state.game.action_for_code(state, code.strip())
    except (ValueError, KeyError, IndexError, TypeError):
        action = None
    if action is not None and action in state.legal_actions():
        hu, en = action.hu, action.en
        if relabel is not None:
            hu, en = relabel(state, state.to_move, hu, "hu"), relabel(state, state.to_move, en, "en")
        return {"type": "why", "code": code, "legal": True, "hu": f"szabályos: {hu}", "en": f"legal: {en}"}
    if action is None:
        return {"type": "why", "code": code, "legal": False, "hu": "ismeretlen lépéskód",
                "en": f"unknown action code {code[:60]!r}", "rule": None}
    return refusal_message(state, action, code)


def refusal_message(state, action, code: str) -> dict[str, Any]:
    """The game's own reason (``state.refusal`` rendered by ``describe_refusal``, the
    decision contract) in both languages, with the rule it rests on."""
    from asztal.engine.decision import NOT_NOW
    from asztal.engine.decision import Refusal as Reason

    reason = state.refusal(action) or Reason(NOT_NOW, args={"action": action.code})
    g = state.game
    return {"type": "why", "code": code, "legal": False, "hu": g.describe_refusal(reason, "hu"),
            "en": g.describe_refusal(reason, "en"), "rule": reason.rule}
