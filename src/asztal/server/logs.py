"""The server's logs as JSON lines (``asztal serve --json-logs`` or ``ASZTAL_JSON_LOGS=1``): one
object per record on standard error, with ``time``, ``level``, ``logger`` and ``message`` (and
an exception's traceback in ``exc_info``), for a log collector to read without parsing text.

Without the flag the logs are uvicorn's usual text lines. Either way uvicorn logs warnings and
errors only; the server's own logger (``asztal.server``) logs its start and what went wrong.
"""

from __future__ import annotations

import os
from typing import Any


def wanted() -> bool:
    """``ASZTAL_JSON_LOGS=1`` in the environment (the flag sets it the same way)."""
    return os.environ.get("ASZTAL_JSON_LOGS", "") == "1"


def config(json_logs: bool) -> dict[str, Any] | None:
    """uvicorn's ``log_config``: JSON lines for every logger, or None for uvicorn's own."""
    if not json_logs:
        return None
    to_stderr = {"handlers": ["stderr"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
        "loggers": {
            "uvicorn": to_stderr, "uvicorn.error": {"level": "INFO"}, "uvicorn.access": to_stderr,
            "asztal": {**to_stderr, "level": "INFO"},
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
    }
