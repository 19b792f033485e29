"""Free text and seat ids, checked in one place: the rules a record's seat ids and card
backs are read by, and every name, reason and label a face takes (``schemas.text``'s fields
are these functions).

What a client types is kept in a hash-chained log and shown to directors, so it is made
canonical and kept legible before anything stores it. **Free text** (names, reasons,
table labels, key names, card backs, a sign-in's ``next``) goes through :func:`clean`:

- Unicode NFC, so that "é" typed two ways is one name;
- no control characters (NUL, escape, ...; a reason may break lines, nothing
  else), no bidirectional embeddings, overrides or isolates (U+202A-U+202E,
  U+2066-U+2069), which make text read differently from what it is, no
  U+FEFF (an invisible byte-order mark) and no unpaired surrogates, which
  are not text at all;
- surrounding white space trimmed, and something left that a reader can see (``" "``,
  a zero-width space, U+3164 HANGUL FILLER or U+2800 BRAILLE BLANK sign nothing:
  :func:`referee.names.shows_blank`);
- at most a given number of characters, before and after normalising.

**Seat ids** are identifiers: every other field names a seat by its id, and a problem's
JSON pointer quotes it, so an id is never rewritten. It must already be what
:func:`clean` would make it (NFC, no surrounding spaces), with the same characters
refused (:func:`seat_id`). Names and seat ids are *compared* in the form
``referee.names.fold`` makes.

A refusal is a :class:`TextError`: its ``code`` (``control_character``, ``bidi_control``,
``not_text``, ``blank``, ``whitespace``, ``not_nfc``, ``length``) and a message whose
opening phrase ``schemas.problems`` maps to the same code.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from .names import shows_blank
from .translator import SAID

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069)."""


_BLANK: Final = SAID.gettext("Must not be blank (nothing in it can be seen).")


class TextError(ValueError):
    """Why a string is not acceptable: ``code`` and a message for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refused(char: str, *, lines: bool) -> TextError | None:
    point = ord(char)
    written = f"{point:04X}"  # as Unicode names a code point: U+202E
    if point < 0x20 or 0x7F <= point <= 0x9F:
        if lines and char == "\n":
            return None
        return TextError(
            "control_character",
            SAID.gettext("Contains a control character (U+%(point)s).", point=written),
        )
    if char in BIDI_CONTROLS:
        return TextError(
            "bidi_control",
            SAID.gettext("Contains a bidirectional formatting character (U+%(point)s).", point=written),
        )
    if point == 0xFEFF or 0xD800 <= point <= 0xDFFF:
        return TextError("not_text", SAID.gettext("Contains U+%(point)s, which is not text.", point=written))
    return None


def _length(text: str, max_length: int) -> TextError:
    if not text:
        return TextError("length", SAID.gettext("Shorter than minimum length %(min)s.", min=1))
    return TextError("length", SAID.gettext("Longer than %(max)s characters.", max=max_length))


def check_characters(text: str, *, lines: bool = False) -> None:
    """``TextError`` for the first refused character of ``text``."""
    if text.isascii() and text.isprintable():  # the common case, in two C calls
        return
    for char in text:
        if char.isprintable():
            continue  # every refused character is unprintable
        problem = _refused(char, lines=lines)
        if problem is not None:
            raise problem


def clean(text: str, max_length: int, *, lines: bool = False) -> str:
    """``text`` as free text: checked, NFC, trimmed; ``TextError`` if it is not acceptable.
    With ``lines``, line breaks are kept (CR LF and CR become LF)."""
    if not 0 < len(text) <= max_length:
        raise _length(text, max_length)
    if lines and "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    check_characters(text, lines=lines)
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    text = text.strip()
    if not text or (not text.isascii() and shows_blank(text)):
        raise TextError("blank", _BLANK)
    if len(text) > max_length:
        raise TextError(
            "length", SAID.gettext("Longer than %(max)s characters once normalised (NFC).", max=max_length)
        )
    return text


def seat_id(text: str, max_length: int) -> str:
    """``text`` if it is a seat id as :func:`clean` would leave it; ``TextError`` if not."""
    if not 0 < len(text) <= max_length:
        raise _length(text, max_length)
    if text.isascii() and text.isprintable() and not text[0].isspace() and not text[-1].isspace():
        return text  # the common case
    check_characters(text)
    if shows_blank(text):
        raise TextError("blank", _BLANK)
    if text != text.strip():
        raise TextError("whitespace", SAID.gettext("A seat id has no leading or trailing spaces."))
    if not unicodedata.is_normalized("NFC", text):
        raise TextError(
            "not_nfc", SAID.gettext("Not in Unicode NFC: write the seat id in its composed form.")
        )
    return text
