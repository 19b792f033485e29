"""Strict JSON: exactly one UTF-8 JSON document, nothing Python's ``json`` would guess.

Python's ``json`` accepts things JSON does not (``NaN``, ``Infinity``,
``1e999`` as infinity) and silently keeps the last of two equal keys; a
referee must not guess which ``"variant"`` a record meant. Request bodies
(``http_shared.jsonbody``), the check page, every JSON text and number typed
into a director's form (:func:`form_number`) and every line of a bulk audit are
read here.

A number written with a fraction or an exponent whose value is whole (``219.0``,
``2.19e2``) is read as the integer it is: JSON has one kind of number, and JSON
Schema (so OpenAPI 3.1, the spec's dialect) counts such a number as an
``integer``. Only up to :data:`INTEGRAL_MAX` in size: past it no bound of the
referee admits the value anyway, and the float is kept for the codec to refuse.

A document may nest arrays and objects at most ``max_depth`` levels deep
(:data:`MAX_DEPTH` unless the caller says otherwise; the app's
``JSON_MAX_DEPTH``). The deepest record the referee reads is a claim's order
inside a game's hand, 6 levels; every walk over parsed data (the codecs, the
check page's problem tree) recurses once per level, so depth is refused here,
on the text, before anything recursive sees it. The check costs a few
``bytes`` passes over the text, linear in its length.

Answers are written by :func:`dumps` (orjson, at C speed: the API's JSON provider, the
one-call validation and the bulk audit's result lines). Reading has two parsers and one
meaning. A document without a backslash is read by msgspec at C speed, numbers through
the same hook, and kept only when it is proven to hold no key twice (the proof is
:func:`_read_plainly`'s docstring); every other document, every one msgspec refuses, and
every one whose proof fails, goes to the checked parser (Python's ``json``, every
object's keys checked), which gives the error. So the value is always the checked
parser's, and so is every error. Nearly every record a scoring app sends is plain, and
the fast read is the cheaper (docs/performance.md, "Why the code is shaped so").
"""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from itertools import accumulate
from typing import Any

import msgspec
import orjson

from hearts_referee.referee.translator import N_, SAID, Said

MAX_DEPTH = 64
"""How deep arrays and objects may nest, by default (a hand record needs 4, a game 6)."""

DEPTH_CEILING = 512
"""The largest ``max_depth`` accepted: beyond it Python's parser itself gives up (its
recursion limit), so a higher setting would only pretend."""


INTEGRAL_MAX = 2**64
"""The largest |number| written as ``219.0`` that is read as an integer (past every bound)."""


class JSONError(ValueError):
    """The text is not one strict JSON document the referee reads; ``code`` says which kind:
    ``invalid_json`` (not JSON, or not strict JSON) or ``too_deep`` (nested past the limit)."""

    def __init__(self, message: str, code: str = "invalid_json") -> None:
        super().__init__(message)
        self.code = code
        self.said = message
        """The message as written (a ``Said``, told in the reader's language, where it is ours)."""


_DECODER_SAYS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
)
"""What Python's JSON parser says is wrong (``JSONDecodeError.msg``), written to be translated."""

_CODEC_SAYS = (N_("invalid start byte"), N_("invalid continuation byte"), N_("unexpected end of data"))
"""Why bytes are not UTF-8, as Python's codec says it (``UnicodeDecodeError.reason``)."""


def _decoder_said(error: json.JSONDecodeError) -> str:
    """Python's JSON parser's ``error`` as it writes it (``Extra data: line 1 column 5 (char
    4)``), told in the reader's language where its words are among :data:`_DECODER_SAYS`."""
    why: str = SAID.gettext(error.msg) if error.msg in _DECODER_SAYS else error.msg
    return SAID.gettext(
        "%(why)s: line %(line)s column %(column)s (char %(char)s)",
        why=why,
        line=error.lineno,
        column=error.colno,
        char=error.pos,
    )


def _said(error: ValueError) -> str:
    """What a hook of the parser (or the parser itself) said, as it was written."""
    if isinstance(error, json.JSONDecodeError):
        return _decoder_said(error)
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Said) else str(error)


def _no_constants(name: str) -> Any:
    raise ValueError(SAID.gettext("%(name)s is not JSON", name=name))


def _number(text: str) -> int | float:
    """A number with a fraction or exponent: the integer it is when it is whole (see the
    module's docstring), else a float, refused when it would be infinite."""
    exact = Decimal(text)
    if abs(exact) <= INTEGRAL_MAX and exact == exact.to_integral_value():
        return int(exact)
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(SAID.gettext("number %(number)s is out of range", number=text))
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(SAID.gettext("duplicate key %(key)s", key=repr(key)))
            seen.add(key)
    return result


_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'[]{}"')))
_STEP = [0] * 256
_STEP[ord("[")], _STEP[ord("]")] = 1, -1
_QUICK_PASSES = 8


def nesting_depth_exceeds(data: bytes, limit: int) -> bool:
    """Whether the JSON text ``data`` nests arrays and objects more than ``limit`` levels.

    Exact for a valid document; for an invalid one it counts the brackets that pair up,
    and the parser reports whatever else is wrong. Brackets inside strings do not count.
    Linear in ``len(data)``: C-level ``bytes`` operations, then at most a few passes over
    the brackets alone (a hand record has about 130).
    """
    if b"\\" in data:  # escaped backslashes and quotes would confuse the string boundaries
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = data.translate(_BRACKETS, _NOT_STRUCTURE)  # only "[", "]" and quotes are left
    if marks.count(b"[") <= limit:
        return False
    if marks.count(b'"') == 2 * marks.count(b'""'):  # no string holds a bracket (nearly always)
        marks = marks.translate(None, b'"')
    else:
        marks = b"".join(marks.split(b'"')[::2])  # what lies outside strings
    passes = min(_QUICK_PASSES, limit)
    for _ in range(passes):  # peel the innermost pairs: one pass per level
        inner = marks.replace(b"[]", b"")
        if len(inner) == len(marks):
            return False
        marks = inner
    # Still nested past the quick passes: the deepest prefix, exactly, in one pass.
    return max(accumulate(map(_STEP.__getitem__, marks)), default=0) > limit - passes


def dumps(value: Any, default: Any = None, newline: bool = False) -> bytes:
    """``value`` as compact UTF-8 JSON bytes, keys in their order, at C speed (orjson).

    ``default`` turns what JSON has no type for into something it has (Flask's provider
    passes its own, for dates and the like); ``newline`` ends the text with one. A dict
    keyed by a str enum (a summary's counts by ruling code) is written with orjson's
    ``OPT_NON_STR_KEYS``, asked for only when needed: it slows every dict
    (docs/performance.md, "Why the code is shaped so"). What orjson will not write at all
    (an integer past 64 bits, echoed from a refused record) the standard library writes, as
    before."""
    options = orjson.OPT_APPEND_NEWLINE if newline else 0
    if default is not None:
        options |= orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
    try:
        return orjson.dumps(value, default=default, option=options)
    except orjson.JSONEncodeError:
        pass  # a key that is not a plain str, or a value orjson cannot write
    try:
        return orjson.dumps(value, default=default, option=options | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        text = json.dumps(value, default=default, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n" if newline else text).encode("utf-8")


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _all_text(value: Any) -> None:
    """``JSONError`` if a string of ``value`` holds an unpaired surrogate (a ``\\ud800``
    escape with no partner): that is not Unicode text, and no UTF-8 store can keep it."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        point = ord(error.object[error.start])
        raise JSONError(
            SAID.gettext(
                "a string holds \\u%(point)s alone: an unpaired surrogate is not text",
                point=format(point, "04x"),
            )
        ) from None


_DECODER = json.JSONDecoder(parse_constant=_no_constants, parse_float=_number, object_pairs_hook=_unique_keys)
"""Made once: ``json.loads`` given any hook builds a new decoder, and its scanner, per call
(docs/performance.md, "Why the code is shaped so")."""

_PLAIN_DECODER = msgspec.json.Decoder(float_hook=_number)
"""msgspec's parser, reading a fraction or an exponent as :func:`_number` does."""


def _read_plainly(data: bytes) -> tuple[bool, Any]:
    """``(True, value)`` when ``data`` is a document the checked parser would read as
    ``value``, proven at C speed; ``(False, None)`` means "ask the checked parser".

    msgspec refuses what the checked parser refuses (``NaN``, bad UTF-8, trailing commas,
    integers of more digits than Python reads), but keeps the last of two equal keys. The
    proof that no key came twice: the text and the value written again hold as many
    colons. Without a backslash the text has no escapes, so every string is written
    again exactly as it was read, colons included, and every other colon is a key's: a
    key dropped as a duplicate takes its colon with it. A text with a backslash (an
    escaped character can be a colon) is the checked parser's. An unpaired surrogate
    needs an escape too, so it never comes this way."""
    if b"\\" in data:
        return False, None
    try:
        value = _PLAIN_DECODER.decode(data)
        again = msgspec.json.encode(value)
    except (msgspec.DecodeError, msgspec.EncodeError, ValueError, OverflowError, RecursionError):
        return False, None
    if again.count(b":") != data.count(b":"):
        return False, None  # a key twice: the checked parser names it
    return True, value


def _read_checked(data: bytes) -> Any:
    """The checked parser: Python's own, every object's keys checked, every number hooked."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JSONError(
            SAID.gettext(
                "the body is not UTF-8 (%(why)s at byte %(byte)s)",
                why=SAID.gettext(error.reason) if error.reason in _CODEC_SAYS else error.reason,
                byte=error.start,
            )
        ) from None
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise JSONError(SAID.gettext("the document is nested too deeply"), "too_deep") from None
    except ValueError as error:
        raise JSONError(_said(error)) from None
    if _SURROGATE_ESCAPE.search(data):  # only escapes can make one: UTF-8 bytes cannot
        _all_text(value)
    return value


def loads_strict(data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse one JSON document from UTF-8 bytes; :class:`JSONError` says why not.

    Nesting is checked on the text first. A document proven plain (no escapes, no key
    twice: :func:`_read_plainly`) is read at C speed; any other, and every refused one, by
    the checked parser, which reads it again from the start and says what is wrong."""
    if nesting_depth_exceeds(data, max_depth):
        raise JSONError(
            SAID.gettext(
                "arrays and objects nest more than %(depth)s levels deep (the limit)", depth=max_depth
            ),
            "too_deep",
        )
    plain, value = _read_plainly(data)
    return value if plain else _read_checked(data)


_FORM_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?", re.ASCII)

FORM_NUMBER_MAX_LENGTH = 100
"""The longest text a form field's number is read from: far past every bound the referee
has (19 digits), so a number past a bound still gets the bound's own message, and far
short of what costs anything to read. Longer text stays text, so the size of what is read
never rests on Python's own digit limit for ``int()`` (a setting: ``PYTHONINTMAXSTRDIGITS``,
``sys.set_int_max_str_digits``)."""


def form_number(text: str) -> Any:
    """A number typed into a form field, read as the same text in a JSON body is
    (``12``, ``-3``, ``219.0``); anything else comes back as the text it is (``²``, ``٣``,
    ``1_000``, ``NaN``, 5,000 digits), so the codec refuses it at its pointer as it
    refuses a string in a body, and the bounds are the codec's, as for the API.

    Python's ``int()`` would take ``٣`` and ``1_000``, and raise on ``²`` though
    ``'²'.isdigit()`` is true: a form never calls it on what was typed. Only ASCII
    digits, a minus sign and no longer than :data:`FORM_NUMBER_MAX_LENGTH`; whether a sign
    or a fraction is allowed is the field's bound, in the codec.
    """
    typed = text.strip()
    if len(typed) > FORM_NUMBER_MAX_LENGTH or not _FORM_NUMBER.fullmatch(typed):
        return text
    try:
        return loads_strict(typed.encode("ascii"))
    except JSONError:  # 1e999: no float holds it
        return text


def pointer_index(token: str) -> int | None:
    """A JSON pointer's reference token read as an index into an array, by
    :func:`form_number`: ``None`` unless it is written as RFC 6901 writes one (``0`` or
    ASCII digits with no leading zero: not ``²``, ``١٢``, ``-1``, ``1.0`` or ``01``).
    A record may name a seat ``²``, so a problem's pointer may hold one where the record
    has an array."""
    index = form_number(token)
    return index if type(index) is int and index >= 0 and str(index) == token else None
