"""marshmallow's error messages, flattened into located problems.

marshmallow reports errors as a tree keyed by field name and list index;
clients need a flat list of ``{pointer, code, message}``. Our own fields put
``Problem`` values at the leaves; marshmallow's built-in messages get a code
from the short table below.
"""

from __future__ import annotations

import re
from typing import Any

from hearts_referee.referee.record import Problem, pointer
from hearts_referee.referee.translator import N_, SAID

_CODES = (
    ("Missing data for required field", "required"),
    ("Unknown field", "unknown_field"),
    ("Field may not be null", "null"),
    ("Not a valid", "type"),
    ("Invalid input type", "type"),
    ("Invalid type", "type"),
    ("Must be greater than", "range"),
    ("Must be less than", "range"),
    ("Length must be", "length"),
    ("Shorter than", "length"),
    ("Longer than", "length"),
    ("Must be one of", "enum"),
    ("Contains a control character", "control_character"),
    ("Contains a bidirectional", "bidi_control"),
    ("Contains U+", "not_text"),
    ("Must not be blank", "blank"),
    ("A seat id has no leading", "whitespace"),
    ("Not in Unicode NFC", "not_nfc"),
)


_ENTRY = ("key", "value")

_OWN_WORDS = (
    N_("Missing data for required field."),
    N_("Unknown field."),
    N_("Field may not be null."),
    N_("Invalid input type."),
    N_("Invalid value."),
    N_("Not a valid string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
    N_("Not a valid datetime."),
    N_("Not a valid email address."),
    N_("Not a valid URL."),
    N_("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
    N_("Must be greater than or equal to %(min)s."),
    N_("Must be less than or equal to %(max)s."),
    N_("Must be greater than %(min)s."),
    N_("Must be less than %(max)s."),
    N_("Must be one of: %(choices)s."),
    N_("Length must be between %(min)s and %(max)s."),
    N_("Length must be %(equal)s."),
    N_("Shorter than minimum length %(min)s."),
    N_("Longer than maximum length %(max)s."),
)
"""marshmallow's own messages (its defaults, as the schemas use them), as templates: each is
read back into its facts, so it can be told in the reader's language (:func:`own_words`)."""

_READERS = tuple(
    (template, re.compile(re.sub(r"%\\\(([a-z]+)\\\)s", r"(?P<\1>.+?)", re.escape(template))))
    for template in _OWN_WORDS
)


def own_words(message: str) -> str:
    """One of marshmallow's messages as a sentence that can be translated (``translator.said``),
    read back into its template and facts; any other message as it is."""
    for template, reader in _READERS:
        found = reader.fullmatch(message)
        if found is not None:
            return SAID.gettext(template, **found.groupdict())
    return message


def _unknown_fields_by_name(messages: dict[Any, Any]) -> list[tuple[Any, Any]]:
    """``messages``' entries, the unknown fields among them in the order of their names.

    marshmallow files a schema's unknown fields in the order of a set of the record's keys,
    which Python's hash seed changes from one process to the next: the same record got
    its problems in another order from each run of a bulk audit. The unknown fields keep
    their places among the other entries and take them by name, as the reader of a
    score-only hand's reported irregularities lists its own (``schemas.record``)."""
    entries = list(messages.items())
    slots = [i for i, (_, value) in enumerate(entries) if _is_unknown_field(value)]
    for slot, entry in zip(slots, sorted((entries[i] for i in slots), key=lambda e: str(e[0])), strict=True):
        entries[slot] = entry
    return entries


def _is_unknown_field(value: Any) -> bool:
    """Whether ``value`` is what marshmallow files under a field it does not know: its one
    message, whose code (:data:`_CODES`) is ``unknown_field``."""
    return (
        type(value) is list
        and len(value) == 1
        and type(value[0]) is str
        and code_for(value[0]) == "unknown_field"
    )


def code_for(message: str) -> str:
    """A stable code for one of marshmallow's own messages."""
    for prefix, code in _CODES:
        if message.startswith(prefix):
            return code
    return "invalid"


def flatten(messages: Any, path: tuple[str | int, ...] = ()) -> list[Problem]:
    """Every leaf of a marshmallow error tree, as a located :class:`Problem`."""
    if isinstance(messages, Problem):
        return [messages]
    if isinstance(messages, dict):
        found: list[Problem] = []
        for key, value in _unknown_fields_by_name(messages):
            # ``_schema`` is the object itself; a Dict field files an entry's errors under
            # ``key`` and ``value``, and both are about the entry its pointer names
            sub = path if key == "_schema" or (key in _ENTRY and path) else (*path, key)
            found.extend(flatten(value, sub))
        return found
    if isinstance(messages, (list, tuple)):
        found = []
        for item in messages:
            if isinstance(item, (Problem, dict, list)):
                found.extend(flatten(item, path))
            else:
                found.append(_problem(path, item))
        return found
    return [_problem(path, messages)]


def _problem(path: tuple[str | int, ...], message: Any) -> Problem:
    """One message of marshmallow's (or of a field of ours, written to be translated: kept
    as it was written) at ``path``."""
    text = message if isinstance(message, str) else str(message)
    return Problem(pointer(*path), code_for(text), own_words(text))
