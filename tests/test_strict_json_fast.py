"""The C-speed read of a JSON text is the checked read, or is not used: for every text,
``loads_strict`` gives what ``checked_loads`` (Python's parser, every check) gives, value for
value and refusal for refusal. orjson alone keeps the last of two equal keys and reads
``219.0`` and huge integers as floats; those texts must reach the checked parser."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_referee.schemas import strictjson
from hearts_referee.schemas.strictjson import JSONError, checked_loads, loads_strict

TRICKY = st.sampled_from(['"', "\\", ":", "true", "false", ".", "e", "E", "\\u00e9", "é", "♠", "{", "]"])
TEXT = st.lists(st.one_of(TRICKY, st.text(max_size=3)), max_size=4).map("".join)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([219.0, 1e5, -0.0, 2.5]),
    TEXT,
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=20,
)


def members(pairs: list[tuple[str, str]]) -> str:
    return "{" + ",".join(f"{json.dumps(key)}:{value}" for key, value in pairs) + "}"


@st.composite
def texts(draw: st.DrawFn) -> bytes:
    """A JSON text, sometimes with a key given twice somewhere, sometimes spaced out."""
    value = json.dumps(draw(VALUES), ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        key = draw(TEXT)
        value = members([(key, value), (draw(TEXT), "1"), (key, "2")][: draw(st.integers(2, 3))])
    if draw(st.booleans()):
        value = value.replace(",", " , ").replace(":", " : ")
    return value.encode("utf-8")


def read(reader, data: bytes):
    try:
        return ("value", reader(data))
    except JSONError as error:
        return ("refused", error.code, str(error))


@settings(max_examples=400, deadline=None)
@given(texts())
def test_the_fast_read_is_the_checked_read_for_every_text(data):
    assert read(loads_strict, data) == read(checked_loads, data)


@pytest.mark.parametrize(
    "text",
    [
        b'{"variant":"mso-2000","variant":"omnibus"}',
        b'{"a":{"b":1,"b":2}}',
        b'{"a:":"x","a:":"y"}',
        b'{"q\\"":1,"q\\"":2}',
    ],
)
def test_a_key_given_twice_is_refused_as_the_checked_reader_refuses_it(text):
    with pytest.raises(JSONError, match="duplicate key"):
        loads_strict(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [(b"[219.0]", [219]), (b"[2.19e2]", [219]), (b"[18446744073709551616]", [2**64]), (b"[-2.5]", [-2.5])],
)
def test_numbers_orjson_reads_as_floats_are_read_as_the_checked_reader_reads_them(text, value):
    got = loads_strict(text)
    assert got == value and [type(v) for v in got] == [type(v) for v in value]


def test_a_plain_record_is_read_at_c_speed(monkeypatch):
    """The fast read is used (the checked parser is never asked) for a record with nothing to
    refuse: otherwise the speed bench would measure the checked parser."""
    monkeypatch.setattr(strictjson, "checked_loads", lambda *a, **k: pytest.fail("the checked read ran"))
    text = b'{"variant":"mso-2000","seats":["N","E","S","W"],"play":[{"seat":"N","card":"2C"}],"ok":true}'
    assert loads_strict(text)["play"] == [{"seat": "N", "card": "2C"}]


def test_nesting_past_the_limit_is_refused_though_orjson_reads_it():
    with pytest.raises(JSONError) as refused:
        loads_strict(b"[" * 100 + b"]" * 100)
    assert refused.value.code == "too_deep"
