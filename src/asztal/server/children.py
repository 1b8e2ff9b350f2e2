"""The server's child processes (bot workers, drawing processes) end with the server."""

from __future__ import annotations

import os


def die_with_parent(parent: int) -> None:
    """Worker initializer: on Linux ask the kernel to kill this worker when the server process
    dies, however it dies (SIGKILL included); elsewhere, and as a second guard, a thread
    watches the parent and exits when it is gone."""
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server shuts its workers down itself
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="asztal-parent-watch", daemon=True).start()
