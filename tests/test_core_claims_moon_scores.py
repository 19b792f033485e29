"""Claims, the moon and its choice, score mismatches and directors' decisions, on typed values.

Records are built in Python (``core_hands``); the assertions read ``Replay.score``
(``MoonOutcome`` with ``MoonOption``/``ChosenBy``), the typed findings and facts,
and the judged rulings, then fold ``rulings.decisions`` over them.
"""

from __future__ import annotations

from core_hands import card, hand_of, in_play, judged, on_play, record
from hands import ROUND_ROBIN, SUIT_BLOCKS, block_tricks, claim, tricks
from test_rules_mso2000 import REVOKE_AGAINST_MOON, _revoke_against_moon_play

from hearts_referee.referee import ChosenBy, Code, Finding, MoonOption, MoonOutcome, replay
from hearts_referee.referee.findings import (
    ClaimFacts,
    MoonChoiceFacts,
    MoonStoppedFacts,
    RevokeFacts,
    ScoreMismatchFacts,
)
from hearts_referee.rulings import Penalty, Status
from hearts_referee.rulings.decisions import (
    Action,
    ClaimOutcome,
    Decision,
    Standing,
    decision_problems,
    rescore,
)
from hearts_referee.rulings.log import score_mismatches

MOON_TO_W = {"N": 26, "E": 26, "S": 26, "W": 0}
CLUBS_FROM_3 = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"


def standings(result) -> tuple[Standing, ...]:
    """What a decision can change about each ruling, as the archive keeps it."""
    return tuple(
        Standing(
            r.code, r.seat, r.status, r.penalty.points if r.penalty and r.status == Status.APPLIED else 0
        )
        for r in result.rulings
    )


# --- claims ---------------------------------------------------------------------------


def test_core_claims_order_that_wins_every_trick_completes_the_hand_for_the_claimant():
    result = judged(record(held=SUIT_BLOCKS, play=[*block_tricks(count=1).split(), claim("W", CLUBS_FROM_3)]))
    played = result.replay
    facts = ClaimFacts(
        order=hand_of(CLUBS_FROM_3),
        holds=True,
        reason="the announced order wins every remaining trick against any defence",
    )
    assert in_play(played) == (Finding(Code.CLAIM, "W", 2, None, 4, facts=facts),)
    assert played.complete is True and len(played.tricks) == 1  # the rest is claimed, not played
    assert played.score.points == {"N": 0, "E": 0, "S": 0, "W": 26}
    assert played.score.moon == MoonOutcome("W", MoonOption.ADD, ChosenBy.REFEREE)
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.suggestion) == (Status.REFERRED, "award the remaining tricks to W")


def test_core_claims_order_a_defender_can_beat_leaves_the_hand_incomplete():
    order = "KC 9C 4D 8D QD 3H 7H JH 2S 6S TS AS"
    result = judged(record(play=["N:2C", "E:3C", "S:4C", "W:5C", claim("W", order)]))
    (finding,) = result.replay.findings
    assert finding.facts == ClaimFacts(
        order=hand_of(order),
        holds=False,
        reason="the claim fails against this defence: trick 2: W K♣ N A♣ E J♣ S Q♣, N takes it",
    )
    assert result.replay.complete is False and result.replay.score.moon is None
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.suggestion) == (
        Status.REFERRED,
        "refuse the claim: the refuting line shows a defence that beats it",
    )


def test_core_claims_a_claim_that_leaves_out_a_card_does_not_hold():
    order = CLUBS_FROM_3.replace(" AC", "")
    played = replay(record(held=SUIT_BLOCKS, play=[*block_tricks(count=1).split(), claim("W", order)]))
    (finding,) = played.findings
    assert finding.facts_as(ClaimFacts).holds is False
    assert finding.facts_as(ClaimFacts).reason == "the announced order leaves out A♣"
    assert played.complete is False


# --- moon and moon choice -----------------------------------------------------------------


def test_core_moon_adds_the_moon_to_every_other_seat():
    played = replay(record(held=SUIT_BLOCKS, play=block_tricks()))
    assert played.complete is True and in_play(played) == ()
    assert played.score.points == {"N": 0, "E": 0, "S": 0, "W": 26}
    assert played.score.hand == MOON_TO_W
    assert played.score.moon == MoonOutcome("W", MoonOption.ADD, ChosenBy.REFEREE)


def test_core_moon_at_74_the_referee_subtracts_for_the_shooter():
    before = {"N": 80, "E": 10, "S": 20, "W": 60}
    played = replay(record(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before))
    assert played.score.moon == MoonOutcome("W", MoonOption.SUBTRACT, ChosenBy.REFEREE)
    assert played.score.hand == {"N": 0, "E": 0, "S": 0, "W": -26}


def _looked_early(seat: str) -> dict[str, object]:
    """Hand 1's passes (left) for SUIT_BLOCKS, ``seat`` having looked at its cards early:
    26 penalty points to ``seat`` under MSO, and the play unchanged."""
    seats = ("N", "E", "S", "W")
    passes: dict[str, object] = {}
    for i, giver in enumerate(seats):
        cards = SUIT_BLOCKS[seats[(i + 1) % 4]].split()[:3]
        passes[giver] = {"cards": cards, "looked_early": True} if giver == seat else cards
    return passes


def test_core_moon_at_74_the_shooters_own_penalty_can_open_subtract():
    """RULES, mso-2000 moon: "lowest total" counts this hand's penalty points. Adding
    would leave W (15) lowest as N reaches 106, but W's 26 for looking early puts W on
    41, above E's 36: the moon cannot win W the game, so subtracting is open."""
    before = {"N": 80, "E": 10, "S": 20, "W": 15}
    result = judged(
        record(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before, passes=_looked_early("W"))
    )
    assert result.penalties == {"N": 0, "E": 0, "S": 0, "W": 26}
    assert result.replay.score.moon == MoonOutcome("W", MoonOption.SUBTRACT, ChosenBy.REFEREE)
    assert result.score == {"N": 0, "E": 0, "S": 0, "W": 0}  # -26 for the moon, +26 penalty


def test_core_moon_at_74_another_players_penalty_can_close_subtract():
    """RULES, mso-2000 moon: adding would leave E (36) below W (40), so subtract is open
    without penalties; E's own 26 for looking early makes W lowest as N reaches 106, and
    a moon that wins the game for the shooter is added."""
    before = {"N": 80, "E": 10, "S": 20, "W": 40}
    result = judged(
        record(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before, passes=_looked_early("E"))
    )
    assert result.replay.score.moon == MoonOutcome("W", MoonOption.ADD, ChosenBy.REFEREE)
    assert result.score == {"N": 26, "E": 52, "S": 26, "W": 0}


def test_core_moon_choice_recorded_is_respected_and_said_to_be_the_records():
    before = {"N": 80, "E": 10, "S": 20, "W": 60}
    played = replay(record(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before, moon_choice="add"))
    moon = played.score.moon
    assert moon == MoonOutcome("W", MoonOption.ADD, ChosenBy.RECORD)
    assert type(moon.option) is MoonOption and type(moon.chosen_by) is ChosenBy
    assert played.score.hand == MOON_TO_W


def test_core_moon_choice_not_allowed_is_referred_and_the_moon_added():
    result = judged(record(held=SUIT_BLOCKS, play=block_tricks(), moon_choice="subtract"))
    facts = MoonChoiceFacts(choice=MoonOption.SUBTRACT, scores_before={})
    assert in_play(result.replay) == (Finding(Code.MOON_CHOICE_NOT_ALLOWED, "W", 13, facts=facts),)
    assert result.replay.score.moon == MoonOutcome("W", MoonOption.ADD, ChosenBy.REFEREE)
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.rule) == (Status.REFERRED, "mso-2000/moon")
    assert result.score == MOON_TO_W


def test_core_moon_stopped_by_a_revoke_is_searched_and_not_proven_when_following_stops_it():
    """RULES, a revoke cannot stop a moon: made to follow suit at trick 1, E plays A♣ and
    takes N's 2♥: the moon is suggested only when the search proves it, so not here."""
    result = judged(record(held=REVOKE_AGAINST_MOON, play=_revoke_against_moon_play()))
    played = result.replay
    assert played.complete is True and played.score.moon is None
    searched = (
        "Searched from the revoke with E following suit: E can stop the moon "
        "(trick 1: W 2♣ N 2♥ E A♣ S 2♦, E takes it)."
    )
    assert in_play(played) == (
        Finding(Code.REVOKE, "E", 1, card("2S"), 2, facts=RevokeFacts(all_points_played=False)),
        Finding(
            Code.MOON_STOPPED_BY_REVOKE,
            "W",
            1,
            facts=MoonStoppedFacts(
                revoker="E", revoke_trick=1, suggestion="moon not proven", searched=searched
            ),
        ),
    )
    assert [(r.status, r.penalty, r.suggestion) for r in on_play(result)] == [
        (Status.APPLIED, Penalty(26), None),
        (Status.REFERRED, None, "moon not proven"),
    ]
    assert played.score.points == {"N": 0, "E": 1, "S": 0, "W": 25}
    assert result.score == {"N": 0, "E": 27, "S": 0, "W": 25}


# --- score mismatch ------------------------------------------------------------------------


def test_core_score_mismatch_one_finding_per_seat_written_wrong_with_both_totals():
    play = tricks("N:2C E:3C S:4C W:5C", "W:AS N:3S E:QS S:5S")
    result = judged(record(play=play, claimed={"N": 0, "E": 0, "S": 0, "W": 0}))
    assert in_play(result.replay) == ()  # a mismatch is the log's finding, after penalties
    assert score_mismatches(result.replay, result.score) == [
        Finding(
            Code.SCORE_MISMATCH,
            "W",
            2,
            facts=ScoreMismatchFacts(written=0, validated=13, written_total=0, validated_total=13),
        )
    ]
    (ruling,) = on_play(result)
    assert (ruling.code, ruling.seat, ruling.trick, ruling.status) == (
        Code.SCORE_MISMATCH,
        "W",
        2,
        Status.REFERRED,
    )
    assert ruling.suggestion == "correct the scoresheet to 13"


def test_core_score_mismatch_compares_with_penalties_included():
    play = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"  # E revokes: 26 penalty points
    result = judged(record(play=play, claimed={"N": 0, "E": 0, "S": 0, "W": 0}))
    mismatches = score_mismatches(result.replay, result.score)
    assert [(f.seat, f.facts_as(ScoreMismatchFacts).validated) for f in mismatches] == [("E", 26)]
    assert result.score == {"N": 0, "E": 26, "S": 0, "W": 0}


# --- decisions on the rulings --------------------------------------------------------------


def test_core_decisions_waive_takes_the_applied_penalty_off_and_uphold_leaves_it():
    result = judged(record(play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"))
    standing = standings(result)
    in_progress = Standing(Code.PLAY_INCOMPLETE, "N", Status.REFERRED, 0)  # N leads trick 3
    assert standing == (Standing(Code.REVOKE, "E", Status.APPLIED, 26), in_progress)
    waive = Decision(0, Action.WAIVE, "TD", "the revoke was a misreading of the rules")
    assert decision_problems(waive, standing, ROUND_ROBIN) == []
    assert rescore(result.score, result.penalties, standing, [waive]) == (dict.fromkeys("NESW", 0),) * 2
    uphold = Decision(0, Action.UPHOLD, "TD", "it stands")
    assert rescore(result.score, result.penalties, standing, [waive, uphold]) == (
        result.score,
        result.penalties,
    )


def test_core_decisions_a_claim_decision_is_only_for_a_claim_ruling_and_plain_strings_still_work():
    result = judged(record(held=SUIT_BLOCKS, play=[*block_tricks(count=1).split(), claim("W", CLUBS_FROM_3)]))
    standing = standings(result)
    assert standing == (Standing(Code.CLAIM, "W", Status.REFERRED, 0),)
    allowed = Decision(0, Action.CLAIM, "TD", "clear claim", claim=ClaimOutcome.ALLOWED)
    assert decision_problems(allowed, standing, ROUND_ROBIN) == []
    as_strings = Decision(0, "claim", "TD", "clear claim", claim="allowed")  # a StrEnum equals its string
    assert decision_problems(as_strings, standing, ROUND_ROBIN) == []
    revoke = standings(judged(record(play="N:2C E:2D S:4C W:5C W:KC")))
    assert [p.code for p in decision_problems(allowed, revoke, ROUND_ROBIN)] == ["not_a_claim"]
    adjust = Decision(0, Action.ADJUST, "TD", "N takes the last trick", {"N": 1, "W": -1})
    assert rescore(result.score, result.penalties, standing, [adjust])[0] == {
        "N": 27,
        "E": 26,
        "S": 26,
        "W": -1,
    }
