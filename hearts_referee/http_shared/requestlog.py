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
import re
import time
import uuid
from collections import Counter
from typing import Any

from flask import Flask, Response, g, request

from .logs import configure
from .protocol import REFUSED

HEADER = "X-Request-ID"
LOGGER = logging.getLogger("hearts_referee.requests")

_USABLE_ID = re.compile(r"[A-Za-z0-9\-._~:/+=@]{1,128}")
_PATH_LOGGED = 256  # characters of the path kept in the line


def request_id() -> str:
    """This request's id: the client's, if usable, else a new one (made once per request)."""
    if "request_id" not in g:
        sent = request.headers.get(HEADER, "")
        g.request_id = sent if _USABLE_ID.fullmatch(sent) else uuid.uuid4().hex
    found: str = g.request_id
    return found


def rulings() -> Counter[str]:
    """This request's count of rulings by code, shown in its log line: an audit adds to it.

    Made on first call; a streamed answer takes it before the stream starts, and adds
    to it as each record is audited (no request context needed by then).
    """
    if g.get("rulings") is None:
        g.rulings = Counter()
    counted: Counter[str] = g.rulings
    return counted


def _start() -> None:
    g.started = time.perf_counter()
    request_id()


def _finish(response: Response) -> Response:
    response.headers[HEADER] = request_id()
    line = _line(response)
    started: float = g.get("started", time.perf_counter())
    rulings: Counter[str] | None = g.get("rulings")
    if response.is_streamed:
        # The line waits for the stream's end: its time and the rulings of every record
        # (``rulings`` is this request's own Counter, still filled while the stream runs).
        response.call_on_close(lambda: _emit(line, started, rulings))
    else:
        _emit(line, started, rulings)
    return response


def _line(response: Response) -> dict[str, Any]:
    key = g.get("key")
    rule = request.url_rule
    line: dict[str, Any] = {
        "request_id": request_id(),
        "key_id": getattr(key, "id", None),
        "method": request.method,
        "route": rule.rule if rule is not None else None,
        "path": request.path[:_PATH_LOGGED],
        "status": response.status_code,
        "remote_addr": request.remote_addr,
    }
    refused = request.environ.get(REFUSED)
    if refused is not None:  # the server refused it before it was a request (edge.protocol)
        line.update(method=None, path=None, refused=refused.code)
    return line


def _emit(line: dict[str, Any], started: float, rulings: Counter[str] | None) -> None:
    line["duration_ms"] = round((time.perf_counter() - started) * 1000, 2)
    if rulings is not None:
        line["rulings"] = dict(sorted(rulings.items()))
    level = logging.ERROR if line["status"] >= 500 else logging.INFO
    if not LOGGER.isEnabledFor(level):
        return
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
