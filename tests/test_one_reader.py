"""One reader of the record format (issue 39): each rule of reading a field is one function
(``referee.reader``); the schema's fields, the reading of a record without a problem and
the reading back of a stored record are all made of them.

So a stored record is held to the rules a sent one is, and says every problem it has; and a
record the schema reads without a problem is read without the schema, whatever its form
(a claim, a lower-case card), into the very record the schema builds."""

from __future__ import annotations

import ast
import copy

import pytest
from hands import hand

from hearts_referee.compiled import PACKAGE_ROOT
from hearts_referee.referee import reader
from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import FIELDS, Reading, read_fields, read_plain, read_record, record_of
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.schemas.record import HandRecordSchema, load_record

REVOKE = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"


def test_a_stored_record_that_does_not_read_says_every_problem_located_not_only_the_first():
    """Reading back used to stop at the first card it could not read, unlocated past it."""
    stored = record_data(load_record(hand(play=REVOKE)))
    stored["deal"]["N"][0] = "ZZ"
    stored["kitty"] = ["QX"]
    with pytest.raises(RecordError) as raised:
        read_record(stored)
    assert raised.value.problems == (
        Problem("/deal/N/0", "unknown_card", '\'ZZ\' is not a card (use e.g. "QS", "TH", "10h")'),
        Problem("/kitty/0", "unknown_card", '\'QX\' is not a card (use e.g. "QS", "TH", "10h")'),
    )


def test_a_stored_record_is_held_to_the_rules_a_sent_record_is_read_by():
    """Reading back trusted the text: a dealer no seat id can be, or a field no record has,
    read as if it were one."""
    stored = record_data(load_record(hand(play=REVOKE)))
    stored["dealer"] = "W" * 17
    stored["note"] = "kept by hand"
    with pytest.raises(RecordError) as raised:
        read_record(stored)
    assert [(p.pointer, p.code) for p in raised.value.problems] == [
        ("/dealer", "length"),
        ("/note", "unknown_field"),
    ]


def test_a_stored_record_reads_back_as_the_record_that_was_written():
    record = load_record(hand(play=REVOKE, claimed={"N": 0, "E": 0, "S": 0, "W": 26}))
    assert read_record(record_data(record)) == record


def test_a_record_with_a_claim_and_lower_case_cards_is_read_without_the_schema_into_its_record():
    """The one-pass reader gave up on anything but canonical card events and left it to the
    schema; made of the same rules, it reads every record that has no problem."""
    sent = hand(play=REVOKE)
    sent["play"] = [
        *({"seat": e["seat"], "card": e["card"].lower()} for e in sent["play"]),
        {"seat": "N", "claims": {"what": "no-more-tricks"}},
    ]
    read = read_plain(copy.deepcopy(sent))
    assert read is not None
    assert read == HandRecordSchema().load(sent)
    assert read.play[0].card is not None and read.play[0].card.code == "2C"


def test_the_schema_is_the_record_formats_fields_in_their_order():
    """Not a second list of fields kept equal to the reader's: the schema is made of them."""
    declared = HandRecordSchema().fields
    assert list(declared) == [field.attr for field in FIELDS]
    assert all(declared[field.attr].rule is field for field in FIELDS)
    assert {name: f.data_key or name for name, f in declared.items()} == {f.attr: f.key for f in FIELDS}


EVERY_FIELD = {
    "variant": "standard",
    "seats": ["N", "E", "S", "W"],
    "dealer": "W",
    "hand_number": 2,
    "deal": {"N": ["2C"], "E": ["3C"], "S": ["4C"], "W": ["5C"]},
    "kitty": ["6C"],
    "passes": {"N": ["2C"]},
    "play": [{"seat": "N", "card": "2C"}],
    "scores_before": {"N": 1},
    "claimed": {"N": 2},
    "moon_choice": "subtract",
    "backs": {"N": ["red"]},
    "exposed_in_deal": ["AH"],
    "points": {"N": 3},
    "irregularities": [{"code": "renege", "seat": "N"}],
    "deal_derived": True,
}
"""A value for every field of the record, none of them what a record left out would have."""


def test_a_record_is_built_from_every_field_its_rules_read():
    """The record is built by naming each field's attribute (compiled, a direct call, where
    ``HandRecord(**values)`` was a generic one): a field left out of that would take its
    default silently."""
    assert set(EVERY_FIELD) == {field.key for field in FIELDS}
    problems: list[Problem] = []
    values = read_fields(EVERY_FIELD, problems, Reading())
    assert problems == []
    record = record_of(values)
    for field in FIELDS:
        assert values[field.attr] != field.left_out(), field.key
        assert getattr(record, field.attr) == values[field.attr], field.key


def _fast_read_calls() -> tuple[list[str], list[tuple[str, str]]]:
    """In ``read_plain``'s source, in order: each field whose JSON value it takes
    (``given[F.key]``, ``given.get(F.key)``), and each rule called with the field whose
    pointer it is given (``rule(value, F.at, ...)``)."""
    source = (PACKAGE_ROOT / "referee" / "reader.py").read_text()  # the source, either build
    tree = ast.parse(source)
    read_plain_def = next(
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "read_plain"
    )
    rules = {field.read.__name__ for field in FIELDS}
    taken: list[str] = []
    called: list[tuple[str, str]] = []
    nodes = [node for node in ast.walk(read_plain_def) if isinstance(node, (ast.Attribute, ast.Call))]
    for node in sorted(nodes, key=lambda node: (node.lineno, node.col_offset)):
        if isinstance(node, ast.Attribute):
            if node.attr == "key" and isinstance(node.value, ast.Name):
                taken.append(node.value.id)
        elif isinstance(node.func, ast.Name) and node.func.id in rules:
            at = node.args[1]
            assert isinstance(at, ast.Attribute) and at.attr == "at" and isinstance(at.value, ast.Name)
            called.append((node.func.id, at.value.id))
    return taken, called


def test_the_fast_read_calls_each_fields_rule_once_in_the_fields_order():
    """``read_plain`` calls the rules by name (compiled, a direct call), not through the
    table: each of :data:`FIELDS`, once, in its order, on that field's value and pointer. A
    field added to the table and not to the fast read, or read there by another rule, fails."""
    name_of = {id(value): name for name, value in vars(reader).items() if isinstance(value, reader.Field)}
    names = [name_of[id(field)] for field in FIELDS]
    taken, called = _fast_read_calls()
    assert taken == names
    assert called == [(field.read.__name__, name) for field, name in zip(FIELDS, names, strict=True)]


def test_a_record_with_every_field_is_read_by_the_fast_read_as_the_schema_reads_it():
    record = read_plain(copy.deepcopy(EVERY_FIELD))
    assert record is not None
    assert record == HandRecordSchema().load(EVERY_FIELD)
    for field in FIELDS:
        assert getattr(record, field.attr) != field.left_out(), field.key


def test_a_null_where_the_record_may_not_have_one_is_left_to_the_schema_to_locate():
    """The fast read takes a ``null`` as the field left out only where the field may be
    ``null`` (and is then ``None``, as left out); anywhere else the schema locates it."""
    for field in FIELDS:
        sent = copy.deepcopy(EVERY_FIELD) | {field.key: None}
        if field.nullable:
            assert read_plain(sent) == HandRecordSchema().load(sent), field.key
        else:
            assert read_plain(sent) is None, field.key
            with pytest.raises(RecordError) as raised:
                load_record(sent)
            assert (field.at, "null") in [(p.pointer, p.code) for p in raised.value.problems]
