"""Auditing one record: the step every use case that stores or re-audits a hand shares."""

from __future__ import annotations

from hearts_referee.referee import HandRecord, replay
from hearts_referee.referee.translator import ENGLISH, Translator
from hearts_referee.rulings import judge
from hearts_referee.rulings.audit import HandAudit, audit_of


def audit_record(record: HandRecord, t: Translator = ENGLISH) -> HandAudit:
    """Replay a record and judge it under its variant's schedule (``RecordError`` if it
    cannot have happened), explained in the language of ``t`` (English: what is stored).
    Stores nothing and needs no key."""
    return audit_of(judge(replay(record), t))
