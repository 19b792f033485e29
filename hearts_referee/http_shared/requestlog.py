"""Each request's id (``X-Request-ID``, in and out) and its one log line, as JSON on stderr.

Every response, API and pages alike, carries ``X-Request-ID``: the client's
own when it sent a usable one (1 to 128 characters of letters, digits and
``-._~:/+=@``), else a new one (32 hex digits). A value outside those rules is
replaced, never refused: a tracing header must not cost a request. The id is
in the request's log line, so an operator finds the line a client quotes.

The line is one JSON object (``http_shared.logs``) on the ``hearts_referee.requests``
logger, written when the response is complete (for a streamed answer, when
its last line has gone): the id, the key's number if a key was checked, the
method, the route's rule (``/v1/hands/<id:hand_id>``, not the path with its
number, so lines group by route; ``null`` when nothing matched), the path, the
status, the client's address (a proxy's, unless ``TRUSTED_PROXIES`` says how
many to look behind: ``http_shared.proxies``), the time taken in ms, and for the
audits (``/v1/hands/validate``, ``/v1/games/validate``, ``/v1/audits``) the
rulings found, counted by code.
A 5xx is logged at ERROR, everything else at INFO.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections import Counter
from typing import Any

from flask import Flask, Request, Response, g, request

from .logs import configure
from .protocol import REFUSED

HEADER = "X-Request-ID"
LOGGER = logging.getLogger("hearts_referee.requests")

_USABLE_ID = re.compile(r"[A-Za-z0-9\-._~:/+=@]{1,128}")
_PATH_LOGGED = 256  # characters of the path kept in the line


_ID = "hearts_referee.request_id"
_STARTED = "hearts_referee.started"
_RULINGS = "hearts_referee.rulings"
"""This request's id, start time and rulings, kept in its WSGI environ: one dict, read without
the context-local lookups ``g`` costs on each access (docs/performance.md, "The service's own
overhead")."""


def _id_of(environ: dict[str, Any]) -> str:
    found: str | None = environ.get(_ID)
    if found is None:
        sent = environ.get("HTTP_X_REQUEST_ID", "")
        found = environ[_ID] = sent if _USABLE_ID.fullmatch(sent) else os.urandom(16).hex()
    return found


def request_id() -> str:
    """This request's id: the client's, if usable, else a new one (made once per request)."""
    return _id_of(request.environ)


def rulings() -> Counter[str]:
    """This request's count of rulings by code, shown in its log line: an audit adds to it.

    Made on first call; a streamed answer takes it before the stream starts, and adds
    to it as each record is audited (no request context needed by then).
    """
    environ = request.environ
    counted: Counter[str] | None = environ.get(_RULINGS)
    if counted is None:
        counted = environ[_RULINGS] = Counter()
    return counted


def _start() -> None:
    request.environ[_STARTED] = time.perf_counter()


def _finish(response: Response) -> Response:
    environ = request.environ
    response.headers[HEADER] = _id_of(environ)
    status = response.status_code
    level = logging.ERROR if status >= 500 else logging.INFO
    if not LOGGER.isEnabledFor(level):  # LOG_LEVEL=WARNING: no line to build
        return response
    line = _line(request, response, environ)
    started: float = environ.get(_STARTED) or time.perf_counter()
    counted: Counter[str] | None = environ.get(_RULINGS)
    if response.is_streamed:
        # The line waits for the stream's end: its time and the rulings of every record
        # (``rulings`` is this request's own Counter, still filled while the stream runs).
        response.call_on_close(lambda: _emit(line, started, counted, level))
    else:
        _emit(line, started, counted, level)
    return response


def _line(sent: Request, response: Response, environ: dict[str, Any]) -> dict[str, Any]:
    key = g.get("key")
    rule = sent.url_rule
    line: dict[str, Any] = {
        "request_id": _id_of(environ),
        "key_id": getattr(key, "id", None),
        "method": sent.method,
        "route": rule.rule if rule is not None else None,
        "path": sent.path[:_PATH_LOGGED],
        "status": response.status_code,
        "remote_addr": sent.remote_addr,
    }
    refused = environ.get(REFUSED)
    if refused is not None:  # the server refused it before it was a request (edge.protocol)
        line.update(method=None, path=None, refused=refused.code)
    return line


def _emit(line: dict[str, Any], started: float, counted: Counter[str] | None, level: int) -> None:
    line["duration_ms"] = round((time.perf_counter() - started) * 1000, 2)
    if counted is not None:
        line["rulings"] = dict(sorted(counted.items()))
    args: tuple[Any, ...]
    if "refused" in line:
        message, args = "refused %s %s", (line["refused"], line["status"])
    else:
        message, args = "%s %s %s", (line["method"], line["route"] or line["path"], line["status"])
    # The record made and handed to the handlers directly, as ``LOGGER.log`` would, less
    # its search up the stack for the caller's file and line, which the line does not show.
    record = LOGGER.makeRecord(LOGGER.name, level, __file__, 0, message, args, None, extra={"fields": line})
    LOGGER.handle(record)


def init_app(app: Flask) -> None:
    """Start the clock and the id before anything else, and log each response once.

    ``LOG_LEVEL`` (``FLASK_LOG_LEVEL``: DEBUG, INFO, WARNING, ERROR) sets how much is written.
    """
    configure(app)
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
