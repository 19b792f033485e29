"""The hand record: JSON in, a typed :class:`referee.HandRecord` out.

The schema is the record's declared contract and the source of every located 422. Its
fields are the record format's (``referee.reader.FIELDS``): each is a marshmallow field
around the one function that reads that field (a card, a seat id, the variant, a pass, an
event, scores, backs, ...), which notes every problem with its JSON pointer; marshmallow
adds what is its own (a field required, ``null``, unknown). A record without a problem is
read by the same functions without marshmallow (:func:`read_plain`), and a stored record
too (``referee.reader.read_record``): nothing else reads a record.

A record with problems is read on as far as it can be: each field hands over what it could
read (:class:`Partial`: an unknown card or an unreadable event left out, and where), and
:func:`load_record` has the referee check that (``referee.replay.find_problems``), so that
one 422 lists every problem: an unknown card does not hide a card dealt twice, a dealer who
is not at the table, or a play of a card never dealt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from marshmallow import RAISE, Schema, ValidationError, fields, post_load

from hearts_referee.referee.causes import first_cause_first
from hearts_referee.referee.reader import CARD_FIELD, FIELD, FIELDS, Field, Kept, record_of
from hearts_referee.referee.reader import read_plain as _read_plain
from hearts_referee.referee.record import HandRecord, Problem, RecordError
from hearts_referee.referee.replay import Readable, find_problems

from .plainshape import PlainPlay, plain_from_text
from .problems import flatten
from .strictjson import MAX_DEPTH, loads_strict, pointer_index


class Partial(NamedTuple):
    """What a field could read of a value with problems (``value``) and what it left out
    (``kept``); marshmallow hands it on as the field's value in ``ValidationError.valid_data``."""

    value: Any
    kept: Kept


class RecordField(fields.Field[Any]):
    """A field of the record format (``rule``, a ``referee.reader.Field``) as marshmallow's:
    required, defaulted and nullable as the rule says unless told otherwise, and read by the
    rule's function, whose problems it raises located. With problems, what the rule could
    read goes on as a :class:`Partial` (unless the rule says not: a table whose seats cannot
    all be read has nothing to check against)."""

    def __init__(self, rule: Field, **kwargs: Any) -> None:
        if rule.required and "load_default" not in kwargs:
            kwargs.setdefault("required", True)
        else:
            kwargs.setdefault(
                "load_default", rule.left_out if isinstance(rule.default, type) else rule.default
            )
            kwargs.setdefault("allow_none", rule.nullable)
        if rule.attr != rule.key:
            kwargs.setdefault("data_key", rule.key)
        super().__init__(**kwargs)
        self.rule = rule

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        problems: list[Problem] = []
        kept: Kept = {}
        result = self.rule.read(value, "/" + (self.data_key or attr or ""), problems, kept, None)
        if problems:
            # marshmallow stores any ``valid_data`` as the field's value; its stubs say dict
            partial = cast(dict[str, Any], Partial(result, kept)) if self.rule.partial else None
            raise ValidationError(problems, valid_data=partial)
        return result


class VariantField(RecordField):
    """A variant id, or ``{"base": id, "options": {...}}`` for house rules."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(FIELD["variant"], **kwargs)


class SeatsField(RecordField):
    """Seat ids in clockwise order: short, distinct strings."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(FIELD["seats"], **kwargs)


class CardField(RecordField):
    """One card, read as a record reads its cards."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(CARD_FIELD, **kwargs)


class HandNumberField(RecordField):
    """A hand's number in its game, read as a record reads it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(FIELD["hand_number"], **kwargs)


_RecordFields = Schema.from_dict({field.attr: RecordField(field) for field in FIELDS}, name="_RecordFields")


class HandRecordSchema(_RecordFields):  # type: ignore[valid-type,misc]
    """One recorded hand (``HandRecord`` in openapi.yaml, readable at /docs): the record
    format's fields (``referee.reader.FIELDS``), in their order, and no other."""

    class Meta:
        unknown = RAISE

    @post_load
    def make_record(self, data: dict[str, Any], **kwargs: Any) -> HandRecord:
        return record_of(data)


_SCHEMA = HandRecordSchema()


def load_record(data: Any) -> HandRecord:
    """Parse one JSON hand record; raise ``RecordError`` listing every problem with its pointer:
    the reader's own, and the referee's on whatever the reader could read.

    A record without a problem is read by its fields' rules alone (:func:`read_plain`); one
    with a problem by the schema, made of the same rules, which stays the one source of
    every problem and its pointer."""
    record = read_plain(data)
    if record is not None:
        return record
    try:
        loaded: HandRecord = _SCHEMA.load(data)
    except ValidationError as error:
        raise RecordError(every_problem(flatten(error.messages), error.valid_data)) from None
    return loaded


def load_record_text(data: bytes, max_depth: int = MAX_DEPTH) -> HandRecord:
    """:func:`load_record` of the JSON text ``data``, read as strictly as an API body
    (``JSONError`` for duplicate keys, NaN, nesting past ``max_depth`` and the rest).

    A text in the plain shape is read straight into the record (:func:`read_plain_text`);
    any other is read by ``loads_strict`` and then as parsed data."""
    record = read_plain_text(data, max_depth)
    return record if record is not None else load_record(loads_strict(data, max_depth))


def read_plain(data: Any) -> HandRecord | None:
    """``data`` read by the record's rules alone (:func:`referee.reader.read_plain`), when it
    reads without a problem: the record the schema would build, or ``None`` (ask the schema)."""
    return _read_plain(data, PlainPlay)


def read_plain_text(data: bytes, max_depth: int = MAX_DEPTH) -> HandRecord | None:
    """The record in the JSON text ``data``, read in C and then by
    :func:`referee.reader.read_plain`, when that is the record ``load_record_text`` builds;
    ``None`` says "read it the long way" (``loads_strict``, then the schema), which also
    gives every error."""
    plain = plain_from_text(data, max_depth)
    return None if plain is None else read_plain(plain)


_NEEDED = frozenset({"variant", "seats", "deal"})
"""What the referee needs read to check anything: the rules, the table and its cards."""
_SEATED = frozenset({"variant", "seats"})
"""What it needs of a score-only hand, with its points."""


def every_problem(found: list[Problem], read: Any) -> list[Problem]:
    """``found`` (the reader's problems) and those the referee finds in what was ``read``
    (``ValidationError.valid_data``), each pointing where the record says; the referee's
    are left out where the reader already placed a problem."""
    if not isinstance(read, dict):
        return found
    values: dict[str, Any] = {}
    kept: Kept = {}
    for name, value in read.items():
        if isinstance(value, Partial):
            values[name] = value.value
            kept.update(value.kept)
        else:
            values[name] = value
    score_only = values.get("points") is not None
    if values.get("deal") is None:  # left out: derived for a whole record; a scoresheet line has none
        values.pop("deal", None)
    if not values.keys() >= (_SEATED if score_only else _NEEDED):
        return found
    broken = {p.pointer.split("/")[1] for p in found if p.pointer}

    def whole(*names: str) -> bool:
        return broken.isdisjoint(names)

    readable = Readable(
        deal=whole("deal", "kitty", "exposed_in_deal"),
        passes=whole("passes", "hand_number") and "hand_number" in values,
        play=whole("play"),
    )
    record = HandRecord(  # ``valid_data`` is keyed by the record's attributes (``written``), not the JSON's
        **{field.attr: values[field.attr] for field in FIELDS if field.attr in values}
        | {"dealer": values.get("dealer", ""), "hand_number": values.get("hand_number", 1)}
    )
    placed = {p.pointer for p in found}
    more = (Problem(_relocate(p.pointer, kept), p.code, p.message) for p in find_problems(record, readable))
    every = found + [p for p in more if p.pointer not in placed]
    if "/play" in kept:  # the play's pointers are the record's, not the events read: no causes
        return every
    return first_cause_first(record, every)  # a card the reader could not read may be the cause


def _relocate(at: str, kept: Kept) -> str:
    """``at`` as a pointer into the record: each index into a list the reader left items out
    of becomes the index that item had in the record."""
    if not kept:
        return at
    out = ""
    for part in at.split("/")[1:]:
        positions = kept.get(out)
        if positions is not None and (index := pointer_index(part)) is not None:
            part = str(positions[index])
        out += "/" + part
    return out
