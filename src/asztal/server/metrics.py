"""What an operator watches: ``/metrics`` in Prometheus' text format (``prometheus-client``),
``/healthz`` (the process answers) and ``/readyz`` (the database answers and its schema is the
newest migration).

``/metrics`` answers only the loopback address unless the operator opens it
(``ASZTAL_METRICS_OPEN=1``; put it behind the proxy's own access rules then): the counts are not
secret but tell how busy a server is. Each app has a registry of its own (a test makes many apps
in one process). The series, all prefixed ``asztal_``:

- ``moves_total{by}``: changes committed by this instance (``human``, ``bot``, ``stand_in``);
- ``sockets``, ``rooms``: game sockets open and games held in memory now;
- ``bot_queue``: bot moves, hints and reviews waiting for or running in a worker now;
- ``move_commit_seconds``: a change's wait for its commit (the group writer, the disk);
- ``broadcast_seconds``: from a committed change to its ``state`` queued on every socket (the
  boards drawn);
- ``mail_sent_total{kind}``, ``mail_failed_total{kind}``: notices and link mails.
"""

from __future__ import annotations

import asyncio
import os

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from sqlalchemy import text

from asztal.server import texts
from asztal.server.bodies import ErrorBody
from asztal.server.hub import Hub
from asztal.server.migrations import HEAD
from asztal.server.room import Room
from asztal.server.storage import Change

texts.ERRORS.update({
    "metrics_closed": ("a mérőszámok csak a szerver gépéről kérhetők", "the metrics answer the server's own host only"),
    "db_down": ("az adatbázis nem válaszol, vagy nincs benne az asztal sémája",
                "the database does not answer, or holds no asztal schema"),
    "db_old": ("az adatbázis sémája nem a legújabb: indítsd újra a szervert, hogy frissítse",
               "the database schema is not the newest: restart the server to upgrade it"),
})

LOOPBACK = {"127.0.0.1", "::1", "localhost"}
#: seconds: from a fraction of a millisecond (a commit in memory) to seconds (a stalled disk)
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The series of one app, fed by the hub's hooks."""

    def __init__(self, hub: Hub) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("asztal_moves", "changes committed by this instance", ["by"], registry=r)
        self.mail_sent = Counter("asztal_mail_sent", "mails handed to the SMTP server", ["kind"], registry=r)
        self.mail_failed = Counter("asztal_mail_failed", "mails the SMTP server did not take", ["kind"], registry=r)
        self.commit = Histogram("asztal_move_commit_seconds", "a change's wait for its commit", buckets=BUCKETS,
                                registry=r)
        self.broadcast = Histogram("asztal_broadcast_seconds", "a committed change until its state is queued "
                                   "on every socket", buckets=BUCKETS, registry=r)
        sockets = Gauge("asztal_sockets", "game sockets open", registry=r)
        sockets.set_function(lambda: sum(len(room.clients) for room in list(hub.rooms.values())))
        rooms = Gauge("asztal_rooms", "games held in memory", registry=r)
        rooms.set_function(lambda: len(hub.rooms))
        queue = Gauge("asztal_bot_queue", "bot moves, hints and reviews waiting or running", registry=r)
        queue.set_function(lambda: hub.pool.waiting)

    def watch(self, room: Room, change: Change) -> None:
        self.moves.labels(change.by).inc()

    def mailed(self, kind: str, ok: bool) -> None:
        (self.mail_sent if ok else self.mail_failed).labels(kind).inc()


def build_router(metrics: Metrics, hub: Hub) -> APIRouter:
    router = APIRouter()
    open_to_all = os.environ.get("ASZTAL_METRICS_OPEN", "") == "1"

    @router.get("/metrics", response_class=Response, responses={404: {"model": ErrorBody}},
                summary="The server's series in Prometheus' text format (loopback only unless opened)")
    async def series(request: Request) -> Response:
        if not open_to_all and (request.client is None or request.client.host not in LOOPBACK):
            raise HTTPException(404, detail=texts.detail("metrics_closed"))
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @router.get("/healthz", summary="The process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @router.get("/readyz", responses={503: {"model": ErrorBody}},
                summary="Ready: the database answers and its schema is this release's newest migration")
    async def readyz() -> dict[str, str]:
        try:
            found = await asyncio.to_thread(_revision, hub)
        except Exception:
            raise HTTPException(503, detail=texts.detail("db_down")) from None
        if found != HEAD:
            raise HTTPException(503, detail=texts.detail("db_old"))
        return {"status": "ready", "revision": found}

    return router


def _revision(hub: Hub) -> str | None:
    with hub.storage.engine.connect() as conn:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def install(app: FastAPI, hub: Hub) -> Metrics:
    """Feed the series from the hub and serve the routes; ``app.state.metrics`` for tests."""
    metrics = Metrics(hub)
    hub.watchers.append(metrics.watch)
    hub.metrics = metrics
    app.include_router(build_router(metrics, hub))
    app.state.metrics = metrics
    return metrics
