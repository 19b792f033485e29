"""The whole audit of one hand as one Python call: JSON data in, JSON data out.

    >>> from audit import audit_hand
    >>> result = audit_hand(record)          # a dict, as parsed from JSON
    >>> result["score"], result["rulings"]

``audit_hand`` needs no Flask and no database: the HTTP endpoint, the
benchmarks and bulk audits all go through it. A malformed or impossible
record raises :class:`referee.RecordError`, whose ``problems`` list every
problem found as ``(pointer, code, message)``.
"""

from __future__ import annotations

from typing import Any

from referee import HandRecord, RecordError, replay
from rulings import JudgedHand, judge
from schemas.record import load_record
from schemas.result import dump_result

__all__ = ["audit_hand", "audit_record", "RecordError"]


def audit_record(record: HandRecord) -> JudgedHand:
    """Replay a typed record and judge it under its variant's schedule."""
    return judge(replay(record))


def audit_hand(data: Any) -> dict[str, Any]:
    """Validate one hand record (parsed JSON) and return the JSON-ready result."""
    return dump_result(audit_record(load_record(data)))
