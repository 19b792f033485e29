"""The ruling log: findings judged under a schedule, explained for a director.

``judge(replay)`` is the step after the replay: it looks up the variant's
schedule, turns every finding into a :class:`Ruling` (rule cited, penalty,
status, explanation in the reader's language), adds the penalty points to the hand's
score and compares the result with what the table wrote down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from hearts_referee.referee.cards import Card
from hearts_referee.referee.findings import Code, Finding, ScoreMismatchFacts
from hearts_referee.referee.registry import Variant
from hearts_referee.referee.replay import Replay
from hearts_referee.referee.scoring import moon_with_penalties
from hearts_referee.referee.translator import ENGLISH, Translator

from .explain import explain, suggest
from .schedules import SCHEDULES, Schedule, Status


@dataclass(frozen=True)
class Penalty:
    """What a ruling imposes: points, and the card that became a penalty card, if any."""

    points: int = 0
    penalty_card: Card | None = None


@dataclass(frozen=True)
class Ruling:
    """One entry of the ruling log, in table order."""

    code: Code
    seat: str
    trick: int
    card: Card | None
    rule: str
    penalty: Penalty | None
    status: Status
    explanation: str
    suggestion: str | None = None


@dataclass(frozen=True, init=False)
class JudgedHand:
    """A replay with its rulings and the validated score (card points + penalties)."""

    replay: Replay
    rulings: tuple[Ruling, ...]
    penalties: Mapping[str, int]
    score: Mapping[str, int]

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        replay: Replay,
        rulings: tuple[Ruling, ...],
        penalties: Mapping[str, int],
        score: Mapping[str, int],
    ) -> None:
        object.__setattr__(self, "replay", replay)
        object.__setattr__(self, "rulings", rulings)
        object.__setattr__(self, "penalties", penalties)
        object.__setattr__(self, "score", score)


def schedule_of(variant: Variant) -> Schedule:
    return SCHEDULES[variant.penalty_schedule]


def last_trick(replay: Replay) -> int:
    """The number of the hand's last trick (1 before any): the trick a moon's score and a score
    mismatch are logged at. A loop, not ``max()`` of a generator (docs/performance.md, "Why
    the code is shaped so")."""
    last = 1
    for trick in replay.tricks:
        last = max(last, trick.number)
    return last


def judge(replay: Replay, t: Translator = ENGLISH) -> JudgedHand:
    """Rule on every finding of ``replay`` under its variant's schedule, the explanations in
    the language of ``t`` (English by default: ``referee.translator``)."""
    record = replay.record
    variant = record.variant
    schedule = schedule_of(variant)
    penalties = dict.fromkeys(record.seats, 0)
    rulings = []
    scoring = replay.score.findings  # the replay's findings end with the scoring's own
    played = replay.findings[: len(replay.findings) - len(scoring)]
    for finding in played:
        ruling = rule_on(finding, variant, schedule, replay, t)
        rulings.append(ruling)
        if ruling.penalty is not None and not replay.void:
            penalties[ruling.seat] += ruling.penalty.points
    last = last_trick(replay)
    rescored = moon_with_penalties(variant, record, replay.score, penalties, last)
    if rescored is not replay.score:  # the penalties changed what the moon may score
        replay = replace(replay, score=rescored, findings=played + rescored.findings)
    for finding in replay.score.findings:
        rulings.append(rule_on(finding, variant, schedule, replay, t))
    score = {seat: replay.score.hand[seat] + penalties[seat] for seat in record.seats}
    for finding in score_mismatches(replay, score):
        rulings.append(rule_on(finding, variant, schedule, replay, t))
    return JudgedHand(replay, tuple(rulings), penalties, score)


def rule_on(
    finding: Finding, variant: Variant, schedule: Schedule, replay: Replay, t: Translator = ENGLISH
) -> Ruling:
    sanction = schedule.sanction(finding.code)
    status = sanction.status_for(finding)
    points = sanction.points_for(finding)
    card = finding.penalty_card
    penalty = Penalty(points, card) if points or card is not None else None
    return Ruling(
        code=finding.code,
        seat=finding.seat,
        trick=finding.trick,
        card=finding.card,
        rule=variant.rule_for(finding.code),
        penalty=penalty,
        status=status,
        explanation=explain(finding, replay, status, penalty, t),
        suggestion=suggest(finding, status, t),
    )


def score_mismatches(replay: Replay, score: Mapping[str, int]) -> list[Finding]:
    """One finding per seat whose written score differs from the validated one."""
    written = replay.record.written
    if written is None:
        return []
    last = last_trick(replay)
    written_total, validated_total = sum(written.values()), sum(score.values())
    return [
        Finding(
            Code.SCORE_MISMATCH,
            seat,
            last,
            facts=ScoreMismatchFacts(
                written=written[seat],
                validated=score[seat],
                written_total=written_total,
                validated_total=validated_total,
            ),
        )
        for seat in replay.record.seats
        if seat in written and written[seat] != score[seat]
    ]
