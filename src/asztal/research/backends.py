"""Where a batch's games are played: this process, a local process pool, or a Ray cluster.

A backend takes the batch and the indices still to play and yields lists of finished
rows as they come (in any order: the results file is sorted by index). Rows do not
depend on the backend, because each row is a pure function of the batch and its index.

Ray is optional (``pip install 'asztal[ray]'``). ``address`` is passed to ``ray.init``:
``auto`` joins the cluster this machine belongs to, ``ray://host:10001`` a remote one,
None starts a local Ray with ``jobs`` CPUs (when Ray is not already started).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a backend plays what the batch says (``Batch.rows``): no import of it at run time
    from asztal.research.batch import Batch

BACKENDS = ("local", "ray")


def chunks(todo: list[int], workers: int, most: int = 20) -> list[list[int]]:
    """Split the indices into chunks: small enough to balance the workers and show progress,
    large enough that sending them costs little."""
    size = max(1, min(most, len(todo) // (workers * 4) or 1))
    return [todo[i:i + size] for i in range(0, len(todo), size)]


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (a worker interrupted in the
    middle of handing back a result could leave the pool waiting for it forever)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # made with it blocked (LocalBackend.run): now ignored
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _play(batch: Batch, indices: list[int]) -> list[dict[str, Any]]:
    """A worker's task: the rows of some of the batch's games."""
    return batch.rows(indices)


def _play_chunk(args: tuple[Batch, list[int]]) -> list[dict[str, Any]]:
    return _play(*args)


def _pool(ctx: Any, jobs: int) -> Any:
    """A process pool made with Ctrl-C blocked in this thread: its three handler threads inherit
    the mask, so the signal always reaches the main thread, which alone stops the run (taken by a
    handler thread it only set a flag, and a main thread blocked in ``signal.pause`` or a lock
    never woke); and a worker cannot be interrupted between its fork and its initializer."""
    if not hasattr(signal, "pthread_sigmask"):
        return ctx.Pool(jobs, initializer=_ignore_interrupt)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return ctx.Pool(jobs, initializer=_ignore_interrupt)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class LocalBackend:
    """``jobs`` == 1: games one after another in this process; more: a process pool, whose
    workers are terminated and joined whenever the run stops early (Ctrl-C, an error), so no
    process is left behind."""

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError("--jobs must be at least 1")
        self.jobs = jobs

    def run(self, batch: Batch, todo: list[int]) -> Generator[list[dict[str, Any]], None, None]:
        if self.jobs == 1 or len(todo) <= 1:
            for i in todo:
                yield batch.rows([i])
            return
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        pool = _pool(ctx, self.jobs)
        finished = False
        try:
            yield from pool.imap_unordered(_play_chunk, [(batch, c) for c in chunks(todo, self.jobs)])
            finished = True
        finally:
            if finished:
                pool.close()
            else:
                pool.terminate()
            pool.join()

    def close(self, interrupted: bool) -> None:
        pass


class RayBackend:
    """Each chunk of games is a Ray task; at most twice the cluster's CPUs are in flight."""

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ValueError("the ray backend needs Ray: pip install 'asztal[ray]'") from None
        self.ray = ray
        self.owned = not ray.is_initialized()  # started here: shut down here after an interrupt
        if self.owned:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=max(1, jobs), log_to_driver=False)
        self.cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        self.task = ray.remote(_play)
        self.interrupted = False

    def run(self, batch: Batch, todo: list[int]) -> Generator[list[dict[str, Any]], None, None]:
        ray = self.ray
        batch_ref = ray.put(batch)
        queue = chunks(todo, self.cpus)
        pending: list[Any] = []
        try:
            while queue or pending:
                while queue and len(pending) < 2 * self.cpus:
                    pending.append(self.task.remote(batch_ref, queue.pop(0)))
                ready, pending = ray.wait(pending, num_returns=1)
                yield ray.get(ready[0])
        except BaseException:
            # an interrupt: ``close`` shuts down a Ray started here, which ends its tasks too;
            # cancelling them one by one races with their completion inside Ray's driver
            self.interrupted = True
            raise
        finally:
            if not self.interrupted:
                for ref in pending:
                    ray.cancel(ref)

    def close(self, interrupted: bool) -> None:
        """After an interrupt, stop the Ray this backend started (its raylet, store and
        workers), so Ctrl-C leaves no process behind; a joined cluster is left running."""
        if interrupted and self.owned and self.ray.is_initialized():
            self.ray.shutdown()


def make_backend(name: str, jobs: int = 1, address: str | None = None) -> LocalBackend | RayBackend:
    """The backend called ``name`` (``local`` or ``ray``)."""
    if name == "local":
        if address:
            raise ValueError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(jobs, address)
    raise ValueError(f"unknown backend {name!r}: use {' or '.join(BACKENDS)}")
