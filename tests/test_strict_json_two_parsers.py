"""Two parsers, one meaning: a plain document is read at C speed (msgspec), and only when
the strict reader can prove the value is the one its checked parser (Python's ``json``,
every object's keys checked) would give. Every other document, and every error, is the
checked parser's. These tests hold the fast read to that, for records and for texts made
to trip it: a key twice beside colons in strings, escaped colons, whole fractions, long
integers, bad UTF-8."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

import playout
from hearts_referee.schemas import strictjson
from hearts_referee.schemas.strictjson import JSONError, loads_strict


def outcome(read, data: bytes) -> tuple[str, object]:
    """What a parser makes of ``data``: its value (with each number's type), or its error."""
    try:
        return "value", typed(read(data))
    except JSONError as error:
        return "error", (error.code, str(error))


def typed(value: object) -> object:
    """``value`` with every number tagged by its type: ``219`` and ``219.0`` compare equal."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def test_a_plain_record_is_read_by_the_fast_parser_as_the_checked_one_reads_it():
    record = json.dumps(playout.random_hand(random.Random(7), "standard")).encode()
    plain, value = strictjson._read_plainly(record)
    assert plain
    assert typed(value) == typed(strictjson._read_checked(record)) == typed(loads_strict(record))


@pytest.mark.parametrize(
    "text",
    [
        b'{"seat": "N", "seat": "E"}',
        b'{"seat": "N:1", "card": "2C", "seat": "E"}',  # a colon in a string beside the key twice
        b'{"play": [{"seat": "N", "card": "2C", "card": "3C"}]}',  # deep inside
        b'{"a": {"b": 1}, "a": {"b": 1}}',  # the same key and value twice
    ],
)
def test_a_key_twice_is_refused_by_name_though_the_fast_parser_keeps_the_last(text):
    assert strictjson._read_plainly(text) == (False, None)
    with pytest.raises(JSONError, match="duplicate key"):
        loads_strict(text)


def test_an_escaped_colon_cannot_stand_in_for_the_colon_of_a_key_twice():
    text = b'{"seat": "E", "seat": "\\u003a"}'  # the last kept: a colon more, a key less, once read
    assert strictjson._read_plainly(text) == (False, None)
    with pytest.raises(JSONError, match="duplicate key 'seat'"):
        loads_strict(text)


@pytest.mark.parametrize("text", [b"219.0", b"2.19e2", b"-0.0", b"0.5", b"1e300"])
def test_a_number_with_a_fraction_or_an_exponent_reads_the_same_on_both_parsers(text):
    assert strictjson._read_plainly(b"[" + text + b"]")[0]
    assert outcome(loads_strict, b"[" + text + b"]") == outcome(strictjson._read_checked, b"[" + text + b"]")


@pytest.mark.parametrize(
    "text",
    [
        b"[NaN]",
        b"[1e999]",
        b"[" + b"9" * 4301 + b"]",  # more digits than Python reads as an int
        b'["\xed\xa0\x80"]',  # a surrogate in UTF-8: not UTF-8
        b'["\\ud800"]',  # an unpaired surrogate, escaped
        b"\xef\xbb\xbf[1]",
        b"[1,]",
        b'{"a": 1} {"b": 2}',
    ],
)
def test_what_the_checked_parser_refuses_is_refused_with_its_own_error(text):
    assert strictjson._read_plainly(text) == (False, None)
    kind, _ = outcome(loads_strict, text)
    assert kind == "error"
    assert outcome(loads_strict, text) == outcome(strictjson._read_checked, text)


KEYS = st.text(alphabet='ab:"\\\u00e9', max_size=3)
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet='ab: "\\{}[],\u00e9\u2028', max_size=4)
)


def document(draw: st.DrawFn, depth: int = 0) -> str:
    """JSON text, with objects that may hold a key twice and numbers written every way."""
    kind = draw(st.sampled_from(["leaf", "list", "object"] if depth < 4 else ["leaf"]))
    if kind == "leaf":
        leaf = draw(LEAVES)
        if isinstance(leaf, float) and leaf.is_integer() and abs(leaf) < 1e15 and draw(st.booleans()):
            return f"{int(leaf)}.0"  # a whole number written with a fraction
        written = json.dumps(leaf, ensure_ascii=draw(st.booleans()))
        if isinstance(leaf, str) and draw(st.booleans()):
            written = written.replace(":", "\\u003a")  # a colon the text does not show
        return written
    if kind == "list":
        items = [document(draw, depth + 1) for _ in range(draw(st.integers(0, 3)))]
        return "[" + ", ".join(items) + "]"
    keys = draw(st.lists(KEYS, max_size=4))
    if keys and draw(st.integers(0, 4)) == 0:
        keys.append(draw(st.sampled_from(keys)))  # a key twice, now and then
    pairs = [
        json.dumps(key) + draw(st.sampled_from([":", ": ", " : "])) + document(draw, depth + 1)
        for key in keys
    ]
    return "{" + ",".join(pairs) + "}"


@settings(max_examples=examples(600), deadline=None)
@given(text=st.composite(document)())
def test_both_parsers_give_the_same_value_or_the_same_error_for_any_text(text):
    data = text.encode("utf-8", "surrogatepass")
    assert outcome(loads_strict, data) == outcome(strictjson._read_checked, data)
    plain, value = strictjson._read_plainly(data)
    if plain:  # the fast read, when it answers, is the checked one's value
        assert outcome(strictjson._read_checked, data) == ("value", typed(value))


def test_nesting_past_what_the_fast_parser_recurses_to_is_read_by_the_checked_one():
    depth = strictjson.DEPTH_CEILING - 2  # within the highest limit a deployment may set
    text = b"[" * depth + b"1" + b"]" * depth
    value = loads_strict(text, strictjson.DEPTH_CEILING)
    for _ in range(depth):
        (value,) = value
    assert value == 1
