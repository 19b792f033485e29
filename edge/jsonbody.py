"""Strict JSON request bodies.

Anything that is not exactly one UTF-8 JSON document (read by
:func:`schemas.strictjson.loads_strict`) is a 400 pointing at the whole body.
"""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from referee.record import Problem
from schemas.strictjson import loads_strict


class InvalidJSON(BadRequest):
    """The body is not one strict JSON document; the problem points at the whole body."""

    def __init__(self, message: str) -> None:
        super().__init__("The request body is not valid JSON.")
        self.problems = (Problem("", "invalid_json", message),)


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
    try:
        return loads_strict(data)
    except ValueError as error:
        raise InvalidJSON(str(error)) from None
