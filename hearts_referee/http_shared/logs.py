"""The service's logs: one JSON object per line on stderr, through the standard ``logging``.

Every line has ``time`` (UTC, ISO 8601, ms), ``level``, ``logger`` and
``message``; a request's line adds its fields (``http_shared.requestlog``), an
error its ``exception`` (the traceback, as one string). The app's own loggers
(``hearts_referee.*`` and Flask's ``app.logger``, which logs a 500's
traceback) write here; ``hearts-referee serve`` sends gunicorn's through the
same formatter (``cli.serve``), so stderr is JSON throughout.

``LOG_LEVEL`` (``FLASK_LOG_LEVEL``) is the least level written: ``DEBUG``,
``INFO`` (the default: one line per request), ``WARNING``, ``ERROR``.
"""

from __future__ import annotations

import logging
import math
import sys
from datetime import UTC, datetime
from typing import Any

from flask import Flask

from hearts_referee.schemas.strictjson import dumps

ROOT = "hearts_referee"
"""The loggers of the service are this one's children."""

DEFAULT_LEVEL = "INFO"


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON: its time, level, logger, message, and its fields."""

    def __init__(self) -> None:
        super().__init__()
        self._second = -1
        self._stamp = ""

    def _time(self, created: float) -> str:
        """``2026-12-06T22:13:51.123+00:00``: the date and time to the second made once a
        second, the milliseconds added to it (a ``datetime`` a line was half the formatting)."""
        fraction, whole = math.modf(created)
        micro = round(fraction * 1e6)  # as datetime.fromtimestamp rounds it
        second = int(whole)
        if micro >= 1_000_000:
            second, micro = second + 1, micro - 1_000_000
        elif micro < 0:  # pragma: no cover  # before 1970
            second, micro = second - 1, micro + 1_000_000
        if second != self._second:
            self._second = second
            self._stamp = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        return f"{self._stamp}.{micro // 1000:03d}+00:00"

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self._time(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        return dumps(line, default=str).decode("utf-8")  # orjson, for speed: docs/performance.md


class StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is when a line is written (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self.setFormatter(JsonFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


HANDLER = StderrHandler()
"""The one handler, shared by every app in the process (so lines are never written twice)."""


def level_of(name: object) -> int:
    """A level by name (``info``, ``WARNING``...); ``ValueError`` names the ones there are."""
    known = logging.getLevelNamesMapping()
    found = known.get(str(name).upper())
    if found is None or str(name).upper() in {"NOTSET", "WARN", "FATAL"}:
        raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {name!r}")
    return found


def configure(app: Flask) -> None:
    """Send the service's loggers and Flask's ``app.logger`` to :data:`HANDLER` at ``LOG_LEVEL``."""
    level = level_of(app.config.get("LOG_LEVEL", DEFAULT_LEVEL))
    for logger in (logging.getLogger(ROOT), app.logger):
        for handler in list(logger.handlers):
            if handler is not HANDLER:
                logger.removeHandler(handler)  # Flask's default (plain text) handler
        if HANDLER not in logger.handlers:
            logger.addHandler(HANDLER)
        logger.setLevel(level)
        logger.propagate = False
