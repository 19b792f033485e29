"""The core's own value types: enums that equal their strings, one facts class per code.

The rest of ``tests/test_core_*.py`` replays typed records and asserts on these
values; this module checks the types themselves and the promises other layers
rely on (members equal the strings of the JSON answers, ``CODES`` and
``ACTIONS`` are tuples of members, a finding carries exactly its code's facts).
"""

from __future__ import annotations

import json
from enum import StrEnum

import pytest
from core_hands import card, judged, on_play, record

from hearts_referee.referee import (
    CODES,
    VARIANTS,
    ChosenBy,
    Code,
    EventAction,
    Finding,
    MoonChooser,
    MoonOption,
)
from hearts_referee.referee.findings import (
    FACTS,
    CardFaultFacts,
    ClaimFacts,
    ExposedCardFacts,
    Facts,
    LeadOutOfTurnFacts,
    MisdealFacts,
    PenaltyCardFacts,
    RevokeFacts,
)
from hearts_referee.rulings import SCHEDULES, Status
from hearts_referee.rulings.decisions import ACTIONS, CLAIM_OUTCOMES, Action, ClaimOutcome
from hearts_referee.rulings.explain import _EXPLAINERS
from hearts_referee.rulings.schedules import all_points_played, corrected


@pytest.mark.parametrize(
    "enum", [Code, Status, Action, ClaimOutcome, EventAction, MoonOption, MoonChooser, ChosenBy]
)
def test_every_enum_member_equals_and_dumps_as_its_string(enum):
    assert issubclass(enum, StrEnum)
    for member in enum:
        assert member == member.value and str(member) == member.value and f"{member}" == member.value
        assert hash(member) == hash(member.value)
        assert json.dumps({member: [member]}) == json.dumps({member.value: [member.value]})
        assert enum(member.value) is member


def test_codes_are_a_tuple_of_every_code_member():
    assert tuple(Code) == CODES
    assert all(type(code) is Code for code in CODES)
    assert "revoke" in CODES and Code("early_heart") in CODES
    assert len(set(CODES)) == len(CODES) == 17


def test_actions_and_claim_outcomes_are_tuples_of_members_that_still_accept_strings():
    assert ACTIONS == (Action.UPHOLD, Action.WAIVE, Action.ADJUST, Action.CLAIM, Action.ACCEPT, Action.KEEP)
    assert ACTIONS == ("uphold", "waive", "adjust", "claim", "accept", "keep")
    assert CLAIM_OUTCOMES == (ClaimOutcome.ALLOWED, ClaimOutcome.REFUSED) == ("allowed", "refused")
    assert "waive" in ACTIONS and "refused" in CLAIM_OUTCOMES and "dismiss" not in ACTIONS


def test_statuses_are_applied_waived_referred():
    assert [status.value for status in Status] == ["applied", "waived", "referred"]


def test_every_code_has_one_facts_class_an_explainer_and_a_sanction_in_every_schedule():
    assert set(FACTS) == set(Code) == set(_EXPLAINERS)
    assert all(issubclass(kind, Facts) for kind in FACTS.values())
    assert FACTS[Code.REVOKE] is FACTS[Code.RENOUNCE] is RevokeFacts  # a renounce is a corrected revoke
    for schedule in SCHEDULES.values():
        assert set(schedule.sanctions) <= set(Code)
        assert all(isinstance(schedule.sanction(code).status, Status) for code in Code)


def test_facts_that_may_make_a_penalty_card_are_the_ones_a_correction_or_exposure_makes():
    with_card = {code for code, kind in FACTS.items() if issubclass(kind, PenaltyCardFacts)}
    assert with_card == {
        Code.LEAD_OUT_OF_TURN,
        Code.WRONG_FIRST_LEAD,
        Code.REVOKE,
        Code.RENOUNCE,
        Code.POINT_CARD_ON_FIRST_TRICK,
        Code.EARLY_HEART,
        Code.EXPOSED_CARD,
        Code.JOKER_PLAYED_EARLY,
    }


def test_a_finding_carries_exactly_the_facts_class_of_its_code():
    revoke = Finding(Code.REVOKE, "E", 1, card("2D"), 1, facts=RevokeFacts(all_points_played=False))
    assert revoke.facts_as(RevokeFacts).all_points_played is False
    assert revoke.facts_as(CardFaultFacts).corrected is False  # read as its base class too
    with pytest.raises(TypeError, match="revoke finding carries RevokeFacts, not CardFaultFacts"):
        Finding(Code.REVOKE, "E", 1, card("2D"), 1, facts=CardFaultFacts())
    with pytest.raises(TypeError, match="misdeal finding carries MisdealFacts, not ClaimFacts"):
        Finding(Code.MISDEAL, "W", 1, facts=ClaimFacts(order=(), holds=None, reason=""))
    with pytest.raises(TypeError, match="carries RevokeFacts, not MisdealFacts"):
        revoke.facts_as(MisdealFacts)


def test_a_finding_given_its_code_as_a_plain_string_holds_the_member():
    reasons = ("N was dealt 12 cards instead of 13",)
    finding = Finding("misdeal", "W", 1, facts=MisdealFacts(reasons=reasons))
    assert finding.code is Code.MISDEAL
    with pytest.raises(ValueError):
        Finding("reneg", "W", 1, facts=MisdealFacts(reasons=()))


def test_facts_are_frozen_values_compared_by_content():
    facts = LeadOutOfTurnFacts(proper_leader="W")
    assert facts == LeadOutOfTurnFacts(proper_leader="W", corrected=False, penalty_card=None)
    assert facts != LeadOutOfTurnFacts(proper_leader="W", corrected=True)
    with pytest.raises(AttributeError):
        facts.corrected = True
    assert hash(ExposedCardFacts(withdrawn=True)) == hash(ExposedCardFacts(withdrawn=True))


def test_penalty_card_reads_the_facts_of_any_kind():
    exposed = Finding(
        Code.EXPOSED_CARD,
        "E",
        1,
        card("KH"),
        1,
        facts=ExposedCardFacts(withdrawn=False, penalty_card=card("KH")),
    )
    assert exposed.penalty_card is card("KH")
    misdeal = Finding(Code.MISDEAL, "W", 1, facts=MisdealFacts(reasons=()))
    assert misdeal.penalty_card is None


def test_schedule_tests_read_typed_facts():
    assert all_points_played(RevokeFacts(all_points_played=True))
    assert not all_points_played(RevokeFacts(all_points_played=False))
    assert not all_points_played(MisdealFacts(reasons=()))  # a kind without the fact: never
    assert corrected(LeadOutOfTurnFacts(proper_leader="W", corrected=True))
    assert not corrected(ExposedCardFacts(withdrawn=True))
    mso = SCHEDULES["mso-2000"]
    assert mso.sanction(Code.REVOKE).waived_if is all_points_played
    assert mso.sanction(Code.LEAD_OUT_OF_TURN).referred_unless is corrected
    assert mso.sanction("revoke") is mso.sanction(Code.REVOKE)  # a plain string finds it too


def test_variant_moon_rules_are_enum_members():
    assert VARIANTS["mso-2000"].moon.options == (MoonOption.ADD, MoonOption.SUBTRACT)
    assert VARIANTS["mso-2000"].moon.chooser is MoonChooser.SUBTRACT_WHEN_OPEN
    assert VARIANTS["long-john"].moon.chooser is MoonChooser.BEST_FOR_SHOOTER
    assert VARIANTS["standard"].moon.options == (MoonOption.ADD,)
    assert VARIANTS["omnibus-kitty"].moon is None
    assert all(type(code) is Code for variant in VARIANTS.values() for code in variant.cites)


def test_a_judged_hand_holds_members_not_strings():
    result = judged(record(play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"))
    (ruling,) = on_play(result)
    assert type(ruling.code) is Code and type(ruling.status) is Status
    assert (ruling.code, ruling.status) == (Code.REVOKE, Status.APPLIED)
    assert type(result.replay.findings[0].facts) is RevokeFacts
