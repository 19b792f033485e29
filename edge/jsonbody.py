"""Strict JSON request bodies.

Python's ``json`` accepts things JSON does not (``NaN``, ``Infinity``,
``1e999`` as infinity) and silently keeps the last of two equal keys; a
referee must not guess which ``"variant"`` a record meant. Anything that is
not exactly one UTF-8 JSON document is a 400 pointing at the whole body.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from referee.record import Problem


class InvalidJSON(BadRequest):
    """The body is not one strict JSON document; the problem points at the whole body."""

    def __init__(self, message: str) -> None:
        super().__init__("The request body is not valid JSON.")
        self.problems = (Problem("", "invalid_json", message),)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text} is out of range")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key!r}")
            seen.add(key)
    return result


def loads_strict(data: bytes) -> Any:
    """Parse one JSON document from UTF-8 bytes; ``ValueError`` says why not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"the body is not UTF-8 ({error.reason} at byte {error.start})") from None
    try:
        return json.loads(
            text,
            parse_constant=_no_constants,
            parse_float=_finite,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError:
        raise ValueError("the document is nested too deeply") from None


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
