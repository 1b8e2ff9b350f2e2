"""Hearing the other instances: PostgreSQL LISTEN on one connection of its own.

Storage sends a NOTIFY inside the transaction of every change, join and new game, so a
notification arrives only once the change is committed. A lost connection is reopened, and
every room then catches up from the database (notifications sent meanwhile are lost, the
action log is not).
"""

from __future__ import annotations

import asyncio
import json
import logging

import psycopg

from asztal.server.hub import Hub
from asztal.server.storage import NOTIFY_CHANNEL

log = logging.getLogger("asztal.server")


def _dsn(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


async def listen(hub: Hub, url: str, ready: asyncio.Event) -> None:
    """Run until cancelled: hand every notification to ``hub.on_notify``."""
    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(_dsn(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                if first:
                    ready.set()
                    await asyncio.to_thread(hub.storage.notify, {"what": "hello"})
                else:
                    for room in list(hub.rooms.values()):
                        await hub.catch_up(room)
                first = False
                async for note in conn.notifies():
                    try:
                        await hub.on_notify(json.loads(note.payload))
                    except Exception:
                        log.exception("bad notification %r", note.payload[:200])
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.warning("LISTEN connection lost (%s); reconnecting", e)
            await asyncio.sleep(1.0)
