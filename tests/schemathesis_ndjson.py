"""NDJSON for schemathesis: ``POST /v1/audits`` speaks it, and schemathesis does not.

Importing this module registers the serializer (the body is sent as the
text it is) and the deserializer (the result stream read back as the array
of lines the spec shows), for the in-process and the live-server runs alike.
"""

from __future__ import annotations

import json

import schemathesis

NDJSON = "application/x-ndjson"


@schemathesis.serializer(NDJSON)
def ndjson_body(ctx, value):
    """An NDJSON body is text, sent as UTF-8. A value that is not text (negative cases turn
    the body's string into numbers, lists, objects) has no NDJSON form, so nothing is sent:
    an empty body, which the endpoint must refuse (422 ``no_records``)."""
    return value.encode("utf-8") if isinstance(value, str) else None


@schemathesis.deserializer(NDJSON)
def ndjson_lines(ctx, response):
    """A result stream as the spec shows it: the array of its lines, each one JSON document
    ending with LF (a stream that is not exactly that fails here, before the schema)."""
    body = response.content
    if not body.endswith(b"\n"):
        raise ValueError("an NDJSON stream ends every line, the last included, with LF")
    return [json.loads(line) for line in body[:-1].split(b"\n")]
