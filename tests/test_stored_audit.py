"""A stored audit reads back as the audit that was stored, whichever format it was kept in.

The audit's tricks are the result's one ``Trick`` (``referee.replay``): the stored document
keeps each trick's ``to_middle`` as every release wrote it, and reading it back gives the
same trick again, one sent to the middle and one collecting the pile included.
"""

from __future__ import annotations

import pytest
from core_hands import judged, table
from test_rules_long_john import BLOCKS8

from hearts_referee.rulings.audit import audit_of
from hearts_referee.schemas.result import dump_result
from hearts_referee.stored.log_entries import UnreadableDocument, audit_document, read_audit

PILE = "A:5C B:5C C:2D D:2D E:2H F:2H G:2S H:2S  A:6C B:7C C:3D D:3D E:3H F:3H G:3S H:3S"
"""Long John, eight seats: the two 5♣ cancel, trick 1 goes to the middle and B takes it with trick 2."""


def piled_audit():
    record = table("long-john", BLOCKS8, play=PILE, hand_number=8, dealer="H")
    return audit_of(judged(record))


def test_a_stored_audit_with_a_trick_to_the_middle_reads_back_as_the_same_audit():
    audit = piled_audit()
    first, second = audit.tricks
    assert (first.to_middle, first.taken_by, second.collects) == (True, "B", (1,))
    assert read_audit({"audit": audit_document(audit)}) == audit


def test_a_format_1_audit_the_public_result_of_its_release_reads_back_as_the_same_audit():
    audit = piled_audit()
    assert read_audit({"result": dump_result(audit)}) == audit


def test_a_stored_trick_whose_to_middle_its_winner_and_cancelled_cards_contradict_is_refused():
    document = audit_document(piled_audit())
    document["tricks"][0]["to_middle"] = False  # trick 1 has no winner and its 5♣ cancelled
    with pytest.raises(UnreadableDocument, match="trick 1 says to_middle False"):
        read_audit({"audit": document})
