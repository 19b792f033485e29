"""The gunicorn worker ``hearts-referee serve`` runs: gevent, so a slow client costs a greenlet,
and every refusal the HTTP layer makes is answered by the app, as problem+json.

**Why gevent.** A sync worker is one request at a time: two clients that send
their headers and then trickle (or stall) their body hold both workers of a
two-core machine, and the service stops answering, ``/healthz`` included.
A gthread worker only moves the limit to its thread count (a thread blocks
reading a slow body). Under gevent each connection is a greenlet that waits
for its bytes without holding anything else up, up to ``worker_connections``
(1000) per worker; the workers are still processes, one per core, so the
audits (pure CPU) use every core as before. Measured in ``bench/server.py``.

**Time limits.** Headers must arrive within gunicorn's keep-alive time (2 s;
gunicorn drops the connection silently past it). A body that goes silent for
``client_timeout`` seconds is a 408 (:class:`http_shared.protocol.TimedInput`): the
socket's timeout surfaces as a read error inside the request, and the app
answers it. A body that never goes silent that long but arrives too slowly
(a byte every few seconds) is held to a whole-body deadline where a view sets
one (``POST /v1/audits``, ``AUDITS_BODY_SECONDS``): the worker lends the app
its alarm clock, a gevent timeout that interrupts the read where it blocks
(:func:`alarm`), and the app answers a 408.

**Refusals.** A request line over ``limit_request_line`` (414), too many or
too long header fields (431), or a line that is not HTTP (400) are found by
gunicorn's parser before there is a request. gunicorn would write an HTML
page; :meth:`RefereeWorker.handle_error` asks the app instead, with a
stand-in request carrying the refusal (``http_shared.protocol``), and sends the
app's answer with ``Connection: close``.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable, MutableMapping
from contextlib import AbstractContextManager
from email.utils import formatdate
from typing import Any

import gevent
from gunicorn.http import errors as http_errors
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.test import EnvironBuilder

from hearts_referee.http_shared.protocol import ALARM, BODY_TIMEOUT, REFUSED, Refused, TimedInput
from hearts_referee.referee.translator import SAID

YIELD = 0.0001
"""Seconds a greenlet sleeps after each request, so the worker's other connections get a turn."""

_MESSAGE_CHARS = 200  # of gunicorn's own description (it may quote what the client sent)

_HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding"}

_APP_FAULTS: tuple[type[BaseException], ...] = tuple(
    getattr(http_errors, name)
    for name in ("InvalidResponseHeader", "InvalidResponseHeaderName")  # gunicorn 24 and later
    if hasattr(http_errors, name)
)


def refusal(error: BaseException, cfg: Any) -> Refused | None:
    """What the parser's ``error`` means to the client, or ``None`` if it is not the client's doing."""
    if isinstance(error, _APP_FAULTS):
        return None  # the app's own response was bad: gunicorn's 500
    if isinstance(error, http_errors.LimitRequestLine):
        return Refused(
            414,
            "request_line_too_long",
            SAID.gettext(
                "The request line is longer than %(limit)s bytes; shorten the URL.",
                limit=cfg.limit_request_line,
            ),
        )
    if isinstance(error, http_errors.LimitRequestHeaders):
        return Refused(
            431,
            "headers_too_large",
            SAID.gettext(
                "The request has more than %(fields)s header fields, or one longer than %(size)s bytes.",
                fields=cfg.limit_request_fields,
                size=cfg.limit_request_field_size,
            ),
        )
    if isinstance(error, http_errors.ExpectationFailed):
        return Refused(417, "expectation_failed", SAID.gettext("Only Expect: 100-continue is understood."))
    if isinstance(error, http_errors.UnsupportedTransferCoding):
        return Refused(
            501, "unsupported_transfer_coding", SAID.gettext("Only chunked transfer coding is understood.")
        )
    if isinstance(error, http_errors.ForbiddenProxyRequest):
        return Refused(403, "forbidden_proxy", SAID.gettext("This address may not send proxy headers."))
    if isinstance(error, http_errors.ConfigurationProblem):
        return None  # the server's own configuration: gunicorn's 500
    if isinstance(error, http_errors.ParseException):
        description = str(error)[:_MESSAGE_CHARS]
        return Refused(
            400,
            "malformed_request",
            SAID.gettext("The request is not valid HTTP/1.1: %(why)s", why=description),
        )
    return None


def alarm(seconds: float, late: BaseException) -> AbstractContextManager[object]:
    """The server's alarm clock (``http_shared.protocol.ALARM``): ``late`` raised into the
    request's greenlet once ``seconds`` have passed, even in the middle of a read."""
    timeout: AbstractContextManager[object] = gevent.Timeout(seconds, late)
    return timeout


def answer(app: Callable[..., Iterable[bytes]], refused: Refused, addr: Any) -> bytes:
    """The app's whole HTTP response to a stand-in request carrying ``refused``."""
    environ = EnvironBuilder(path="/", method="GET").get_environ()
    environ[REFUSED] = refused
    if isinstance(addr, tuple) and addr:
        environ["REMOTE_ADDR"] = str(addr[0])
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        started[:] = [status, headers]

    chunks = app(environ, start_response)
    try:
        body = b"".join(chunks)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    status, headers = started
    head = [f"HTTP/1.1 {status}"]
    head += [f"{name}: {value}" for name, value in headers if name.lower() not in _HOP_BY_HOP]
    head += [f"Date: {formatdate(usegmt=True)}", "Connection: close", "", ""]
    return "\r\n".join(head).encode("latin-1") + body


class RefereeWorker(GeventWorker):
    """gunicorn's gevent worker, with the app answering the parser's refusals and a body timeout."""

    client_timeout = BODY_TIMEOUT

    def load_wsgi(self) -> None:
        super().load_wsgi()
        app = self.wsgi
        seconds = self.client_timeout

        def timed(
            environ: MutableMapping[str, Any],
            start_response: Callable[[str, Iterable[tuple[str, str]]], None],
        ) -> Iterable[bytes]:
            environ["wsgi.input"] = TimedInput(environ["wsgi.input"], seconds)
            environ[ALARM] = alarm
            return app(environ, start_response)

        self.app_itself = app
        self.wsgi = timed

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        # GeventWorker.handle makes the socket blocking with no time limit; a limit makes a
        # stalled body surface as a TimeoutError inside the request (a 408, edge.protocol).
        client.settimeout(self.client_timeout)
        AsyncWorker.handle(self, listener, client, addr)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            # A greenlet only yields when it would block. A keep-alive client that sends its
            # next request at once would otherwise be served again and again while the
            # worker's other connections (a /healthz probe among them) wait their turn.
            # A positive sleep resumes this one on the loop's next turn, after the loop has
            # polled for I/O (sleep(0) may resume it before, and /healthz then waits:
            # docs/performance.md, "Why the code is shaped so").
            gevent.sleep(YIELD)

    def handle_error(self, req: Any, client: socket.socket, addr: Any, exc: BaseException) -> None:
        refused = refusal(exc, self.cfg)
        if refused is None:
            super().handle_error(req, client, addr, exc)
            return
        try:
            response = answer(self.app_itself, refused, addr)
        except Exception:
            self.log.exception("The app could not answer a refused request")
            super().handle_error(req, client, addr, exc)
            return
        try:
            client.sendall(response)
        except OSError:
            self.log.debug("Failed to send the refusal of a request.")
