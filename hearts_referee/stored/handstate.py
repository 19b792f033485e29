"""A hand's standing, folded from its log: score versions, open rulings, signatures.

Nothing here is stored: the log is the record, and this is what it says.
Version 1 is the referee's score (the audit); every decision makes the next
version, scored by ``rulings.decisions.rescore`` from the audit and every
decision so far (the score a decision entry carries is checked against that
by ``verify``, never trusted). A hand of a game is re-audited when a
decision on an earlier hand changes the totals before it (a ``consequence``
entry: the new ``scores_before`` and the audit they give); that audit is
the new base the decisions are scored on, and it makes the next version
too. A signature confirms one version; a decision or a re-audit after it
makes a new version that needs signing again (the old signature is
*stale*), so a final hand that a director re-opens shows as ``reopened``.

Statuses: ``open`` (a referred ruling has no decision yet),
``awaiting_signatures`` (none open; signatures missing for the current
version), ``final`` (none open, every required signature in).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.decisions import Decision, answers, rescore
from hearts_referee.rulings.life import RulingLife, lives
from hearts_referee.rulings.log import Ruling

from .log import Entry, HandEntryKind
from .log_entries import read_audit, read_decision


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
class Consequence:
    """A later hand of a game re-audited because a decision on an earlier hand changed the
    totals before it (``cause`` names that decision); it makes the next version."""

    n: int
    at: str
    actor: str | None
    cause: Mapping[str, Any]
    reason: str
    scores_before: Mapping[str, int]
    counts: bool
    version: int


@dataclass(frozen=True)
class Amended:
    """A new record of the hand, logged by a director (an irregularity recorded on a
    score-only hand, or the full record replacing it): the referee audited it, and it
    made the next version. Decisions before it answered the old record's rulings."""

    n: int
    at: str
    actor: str | None
    director: str
    reason: str
    record: Mapping[str, Any]
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
    consequence: int | None = None
    """Log entry of the re-audit that made this version, if one did (after a decision on an
    earlier hand of the game, or of a new record of this hand)."""


@dataclass(frozen=True)
class HandState:
    audit: HandAudit
    """The referee's own reading, as first stored; it never changes."""
    signers: frozenset[str]
    versions: tuple[Version, ...]
    decisions: tuple[Decided, ...]
    consequences: tuple[Consequence, ...] = ()
    base: HandAudit | None = None
    """The audit decisions are scored on now: the first one, or the latest re-audit's."""
    amendments: tuple[Amended, ...] = ()
    """Every new record of the hand, oldest first."""

    @property
    def record(self) -> Mapping[str, Any] | None:
        """The hand's record now, when a director logged a new one (else the stored one)."""
        return self.amendments[-1].record if self.amendments else None

    @property
    def scores_before(self) -> Mapping[str, int] | None:
        """The totals before the hand that its audit stands on now, when a re-audit or a
        new record set them (the latest of the two); ``None``: the stored record's."""
        amended = self.amendments[-1] if self.amendments else None
        followed = self.consequences[-1] if self.consequences else None
        if amended is not None and (followed is None or amended.n > followed.n):
            before: Mapping[str, int] | None = amended.record.get("scores_before")
            return before
        return followed.scores_before if followed is not None else None

    @property
    def standing_audit(self) -> HandAudit:
        return self.base or self.audit

    @property
    def current(self) -> Version:
        return self.versions[-1]

    @property
    def open(self) -> tuple[int, ...]:
        """The referred rulings no decision has answered, as indexes into the rulings of
        ``standing_audit`` (a re-audit can refer a ruling the first audit did not)."""
        return self.current.open

    @property
    def open_rulings(self) -> tuple[tuple[int, Ruling], ...]:
        """Each open ruling with its index, read from the audit that referred it."""
        rulings = self.standing_audit.rulings
        return tuple((i, rulings[i]) for i in self.open)

    @property
    def missing_signatures(self) -> list[str]:
        """Required signers who have not signed the current version, in seat order."""
        signed = {s.seat for s in self.current.signatures}
        return [seat for seat in self.standing_audit.seats if seat in self.signers - signed]

    @property
    def signatures(self) -> tuple[Signed, ...]:
        """Every signature ever given, oldest first (each names the version it signed)."""
        return tuple(s for v in self.versions for s in v.signatures)

    def stale(self, signed: Signed) -> bool:
        """A signature on a version a later decision or re-audit replaced."""
        return signed.version != self.current.number

    @property
    def lives(self) -> tuple[RulingLife, ...]:
        """Each ruling's life (``rulings.life``): its status and the decisions on it."""
        return lives(self.standing_audit.standings(), [d.decision for d in self.decisions])

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


Words = tuple[tuple[str, str | None], ...]
"""Each ruling of one audit, in order: its explanation and its suggestion, in one language."""


def _in_words(audit: HandAudit, words: Words | None) -> HandAudit:
    """A stored audit with its rulings' explanations and suggestions in other words (``None``:
    as stored). Only the words change: codes, statuses, penalties and scores are the audit's."""
    if words is None:
        return audit
    rulings = tuple(
        replace(ruling, explanation=explanation, suggestion=suggestion)
        for ruling, (explanation, suggestion) in zip(audit.rulings, words, strict=True)
    )
    return replace(audit, rulings=rulings)


_NEW_VERSION = (HandEntryKind.DECISION, HandEntryKind.CONSEQUENCE, HandEntryKind.RECORD)
"""The entries that seal the version being built and make the next one."""


def fold(log: list[Entry], words: Mapping[int, Words] | None = None) -> HandState:
    """The hand's standing after every entry of its log (the first is the audit); ``words``:
    by entry number, an audit's rulings told in another language (``StoredHand.words``)."""
    told = words or {}
    first = log[0].body
    audit = _in_words(read_audit(first), told.get(log[0].n))
    signers = frozenset(first["signers"])
    base = audit
    versions: list[Version] = []
    decisions: list[Decided] = []
    consequences: list[Consequence] = []
    amendments: list[Amended] = []
    # the version being built: made at ``at`` by ``made_by``, signed by ``signatures``
    at, made_by, by_consequence = log[0].at, None, None
    score, penalties = dict(audit.score), dict(audit.penalties)
    signatures: list[Signed] = []
    for entry in [*log[1:], None]:
        if entry is not None and entry.kind == HandEntryKind.SIGNATURE:
            body = entry.body
            signatures.append(
                Signed(entry.n, entry.at, entry.actor, body["seat"], body["name"], body["version"])
            )
            continue
        if entry is not None and entry.kind not in _NEW_VERSION:
            continue
        # a decision or a re-audit (or the end of the log) seals the version being built
        ruled = base.standings()
        decided = {i for d in decisions for i in answers(d.decision, ruled)}
        open_ = tuple(i for i in base.referred if i not in decided)
        final = not open_ and signers <= {s.seat for s in signatures}
        versions.append(
            Version(
                len(versions) + 1,
                at,
                score,
                penalties,
                made_by,
                open_,
                tuple(signatures),
                final,
                by_consequence,
            )
        )
        if entry is None:
            break
        body = entry.body
        made_by, by_consequence = None, None
        if entry.kind == HandEntryKind.DECISION:
            decisions.append(Decided(entry.n, entry.at, entry.actor, read_decision(body), len(versions) + 1))
            made_by = entry.n
        elif entry.kind == HandEntryKind.RECORD:
            base = _in_words(read_audit(body), told.get(entry.n))
            decisions = []  # a new record is ruled on afresh
            amendments.append(
                Amended(
                    entry.n,
                    entry.at,
                    entry.actor,
                    body["director"],
                    body["reason"],
                    body["record"],
                    len(versions) + 1,
                )
            )
            by_consequence = entry.n
        else:
            base = _in_words(read_audit(body), told.get(entry.n))
            consequences.append(
                Consequence(
                    entry.n,
                    entry.at,
                    entry.actor,
                    body["cause"],
                    body["reason"],
                    body["scores_before"],
                    body["counts"],
                    len(versions) + 1,
                )
            )
            by_consequence = entry.n
        score, penalties = rescore(
            base.score, base.penalties, base.standings(), [d.decision for d in decisions]
        )
        at, signatures = entry.at, []
    return HandState(
        audit, signers, tuple(versions), tuple(decisions), tuple(consequences), base, tuple(amendments)
    )
