"""The WebSocket of one seat (or of a spectator): ``/ws/games/{id}?token=…&lang=hu|en``.

Each socket has a bounded outbox drained by its own writer task, so a slow client never holds
up a broadcast, and a client that does not read is closed rather than buffered for. Every
message type has its own rate per socket; one address may hold only so many sockets. A
refused message is answered with an ``error`` and changes nothing; only the client closing,
a newer socket of the same seat, not reading, or a shutdown ends the connection.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from asztal.engine.errors import AsztalError
from asztal.server import texts
from asztal.server.edge import ACTION_CODE, GAME_ID, bad_text
from asztal.server.hub import Hub, OtherRules
from asztal.server.identity import SESSION_COOKIE
from asztal.server.moderation import reader
from asztal.server.present import relabel, why
from asztal.server.room import Client, Refusal, Room
from asztal.server.texts import Reason
from asztal.server.tokens import hash_secret

MAX_MESSAGE = 16 * 1024

#: the fields of each client message type (docs/protocol.md, "Client → server")
FIELDS: dict[str, dict[str, type]] = {
    "act": {"code": str, "seq": int},
    "undo": {"seq": int},
    "hint": {},
    "why": {"code": str},
    "lang": {"lang": str},
    "ping": {},
    "chat": {"text": str},
}
LANGS = ("hu", "en")

#: per socket and message type: (messages per second, burst). Beyond it: ``rate_limited``, and a
#: client that goes on sending at several times the rate is closed.
RATES: dict[str, tuple[float, float]] = {
    "act": (10, 30), "undo": (5, 20), "hint": (0.5, 3), "why": (5, 20), "lang": (1, 5), "ping": (20, 60),
    "chat": (0.5, 5),
    "bad": (10, 30),  # malformed messages of any kind
}


def parse(text: str | None) -> dict[str, Any]:
    """A client message checked against its type's fields; Refusal("bad_message"/"too_large") if not."""
    if text is None:
        raise Refusal("bad_message", Reason("text_frames"))
    if len(text) > MAX_MESSAGE:
        raise Refusal("too_large", Reason("max_chars", n=MAX_MESSAGE))
    reason = bad_text(text)
    if reason is not None:
        raise Refusal("bad_message", reason)
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: also a number of thousands of digits
        raise Refusal("bad_message", Reason("not_json")) from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str) or msg["type"] not in FIELDS:
        raise Refusal("bad_message", Reason("unknown_type", types=", ".join(FIELDS)))
    fields = FIELDS[msg["type"]]
    extra = set(msg) - set(fields) - {"type"}
    if extra:
        raise Refusal("bad_message", Reason("unknown_field", name=repr(sorted(extra)[0][:40])))
    for name, kind in fields.items():
        value = msg.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Refusal("bad_message", Reason("field_text" if kind is str else "field_number", name=name))
        if isinstance(value, str) and len(value) > 200:
            raise Refusal("bad_message", Reason("field_long", name=name))
        why = bad_text(value) if isinstance(value, str) else None
        if why is not None:
            raise Refusal("bad_message", Reason("field_bad", name=name, reason=why))
        if isinstance(value, int) and not 0 <= value < (1 << 31):
            raise Refusal("bad_message", Reason("field_range", name=name))
    if msg["type"] in ("act", "why") and not ACTION_CODE.fullmatch(msg["code"]):
        raise Refusal("bad_message", Reason("action_code"))
    if msg["type"] == "lang" and msg["lang"] not in LANGS:
        raise Refusal("bad_message", Reason("lang"))
    return msg


def allow(client: Client, kind: str) -> bool:
    """A token bucket per message type of one socket."""
    rate, burst = RATES.get(kind, (2, 10))
    now = time.monotonic()
    tokens, last = client.buckets.get(kind, (burst, now))
    tokens = min(burst, tokens + (now - last) * rate)
    if tokens < 1:
        client.buckets[kind] = [tokens, now]
        return False
    client.buckets[kind] = [tokens - 1, now]
    return True


async def _writer(ws: WebSocket, client: Client) -> None:
    """Drain the outbox into the socket until it is closed (by either side)."""
    try:
        while True:
            msg = await client.outbox.get()
            if msg is None:
                await ws.close(1001)
                return
            if isinstance(msg, str):  # JSON made once for every socket that gets the same
                await ws.send_text(msg)
                continue
            if msg.get("type") == "close":
                error = msg.get("error")
                if error:
                    await ws.send_text(json.dumps(error, ensure_ascii=False))
                await ws.close(msg["code"], error["en"][:120] if error else None)
                return
            await ws.send_text(json.dumps(msg, ensure_ascii=False))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client went away meanwhile: the reader ends the session


async def _refuse(ws: WebSocket, code: str, close: int, reason: Reason | AsztalError | None = None) -> None:
    await ws.send_text(json.dumps(texts.error(code, reason), ensure_ascii=False))
    await ws.close(close)


async def game_socket(ws: WebSocket, game_id: str, hub: Hub) -> None:
    token = ws.query_params.get("token")
    key = ws.query_params.get("key") or ws.query_params.get("watch")
    lang = ws.query_params.get("lang", "hu")
    settings = hub.settings
    address = ws.client.host if ws.client else "?"
    await ws.accept()
    if lang not in LANGS:
        lang = "hu"
    cap = settings.sockets_per_address if settings is not None else 32
    if hub.sockets.get(address, 0) >= cap:
        await _refuse(ws, "too_many_sockets", 4429)
        return
    hub.sockets[address] = hub.sockets.get(address, 0) + 1
    try:
        await _session(ws, game_id, hub, token, key, lang)
    finally:
        hub.sockets[address] -= 1
        if hub.sockets[address] <= 0:
            del hub.sockets[address]


def _forget_if_idle(hub: Hub, game_id: str) -> None:
    """A finished game is held in memory only while someone watches it (a refused socket does not)."""
    room = hub.rooms.get(game_id)
    if room is not None and room.status == "finished" and not room.clients:
        hub.rooms.pop(game_id, None)


async def _session(ws: WebSocket, game_id: str, hub: Hub, token: str | None, key: str | None, lang: str) -> None:
    try:
        room = await hub.room(game_id) if GAME_ID.fullmatch(game_id) else None
    except OtherRules as e:
        await _refuse(ws, "other_rules", 4410, e.reason)
        return
    seat = None
    if room is not None and token:
        seat = await asyncio.to_thread(hub.storage.seat_of_token, game_id, hash_secret(token))
        if seat is None:
            _forget_if_idle(hub, game_id)
            await _refuse(ws, "bad_token", 4401)
            return
    if room is not None and seat is None and room.row["private"]:
        # a private game is watched only with its watch link (or a seat's own secret)
        found = await asyncio.to_thread(hub.storage.seat_of_secret, game_id, hash_secret(key)) if key else None
        if found is None:
            room = None
    if room is None:
        _forget_if_idle(hub, game_id)
        await _refuse(ws, "no_game", 4404)
        return
    client = Client(seat, lang, hub.settings.outbox if hub.settings is not None else 256)
    client.token_hash = hash_secret(token) if seat is not None and token else None
    if hub.moderation is not None:  # whose chat this reader muted (moderation.py)
        await reader(hub, hub.moderation, client, game_id, ws.cookies.get(SESSION_COOKIE))
    room.join(client, room.hello(client))  # hello, then the whole state, in the room's order
    hub.connected(room, client)  # at once after the hello: no seat event may fall between them
    if hub.chat is not None:
        await hub.chat.greet(room, client)
    await hub.announce(room, seat, True)
    writer = asyncio.create_task(_writer(ws, client))
    strikes = 0
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
                try:
                    msg = parse(frame.get("text"))
                except Refusal:
                    msg = None  # a malformed message: refused below, on its own budget
                if not allow(client, msg["type"] if msg is not None else "bad"):
                    strikes += 1
                    if strikes > 50:  # it goes on and on: not a player's client
                        client.close(4429, texts.error("rate_limited"))
                        continue
                    raise Refusal("rate_limited")
                strikes = max(0, strikes - 1)
                if msg is None:
                    parse(frame.get("text"))  # raises the refusal that says what is wrong
                else:
                    await handle(hub, room, client, msg)
            except Refusal as r:
                client.send(r.message)
    except WebSocketDisconnect:
        pass
    finally:
        hub.disconnected(room, client)
        if seat is None or room.seats[seat].local == 0:
            await hub.announce(room, seat, False)
        if not writer.done():
            writer.cancel()


async def handle(hub: Hub, room: Room, client: Client, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if client.overflowed:
        return  # the socket is closing (its token replaced, say): nothing it sends counts
    if kind == "ping":
        client.send({"type": "pong"})
        return
    if client.seat is not None:
        hub.seat_back(room, room.seats[client.seat])
    if kind in ("act", "undo"):
        await hub.submit(room, client.seat, kind, msg.get("code"), msg["seq"])
    elif kind == "chat":
        if hub.chat is None:
            raise Refusal("bad_message", Reason("no_chat"))
        await hub.chat.say(room, client, msg["text"])
    elif kind == "lang":
        client.lang = msg["lang"]
        room.join(client)
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
        elif room.rated:
            raise Refusal("rated_no_hint")  # a rated game measures its players, not the bot
        else:
            if hub.hints >= hub.hints_pending:
                raise Refusal("busy")  # hints have their own budget; it is used up just now
            seq = room.seq
            hub.hints += 1
            try:
                code, hu, en = await hub.pool.suggest(room.id, st.record, client.seat,
                                                      room.bot_seed(client.seat) + seq)
            finally:
                hub.hints -= 1
            # the moves named as the seat reads them (no internal ids)
            hu, en = relabel(st, client.seat, hu, "hu"), relabel(st, client.seat, en, "en")
            client.send({"type": "hint", "code": code, "hu": hu, "en": en, "seq": seq})


