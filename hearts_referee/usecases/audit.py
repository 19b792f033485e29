"""Auditing one record: the step every use case that stores or re-audits a hand shares."""

from __future__ import annotations

from hearts_referee.referee import HandRecord, replay
from hearts_referee.referee.replay import finish, table_after
from hearts_referee.referee.translator import ENGLISH, Translator
from hearts_referee.referee.variant import pass_direction_name
from hearts_referee.rulings import judge
from hearts_referee.rulings.audit import HandAudit, audit_of


def audit_record(record: HandRecord, t: Translator = ENGLISH) -> HandAudit:
    """Replay a record and judge it under its variant's schedule (``RecordError`` if it
    cannot have happened), explained in the language of ``t`` (English: what is stored).
    Stores nothing and needs no key."""
    return audit_of(judge(replay(record), t))


def audit_so_far(record: HandRecord, t: Translator = ENGLISH) -> HandAudit:
    """A hand still being entered, its deal as far as its play shows it
    (``referee.derive.derive_deal(..., so_far=True)``): its play replayed against that deal
    and judged, explained in the language of ``t``. The deal is short of whole hands, so the
    replay's check of the deal against the deck is not asked; every ruling that a card held
    proves is found, the moment the card that proves it is in the play. Stores nothing."""
    seats = len(record.seats)
    table = table_after(record, record.play)
    direction = pass_direction_name(record.variant.pass_offset(record.hand_number, seats), seats)
    return audit_of(judge(finish(table, record, direction), t))
