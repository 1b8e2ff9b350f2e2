"""Drawing boards off the event loop: the work of a ``state`` that costs the most.

A board is drawn (and compared with the one this view key was drawn before, into a
``board_patch``) in a drawing process (``Boards``), so the event loop spends a change's time
on the move path and the sending, and another core draws. Without drawing processes
(``ASZTAL_RENDER_WORKERS=0``) the same ``draw`` runs in the event loop.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import pickle
import struct
import time
from bisect import bisect_right
from collections import OrderedDict
from multiprocessing.connection import Connection
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from asztal import games
from asztal.server.children import die_with_parent

try:
    import fcntl
except ImportError:  # no pipe sizes to set (Windows)
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:  # (ForkContext exists only where the system can fork)
    from multiprocessing.context import ForkContext, SpawnContext

#: a board's patch is worth sending while it is shorter than this share of the whole board
PATCH_WORTH = 0.6

#: the arguments of ``draw`` before ``prev``: (game, view, legal, lang, names, last)
DrawJob = tuple[str, dict[str, Any], list[dict[str, Any]], str, list[str] | None, list[dict[str, Any]] | None]

#: a view key's board as a drawing process knows it: (room id, seat or None, language)
BoardKey = tuple[str, int | None, str]

#: a board and its patch, as ``draw`` gives them
Drawing = tuple[str | None, list[list[Any]] | None]

#: one board to draw, as a drawing process receives it: (ticket, key, prev_no, no, job)
_Job = tuple[int, BoardKey, int | None, int, DrawJob]

#: a drawing process's answer to one job: (ticket, svg, patch, error)
_Answer = tuple[int, str | None, list[list[Any]] | None, str | None]

#: how the drawing processes are started (``multiprocessing``'s start methods)
StartMethod = Literal["fork", "spawn"]


def board_module(game_name: str) -> ModuleType | None:
    """The game's SVG board (its declared ``board`` part), else None."""
    return games.load(game_name).part("board")


def board_tokens(svg: str) -> list[str]:
    """A board cut at every ``>``: the units a ``board_patch`` counts (the client cuts alike)."""
    return svg.split(">")


def board_patch(old: str, new: str, window: int = 64) -> list[list[Any]] | None:
    """``new`` as edits of ``old``: ``[[start, end, text], ...]`` in ``old``'s tokens, each
    replacing tokens ``start:end`` with ``text`` cut at ``>`` (``None``: with no tokens),
    in order. None when the edits would not be much shorter than the board itself.

    A linear walk that re-synchronises on the nearest common token ahead: a board's next
    drawing keeps its shapes in order and changes a few, so this finds small edits at a
    fraction of a general diff's cost."""
    a, b = board_tokens(old), board_tokens(new)
    n, m = len(a), len(b)
    i = 0
    while i < n and i < m and a[i] == b[i]:
        i += 1
    j = i
    tail = 0
    while tail < n - i and tail < m - i and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    n, m = n - tail, m - tail
    where: dict[str, list[int]] = {}
    for k in range(j, m):
        where.setdefault(b[k], []).append(k)
    ops: list[list[Any]] = []
    size = 0
    limit = PATCH_WORTH * len(new)
    while i < n and j < m:
        if a[i] == b[j]:
            i += 1
            j += 1
            continue
        best: tuple[int, int, int] | None = None
        for di in range(window):
            ii = i + di
            if ii >= n or (best is not None and di >= best[0]):
                break
            found = where.get(a[ii])
            if found:
                k = bisect_right(found, j - 1)
                if k < len(found):
                    cost = di + found[k] - j
                    if best is None or cost < best[0]:
                        best = (cost, ii, found[k])
        if best is None:
            break
        _, i2, j2 = best
        text = ">".join(b[j:j2]) if j2 > j else None
        ops.append([i, i2, text])
        size += 16 + (len(text) if text else 0)
        if size > limit:
            return None
        i, j = i2, j2
    if i < n or j < m:
        text = ">".join(b[j:m]) if m > j else None
        ops.append([i, n, text])
        size += 16 + (len(text) if text else 0)
    return None if size > limit else ops


def draw(game: str, view: dict[str, Any], legal: list[dict[str, Any]], lang: str,
         names: list[str] | None, last: list[dict[str, Any]] | None,
         prev: str | None) -> tuple[str | None, list[list[Any]] | None]:
    """One view key's board (``names``/``last``: as the browser's decoration gives them; None:
    the plain board) and its patch from ``prev`` (None when there is no useful one)."""
    board = board_module(game)
    if board is None:
        return None, None
    svg = (board.draw(view, legal, lang) if names is None
           else board.draw(view, legal, lang, names=names, last=last or []))
    patch = board_patch(prev, svg) if prev is not None and prev != svg else None
    return svg, patch


#: boards a drawing process keeps to patch the next drawing of the same view key against
_KEPT = 4096


#: seconds of drawing after which a drawing process sends the boards it has drawn so far of a
#: batch: the first boards of a long batch (on a busy machine one waits its turn for a core
#: several times over) are not held back until its last one is drawn
ANSWER_EVERY = 0.005


def _boards_main(jobs: Connection, answers: Connection, parent: int) -> None:
    """A drawing process: take batches of jobs, answer each with its board and patch (in
    pieces, see ``ANSWER_EVERY``; the last piece of a batch says so). It keeps the last board
    of every view key, so the event loop never sends one back to it."""
    die_with_parent(parent)
    kept: OrderedDict[BoardKey, tuple[int, str | None]] = OrderedDict()
    while True:
        try:
            batch: list[_Job] = jobs.recv()
        except (EOFError, OSError):
            return
        out: list[_Answer] = []
        sent = time.monotonic()
        for n, (ticket, key, prev_no, no, job) in enumerate(batch, 1):
            had = kept.pop(key, None)
            try:
                svg, patch = draw(*job, had[1] if had is not None and had[0] == prev_no else None)
            except Exception as e:  # a board that cannot be drawn: the event loop is told why
                out.append((ticket, None, None, f"{type(e).__name__}: {e}"[:300]))
            else:
                kept[key] = (no, svg)
                if len(kept) > _KEPT:
                    kept.popitem(last=False)
                out.append((ticket, svg, patch, None))
            if n == len(batch) or time.monotonic() - sent >= ANSWER_EVERY:
                answers.send((out, n == len(batch)))
                out, sent = [], time.monotonic()


#: bytes a pipe to or from a drawing process holds: a batch's answer (its boards, tens of KiB
#: each) goes through in one write and is read in one go, instead of 64 KiB at a time, each
#: piece waiting for the other process to be scheduled (on a busy machine, tens of ms apiece)
PIPE_BYTES = 1 << 20


def _widen(end: Connection) -> None:
    """Give ``end``'s pipe ``PIPE_BYTES`` (or as much as the system allows; Linux only)."""
    setsize = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setsize is None:
        return
    for size in (PIPE_BYTES, 1 << 18):  # an unprivileged process gets at most fs.pipe-max-size
        try:
            fcntl.fcntl(end.fileno(), setsize, size)
            return
        except OSError:
            continue


class _Answers(asyncio.Protocol):
    """The event loop's end of a drawing process's answers: frames as ``Connection`` writes
    them (a 4-byte big-endian length, then a pickle), read without ever blocking the loop."""

    def __init__(self, boards: Boards, k: int) -> None:
        self.boards, self.k = boards, k
        self.buf = bytearray()

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while len(self.buf) >= 4:
            (size,) = struct.unpack("!i", self.buf[:4])
            if len(self.buf) < 4 + size:
                return
            frame = bytes(self.buf[4:4 + size])
            del self.buf[:4 + size]
            self.boards._answer(self.k, *pickle.loads(frame))

    def connection_lost(self, exc: Exception | None) -> None:
        self.boards._fail(self.k, exc or EOFError("the boards process closed its pipe"))


class Boards:
    """Processes that draw boards, each fed through a pair of pipes that the event loop reads
    and writes without blocking (no threads).

    A room's view keys always go to the same process (by the room's id), which keeps their
    last boards. One batch is in flight per process: the jobs of the changes made meanwhile
    wait here and go together when the answer comes, so a busy process gets bigger batches
    rather than a longer queue."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.procs: list[Any] = []
        self.ends: list[tuple[Connection, Connection]] = []  # (to it, from it), until the loop takes them
        self.writers: list[asyncio.WriteTransport | None] = []
        self.readers: list[asyncio.ReadTransport | None] = []
        self.connecting: list[asyncio.Future[None] | None] = []
        self.waiting: list[list[_Job]] = []
        self.busy: list[bool] = []
        self.pending: dict[int, asyncio.Future[tuple[str | None, list[list[Any]] | None, str | None]]] = {}
        self.tickets = itertools.count()
        self.broken = False

    def start(self, method: StartMethod) -> None:
        ctx: ForkContext | SpawnContext = (multiprocessing.get_context("fork") if method == "fork"
                                           else multiprocessing.get_context("spawn"))
        for _ in range(self.n):
            jobs_in, jobs_out = ctx.Pipe(duplex=False)
            answers_in, answers_out = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_boards_main, args=(jobs_in, answers_out, os.getpid()),
                               name="asztal-boards", daemon=True)
            proc.start()
            jobs_in.close()
            answers_out.close()
            for end in (jobs_out, answers_in):
                _widen(end)
            self.procs.append(proc)
            self.ends.append((jobs_out, answers_in))
            self.writers.append(None)
            self.readers.append(None)
            self.connecting.append(None)
            self.waiting.append([])
            self.busy.append(False)

    async def _connect(self, k: int) -> None:
        loop = asyncio.get_running_loop()
        jobs_out, answers_in = self.ends[k]
        writer, _ = await loop.connect_write_pipe(asyncio.Protocol, os.fdopen(os.dup(jobs_out.fileno()), "wb", 0))
        reader, _ = await loop.connect_read_pipe(lambda: _Answers(self, k),
                                                 os.fdopen(os.dup(answers_in.fileno()), "rb", 0))
        jobs_out.close()
        answers_in.close()
        self.writers[k], self.readers[k] = writer, reader

    async def draw(self, key: BoardKey, prev_no: int | None, no: int, job: DrawJob) -> Drawing:
        k = hash(key[0]) % self.n
        if self.writers[k] is None:
            connecting = self.connecting[k]
            if connecting is None:
                connecting = self.connecting[k] = asyncio.ensure_future(self._connect(k))
            await connecting
        ticket = next(self.tickets)
        future = asyncio.get_running_loop().create_future()
        self.pending[ticket] = future
        self.waiting[k].append((ticket, key, prev_no, no, job))
        if not self.busy[k]:
            self._send(k)
        svg, patch, error = await future
        if error is not None:
            raise RuntimeError(f"the board could not be drawn: {error}")
        return svg, patch

    def _send(self, k: int) -> None:
        batch, self.waiting[k] = self.waiting[k], []
        writer = self.writers[k]
        if batch and writer is not None and not self.broken:
            self.busy[k] = True
            data = pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL)
            writer.write(struct.pack("!i", len(data)) + data)

    def _answer(self, k: int, answers: list[_Answer], last: bool) -> None:
        for ticket, svg, patch, error in answers:
            future = self.pending.pop(ticket, None)
            if future is not None and not future.done():
                future.set_result((svg, patch, error))
        if last:  # the batch is done: what waited meanwhile goes as the next one
            self.busy[k] = False
            self._send(k)

    def _fail(self, k: int, error: BaseException) -> None:
        """A drawing process stopped: what waited on it fails (its boards are then drawn in
        the event loop), and nothing more is sent to any."""
        if self.broken:
            return
        self.broken = True
        for future in self.pending.values():
            if not future.done():
                future.set_exception(RuntimeError(f"the boards process stopped: {error}"))
        self.pending = {}

    def close(self) -> None:
        self.broken = True
        for t in self.writers + self.readers:
            if t is not None:
                t.close()
        for jobs_out, answers_in in self.ends:
            for end in (jobs_out, answers_in):
                try:
                    end.close()
                except OSError:
                    pass
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.join(5)
        self.procs = []
