"""Strict JSON request bodies.

Anything that is not exactly one UTF-8 JSON document (read by
:func:`schemas.strictjson.loads_strict`) is a 400 pointing at the whole body:
``invalid_json``, or ``too_deep`` past ``JSON_MAX_DEPTH`` levels of nesting.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from referee.record import Problem
from schemas.strictjson import MAX_DEPTH, JSONError, loads_strict

_DETAILS = {
    "invalid_json": "The request body is not valid JSON.",
    "too_deep": "The request body nests arrays and objects too deeply; see errors.",
}


class InvalidJSON(BadRequest):
    """The body is not one strict JSON document; the problem points at the whole body."""

    def __init__(self, message: str, code: str = "invalid_json") -> None:
        super().__init__(_DETAILS.get(code, _DETAILS["invalid_json"]))
        self.problems = (Problem("", code, message),)


def max_depth() -> int:
    """How deep a request's JSON may nest (``JSON_MAX_DEPTH``), for the API and the pages alike."""
    depth: int = current_app.config.get("JSON_MAX_DEPTH", MAX_DEPTH)
    return depth


def parse(data: bytes) -> Any:
    """``data`` as strict JSON within this app's depth limit; ``InvalidJSON`` (400) if not."""
    try:
        return loads_strict(data, max_depth())
    except JSONError as error:
        raise InvalidJSON(str(error), error.code) from None


def json_body() -> Any:
    """The request's JSON body: 415 unless it is sent as JSON, 400 unless it parses."""
    if not request.is_json:
        raise UnsupportedMediaType(
            f"Expected Content-Type application/json, got {request.mimetype or 'none'}."
        )
    data = request.get_data(cache=False)  # 413 past MAX_CONTENT_LENGTH, when Content-Length says so
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        # Without Content-Length (chunked), Werkzeug stops reading at the limit and
        # hands over a truncated body instead of refusing it.
        raise RequestEntityTooLarge()
    return parse(data)
