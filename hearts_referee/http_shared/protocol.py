"""What the HTTP server refuses on the app's behalf, answered in the app's own error shape.

Some requests never reach a view: the server cannot parse them (a request
line over its limit, too many or too long header fields, a malformed line),
or their body stops arriving half way. The server (``cli.worker``) does not
write an error page of its own for those: it asks the app to answer a
stand-in request carrying :data:`REFUSED` in its WSGI environ, and the hook
:func:`init_app` installs raises the matching :class:`ServerRefusal`, so the
client gets problem+json like any other error (with its ``X-Request-ID``, and
one log line), and the shape is built in one place.

A body that stops arriving is the same idea from inside a request:
:class:`TimedInput` turns the server's read timeout into a 408. A body that
keeps arriving too slowly (a byte every few seconds, never silent long enough
for that timeout) is held to a whole-body deadline where a view asks for one
(:func:`body_deadline`, ``POST /v1/audits``): a 408 once it has passed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, NamedTuple, Protocol

from flask import Flask, request
from werkzeug.exceptions import HTTPException, RequestTimeout

from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID

BODY_TIMEOUT = 15.0
"""Seconds a client may go silent in the middle of its body before a 408 (``serve --client-timeout``)."""

REFUSED = "hearts_referee.refused"
"""The WSGI environ key of a request the server refused: a :class:`Refused`."""

ALARM = "hearts_referee.alarm"
"""The WSGI environ key of the server's alarm clock, if it has one: a callable taking seconds
and an exception, returning a context manager that raises the exception into the request
once the seconds have passed, however its reads block (``cli.worker``: a gevent timeout).
Without one (the development server, the test client) a deadline is checked between reads."""

Alarm = Callable[[float, BaseException], AbstractContextManager[object]]


class Reader(Protocol):
    """What a body is read from: ``read(size)``, ``b""`` at its end."""

    def read(self, __size: int = -1) -> bytes: ...  # positional, as IO.read


class Refused(NamedTuple):
    """Why the server refused a request: the status, a problem code and its message."""

    status: int
    code: str
    message: str


class ServerRefusal(HTTPException):
    """A request the HTTP server could not take (400, 414, 431...), as an HTTP error of the app."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.message)
        self.code = refused.status
        self.problems = (Problem("", refused.code, refused.message),)


class BodyTimeout(RequestTimeout):
    """The client stopped sending its body for longer than the server waits."""

    def __init__(self, seconds: float) -> None:
        message = SAID.gettext(
            "The request body stopped arriving for %(seconds)s s; send it again, whole.",
            seconds=format(seconds, "g"),
        )
        super().__init__(message)
        self.problems = (Problem("", "body_timeout", message),)


class BodyLate(RequestTimeout):
    """The client took longer than the view's deadline to send its whole body."""

    def __init__(self, seconds: float) -> None:
        message = SAID.gettext(
            "The request body did not arrive whole within %(seconds)s s; send it again, faster.",
            seconds=format(seconds, "g"),
        )
        super().__init__(message)
        self.problems = (Problem("", "body_timeout", message),)


class _Deadline:
    """``stream`` whose reads are refused (:class:`BodyLate`) once ``at`` (monotonic) has passed."""

    def __init__(self, stream: Reader, at: float, seconds: float) -> None:
        self._stream, self._at, self._seconds = stream, at, seconds

    def read(self, size: int = -1) -> bytes:
        if time.monotonic() > self._at:
            raise BodyLate(self._seconds)
        data = self._stream.read(size)
        if data and time.monotonic() > self._at:
            raise BodyLate(self._seconds)
        return data


@contextmanager
def body_deadline(stream: Reader, seconds: float) -> Iterator[Reader]:
    """``stream`` to be read whole within ``seconds``, else a 408 :class:`BodyLate`: under the
    server's alarm (:data:`ALARM`) even in the middle of a read that blocks, and in any case
    between reads. Read it inside the ``with``; leaving it stops the clock."""
    late = BodyLate(seconds)
    alarm: Alarm | None = request.environ.get(ALARM)
    clock = alarm(seconds, late) if alarm is not None else nullcontext()
    with clock:
        yield _Deadline(stream, time.monotonic() + seconds, seconds)


class TimedInput:
    """``wsgi.input`` whose reads time out as the server's socket does, turned into a 408.

    The server gives each socket a timeout; a client that holds a request open
    without sending makes a read raise ``TimeoutError``, which this turns into
    :class:`BodyTimeout` so the view's usual error path answers it.
    """

    def __init__(self, stream: Any, seconds: float) -> None:
        self._stream = stream
        self._seconds = seconds

    def read(self, size: int | None = None) -> bytes:
        try:
            data: bytes = self._stream.read(size) if size is not None else self._stream.read()
        except TimeoutError:
            raise BodyTimeout(self._seconds) from None
        return data

    def readline(self, size: int | None = None) -> bytes:
        try:
            line: bytes = self._stream.readline(size) if size is not None else self._stream.readline()
        except TimeoutError:
            raise BodyTimeout(self._seconds) from None
        return line

    def readlines(self, hint: int | None = None) -> list[bytes]:
        return list(iter(self.readline, b""))

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")


def _refused_by_server() -> None:
    refused = request.environ.get(REFUSED)
    if refused is not None:
        raise ServerRefusal(refused)


def init_app(app: Flask) -> None:
    """Answer the server's stand-in requests with the refusal they carry, before routing can
    turn them into a 404 (wire it before the hooks that would look at such a request)."""
    app.before_request(_refused_by_server)
