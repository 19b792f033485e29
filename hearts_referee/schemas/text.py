"""Free text and seat ids as the codecs' marshmallow fields.

The rules are the core's (``referee.text``): :func:`clean` makes free text canonical and
legible (NFC, trimmed, no control or bidirectional characters, not blank, bounded), and
:func:`seat_id` holds a seat id to the same characters without ever rewriting it. They
are named here too, for the faces that import them from the codecs.

:class:`Text` and :class:`SeatId` are the marshmallow fields every schema uses; their
messages begin with the phrases ``schemas.problems`` turns into the codes
``control_character``, ``bidi_control``, ``not_text``, ``blank``, ``whitespace``,
``not_nfc`` and ``length``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields

from hearts_referee.referee.text import BIDI_CONTROLS, TextError, check_characters, clean, seat_id

__all__ = [
    "BIDI_CONTROLS",
    "REFUSED",
    "REFUSED_IN_LINES",
    "SeatId",
    "Text",
    "TextError",
    "check_characters",
    "clean",
    "seat_id",
]

REFUSED = r"\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF"
"""The refused characters as the body of a regular-expression class (openapi.yaml's patterns)."""

REFUSED_IN_LINES = r"\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF"
"""The same, less LF and CR, for text that may break lines."""


class Text(fields.String):
    """A free-text field: :func:`clean` with ``max_length`` (and ``lines``)."""

    def __init__(self, max_length: int, *, lines: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length
        self.lines = lines

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return clean(text, self.max_length, lines=self.lines)
        except TextError as error:
            raise ValidationError(error.message) from None


class SeatId(fields.String):
    """A seat id where a request names one: :func:`seat_id` with ``max_length``."""

    def __init__(self, max_length: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return seat_id(text, self.max_length)
        except TextError as error:
            raise ValidationError(error.message) from None
