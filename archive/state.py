"""A hand's standing, folded from its log: score versions, open rulings, signatures.

Nothing here is stored: the log is the record, and this is what it says.
Version 1 is the referee's score (the audit); every decision makes the next
version, scored by ``rulings.decisions.rescore`` from the audit and every
decision so far (the score a decision entry carries is checked against that
by ``verify``, never trusted). A signature confirms one version; a decision
after it makes a new version that needs signing again, so a final hand that
a director re-opens shows as ``reopened``.

Statuses: ``open`` (a referred ruling has no decision yet),
``awaiting_signatures`` (none open; signatures missing for the current
version), ``final`` (none open, every required signature in).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rulings.audit import HandAudit
from rulings.decisions import Decision, rescore

from .chain import Entry
from .documents import read_audit, read_decision


class HandStatus(StrEnum):
    """Where a stored hand stands."""

    OPEN = "open"
    AWAITING_SIGNATURES = "awaiting_signatures"
    FINAL = "final"


@dataclass(frozen=True)
class Signed:
    """A seat's signature on one version."""

    n: int
    at: str
    actor: str | None
    seat: str
    name: str
    version: int


@dataclass(frozen=True)
class Decided:
    """A decision as logged, with the version it made."""

    n: int
    at: str
    actor: str | None
    decision: Decision
    version: int


@dataclass(frozen=True)
class Version:
    number: int
    at: str
    score: Mapping[str, int]
    penalties: Mapping[str, int]
    decision: int | None
    """Log entry of the decision that made this version; ``None`` for the audit."""
    open: tuple[int, ...]
    signatures: tuple[Signed, ...]
    final: bool


@dataclass(frozen=True)
class HandState:
    audit: HandAudit
    signers: frozenset[str]
    versions: tuple[Version, ...]
    decisions: tuple[Decided, ...]

    @property
    def current(self) -> Version:
        return self.versions[-1]

    @property
    def open(self) -> tuple[int, ...]:
        return self.current.open

    @property
    def missing_signatures(self) -> list[str]:
        signed = {s.seat for s in self.current.signatures}
        return sorted(self.signers - signed)

    @property
    def final(self) -> bool:
        return self.current.final

    @property
    def status(self) -> HandStatus:
        if self.open:
            return HandStatus.OPEN
        return HandStatus.FINAL if self.final else HandStatus.AWAITING_SIGNATURES

    @property
    def reopened(self) -> bool:
        """A director's decision took the hand back from final."""
        return not self.final and any(v.final for v in self.versions[:-1])


def fold(log: list[Entry]) -> HandState:
    """The hand's standing after every entry of its log (the first is the audit)."""
    first = log[0].body
    audit = read_audit(first)
    signers = frozenset(first["signers"])
    ruled = audit.standings()
    waiting = audit.referred
    base_score, base_penalties = audit.score, audit.penalties
    versions: list[Version] = []
    decisions: list[Decided] = []
    # the version being built: made at ``at`` by ``made_by``, signed by ``signatures``
    at, made_by, score, penalties = log[0].at, None, dict(base_score), dict(base_penalties)
    signatures: list[Signed] = []
    for entry in [*log[1:], None]:
        if entry is not None and entry.kind == "signature":
            body = entry.body
            signatures.append(
                Signed(entry.n, entry.at, entry.actor, body["seat"], body["name"], body["version"])
            )
            continue
        if entry is not None and entry.kind != "decision":
            continue
        # a decision (or the end of the log) seals the version being built
        decided = {d.decision.ruling for d in decisions}
        open_ = tuple(i for i in waiting if i not in decided)
        final = not open_ and signers <= {s.seat for s in signatures}
        versions.append(
            Version(len(versions) + 1, at, score, penalties, made_by, open_, tuple(signatures), final)
        )
        if entry is None:
            break
        decisions.append(
            Decided(entry.n, entry.at, entry.actor, read_decision(entry.body), len(versions) + 1)
        )
        score, penalties = rescore(base_score, base_penalties, ruled, [d.decision for d in decisions])
        at, made_by, signatures = entry.at, entry.n, []
    return HandState(audit, signers, tuple(versions), tuple(decisions))
