"""``POST /v1/audits``: many records in, one result line each, sent as each is audited.

NDJSON in and out (``application/x-ndjson``). Each non-blank line of the body
is one record, a hand or a whole recorded game, audited by :mod:`batch.lines`
exactly as the ``audit`` command audits it, so a record gets the same answer
however it arrives. A line that is not JSON, or a record that cannot have
happened, is a result line with its located problems, never an error for the
whole request: one bad line never stops a run.

What is refused as a whole, before any line is sent, in the one error shape:
a body not sent as NDJSON (415), one over ``AUDITS_MAX_BYTES`` or with more
records than ``AUDITS_MAX_RECORDS`` (413), and one with no record at all
(422: an audit of nothing would read as a clean run). The body is read whole
(up to the byte limit) so that these answers come before the 200.
"""

from __future__ import annotations

import io
import time
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge, UnprocessableEntity, UnsupportedMediaType

from hearts_referee.batch import inputs, lines
from hearts_referee.batch.inputs import Item
from hearts_referee.http_shared import jsonbody
from hearts_referee.http_shared.auth import requires
from hearts_referee.http_shared.requestlog import rulings
from hearts_referee.referee.record import Problem
from hearts_referee.usecases.access import Permission

NDJSON = "application/x-ndjson"

bp = Blueprint("audits", __name__)


class NotNDJSON(UnsupportedMediaType):
    """The body is not sent as NDJSON."""

    def __init__(self, got: str) -> None:
        super().__init__(f"Expected Content-Type {NDJSON}, got {got or 'none'}.")
        self.problems = (
            Problem("", "unsupported_media_type", f"Send the records as {NDJSON}, one record a line."),
        )


class OverLimit(RequestEntityTooLarge):
    """The body is over one of the endpoint's limits: ``too_large`` (bytes) or ``too_many_records``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} Send the records in smaller batches.")
        self.problems = (Problem("", code, message),)


class NoRecords(UnprocessableEntity):
    """The body holds no record: nothing but blank lines, or nothing at all."""

    def __init__(self) -> None:
        super().__init__("The request body holds no record; see errors.")
        self.problems = (Problem("", "no_records", "Every line of the body is blank."),)


def records(body: bytes) -> Iterator[Item]:
    """Each record of the body with its line number, read as the ``audit`` command reads
    an NDJSON file (:func:`batch.inputs.ndjson`)."""
    return inputs.ndjson(io.BytesIO(body))


def _body(limit: int) -> bytes:
    """The whole body, or 413 past ``limit`` bytes, with or without Content-Length."""
    too_large = OverLimit("too_large", f"The request body exceeds {limit} bytes.")
    if request.content_length is not None and request.content_length > limit:
        raise too_large
    # This endpoint's limit, not the app's MAX_CONTENT_LENGTH. One byte more is read so
    # that a chunked body over the limit shows itself instead of arriving cut short.
    request.max_content_length = limit + 1
    body = request.get_data(cache=False)
    if len(body) > limit:
        raise too_large
    return body


def _results(body: bytes, max_depth: int, counted: Counter[str]) -> Iterator[bytes]:
    for where, raw in records(body):
        outcome = lines.audit_raw(where, raw, max_depth)
        counted.update(code for hand in outcome.hands for code, _ in hand.rulings)
        yield outcome.line + b"\n"
        # A batch is seconds of CPU. Let the process's other requests run between records:
        # under `serve`'s gevent workers (time.sleep is gevent's there) they share this
        # worker, and a /healthz probe waited for the whole batch (14 s for 8000 records).
        time.sleep(0)


@bp.post("/v1/audits")
@requires(Permission.VALIDATE, unless="VALIDATE_REQUIRES_KEY")
def audit_records() -> Response:
    if request.mimetype != NDJSON:
        raise NotNDJSON(request.mimetype)
    body = _body(current_app.config["AUDITS_MAX_BYTES"])
    most = current_app.config["AUDITS_MAX_RECORDS"]
    if next(islice(records(body), most, None), None) is not None:
        raise OverLimit("too_many_records", f"The request body holds more than {most} records.")
    if next(records(body), None) is None:
        raise NoRecords()
    return Response(_results(body, jsonbody.max_depth(), rulings()), mimetype=NDJSON)
