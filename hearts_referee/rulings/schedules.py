"""Penalty schedules as data, kept apart from detection.

A schedule says, for each finding code, what it costs and whether the
referee may impose that by itself (``applied``), the schedule excuses it
(``waived``) or the director must decide (``referred``). The same finding
costs 26 under MSO and nothing automatic under the common game: only the
schedule differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from hearts_referee.referee.findings import CODES, Code
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.sanctions import (
    REFER,
    Sanction,
    Status,
    all_points_played,
    corrected,
    deal_voided,
)
from hearts_referee.referee.variant import PenaltySchedule

__all__ = [
    "MSO_2000",
    "REFER_ALL",
    "SCHEDULES",
    "Sanction",
    "Schedule",
    "Status",
    "all_points_played",
    "corrected",
    "deal_voided",
]


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
        """What the schedule does for ``code``, or the code's default sanction (its registry
        entry's) where the schedule does not price it; the plain string finds it too
        (compiled, the parameter is checked, so it is widened and read as the member)."""
        member = Code(code)
        found = self.sanctions.get(member)
        return found if found is not None else RULING_KINDS[member].sanction


REFER_ALL = Schedule(
    id=PenaltySchedule.REFER_ALL,
    title="No penalty schedule: every irregularity is referred to the director",
    sanctions=MappingProxyType({code: RULING_KINDS[code].sanction for code in CODES}),
)
"""Every code at its default sanction (the registry's): each referred to the director."""

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
            Code.PENALTY_CARD_NOT_PLAYED: REFER,
            Code.POINT_CARD_ON_FIRST_TRICK: REFER,
            Code.WRONG_FIRST_LEAD: REFER,
            Code.PLAY_OUT_OF_TURN: REFER,
            Code.CLAIM: REFER,
            Code.MOON_STOPPED_BY_REVOKE: REFER,
            Code.MOON_CHOICE_NOT_ALLOWED: REFER,
            Code.SCORE_MISMATCH: REFER,
        }
    ),
)

SCHEDULES: Mapping[str, Schedule] = MappingProxyType({s.id: s for s in (REFER_ALL, MSO_2000)})
"""Every penalty schedule by id (a :class:`PenaltySchedule` member, which a plain string finds
too); a variant names the one it uses."""

if set(SCHEDULES) != set(PenaltySchedule):  # pragma: no cover - a schedule added to one, not both
    raise ValueError(f"schedules {sorted(SCHEDULES)} are not the penalty schedules {sorted(PenaltySchedule)}")
