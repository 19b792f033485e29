"""A ruling's life: referred → decided; applied → upheld, waived or adjusted on appeal.

The pure core (``rulings.life``): the status each ruling stands in, the one
check that a decision changes something, and the decisions a form offers,
which is the same check turned round.
"""

from __future__ import annotations

from hearts_referee.referee.findings import Code
from hearts_referee.rulings.decisions import Action, ClaimOutcome, Decision, Standing
from hearts_referee.rulings.life import RulingStatus, lives, offered, unchanged
from hearts_referee.rulings.schedules import Status

REVOKE = Standing(Code.REVOKE, "N", Status.APPLIED, 26)
MISMATCH = Standing(Code.SCORE_MISMATCH, "N", Status.REFERRED)
CLAIM = Standing(Code.CLAIM, "E", Status.REFERRED)
EXCUSED = Standing(Code.REVOKE, "S", Status.WAIVED)


def decision(ruling: int, action: Action, **extra) -> Decision:
    return Decision(ruling, action, "TD", "why", **extra)


def life_of(standing: Standing, *taken: Decision):
    return lives((standing,), taken)[0]


def test_before_any_decision_a_ruling_stands_as_the_audit_left_it():
    assert [life.status for life in lives((REVOKE, MISMATCH, EXCUSED), ())] == [
        RulingStatus.APPLIED,
        RulingStatus.REFERRED,
        RulingStatus.EXCUSED,
    ]


def test_a_referred_ruling_once_decided_reads_decided_whatever_the_action():
    assert life_of(MISMATCH, decision(0, Action.UPHOLD)).status == RulingStatus.DECIDED
    assert (
        life_of(MISMATCH, decision(0, Action.ADJUST, score_changes={"N": 5})).status == RulingStatus.DECIDED
    )


def test_an_applied_ruling_on_appeal_reads_upheld_waived_or_adjusted_by_the_latest_decision():
    assert life_of(REVOKE, decision(0, Action.UPHOLD)).status == RulingStatus.UPHELD
    assert life_of(REVOKE, decision(0, Action.WAIVE)).status == RulingStatus.WAIVED
    adjusted = life_of(
        REVOKE, decision(0, Action.WAIVE), decision(0, Action.ADJUST, score_changes={"N": -10})
    )
    assert adjusted.status == RulingStatus.ADJUSTED


def test_waive_is_refused_and_not_offered_where_there_are_no_penalty_points():
    life = life_of(CLAIM)
    refused = unchanged(decision(0, Action.WAIVE), life)
    assert refused is not None and (refused.pointer, refused.code) == ("/action", "no_penalty")
    assert offered(life) == (Action.UPHOLD, Action.ADJUST, Action.CLAIM)


def test_an_applied_penalty_can_be_appealed_upheld_waived_or_adjusted():
    assert offered(life_of(REVOKE)) == (Action.UPHOLD, Action.WAIVE, Action.ADJUST)


def test_the_decision_standing_already_is_refused_and_no_longer_offered():
    waived = life_of(REVOKE, decision(0, Action.WAIVE))
    refused = unchanged(decision(0, Action.WAIVE), waived)
    assert refused is not None and refused.code == "same_decision"
    assert offered(waived) == (Action.UPHOLD, Action.ADJUST)  # reconsidering: the penalty back


def test_the_same_decision_with_another_reason_is_still_the_same_decision():
    upheld = life_of(MISMATCH, decision(0, Action.UPHOLD))
    assert unchanged(Decision(0, Action.UPHOLD, "Another TD", "other words"), upheld) is not None


def test_an_adjustment_of_no_points_changes_nothing_and_another_amount_does():
    adjusted = life_of(MISMATCH, decision(0, Action.ADJUST, score_changes={"N": 5}))
    zero = unchanged(decision(0, Action.ADJUST, score_changes={"N": 0}), life_of(MISMATCH))
    assert zero is not None and (zero.pointer, zero.code) == ("/score_changes", "no_change")
    assert unchanged(decision(0, Action.ADJUST, score_changes={"N": 5}), adjusted) is not None
    assert unchanged(decision(0, Action.ADJUST, score_changes={"N": 6}), adjusted) is None


def test_a_claim_is_offered_on_a_claim_only_and_the_other_outcome_changes_it():
    assert Action.CLAIM in offered(life_of(CLAIM)) and Action.CLAIM not in offered(life_of(MISMATCH))
    allowed = life_of(CLAIM, decision(0, Action.CLAIM, claim=ClaimOutcome.ALLOWED))
    assert unchanged(decision(0, Action.CLAIM, claim=ClaimOutcome.ALLOWED), allowed) is not None
    assert unchanged(decision(0, Action.CLAIM, claim=ClaimOutcome.REFUSED), allowed) is None


def test_a_ruling_the_schedule_excused_can_be_upheld_or_adjusted_on_appeal_not_waived():
    assert offered(life_of(EXCUSED)) == (Action.UPHOLD, Action.ADJUST)
