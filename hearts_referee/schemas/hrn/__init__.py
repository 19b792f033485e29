"""HRN, the Hearts Record Notation: a hand record in a few lines of text (docs/notation.md).

A codec between the text and the JSON record format (``HandRecord`` in openapi.yaml), as
the dicts a client sends: :func:`read` is forgiving and says what it forgave or left out
(:class:`Diagnostic`, codes in :data:`NOTATION_CODES`); :func:`write_hand` writes the one
canonical text of a record, whose SHA-256 is the hand's :func:`content_id`. The rules core
never imports this: it reads records, whichever text they came in.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from .reader import ReadHand, Reading, read
from .syntax import NOTATION_CODES, Diagnostic
from .writer import content_id, table_tags, write_hand, write_hands

MEDIA_TYPE = "text/x-hrn"
"""The media type of an HRN text."""


def read_notation(text: str) -> tuple[list[dict[str, Any]], list[Diagnostic]]:
    """The hand records an HRN text holds (dicts in the JSON record format) and the
    diagnostics: a hand any ``error`` diagnostic names is incomplete (what did not read is
    left out of its record, never guessed)."""
    reading = read(text)
    return reading.records, reading.diagnostics


def write_notation(record: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> str:
    """A hand record (a dict in the JSON record format) in canonical HRN; a list of records,
    the hands of a game, as one file."""
    if isinstance(record, Mapping):
        return write_hand(record)
    return write_hands(record)


__all__ = [
    "MEDIA_TYPE",
    "NOTATION_CODES",
    "Diagnostic",
    "ReadHand",
    "Reading",
    "content_id",
    "read",
    "read_notation",
    "table_tags",
    "write_hand",
    "write_hands",
    "write_notation",
]
