"""The validation result is dumped as ``ValidationResultSchema`` declares it, field for field.

``schemas.result`` has one encoder per field; the declared schema (the shape openapi.yaml is
checked against, tests/test_openapi.py) is made from them and ``dump_result`` writes them in one
pass. For random hands of every variant, legal and damaged into rulings, both give the same
JSON, in the same order.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples
from test_robustness import DAMAGE, SOURCES

from hearts_referee.referee import RecordError
from hearts_referee.schemas.record import load_record
from hearts_referee.schemas.result import ValidationResultSchema, dump_result
from hearts_referee.usecases.hands import audit_record

SCHEMA = ValidationResultSchema()


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(0, 2))
def test_the_result_is_what_the_declared_schema_dumps(seed, variant, blows):
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):
        rng.choice(DAMAGE)(rng, record["play"])
    try:
        audit = audit_record(load_record(record))
    except RecordError:
        return
    assert json.dumps(dump_result(audit)) == json.dumps(SCHEMA.dump(audit))
