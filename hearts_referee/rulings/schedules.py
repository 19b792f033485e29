"""Penalty schedules as data, kept apart from detection.

A schedule says, for each finding code, what it costs and whether the
referee may impose that by itself (``applied``), the schedule excuses it
(``waived``) or the director must decide (``referred``). The same finding
costs 26 under MSO and nothing automatic under the common game: only the
schedule differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from hearts_referee.referee.findings import (
    CODES,
    CardFaultFacts,
    Code,
    Facts,
    Finding,
    MisdealFacts,
    RevokeFacts,
)
from hearts_referee.referee.variant import PenaltySchedule


class Status(StrEnum):
    """What the referee did with a finding under a schedule (a ``StrEnum``: each
    member equals its string, as the JSON answer spells it)."""

    APPLIED = "applied"
    """The schedule's penalty is imposed by the referee."""
    WAIVED = "waived"
    """The schedule excuses it: no penalty."""
    REFERRED = "referred"
    """The director decides."""


def all_points_played(facts: Facts) -> bool:
    """A revoke made after every point card had already been played."""
    return isinstance(facts, RevokeFacts) and facts.all_points_played


def deal_voided(facts: Facts) -> bool:
    """A misdeal the variant's own text voids (an irregular deal elsewhere is referred)."""
    return isinstance(facts, MisdealFacts) and facts.void


def corrected(facts: Facts) -> bool:
    """A card played against a rule and taken back before it was established."""
    return isinstance(facts, CardFaultFacts) and facts.corrected


@dataclass(frozen=True)
class Sanction:
    """What one kind of finding costs under a schedule.

    ``waived_if`` is a test of the finding's facts (such as
    :func:`all_points_played`) that, when true, turns the ruling ``waived``;
    ``referred_unless`` is one that must be true for the ruling to be
    ``applied`` (a lead out of turn stands, and is referred, unless it was
    :func:`corrected`). Points are only imposed when ``applied``.
    """

    points: int = 0
    status: Status = Status.REFERRED
    waived_if: Callable[[Facts], bool] | None = None
    referred_unless: Callable[[Facts], bool] | None = None
    note: str = ""

    def status_for(self, finding: Finding) -> Status:
        if self.waived_if is not None and self.waived_if(finding.facts):
            return Status.WAIVED
        if self.referred_unless is not None and not self.referred_unless(finding.facts):
            return Status.REFERRED
        return self.status

    def points_for(self, finding: Finding) -> int:
        return self.points if self.status_for(finding) == Status.APPLIED else 0


@dataclass(frozen=True)
class Schedule:
    """A named penalty schedule: one sanction per finding code."""

    id: PenaltySchedule
    title: str
    sanctions: Mapping[Code, Sanction]

    def __post_init__(self) -> None:
        unknown = set(self.sanctions) - set(CODES)
        if unknown:
            raise ValueError(f"schedule {self.id!r} names unknown codes: {sorted(unknown)}")

    def sanction(self, code: Code | str) -> Sanction:
        """What the schedule does for ``code``; the plain string finds it too (compiled, the
        parameter is checked, so it is widened and read as the member)."""
        return self.sanctions.get(Code(code), _REFER)


_REFER = Sanction(note="The director decides; no automatic penalty.")

REFER_ALL = Schedule(
    id=PenaltySchedule.REFER_ALL,
    title="No penalty schedule: every irregularity is referred to the director",
    sanctions=MappingProxyType(dict.fromkeys(CODES, _REFER)),
)

MSO_2000 = Schedule(
    id=PenaltySchedule.MSO_2000,
    title="MSO Hearts event, August 2000",
    sanctions=MappingProxyType(
        {
            Code.MISDEAL: Sanction(
                status=Status.APPLIED,
                referred_unless=deal_voided,
                note="The deal is void and redealt.",
            ),
            Code.INCORRECT_PASS: Sanction(26, Status.APPLIED, note="26 penalty points to the offender."),
            Code.REVOKE: Sanction(
                26,
                Status.APPLIED,
                waived_if=all_points_played,
                note="26 penalty points, unless all point cards had been played.",
            ),
            Code.RENOUNCE: Sanction(0, Status.APPLIED, note="No points; the card becomes a penalty card."),
            Code.EARLY_HEART: Sanction(5, Status.APPLIED, note="5 penalty points, corrected or not."),
            Code.EXPOSED_CARD: Sanction(0, Status.APPLIED, note="The card becomes a penalty card."),
            Code.LEAD_OUT_OF_TURN: Sanction(
                0,
                Status.APPLIED,
                referred_unless=corrected,
                note="The card becomes a penalty card and the lead reverts; "
                "a lead the table played on stands and is referred.",
            ),
            Code.PENALTY_CARD_NOT_PLAYED: _REFER,
            Code.POINT_CARD_ON_FIRST_TRICK: _REFER,
            Code.WRONG_FIRST_LEAD: _REFER,
            Code.PLAY_OUT_OF_TURN: _REFER,
            Code.CLAIM: _REFER,
            Code.MOON_STOPPED_BY_REVOKE: _REFER,
            Code.MOON_CHOICE_NOT_ALLOWED: _REFER,
            Code.SCORE_MISMATCH: _REFER,
        }
    ),
)

SCHEDULES: Mapping[str, Schedule] = MappingProxyType({s.id: s for s in (REFER_ALL, MSO_2000)})
"""Every penalty schedule by id (a :class:`PenaltySchedule` member, which a plain string finds
too); a variant names the one it uses."""

if set(SCHEDULES) != set(PenaltySchedule):  # pragma: no cover - a schedule added to one, not both
    raise ValueError(f"schedules {sorted(SCHEDULES)} are not the penalty schedules {sorted(PenaltySchedule)}")
