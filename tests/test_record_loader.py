"""The record loader's plain-shape reader says exactly what the schema says, or nothing.

``schemas.record.read_plain`` reads a plainly well-formed record without marshmallow's
per-field machinery; anything else goes to the schema (``HandRecordSchema``), the one
source of every problem. So: a random legal hand of every variant is read plainly, into
the very record the schema builds; and a record damaged anywhere is either read into the
schema's record or left to the schema, never accepted where the schema refuses it.

``schemas.record.read_plain_text`` does the same from the JSON text itself, in C
(``schemas.plainshape``): its record is the one the strict read and then the schema
build from that text, and a text either of them refuses is never read plainly.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError
from support import examples
from test_robustness import DAMAGE, RECORD_DAMAGE, SOURCES

from hearts_referee.referee.house import OPTIONS
from hearts_referee.rulings.schedules import SCHEDULES
from hearts_referee.schemas.plainshape import PLAIN_DEPTH, PlainRecord
from hearts_referee.schemas.record import HandRecordSchema, read_plain, read_plain_text
from hearts_referee.schemas.strictjson import JSONError, loads_strict, nesting_depth_exceeds

SCHEMA = HandRecordSchema()

ODD_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    1.5,
    2**63,
    "",
    " N",
    "N ",
    "n\u0301",
    "\u202e",
    "x" * 17,
    "qs",
    "10h",
    "JK",
    [],
    {},
    ["QS"],
    {"cards": ["QS"]},
    {"base": "standard"},
    {"seat": "N", "card": "2C"},
]
FIELDS = [*(f.data_key or name for name, f in HandRecordSchema._declared_fields.items()), "extra"]


def _spoil(rng: random.Random, record: dict[str, Any]) -> None:
    """Put an odd value somewhere: a top-level field, a seat's cards, a pass, an event."""
    where = rng.randrange(4)
    value = copy.deepcopy(rng.choice(ODD_VALUES))
    # An earlier blow may have put an odd value where a part was: spoil only what is still
    # the shape it names (a deal that is now a string has no seats to spoil).
    deal, passes, play = record.get("deal"), record.get("passes"), record.get("play")
    if where == 0:
        record[rng.choice(FIELDS)] = value
    elif where == 1 and isinstance(deal, dict) and deal:
        cards = deal[rng.choice(list(deal))]
        if isinstance(cards, list) and cards:
            cards[rng.randrange(len(cards))] = value
    elif where == 2 and isinstance(passes, dict) and passes:
        passes[rng.choice(list(passes))] = value
    elif isinstance(play, list) and play:
        event = play[rng.randrange(len(play))]
        if isinstance(event, dict):
            event[rng.choice(["seat", "card", "claims", "withdraws"])] = value


def damaged(seed: int, variant: str, blows: int) -> dict[str, Any]:
    """A random legal hand of ``variant``, its play damaged ``blows`` times, now and then
    the record too, and now and then an odd value put somewhere."""
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):  # the play first: its damage expects events
        rng.choice(DAMAGE)(rng, record["play"])
    if rng.random() < 0.5:
        rng.choice(RECORD_DAMAGE)(rng, record)
    if rng.random() < 0.7:
        _spoil(rng, record)
    return record


def schema_reads(record: Any) -> Any:
    try:
        return SCHEMA.load(record)
    except ValidationError:
        return None


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)))
def test_a_legal_hand_is_read_plainly_into_the_record_the_schema_builds(seed, variant):
    record = SOURCES[variant](random.Random(seed))
    plain = read_plain(record)
    assert plain is not None
    assert plain == SCHEMA.load(record)


@settings(max_examples=examples(500), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_record_is_read_as_the_schema_reads_it_or_left_to_the_schema(seed, variant, blows):
    record = damaged(seed, variant, blows)
    plain = read_plain(record)
    if plain is not None:
        assert plain == schema_reads(record)


def test_a_record_the_schema_refuses_is_never_read_plainly():
    record = SOURCES["standard"](random.Random(1))
    for field in ("hand_number", "dealer", "seats", "deal", "play", "passes", "kitty", "claimed"):
        for value in ODD_VALUES:
            spoilt = copy.deepcopy(record) | {field: copy.deepcopy(value)}
            if schema_reads(spoilt) is None:
                assert read_plain(spoilt) is None, (field, value)


def strict_then_schema(text: bytes, max_depth: int = 64) -> Any:
    """What the long way makes of ``text``: the strict read, then the schema; ``None`` if
    either refuses it."""
    try:
        return schema_reads(loads_strict(text, max_depth))
    except JSONError:
        return None


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)))
def test_a_legal_hand_is_read_from_its_text_into_the_record_the_schema_builds(seed, variant):
    record = SOURCES[variant](random.Random(seed))
    text = json.dumps(record).encode()
    plain = read_plain_text(text)
    assert plain is not None
    assert plain == SCHEMA.load(record) == strict_then_schema(text)


@settings(max_examples=examples(500), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_text_is_read_as_the_long_way_reads_it_or_left_to_it(seed, variant, blows):
    text = json.dumps(damaged(seed, variant, blows)).encode()
    plain = read_plain_text(text)
    if plain is not None:
        assert plain == strict_then_schema(text)


@pytest.mark.parametrize(
    "twice",
    [
        ', "dealer": "E"',  # a field of the record
        ', "hand_number": 1',
        ', "kitty": []',  # an optional one, at its default
    ],
)
def test_a_record_text_with_a_field_twice_is_left_to_the_strict_read_which_names_it(twice):
    text = json.dumps(SOURCES["standard"](random.Random(3))).encode()
    doubled = text[:-1] + twice.encode() + b"}"
    assert read_plain_text(doubled) is None
    with pytest.raises(JSONError, match="duplicate key"):
        loads_strict(doubled)


def test_a_key_twice_deep_in_a_record_text_is_left_to_the_strict_read():
    record = SOURCES["standard"](random.Random(4))
    text = json.dumps(record).encode()
    first_seat = next(iter(record["deal"]))
    deal_twice = text.replace(b'"deal": {', b'"deal": {"%s": [], ' % first_seat.encode(), 1)
    play_twice = text.replace(b'"card": ', b'"card": "2C", "card": ', 1)
    for doubled in (deal_twice, play_twice):
        assert read_plain_text(doubled) is None
        with pytest.raises(JSONError, match="duplicate key"):
            loads_strict(doubled)


def test_the_plain_shape_has_the_schemas_fields_and_requires_what_it_requires():
    schema_fields = {f.data_key or name: f for name, f in HandRecordSchema._declared_fields.items()}
    not_plain = {"points", "irregularities", "deal_derived"}  # a scoresheet line; a derived deal
    assert PlainRecord.__required_keys__ | PlainRecord.__optional_keys__ == set(schema_fields) - not_plain
    required = {name for name, field in schema_fields.items() if field.required} | {"deal"}
    assert required == PlainRecord.__required_keys__


@pytest.mark.parametrize(
    "more",
    [
        ', "deal_derived": false',  # a field of the schema's, not of the plain shape
        ', "points": null',
        ', "shuffled_by": "N"',  # no field at all
        ', "note": {"nested": [[[[[[1]]]]]]}',
        ', "note": ' + "[" * 3000 + "]" * 3000,  # deeper than msgspec recurses, to skip it
    ],
)
def test_a_record_text_with_a_field_the_plain_shape_has_not_takes_the_long_way(more):
    record = SOURCES["standard"](random.Random(8))
    text = json.dumps(record).encode()[:-1] + more.encode() + b"}"
    assert read_plain_text(text) is None
    event = json.dumps(record["play"][0]).encode()
    odd_event = json.dumps(record).encode().replace(event, event[:-1] + b', "x": 1}', 1)
    assert read_plain_text(odd_event) is None


def test_the_plain_shape_nests_as_deep_as_its_depth_says_and_a_lower_limit_takes_the_long_way():
    record = SOURCES["standard"](random.Random(5))
    seat = record["seats"][0]
    record["passes"][seat] = {"cards": record["passes"][seat], "to": None}  # its deepest part
    text = json.dumps(record).encode()
    assert not nesting_depth_exceeds(text, PLAIN_DEPTH)
    assert nesting_depth_exceeds(text, PLAIN_DEPTH - 1)
    assert read_plain_text(text, PLAIN_DEPTH) is not None
    assert read_plain_text(text, PLAIN_DEPTH - 1) is None
    with pytest.raises(JSONError, match="nest more than 3 levels"):
        loads_strict(text, PLAIN_DEPTH - 1)


MOON_CHOICE = "subtract"


def every_optional_field(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with every optional field of the plain shape written, each pass as an object."""
    seats = record["seats"]
    first = seats[0]
    record["passes"] = {
        seat: {"cards": cards, "to": seats[1], "looked_early": seat == first}
        for seat, cards in record["passes"].items()
    }
    record["passes"][first].pop("to")
    record["claimed"] = dict.fromkeys(seats, 0)
    record["scores_before"] = None
    record["moon_choice"] = MOON_CHOICE
    record["backs"] = {first: ["red", "blue"]}
    record["exposed_in_deal"] = [record["deal"][first][0]]
    return record


@pytest.mark.parametrize("variant", sorted(SOURCES))
def test_every_optional_field_is_read_plainly_as_the_schema_reads_it_from_data_and_text(variant):
    record = every_optional_field(SOURCES[variant](random.Random(6)))
    text = json.dumps(record).encode()
    from_data, from_text = read_plain(record), read_plain_text(text)
    assert from_data is not None and from_text is not None
    assert from_data == from_text == SCHEMA.load(record)
    assert from_text.passes[record["seats"][0]].looked_early


def test_a_record_text_with_a_colon_in_a_string_takes_the_long_way_to_the_same_record():
    record = SOURCES["standard"](random.Random(9))
    text = json.dumps(record).encode()
    seat = record["seats"][0]
    renamed = text.replace(b'"%s"' % seat.encode(), b'"%s:1"' % seat.encode())  # "N:1" everywhere
    assert read_plain_text(renamed) is None
    assert strict_then_schema(renamed) == read_plain(json.loads(renamed)) is not None


def test_a_pass_object_with_a_key_the_plain_shape_has_not_takes_the_long_way():
    record = SOURCES["standard"](random.Random(10))
    seat = record["seats"][0]
    record["passes"][seat] = {"cards": record["passes"][seat], "via": "table"}
    assert read_plain_text(json.dumps(record).encode()) is None


def house_options(rng: random.Random) -> dict[str, Any]:
    """Some of ``referee.house.OPTIONS``, each at a value it allows: from the catalogue, so a
    new option is covered when it is added."""
    chosen: dict[str, Any] = {}
    for option in rng.sample(OPTIONS, rng.randint(0, len(OPTIONS))):
        if option.type == "boolean":
            chosen[option.name] = rng.random() < 0.5
        elif option.type == "integer":
            chosen[option.name] = rng.randint(option.minimum or 0, option.maximum or 10)
        else:
            chosen[option.name] = rng.choice(option.choices or tuple(SCHEDULES))
    return chosen


ODD_OPTIONS: list[tuple[str, Any]] = [
    ("pass_count", 7),  # past its maximum
    ("pass_count", True),
    ("queen_breaks_hearts", 1),
    ("moon", "sometimes"),
    ("penalty_schedule", "house"),
    ("house_special", True),  # no such option
]


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), odd=st.booleans())
def test_house_rules_are_read_plainly_as_the_schema_reads_them_or_left_to_it(seed, variant, odd):
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    house: dict[str, Any] = {"base": record["variant"], "options": house_options(rng)}
    if odd:  # an option the schema refuses, an unknown base, or a key a house variant has not
        spoil = rng.randrange(3)
        if spoil == 0:
            name, value = rng.choice(ODD_OPTIONS)
            house["options"][name] = value
        elif spoil == 1:
            house["base"] = rng.choice(["Standard", "house", 1])
        else:
            house["name"] = "our rules"
    elif rng.random() < 0.2:
        del house["options"]
    record["variant"] = house
    text = json.dumps(record).encode()
    expected = schema_reads(record)
    assert (expected is None) == odd
    for plain in (read_plain(record), read_plain_text(text)):
        assert plain == expected
        if not odd:
            assert plain is not None
