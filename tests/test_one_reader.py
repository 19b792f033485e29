"""One reader of the record format (issue 39): each rule of reading a field is one function
(``referee.reader``); the schema's fields, the reading of a record without a problem and
the reading back of a stored record are all made of them.

So a stored record is held to the rules a sent one is, and says every problem it has; and a
record the schema reads without a problem is read without the schema, whatever its form
(a claim, a lower-case card), into the very record the schema builds."""

from __future__ import annotations

import copy

import pytest
from hands import hand

from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import FIELDS, read_plain, read_record
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
