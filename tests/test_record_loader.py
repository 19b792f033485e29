"""The record loader's plain-shape reader says exactly what the schema says, or nothing.

``schemas.record.read_plain`` reads a plainly well-formed record without marshmallow's
per-field machinery; anything else goes to the schema (``HandRecordSchema``), the one
source of every problem. So: a random legal hand of every variant is read plainly, into
the very record the schema builds; and a record damaged anywhere is either read into the
schema's record or left to the schema, never accepted where the schema refuses it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError
from support import examples
from test_robustness import DAMAGE, RECORD_DAMAGE, SOURCES

from hearts_referee.schemas.record import HandRecordSchema, read_plain

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
FIELDS = [*HandRecordSchema._declared_fields, "extra"]


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
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):  # the play first: its damage expects events
        rng.choice(DAMAGE)(rng, record["play"])
    if rng.random() < 0.5:
        rng.choice(RECORD_DAMAGE)(rng, record)
    if rng.random() < 0.7:
        _spoil(rng, record)
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
