"""What a finding costs under a penalty schedule: its status and its sanction.

Below the rulings, so that a ruling code's entry in the registry
(``referee.rulingkinds``) can say what the code costs where a schedule does not price it
(its default sanction, :data:`REFER`: the director decides). The schedules themselves, and
which sanction each gives a code, are data in ``rulings.schedules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .facts import CardFaultFacts, Facts, MisdealFacts, RevokeFacts

if TYPE_CHECKING:  # pragma: no cover - findings imports the registry, which imports this module
    from .findings import Finding


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


REFER = Sanction(note="The director decides; no automatic penalty.")
"""Refer to the director, no automatic penalty: every ruling code's default sanction."""
