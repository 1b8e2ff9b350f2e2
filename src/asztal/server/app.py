"""The FastAPI application: ``create_app(Settings(...))``; ``asztal serve`` runs it on uvicorn.

Routes: ``/api/...`` (lobby, ``api.py``; accounts, ``account_api.py``), ``/ws/games/{id}``
(live play, ``ws.py``), and with the browser UI (the ``asztal.web`` package's static files,
at ``/``) the endpoints only it uses: rules, replay frames, maps (``ui_api.py``) and the guided
first games (``learn_api.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse

from asztal.server import account_export, account_mail, chat, edge, logs, mail, metrics, moderation, texts, wire
from asztal.server.account_api import build_router as account_router
from asztal.server.accounts import Accounts, AccountSettings, Passwords
from asztal.server.api import build_router
from asztal.server.botpool import BotPool
from asztal.server.hub import Hub
from asztal.server.identity import Identity
from asztal.server.mail import MailSettings
from asztal.server.offline_files import install_offline
from asztal.server.offline_upload import install as install_offline_upload
from asztal.server.ratelimit import RateLimit
from asztal.server.ratings import Ratings
from asztal.server.ratings import install as install_ratings
from asztal.server.social import Social
from asztal.server.social import install as install_social
from asztal.server.storage import Storage
from asztal.server.tournament.api import install as install_tournaments
from asztal.server.ws import game_socket

if TYPE_CHECKING:  # (imported where a server is run: the app alone does without it)
    import uvicorn

log = logging.getLogger("asztal.server")


def default_db_url() -> str:
    """``$ASZTAL_DB``, else an SQLite file in the user's data directory (platformdirs)."""
    if os.environ.get("ASZTAL_DB"):
        return os.environ["ASZTAL_DB"]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("asztal", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'asztal.db'}"


def _env(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


@dataclass
class Settings:
    """Every limit of the server, with its default (``docs/operations.md`` lists them)."""

    db_url: str = field(default_factory=default_db_url)
    pack_dir: Path | None = None
    #: seconds an IS-MCTS bot may think per move
    bot_time: float = 2.0
    #: bot worker processes for games with a human waiting (None: one per CPU)
    workers: int | None = None
    #: worker processes for hints and games of bots only (their own budget)
    side_workers: int = 1
    #: worker processes drawing the boards of ``state`` messages (0: the event loop draws them);
    #: two where there are two cores: under load a move's ``state`` waits mostly for its board,
    #: and two processes halve that wait (docs/operations.md, "Load")
    render_workers: int = field(default_factory=lambda: int(_env("ASZTAL_RENDER_WORKERS",
                                                                 min(2, os.cpu_count() or 1))))
    #: create/join requests allowed per client address per minute
    rate_per_minute: int = field(default_factory=lambda: int(_env("ASZTAL_RATE_PER_MINUTE", 30)))
    #: replay frames allowed per client address per minute
    frames_per_minute: int = field(default_factory=lambda: int(_env("ASZTAL_FRAMES_PER_MINUTE", 600)))
    #: REST requests (any) allowed per client address per minute
    requests_per_minute: int = field(default_factory=lambda: int(_env("ASZTAL_REQUESTS_PER_MINUTE", 600)))
    #: largest REST request body, in bytes
    max_body: int = field(default_factory=lambda: int(_env("ASZTAL_MAX_BODY", 2 << 20)))
    #: WebSockets open at once from one client address
    sockets_per_address: int = field(default_factory=lambda: int(_env("ASZTAL_SOCKETS_PER_ADDRESS", 32)))
    #: bytes from which a WebSocket message is sent compressed (permessage-deflate): smaller
    #: ones go as they are (0: every message compressed; -1: none; wire.py)
    ws_deflate_min: int = field(default_factory=lambda: int(_env("ASZTAL_WS_DEFLATE_MIN", 512)))
    #: messages waiting in one socket's outbox before the socket is closed as not reading
    outbox: int = field(default_factory=lambda: int(_env("ASZTAL_OUTBOX", 256)))
    #: hints waiting or being worked out at once, over the whole server
    hints_pending: int = field(default_factory=lambda: int(_env("ASZTAL_HINTS_PENDING", 8)))
    #: seconds a presence lease lasts (PostgreSQL, several instances); renewed every third of it
    lease: float = field(default_factory=lambda: _env("ASZTAL_PRESENCE_LEASE", 30))
    #: the reverse proxies whose X-Forwarded-For is believed (``--proxy``); none: nobody's
    proxies: tuple[str, ...] = ()
    #: e-mail notices of turn-based games (``--smtp``, ``ASZTAL_SMTP``...; mail.py)
    mail: MailSettings = field(default_factory=MailSettings)
    #: server processes sharing the port (``--workers``; PostgreSQL only): each is an instance
    instances: int = 1
    #: the logs as JSON lines (``--json-logs`` or ``ASZTAL_JSON_LOGS=1``; logs.py)
    json_logs: bool = field(default_factory=logs.wanted)
    rate: RateLimit = field(init=False)
    frame_rate: RateLimit = field(init=False)

    def __post_init__(self) -> None:
        self.rate = RateLimit(self.rate_per_minute)
        self.frame_rate = RateLimit(self.frames_per_minute)


def static_dir() -> Path | None:
    """``asztal/web/static`` of the installed package, when the browser UI is there."""
    try:
        if importlib.util.find_spec("asztal.web") is None:
            return None
    except ModuleNotFoundError:
        return None
    path = Path(str(resources.files("asztal.web") / "static"))
    return path if path.is_dir() else None


#: the home page of a server without its browser client, in the browser's language
_HOME = {
    "hu": """<!doctype html><html lang="hu"><meta charset="utf-8"><title>asztal</title>
<h1>asztal</h1><p>A játékszerver fut. A lépések leírása: <a href="/docs">/docs</a>.</p></html>""",
    "en": """<!doctype html><html lang="en"><meta charset="utf-8"><title>asztal</title>
<h1>asztal</h1><p>The game server is running. The API: <a href="/docs">/docs</a>.</p></html>""",
}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    instance = secrets.token_hex(6)
    storage = Storage(settings.db_url, instance)
    hub = Hub(storage, BotPool(settings.workers, settings.side_workers, settings.render_workers), instance, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.pool.start()  # first: it forks, and there are no other threads yet
        await asyncio.to_thread(storage.migrate)
        listener = None
        if storage.is_postgres:
            from asztal.server.notify import listen

            ready = asyncio.Event()
            listener = asyncio.create_task(listen(hub, settings.db_url, ready))
            await asyncio.wait_for(ready.wait(), 30)
        await hub.start()
        await app.state.tournaments.start()  # rounds that run themselves (tournament/runner.py)
        log.info("asztal instance %s serving", instance, extra={"instance": instance,
                                                              "database": settings.db_url.split("@")[-1]})
        yield
        await app.state.tournaments.close()
        await hub.close()
        await app.state.notices.drain()
        await app.state.links.drain()
        await app.state.ratings.drain()
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener
        hub.pool.close()
        storage.close()

    app = FastAPI(title="asztal", version="1",
                  description="Lobby of the asztal game server. Live play: WebSocket /ws/games/{id} "
                              "(docs/protocol.md).", lifespan=lifespan)
    app.state.hub = hub
    app.state.settings = settings
    edge.install(app, settings.max_body, settings.requests_per_minute)
    identity = Identity(Accounts(storage))  # the account behind a request's session cookie
    ratings = Ratings(storage)
    friends = Social(storage)
    app.include_router(build_router(hub, settings, identity, ratings, friends))
    account_settings = AccountSettings()
    passwords = Passwords(account_settings)
    links = account_mail.install(app, identity, passwords, settings.mail)  # confirming addresses, resets
    links.hub = hub
    app.include_router(account_router(hub, account_settings, identity, passwords, links))  # accounts, their seats
    mail.install(app, hub, identity, settings.mail)  # e-mail notices of turn-based games
    install_ratings(app, hub, ratings)  # rated games, leaderboards, profiles
    chat.install(hub)  # each game's chat (the socket's "chat" message)
    moderation.install(app, hub, identity)  # mutes, blocks, reports; operators' bans, hidden lines, closed games
    install_social(app, hub, friends, identity)  # friends invited by username
    account_export.install(app, storage, identity)  # a player takes their data
    install_offline_upload(app, hub, identity)  # a game played offline kept in the account's history
    watched = metrics.install(app, hub)  # /metrics, /healthz, /readyz
    app.state.notices.metrics = links.metrics = watched
    install_tournaments(app, hub, identity)  # Swiss and round-robin tournaments (after mail: it mails new tables)

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str) -> None:
        await game_socket(websocket, game_id, hub)

    static = static_dir()
    install_offline(app, static)  # the offline app's fixed files under /offline/ (docs/offline.md)
    if static is not None:
        from fastapi.staticfiles import StaticFiles

        from asztal.server.learn_api import build_router as learn_router  # the guided first games ("Tanuld meg")
        from asztal.server.ui_api import build_router as ui_router  # the UI's rules, replay and map endpoints

        app.include_router(ui_router())
        app.include_router(learn_router())

        from starlette.middleware.gzip import GZipMiddleware

        # the pages' scripts and style gzipped to a browser that accepts it (a third of their size)
        app.mount("/", GZipMiddleware(StaticFiles(directory=static, html=True), minimum_size=1024), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def home(request: Request) -> HTMLResponse:
            return HTMLResponse(_HOME[texts.request_lang(request.headers.get("accept-language"))])

    return app


class _Server:
    """uvicorn's server with two additions: SIGTERM first tells every socket why it is about to
    close (from the loop, not the signal handler), and ``on_started`` is called once the socket
    listens. Made per process (``--workers``: in each child, from the pickled settings)."""

    def __init__(self, settings: Settings, host: str, port: int,
                 on_started: Callable[[], None] | None = None) -> None:
        self.settings, self.host, self.port, self.on_started = settings, host, port, on_started

    def config(self, app: FastAPI | None) -> uvicorn.Config:
        """uvicorn's config serving ``app``; None: a config that only binds the listening
        socket (the supervisor's, whose server processes each make their own app)."""
        import uvicorn

        s = self.settings
        return uvicorn.Config(app if app is not None else _binds_only, host=self.host, port=self.port,
                              log_level="warning", log_config=logs.config(s.json_logs),
                              ws_max_size=1 << 20,  # a client message is at most 16 KiB; never a frame over this
                              ws=wire.protocol(s.ws_deflate_min),
                              ws_ping_interval=20, ws_ping_timeout=20,
                              proxy_headers=bool(s.proxies),
                              forwarded_allow_ips=",".join(s.proxies) if s.proxies else "",
                              timeout_graceful_shutdown=10, h11_max_incomplete_event_size=64 * 1024)

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        import uvicorn

        app = create_app(self.settings)
        hub: Hub = app.state.hub
        on_started = self.on_started

        class Server(uvicorn.Server):
            def handle_exit(self, sig: int, frame: FrameType | None) -> None:
                loop = getattr(self, "_asztal_loop", None)
                if loop is not None:
                    loop.call_soon_threadsafe(hub.begin_close)
                super().handle_exit(sig, frame)

            async def startup(self, sockets: list[socket.socket] | None = None) -> None:
                self._asztal_loop = asyncio.get_running_loop()
                await super().startup(sockets)
                tune_gc()  # after the start: the workers are forked, the rooms rebuilt
                if on_started is not None and self.started:
                    on_started()

        Server(self.config(app)).run(sockets=sockets)


#: the cyclic collector's thresholds in a serving process (CPython's are 700, 10, 10)
GC_THRESHOLDS = (20_000, 20, 20)


def tune_gc() -> None:
    """The cyclic garbage collector of a serving process, set for a server's allocations.

    A change allocates thousands of short-lived objects (views, labels, messages), nearly all
    freed by reference counting, yet at CPython's thresholds they start a young collection
    every 700 allocations, which promotes survivors and leads to full collections of the whole
    heap. In a 40 s run of ``benchmarks/load.py`` (200 games, 4 766 changes) the collector took
    1.05 s of CPU, 0.22 ms per change, in 494 young, 45 middle and 4 full collections, each full
    one a pause of the event loop of about 150 ms. With what was loaded at start frozen out of
    every collection (``gc.freeze``: modules, the games' tables, the rooms rebuilt) and these
    thresholds: 9 young collections and 0.1 s. Called once the server has started, in
    ``asztal serve`` only (not in a process that merely builds the app, such as a test's)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _binds_only(scope: Any, receive: Any, send: Any) -> None:
    """The app of a config that only binds a socket: never served."""
    raise RuntimeError("this config only binds the listening socket")


def run(settings: Settings, host: str, port: int, on_started: Callable[[], None] | None = None) -> None:
    """Serve on uvicorn: forwarded headers believed only from ``settings.proxies``, WebSocket
    pings both ways, and a bounded graceful shutdown on SIGTERM. ``on_started`` is called once
    the socket listens (so an address printed by it answers).

    With ``settings.instances`` > 1 (PostgreSQL only) this process binds the port and runs that
    many server processes on it (uvicorn's supervisor; the kernel spreads the connections),
    each an instance of its own with its share of the bot workers, exactly as instances on
    several machines: a game's changes are ordered by the database and told by NOTIFY."""
    n = settings.instances
    if n <= 1:
        _Server(settings, host, port, on_started).run()
        return
    if not settings.db_url.startswith("postgresql"):
        # (the command line says so first, in its reader's language)
        raise ValueError("several instances need PostgreSQL: only PostgreSQL orders and announces their changes")
    settings.workers = settings.workers or max(1, (os.cpu_count() or 1) // n)  # the bot workers shared out
    server = _Server(settings, host, port)
    sock = server.config(None).bind_socket()
    if on_started is not None:
        on_started()
    _supervise(server, sock, n)


def _child(server: _Server, sock: socket.socket) -> None:
    server.run(sockets=[sock])


def _supervise(server: _Server, sock: socket.socket, n: int) -> None:
    """Run ``n`` server processes on one listening socket until SIGTERM or SIGINT, which is
    passed on to each (each closes its sockets with ``shutting_down``); a process that dies
    meanwhile is started again."""
    import multiprocessing
    import signal
    import time

    ctx = multiprocessing.get_context("spawn")
    stopping = False

    def start() -> multiprocessing.process.BaseProcess:
        p = ctx.Process(target=_child, args=(server, sock), name="asztal-instance")
        p.start()
        return p

    def stop(sig: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for p in procs:
            if p.is_alive() and p.pid is not None:
                os.kill(p.pid, signal.SIGTERM)

    procs = [start() for _ in range(n)]
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        time.sleep(0.5)
        for k, p in enumerate(procs):
            if not stopping and not p.is_alive():
                procs[k] = start()
    for p in procs:
        p.join(30)
        if p.is_alive():
            p.kill()
