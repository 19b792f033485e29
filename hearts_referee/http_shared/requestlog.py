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
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, Request, request
from werkzeug.wsgi import ClosingIterator

from .logs import configure
from .protocol import REFUSED

if TYPE_CHECKING:  # pragma: no cover
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

HEADER = "X-Request-ID"
LOGGER = logging.getLogger("hearts_referee.requests")

_USABLE_ID = re.compile(r"[A-Za-z0-9\-._~:/+=@]{1,128}")
_PATH_LOGGED = 256  # characters of the path kept in the line


_ID = "hearts_referee.request_id"
_KEY = "hearts_referee.key_id"
_RULINGS = "hearts_referee.rulings"
_STREAMED = "hearts_referee.streamed"
_REQUEST = "hearts_referee.request"
"""This request's id, key, rulings and whether its answer is streamed, kept in its WSGI environ,
where the line is read from once the app is done (:class:`RequestLog`)."""


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


def keyed(key_id: int | None) -> None:
    """The key this request was checked with, for its line (``auth`` and the pages' sign-in
    call it where they set ``g.key``: ``g`` is gone by the time the line is written)."""
    request.environ[_KEY] = key_id


def streamed() -> None:
    """This answer is streamed: its line waits for its last byte, so it has the whole time
    and the rulings of every record (the view that makes the stream calls it)."""
    request.environ[_STREAMED] = True


class LoggedRequest(Request):
    """Flask's request, kept in its environ for the line (Flask's own ``werkzeug.request`` is
    cleared when the request ends, before :class:`RequestLog` reads it), which drops it again."""

    def __init__(self, environ: WSGIEnvironment, *args: Any, **kwargs: Any) -> None:
        super().__init__(environ, *args, **kwargs)
        environ[_REQUEST] = self


class RequestLog:
    """Each answer's ``X-Request-ID`` and its one log line, by wrapping the WSGI app: the id is
    made (or taken) as the request comes in, appended to the headers as the answer starts, and
    the line is read from the environ when the app is done with it (or, for a streamed answer,
    when the server closes it). Flask's before and after hooks went through its context-local
    proxies and ``Response.headers`` a dozen times a request (docs/performance.md, "The
    service's own overhead")."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        pair = (HEADER, _id_of(environ))
        statuses: list[str] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append(pair)
            statuses.append(status)
            return start_response(status, headers, exc_info)

        answer = self.app(environ, start)
        sent: Request | None = environ.pop(_REQUEST, None)  # the request refers to the environ: no cycle kept
        if statuses and not environ.get(_STREAMED):
            _log(environ, sent, statuses, started)
            return answer
        # A streamed answer (or one started late): the line waits for the close, with the
        # rulings of every record (``rulings`` is this request's own Counter, filled as it runs).
        return ClosingIterator(answer, lambda: _log(environ, sent, statuses, started))


def _log(environ: WSGIEnvironment, sent: Request | None, statuses: list[str], started: float) -> None:
    """The request's line, at the level its status asks for: none when that level is off
    (``LOG_LEVEL=WARNING``), and then nothing is built."""
    status = int(statuses[-1][:3]) if statuses else 500
    level = logging.ERROR if status >= 500 else logging.INFO
    if LOGGER.isEnabledFor(level):
        _emit(_line(environ, sent, status), started, environ.get(_RULINGS), level)


def _line(environ: WSGIEnvironment, sent: Request | None, status: int) -> dict[str, Any]:
    rule = sent.url_rule if sent is not None else None
    line: dict[str, Any] = {
        "request_id": _id_of(environ),
        "key_id": environ.get(_KEY),
        "method": environ.get("REQUEST_METHOD"),
        "route": rule.rule if rule is not None else None,
        "path": (sent.path if sent is not None else environ.get("PATH_INFO", ""))[:_PATH_LOGGED],
        "status": status,
        "remote_addr": environ.get("REMOTE_ADDR"),
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
    """The id and the line of every answer (:class:`RequestLog` around the app's WSGI app).

    ``LOG_LEVEL`` (``FLASK_LOG_LEVEL``: DEBUG, INFO, WARNING, ERROR) sets how much is written.
    """
    configure(app)
    app.request_class = LoggedRequest
    app.wsgi_app = RequestLog(app.wsgi_app)  # type: ignore[method-assign]
