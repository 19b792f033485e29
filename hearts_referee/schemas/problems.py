"""marshmallow's error messages, flattened into located problems.

marshmallow reports errors as a tree keyed by field name and list index;
clients need a flat list of ``{pointer, code, message}``. Our own fields put
``Problem`` values at the leaves; marshmallow's built-in messages get a code
from the short table below.
"""

from __future__ import annotations

from typing import Any

from hearts_referee.referee.record import Problem, pointer

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
                found.append(Problem(pointer(*path), code_for(str(item)), str(item)))
        return found
    return [Problem(pointer(*path), code_for(str(messages)), str(messages))]
