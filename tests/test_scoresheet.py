"""The pure game and decision rules behind the archive: scoresheets, signers, rescoring.

Each variant's game-level rules are read from its definition, so these run
over every variant the referee knows, long-john and omnibus-kitty included.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from hearts_referee.referee.findings import Code
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.rulings.decisions import Decision, Standing, decision_problems, rescore
from hearts_referee.rulings.schedules import Status
from hearts_referee.rulings.scoresheet import HandLine, game_rules, next_deal, required_signers, scoresheet

FOUR = ("N", "E", "S", "W")


def line(*points: int, penalties: tuple[int, ...] = (0, 0, 0, 0), void: bool = False) -> HandLine:
    return HandLine(dict(zip(FOUR, points, strict=True)), dict(zip(FOUR, penalties, strict=True)), void)


def test_the_deal_passes_left_and_a_void_deal_is_redealt_by_the_same_dealer():
    assert next_deal(FOUR, "W", []) == (1, "W")
    assert next_deal(FOUR, "W", [line(0, 0, 0, 26)]) == (2, "N")
    assert next_deal(FOUR, "W", [line(0, 0, 0, 26), line(0, 0, 0, 0, void=True)]) == (2, "N")
    assert next_deal(FOUR, "W", [line(0, 0, 0, 26)] * 6) == (7, "E")


def test_mso2000_game_end_reached_only_through_penalties_goes_on():
    mso = VARIANTS["mso-2000"]
    through_penalty = scoresheet(mso, FOUR, [line(90, 0, 0, 0), line(30, 0, 0, 0, penalties=(26, 0, 0, 0))])
    assert not through_penalty.over and through_penalty.totals["N"] == 120
    with_points_too = scoresheet(mso, FOUR, [line(90, 0, 0, 0), line(36, 0, 0, 0, penalties=(26, 0, 0, 0))])
    assert with_points_too.ended_after == 2  # 90 + 10 card points is 100 already
    next_hand = scoresheet(
        mso, FOUR, [line(90, 0, 0, 0), line(30, 0, 0, 0, penalties=(26, 0, 0, 0)), line(0, 13, 13, 0)]
    )
    assert next_hand.ended_after == 3 and next_hand.winners == ("W",)
    assert next_hand.match_points == {"W": 5, "E": Fraction(5, 2), "S": Fraction(5, 2), "N": 1}


def test_hands_after_the_end_do_not_count():
    sheet = scoresheet(VARIANTS["standard"], FOUR, [line(100, 0, 0, 0), line(0, 26, 0, 0)])
    assert sheet.ended_after == 1 and sheet.totals == {"N": 100, "E": 0, "S": 0, "W": 0}
    assert sheet.totals_after[1] == sheet.totals_after[0]


def test_omnibus_kitty_plays_to_50_and_its_totals_may_go_below_zero():
    omnibus = VARIANTS["omnibus-kitty"]
    seats = ("A", "B", "C")
    lines = [HandLine({"A": -10, "B": 13, "C": 13}, {}), HandLine({"A": 0, "B": 40, "C": -10}, {})]
    sheet = scoresheet(omnibus, seats, lines)
    assert sheet.rules.target == 50 and sheet.ended_after == 2
    assert sheet.totals == {"A": -10, "B": 53, "C": 3} and sheet.winners == ("A",)
    assert sheet.match_points is None


def test_long_john_totals_never_go_below_zero_and_tied_lowest_all_advance():
    long_john = VARIANTS["long-john"]
    seats = ("A", "B", "C", "D", "E", "F")
    lines = [
        HandLine(dict(zip(seats, (10, 42, 0, 0, 0, 0), strict=True)), {}),
        HandLine(dict(zip(seats, (-52, 0, 52, 52, 52, 52), strict=True)), {}),
    ]  # a director's adjustment, say
    sheet = scoresheet(long_john, seats, lines)
    assert sheet.totals["A"] == 0 and sheet.rules.floor == 0
    lines.append(HandLine(dict(zip(seats, (0, 60, 0, 0, 0, 0), strict=True)), {}))
    sheet = scoresheet(long_john, seats, lines)
    assert sheet.ended_after == 3 and sheet.winners == ("A",)
    tie = scoresheet(long_john, seats, [HandLine(dict(zip(seats, (0, 0, 52, 100, 0, 0), strict=True)), {})])
    assert tie.winners == ("A", "B", "E", "F") and tie.match_points is None


@pytest.mark.parametrize(
    "variant_id, signers",
    [("standard", set()), ("mso-2000", set(FOUR)), ("long-john", {"S"}), ("omnibus-kitty", set())],
)
def test_who_signs_is_the_variants_rule(variant_id, signers):
    assert game_rules(VARIANTS[variant_id]).signatures == VARIANTS[variant_id].signatures
    assert required_signers(VARIANTS[variant_id].signatures, FOUR, "S") == signers


def test_an_unknown_signature_rule_reads_as_everyone():
    assert required_signers("two-witnesses", FOUR, "N") == set(FOUR)


def test_match_points_only_where_the_variant_has_a_match_points_clause():
    assert {v.id for v in VARIANTS.values() if game_rules(v).match_points} == {"mso-2000"}


# --- decisions ------------------------------------------------------------------

REVOKE = Standing(Code.REVOKE, "E", Status.APPLIED, 26)  # members: the compiled core checks the types
CLAIM = Standing(Code.CLAIM, "N", Status.REFERRED)


def decision(ruling: int, action: str, **kwargs) -> Decision:
    return Decision(ruling, action, "TD", "why", **kwargs)


def test_only_the_latest_decision_on_a_ruling_counts():
    score, penalties = {"N": 0, "E": 30}, {"N": 0, "E": 26}
    waived = [decision(0, "waive")]
    assert rescore(score, penalties, (REVOKE, CLAIM), waived) == ({"N": 0, "E": 4}, {"N": 0, "E": 0})
    assert rescore(score, penalties, (REVOKE, CLAIM), waived * 2) == ({"N": 0, "E": 4}, {"N": 0, "E": 0})
    assert rescore(score, penalties, (REVOKE, CLAIM), [*waived, decision(0, "uphold")]) == (score, penalties)
    refused = decision(1, "claim", claim="refused", score_changes={"N": 5, "E": -5})
    assert rescore(score, penalties, (REVOKE, CLAIM), [*waived, refused])[0] == {"N": 5, "E": -1}


def test_a_claim_decision_needs_a_claim_ruling_and_an_outcome():
    problems = decision_problems(decision(0, "claim"), (REVOKE, CLAIM), FOUR)
    assert [p.code for p in problems] == ["not_a_claim", "required"]
    assert decision_problems(decision(1, "claim", claim="allowed"), (REVOKE, CLAIM), FOUR) == []
    assert [
        p.code for p in decision_problems(decision(1, "uphold", claim="allowed"), (REVOKE, CLAIM), FOUR)
    ] == ["not_allowed"]
