"""``POST /v1/audits``: many records in, one result line each, sent as each is audited.

NDJSON in and out (``application/x-ndjson``). Each non-blank line of the body
is one record, a hand or a whole recorded game, audited by :mod:`batch.lines`
exactly as the ``audit`` command audits it, so a record gets the same answer
however it arrives. A line that is not JSON, or a record that cannot have
happened, is a result line with its located problems, never an error for the
whole request: one bad line never stops a run. Each line's explanations and suggestions
follow the request's language (``Accept-Language``: ``http_shared.language``), which the
answer names in ``Content-Language``; codes, pointers and numbers never change with it.

Who may send a batch: a key whose role may audit in bulk (an auditor's or a
director's), unless the operator opens the endpoint (``AUDITS_REQUIRE_KEY``
false). A worker runs at most ``AUDITS_CONCURRENCY`` batches at once; one more
is a 429 with ``Retry-After``, before its body is read. A batch's whole body
must arrive within ``AUDITS_BODY_SECONDS``, else a 408 ``body_timeout`` and
its place is given back: a client trickling its body cannot hold a place.

What is refused as a whole, before any line is sent, in the one error shape:
a body not sent as NDJSON or in an encoding other than ``gzip`` (415), one
over ``AUDITS_MAX_BYTES`` (decompressed), with more records than
``AUDITS_MAX_RECORDS`` or a line longer than ``MAX_CONTENT_LENGTH`` (the limit
of one record sent alone), or a gzip body that inflates more than
:data:`http_shared.encoding.GZIP_MAX_RATIO` times (413), gzip that is not gzip (400), and one with
no record at all (422: an audit of nothing would read as a clean run).

**Memory stays flat.** The body is never held whole: it streams through the
worker in 64 KiB pieces (inflated as it comes, if gzip) into a spool that
keeps its first MiB in memory and the rest in a temporary file, counting lines
and records on the way, so the refusals above come before the 200; then the
spool is audited record by record as the results are sent. Why spool rather
than answer while the body still arrives: a client that sends its whole body
before reading (most HTTP libraries) would leave both sides blocked on full
socket buffers once the results outgrew them. ``bench/audits_memory.py``
measures it.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import IO

from flask import Blueprint, Flask, Response, current_app, request
from werkzeug.exceptions import (
    RequestEntityTooLarge,
    TooManyRequests,
    UnprocessableEntity,
    UnsupportedMediaType,
)

from hearts_referee.batch import inputs, lines
from hearts_referee.batch.inputs import Line
from hearts_referee.http_shared import encoding, jsonbody, protocol
from hearts_referee.http_shared.auth import requires
from hearts_referee.http_shared.language import current, told
from hearts_referee.http_shared.requestlog import rulings, streamed
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID, Said
from hearts_referee.usecases.access import Permission

NDJSON = "application/x-ndjson"

SPOOL_IN_MEMORY = 1024 * 1024
"""Bytes of a body kept in memory; the rest of it waits in a temporary file."""

BUSY_RETRY_AFTER = 5
"""Seconds a client is told to wait when the worker runs its most batches: a batch of a
thousand hands takes a few seconds."""

_SLOTS = "audits.slots"

bp = Blueprint("audits", __name__)


class NotNDJSON(UnsupportedMediaType):
    """The body is not sent as NDJSON."""

    def __init__(self, got: str) -> None:
        super().__init__(jsonbody.expected(NDJSON))
        self.problems = (
            Problem(
                "",
                "unsupported_media_type",
                SAID.gettext("Send the records as %(media_type)s, one record a line.", media_type=NDJSON),
            ),
        )


class OverLimit(RequestEntityTooLarge):
    """The body is over one of the endpoint's limits: ``too_large`` (bytes, a line, a gzip
    ratio) or ``too_many_records``."""

    def __init__(self, code: str, message: Said) -> None:
        super().__init__(SAID.gettext("%(message)s Send the records in smaller batches.", message=message))
        self.problems = (Problem("", code, message),)

    @classmethod
    def bytes(cls, limit: int) -> OverLimit:
        """A body past ``limit`` bytes."""
        return cls("too_large", SAID.gettext("The request body exceeds %(limit)s bytes.", limit=limit))

    @classmethod
    def records(cls, most: int) -> OverLimit:
        """A body of more than ``most`` records."""
        return cls(
            "too_many_records", SAID.gettext("The request body holds more than %(most)s records.", most=most)
        )


class NoRecords(UnprocessableEntity):
    """The body holds no record: nothing but blank lines, or nothing at all."""

    def __init__(self) -> None:
        super().__init__(SAID.gettext("The request body holds no record; see errors."))
        self.problems = (Problem("", "no_records", SAID.gettext("Every line of the body is blank.")),)


class Busy(TooManyRequests):
    """This worker already runs its most batches at once."""

    problem_type = "audits_busy"

    def __init__(self, most: int) -> None:
        super().__init__(
            SAID.gettext(
                "This server is auditing %(most)s batches already; send this one again shortly.", most=most
            ),
            retry_after=BUSY_RETRY_AFTER,
        )
        self.problems = (
            Problem("", "audits_busy", SAID.gettext("at most %(most)s batches at once", most=most)),
        )


def records(body: IO[bytes]) -> Iterator[Line]:
    """Each record of the body with its line number, read as the ``audit`` command reads
    an NDJSON file (:func:`batch.inputs.ndjson`)."""
    return inputs.ndjson(body)


def _spool(pieces: Iterator[bytes], limit: int, most: int, longest: int) -> IO[bytes]:
    """The body in a spool (its first MiB in memory, the rest in a temporary file), read
    once with every limit checked on the way: ``limit`` bytes, ``most`` records, ``longest``
    bytes a line. Only the line being read is tracked: its length and whether it is blank."""
    spool: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)  # noqa: SIM115
    size = count = line = 0  # bytes so far, records so far, bytes of the line being read
    number, filled = 1, False  # the line being read, and whether it holds more than blanks

    def too_long(at: int) -> OverLimit:
        return OverLimit(
            "too_large",
            SAID.gettext(
                "Line %(line)s is longer than %(longest)s bytes, the limit of one record.",
                line=at,
                longest=longest,
            ),
        )

    try:
        for piece in pieces:
            size += len(piece)
            if size > limit:
                raise OverLimit.bytes(limit)
            spool.write(piece)
            *ended, rest = piece.split(b"\n")
            if ended:
                first, others = ended[0], ended[1:]
                if line + len(first) > longest:
                    raise too_long(number)
                if others and max(map(len, others)) > longest:
                    raise too_long(number + 1 + next(i for i, p in enumerate(others) if len(p) > longest))
                count += bool(filled or first.strip()) + sum(map(bool, map(bytes.strip, others)))
                if count > most:
                    raise OverLimit.records(most)
                number, line, filled = number + len(ended), 0, False
            line += len(rest)
            filled = filled or bool(rest.strip())
            if line > longest:
                raise too_long(number)
        count += filled
        if count > most:
            raise OverLimit.records(most)
        if count == 0:
            raise NoRecords()
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool


def _results(
    body: IO[bytes], max_depth: int, counted: Counter[str], done: Callable[[], None], language: str
) -> Iterator[bytes]:
    """The result lines of the spooled body, explained in ``language``; ``done`` once the
    last is sent (or the client went away), and again when the response closes: whichever
    comes first gives the slot back."""
    try:
        for where, raw in records(body):
            outcome = lines.audit_raw(where, raw, max_depth, language)
            counted.update(code for hand in outcome.hands for code, _ in hand.rulings)
            yield outcome.line + b"\n"
            # A batch is seconds of CPU. Let the process's other requests run between records:
            # under `serve`'s gevent workers (time.sleep is gevent's there) they share this
            # worker, and a /healthz probe waited for the whole batch (14 s for 8000 records).
            time.sleep(0)
    finally:
        body.close()
        done()


def _slot() -> Callable[[], None]:
    """A place among this worker's running batches, and the call that gives it back; 429
    when there is none (checked before the body is read)."""
    slots: threading.BoundedSemaphore = current_app.extensions[_SLOTS]
    if not slots.acquire(blocking=False):
        raise Busy(current_app.config["AUDITS_CONCURRENCY"])
    given_back = threading.Event()

    def give_back() -> None:
        if not given_back.is_set():
            given_back.set()
            slots.release()

    return give_back


@bp.post("/v1/audits")
@requires(Permission.AUDIT, unless="AUDITS_REQUIRE_KEY")
def audit_records() -> Response:
    if request.mimetype != NDJSON:
        raise NotNDJSON(request.mimetype)
    config = current_app.config
    limit = config["AUDITS_MAX_BYTES"]
    if request.content_length is not None and request.content_length > limit:
        raise OverLimit.bytes(limit)
    give_back = _slot()
    try:
        # This endpoint's limit, not the app's MAX_CONTENT_LENGTH. One byte more is read so
        # that a chunked body over the limit shows itself instead of arriving cut short.
        request.max_content_length = limit + 1
        # The place is held while the body arrives: all of it within AUDITS_BODY_SECONDS.
        with protocol.body_deadline(request.stream, config["AUDITS_BODY_SECONDS"]) as stream:
            body = _spool(
                encoding.decoded(stream), limit, config["AUDITS_MAX_RECORDS"], config["MAX_CONTENT_LENGTH"]
            )
    except RequestEntityTooLarge as error:
        give_back()
        if isinstance(error, (OverLimit, encoding.Overinflated)):
            raise
        raise OverLimit.bytes(limit) from None
    except BaseException:
        give_back()
        raise
    language = current()  # chosen here: the lines are written after the view has returned
    response = Response(_results(body, jsonbody.max_depth(), rulings(), give_back, language), mimetype=NDJSON)
    told()
    streamed()
    response.call_on_close(give_back)
    response.call_on_close(body.close)
    return response


def init_app(app: Flask) -> None:
    """The endpoint and this worker's places for running batches (``AUDITS_CONCURRENCY``)."""
    app.extensions[_SLOTS] = threading.BoundedSemaphore(app.config["AUDITS_CONCURRENCY"])
    app.register_blueprint(bp)
