"""The validation result: a judged hand as JSON (see ``ValidationResult`` in openapi.yaml).

One writer per field (``schemas.plain.result``: :data:`RESULT_FIELDS`, :data:`RULING_FIELDS`,
:data:`MOON_FIELDS`) writes it for every face (the API, the pages, the CLI, the bulk audit, an
archive). The schemas declaring the shape openapi.yaml is checked against are made here from
those same writers, so the declared schema and :func:`dump_result`, which writes a result in
one pass, cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from marshmallow import Schema, fields

from .plain.result import (
    MOON_FIELDS,
    RESULT_FIELDS,
    RULING_FIELDS,
    dump_deal,
    dump_kitty,
    dump_penalty,
    dump_result,
    dump_rulings,
    encode,
)


def encoded(encoders: Mapping[str, Callable[[Any], Any]], name: str) -> type[Schema]:
    """The schema declaring ``encoders``' fields, each dumped by its writer: the declared
    shape (``tests/test_openapi.py`` holds openapi.yaml to it) and :func:`encode` cannot
    differ, for there is one writer per field."""
    return Schema.from_dict({field: fields.Function(write) for field, write in encoders.items()}, name=name)


RulingSchema = encoded(RULING_FIELDS, "RulingSchema")
MoonSchema = encoded(MOON_FIELDS, "MoonSchema")
ValidationResultSchema = encoded(RESULT_FIELDS, "ValidationResultSchema")
"""What ``POST /v1/hands/validate`` answers for a well-formed record, and the ``audit`` of a
stored hand: both are a :class:`rulings.audit.HandAudit`."""

__all__ = [
    "MOON_FIELDS",
    "RESULT_FIELDS",
    "RULING_FIELDS",
    "MoonSchema",
    "RulingSchema",
    "ValidationResultSchema",
    "dump_deal",
    "dump_kitty",
    "dump_penalty",
    "dump_result",
    "dump_rulings",
    "encode",
    "encoded",
]
