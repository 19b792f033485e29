"""Strict JSON: exactly one UTF-8 JSON document, nothing Python's ``json`` would guess.

Python's ``json`` accepts things JSON does not (``NaN``, ``Infinity``,
``1e999`` as infinity) and silently keeps the last of two equal keys; a
referee must not guess which ``"variant"`` a record meant. Request bodies
(``edge.jsonbody``), the check page and every line of a bulk audit are read
here.
"""

from __future__ import annotations

import json
import math
from typing import Any


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
